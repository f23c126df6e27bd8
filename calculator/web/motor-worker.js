// Module Web Worker: boots Pyodide, installs the wheels listed in motor.json
// (downloaded in parallel with the boot, checked by SRI, unpacked by
// zip-almacenado.js), imports reintegro.navegador and answers
// {id, op, arg} messages with {id, ok, valor | error}. Progress goes out as
// {tipo: "progreso", ...}. Every URL is relative to this file: the site can
// live under any path.
//
// A returning visitor boots from a memory snapshot with the engine already
// imported. On a first visit, once Pyodide has booted, unpacked the wheels
// and imported the engine (pydantic included, and all the rule data, which
// reintegro.navegador loads on import; computing a case imports no further
// module and reads no file), this worker copies Pyodide's memory
// (makeMemorySnapshot, some tens of ms) before any case has been computed,
// so no figure can be in it, and keeps it in the browser's Cache Storage
// under a key made of the runtime version and the SRI hash of every wheel.
// The next boot restores it instead of starting Python and importing the
// engine again (figures in benchmarks/ultimas-cifras.md). Nothing of it
// travels on the network.
// pydantic-core is a dynamically linked module: instantanea.js loads it
// before Python starts, on every boot, so that the restored memory finds its
// code and function-table entries where they were. The wheels are unpacked
// on every boot (a module imported lazily reads its file). Any failure with
// a snapshot falls back to the ordinary boot and drops it.

import { comprobarPrecarga, disposicion, fabricaConPrecarga, restaurarDisposicion } from "./instantanea.js";
import { extraerAlmacenado } from "./zip-almacenado.js";

const BASE = new URL("./", import.meta.url);
const OPERACIONES = new Set(["calcular", "barrido", "comparar", "validar_bases", "formulario", "catalogo",
  "lote_abrir", "lote_siguientes", "lote_plantilla", // lote_*: the «Muchos casos» page (lote.js)
  "leer_articulo"]); // the reader of a pasted article («Sus bases», lector.js)
// Not "reintegro-…": the service worker deletes the other caches of that prefix.
const CACHE_INSTANTANEA = "motor-instantanea";
const URL_INSTANTANEA = new URL("instantanea-del-motor", BASE).href; // a cache key, never fetched
const FORMATO_INSTANTANEA = "4"; // 4: taken after the engine import
// A restored runtime must run pydantic-core's code on its restored data
// before it is trusted (a mismatch traps here, and the worker boots anew).
const SONDA = `
from pydantic_core import SchemaValidator, core_schema
assert SchemaValidator(core_schema.int_schema()).validate_python("7") == 7
`;

const ahora = () => performance.timeOrigin + performance.now();

function avisar(fase, fraccion, texto) {
  self.postMessage({ tipo: "progreso", fase, fraccion, texto, t: ahora() });
}

async function descargar(url, integridad) {
  const respuesta = await fetch(url, { integrity: integridad });
  if (!respuesta.ok) throw new Error(`no se pudo descargar ${url.pathname} (HTTP ${respuesta.status})`);
  return new Uint8Array(await respuesta.arrayBuffer());
}

function claveInstantanea(motor) {
  return [FORMATO_INSTANTANEA, motor.pyodide.version, motor.pyodide.biblioteca,
    ...motor.ruedas.map((r) => r.integridad)].join(" ");
}

async function leerInstantanea() {
  try {
    if (!self.caches) return null;
    const cache = await caches.open(CACHE_INSTANTANEA);
    const respuesta = await cache.match(URL_INSTANTANEA);
    if (!respuesta) return null;
    return {
      clave: respuesta.headers.get("x-clave"),
      disposicion: JSON.parse(respuesta.headers.get("x-disposicion")),
      bytes: new Uint8Array(await respuesta.arrayBuffer()),
    };
  } catch {
    return null;
  }
}

async function guardarInstantanea(clave, bytes, disposicion) {
  if (!self.caches) return;
  const cache = await caches.open(CACHE_INSTANTANEA);
  await cache.put(URL_INSTANTANEA, new Response(bytes, {
    headers: {
      "content-type": "application/octet-stream",
      "x-clave": clave,
      "x-disposicion": JSON.stringify(disposicion),
    },
  }));
}

async function borrarInstantanea() {
  try {
    if (self.caches) await caches.delete(CACHE_INSTANTANEA);
  } catch {
    // nothing to drop
  }
}

// `ruedas`: a promise of the wheels' bytes (their .so files are preloaded);
// `registro` receives what the preload did.
async function cargarPyodide({ modulo, fabrica, motor, motorURL, ruedas }, registro, instantanea) {
  const opciones = {
    indexURL: new URL(motor.pyodide.indice, motorURL).href,
    stdLibURL: new URL(motor.pyodide.biblioteca, motorURL).href,
    lockFileContents: JSON.stringify(motor.pyodide.lock),
    packages: [],
    checkAPIVersion: true,
  };
  const pyodide = await modulo.loadPyodide({
    ...opciones,
    ...(instantanea ? { _loadSnapshot: instantanea } : { _makeSnapshot: true }),
    createPyodideModule: fabricaConPrecarga(await fabrica, ruedas, registro, instantanea),
  });
  comprobarPrecarga(registro);
  return pyodide;
}

