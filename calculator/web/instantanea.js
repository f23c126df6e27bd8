// What a Pyodide memory snapshot taken after the engine is imported needs.
//
// The wheels' dynamic libraries (pydantic-core's .so) are loaded into a fresh
// Pyodide before Python starts: an Emscripten preRun step, the moment the
// linker's own needed libraries are loaded. Nothing has been allocated yet
// then, so every boot of the same runtime and wheels puts each library at
// the same memory address and the same function-table index.
//
// That is what lets motor-worker.js (and tests/pyodide/runner.mjs) keep a
// memory snapshot taken AFTER the engine is imported, pydantic and
// pydantic-core included. A snapshot holds linear memory only: the
// libraries' data and Python's pointers into it. A
// library's code and its function-table entries live outside that memory,
// and Pyodide 314's makeMemorySnapshot records no dynamic library; one that
// Python dlopen()s after boot lands wherever malloc puts it, so a later boot
// could not put it back. Preloaded, the same step on the restoring boot
// rebuilds code and table entries at the same places before Pyodide copies
// the memory back. CPython's dlopen() of that path then finds the library in
// Emscripten's registry (LDSO, by path) and only hands out a handle.
//
// disposicion() describes what a snapshot depends on (function-table size,
// dlopen handles) and refuses when a library was loaded some other way;
// restaurarDisposicion() checks it on the restored runtime and gives the
// handles back. Any mismatch is an error: the caller boots without snapshot.

import { miembros } from "./zip-almacenado.js";

const DEPENDENCIA = "reintegro-bibliotecas-dinamicas";
// CPython dlopen()s extension modules with RTLD_NOW only (local symbols).
const OPCIONES_CARGA = { global: false, nodelete: true, loadAsync: false };

// [{nombre, modulo}]: every .so member of the wheels (in wheel order),
// compiled off the main thread as soon as the bytes are there.
async function compilarBibliotecas(ruedas) {
  const lista = [];
  for (const bytes of ruedas) {
    for (const { nombre, inicio, tamano } of miembros(bytes)) {
      if (nombre.endsWith(".so")) {
        lista.push({ nombre, modulo: WebAssembly.compile(bytes.subarray(inicio, inicio + tamano)) });
      }
    }
  }
  return Promise.all(lista.map(async ({ nombre, modulo }) => ({ nombre, modulo: await modulo })));
}

function cargar(M, ruta, modulo) {
  const dso = M.newDSO(ruta, undefined, "loading");
  dso.refcount = Infinity;
  dso.global = OPCIONES_CARGA.global;
  dso.exports = M.loadWebAssemblyModule(modulo, OPCIONES_CARGA, ruta, {});
}

// Wraps Pyodide's module factory `crear` (the default export of
// pyodide.asm.mjs) into loadPyodide's createPyodideModule option. `ruedas`:
// a promise of the wheels' bytes; the boot waits for it (a run dependency)
// only when it reaches the preload step. `registro` receives the paths
// loaded, or the error (check it with comprobarPrecarga after loadPyodide).
// `instantanea`: the snapshot about to be restored, if any; the fresh
// instance's memory is grown to its size before Pyodide copies it in
// (Pyodide 314 asks for INITIAL_MEMORY, which its build ignores).
export function fabricaConPrecarga(crear, ruedas, registro, instantanea = null) {
  return async (ajustes) => {
    const compiladas = Promise.resolve(ruedas).then(compilarBibliotecas);
    compiladas.catch(() => {}); // reported through `registro`
    const precargar = (M) => {
      M.addRunDependency(DEPENDENCIA);
      compiladas
        .then((lista) => {
          registro.rutas = lista.map(({ nombre, modulo }) => {
            const ruta = `${M.API.sitePackages}/${nombre}`;
            cargar(M, ruta, modulo);
            return ruta;
          });
        })
        .catch((e) => { registro.error = e; })
        .finally(() => M.removeRunDependency(DEPENDENCIA));
    };
    // In place: Pyodide's settings object becomes the module itself.
    ajustes.preRun = [...(ajustes.preRun ?? []), precargar];
    const M = await crear(ajustes);
    if (instantanea && M.HEAP8.length < instantanea.length && !M._emscripten_resize_heap(instantanea.length)) {
      throw new Error("no se pudo reservar memoria para la instantánea");
    }
    return M;
  };
}

export function comprobarPrecarga(registro) {
  if (registro.error) throw registro.error;
  if (!registro.rutas) throw new Error("las bibliotecas dinámicas no llegaron a precargarse");
}

// What a snapshot of this runtime depends on, as JSON-ready data. Throws when
// a dynamic library other than the preloaded ones is loaded: its place in
// memory could not be reproduced.
export function disposicion(pyodide, registro) {
  const { LDSO, wasmTable } = pyodide._module;
  const esperadas = new Set(["__main__", ...registro.rutas]);
  const ajenas = Object.keys(LDSO.loadedLibsByName).filter((n) => !esperadas.has(n));
  if (ajenas.length) throw new Error(`biblioteca dinámica cargada sin precarga: ${ajenas.join(", ")}`);
  const manejadores = Object.entries(LDSO.loadedLibsByHandle)
    .filter(([manejador]) => Number(manejador) !== 0)
    .map(([manejador, dso]) => [Number(manejador), dso.name]);
  return { tabla: wasmTable.length, bibliotecas: registro.rutas, manejadores };
}

// Checks a restored runtime against the disposicion its snapshot was taken
// with, and registers again the dlopen handles Python holds in its memory.
export function restaurarDisposicion(pyodide, registro, esperada) {
  const { LDSO, wasmTable } = pyodide._module;
  if (JSON.stringify(registro.rutas) !== JSON.stringify(esperada.bibliotecas)) {
    throw new Error("las bibliotecas precargadas no son las de la instantánea");
  }
  if (wasmTable.length !== esperada.tabla) {
    throw new Error(`tabla de funciones de ${wasmTable.length} entradas; la instantánea espera ${esperada.tabla}`);
  }
  for (const [manejador, ruta] of esperada.manejadores) {
    const dso = LDSO.loadedLibsByName[ruta];
    if (!dso) throw new Error(`la instantánea abrió ${ruta}, que no está cargada`);
    LDSO.loadedLibsByHandle[manejador] = dso;
  }
}
