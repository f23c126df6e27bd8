// The form, built from the engine's description formulario(id): one
// control per field, grouped, with help, a «¿Por qué se pregunta?» button
// that shows the paragraph in place, required marks, Spanish numbers, dates
// read back in words, the economic execution the figures make, the optional
// references of the printed report, and per-field errors. Text only: every
// string from the engine goes through textContent.

import { anidarCriterios, aplanarCriterios } from "./criterios.js";
import { normalizarNumero, formatearImporte, formatearEuros, formatearFechaLarga, porcentajeCorto } from "./caso.js";

const GRUPOS = {
  importes: "Importes",
  ejecucion: "Ejecución y justificación",
  incumplimientos: "Incumplimientos",
  fechas: "Fechas",
  opciones: "Opciones del cálculo",
};
// The parts of the expense, after which the economic execution is shown.
const GASTOS = ["gasto_justificado", "gasto_sin_justificante", "gasto_sin_ofertas", "gasto_modificaciones_no_autorizadas"];
// What a result needs to be more than provisional: the field, how the page
// names it, and what the engine assumes meanwhile. (Fields whose default
// the form states, such as the expense «si lo deja vacío», are not missing.)
const IMPRESCINDIBLES = [
  { campo: "pagos", nombre: "los pagos recibidos", supuesto: "sin pagos no hay nada que devolver" },
];

let contador = 0;

export function el(etiqueta, atributos = {}, ...hijos) {
  const nodo = document.createElement(etiqueta);
  for (const [clave, valor] of Object.entries(atributos)) {
    if (valor === null || valor === undefined || valor === false) continue;
    if (clave === "texto") nodo.textContent = valor;
    else if (clave === "clase") nodo.className = valor;
    else if (clave.startsWith("on")) nodo.addEventListener(clave.slice(2), valor);
    else nodo.setAttribute(clave, valor === true ? "" : String(valor));
  }
  for (const hijo of hijos.flat()) {
    if (hijo === null || hijo === undefined || hijo === false) continue;
    nodo.append(hijo instanceof Node ? hijo : document.createTextNode(String(hijo)));
  }
  return nodo;
}

function mostrarNumero(valor, tipo) {
  const canonico = normalizarNumero(String(valor));
  if (canonico === null) return String(valor);
  if (tipo === "importe" && /^-?\d+(\.\d{1,2})?$/.test(canonico)) return formatearImporte(canonico);
  return canonico.replace(".", ",");
}

function leerNumero(texto) {
  const t = texto.trim();
  if (t === "") return undefined;
  return normalizarNumero(t) ?? t;
}

function conNumero(plantilla, n) {
  return String(plantilla).replaceAll("{n}", String(n));
}

export class Formulario {
  // descripcion: the engine's formulario(id); opciones.alCambiar(): called on
  // every edit; opciones.alExplicar(porQue, boton, despuesDe): a «¿Por qué se
  // pregunta?» button pressed (the caller shows the paragraph after
  // `despuesDe`).
  constructor(descripcion, { alCambiar, alExplicar }) {
    this.descripcion = descripcion;
    this.alCambiar = alCambiar;
    this.alExplicar = alExplicar;
    this.prefijo = `rc${++contador}`;
    this.campos = new Map(); // campo -> {def, contenedor, control, error}
    this.errores = new Map(); // "campo" or "pagos.0.fecha" -> {control, nodo}
    this.referencias = new Map(); // "expediente" -> {def, control, error}
    this.nodo = this._construir();
  }

  _id(campo, sufijo = "") {
    return `${this.prefijo}-${campo.replace(/[^A-Za-z0-9_-]/g, "-")}${sufijo}`;
  }

