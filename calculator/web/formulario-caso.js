// The case in and out of the form: read it (leerCaso), fill it (rellenar,
// with the errors of what cannot be shown), empty it, tell what is missing
// for a result that is more than provisional, and summarise it for the
// printed report. Methods of Formulario (installed by formulario.js), called
// by the calculator (calculadora-*.js, sus-bases.js).

import { anidarCriterios, aplanarCriterios } from "./criterios.js";
import { leerNumero, mostrarNumero } from "./formulario-comun.js";

// What a result needs to be more than provisional: the field, how the page
// names it, and what the engine assumes meanwhile. (Fields whose default
// the form states, such as the expense «si lo deja vacío», are not missing.)
const IMPRESCINDIBLES = [
  { campo: "pagos", nombre: "los pagos recibidos", supuesto: "sin pagos no hay nada que devolver" },
];

export const metodosCaso = {
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
  },

  // Nothing typed at all (no link to write).
  sinDatos(caso) {
    return Object.keys(caso).every((k) => k === "bases");
  },

  // Nothing to compute: no figure, date or choice (the references alone
  // describe a case, they are not one).
  estaVacio(caso) {
    return Object.keys(caso).every((k) => k === "bases" || k === "referencia");
  },

  // What the case still lacks for a result that is more than provisional:
  // [{campo, nombre, supuesto, control}], in the form's order.
  faltan(caso) {
    return IMPRESCINDIBLES
      .filter((f) => this.campos.has(f.campo) && !(f.campo in caso))
      .map((f) => ({ ...f, control: this._primerControl(f.campo) }));
  },

  _primerControl(campo) {
    const c = this.campos.get(campo);
    if (!c) return null;
    return c.def.tipo === "pagos" ? (c.filas[0]?.fecha ?? c.contenedor.querySelector(".rc-anadir")) : c.control;
  },

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
  },

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
  },

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
  },

  // [{etiqueta, valor}] of the references the case carries.
  resumenReferencia(caso) {
    const referencia = caso.referencia ?? {};
    return [...this.referencias.values()]
      .filter(({ def }) => typeof referencia[def.campo] === "string" && referencia[def.campo].trim())
      .map(({ def }) => ({ etiqueta: def.etiqueta, valor: referencia[def.campo] }));
  },
};
