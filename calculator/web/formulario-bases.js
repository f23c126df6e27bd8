// The form of a user's own bases, built by walking the JSON Schema of the
// engine's model (reintegro.modelo_bases.Bases), which the build annotates
// with Spanish labels, help and a control per property
// (calculator/hooks/sus_bases.py): no field list is written here. The
// value is the bases JSON the engine reads (`validar_bases`, `calcular`,
// `python -m reintegro calcular --bases`), amounts and percentages as
// strings. Errors come back from the engine by path ("regimen.minimo") and
// are shown under the control of that path, named by its label.
//
// This file reads the schema, holds the value, draws the form and shows the
// errors; the controls of each kind are formulario-bases-controles.js.
// Called by sus-bases.js.

import { el } from "./formulario.js";
import { copia, metodosControles } from "./formulario-bases-controles.js";

// Where a user's bases are written (reintegro.navegador.PAGINA_BASES_PROPIAS).
const PAGINA = "sus-bases/";
let contador = 0;

export class FormularioBases {
  // datos: sus-bases.json; alCambiar(): every edit.
  constructor(datos, { alCambiar }) {
    this.datos = datos;
    this.esquema = datos.esquema;
    this.alCambiar = alCambiar;
    this.prefijo = `fb${++contador}`;
    this.nodo = el("div", { clase: "fb-formulario" });
    this.valor = {};
    this.controles = new Map(); // path -> {etiqueta, nodoError, control}
  }

  // --- schema --------------------------------------------------------------

  _definicion(sub) {
    if (sub?.$ref) return this.esquema.$defs[sub.$ref.split("/").pop()];
    return sub;
  }

  _nombreDef(sub) {
    return sub?.$ref ? sub.$ref.split("/").pop() : null;
  }

  // {opcional, sub}: "X | None" unwrapped.
  _sinNulo(sub) {
    const opciones = sub.anyOf;
    if (opciones && opciones.some((o) => o.type === "null") && opciones.length === 2) {
      return { opcional: true, sub: { ...opciones.find((o) => o.type !== "null"), ...sub, anyOf: undefined } };
    }
    return { opcional: false, sub };
  }

  // A new value of a definition: its required properties, filled sensibly.
  _nuevo(sub) {
    const def = this._definicion(sub);
    const nuevo = {};
    for (const clave of def.required ?? []) {
      const p = def.properties[clave];
      if (p.const !== undefined) nuevo[clave] = p.const;
      else nuevo[clave] = this._inicial(p, nuevo);
    }
    return nuevo;
  }

  _inicial(p, hermano) {
    const control = p["x-control"];
    if (control === "ancla") return Object.keys(this.valor.parrafos ?? {})[0] ?? "";
    if (control?.startsWith("campo:")) return this._camposDe(control.slice(6))[0]?.[0] ?? "";
    if (control === "valores") return this._opcionesDe(hermano.campo).slice(-1).map((o) => o.valor);
    if (control === "porcentaje") return "10";
    if (control === "entero") return 30;
    if (control === "opcion") return Object.keys(p["x-opciones"])[0];
    if (p.type === "array") return [];
    return "";
  }

  _camposDe(tipo) {
    if (tipo === "gasto") return this.datos.gasto.map((c) => [c, this.datos.campos[c]?.etiqueta ?? c]);
    return Object.entries(this.datos.campos).filter(([, d]) => d.tipo === tipo).map(([c, d]) => [c, d.etiqueta]);
  }

  _opcionesDe(campo) {
    return this.datos.campos[campo]?.opciones ?? [];
  }

  // --- value in, value out ----------------------------------------------------

  cargar(bases) {
    this.valor = copia(bases);
    this._pintar();
  }

  // The bases JSON: the form's value, with the case fields its criteria use
  // (the model's «campos», which the form does not show) derived here, and
  // the page its citations reach.
  leer() {
    const b = copia(this.valor);
    const usados = new Map();
    const usar = (campo, ancla) => { if (campo && !usados.has(campo)) usados.set(campo, ancla); };
    for (const c of b.causas_totales ?? []) usar(c.campo, c.ancla);
    for (const d of b.deducciones ?? []) usar(d.campo, d.ancla);
    for (const m of b.minoraciones ?? []) {
      if (m.tipo === "por_dias") { usar(m.desde, m.ancla); usar(m.hasta, m.ancla); } else usar(m.campo, m.ancla);
    }
    if (b.regimen?.tipo === "declaracion") usar(b.regimen.campo, b.regimen.ancla);
    const anclas = new Set([...Object.keys(b.parrafos ?? {}), ...Object.keys(this.datos.ley_general)]);
    const criterio = (campo) => ["booleano", "opciones"].includes(this.datos.campos[campo]?.tipo) || this.datos.gasto.includes(campo);
    const campos = (b.campos ?? [])
      .filter((c) => usados.has(c.campo) || !criterio(c.campo))
      .map((c) => (c.ancla && !anclas.has(c.ancla) ? { ...c, ancla: null } : c));
    for (const [campo, ancla] of usados) {
      if (!campos.some((c) => c.campo === campo)) campos.push({ campo, ancla: anclas.has(ancla) ? ancla : null });
    }
    b.campos = campos;
    // Citations reach the paragraphs on this page, from the command line too.
    b.pagina_web = PAGINA;
    return b;
  }

