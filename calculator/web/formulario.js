// The form, built from the engine's description formulario(id): one
// control per field, grouped, with help, a «¿Por qué se pregunta?» button
// that shows the paragraph in place, required marks, Spanish numbers, dates
// read back in words, the economic execution the figures make, the optional
// references of the printed report, and per-field errors. Text only: every
// string from the engine goes through textContent.
//
// This file builds the form (groups, labels, help, each control, the
// references); the payments list is formulario-pagos.js, the case in and
// out formulario-caso.js, the execution line and the errors
// formulario-avisos.js, shared helpers formulario-comun.js. Called by the
// calculator (calculadora.js) and, for el(), by every module of the page.

import { normalizarNumero, formatearFechaLarga } from "./caso.js";
import { el, mostrarNumero, siguiente } from "./formulario-comun.js";
import { metodosPagos } from "./formulario-pagos.js";
import { metodosCaso } from "./formulario-caso.js";
import { metodosAvisos } from "./formulario-avisos.js";

export { el };

const GRUPOS = {
  importes: "Importes",
  ejecucion: "Ejecución y justificación",
  incumplimientos: "Incumplimientos",
  fechas: "Fechas",
  opciones: "Opciones del cálculo",
};

export class Formulario {
  // descripcion: the engine's formulario(id); opciones.alCambiar(): called on
  // every edit; opciones.alExplicar(porQue, boton, despuesDe): a «¿Por qué se
  // pregunta?» button pressed (the caller shows the paragraph after
  // `despuesDe`).
  constructor(descripcion, { alCambiar, alExplicar }) {
    this.descripcion = descripcion;
    this.alCambiar = alCambiar;
    this.alExplicar = alExplicar;
    this.prefijo = `rc${siguiente()}`;
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

}

Object.assign(Formulario.prototype, metodosPagos, metodosCaso, metodosAvisos);
