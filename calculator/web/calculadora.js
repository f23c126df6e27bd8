// Reintegro: the calculator in the page. Loaded on every page
// (mkdocs.yml, extra_javascript); sus-bases.js extends its Calculadora.
//
// Finds <section data-calculadora="<bases id>">, builds the form from the
// engine's description, computes in a Web Worker (Pyodide) as the user
// types, and renders the result. Contract (see DOMAIN.md):
//   data-estado = "cargando" | "listo" (engine ready, nothing entered yet)
//               | "resultado" | "error";
//   with a result, <script type="application/json" data-resultado> inside
//   the root holds exactly the JSON text `python -m reintegro calcular` prints;
//   the case lives in the fragment #caso=<base64url(JSON)>;
//   data-pendiente is present while an edit has not been computed yet (the
//   short debounce, or the engine working): wait for its absence to read a
//   result that matches the form and the address.
//
// This file owns the calculator's skeleton and its start (the form of its
// bases, the engine's state), and the page's lifecycle: a Calculadora per
// root on every page shown, the modules of pages that have their own. Each
// other concern is a file whose methods join the class here:
//   calculadora-calculo.js  requests to the engine (debounce, sequence);
//   calculadora-estado.js   the case's address, undo, link and file;
//   calculadora-vista.js    the result, the errors, the bar at the bottom;
//   calculadora-pagina.js   landing on an opened case, print, citations;
// and movil.js the phone jumps, sin-conexion.js the service worker.

import { Formulario, el } from "./formulario.js";
import { motor, datosMotor } from "./motor.js";
import { descripcionDe } from "./descripciones.js";
import { Explicaciones } from "./explicaciones.js";
import { ANCHO, SaltosMovil } from "./movil.js";
import { enCadaPagina } from "./paginas.js";
import { metodosCalculo } from "./calculadora-calculo.js";
import { metodosEstado } from "./calculadora-estado.js";
import { fechaDeHoy, metodosVista } from "./calculadora-vista.js";
import { metodosPagina, olvidarCargaPorHistorial } from "./calculadora-pagina.js";
import "./sin-conexion.js";

export class Calculadora {
  constructor(raiz) {
    this.raiz = raiz;
    this.id = raiz.dataset.calculadora;
    this.secuencia = 0;
    this.temporizador = null;
    this.caso = null;
    this.fragmento = null; // the #caso= this calculator last wrote or read
    this.destruida = false;
    this.cargado = null; // "desde el enlace" | "desde el archivo «x»": a case opened, until the next edit
    this.aterrizaje = null; // a case just opened: land on its result once it is computed
    this.deshacer = null; // the case before «Vaciar»
    this.citas = new WeakMap(); // citation link of the result -> its cita
    this.raiz.dataset.estado = "cargando";
    this.ancho = window.matchMedia(ANCHO);
    this.explicaciones = new Explicaciones({
      url: (enlace) => this._url(enlace),
      ancho: () => this.ancho.matches,
      alVerEnArticulo: (disparador) => this.saltos?.recordarRegreso(disparador),
    });
    this._esqueleto();
    this.desuscribir = motor().suscribir((m) => this._estadoMotor(m));
    this._iniciar().catch((e) => this._falloGeneral(`No se pudo preparar la calculadora: ${e.message}`));
  }

  destruir() {
    this.destruida = true;
    clearTimeout(this.temporizador);
    clearTimeout(this.temporizadorFragmento);
    this.desuscribir?.();
    this.saltos?.destruir();
    this._dejarDeVigilarGestos();
  }

  // --- skeleton -------------------------------------------------------------

  _boton(texto, accion, clase = "md-button rc-boton") {
    const boton = el("button", { type: "button", clase, texto });
    boton.addEventListener("click", accion);
    return boton;
  }