  _construir() {
    const form = el("form", { clase: "rc-formulario", novalidate: true, "aria-label": `Datos del caso: ${this.descripcion.titulo ?? ""}` });
    form.addEventListener("submit", (e) => e.preventDefault());
    form.append(el("p", { clase: "rc-nota-obligatorio" }, "Los campos marcados con ", el("span", { clase: "rc-obligatorio", "aria-hidden": "true", texto: "*" }), " son obligatorios. Los importes se escriben en euros, por ejemplo 1.234,56, y las fechas como día, mes y año, por ejemplo 30/06/2025."));
    const grupos = new Map();
    for (const def of this.descripcion.campos ?? []) {
      const clave = def.grupo in GRUPOS ? def.grupo : "otros";
      if (!grupos.has(clave)) {
        const fs = el("fieldset", { clase: `rc-grupo rc-grupo-${clave}` }, el("legend", { texto: GRUPOS[clave] ?? "Otros datos" }));
        grupos.set(clave, fs);
        form.append(fs);
      }
      grupos.get(clave).append(this._campo(def));
    }
    this._lineaEjecucion();
    if (this.descripcion.referencia?.length) form.append(this._referencias(this.descripcion.referencia));
    return form;
  }

  // --- «¿Por qué se pregunta?» ----------------------------------------------

  _porQue(def) {
    if (!def.por_que || !def.por_que.enlace) return null;
    const boton = el("button", { type: "button", clase: "rc-porque", "aria-expanded": "false", "data-enlace": def.por_que.enlace }, "¿Por qué se pregunta?", el("span", { clase: "rc-solo-lector", texto: ` (${def.etiqueta})` }));
    boton.addEventListener("click", () => this.alExplicar(def.por_que, boton, boton.closest(".rc-ayuda")));
    return boton;
  }

  _etiqueta(def, para, etiqueta = "label") {
    return el(etiqueta, etiqueta === "label" ? { for: para, clase: "rc-etiqueta" } : {},
      def.etiqueta,
      def.simbolo ? [" ", el("span", { clase: "rc-simbolo", texto: `(${def.simbolo})` })] : null,
      def.obligatorio ? [" ", el("span", { clase: "rc-obligatorio", "aria-hidden": "true", texto: "*" }), el("span", { clase: "rc-solo-lector", texto: " (obligatorio)" })] : null);
  }

  _ayudaYError(def, contenedor) {
    const ayuda = (def.ayuda || def.por_que)
      ? el("p", { clase: "rc-ayuda", id: this._id(def.campo, "-ayuda") }, def.ayuda ? def.ayuda + " " : null, this._porQue(def))
      : null;
    const error = el("p", { clase: "rc-error", id: this._id(def.campo, "-error"), hidden: true });
    contenedor.append(...[ayuda, error].filter(Boolean));
    return { ayuda, error };
  }

  _describir(control, ...nodos) {
    const ids = nodos.filter(Boolean).map((n) => n.id);
    if (ids.length) control.setAttribute("aria-describedby", ids.join(" "));
  }

  // A date control and the line that reads it back in words ("15 de marzo
  // de 2024"), so that a date typed in another order never goes unseen. A
  // half-typed date has no value and fires no input event: leaving the
  // field computes again, and the engine names what is missing.
  _fecha(atributos) {
    const control = el("input", { type: "date", min: "2005-01-01", max: "2099-12-31", ...atributos });
    const leida = el("p", { clase: "rc-fecha-leida", id: `${atributos.id}-leida`, hidden: true });
    const leer = () => {
      const texto = formatearFechaLarga(control.value);
      leida.hidden = !texto;
      leida.textContent = texto ? `Fecha: ${texto}.` : "";
    };
    control.addEventListener("input", leer);
    control.addEventListener("change", leer);
    control.addEventListener("blur", () => { if (control.validity?.badInput) this.alCambiar(); });
    return { control, leida, leer };
  }

