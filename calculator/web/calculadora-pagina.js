// The calculator in its page: landing on a case just opened (scroll to the
// calculator, then to its result, unless the reader moved meanwhile or came
// through the history), the printed report's heading (print-only), and the
// citations of the result (a paragraph of this page opens in place). The
// phone jumps between article and calculator are movil.js's. Methods of
// Calculadora (installed by calculadora.js); CalculadoraPropia (sus-bases.js)
// extends _informe.

import { el } from "./formulario.js";

const RAIZ_SITIO = new URL("../../", import.meta.url); // assets/calculadora/ -> site root
// What the user does that means "leave the page where I put it".
const GESTOS = ["wheel", "touchmove", "keydown", "pointerdown"];

// A page reached through the history (back, forward) keeps the scroll
// position the browser or Material restores: it does not land on its result.
let ultimoPopstate = -Infinity;
let cargaPorHistorial = performance.getEntriesByType?.("navigation")?.[0]?.type === "back_forward";
window.addEventListener("popstate", () => { ultimoPopstate = performance.now(); });

export function llegadaPorHistorial() {
  return cargaPorHistorial || performance.now() - ultimoPopstate < 2000;
}

// Only the document's own load counts as reached through the history
// (called by calculadora.js for every later page).
export function olvidarCargaPorHistorial() {
  cargaPorHistorial = false;
}

export function rutaNormalizada(url) {
  return url.pathname.replace(/index\.html$/, "");
}

export const metodosPagina = {
  // The calculator comes into view at once (the result needs the engine,
  // which may still be loading); the result, once computed, takes its place,
  // unless the reader has scrolled, tapped or typed meanwhile.
  _abrir(origen) {
    this.cargado = origen;
    this.aterrizaje = { movido: false };
    this._vigilarGestos();
    this.raiz.scrollIntoView({ block: "start" });
  },

  _vigilarGestos() {
    this._dejarDeVigilarGestos();
    this.alGesto = () => { if (this.aterrizaje) this.aterrizaje.movido = true; };
    for (const g of GESTOS) window.addEventListener(g, this.alGesto, { capture: true, passive: true });
  },

  _dejarDeVigilarGestos() {
    if (!this.alGesto) return;
    for (const g of GESTOS) window.removeEventListener(g, this.alGesto, { capture: true });
    this.alGesto = null;
  },

  _aterrizar() {
    const aterrizaje = this.aterrizaje;
    this.aterrizaje = null;
    this._dejarDeVigilarGestos();
    if (!aterrizaje || aterrizaje.movido) return;
    const destino = this.raiz.dataset.estado === "resultado" ? this.zonaResultado.querySelector("h3") : this.cabecera;
    if (!destino) return;
    destino.setAttribute("tabindex", "-1");
    destino.scrollIntoView({ block: "start" });
    destino.focus({ preventScroll: true });
  },

  _olvidarCarga() {
    if (!this.cargado) return;
    this.cargado = null;
    this.zonaResultado.querySelector(".rc-aviso-carga")?.remove();
  },

  // Print-only: the case as entered, heading the report, with its references
  // and the bases it was computed under.
  _informe(caso, fecha) {
    const d = this.formulario.descripcion;
    const filas = (lista) => el("dl", { clase: "rc-informe-datos" }, lista.map((f) => el("div", {}, el("dt", { texto: f.etiqueta }), el("dd", { texto: f.valor }))));
    const referencia = this.formulario.resumenReferencia(caso);
    this.informe.replaceChildren(...[
      el("h3", { texto: "Informe de autoevaluación del reintegro" }),
      el("p", { texto: `${d.titulo ?? document.querySelector("h1")?.textContent?.trim() ?? ""} — ${fecha}` }),
      referencia.length ? [el("h4", { texto: "Referencias" }), filas(referencia)] : null,
      el("h4", { texto: "Bases reguladoras" }),
      el("p", { clase: "rc-informe-bases" }, d.norma ? `${d.norma}. ` : null, d.fuente ? `Fuente: ${d.fuente}` : null),
      el("h4", { texto: "Datos del caso" }),
      filas(this.formulario.resumen(caso)),
    ].flat().filter(Boolean));
  },

  _url(enlace) {
    return new URL(String(enlace ?? ""), RAIZ_SITIO);
  },

  _enlaceCita(cita) {
    const u = this._url(cita.enlace ?? "");
    const etiqueta = [cita.norma, cita.referencia].filter(Boolean).join(", ");
    const a = el("a", {
      clase: "rc-enlace-cita",
      href: u.href,
      "data-enlace": cita.enlace ?? "",
      "aria-expanded": "false",
      texto: etiqueta || u.hash.slice(1),
    });
    this.citas.set(a, cita);
    return a;
  },

  // A citation to a paragraph of this page opens it in place (and, on a
  // wide screen, highlights it beside the calculator) without touching the
  // address, which keeps the case. A citation to another page is a link.
  _clicCita(evento) {
    const a = evento.target.closest?.("a.rc-enlace-cita");
    if (!a || !this.raiz.contains(a)) return;
    if (evento.defaultPrevented || evento.button !== 0 || evento.metaKey || evento.ctrlKey || evento.shiftKey || evento.altKey) return;
    const u = this._url(a.dataset.enlace);
    if (rutaNormalizada(u) !== rutaNormalizada(new URL(location.href)) || !u.hash) return;
    if (!document.getElementById(decodeURIComponent(u.hash.slice(1)))) return;
    evento.preventDefault();
    evento.stopPropagation();
    const cita = this.citas.get(a) ?? {};
    const referencia = [cita.norma, cita.referencia].filter(Boolean).join(", ");
    this.explicaciones.alternar(a, { ...cita, referencia, enlace: a.dataset.enlace }, a.closest(".rc-cita") ?? a);
  },
};
