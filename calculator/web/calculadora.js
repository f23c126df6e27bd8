// Reintegro: the calculator in the page.
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
// The address follows every edit at once (before the result), a case
// opened from a link or a file lands on its result, and on a phone the
// page offers a way between the article and the calculator (movil.js).

import { PREFIJO_CASO, codificarCaso, leerFragmento, ErrorEnlace, formatearEuros } from "./caso.js";
import { Formulario, el } from "./formulario.js";
import { renderizarResultado } from "./resultado.js";
import { completarGrafico } from "./grafico.js";
import { motor, datosMotor } from "./motor.js";
import { Explicaciones } from "./explicaciones.js";
import { ANCHO, SaltosMovil } from "./movil.js";
import { guardarCaso, leerArchivo } from "./archivo.js";
import { enCadaPagina } from "./paginas.js";

const RAIZ_SITIO = new URL("../../", import.meta.url); // assets/calculadora/ -> site root
const ESPERA_MS = 180;
// The address is rewritten at most this often while the user types (Chromium
// ignores history updates beyond about 200 in 10 s); a rewrite the browser
// dropped is retried.
const FRAGMENTO_MS = 100;
const REINTENTOS_FRAGMENTO = 60;
// What the user does that means "leave the page where I put it".
const GESTOS = ["wheel", "touchmove", "keydown", "pointerdown"];

// The last case of each page, for this browsing session of the site. Material's
// instant navigation re-renders the page when an in-page anchor (a table of
// contents entry, a "¶" link) changes the address, which would otherwise
// empty the form: the new calculator takes its case back from here.
const casosRecientes = new Map();

// Today's date in Spanish, at the foot of a result and in its printed
// report. The first Intl date formatter of a page costs 15-30 ms (Chromium
// loads the locale's calendar data): made while the engine boots (see
// _iniciar), it is no longer on the way of the first result.
let formatoFecha = null;

function fechaDeHoy() {
  formatoFecha ??= new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric" });
  return formatoFecha.format(new Date());
}

// A page reached through the history (back, forward) keeps the scroll
// position the browser or Material restores: it does not land on its result.
let ultimoPopstate = -Infinity;
let cargaPorHistorial = performance.getEntriesByType?.("navigation")?.[0]?.type === "back_forward";
window.addEventListener("popstate", () => { ultimoPopstate = performance.now(); });

function llegadaPorHistorial() {
  return cargaPorHistorial || performance.now() - ultimoPopstate < 2000;
}