  _campo(def) {
    const id = this._id(def.campo);
    const contenedor = el("div", { clase: `rc-campo rc-campo-${def.tipo}`, "data-campo": def.campo });
    let control;
    let leida = null;
    let leer = null;
    if (def.tipo === "pagos") return this._pagos(def, contenedor);
    if (def.tipo === "booleano") {
      control = el("input", { type: "checkbox", id, name: def.campo });
      control.checked = def.defecto === true;
      contenedor.append(el("div", { clase: "rc-casilla" }, control, this._etiqueta(def, id)));
    } else if (def.tipo === "opciones") {
      control = el("select", { id, name: def.campo });
      for (const o of def.opciones ?? []) control.append(el("option", { value: o.valor, texto: o.etiqueta }));
      if (def.defecto !== null && def.defecto !== undefined) control.value = String(def.defecto);
      contenedor.append(this._etiqueta(def, id), control);
    } else if (def.tipo === "fecha") {
      ({ control, leida, leer } = this._fecha({ id, name: def.campo }));
      contenedor.append(this._etiqueta(def, id), control, leida);
    } else {
      // importe, porcentaje, or anything else: text, Spanish numbers.
      const esImporte = def.tipo === "importe";
      control = el("input", {
        type: "text", id, name: def.campo, inputmode: "decimal", autocomplete: "off", spellcheck: "false",
        placeholder: normalizarNumero(String(def.defecto ?? "")) !== null
          ? `${mostrarNumero(def.defecto, def.tipo)} (por defecto)` : (esImporte ? "0,00" : null),
      });
      control.addEventListener("blur", () => {
        const v = control.value.trim();
        if (v) {
          const mostrado = mostrarNumero(v, def.tipo);
          if (mostrado !== control.value) control.value = mostrado;
        }
      });
      const unidad = esImporte ? "€" : def.tipo === "porcentaje" ? "%" : def.unidad ?? null;
      contenedor.append(this._etiqueta(def, id),
        el("div", { clase: "rc-con-unidad" }, control, unidad ? el("span", { clase: "rc-unidad", "aria-hidden": "true", texto: unidad }) : null));
    }
    if (def.obligatorio) control.setAttribute("aria-required", "true");
    const { ayuda, error } = this._ayudaYError(def, contenedor);
    this._describir(control, leida, ayuda, error);
    control.addEventListener(def.tipo === "booleano" || def.tipo === "opciones" ? "change" : "input", () => this.alCambiar());
    if (def.tipo === "fecha") control.addEventListener("change", () => this.alCambiar());
    this.campos.set(def.campo, { def, contenedor, control, error, leer });
    this.errores.set(def.campo, { control, nodo: error });
    return contenedor;
  }

  // --- payments: a repeatable list --------------------------------------

  _pagos(def, contenedor) {
    const fs = el("fieldset", { clase: "rc-pagos" });
    const leyenda = this._etiqueta(def, null, "legend");
    const lista = el("ol", { clase: "rc-lista-pagos" });
    const anadir = el("button", { type: "button", clase: "md-button rc-boton rc-anadir", texto: "Añadir pago" });
    fs.append(leyenda);
    const { ayuda, error } = this._ayudaYError(def, fs);
    if (ayuda) fs.setAttribute("aria-describedby", ayuda.id);
    fs.append(lista, anadir);
    contenedor.append(fs);
    const estado = { def, contenedor, lista, error, filas: [] };
    anadir.addEventListener("click", () => {
      const fila = this._filaPago(estado);
      fila.fecha.focus();
      this.alCambiar();
    });
    this.campos.set(def.campo, estado);
    this.errores.set(def.campo, { control: fs, nodo: error });
    this.pagos = estado;
    return contenedor;
  }

