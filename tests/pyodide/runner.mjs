// Runs Python work inside Pyodide under Node: the engine's tests (pytest) and a
// batch of cases through reintegro.navegador.calcular, in one boot.
//
//     node tests/pyodide/runner.mjs JOB.json
//
// JOB.json (written by tests/pyodide/test_pyodide.py):
//   pyodide   folder of the npm runtime (node_modules/pyodide)
//   biblioteca (optional) a python_stdlib.zip to use instead of the runtime's
//             (the site's, without the modules it leaves out)
//   ruedas    wheel files to unpack into site-packages, in order
//   copias    [{desde: host file or folder, hacia: path in Pyodide's FS}]
//             (a leading "{site-packages}" in `hacia` is Python's purelib folder)
//   tareas    run in order:
//             {tipo: "lote", casos: host JSON-lines file (one case text a line),
//              salida: host file, completo: bool, nombre: key in the timings,
//              puede_caer: bool}
//                 puede_caer: a probe that may kill the interpreter (a fatal
//                 error); it writes the error to `salida`.caida, and the run
//                 stops there with pytest's code
//                 one line per case in `salida`: the sha256 of the envelope text
//                 that navegador.calcular returns, or (completo) the text itself
//             {tipo: "pytest", cwd: path in Pyodide, args: [...], resumen: host file}
//                 pytest.main(args) inside; `resumen` gets the outcome counts
//             {tipo: "python", codigo: Python source, salida: host file}
//                 runs `codigo`; `salida` gets the value of its last expression
//                 (a string)
//   tiempos   host file that receives the timings (JSON)
//   env       environment variables for Python
//   instantanea (optional) run the tasks on a runtime restored from a memory
//             snapshot, as a returning visitor's browser does: boot with the
//             wheels' dynamic libraries preloaded, install, import
//             reintegro.navegador, take the snapshot, then boot a second
//             runtime from it (calculator/web/instantanea.js, the module the
//             engine worker uses) and install the files again; the timings
//             say so under "instantanea"
//
// Exit status: the return code of pytest (0 when there is no pytest task);
// 3 when anything else fails (the message says what).
//
// Pitfalls handled here (see /work/shared/PLATFORM.md): the npm package ships
// no wheels, so the lock given to loadPyodide is inline and empty (a package
// named in a lock but absent makes Pyodide try a CDN); wheels are unpacked
// with unpackArchive, which needs a Uint8Array, not a Node Buffer.

import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const INSTANTANEA = new URL("../../calculator/web/instantanea.js", import.meta.url);

function fallo(mensaje) {
  process.stderr.write(`runner.mjs: ERROR: ${mensaje}\n`);
  process.exit(3);
}

function segundos(desde) {
  return Math.round((performance.now() - desde) / 10) / 100;
}

function copiar(FS, desde, hacia) {
  const info = fs.statSync(desde);
  if (info.isDirectory()) {
    FS.mkdirTree(hacia);
    for (const nombre of fs.readdirSync(desde).sort()) {
      if (nombre === "__pycache__" || nombre.startsWith(".") || nombre.endsWith(".pyc")) continue;
      copiar(FS, path.join(desde, nombre), `${hacia}/${nombre}`);
    }
  } else {
    FS.mkdirTree(path.posix.dirname(hacia));
    FS.writeFile(hacia, new Uint8Array(fs.readFileSync(desde)));
  }
}

// Unpacks the wheels into site-packages and copies the test files.
function instalar(pyodide, ruedas, copias) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const [ruta, bytes] of ruedas) {
    try {
      pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
    } catch (e) {
      fallo(`no se pudo desempaquetar ${ruta}: ${e}`);
    }
  }
  for (const { desde, hacia } of copias || []) {
    if (!fs.existsSync(desde)) fallo(`no existe ${desde}`);
    copiar(pyodide.FS, desde, hacia.replace(/^\{site-packages\}/, sitePackages));
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
}

