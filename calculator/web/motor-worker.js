// Module Web Worker: boots Pyodide, installs the wheels listed in motor.json
// (downloaded in parallel with the boot, checked by SRI), imports
// reintegro.navegador and answers {id, op, arg} messages with
// {id, ok, valor | error}. Progress goes out as {tipo: "progreso", ...}.
// Every URL is relative to this file: the site can live under any path.

const BASE = new URL("./", import.meta.url);
const OPERACIONES = new Set(["calcular", "formulario", "catalogo"]);

function avisar(fase, fraccion, texto) {
  self.postMessage({ tipo: "progreso", fase, fraccion, texto, t: performance.timeOrigin + performance.now() });
}

async function descargar(url, integridad) {
  const respuesta = await fetch(url, { integrity: integridad });
  if (!respuesta.ok) throw new Error(`no se pudo descargar ${url.pathname} (HTTP ${respuesta.status})`);
  return new Uint8Array(await respuesta.arrayBuffer());
}

async function arrancar() {
  avisar("descarga", 0.05, "Descargando Python (Pyodide)…");
  const motorURL = new URL("motor.json", BASE);
  const [motor, modulo] = await Promise.all([
    fetch(motorURL, { cache: "no-cache" }).then((r) => {
      if (!r.ok) throw new Error(`no se pudo leer motor.json (HTTP ${r.status})`);
      return r.json();
    }),
    import(new URL("../pyodide/pyodide.mjs", BASE).href),
  ]);
  // Wheels travel while the runtime boots.
  const ruedas = motor.ruedas.map((r) => descargar(new URL(r.url, motorURL), r.integridad));
  ruedas.forEach((p) => p.catch(() => {})); // reported below, not as unhandled
  const pyodide = await modulo.loadPyodide({
    indexURL: new URL(motor.pyodide.indice, motorURL).href,
    lockFileContents: JSON.stringify(motor.pyodide.lock),
    packages: [],
    checkAPIVersion: true,
  });
  avisar("instalacion", 0.7, "Instalando el motor de cálculo…");
  const destino = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const bytes of await Promise.all(ruedas)) {
    pyodide.unpackArchive(bytes, "wheel", { extractDir: destino });
  }
  avisar("importacion", 0.85, "Cargando el motor de cálculo…");
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const navegador = pyodide.pyimport("reintegro.navegador");
  const version = pyodide.pyimport("reintegro").__version__;
  avisar("listo", 1, "Motor listo");
  self.postMessage({ tipo: "listo", version, t: performance.timeOrigin + performance.now() });
  return navegador;
}

const listo = arrancar();
listo.catch((e) => {
  self.postMessage({ tipo: "fallo", mensaje: String(e && e.message ? e.message : e) });
});

self.onmessage = async (evento) => {
  const { id, op, arg } = evento.data ?? {};
  if (!OPERACIONES.has(op)) {
    self.postMessage({ id, ok: false, error: `operación desconocida: ${op}` });
    return;
  }
  try {
    const navegador = await listo;
    const valor = op === "catalogo" ? navegador.catalogo() : navegador[op](String(arg));
    self.postMessage({ id, ok: true, valor: String(valor) });
  } catch (e) {
    self.postMessage({ id, ok: false, error: String(e && e.message ? e.message : e) });
  }
};