  _filaPago(estado, valor = {}) {
    const fila = { };
    ({ control: fila.fecha, leida: fila.leida, leer: fila.leer } = this._fecha({ clase: "rc-pago-fecha", id: this._id(`pago-${++contador}`) }));
    fila.importe = el("input", { type: "text", inputmode: "decimal", autocomplete: "off", spellcheck: "false", placeholder: "0,00", clase: "rc-pago-importe" });
    fila.quitar = el("button", { type: "button", clase: "rc-boton rc-quitar", texto: "Quitar" });
    fila.etFecha = el("label", { clase: "rc-etiqueta" });
    fila.etImporte = el("label", { clase: "rc-etiqueta" });
    fila.errFecha = el("p", { clase: "rc-error", hidden: true });
    fila.errImporte = el("p", { clase: "rc-error", hidden: true });
    // The row's errors take its whole width, under its controls.
    fila.nodo = el("li", { clase: "rc-pago" },
      el("div", { clase: "rc-pago-celda" }, fila.etFecha, fila.fecha, fila.leida),
      el("div", { clase: "rc-pago-celda" }, fila.etImporte, el("div", { clase: "rc-con-unidad" }, fila.importe, el("span", { clase: "rc-unidad", "aria-hidden": "true", texto: "€" }))),
      fila.quitar, fila.errFecha, fila.errImporte);
    if (valor.fecha !== undefined) fila.fecha.value = String(valor.fecha);
    if (valor.importe !== undefined) fila.importe.value = mostrarNumero(valor.importe, "importe");
    fila.leer();
    fila.fecha.addEventListener("input", () => this.alCambiar());
    fila.fecha.addEventListener("change", () => this.alCambiar());
    fila.importe.addEventListener("input", () => this.alCambiar());
    fila.importe.addEventListener("blur", () => {
      const v = fila.importe.value.trim();
      if (v) fila.importe.value = mostrarNumero(v, "importe");
    });
    fila.quitar.addEventListener("click", () => {
      const i = estado.filas.indexOf(fila);
      estado.filas.splice(i, 1);
      fila.nodo.remove();
      this._numerarPagos(estado);
      const siguiente = estado.filas[i] ?? estado.filas[i - 1];
      (siguiente ? siguiente.fecha : estado.contenedor.querySelector(".rc-anadir")).focus();
      this.alCambiar();
    });
    estado.filas.push(fila);
    estado.lista.append(fila.nodo);
    this._numerarPagos(estado);
    return fila;
  }

  _numerarPagos(estado) {
    const def = estado.def;
    estado.filas.forEach((fila, i) => {
      const n = i + 1;
      const base = this._id(`pagos-${n}`);
      fila.fecha.id = `${base}-fecha`;
      fila.leida.id = `${base}-fecha-leida`;
      fila.importe.id = `${base}-importe`;
      fila.errFecha.id = `${base}-fecha-error`;
      fila.errImporte.id = `${base}-importe-error`;
      fila.fecha.name = `pagos.${i}.fecha`;
      fila.importe.name = `pagos.${i}.importe`;
      fila.etFecha.htmlFor = fila.fecha.id;
      fila.etImporte.htmlFor = fila.importe.id;
      fila.etFecha.textContent = conNumero(def.etiqueta_fecha ?? "Fecha del pago {n}", n);
      fila.etImporte.textContent = conNumero(def.etiqueta_importe ?? "Importe del pago {n}", n);
      fila.fecha.setAttribute("aria-describedby", `${fila.leida.id} ${fila.errFecha.id}`);
      fila.importe.setAttribute("aria-describedby", fila.errImporte.id);
      fila.quitar.setAttribute("aria-label", `Quitar el pago ${n}`);
    });
  }

  // --- the economic execution, beside the figures that make it ----------

  // After the last part of the expense this bases asks for: the degree the
  // engine computed from them, updated with every result (mostrarEjecucion).
  _lineaEjecucion() {
    const ultimo = GASTOS.filter((c) => this.campos.has(c)).at(-1);
    if (!ultimo) return;
    this.ejecucion = el("p", { clase: "rc-ejecucion", id: this._id("ejecucion"), hidden: true });
    this.campos.get(ultimo).contenedor.after(this.ejecucion);
    for (const campo of GASTOS) {
      const control = this.campos.get(campo)?.control;
      if (control) control.setAttribute("aria-describedby", `${control.getAttribute("aria-describedby") ?? ""} ${this.ejecucion.id}`.trim());
    }
  }

  // r: the engine's result, or null (no result: the line hides).
  mostrarEjecucion(r) {
    if (!this.ejecucion) return;
    const e = r?.ejecucion;
    if (!e || e.grado_economico === undefined) {
      this.ejecucion.hidden = true;
      return;
    }
    const coste = r.caso?.coste_proyecto ?? r.caso?.importe_concedido ?? r.importe_concedido;
    this.ejecucion.hidden = false;
    this.ejecucion.replaceChildren(
      "Ejecución económica: ", el("strong", { texto: porcentajeCorto(e.grado_economico) }),
      ` (gasto aceptado, A: ${formatearEuros(e.gasto_aceptado)} de ${formatearEuros(coste)} de coste, C).`);
  }