const LOTE = `
import hashlib, json, time

def _lote(entrada, salida, completo):
    from reintegro import navegador
    with open(entrada, encoding="utf-8") as f:
        casos = f.read().split("\\n")
    if casos and casos[-1] == "":
        casos.pop()
    inicio = time.perf_counter()
    lineas = []
    for texto in casos:
        resultado = navegador.calcular(texto)
        lineas.append(resultado if completo else hashlib.sha256(resultado.encode("utf-8")).hexdigest())
    segundos = time.perf_counter() - inicio
    with open(salida, "w", encoding="utf-8") as f:
        f.write("\\n".join(lineas) + "\\n")
    return json.dumps({"casos": len(casos), "segundos": segundos})
`;

const PYTEST = `
import json, os, time

class _Resumen:
    """Outcome counts as pytest's own summary line shows them."""
    def __init__(self):
        self.cuentas = {}
        self.archivos = {}
    def pytest_terminal_summary(self, terminalreporter):
        self.cuentas = {k: len(v) for k, v in terminalreporter.stats.items() if k}
        self.archivos = {}
        for informe in terminalreporter.stats.get("passed", []):
            archivo = informe.nodeid.split("::")[0]
            self.archivos[archivo] = self.archivos.get(archivo, 0) + 1

def _pytest(cwd, args, resumen):
    import pytest
    os.chdir(cwd)
    plugin = _Resumen()
    inicio = time.perf_counter()
    codigo = int(pytest.main(list(args), plugins=[plugin]))
    segundos = time.perf_counter() - inicio
    with open(resumen, "w", encoding="utf-8") as f:
        json.dump({"codigo": codigo, "cuentas": plugin.cuentas, "pasadas_por_archivo": plugin.archivos, "segundos": segundos}, f)
    return codigo
`;

