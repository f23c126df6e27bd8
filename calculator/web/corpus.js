// Reintegro: the golden corpus run in the browser (the hidden page
// docs/pruebas/corpus.md).
//
// Reads corpus.json (written at build time by calculator/hooks/corpus.py
// from tests/golden/*.yaml), computes every case in the engine's worker
// (motor.js, the same worker the calculator uses, kept alive across
// Material's instant navigation) and checks each result exactly as
// comprobar() of tests/golden/corpus.py does on CPython: dotted paths with
// Python equality, notes present / absent, the citation anchors of the
// "importe final" steps, and the substrings of the refusal messages.
//
// Contract of the root <div data-corpus> (for tests):
//   data-corpus-estado = "cargando" | "terminado" | "fallo" (the engine or
//                        corpus.json could not be loaded);
//   data-corpus-fallos = number of failing cases so far;
//   data-corpus-total  = number of cases; data-corpus-ms = milliseconds the
//                        run took once the engine was ready.
// Each case is a <tr data-corpus-caso data-corpus-correcto="si"|"no">.
// Everything is rendered with textContent, never innerHTML.

import { motor, datosMotor } from "./motor.js";
import { enCadaPagina } from "./paginas.js";

const URL_CORPUS = new URL("./corpus.json", import.meta.url);

// --- the checks of tests/golden/corpus.py --------------------------------

class NoExiste extends Error {} // Python's KeyError / IndexError in valor_en

function esNumerico(v) {
  return typeof v === "number" || typeof v === "boolean"; // Python: True == 1
}

// Python's == between JSON values.
export function igualPython(a, b) {
  if (esNumerico(a) && esNumerico(b)) return Number(a) === Number(b);
  if (a === null || b === null) return a === b;
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => igualPython(x, b[i]));
  }
  if (typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && igualPython(a[k], b[k]));
  }
  return false;
}

function reprCadena(s) {
  const comilla = s.includes("'") && !s.includes('"') ? '"' : "'";
  let salida = "";
  for (const c of s) {
    const cp = c.codePointAt(0);
    if (c === "\\" || c === comilla) salida += "\\" + c;
    else if (c === "\n") salida += "\\n";
    else if (c === "\r") salida += "\\r";
    else if (c === "\t") salida += "\\t";
    else if (cp < 0x20 || cp === 0x7f) salida += "\\x" + cp.toString(16).padStart(2, "0");
    else salida += c;
  }
  return comilla + salida + comilla;
}

// Python's repr() of a JSON value (the wording of comprobar()'s messages).
export function reprPython(v) {
  if (v === null || v === undefined) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return reprCadena(v);
  if (Array.isArray(v)) return "[" + v.map(reprPython).join(", ") + "]";
  return "{" + Object.entries(v).map(([k, x]) => `${reprCadena(k)}: ${reprPython(x)}`).join(", ") + "}";
}

// valor_en(): the value at a dotted path ("intereses.periodos.0.dias").
export function valorEn(resultado, ruta) {
  let actual = resultado;
  for (const parte of ruta.split(".")) {
    if (Array.isArray(actual)) {
      if (!/^\s*[+-]?\d+\s*$/.test(parte)) {
        throw new Error(`ValueError: invalid literal for int() with base 10: ${reprCadena(parte)}`);
      }
      let i = Number.parseInt(parte.trim(), 10);
      if (i < 0) i += actual.length;
      if (i < 0 || i >= actual.length) throw new NoExiste();
      actual = actual[i];
    } else if (actual !== null && typeof actual === "object") {
      if (!Object.hasOwn(actual, parte)) throw new NoExiste();
      actual = actual[parte];
    } else {
      throw new Error(`TypeError: ${reprPython(actual)} no admite el índice ${reprCadena(parte)}`);
    }
  }
  return actual;
}

