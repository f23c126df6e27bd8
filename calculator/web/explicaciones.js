// A cited paragraph shown in place: «¿Por qué se pregunta?» and the
// citations of the result open, right where they are, the paragraph of the
// article (and its «En la práctica» note) without moving the form. Each
// panel has a visible way back («Cerrar», which returns the focus to what
// opened it) and a way to the paragraph in the article («Ver en el
// artículo»): beside the calculator on a wide screen (highlighted, the
// calculator stays where it was), or down the page on a phone, with
// «Volver a la calculadora» to come back (movil.js).

import { el } from "./formulario.js";

const BLOQUES = "p, li, h1, h2, h3, h4, h5, h6, blockquote, dd, dt, td, th, tr, section, article, div";
let contador = 0;

// The paragraph (block) an anchor points to.
export function bloqueDe(destino) {
  return destino.matches(BLOQUES) ? destino : (destino.closest(BLOQUES) ?? destino);
}

// Highlight the paragraph of an anchor and scroll it into view; with
// `enfocar`, it takes the focus too (a phone, where the reader is taken
// there).
export function destacar(destino, { enfocar = true } = {}) {
  const bloque = bloqueDe(destino);
  for (const anterior of document.querySelectorAll(".reintegro-destacado")) anterior.classList.remove("reintegro-destacado");
  bloque.classList.add("reintegro-destacado");
  if (!bloque.hasAttribute("tabindex")) bloque.setAttribute("tabindex", "-1");
  const reducir = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  bloque.scrollIntoView({ behavior: reducir ? "auto" : "smooth", block: "center" });
  if (enfocar) bloque.focus({ preventScroll: true });
}

// A copy of an element of the page to show elsewhere: no ids (they must stay
// unique), no permalink «¶», nothing focusable but its links.
function copia(nodo) {
  const c = nodo.cloneNode(true);
  for (const n of [c, ...c.querySelectorAll("[id]")]) n.removeAttribute("id");
  for (const n of c.querySelectorAll(".headerlink, .admonition-title")) n.remove();
  for (const n of [c, ...c.querySelectorAll("[tabindex]")]) n.removeAttribute("tabindex");
  c.classList?.remove("reintegro-destacado");
  return c;
}

// The «En la práctica» note that follows a paragraph of the article, if any.
function notaPractica(bloque) {
  const siguiente = bloque.nextElementSibling;
  return siguiente && siguiente.matches(".admonition") ? siguiente : null;
}

export class Explicaciones {
  // opciones.url(enlace) -> URL; opciones.ancho() -> true when the article
  // stands beside the calculator; opciones.alVerEnArticulo(disparador): a
  // phone leaves the calculator for the article (to come back to disparador).
  constructor({ url, ancho, alVerEnArticulo }) {
    this.url = url;
    this.ancho = ancho;
    this.alVerEnArticulo = alVerEnArticulo;
    this.abiertas = new Map(); // disparador -> panel
  }

  // The anchor's element on this page, or null (another page, or absent).
  _destino(enlace) {
    const u = this.url(enlace);
    const aqui = new URL(location.href);
    const ruta = (x) => x.pathname.replace(/index\.html$/, "");
    if (ruta(u) !== ruta(aqui) || !u.hash) return null;
    return document.getElementById(decodeURIComponent(u.hash.slice(1)));
  }

  // cita: {enlace, referencia (norm and paragraph, as one line), texto}; the
  // panel goes after `despuesDe`. Pressed again, the panel closes.
  alternar(disparador, cita, despuesDe) {
    if (this.abiertas.has(disparador)) {
      this.cerrar(disparador, { enfocar: false });
      return;
    }
    const destino = this._destino(cita.enlace);
    const panel = this._panel(disparador, cita, destino);
    despuesDe.after(panel);
    disparador.setAttribute("aria-expanded", "true");
    disparador.setAttribute("aria-controls", panel.id);
    this.abiertas.set(disparador, panel);
    // Its first lines come into view if they fell below the screen (the
    // control that opened it stays on screen: the margin is CSS's).
    const reducir = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    panel.firstElementChild.scrollIntoView({ block: "nearest", behavior: reducir ? "instant" : "smooth" });
    if (destino && this.ancho()) destacar(destino, { enfocar: false }); // beside the calculator
  }

  cerrar(disparador, { enfocar = true } = {}) {
    const panel = this.abiertas.get(disparador);
    if (!panel) return;
    panel.remove();
    this.abiertas.delete(disparador);
    disparador.setAttribute("aria-expanded", "false");
    disparador.removeAttribute("aria-controls");
    if (enfocar && disparador.isConnected) disparador.focus();
  }

  // Forget the panels of what is no longer in the page (a result drawn anew).
  olvidarRetirados() {
    for (const disparador of [...this.abiertas.keys()]) {
      if (!disparador.isConnected) this.abiertas.delete(disparador);
    }
  }

  _panel(disparador, cita, destino) {
    const id = `rc-explicacion-${++contador}`;
    const titulo = el("p", { clase: "rc-explicacion-titulo", id: `${id}-titulo`, texto: cita.referencia || "Párrafo citado" });
    const bloque = destino ? bloqueDe(destino) : null;
    const texto = bloque
      ? el("blockquote", { clase: "rc-explicacion-texto" }, [...copia(bloque).childNodes])
      : (cita.texto ? el("blockquote", { clase: "rc-explicacion-texto" }, el("p", { texto: cita.texto })) : null);
    const practica = bloque ? notaPractica(bloque) : null;
    const cerrar = el("button", { type: "button", clase: "md-button rc-boton", texto: "Cerrar" });
    cerrar.addEventListener("click", () => this.cerrar(disparador));
    const ver = destino
      ? el("button", { type: "button", clase: "md-button rc-boton", texto: "Ver en el artículo" })
      : el("a", { clase: "md-button rc-boton", href: this.url(cita.enlace).href, texto: "Leer la norma completa" });
    if (destino) ver.addEventListener("click", () => this._verEnArticulo(disparador, destino));
    const panel = el("div", { clase: "rc-explicacion-cita", id, role: "region", "aria-labelledby": titulo.id },
      titulo,
      texto,
      practica ? el("div", { clase: "rc-explicacion-practica" },
        el("p", { clase: "rc-explicacion-subtitulo", texto: "En la práctica" }), [...copia(practica).childNodes]) : null,
      el("div", { clase: "rc-explicacion-acciones" }, ver, cerrar));
    panel.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { e.preventDefault(); this.cerrar(disparador); }
    });
    return panel;
  }

  _verEnArticulo(disparador, destino) {
    if (this.ancho()) {
      destacar(destino, { enfocar: false });
      return;
    }
    this.alVerEnArticulo(disparador);
    destacar(destino);
  }
}