  _esqueleto() {
    const titulo = this.raiz.querySelector("h2, h3");
    this.cabecera = titulo ?? el("h2", { texto: "Calculadora" });
    this.cabecera.setAttribute("tabindex", "-1");
    this.saltos = new SaltosMovil(this.raiz, this.raiz.closest(".reintegro-pagina")?.querySelector(".reintegro-ley"), this.cabecera);
    this.progreso = el("div", { clase: "rc-progreso", role: "status" },
      el("span", { clase: "rc-progreso-texto", texto: "Preparando el motor de cálculo…" }),
      el("progress", { max: "1", "aria-label": "Carga del motor de cálculo" }));
    this.anuncio = el("p", { clase: "rc-solo-lector", role: "status", "aria-live": "polite" });
    this.erroresGenerales = el("div", { clase: "rc-errores-generales", role: "alert", hidden: true });
    this.zonaFormulario = el("div", { clase: "rc-zona-formulario" }, el("p", { clase: "rc-cargando-formulario", texto: "Preparando el formulario…" }));
    this.avisoCopia = el("span", { clase: "rc-aviso-copia", role: "status" });
    this.enlaceManual = el("input", { type: "text", readonly: true, clase: "rc-enlace-manual", "aria-label": "Enlace a este caso", hidden: true });
    this.botonVaciar = this._boton("Vaciar", () => this._vaciar(), "md-button rc-boton rc-boton-secundario");
    this.elegirArchivo = el("input", { type: "file", accept: ".json,application/json", hidden: true });
    this.elegirArchivo.addEventListener("change", () => this._abrirArchivo());
    this.avisoVaciado = el("p", { clase: "rc-aviso-vaciado", role: "status" });
    this.acciones = el("div", { clase: "rc-acciones" },
      this._boton("Copiar enlace", () => this._copiarEnlace()),
      this._boton("Imprimir / Guardar PDF", () => window.print()),
      this._boton("Guardar el caso (archivo)", () => this._guardarArchivo()),
      this._boton("Abrir un caso guardado", () => this.elegirArchivo.click()),
      this.botonVaciar, this.elegirArchivo, this.avisoCopia, this.enlaceManual, this.avisoVaciado);
    this.idTituloResultado = `rc-resultado-${this.id}`;
    this.zonaResultado = el("section", { clase: "rc-resultado", "aria-labelledby": this.idTituloResultado, hidden: true });
    this.informe = el("section", { clase: "rc-informe", "aria-hidden": "true" });
    // A bar that stays at the bottom of the panel: the total (or what is
    // missing for one), and a way to it.
    this.textoResumen = el("span", { clase: "rc-resumen-texto" });
    // A button, not <a href="#">: Material's instant navigation would take
    // a "#" link as a navigation, re-render the page and drop the focus.
    this.irResultado = this._boton("Ver el detalle", () => this.accionResumen?.(), "rc-resumen-ir");
    this.resumen = el("div", { clase: "rc-resumen", hidden: true }, this.textoResumen, this.irResultado);
    this.raiz.replaceChildren(this.cabecera, this.saltos.volver, this.progreso, this.anuncio, this.erroresGenerales,
      this.informe, this.zonaFormulario, this.acciones, this.zonaResultado, this.resumen);
    this.raiz.addEventListener("click", (e) => this._clicCita(e));
  }

  async _iniciar() {
    const datos = await datosMotor();
    if (this.destruida) return;
    this.version = datos.version_motor;
    this.catalogo = datos.catalogo ?? [];
    const descripcion = await this._descripcion(datos);
    if (this.destruida) return;
    if (!descripcion) {
      const conocidas = this.catalogo.map((b) => b.id).join(", ");
      this._falloGeneral(`Esta página pide la calculadora de unas bases desconocidas («${this.id}»). Bases disponibles: ${conocidas}.`);
      return;
    }
    this._usarFormulario(descripcion);
    this.alCambiarFragmento(true);
    (window.requestIdleCallback ?? setTimeout)(() => fechaDeHoy());
  }

  // The form of this page's bases (a subclass: the user's own).
  async _descripcion() {
    return descripcionDe(this.id);
  }

  _usarFormulario(descripcion) {
    this.formulario = new Formulario(descripcion, {
      alCambiar: () => this._alEditar(),
      alExplicar: (porQue, boton, despuesDe) => this.explicaciones.alternar(boton, porQue, despuesDe),
    });
    this.zonaFormulario.replaceChildren(this.formulario.nodo);
  }

  _falloGeneral(mensaje) {
    this.raiz.dataset.estado = "error";
    this.erroresGenerales.hidden = false;
    this.erroresGenerales.replaceChildren(el("p", { texto: mensaje }));
  }

}

Object.assign(Calculadora.prototype, metodosCalculo, metodosEstado, metodosVista, metodosPagina);

// --- page lifecycle -------------------------------------------------------

let activas = [];
let iniciada = false;

// Pages with a module of their own, loaded only where its element is (not
// on every page: they and what they import are bytes the first result of a
// bases page never needs). Once evaluated, each follows every page itself
// (enCadaPagina): Material's document$ replays the current page to a
// subscriber that comes late, so the module starts on the page that loaded
// it, and later on any page reached by instant navigation.
const MODULOS_DE_PAGINA = [
  { selector: "[data-sus-bases]", modulo: "./sus-bases.js" },
  { selector: "[data-comparacion]", modulo: "./comparacion.js" },
  { selector: "[data-catalogo]", modulo: "./catalogo.js" },
  { selector: "[data-lote]", modulo: "./lote.js" },
];

function cargarModulosDePagina() {
  for (const { selector, modulo } of MODULOS_DE_PAGINA) {
    if (!document.querySelector(selector)) continue;
    import(modulo).catch((e) => {
      const raiz = document.querySelector(selector);
      if (!raiz) return;
      raiz.dataset.estado = "error";
      raiz.replaceChildren(el("p", { clase: "rc-progreso rc-progreso-fallo", role: "alert",
        texto: `No se pudo cargar esta página (${e.message}). Recárguela para intentarlo de nuevo.` }));
    });
  }
}

function iniciar() {
  if (iniciada) olvidarCargaPorHistorial(); // only the document's own load counts
  iniciada = true;
  for (const c of activas) c.destruir();
  activas = [];
  cargarModulosDePagina();
  // The «Sus bases» page runs its own (sus-bases.js).
  const raices = document.querySelectorAll("[data-calculadora]:not([data-bases-propias])");
  if (!raices.length) return;
  motor(); // start the engine at once, not on the first click
  activas = [...raices].map((raiz) => new Calculadora(raiz));
}

window.addEventListener("hashchange", () => {
  for (const c of activas) c.alCambiarFragmento();
});

enCadaPagina(iniciar);
