// The controls of the bases form, one method per kind the schema's
// "x-control" names: a single value (text, percentage, integer, check box,
// option, anchor, a case field), a set of values, an optional section, a
// nested object, a list of objects, the paragraphs (with renaming of their
// anchors wherever they are cited). Methods of FormularioBases (installed
// by formulario-bases.js), called while it draws the form.

import { el } from "./formulario.js";
import { normalizarNumero } from "./caso.js";

export function copia(valor) {
  return valor === undefined ? undefined : JSON.parse(JSON.stringify(valor));
}

function mostrarPorcentaje(valor) {
  return valor === undefined || valor === null ? "" : String(valor).replace(".", ",");
}

export const metodosControles = {
  _campo(p, sub, opcional, objeto, clave, ruta, camino) {
    const control = p["x-control"];
    const id = this._id(ruta);
    const contenedor = el("div", { clase: "rc-campo fb-campo" });
    const ayuda = this._ayuda(p, ruta);
    const asignar = (v) => {
      if ((v === "" || v === null) && opcional) objeto[clave] = null;
      else objeto[clave] = v;
    };
    let entrada;
    if (control === "casilla") {
      entrada = el("input", { type: "checkbox", id, checked: Boolean(objeto[clave]) });
      entrada.addEventListener("change", () => { objeto[clave] = entrada.checked; this._cambiado(); });
      contenedor.append(el("div", { clase: "rc-casilla" }, entrada, el("label", { for: id, clase: "rc-etiqueta", texto: p.title })));
    } else if (control === "valores") {
      return this._valores(p, objeto, clave, ruta, camino);
    } else {
      entrada = this._entrada(p, control, objeto[clave], opcional, objeto, id);
      const leer = () => {
        if (control === "porcentaje") return entrada.value.trim() === "" ? "" : normalizarNumero(entrada.value) ?? entrada.value.trim();
        if (control === "entero") return /^\d+$/.test(entrada.value.trim()) ? Number(entrada.value.trim()) : entrada.value.trim();
        return entrada.value;
      };
      const cambia = control?.startsWith("campo:opciones") || control === "opcion" && clave === "tipo";
      entrada.addEventListener(entrada.tagName === "SELECT" ? "change" : "input", () => {
        asignar(leer());
        if (cambia) objeto.valores = this._inicial({ "x-control": "valores" }, objeto);
        this._cambiado(cambia);
      });
      // A paragraph's or a cap's name is offered in other selects: redraw them once typed.
      if (/^(parrafos|grupos)\./.test(ruta) && entrada.tagName !== "SELECT") entrada.addEventListener("change", () => setTimeout(() => this._pintar()));
      contenedor.append(el("label", { for: id, clase: "rc-etiqueta", texto: p.title }),
        control === "porcentaje" ? el("div", { clase: "rc-con-unidad" }, entrada, el("span", { clase: "rc-unidad", "aria-hidden": "true", texto: "%" })) : entrada);
    }
    if (ayuda) {
      contenedor.append(ayuda);
      entrada.setAttribute("aria-describedby", ayuda.id);
    }
    this._registrar(ruta, p.title, camino, entrada, contenedor);
    return contenedor;
  },

  _entrada(p, control, valor, opcional, objeto, id) {
    const opciones = this._opcionesDeControl(p, control, valor, opcional, objeto);
    if (opciones) {
      const select = el("select", { id });
      for (const grupo of opciones) {
        const nodos = grupo.opciones.map(([v, texto]) => el("option", { value: v, texto, selected: v === (valor ?? "") }));
        select.append(...(grupo.nombre ? [el("optgroup", { label: grupo.nombre }, nodos)] : nodos));
      }
      return select;
    }
    if (control === "texto-largo") return el("textarea", { id, rows: "3", texto: valor ?? "" });
    if (control === "porcentaje") return el("input", { type: "text", id, inputmode: "decimal", autocomplete: "off", value: mostrarPorcentaje(valor), clase: "fb-porcentaje" });
    if (control === "entero") return el("input", { type: "text", id, inputmode: "numeric", autocomplete: "off", value: valor ?? "" });
    return el("input", { type: "text", id, autocomplete: "off", value: valor ?? "" });
  },

  // [{nombre, opciones: [[valor, texto]]}] of a select, or null for a text box.
  _opcionesDeControl(p, control, valor, opcional, objeto) {
    let grupos = null;
    if (control === "opcion") grupos = [{ opciones: Object.entries(p["x-opciones"]) }];
    else if (control === "ancla") {
      const propios = Object.entries(this.valor.parrafos ?? {}).map(([a, d]) => [a, `${d.referencia || a} (${a})`]);
      grupos = [{ nombre: "Sus bases", opciones: propios },
        { nombre: "Ley general", opciones: Object.entries(this.datos.ley_general) }];
    } else if (control?.startsWith("campo:")) grupos = [{ opciones: this._camposDe(control.slice(6)) }];
    else if (control === "grupo") grupos = [{ opciones: (this.valor.grupos ?? []).map((g) => [g.id, g.texto || g.id]) }];
    if (!grupos) return null;
    const todos = grupos.flatMap((g) => g.opciones.map(([v]) => v));
    if (opcional) grupos.unshift({ opciones: [["", "Ninguno"]] });
    if (valor && !todos.includes(valor)) grupos.push({ opciones: [[valor, `«${valor}» (no existe)`]] });
    return grupos;
  },

  _valores(p, objeto, clave, ruta, camino) {
    const opciones = this._opcionesDe(objeto.campo);
    const elegidos = new Set(objeto[clave] ?? []);
    const caja = el("fieldset", { clase: "fb-valores" }, el("legend", { texto: p.title }));
    for (const o of opciones) {
      const id = this._id(`${ruta}.${o.valor}`);
      const casilla = el("input", { type: "checkbox", id, checked: elegidos.has(o.valor) });
      casilla.addEventListener("change", () => {
        objeto[clave] = opciones.map((x) => x.valor).filter((v) => (v === o.valor ? casilla.checked : (objeto[clave] ?? []).includes(v)));
        this._cambiado();
      });
      caja.append(el("div", { clase: "rc-casilla" }, casilla, el("label", { for: id, clase: "rc-etiqueta", texto: o.etiqueta })));
    }
    this._registrar(ruta, p.title, camino, caja.querySelector("input"), caja);
    return caja;
  },

  _seccion(sub, opcional, objeto, clave, ruta, camino) {
    const titulo = sub.title;
    const caja = el("fieldset", { clase: "fb-seccion", id: this._id(ruta) }, el("legend", { texto: titulo }));
    const ayuda = this._ayuda(sub, ruta);
    if (ayuda) caja.append(ayuda);
    if (opcional) {
      const id = `${this._id(ruta)}-si`;
      const casilla = el("input", { type: "checkbox", id, checked: objeto[clave] != null });
      casilla.addEventListener("change", () => {
        objeto[clave] = casilla.checked ? this._nuevo(sub) : null;
        this._cambiado(true);
      });
      caja.append(el("div", { clase: "rc-casilla" }, casilla, el("label", { for: id, clase: "rc-etiqueta", texto: `Sus bases lo prevén: ${titulo.toLowerCase()}` })));
      if (objeto[clave] == null) {
        this._registrar(ruta, titulo, camino, casilla, caja);
        return caja;
      }
    }
    // What the general law rules when the bases say nothing: the model's default.
    if (objeto[clave] == null) objeto[clave] = copia(sub.default) ?? this._nuevo(sub);
    caja.append(...this._objeto(sub, objeto[clave], ruta, [...camino, titulo], (nuevo) => { objeto[clave] = nuevo; }));
    this._registrar(ruta, titulo, camino, caja.querySelector("select, input, textarea"), caja);
    return caja;
  },

  // The fields of an object, or of the kind chosen in a union («tipo»).
  _objeto(sub, valor, ruta, camino, reemplazar) {
    if (!sub.oneOf) return this._propiedades(this._definicion(sub), valor, ruta, camino);
    const clave = sub.discriminator.propertyName;
    const tipos = Object.entries(sub.discriminator.mapping);
    const actual = tipos.find(([t]) => t === valor[clave]) ?? tipos[0];
    const id = `${this._id(ruta)}-tipo`;
    const select = el("select", { id }, tipos.map(([t, ref]) => el("option", {
      value: t, selected: t === actual[0], texto: this.esquema.$defs[ref.split("/").pop()]["x-tipo"] ?? t,
    })));
    select.addEventListener("change", () => {
      const nuevo = this._nuevo({ $ref: sub.discriminator.mapping[select.value] });
      for (const comun of ["ancla", "texto", "campo", "ancla_proporcional", "texto_total"]) {
        if (comun in nuevo && valor[comun] !== undefined && !(comun === "campo")) nuevo[comun] = valor[comun];
      }
      reemplazar(nuevo);
      this._cambiado(true);
    });
    return [el("div", { clase: "rc-campo fb-campo" }, el("label", { for: id, clase: "rc-etiqueta", texto: "Tipo" }), select),
      ...this._propiedades(this.esquema.$defs[actual[1].split("/").pop()], valor, ruta, camino)];
  },

  _lista(p, objeto, clave, ruta, camino) {
    objeto[clave] ??= [];
    const lista = objeto[clave];
    const elemento = p["x-elemento"];
    const nombre = elemento.charAt(0).toUpperCase() + elemento.slice(1);
    const caja = el("fieldset", { clase: "fb-lista", id: this._id(ruta) }, el("legend", { texto: p.title }));
    const ayuda = this._ayuda(p, ruta);
    if (ayuda) caja.append(ayuda);
    lista.forEach((item, n) => {
      const titulo = `${nombre} ${n + 1}`;
      const quitar = el("button", { type: "button", clase: "md-button rc-boton rc-boton-secundario", texto: `Quitar ${elemento} ${n + 1}` });
      quitar.addEventListener("click", () => { lista.splice(n, 1); this._cambiado(true); });
      const hijo = el("fieldset", { clase: "fb-elemento" }, el("legend", { texto: titulo }),
        ...this._objeto(p.items, item, `${ruta}.${n}`, [...camino, p.title, titulo], (nuevo) => { lista[n] = nuevo; }), quitar);
      this._registrar(`${ruta}.${n}`, titulo, [...camino, p.title], null, hijo);
      caja.append(hijo);
    });
    const anadir = el("button", { type: "button", clase: "md-button rc-boton", texto: `Añadir ${elemento}` });
    anadir.addEventListener("click", () => {
      const tipo = p.items.oneOf ? { $ref: Object.values(p.items.discriminator.mapping)[0] } : p.items;
      lista.push(this._nuevo(tipo));
      this._cambiado(true);
      caja.querySelector(".fb-elemento:last-of-type select, .fb-elemento:last-of-type input")?.focus();
    });
    caja.append(anadir);
    this._registrar(ruta, p.title, camino, null, caja);
    return caja;
  },

  // The paragraphs: an object keyed by anchor. Each is a fieldset whose id
  // is its anchor, so that a step citing it (sus-bases/#apartado-2) lands on it.
  _parrafos(p, objeto, clave, ruta, camino) {
    objeto[clave] ??= {};
    const caja = el("fieldset", { clase: "fb-lista fb-parrafos", id: this._id(ruta) }, el("legend", { texto: p.title }));
    const ayuda = this._ayuda(p, ruta);
    if (ayuda) caja.append(ayuda);
    const def = this._definicion(p.additionalProperties);
    Object.entries(objeto[clave]).forEach(([ancla, parrafo], n) => {
      const titulo = parrafo.referencia || ancla;
      const idAncla = `${this._id(`${ruta}.${n}`)}-ancla`;
      const entradaAncla = el("input", { type: "text", id: idAncla, value: ancla, autocomplete: "off", spellcheck: "false" });
      // After the change (a Tab has moved the focus on): redrawn, the focus stays where it went.
      entradaAncla.addEventListener("change", () => { const nueva = entradaAncla.value.trim(); setTimeout(() => this._renombrar(ancla, nueva)); });
      const quitar = el("button", { type: "button", clase: "md-button rc-boton rc-boton-secundario", texto: `Quitar el párrafo «${titulo}»` });
      quitar.addEventListener("click", () => { delete objeto[clave][ancla]; this._cambiado(true); });
      const hijo = el("fieldset", { clase: "fb-elemento fb-parrafo", id: ancla },
        el("legend", { texto: titulo }),
        el("div", { clase: "rc-campo fb-campo" }, el("label", { for: idAncla, clase: "rc-etiqueta", texto: "Identificador (ancla de las citas)" }), entradaAncla),
        ...this._propiedades(def, parrafo, `${ruta}.${ancla}`, [...camino, p.title, titulo]), quitar);
      this._registrar(`${ruta}.${ancla}`, titulo, [...camino, p.title], entradaAncla, hijo);
      caja.append(hijo);
    });
    const anadir = el("button", { type: "button", clase: "md-button rc-boton", texto: "Añadir párrafo" });
    anadir.addEventListener("click", () => {
      let n = Object.keys(objeto[clave]).length + 1;
      while (`apartado-${n}` in objeto[clave]) n += 1;
      objeto[clave][`apartado-${n}`] = { referencia: `apartado ${n}`, texto: "" };
      this._cambiado(true);
    });
    caja.append(anadir);
    this._registrar(ruta, p.title, camino, null, caja);
    return caja;
  },

  // A paragraph's anchor renamed: every criterion citing it follows.
  _renombrar(antes, despues) {
    const parrafos = this.valor.parrafos;
    if (!despues || despues === antes || despues in parrafos) { this._pintar(); return; }
    this.valor.parrafos = Object.fromEntries(Object.entries(parrafos).map(([a, d]) => [a === antes ? despues : a, d]));
    const recorrer = (v) => {
      if (Array.isArray(v)) v.forEach(recorrer);
      else if (v && typeof v === "object") {
        for (const [k, x] of Object.entries(v)) {
          if (k.startsWith("ancla") && x === antes) v[k] = despues;
          else recorrer(x);
        }
      }
    };
    for (const [k, v] of Object.entries(this.valor)) if (k !== "parrafos") recorrer(v);
    const activo = document.activeElement?.id ?? "";
    this._pintar(activo.replace(this._id(`parrafos.${antes}`), this._id(`parrafos.${despues}`)));
    this._cambiado();
  },
};
