// Phones: the article and the calculator make one long column, the
// calculator thousands of pixels down. A floating button takes the reader
// from anywhere in the article to the calculator («Ir a la calculadora»),
// or back to the very control it left («Volver a la calculadora», after
// «Ver en el artículo»); a button at the top of the calculator returns to
// where the reader was in the article («Volver al artículo»). Wide screens,
// where the article and the calculator stand side by side, need neither.

import { el } from "./formulario.js";

export const ANCHO = "(min-width: 60em)"; // as calculadora.css lays the two columns out
const CABECERA_PX = 64; // Material's header, over the top of the page

function mover(destino, bloque = "start") {
  const reducir = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  destino.scrollIntoView({ block: bloque, behavior: reducir ? "auto" : "smooth" });
}

function enfocar(destino) {
  if (!destino.matches("a[href], button, input, select, textarea, [tabindex]")) destino.setAttribute("tabindex", "-1");
  destino.focus({ preventScroll: true });
}

export class SaltosMovil {
  // raiz: the calculator's root; articulo: the article beside it; titulo: the
  // calculator's heading.
  constructor(raiz, articulo, titulo) {
    this.raiz = raiz;
    this.articulo = articulo;
    this.titulo = titulo;
    this.ancho = window.matchMedia(ANCHO);
    this.regreso = null; // the calculator's control to come back to
    this.lectura = null; // where the reader was in the article: {y, elemento}
    this.alVer = false; // the calculator is on screen
    this.flotante = el("button", { type: "button", clase: "rc-flotante", hidden: true });
    this.flotante.addEventListener("click", () => this.irALaCalculadora());
    this.volver = el("button", { type: "button", clase: "md-button rc-boton rc-volver-articulo" },
      el("span", { "aria-hidden": "true", texto: "↑ " }), "Volver al artículo");
    this.volver.addEventListener("click", () => this.volverAlArticulo());
    this.volver.hidden = !articulo;
    articulo?.before(this.flotante);
    this.actualizar = () => this._actualizar();
    this.ancho.addEventListener("change", this.actualizar);
    this.observador = new IntersectionObserver(([entrada]) => {
      this.alVer = entrada.isIntersecting;
      this._actualizar();
    }, { rootMargin: `-${CABECERA_PX}px 0px 0px 0px` });
    this.observador.observe(raiz);
    this._actualizar();
  }

  destruir() {
    this.observador.disconnect();
    this.ancho.removeEventListener("change", this.actualizar);
    this.flotante.remove();
  }

  _actualizar() {
    this.flotante.hidden = this.ancho.matches || this.alVer || !this.articulo;
    this.flotante.replaceChildren(el("span", { "aria-hidden": "true", texto: "↓ " }),
      this.regreso ? "Volver a la calculadora" : "Ir a la calculadora");
  }

  // The first element of the article at the top of the screen, to come back to.
  _leyendo() {
    const candidatos = this.articulo ? this.articulo.querySelectorAll("[id], h2, h3, p") : [];
    for (const c of candidatos) {
      if (c.getBoundingClientRect().bottom > CABECERA_PX) return c;
    }
    return null;
  }

  // A phone leaves the calculator for the article: remember the control.
  recordarRegreso(control) {
    this.regreso = control;
    this._actualizar();
  }

  irALaCalculadora() {
    const regreso = this.regreso;
    this.regreso = null;
    if (!this.alVer) this.lectura = { y: window.scrollY, elemento: this._leyendo() };
    const destino = regreso && regreso.isConnected ? regreso : this.titulo;
    mover(destino, regreso ? "center" : "start");
    enfocar(destino);
    this._actualizar();
  }

  volverAlArticulo() {
    const lectura = this.lectura;
    this.lectura = null;
    if (lectura && lectura.elemento?.isConnected) {
      window.scrollTo({ top: lectura.y, behavior: "instant" });
      enfocar(lectura.elemento);
      return;
    }
    const inicio = this.articulo?.querySelector("h2, p") ?? this.articulo;
    if (!inicio) return;
    mover(inicio);
    enfocar(inicio);
  }
}