  // --- the references of the printed report --------------------------------

  _referencias(defs) {
    const fs = el("fieldset", { clase: "rc-grupo rc-grupo-referencia" },
      el("legend", { texto: "Referencias para el informe (opcional)" }),
      el("p", { clase: "rc-ayuda", texto: "Solo aparecen en el informe impreso. Viajan en el enlace y en el archivo del caso, no se guardan en ningún otro sitio y no cambian ninguna cifra." }));
    this.detallesReferencia = el("details", { clase: "rc-referencias" }, el("summary", { texto: "Expediente, entidad y notas para el informe" }), fs);
    for (const def of defs) {
      const id = this._id(`referencia-${def.campo}`);
      const control = def.campo === "notas"
        ? el("textarea", { id, name: `referencia.${def.campo}`, rows: "3", maxlength: String(def.maximo) })
        : el("input", { type: "text", id, name: `referencia.${def.campo}`, maxlength: String(def.maximo), autocomplete: "off" });
      const ayuda = el("p", { clase: "rc-ayuda", id: `${id}-ayuda`, texto: `${def.ayuda} Hasta ${def.maximo} caracteres.` });
      const error = el("p", { clase: "rc-error", id: `${id}-error`, hidden: true });
      control.setAttribute("aria-describedby", `${ayuda.id} ${error.id}`);
      control.addEventListener("input", () => this.alCambiar());
      fs.append(el("div", { clase: "rc-campo rc-campo-texto", "data-campo": `referencia.${def.campo}` },
        el("label", { for: id, clase: "rc-etiqueta", texto: def.etiqueta }), control, ayuda, error));
      this.referencias.set(def.campo, { def, control, error });
      this.errores.set(`referencia.${def.campo}`, { control, nodo: error });
    }
    return this.detallesReferencia;
  }

  // --- the case --------------------------------------------------------------

  // The case as the engine takes it: only what the user wrote (or changed
  // from its default), in the form's order, amounts normalised.
  leerCaso(bases) {
    const caso = { bases };
    for (const [campo, c] of this.campos) {
      const { def } = c;
      if (def.tipo === "pagos") {
        const pagos = c.filas
          .map((f) => ({ fecha: f.fecha.value || (f.fecha.validity?.badInput ? "fecha incompleta" : ""), importe: leerNumero(f.importe.value) ?? "" }))
          .filter((p) => p.fecha !== "" || p.importe !== "");
        if (pagos.length) caso[campo] = pagos;
      } else if (def.tipo === "booleano") {
        if (c.control.checked !== (def.defecto === true)) caso[campo] = c.control.checked;
      } else if (def.tipo === "opciones") {
        if (c.control.value !== String(def.defecto ?? "")) caso[campo] = c.control.value;
      } else if (def.tipo === "fecha") {
        if (c.control.value) caso[campo] = c.control.value;
        else if (c.control.validity && c.control.validity.badInput) caso[campo] = "fecha incompleta";
      } else {
        const v = leerNumero(c.control.value);
        if (v !== undefined) caso[campo] = v;
      }
    }
    const referencia = {};
    for (const [campo, { control }] of this.referencias) {
      if (control.value.trim()) referencia[campo] = control.value;
    }
    if (Object.keys(referencia).length) caso.referencia = referencia;
    return anidarCriterios(caso);
  }

  // Nothing typed at all (no link to write).
  sinDatos(caso) {
    return Object.keys(caso).every((k) => k === "bases");
  }

  // Nothing to compute: no figure, date or choice (the references alone
  // describe a case, they are not one).
  estaVacio(caso) {
    return Object.keys(caso).every((k) => k === "bases" || k === "referencia");
  }

  // What the case still lacks for a result that is more than provisional:
  // [{campo, nombre, supuesto, control}], in the form's order.
  faltan(caso) {
    return IMPRESCINDIBLES
      .filter((f) => this.campos.has(f.campo) && !(f.campo in caso))
      .map((f) => ({ ...f, control: this._primerControl(f.campo) }));
  }

