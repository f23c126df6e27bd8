// The form, built from the engine's description formulario(id): one
// control per field, grouped, with help, "¿Por qué se pregunta?" links,
// required marks, Spanish numbers and per-field errors. Text only: every
// string from the engine goes through textContent.

import { normalizarNumero, formatearImporte } from "./caso.js";

const GRUPOS = {
  importes: "Importes",
  ejecucion: "Ejecución y justificación",
  incumplimientos: "Incumplimientos",
  fechas: "Fechas",
  opciones: "Opciones del cálculo",
};

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

export class Formulario {
  // descripcion: the engine's formulario(id); opciones.alCambiar(): called on
  // every edit; opciones.alCitar(enlace, evento): a "¿Por qué?" link clicked.
  constructor(descripcion, { alCambiar, alCitar, urlDe }) {
    this.descripcion = descripcion;
    this.alCambiar = alCambiar;
    this.alCitar = alCitar;
    this.urlDe = urlDe;
    this.prefijo = `rc${++contador}`;
    this.campos = new Map(); // campo -> {def, contenedor, control, error}
    this.errores = new Map(); // "campo" or "pagos.0.fecha" -> {control, nodo}
    this.nodo = this._construir();
  }

  _id(campo, sufijo = "") {
    return `${this.prefijo}-${campo.replace(/[^A-Za-z0-9_-]/g, "-")}${sufijo}`;
  }

  _construir() {
    const form = el("form", { clase: "rc-formulario", novalidate: true, "aria-label": `Datos del caso: ${this.descripcion.titulo ?? ""}` });
    form.addEventListener("submit", (e) => e.preventDefault());
    form.append(el("p", { clase: "rc-nota-obligatorio" }, "Los campos marcados con ", el("span", { clase: "rc-obligatorio", "aria-hidden": "true", texto: "*" }), " son obligatorios. Los importes se escriben en euros, por ejemplo 1.234,56."));
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
    return form;
  }

  _porQue(def) {
    if (!def.por_que || !def.por_que.enlace) return null;
    const a = el("a", {
      clase: "rc-porque",
      href: this.urlDe(def.por_que.enlace),
      texto: "¿Por qué se pregunta?",
      title: def.por_que.referencia ? `Véase ${def.por_que.referencia}` : null,
    });
    a.addEventListener("click", (e) => this.alCitar(def.por_que.enlace, e));
    return a;
  }