async function main() {
  const rutaTrabajo = process.argv[2];
  if (!rutaTrabajo) fallo("uso: node runner.mjs JOB.json");
  const trabajo = JSON.parse(fs.readFileSync(rutaTrabajo, "utf8"));
  const tiempos = {};
  const inicio = performance.now();

  const carpeta = path.resolve(trabajo.pyodide);
  const modulo = path.join(carpeta, "pyodide.mjs");
  if (!fs.existsSync(modulo)) fallo(`no existe ${modulo} (¿npm ci?)`);
  const { loadPyodide, version } = await import(pathToFileURL(modulo).href);
  const lockNpm = JSON.parse(fs.readFileSync(path.join(carpeta, "pyodide-lock.json"), "utf8"));

  // Read the wheels while the runtime boots.
  const ruedas = Promise.all(
    trabajo.ruedas.map(async (r) => [r, new Uint8Array(await fs.promises.readFile(r))]),
  );
  const opciones = {
    indexURL: carpeta + path.sep,
    lockFileContents: { info: lockNpm.info, packages: {} },
    ...(trabajo.biblioteca ? { stdLibURL: path.resolve(trabajo.biblioteca) } : {}),
    env: { HOME: "/home/pyodide", ...(trabajo.env || {}) },
    stdout: (linea) => process.stdout.write(linea + "\n"),
    stderr: (linea) => process.stderr.write(linea + "\n"),
  };

  let pyodide;
  if (trabajo.instantanea) {
    const soporte = await import(INSTANTANEA.href);
    const crear = (await import(pathToFileURL(path.join(carpeta, "pyodide.asm.mjs")).href)).default;
    const bytes = ruedas.then((lista) => lista.map(([, b]) => b));
    const arrancar = async (instantanea) => {
      const registro = {};
      const py = await loadPyodide({
        ...opciones,
        ...(instantanea ? { _loadSnapshot: instantanea } : { _makeSnapshot: true }),
        createPyodideModule: soporte.fabricaConPrecarga(crear, bytes, registro, instantanea),
      });
      soporte.comprobarPrecarga(registro);
      return [py, registro];
    };
    const [original, registro] = await arrancar(null);
    instalar(original, await ruedas, trabajo.copias);
    original.runPython("import reintegro.navegador");
    const forma = soporte.disposicion(original, registro);
    const instantanea = original.makeMemorySnapshot();
    tiempos.instantanea_tomada = segundos(inicio);
    const marcaRestaurada = performance.now();
    const [restaurado, registroRestaurado] = await arrancar(instantanea);
    soporte.restaurarDisposicion(restaurado, registroRestaurado, forma);
    const yaImportado = restaurado.runPython("import sys; 'reintegro.navegador' in sys.modules");
    if (!yaImportado) fallo("el runtime restaurado no trae el motor importado");
    // What the rule data caches hold before any case runs (navegador loads
    // them on import): [bases cached, bases there are].
    const basesEnMemoria = restaurado.runPython(
      "import reintegro.catalogo as c; [c.bases.cache_info().currsize, len(c.ids_de_bases())]").toJs();
    tiempos.instantanea = {
      bytes: instantanea.length, ...forma, motor_ya_importado: yaImportado, bases_en_memoria: basesEnMemoria,
      arranque: segundos(marcaRestaurada),
    };
    pyodide = restaurado;
  } else {
    pyodide = await loadPyodide(opciones);
  }
  tiempos.arranque = segundos(inicio);
  // Raw streams: pytest writes progress without newlines.
  pyodide.setStdout({ write: (buf) => fs.writeSync(1, buf) });
  pyodide.setStderr({ write: (buf) => fs.writeSync(2, buf) });

  let marca = performance.now();
  instalar(pyodide, await ruedas, trabajo.copias);
  tiempos.instalacion = segundos(marca);

  marca = performance.now();
  pyodide.runPython("import reintegro");
  tiempos.import_motor = segundos(marca);
  tiempos.python = pyodide.runPython("import sys; sys.version.split()[0]");
  tiempos.plataforma = pyodide.runPython("import sys; sys.platform");
  // Which standard library: the site's leaves xml out.
  tiempos.con_xml = pyodide.runPython("import importlib.util; importlib.util.find_spec('xml') is not None");
  // How many loaded modules came from bytecode in the stdlib zip (the
  // site's carries it, the runtime's does not).
  tiempos.biblioteca_desde_pyc = pyodide.runPython(
    "import sys; sum(1 for m in list(sys.modules.values()) "
    + "if str(getattr(m, '__file__', '')).startswith('/lib/python314.zip/') "
    + "and str(m.__file__).endswith('.pyc'))",
  );
  tiempos.pyodide = version;

  let codigo = 0;
  pyodide.runPython(LOTE);
  pyodide.runPython(PYTEST);
  const guardarTiempos = () => {
    tiempos.total = segundos(inicio);
    if (trabajo.tiempos) fs.writeFileSync(trabajo.tiempos, JSON.stringify(tiempos, null, 2));
  };
  for (const tarea of trabajo.tareas || []) {
    marca = performance.now();
    try {
      if (tarea.tipo === "lote") {
        const entrada = "/tmp/casos.jsonl";
        const salida = "/tmp/resultados.txt";
        pyodide.FS.writeFile(entrada, new Uint8Array(fs.readFileSync(tarea.casos)));
        const medida = JSON.parse(
          pyodide.globals.get("_lote")(entrada, salida, Boolean(tarea.completo)),
        );
        fs.writeFileSync(tarea.salida, pyodide.FS.readFile(salida));
        pyodide.FS.unlink(entrada);
        pyodide.FS.unlink(salida);
        tiempos[tarea.nombre || "lote"] = { ...medida, total: segundos(marca) };
      } else if (tarea.tipo === "pytest") {
        const resumen = "/tmp/resumen-pytest.json";
        codigo = pyodide.globals.get("_pytest")(tarea.cwd, pyodide.toPy(tarea.args), resumen);
        fs.writeFileSync(tarea.resumen, pyodide.FS.readFile(resumen));
        tiempos.pytest = segundos(marca);
      } else if (tarea.tipo === "python") {
        fs.writeFileSync(tarea.salida, String(pyodide.runPython(tarea.codigo)));
      } else {
        fallo(`tarea desconocida: ${JSON.stringify(tarea)}`);
      }
    } catch (e) {
      // A task allowed to bring the interpreter down (a probe of a known
      // fatal error) records what happened; nothing can run after it.
      if (!tarea.puede_caer) throw e;
      fs.writeFileSync(tarea.salida + ".caida", String(e && e.stack ? e.stack : e));
      break;
    }
    guardarTiempos();
  }
  guardarTiempos();
  process.exitCode = codigo;
}

main().catch((e) => fallo(e && e.stack ? e.stack : String(e)));