function rutaNormalizada(url) {
  return url.pathname.replace(/index\.html$/, "");
}

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

  _estadoMotor(m) {
    if (this.destruida) return;
    const texto = this.progreso.querySelector(".rc-progreso-texto");
    const barra = this.progreso.querySelector("progress");
    if (m.estado === "cargando") {
      this.progreso.hidden = false;
      texto.textContent = `${m.progreso.texto} El formulario ya se puede rellenar.`;
      barra.value = m.progreso.fraccion;
    } else if (m.estado === "listo") {
      this.progreso.hidden = true;
      if (this.raiz.dataset.estado === "cargando") this._programar(0);
    } else {
      this.progreso.hidden = false;
      barra.hidden = true;
      texto.textContent = `No se pudo cargar el motor de cálculo: ${m.error}. Recargue la página para intentarlo de nuevo.`;
      this.progreso.classList.add("rc-progreso-fallo");
      this.raiz.dataset.estado = "error";
    }
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
  async _descripcion(datos) {
    return datos.formularios?.[this.id];
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

  // --- URL fragment -----------------------------------------------------------

  // The fragment of a case: "#caso=…" ("" without data); a subclass adds its bases.
  _fragmentoDe(caso) {
    return caso && !this.formulario.sinDatos(caso) ? PREFIJO_CASO + codificarCaso(caso) : "";
  }

  _esFragmento(hash) {
    return hash.startsWith(PREFIJO_CASO);
  }

  _urlCaso(caso) {
    const u = new URL(location.href);
    u.hash = this._fragmentoDe(caso).slice(1);
    return u;
  }

  _clave() {
    return `${rutaNormalizada(new URL(location.href))}|${this.id}`;
  }

  _escribirFragmento(caso, forzar = false, intento = 0) {
    clearTimeout(this.temporizadorFragmento);
    this.ultimaEscritura = performance.now();
    casosRecientes.set(this._clave(), caso);
    const u = this._urlCaso(caso);
    const nuevo = u.hash;
    if (!nuevo && !this._esFragmento(location.hash)) return; // keep #apartado-… alone
    if (forzar) this.fragmento = null;
    if (nuevo === location.hash) { this.fragmento = nuevo; return; }
    this.fragmento = nuevo;
    history.replaceState(history.state, "", nuevo ? u.href : u.href.replace(/#$/, ""));
    if (location.hash !== nuevo && intento < REINTENTOS_FRAGMENTO && !this.destruida) {
      // The browser dropped the rewrite (too many history updates at once).
      this.temporizadorFragmento = setTimeout(() => this._escribirFragmento(this.formulario.leerCaso(this.id), true, intento + 1), 250);
    }
  }

  // Every edit: the address follows at once (at most every FRAGMENTO_MS),
  // the result after the short debounce.
  _alEditar() {
    this._olvidarCarga();
    this._quitarDeshacer();
    clearTimeout(this.temporizadorFragmento);
    const espera = (this.ultimaEscritura ?? -Infinity) + FRAGMENTO_MS - performance.now();
    const escribir = () => this._escribirFragmento(this.formulario.leerCaso(this.id));
    if (espera <= 0) escribir();
    else this.temporizadorFragmento = setTimeout(escribir, espera);
    this._programar();
  }

  // Called on load, and on every hashchange (back/forward, pasted link).
  alCambiarFragmento(inicial = false) {
    if (!this.formulario) return;
    const hash = location.hash;
    if (hash.startsWith("#bases=") && !this._esFragmento(hash)) {
      this._ofrecerSusBases(hash);
      return;
    }
    if (!this._esFragmento(hash)) {
      // An ordinary anchor (#apartado-2): the case stays in the form, and its
      // link comes back to the address (without moving the page).
      const reciente = casosRecientes.get(this._clave());
      if (inicial && reciente && !this.formulario.sinDatos(reciente)) {
        this.formulario.rellenar(reciente);
        this._calcularAhora();
      } else if (inicial) {
        this._programar(0);
      } else if (this.caso && !this.formulario.sinDatos(this.caso)) {
        this._escribirFragmento(this.caso, true);
      }
      return;
    }
    if (hash === this.fragmento) return;
    this.fragmento = hash;
    // A link opened (not a fragment changed under an open page, nor a page
    // come back to): say so and land on its result.
    const abierto = inicial && !llegadaPorHistorial() ? "desde el enlace" : null;
    let caso;
    try {
      caso = leerFragmento(hash);
    } catch (e) {
      if (!(e instanceof ErrorEnlace)) throw e;
      if (abierto) this._abrir(abierto);
      this.formulario.vaciar();
      this._mostrarErrorEnlace(`El enlace no se puede abrir: ${e.message}. El formulario se ha vaciado.`);
      return;
    }
    this._cargarCaso(caso, abierto, "El enlace");
  }

  // A case from a link or a file: fill the form and compute; when `origen`
  // says it was just opened, land on its result.
  _cargarCaso(caso, origen, quien) {
    if (origen) this._abrir(origen);
    if (caso.bases !== undefined && caso.bases !== this.id) {
      this.formulario.vaciar();
      this._ofrecerOtrasBases(caso, quien);
      return;
    }
    this._quitarDeshacer();
    const errores = this.formulario.rellenar(caso);
    this._calcularAhora(errores);
  }

  // A case of another of the site's bases: named by its title, with a link
  // that opens it on that bases' page.
  _ofrecerOtrasBases(caso, quien) {
    const otra = this.catalogo?.find((b) => b.id === caso.bases);
    const propia = this.catalogo?.find((b) => b.id === this.id)?.titulo ?? this.formulario.descripcion.titulo ?? this.id;
    if (!otra) {
      this._mostrarErrorEnlace(`${quien} es un caso de otras bases («${String(caso.bases)}»), que este sitio no tiene; esta página es «${propia}».`);
      return;
    }
    const mensaje = `${quien} es un caso de «${otra.titulo}», no de esta página («${propia}»).`;
    this._mostrarErrorEnlace(mensaje);
    const destino = this._url(otra.pagina);
    destino.hash = PREFIJO_CASO.slice(1) + codificarCaso(caso);
    this.erroresGenerales.append(el("p", {}, el("a", { href: destino.href, clase: "rc-abrir-otras", texto: `Abrirlo en la página de «${otra.titulo}»` })));
  }

  // A link with a user's own bases, opened on one of the site's bases.
  _ofrecerSusBases(hash) {
    this.formulario.vaciar();
    this._mostrarErrorEnlace("El enlace es un caso con unas bases descritas por el usuario, no con las de esta página.");
    const destino = this._url("sus-bases/");
    destino.hash = hash.slice(1);
    this.erroresGenerales.append(el("p", {}, el("a", { href: destino.href, clase: "rc-abrir-otras", texto: "Abrirlo en «Sus bases»" })));
  }

  _mostrarErrorEnlace(mensaje) {
    clearTimeout(this.temporizador);
    this.temporizador = null;
    if (!this.enCurso) delete this.raiz.dataset.pendiente;
    this.secuencia++;
    this.caso = null;
    this._quitarResultado();
    this.formulario.limpiarErrores();
    this.raiz.dataset.estado = "error";
    this.erroresGenerales.hidden = false;
    this.erroresGenerales.replaceChildren(el("p", { texto: mensaje }));
    this.anuncio.textContent = mensaje;
    this._aterrizar();
  }

  // --- landing on a case just opened -------------------------------------------

  // The calculator comes into view at once (the result needs the engine,
  // which may still be loading); the result, once computed, takes its place,
  // unless the reader has scrolled, tapped or typed meanwhile.
  _abrir(origen) {
    this.cargado = origen;
    this.aterrizaje = { movido: false };
    this._vigilarGestos();
    this.raiz.scrollIntoView({ block: "start" });
  }

  _vigilarGestos() {
    this._dejarDeVigilarGestos();
    this.alGesto = () => { if (this.aterrizaje) this.aterrizaje.movido = true; };
    for (const g of GESTOS) window.addEventListener(g, this.alGesto, { capture: true, passive: true });
  }

  _dejarDeVigilarGestos() {
    if (!this.alGesto) return;
    for (const g of GESTOS) window.removeEventListener(g, this.alGesto, { capture: true });
    this.alGesto = null;
  }

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
  }

  _olvidarCarga() {
    if (!this.cargado) return;
    this.cargado = null;
    this.zonaResultado.querySelector(".rc-aviso-carga")?.remove();
  }

  // --- computing --------------------------------------------------------------

  _programar(ms = ESPERA_MS) {
    clearTimeout(this.temporizador);
    this.raiz.dataset.pendiente = "";
    this.temporizador = setTimeout(() => this._calcularAhora(), ms);
  }

  async _calcularAhora(erroresPrevios = []) {
    clearTimeout(this.temporizador);
    this.temporizador = null;
    if (this.destruida || !this.formulario) return;
    this.raiz.dataset.pendiente = "";
    this.enCurso = (this.enCurso ?? 0) + 1;
    try {
      await this._calcular(erroresPrevios);
    } finally {
      this.enCurso -= 1;
      if (!this.destruida && !this.temporizador && this.enCurso === 0) delete this.raiz.dataset.pendiente;
    }
  }

  async _calcular(erroresPrevios) {
    const caso = this.formulario.leerCaso(this.id);
    this.caso = caso;
    this._escribirFragmento(caso);
    const secuencia = ++this.secuencia;
    this.erroresGenerales.hidden = true;
    if (erroresPrevios.length) {
      this._mostrarErrores(erroresPrevios);
      return;
    }
    const m = motor();
    if (m.estado === "fallo") return;
    if (this.formulario.estaVacio(caso)) {
      this._quitarResultado();
      this.formulario.limpiarErrores();
      this.raiz.dataset.estado = m.estado === "listo" ? "listo" : "cargando";
      this._resumenVacio();
      return;
    }
    if (m.estado !== "listo") {
      this.raiz.dataset.estado = "cargando";
      return; // _estadoMotor computes again when the engine is ready
    }
    let respuesta;
    try {
      respuesta = JSON.parse(await m.pedir("calcular", this._argumento(caso)));
    } catch (e) {
      if (secuencia === this.secuencia) this._mostrarErrores([{ campo: "caso", etiqueta: "Caso", mensaje: `el motor falló: ${e.message}` }]);
      return;
    }
    if (this.destruida || secuencia !== this.secuencia) return; // a newer edit won
    if (respuesta.estado === "resultado") this._mostrarResultado(caso, respuesta);
    else this._mostrarErrores(Array.isArray(respuesta.errores) ? respuesta.errores : [{ campo: "caso", etiqueta: "Caso", mensaje: "respuesta no válida del motor" }]);
  }

  // What the worker's «calcular» takes: the case (a subclass: and its bases).
  _argumento(caso) {
    return JSON.stringify(caso);
  }

  _quitarResultado() {
    this.resumen.hidden = true;
    this.zonaResultado.hidden = true;
    this.zonaResultado.replaceChildren();
    this.explicaciones.olvidarRetirados();
    this.informe.replaceChildren();
    this.formulario?.mostrarEjecucion(null);
  }

  // --- the bar at the bottom: the total, or what is missing ---------------------

  _barra(texto, boton, accion, { error = false } = {}) {
    this.textoResumen.replaceChildren(...[texto].flat());
    this.irResultado.textContent = boton;
    this.accionResumen = accion;
    this.resumen.classList.toggle("rc-resumen-error", error);
    this.resumen.hidden = false;
  }

  _llevarA(control) {
    if (!control) return;
    control.scrollIntoView({ block: "center", behavior: "smooth" });
    control.focus({ preventScroll: true });
  }

  _resumenVacio() {
    const importe = this.formulario.campos.get("importe_concedido")?.control;
    this._barra("Para calcular, escriba el importe concedido.", "Escribirlo", () => this._llevarA(importe));
  }

  _mostrarErrores(errores) {
    this._quitarResultado();
    const mostrados = this.formulario.mostrarErrores(errores);
    const sueltos = mostrados.filter((e) => !e.enCampo);
    if (sueltos.length) {
      this.erroresGenerales.hidden = false;
      this.erroresGenerales.replaceChildren(el("ul", {}, sueltos.map((e) => el("li", { texto: `${e.campo === "caso" ? "Caso" : e.etiqueta}: ${e.mensaje}` }))));
    }
    this.raiz.dataset.estado = "error";
    const n = mostrados.length;
    const primero = mostrados.find((e) => e.enCampo)?.control;
    const faltan = mostrados.filter((e) => e.codigo === "obligatorio");
    if (faltan.length === n) {
      this._barra(`Para calcular falta: ${faltan.map((e) => e.etiqueta).join(", ")}.`, "Escribirlo", () => this._llevarA(primero));
      this.anuncio.textContent = `Para calcular falta: ${faltan.map((e) => e.etiqueta).join(", ")}.`;
    } else {
      this._barra(n === 1 ? "Hay un error en los datos." : `Hay ${n} errores en los datos.`, "Ir al primero", () => this._llevarA(primero), { error: true });
      this.anuncio.textContent = `${n === 1 ? "Hay un error" : `Hay ${n} errores`} en los datos: ${mostrados.map((e) => `${e.etiqueta}: ${e.mensaje}`).join("; ")}.`;
    }
    this.resumen.hidden = !primero;
    this._aterrizar();
  }

  _avisos(faltan) {
    return [
      this.cargado ? el("p", { clase: "rc-aviso rc-aviso-carga", texto: `Caso cargado ${this.cargado}. Los datos están en el formulario, más arriba: cámbielos si hace falta.` }) : null,
      faltan.length ? el("p", { clase: "rc-aviso rc-aviso-provisional" },
        el("strong", { texto: "Resultado provisional. " }),
        `Faltan datos: ${faltan.map((f) => `${f.nombre} (${f.supuesto})`).join(" y ")}.`) : null,
    ];
  }

  _mostrarResultado(caso, respuesta) {
    const r = respuesta.resultado;
    this.formulario.limpiarErrores();
    this.erroresGenerales.hidden = true;
    const faltan = this.formulario.faltan(caso);
    const enlace = this._urlCaso(caso).href;
    const datos = el("script", { type: "application/json", "data-resultado": true });
    // Exactly the text `python -m reintegro calcular` prints (salida.py: indent 2,
    // no ASCII escaping): the worker sends the result once, compact.
    datos.textContent = JSON.stringify(r, null, 2);
    const fecha = fechaDeHoy();
    this.zonaResultado.replaceChildren(
      el("h3", { id: this.idTituloResultado, texto: faltan.length ? "Resultado provisional" : "Resultado" }),
      renderizarResultado(r, { enlaceCita: (cita) => this._enlaceCita(cita), avisos: this._avisos(faltan), sufijo: this.id }),
      el("p", { clase: "rc-pie" },
        `Calculado el ${fecha} con el motor reintegro ${r.version_motor ?? this.version ?? ""}. `,
        el("a", { href: enlace, clase: "rc-enlace-caso", texto: "Enlace que reproduce este cálculo" }), ". ",
        el("a", { href: this._url(`comparar/${this._fragmentoDe(caso)}`).href, clase: "rc-enlace-comparar", texto: "Ver este caso con otras bases" }), "."),
      el("p", { clase: "rc-aviso-legal", texto: "Este cálculo es una autoevaluación orientativa; el importe que se exija lo fija la resolución del órgano concedente." }),
      datos);
    this.explicaciones.olvidarRetirados();
    this.zonaResultado.hidden = false;
    this.formulario.mostrarEjecucion(r);
    this._informe(caso, fecha);
    this.raiz.dataset.estado = "resultado";
    // The panel's chart: the engine's sweep of the same case (and bases), asked once the result is on screen.
    const secuencia = this.secuencia;
    completarGrafico(this.zonaResultado, () => motor().pedir("barrido", this._argumento(caso)),
      () => !this.destruida && secuencia === this.secuencia);
    const total = formatearEuros(r.total_a_ingresar);
    const titulo = this.zonaResultado.querySelector("h3");
    const verDetalle = () => this._llevarA(titulo);
    titulo.setAttribute("tabindex", "-1");
    if (faltan.length) {
      this._barra(["Total provisional: ", el("strong", { texto: total }), `. Faltan datos: ${faltan.map((f) => f.nombre).join(" y ")}.`],
        "Completar", () => this._llevarA(faltan[0].control));
      this.anuncio.textContent = `Resultado provisional: total a ingresar ${total}. Faltan datos: ${faltan.map((f) => f.nombre).join(" y ")}.`;
    } else {
      this._barra(["Total a ingresar: ", el("strong", { texto: total })], "Ver el detalle", verDetalle);
      this.anuncio.textContent = `${this.cargado ? `Caso cargado ${this.cargado}. ` : ""}Resultado actualizado: total a ingresar ${total}.`;
    }
    this._aterrizar();
  }

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
  }

  // --- «Vaciar» and «Deshacer» ----------------------------------------------------

  _vaciar() {
    const antes = this.formulario.leerCaso(this.id);
    this.explicaciones.olvidarRetirados();
    this.formulario.vaciar();
    this._olvidarCarga();
    this._calcularAhora();
    if (this.formulario.sinDatos(antes)) {
      this.formulario.nodo.querySelector("input, select")?.focus();
      return;
    }
    this.deshacer = antes;
    const boton = this._boton("Deshacer", () => this._deshacer(), "md-button rc-boton rc-deshacer");
    this.avisoVaciado.replaceChildren("Formulario vaciado. ", boton);
    boton.focus();
  }

  _deshacer() {
    const caso = this.deshacer;
    this._quitarDeshacer();
    if (!caso) return;
    const errores = this.formulario.rellenar(caso);
    this._calcularAhora(errores);
    this.anuncio.textContent = "Se han recuperado los datos del caso.";
    this.botonVaciar.focus();
  }

  _quitarDeshacer() {
    this.deshacer = null;
    this.avisoVaciado.replaceChildren();
  }

  // --- the link and the file ------------------------------------------------------

  _avisar(texto) {
    clearTimeout(this.temporizadorAviso);
    this.avisoCopia.textContent = texto;
    this.temporizadorAviso = setTimeout(() => { this.avisoCopia.textContent = ""; }, 4000);
  }

  async _copiarEnlace() {
    const enlace = this._urlCaso(this.formulario?.leerCaso(this.id)).href;
    try {
      await navigator.clipboard.writeText(enlace);
      this.enlaceManual.hidden = true;
      this._avisar("Enlace copiado.");
    } catch {
      this.enlaceManual.hidden = false;
      this.enlaceManual.value = enlace;
      this.enlaceManual.select();
      this._avisar("Copie el enlace:");
    }
  }

  _guardarArchivo() {
    const caso = this.formulario.leerCaso(this.id);
    if (this.formulario.sinDatos(caso)) {
      this._avisar("No hay datos que guardar.");
      return;
    }
    this._avisar(`Caso guardado en el archivo «${guardarCaso(caso)}».`);
  }

  async _abrirArchivo() {
    const archivo = this.elegirArchivo.files?.[0];
    this.elegirArchivo.value = "";
    if (!archivo || this.destruida) return;
    let caso;
    try {
      caso = await leerArchivo(archivo);
    } catch (e) {
      if (!(e instanceof ErrorEnlace)) throw e;
      this._abrir(`desde el archivo «${archivo.name}»`);
      this._mostrarErrorEnlace(`El archivo no se puede abrir: ${e.message}.`);
      return;
    }
    this._cargarCaso(caso, `desde el archivo «${archivo.name}»`, "El archivo");
  }

  // --- citations -----------------------------------------------------------

  _url(enlace) {
    return new URL(String(enlace ?? ""), RAIZ_SITIO);
  }

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
  }

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
  }
}

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
  if (iniciada) cargaPorHistorial = false; // only the document's own load counts
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