  _primerControl(campo) {
    const c = this.campos.get(campo);
    if (!c) return null;
    return c.def.tipo === "pagos" ? (c.filas[0]?.fecha ?? c.contenedor.querySelector(".rc-anadir")) : c.control;
  }

  vaciar() {
    for (const [, c] of this.campos) {
      const { def } = c;
      if (def.tipo === "pagos") {
        c.filas.splice(0).forEach((f) => f.nodo.remove());
      } else if (def.tipo === "booleano") c.control.checked = def.defecto === true;
      else if (def.tipo === "opciones") c.control.value = String(def.defecto ?? (def.opciones?.[0]?.valor ?? ""));
      else c.control.value = "";
      c.leer?.();
    }
    for (const [, { control }] of this.referencias) control.value = "";
    this.limpiarErrores();
    this.mostrarEjecucion(null);
  }

  // Fill from a case (a link, a saved file). Returns the errors of values
  // that cannot be shown in their control, as [{campo, mensaje}] in the
  // page's words.
  rellenar(caso) {
    caso = aplanarCriterios(caso);
    this.vaciar();
    const errores = [];
    for (const [campo, c] of this.campos) {
      if (!Object.prototype.hasOwnProperty.call(caso, campo)) continue;
      const valor = caso[campo];
      const { def } = c;
      if (def.tipo === "pagos") {
        if (!Array.isArray(valor)) { errores.push({ campo, mensaje: "debe ser una lista de pagos (revise el enlace o el archivo del caso)" }); continue; }
        valor.forEach((p, i) => {
          if (p === null || typeof p !== "object" || Array.isArray(p)) {
            errores.push({ campo: `${campo}.${i}`, mensaje: "debe tener fecha e importe" });
            p = {};
          }
          const fila = this._filaPago(c, {
            fecha: typeof p.fecha === "string" ? p.fecha : undefined,
            importe: typeof p.importe === "string" || typeof p.importe === "number" ? p.importe : undefined,
          });
          if (typeof p.fecha === "string" && fila.fecha.value !== p.fecha) {
            errores.push({ campo: `${campo}.${i}.fecha`, mensaje: "no es una fecha válida: debe tener día, mes y año, por ejemplo 30/06/2025" });
          }
        });
      } else if (def.tipo === "booleano") {
        if (typeof valor !== "boolean") errores.push({ campo, mensaje: "debe ser sí o no (revise el enlace o el archivo del caso)" });
        else c.control.checked = valor;
      } else if (def.tipo === "opciones") {
        const opcion = (def.opciones ?? []).find((o) => o.valor === valor);
        if (!opcion) errores.push({ campo, mensaje: `debe ser una de estas opciones: ${(def.opciones ?? []).map((o) => `«${o.etiqueta}»`).join(", ")}` });
        else c.control.value = valor;
      } else if (def.tipo === "fecha") {
        c.control.value = typeof valor === "string" ? valor : "";
        c.leer?.();
        if (c.control.value !== valor) errores.push({ campo, mensaje: "no es una fecha válida: debe tener día, mes y año, por ejemplo 30/06/2025" });
      } else if (typeof valor === "string" || typeof valor === "number") {
        c.control.value = mostrarNumero(valor, def.tipo);
      } else {
        errores.push({ campo, mensaje: def.tipo === "importe" ? "debe ser un importe en euros, por ejemplo 1.234,56" : "debe ser un número" });
      }
    }
    const referencia = caso.referencia;
    if (referencia && typeof referencia === "object" && !Array.isArray(referencia)) {
      for (const [campo, { control }] of this.referencias) {
        if (typeof referencia[campo] === "string") control.value = referencia[campo];
      }
      if (this.detallesReferencia) this.detallesReferencia.open = true;
    }
    return errores;
  }

  // --- errors ---------------------------------------------------------------

