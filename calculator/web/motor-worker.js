// Module Web Worker: boots Pyodide, installs the wheels listed in motor.json
// (downloaded in parallel with the boot, checked by SRI, unpacked by
// zip-almacenado.js), imports
// reintegro.navegador and answers {id, op, arg} messages with
// {id, ok, valor | error}. Progress goes out as {tipo: "progreso", ...}.
// Every URL is relative to this file: the site can live under any path.
//
// A returning visitor boots from a memory snapshot. On a first visit, right
// after Pyodide has booted and imported the standard-library modules the
// engine uses (PRECARGA), this worker copies Pyodide's memory
// (makeMemorySnapshot, some tens of ms) and keeps it in the browser's Cache
// Storage, under a key made of the runtime version and the SRI hash of every
// wheel; the next boot restores it instead of initialising Python again
// (figures in benchmarks/ultimas-cifras.md). Nothing of it travels on the
// network. The snapshot is taken BEFORE pydantic is imported: pydantic-core
// is a dynamically linked module, whose code and function-table entries live
// outside the memory a snapshot holds (restoring a later snapshot dies with
// "table index is out of bounds"). The wheels are unpacked and the engine
// imported on every boot. Any failure with a snapshot falls back to the
// ordinary boot and drops it.

import { extraerAlmacenado } from "./zip-almacenado.js";

const BASE = new URL("./", import.meta.url);
const OPERACIONES = new Set(["calcular", "formulario", "catalogo"]);
// Not "reintegro-…": the service worker deletes the other caches of that prefix.
const CACHE_INSTANTANEA = "motor-instantanea";
const URL_INSTANTANEA = new URL("instantanea-del-motor", BASE).href; // a cache key, never fetched
const FORMATO_INSTANTANEA = "3";
// Pure standard-library modules the engine and pydantic import (all built
// into Pyodide's main module: no dynamic library among them), and those this
// worker's own installation step imports (sysconfig, cp437 for zip names).
const PRECARGA = `
import importlib
for m in ("annotationlib ast base64 bisect calendar collections contextlib copy dataclasses datetime "
          "decimal enum fractions functools inspect ipaddress json keyword math numbers operator pathlib "
          "random re secrets string struct textwrap tokenize tomllib traceback types typing uuid warnings "
          "weakref zipfile zoneinfo importlib.metadata importlib.resources email "
          "sysconfig encodings.cp437").split():
    try:
        importlib.import_module(m)
    except Exception:
        pass
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
    return { clave: respuesta.headers.get("x-clave"), bytes: new Uint8Array(await respuesta.arrayBuffer()) };
  } catch {
    return null;
  }
}

async function guardarInstantanea(clave, bytes) {
  if (!self.caches) return;
  const cache = await caches.open(CACHE_INSTANTANEA);
  await cache.put(URL_INSTANTANEA, new Response(bytes, {
    headers: { "content-type": "application/octet-stream", "x-clave": clave },
  }));
}

async function borrarInstantanea() {
  try {
    if (self.caches) await caches.delete(CACHE_INSTANTANEA);
  } catch {
    // nothing to drop
  }
}

async function cargarPyodide(modulo, motor, motorURL, instantanea) {
  const opciones = {
    indexURL: new URL(motor.pyodide.indice, motorURL).href,
    stdLibURL: new URL(motor.pyodide.biblioteca, motorURL).href,
    lockFileContents: JSON.stringify(motor.pyodide.lock),
    packages: [],
    checkAPIVersion: true,
  };
  if (!instantanea) {
    const pyodide = await modulo.loadPyodide({ ...opciones, _makeSnapshot: true });
    pyodide.runPython(PRECARGA);
    return pyodide;
  }
  // The snapshot is the whole linear memory: grow the fresh instance's
  // memory to its size before Pyodide copies it in (Pyodide 314 asks for
  // INITIAL_MEMORY, which this build ignores: its memory is not imported).
  const crear = (await import(new URL("pyodide.asm.mjs", opciones.indexURL).href)).default;
  return modulo.loadPyodide({
    ...opciones,
    _loadSnapshot: instantanea,
    createPyodideModule: async (ajustes) => {
      const M = await crear(ajustes);
      if (M.HEAP8.length < instantanea.length && !M._emscripten_resize_heap(instantanea.length)) {
        throw new Error("no se pudo reservar memoria para la instantánea");
      }
      return M;
    },
  });
}

let pendienteDeGuardar = null;

async function arrancar() {
  avisar("descarga", 0.05, "Descargando Python (Pyodide)…");
  const motorURL = new URL("motor.json", BASE);
  const datos = fetch(motorURL, { cache: "no-cache" }).then((r) => {
    if (!r.ok) throw new Error(`no se pudo leer motor.json (HTTP ${r.status})`);
    return r.json();
  });
  // The runtime lives in a folder named after its version (cacheable for
  // good): motor.json says which.
  const [motor, modulo, guardada] = await Promise.all([
    datos,
    datos.then((m) => import(new URL(m.pyodide.modulo, motorURL).href)),
    leerInstantanea(),
  ]);
  // Wheels travel while the runtime boots.
  const ruedas = motor.ruedas.map((r) => descargar(new URL(r.url, motorURL), r.integridad));
  ruedas.forEach((p) => p.catch(() => {})); // reported below, not as unhandled
  const clave = claveInstantanea(motor);
  const instantanea = guardada && guardada.clave === clave ? guardada.bytes : null;
  if (guardada && !instantanea) borrarInstantanea();

  let pyodide = null;
  let desdeInstantanea = false;
  if (instantanea) {
    try {
      pyodide = await cargarPyodide(modulo, motor, motorURL, instantanea);
      desdeInstantanea = true;
    } catch (e) {
      console.warn("motor: la instantánea no sirve, arranque normal", e);
      borrarInstantanea();
    }
  }
  if (!pyodide) {
    pyodide = await cargarPyodide(modulo, motor, motorURL, null);
    try {
      // Taken now (before pydantic), stored later: writing 40 MB to Cache
      // Storage competes with the first result for the CPU.
      const bytes = pyodide.makeMemorySnapshot();
      pendienteDeGuardar = () => guardarInstantanea(clave, bytes)
        .catch((e) => console.warn("motor: no se guardó la instantánea", e));
    } catch (e) {
      console.warn("motor: sin instantánea", e);
    }
  }
  avisar("instalacion", 0.7, "Instalando el motor de cálculo…");
  const destino = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const bytes of await Promise.all(ruedas)) {
    extraerAlmacenado(pyodide.FS, bytes, destino);
  }
  avisar("importacion", 0.85, "Cargando el motor de cálculo…");
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const navegador = pyodide.pyimport("reintegro.navegador");
  const version = pyodide.pyimport("reintegro").__version__;
  avisar("listo", 1, "Motor listo");
  self.postMessage({ tipo: "listo", version, instantanea: desdeInstantanea, t: ahora() });
  if (pendienteDeGuardar) setTimeout(pendienteDeGuardar, 1500);
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