// --- offline: the service worker written by calculator/hooks/seguridad.py ---
// Registered once the page's calculator (or comparison) has shown its first
// outcome (trasElPrimerDesenlace), so its precache never competes with the
// first boot and the first result: its downloads come after. When a new
// build takes over a page that an older one controlled, the page reloads:
// pages and engine always come from the same build (the case is in the address).
// A new build whose install failed (a download kept failing) leaves the one
// in use in charge; ask again a little later, rather than at the next visit.
function reintentarSiFalla(registro, maximo = 3) {
  let intentos = 0;
  const vigilar = (trabajador) => trabajador?.addEventListener("statechange", () => {
    if (trabajador.state !== "redundant" || registro.active === trabajador || intentos >= maximo) return;
    intentos += 1;
    setTimeout(() => registro.update().catch(() => {}), 5000 * intentos);
  });
  vigilar(registro.installing);
  registro.addEventListener("updatefound", () => vigilar(registro.installing));
}

// What computes by itself on a page, and the states that end its first
// computation: a result, an error, or nothing to compute (engine ready with
// an empty form; «Comparar» without a case). See the contracts above and in
// comparacion.js.
const QUE_CALCULA = "[data-calculadora], [data-comparacion]";
const DESENLACES = new Set(["resultado", "error", "listo", "vacio"]);
// A page where nothing computes waits this long (a reader who follows a link
// to a calculator at once then still gets its first result first); a page
// that computes, at most the other (an engine that never answers). After
// the outcome, a short pause leaves the panel's chart (a second request to
// the engine) its turn.
const ESPERA_SIN_CALCULO_MS = 3000;
const ESPERA_MAXIMA_MS = 60000;
const PAUSA_TRAS_DESENLACE_MS = 500;