async function instalarRuedas(pyodide, ruedas) {
  avisar("instalacion", 0.7, "Instalando el motor de cálculo…");
  const destino = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const bytes of await ruedas) {
    extraerAlmacenado(pyodide.FS, bytes, destino);
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
}

async function arrancarDesdeInstantanea(entorno, guardada) {
  const registro = {};
  const pyodide = await cargarPyodide(entorno, registro, guardada.bytes);
  restaurarDisposicion(pyodide, registro, guardada.disposicion);
  await instalarRuedas(pyodide, entorno.ruedas);
  pyodide.runPython(SONDA);
  avisar("importacion", 0.85, "Cargando el motor de cálculo…"); // imported already
  return pyodide;
}

// Returns the runtime and, when a snapshot could be taken, the function that
// stores it.
async function arrancarSinInstantanea(entorno, clave) {
  const registro = {};
  const pyodide = await cargarPyodide(entorno, registro, null);
  await instalarRuedas(pyodide, entorno.ruedas);
  avisar("importacion", 0.85, "Cargando el motor de cálculo…");
  pyodide.runPython("import reintegro.navegador");
  try {
    // Taken now (engine imported, no case computed yet), stored later:
    // writing it to Cache Storage competes with the first result for the CPU.
    const forma = disposicion(pyodide, registro);
    const bytes = pyodide.makeMemorySnapshot();
    const guardar = () => guardarInstantanea(clave, bytes, forma)
      .catch((e) => console.warn("motor: no se guardó la instantánea", e));
    return { pyodide, guardar };
  } catch (e) {
    console.warn("motor: sin instantánea", e);
    return { pyodide, guardar: null };
  }
}

async function arrancar() {
  avisar("descarga", 0.05, "Descargando el motor de cálculo…");
  const motorURL = new URL("motor.json", BASE);
  const datos = fetch(motorURL, { cache: "no-cache" }).then((r) => {
    if (!r.ok) throw new Error(`no se pudo leer motor.json (HTTP ${r.status})`);
    return r.json();
  });
  // The runtime lives in a folder named after its version (cacheable for
  // good): motor.json says which. Its two modules load while the snapshot
  // (tens of MB) is read.
  const fabrica = datos.then((m) => import(new URL("pyodide.asm.mjs", new URL(m.pyodide.indice, motorURL)).href))
    .then((m) => m.default);
  fabrica.catch(() => {}); // awaited in cargarPyodide
  const [motor, modulo, guardada] = await Promise.all([
    datos,
    datos.then((m) => import(new URL(m.pyodide.modulo, motorURL).href)),
    leerInstantanea(),
  ]);
  // Wheels travel while the runtime boots.
  const ruedas = Promise.all(motor.ruedas.map((r) => descargar(new URL(r.url, motorURL), r.integridad)));
  ruedas.catch(() => {}); // reported below, not as unhandled
  const entorno = { modulo, fabrica, motor, motorURL, ruedas };
  const clave = claveInstantanea(motor);
  const vigente = guardada && guardada.clave === clave ? guardada : null;
  if (guardada && !vigente) borrarInstantanea();

  let pyodide = null;
  let desdeInstantanea = false;
  let descartada = guardada && !vigente ? "de otra versión del motor" : null;
  if (vigente) {
    try {
      pyodide = await arrancarDesdeInstantanea(entorno, vigente);
      desdeInstantanea = true;
    } catch (e) {
      descartada = String(e && e.message ? e.message : e);
      console.warn("motor: la instantánea no sirve, arranque normal", e);
      borrarInstantanea();
    }
  }
  let guardar = null;
  if (!pyodide) ({ pyodide, guardar } = await arrancarSinInstantanea(entorno, clave));
  const navegador = pyodide.pyimport("reintegro.navegador");
  const version = pyodide.pyimport("reintegro").__version__;
  avisar("listo", 1, "Motor listo");
  self.postMessage({ tipo: "listo", version, instantanea: desdeInstantanea, descartada, t: ahora() });
  if (guardar) setTimeout(guardar, 1500);
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
    // One text, or a list of texts (a case and a user's bases): never numbers.
    const argumentos = op === "catalogo" ? [] : (Array.isArray(arg) ? arg : [arg]).map(String);
    const valor = navegador[op](...argumentos);
    self.postMessage({ id, ok: true, valor: String(valor) });
  } catch (e) {
    self.postMessage({ id, ok: false, error: String(e && e.message ? e.message : e) });
  }
};