  _destino(campo) {
    const m = /^pagos\.(\d+)\.(fecha|importe)$/.exec(campo);
    if (m && this.pagos) {
      const fila = this.pagos.filas[Number(m[1])];
      if (fila) return m[2] === "fecha"
        ? { control: fila.fecha, nodo: fila.errFecha, etiqueta: fila.etFecha.textContent }
        : { control: fila.importe, nodo: fila.errImporte, etiqueta: fila.etImporte.textContent };
    }
    const m2 = /^pagos\.(\d+)$/.exec(campo);
    if (m2 && this.pagos) {
      const fila = this.pagos.filas[Number(m2[1])];
      if (fila) return { control: fila.importe, nodo: fila.errImporte, etiqueta: `Pago ${Number(m2[1]) + 1}` };
    }
    const directo = this.errores.get(campo) ?? this.errores.get(campo.split(".")[0]);
    if (!directo) return null;
    if (campo.startsWith("referencia.") && this.detallesReferencia) this.detallesReferencia.open = true;
    const def = this.campos.get(campo.split(".")[0])?.def ?? this.referencias.get(campo.split(".")[1])?.def;
    return { ...directo, etiqueta: def?.etiqueta ?? campo };
  }

  limpiarErrores() {
    for (const n of this.nodo.querySelectorAll(".rc-error")) { n.textContent = ""; n.hidden = true; }
    for (const n of this.nodo.querySelectorAll("[aria-invalid]")) n.removeAttribute("aria-invalid");
  }

  // Shows each error under its field; returns [{campo, etiqueta, mensaje,
  // enCampo}] so the caller can list the ones with no field of their own.
  // An error's own label (the engine's `etiqueta`) wins over the form's.
  mostrarErrores(errores) {
    this.limpiarErrores();
    return errores.map((e) => {
      const campo = String(e.campo ?? "caso");
      const mensaje = String(e.mensaje ?? "");
      const destino = this._destino(campo);
      const codigo = e.codigo ?? null;
      if (!destino) return { campo, etiqueta: e.etiqueta ?? campo, mensaje, codigo, enCampo: false };
      destino.nodo.hidden = false;
      destino.nodo.textContent = destino.nodo.textContent ? `${destino.nodo.textContent} ${mensaje}` : mensaje;
      destino.control.setAttribute("aria-invalid", "true");
      return { campo, etiqueta: e.etiqueta ?? destino.etiqueta, mensaje, codigo, enCampo: true, control: destino.control };
    });
  }

  // [{etiqueta, valor}] of the case as entered, for the printed report.
  resumen(caso) {
    caso = aplanarCriterios(caso);
    const filas = [];
    for (const [campo, c] of this.campos) {
      const { def } = c;
      if (def.tipo === "pagos") {
        (caso[campo] ?? []).forEach((p, i) => filas.push({ etiqueta: `Pago ${i + 1}`, valor: `${mostrarNumero(p.importe, "importe")} € el ${p.fecha.split("-").reverse().join("/")}` }));
      } else if (def.tipo === "booleano") {
        filas.push({ etiqueta: def.etiqueta, valor: (campo in caso ? caso[campo] : def.defecto === true) ? "Sí" : "No" });
      } else if (def.tipo === "opciones") {
        const valor = campo in caso ? caso[campo] : def.defecto;
        filas.push({ etiqueta: def.etiqueta, valor: (def.opciones ?? []).find((o) => o.valor === valor)?.etiqueta ?? String(valor ?? "") });
      } else if (campo in caso) {
        const v = caso[campo];
        filas.push({
          etiqueta: def.etiqueta,
          valor: def.tipo === "fecha" ? String(v).split("-").reverse().join("/")
            : def.tipo === "importe" ? `${mostrarNumero(v, "importe")} €`
            : def.tipo === "porcentaje" ? `${mostrarNumero(v, "porcentaje")} %` : String(v),
        });
      }
    }
    return filas;
  }

  // [{etiqueta, valor}] of the references the case carries.
  resumenReferencia(caso) {
    const referencia = caso.referencia ?? {};
    return [...this.referencias.values()]
      .filter(({ def }) => typeof referencia[def.campo] === "string" && referencia[def.campo].trim())
      .map(({ def }) => ({ etiqueta: def.etiqueta, valor: referencia[def.campo] }));
  }
}
