// The payments of the case form: a repeatable list of rows (date and
// amount), each with its labels, errors and «Quitar», numbered as they
// stand. Methods of Formulario (installed by formulario.js), called while
// it builds the form (_campo) and by formulario-caso.js (rellenar, vaciar).

import { conNumero, el, mostrarNumero, siguiente } from "./formulario-comun.js";

export const metodosPagos = {
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
  },

  _filaPago(estado, valor = {}) {
    const fila = { };
    ({ control: fila.fecha, leida: fila.leida, leer: fila.leer } = this._fecha({ clase: "rc-pago-fecha", id: this._id(`pago-${siguiente()}`) }));
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
  },

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
  },
};
