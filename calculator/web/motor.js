// The page's side of the engine: ONE module worker per browsing session of
// the page (module-level singleton), kept alive across Material's instant
// navigation, so a revisited page answers at once.

const URL_WORKER = new URL("./motor-worker.js", import.meta.url);
const URL_MOTOR_JSON = new URL("./motor.json", import.meta.url);

let unico = null;
let datos = null;

// motor.json: engine version, wheels, and the form of every bases,
// computed at build time, so the form is usable before Pyodide boots.
export function datosMotor() {
  if (!datos) {
    datos = fetch(URL_MOTOR_JSON, { cache: "no-cache" }).then((r) => {
      if (!r.ok) throw new Error(`no se pudo leer motor.json (HTTP ${r.status})`);
      return r.json();
    });
    datos.catch(() => { datos = null; });
  }
  return datos;
}

export function motor() {
  if (!unico) unico = new Motor();
  return unico;
}

class Motor {
  constructor() {
    this.estado = "cargando"; // "cargando" | "listo" | "fallo"
    this.progreso = { fraccion: 0, texto: "Preparando el motor de cálculo…" };
    this.version = null;
    this.error = null;
    this.tiempos = { inicio: performance.timeOrigin + performance.now() };
    this.oyentes = new Set();
    this.pendientes = new Map();
    this.siguiente = 1;
    this.listo = new Promise((resolver, rechazar) => {
      this._resolver = resolver;
      this._rechazar = rechazar;
    });
    this.listo.catch(() => {});
    try {
      this.worker = new Worker(URL_WORKER, { type: "module", name: "reintegro" });
    } catch (e) {
      this.worker = null;
      queueMicrotask(() => this._fallar(`este navegador no puede iniciar el motor (${e.message})`));
      return;
    }
    this.worker.onmessage = (e) => this._recibir(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      this._fallar(e.message || "error al iniciar el motor de cálculo");
    };
  }

  suscribir(oyente) {
    this.oyentes.add(oyente);
    oyente(this);
    return () => this.oyentes.delete(oyente);
  }

  _avisar() {
    for (const oyente of this.oyentes) {
      try { oyente(this); } catch (e) { console.error(e); }
    }
  }

  _fallar(mensaje) {
    if (this.estado === "fallo") return;
    this.estado = "fallo";
    this.error = mensaje;
    this._rechazar(new Error(mensaje));
    for (const { rechazar } of this.pendientes.values()) rechazar(new Error(mensaje));
    this.pendientes.clear();
    this._avisar();
  }

  _recibir(m) {
    if (!m || typeof m !== "object") return;
    if (m.tipo === "progreso") {
      this.progreso = { fraccion: m.fraccion, texto: m.texto };
      this.tiempos[m.fase] = m.t;
      this._avisar();
    } else if (m.tipo === "listo") {
      this.estado = "listo";
      this.version = m.version;
      this.tiempos.listo = m.t;
      this.desdeInstantanea = Boolean(m.instantanea); // booted from the memory snapshot
      this.instantaneaDescartada = m.descartada ?? null; // why a stored one was not used
      this._resolver(this);
      this._avisar();
    } else if (m.tipo === "fallo") {
      this._fallar(m.mensaje);
    } else if (this.pendientes.has(m.id)) {
      const { resolver, rechazar } = this.pendientes.get(m.id);
      this.pendientes.delete(m.id);
      if (m.ok) resolver(m.valor);
      else rechazar(new Error(m.error));
    }
  }

  // op: "calcular" | "formulario" | "catalogo"; arg: a string. Resolves
  // with the engine's JSON string once the engine is ready.
  pedir(op, arg = "") {
    if (this.estado === "fallo") return Promise.reject(new Error(this.error));
    const id = this.siguiente++;
    if (op === "calcular") this.tiempos.peticion = performance.now(); // for benchmarks/benchmark.py
    return new Promise((resolver, rechazar) => {
      this.pendientes.set(id, { resolver, rechazar });
      this.worker.postMessage({ id, op, arg });
    });
  }
}