// Resolves once the page shows the first outcome of what it computes, also
// on a page reached meanwhile by instant navigation (it watches data-estado
// in the whole document), or after ESPERA_SIN_CALCULO_MS if then nothing on
// the page computes, or after ESPERA_MAXIMA_MS whatever happens.
function trasElPrimerDesenlace() {
  return new Promise((resolver) => {
    const hay = () => [...document.querySelectorAll(QUE_CALCULA)];
    const observador = new MutationObserver(() => mirar());
    const relojes = [];
    let terminada = false;
    const terminar = () => {
      if (terminada) return;
      terminada = true;
      observador.disconnect();
      relojes.forEach(clearTimeout);
      setTimeout(resolver, PAUSA_TRAS_DESENLACE_MS);
    };
    const mirar = (sinCalculoBasta = false) => {
      const raices = hay();
      if (raices.some((r) => DESENLACES.has(r.dataset.estado)) || (sinCalculoBasta && !raices.length)) terminar();
    };
    observador.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-estado"] });
    relojes.push(setTimeout(() => mirar(true), ESPERA_SIN_CALCULO_MS), setTimeout(terminar, ESPERA_MAXIMA_MS));
    mirar();
  });
}

if ("serviceWorker" in navigator) {
  const controlada = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => { if (controlada) location.reload(); });
  const registrar = () => navigator.serviceWorker
    .register(new URL("sw.js", RAIZ_SITIO), { scope: RAIZ_SITIO.pathname, updateViaCache: "none" })
    .then((registro) => {
      reintentarSiFalla(registro);
      return registro.update(); // a new build? (register() alone does not check)
    })
    .catch((e) => console.warn(`Reintegro: sin modo sin conexión (${e.message})`));
  const tras = () => trasElPrimerDesenlace().then(registrar);
  if (document.readyState === "complete") tras(); else window.addEventListener("load", tras, { once: true });
}
