// What the case form shows beside its fields after a computation: the
// economic execution the figures make (under the expense) and the errors,
// each under its field (or returned to be shown above the form). Methods of
// Formulario (installed by formulario.js), called by the calculator
// (calculadora-vista.js).

import { formatearEuros, porcentajeCorto } from "./caso.js";
import { el } from "./formulario-comun.js";

// The parts of the expense, after which the economic execution is shown.
const GASTOS = ["gasto_justificado", "gasto_sin_justificante", "gasto_sin_ofertas", "gasto_modificaciones_no_autorizadas"];

export const metodosAvisos = {
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
  },

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
  },

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
  },

  limpiarErrores() {
    for (const n of this.nodo.querySelectorAll(".rc-error")) { n.textContent = ""; n.hidden = true; }
    for (const n of this.nodo.querySelectorAll("[aria-invalid]")) n.removeAttribute("aria-invalid");
  },

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
  },
};