  // --- drawing ----------------------------------------------------------------

  // Redraw from the value; the focus goes back to the control of the same id.
  _pintar(foco = document.activeElement?.id) {
    this.controles.clear();
    this.nodo.replaceChildren(...this._propiedades(this.esquema, this.valor, "", []));
    if (foco && this.nodo.querySelector(`#${CSS.escape(foco)}`)) document.getElementById(foco).focus();
  }

  _cambiado(repintar = false) {
    if (repintar) this._pintar();
    this.alCambiar?.();
  }

  // The properties of an object; those the general law rules when the bases
  // say nothing ("x-avanzado") folded in one <details> at the end.
  _propiedades(def, objeto, ruta, camino) {
    const visibles = Object.entries(def.properties ?? {}).filter(([, p]) => !p["x-oculto"]);
    const nodo = ([clave, p]) => this._propiedad(p, objeto, clave, ruta ? `${ruta}.${clave}` : clave, camino);
    const avanzados = visibles.filter(([, p]) => p["x-avanzado"]);
    const nodos = visibles.filter(([, p]) => !p["x-avanzado"]).map(nodo);
    if (avanzados.length) {
      nodos.push(el("details", { clase: "fb-avanzado" },
        el("summary", { texto: "Lo que rige la ley general si sus bases no dicen otra cosa (opcional)" }),
        avanzados.map(nodo)));
    }
    return nodos;
  }

  _id(ruta) {
    return `${this.prefijo}-${ruta.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  }

  _registrar(ruta, etiqueta, camino, control, contenedor) {
    const nodoError = el("p", { clase: "rc-error", id: `${this._id(ruta)}-error`, hidden: true });
    contenedor.append(nodoError);
    this.controles.set(ruta, { etiqueta: [...camino, etiqueta].join(" › "), nodoError, control, contenedor });
    if (control) {
      const descrito = [control.getAttribute("aria-describedby"), nodoError.id].filter(Boolean).join(" ");
      control.setAttribute("aria-describedby", descrito);
    }
  }

  _ayuda(p, ruta) {
    return p.description ? el("p", { clase: "rc-ayuda", id: `${this._id(ruta)}-ayuda`, texto: p.description }) : null;
  }

  _propiedad(p, objeto, clave, ruta, camino) {
    const control = p["x-control"];
    const { opcional, sub } = this._sinNulo(p);
    if (control === "seccion") return this._seccion(sub, opcional, objeto, clave, ruta, camino);
    if (control === "lista") return this._lista(p, objeto, clave, ruta, camino);
    if (control === "parrafos") return this._parrafos(p, objeto, clave, ruta, camino);
    return this._campo(p, sub, opcional, objeto, clave, ruta, camino);
  }

  // --- errors -------------------------------------------------------------------

  limpiarErrores() {
    for (const c of this.controles.values()) {
      c.nodoError.hidden = true;
      c.nodoError.textContent = "";
      c.control?.removeAttribute("aria-invalid");
    }
  }

  // errores: [{campo: "regimen.minimo", mensaje}] from validar_bases ->
  // [{etiqueta, mensaje, control}], each shown under the nearest control.
  mostrarErrores(errores) {
    this.limpiarErrores();
    return errores.map((e) => {
      let ruta = String(e.campo ?? "");
      while (ruta && !this.controles.has(ruta)) ruta = ruta.includes(".") ? ruta.slice(0, ruta.lastIndexOf(".")) : "";
      const c = this.controles.get(ruta);
      if (!c) return { etiqueta: "Sus bases", mensaje: e.mensaje, control: null };
      for (let d = c.contenedor.closest("details"); d; d = d.parentElement?.closest("details")) d.open = true;
      c.nodoError.hidden = false;
      c.nodoError.textContent = c.nodoError.textContent ? `${c.nodoError.textContent} ${e.mensaje}` : e.mensaje;
      c.control?.setAttribute("aria-invalid", "true");
      return { etiqueta: c.etiqueta, mensaje: e.mensaje, control: c.control ?? c.contenedor };
    });
  }
}

Object.assign(FormularioBases.prototype, metodosControles);