// comprobar(): the differences between a golden case and the engine's answer
// (the JSON of reintegro.navegador.calcular: {estado: "resultado", resultado}
// or {estado: "error", errores: [{campo, mensaje}]}).
export function comprobar(ejemplo, respuesta) {
  const tiene = (clave) => Object.hasOwn(ejemplo, clave);
  if (respuesta.estado === "error") {
    // The corpus pins the engine's own words (the command line's), which the
    // bridge gives beside the page's.
    const obtenidos = new Map(respuesta.errores.map((e) => [e.campo, e.linea_de_ordenes ?? e.mensaje]));
    if (!tiene("errores")) {
      return [`caso rechazado: ${reprPython(Object.fromEntries(obtenidos))}`];
    }
    const fallos = [];
    for (const [campo, texto] of Object.entries(ejemplo.errores)) {
      if (typeof texto !== "string") throw new Error(`TypeError: el texto esperado de ${campo} no es una cadena`);
      const mensaje = obtenidos.has(campo) ? obtenidos.get(campo) : null;
      if (!(mensaje || "").includes(texto)) {
        fallos.push(`${campo}: se esperaba un mensaje con «${texto}», se obtuvo «${mensaje ?? "None"}»`);
      }
    }
    return fallos;
  }
  if (respuesta.estado !== "resultado") throw new Error(`respuesta desconocida del motor: ${respuesta.estado}`);
  const resultado = respuesta.resultado;
  if (tiene("errores")) return ["se esperaba un rechazo y el caso se calculó"];
  const fallos = [];
  for (const [ruta, esperado] of Object.entries(tiene("espera") ? ejemplo.espera : {})) {
    let obtenido;
    try {
      obtenido = valorEn(resultado, ruta);
    } catch (e) {
      if (!(e instanceof NoExiste)) throw e;
      obtenido = "(no existe)";
    }
    if (!igualPython(obtenido, esperado)) {
      fallos.push(`${ruta}: se esperaba ${reprPython(esperado)}, se obtuvo ${reprPython(obtenido)}`);
    }
  }
  const codigos = resultado.notas.map((n) => n.codigo);
  for (const c of tiene("notas") ? ejemplo.notas : []) {
    if (!codigos.some((x) => igualPython(x, c))) fallos.push(`falta la nota ${c}`);
  }
  for (const c of tiene("sin_notas") ? ejemplo.sin_notas : []) {
    if (codigos.some((x) => igualPython(x, c))) fallos.push(`sobra la nota ${c}`);
  }
  if (tiene("citas")) {
    const citas = resultado.pasos.filter((p) => p.bloque === "importe_final").map((p) => p.cita.ancla);
    if (!igualPython(citas, ejemplo.citas)) {
      fallos.push(`citas: se esperaba ${reprPython(ejemplo.citas)}, se obtuvo ${reprPython(citas)}`);
    }
  }
  return fallos;
}

// --- the page --------------------------------------------------------------

function el(etiqueta, atributos = {}, ...hijos) {
  const nodo = document.createElement(etiqueta);
  for (const [clave, valor] of Object.entries(atributos)) {
    if (valor === null || valor === undefined || valor === false) continue;
    if (clave === "texto") nodo.textContent = valor;
    else if (clave === "clase") nodo.className = valor;
    else nodo.setAttribute(clave, valor === true ? "" : String(valor));
  }
  for (const hijo of hijos.flat()) {
    if (hijo === null || hijo === undefined || hijo === false) continue;
    nodo.append(hijo instanceof Node ? hijo : document.createTextNode(String(hijo)));
  }
  return nodo;
}