  _etiqueta(def, para) {
    return el("label", { for: para, clase: "rc-etiqueta" },
      def.etiqueta,
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

  _campo(def) {
    const id = this._id(def.campo);
    const contenedor = el("div", { clase: `rc-campo rc-campo-${def.tipo}`, "data-campo": def.campo });
    let control;
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
      control = el("input", { type: "date", id, name: def.campo, min: "2005-01-01", max: "2099-12-31" });
      contenedor.append(this._etiqueta(def, id), control);
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
      const unidad = esImporte ? "€" : def.tipo === "porcentaje" ? "%" : null;
      contenedor.append(this._etiqueta(def, id),
        el("div", { clase: "rc-con-unidad" }, control, unidad ? el("span", { clase: "rc-unidad", "aria-hidden": "true", texto: unidad }) : null));
    }
    if (def.obligatorio) control.setAttribute("aria-required", "true");
    const { ayuda, error } = this._ayudaYError(def, contenedor);
    this._describir(control, ayuda, error);
    control.addEventListener(def.tipo === "booleano" || def.tipo === "opciones" ? "change" : "input", () => this.alCambiar());
    if (def.tipo === "fecha") control.addEventListener("change", () => this.alCambiar());
    this.campos.set(def.campo, { def, contenedor, control, error });
    this.errores.set(def.campo, { control, nodo: error });
    return contenedor;
  }

  // --- payments: a repeatable list --------------------------------------

  _pagos(def, contenedor) {
    const fs = el("fieldset", { clase: "rc-pagos" });
    const leyenda = el("legend", {}, def.etiqueta, def.obligatorio ? [" ", el("span", { clase: "rc-obligatorio", "aria-hidden": "true", texto: "*" })] : null);
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
    fila.fecha = el("input", { type: "date", min: "2005-01-01", max: "2099-12-31", clase: "rc-pago-fecha" });
    fila.importe = el("input", { type: "text", inputmode: "decimal", autocomplete: "off", spellcheck: "false", placeholder: "0,00", clase: "rc-pago-importe" });
    fila.quitar = el("button", { type: "button", clase: "rc-boton rc-quitar", texto: "Quitar" });
    fila.etFecha = el("label", { clase: "rc-etiqueta" });
    fila.etImporte = el("label", { clase: "rc-etiqueta" });
    fila.errFecha = el("p", { clase: "rc-error", hidden: true });
    fila.errImporte = el("p", { clase: "rc-error", hidden: true });
    fila.nodo = el("li", { clase: "rc-pago" },
      el("div", { clase: "rc-pago-celda" }, fila.etFecha, fila.fecha, fila.errFecha),
      el("div", { clase: "rc-pago-celda" }, fila.etImporte, el("div", { clase: "rc-con-unidad" }, fila.importe, el("span", { clase: "rc-unidad", "aria-hidden": "true", texto: "€" })), fila.errImporte),
      fila.quitar);
    if (valor.fecha !== undefined) fila.fecha.value = String(valor.fecha);
    if (valor.importe !== undefined) fila.importe.value = mostrarNumero(valor.importe, "importe");
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
    estado.filas.forEach((fila, i) => {
      const n = i + 1;
      const base = this._id(`pagos-${n}`);
      fila.fecha.id = `${base}-fecha`;
      fila.importe.id = `${base}-importe`;
      fila.errFecha.id = `${base}-fecha-error`;
      fila.errImporte.id = `${base}-importe-error`;
      fila.fecha.name = `pagos.${i}.fecha`;
      fila.importe.name = `pagos.${i}.importe`;
      fila.etFecha.htmlFor = fila.fecha.id;
      fila.etImporte.htmlFor = fila.importe.id;
      fila.etFecha.textContent = `Fecha del pago ${n}`;
      fila.etImporte.textContent = `Importe del pago ${n}`;
      fila.fecha.setAttribute("aria-describedby", fila.errFecha.id);
      fila.importe.setAttribute("aria-describedby", fila.errImporte.id);
      fila.quitar.setAttribute("aria-label", `Quitar el pago ${n}`);
    });
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
          .map((f) => ({ fecha: f.fecha.value, importe: leerNumero(f.importe.value) ?? "" }))
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
    return caso;
  }

  estaVacio(caso) {
    return Object.keys(caso).every((k) => k === "bases");
  }

  vaciar() {
    for (const [, c] of this.campos) {
      const { def } = c;
      if (def.tipo === "pagos") {
        c.filas.splice(0).forEach((f) => f.nodo.remove());
      } else if (def.tipo === "booleano") c.control.checked = def.defecto === true;
      else if (def.tipo === "opciones") c.control.value = String(def.defecto ?? (def.opciones?.[0]?.valor ?? ""));
      else c.control.value = "";
    }
    this.limpiarErrores();
  }

  // Fill from a case (a link). Returns the errors of values that cannot be
  // shown in their control, as engine-style [{campo, mensaje}].
  rellenar(caso) {
    this.vaciar();
    const errores = [];
    for (const [campo, c] of this.campos) {
      if (!Object.prototype.hasOwnProperty.call(caso, campo)) continue;
      const valor = caso[campo];
      const { def } = c;
      if (def.tipo === "pagos") {
        if (!Array.isArray(valor)) { errores.push({ campo, mensaje: "debe ser una lista de pagos" }); continue; }
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
            errores.push({ campo: `${campo}.${i}.fecha`, mensaje: "no es una fecha válida (AAAA-MM-DD)" });
          }
        });
      } else if (def.tipo === "booleano") {
        if (typeof valor !== "boolean") errores.push({ campo, mensaje: "debe ser sí o no (true o false)" });
        else c.control.checked = valor;
      } else if (def.tipo === "opciones") {
        const valores = (def.opciones ?? []).map((o) => o.valor);
        if (!valores.includes(valor)) errores.push({ campo, mensaje: `debe ser una de estas opciones: ${valores.join(", ")}` });
        else c.control.value = valor;
      } else if (def.tipo === "fecha") {
        c.control.value = typeof valor === "string" ? valor : "";
        if (c.control.value !== valor) errores.push({ campo, mensaje: "no es una fecha válida (AAAA-MM-DD)" });
      } else if (typeof valor === "string" || typeof valor === "number") {
        c.control.value = mostrarNumero(valor, def.tipo);
      } else {
        errores.push({ campo, mensaje: "debe ser un número" });
      }
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
    const def = this.campos.get(campo.split(".")[0])?.def;
    return { ...directo, etiqueta: def?.etiqueta ?? campo };
  }

  limpiarErrores() {
    for (const n of this.nodo.querySelectorAll(".rc-error")) { n.textContent = ""; n.hidden = true; }
    for (const n of this.nodo.querySelectorAll("[aria-invalid]")) n.removeAttribute("aria-invalid");
  }

  // Shows each error under its field; returns [{campo, etiqueta, mensaje,
  // enCampo}] so the caller can list the ones with no field of their own.
  mostrarErrores(errores) {
    this.limpiarErrores();
    return errores.map((e) => {
      const campo = String(e.campo ?? "caso");
      const mensaje = String(e.mensaje ?? "");
      const destino = this._destino(campo);
      if (!destino) return { campo, etiqueta: campo, mensaje, enCampo: false };
      destino.nodo.hidden = false;
      destino.nodo.textContent = destino.nodo.textContent ? `${destino.nodo.textContent} ${mensaje}` : mensaje;
      destino.control.setAttribute("aria-invalid", "true");
      return { campo, etiqueta: destino.etiqueta, mensaje, enCampo: true, control: destino.control };
    });
  }

  // [{etiqueta, valor}] of the case as entered, for the printed report.
  resumen(caso) {
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
}
