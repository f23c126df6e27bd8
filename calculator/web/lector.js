// «Pegue el artículo de sus bases», at the top of «Sus bases»: the pasted
// text goes through the reader in the engine's worker
// (reintegro.navegador.leer_articulo); the bases it reads fill the page's
// form (as an opened file would: the page's own «Abrir unas bases
// guardadas» path, so that the form, the link and the calculator work as
// for any bases); each criterion read is listed with the sentence it came
// from, those to check marked «Revise» with why; the sentences the reader
// did not understand are listed with «Añadir a mano». Until the user says
// the criteria to check are checked, the calculator says at its top that
// its result rests on them.

import { el } from "./formulario.js";
import { motor } from "./motor.js";
import { enCadaPagina } from "./paginas.js";

const MAXIMO = 2_000_000; // characters: the reader's own limit (reintegro.lector.parrafos)
const ARCHIVO = "articulo-leido.json";

const NOMBRES = {
  umbral: "Umbral entre reintegro total y proporcional",
  umbral_declarado: "Aproximación significativa al cumplimiento total",
  proporcional: "Reintegro proporcional",
  causa_total: "Causa de reintegro total",
  deduccion: "Gasto que no se acepta",
  minoracion_fija: "Minoración de un porcentaje fijo",
  minoracion_discrecional: "Minoración graduable hasta un máximo",
  minoracion_por_dias: "Minoración por días de retraso",
  tope_grupo: "Tope conjunto de minoraciones",
  cofinanciacion: "Aportación propia mínima",
  exceso: "Exceso de financiación con otras ayudas",
  intereses: "Intereses de demora",
  liquidacion: "Reintegro de lo cobrado",
};

class Lector {
  constructor(raiz) {
    this.raiz = raiz;
    this.area = el("textarea", { id: "lector-texto", name: "articulo", rows: "8", spellcheck: "false",
      "aria-describedby": "lector-ayuda" });
    this.estado = el("div", { clase: "lector-estado", role: "status" });
    this.revision = el("div", { clase: "lector-revision" });
    this.seccion = el("section", { clase: "lector", "aria-labelledby": "pegue-el-articulo" },
      el("h2", { id: "pegue-el-articulo", texto: "Pegue el artículo de sus bases" }),
      el("p", { id: "lector-ayuda", texto: "Copie el artículo de sus bases reguladoras que regula el reintegro o la "
        + "graduación de los incumplimientos (del BOE o de su boletín) y péguelo aquí: se lee en su navegador, "
        + "rellena el formulario de sus bases y le dice de qué frase sale cada criterio." }),
      el("div", { clase: "rc-campo" }, el("label", { for: "lector-texto", texto: "Texto del artículo" }), this.area),
      el("div", { clase: "rc-acciones" },
        el("button", { type: "button", clase: "md-button md-button--primary rc-boton", texto: "Leer el artículo",
          onclick: () => this.leer() })),
      this.estado, this.revision);
    this.aviso = el("div", { clase: "rc-aviso lector-sin-revisar", role: "note", hidden: true },
      el("p", { texto: "" }),
      el("button", { type: "button", clase: "md-button rc-boton", texto: "Ya he revisado los criterios",
        onclick: () => { this.aviso.hidden = true; } }));
    raiz.before(this.seccion);
  }

  // At the top of the calculator, under its heading.
  _avisar(texto) {
    this.aviso.querySelector("p").textContent = texto;
    const calculadora = document.querySelector("[data-bases-propias]");
    const cabecera = calculadora?.firstElementChild;
    if (cabecera) cabecera.after(this.aviso);
    else calculadora?.prepend(this.aviso);
    this.aviso.hidden = false;
  }

  _decir(texto, error = false) {
    this.estado.replaceChildren(el("p", { clase: error ? "rc-aviso sb-aviso-error" : "rc-aviso", texto }));
  }

  async leer() {
    const texto = this.area.value;
    if (!texto.trim()) {
      this._decir("Pegue primero el texto del artículo.", true);
      this.area.focus();
      return;
    }
    if (texto.length > MAXIMO) {
      this._decir("El texto es demasiado largo: pegue solo el artículo que regula el reintegro.", true);
      return;
    }
    this._decir("Leyendo el artículo…");
    const m = motor();
    await m.listo;
    const respuesta = JSON.parse(await m.pedir("leer_articulo", texto));
    if (respuesta.estado !== "lectura") {
      this._decir(`No se ha podido leer: ${respuesta.mensaje}.`, true);
      this.revision.replaceChildren();
      return;
    }
    await this._rellenar(respuesta.bases);
    this._mostrar(respuesta);
  }

  // The page's own file input: the form loads the bases and recomputes.
  async _rellenar(bases) {
    const entrada = this.raiz.querySelector("input[type=file]");
    if (!entrada) throw new Error("el formulario de sus bases no está listo");
    const archivos = new DataTransfer();
    archivos.items.add(new File([JSON.stringify(bases)], ARCHIVO, { type: "application/json" }));
    entrada.files = archivos.files;
    entrada.dispatchEvent(new Event("change"));
  }

  _mostrar({ criterios, sin_reconocer: sinReconocer }) {
    const porRevisar = criterios.filter((c) => c.certeza !== "segura");
    this._decir(`Leídos ${criterios.length} criterios: ${porRevisar.length} por revisar. `
      + `${sinReconocer.length} frases no se han entendido. El formulario de sus bases está relleno con lo leído.`);
    const lista = el("ol", { clase: "lector-criterios" }, criterios.map((c) => el("li", {},
      el("p", {},
        el("strong", { texto: NOMBRES[c.clase] ?? c.clase }), `, ${c.referencia}`,
        c.certeza === "segura" ? null : el("span", { clase: "lector-revise", texto: " — Revise" })),
      c.frase ? el("blockquote", { texto: c.frase }) : el("p", { texto: "Sin frase en el artículo: lo dice la ley general." }),
      c.motivo ? el("p", { texto: `Por qué revisarlo: ${c.motivo}.` }) : null)));
    const noEntendidas = el("ul", { clase: "lector-sin-reconocer" }, sinReconocer.map((s) => el("li", {},
      el("p", {}, el("strong", { texto: s.referencia }), s.motivo ? ` — ${s.motivo}` : ""),
      el("blockquote", { texto: s.frase }),
      el("button", { type: "button", clase: "md-button rc-boton", texto: "Añadir a mano",
        onclick: () => this._aMano() }))));
    this.revision.replaceChildren(
      el("h3", { texto: "Criterios leídos, con la frase de la que sale cada uno" }), lista,
      el("h3", { texto: "Frases que no se han entendido" }),
      sinReconocer.length ? noEntendidas : el("p", { texto: "Ninguna." }));
    this._avisar(porRevisar.length
      ? `Este resultado se calcula con ${porRevisar.length} criterios leídos del artículo que usted aún no ha `
        + "revisado (marcados «Revise» en «Pegue el artículo de sus bases»): compruébelos con su texto antes de "
        + "fiarse de las cifras."
      : "Este resultado se calcula con criterios leídos del artículo: compruébelos con su texto.");
  }

  _aMano() {
    const primero = this.raiz.querySelector("input, select, textarea");
    this.raiz.scrollIntoView({ block: "start" });
    primero?.focus();
  }
}

function iniciar() {
  const raiz = document.querySelector("[data-sus-bases]");
  if (raiz && !document.querySelector(".lector")) new Lector(raiz);
}

enCadaPagina(iniciar);