const segundos = (ms) => (ms / 1000).toLocaleString("es-ES", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function titulos(datos) {
  const mapa = new Map((datos?.catalogo ?? []).map((b) => [b.id, b.titulo]));
  mapa.set("rechazos", "Casos que el motor debe rechazar");
  return mapa;
}

class PaginaCorpus {
  constructor(raiz) {
    this.raiz = raiz;
    this.activa = true;
    this.fallos = 0;
    this.hechos = 0;
    this.total = 0;
    this.inicio = performance.now();
    raiz.dataset.corpusEstado = "cargando";
    raiz.dataset.corpusFallos = "0";
    this.progreso = el("p", { "data-corpus-progreso": true, role: "status", "aria-live": "polite", texto: "Cargando el corpus…" });
    this.resumen = el("div", { "data-corpus-resumen": true });
    this.tablas = el("div", { "data-corpus-tablas": true });
    raiz.replaceChildren(this.progreso, this.resumen, this.tablas);
    this.desuscribir = motor().suscribir((m) => this._estadoMotor(m));
    this._ejecutar().catch((e) => this._fallo(`No se pudo comprobar el corpus: ${e.message}`));
  }

  destruir() {
    this.activa = false;
    this.desuscribir?.();
  }

  _estadoMotor(m) {
    if (!this.activa || this.raiz.dataset.corpusEstado !== "cargando" || this.enMarcha) return;
    if (m.estado === "cargando") this.progreso.textContent = `${m.progreso.texto} (arranque del motor de cálculo)`;
  }

  _fallo(mensaje) {
    if (!this.activa) return;
    this.progreso.textContent = mensaje;
    this.raiz.dataset.corpusEstado = "fallo";
  }

  async _ejecutar() {
    const [corpus, datos] = await Promise.all([
      fetch(URL_CORPUS, { cache: "no-cache" }).then((r) => {
        if (!r.ok) throw new Error(`no se pudo leer corpus.json (HTTP ${r.status})`);
        return r.json();
      }),
      datosMotor().catch(() => null),
    ]);
    if (!this.activa) return;
    this.hoy = corpus.hoy_fijo ?? ""; // the corpus's fixed "today", as the CPython check uses
    this.total = corpus.archivos.reduce((n, a) => n + a.casos.length, 0);
    this.raiz.dataset.corpusTotal = String(this.total);
    const nombres = titulos(datos);
    const filas = [];
    for (const archivo of corpus.archivos) {
      const cuerpo = el("tbody");
      for (const { ejemplo, texto } of archivo.casos) {
        const estado = el("td", { texto: "pendiente" });
        const fila = el("tr", { "data-corpus-caso": true },
          el("td", { texto: ejemplo.nombre }),
          el("td", { texto: ejemplo.apartado ?? "—" }),
          estado);
        cuerpo.append(fila);
        filas.push({ ejemplo, texto, fila, estado });
      }
      const titulo = nombres.get(archivo.archivo);
      this.tablas.append(
        el("h2", { texto: titulo ?? archivo.archivo }),
        el("p", {}, "Archivo ", el("code", { texto: `tests/golden/${archivo.archivo}.yaml` }), `: ${archivo.casos.length} casos.`),
        el("div", { clase: "md-typeset__scrollwrap" }, el("div", { clase: "md-typeset__table" }, el("table", {},
          el("thead", {}, el("tr", {},
            el("th", { texto: "Caso" }), el("th", { texto: "Apartado" }), el("th", { texto: "Resultado" }))),
          cuerpo))),
      );
    }

    const m = motor();
    this.progreso.textContent = "Arrancando el motor de cálculo (Pyodide)…";
    await m.listo;
    if (!this.activa) return;
    this.enMarcha = true;
    const arranque = performance.now() - this.inicio;
    const t0 = performance.now();
    this.progreso.textContent = `Comprobando: 0 de ${this.total} casos…`;
    // Every case goes to the worker at once; it answers them in order.
    await Promise.all(filas.map((f) => this._comprobarFila(m, f)));
    if (!this.activa) return;
    const ms = performance.now() - t0;
    this.raiz.dataset.corpusMs = String(Math.round(ms));
    this.progreso.textContent =
      `Terminado: ${this.total} casos comprobados en ${segundos(ms)} s con el motor ${m.version}` +
      ` (la página esperó ${segundos(arranque)} s al motor).`;
    const bien = this.total - this.fallos;
    const clase = this.fallos === 0 ? "admonition success" : "admonition failure";
    this.resumen.replaceChildren(el("div", { clase },
      el("p", { clase: "admonition-title", texto: `${bien} de ${this.total} casos correctos` }),
      el("p", { texto: this.fallos === 0
        ? "El motor del navegador da, en todos los casos, lo que espera el corpus."
        : `${this.fallos} ${this.fallos === 1 ? "caso falla" : "casos fallan"}: vea la columna «Resultado».` })));
    this.raiz.dataset.corpusEstado = "terminado";
  }

  async _comprobarFila(m, f) {
    let fallos;
    try {
      const respuesta = JSON.parse(await m.pedir("calcular", [f.texto, "", this.hoy]));
      fallos = comprobar(f.ejemplo, respuesta);
    } catch (e) {
      fallos = [`error: ${e.message}`];
    }
    if (!this.activa) return;
    this.hechos += 1;
    const correcto = fallos.length === 0;
    f.fila.dataset.corpusCorrecto = correcto ? "si" : "no";
    if (correcto) {
      f.estado.replaceChildren(el("span", { texto: "✓ correcto" }));
    } else {
      this.fallos += 1;
      this.raiz.dataset.corpusFallos = String(this.fallos);
      f.estado.replaceChildren(
        el("strong", { texto: "✗ falla:" }),
        el("ul", {}, fallos.map((texto) => el("li", { texto }))),
      );
    }
    this.progreso.textContent = `Comprobando: ${this.hechos} de ${this.total} casos…`;
  }
}

let activa = null;
const vistas = new WeakSet();

function iniciar() {
  const raiz = document.querySelector("[data-corpus]");
  if (activa && activa.raiz === raiz) return; // the same page, already running
  activa?.destruir();
  activa = null;
  if (!raiz || vistas.has(raiz)) return;
  vistas.add(raiz);
  activa = new PaginaCorpus(raiz);
}

enCadaPagina(iniciar);
