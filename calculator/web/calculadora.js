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

import { PREFIJO_CASO, codificarCaso, leerFragmento, ErrorEnlace, formatearEuros } from "./caso.js";
import { Formulario, el } from "./formulario.js";
import { renderizarResultado } from "./resultado.js";
import { motor, datosMotor } from "./motor.js";

const RAIZ_SITIO = new URL("../../", import.meta.url); // assets/calculadora/ -> site root
const ESPERA_MS = 180;

// The last case of each page, for this browsing session of the site. Material's
// instant navigation re-renders the page when an in-page anchor (a table of
// contents entry, a "¶" link) changes the address, which would otherwise
// empty the form: the new calculator takes its case back from here.
const casosRecientes = new Map();

// Material's "navigation.tracking" rewrites the fragment with the section in
// view while the reader scrolls (history.replaceState), which would drop the
// case from the address. While this page's calculator holds a case, a
// rewrite of this same page's fragment keeps the case instead. Other
// replaceState calls (other paths, no URL) pass through untouched.
const reemplazarOriginal = History.prototype.replaceState;
let fragmentoProtegido = null; // {ruta, hash: "#caso=…"} of the case on screen, or null

function reemplazar(url) {
  reemplazarOriginal.call(history, history.state, "", url);
}

history.replaceState = function (estado, titulo, url) {
  if (fragmentoProtegido && fragmentoProtegido.ruta === location.pathname && url !== undefined && url !== null) {
    try {
      const nueva = new URL(String(url), location.href);
      if (nueva.origin === location.origin && nueva.pathname === location.pathname
          && nueva.search === location.search && !nueva.hash.startsWith(PREFIJO_CASO)) {
        nueva.hash = fragmentoProtegido.hash.slice(1);
        url = nueva.href;
      }
    } catch {
      // not a URL we understand: leave it alone
    }
  }
  return reemplazarOriginal.call(this, estado, titulo, url);
};

// Today's date in Spanish, at the foot of a result and in its printed
// report. The first Intl date formatter of a page costs 15-30 ms (Chromium
// loads the locale's calendar data): made while the engine boots (see
// _iniciar), it is no longer on the way of the first result.
let formatoFecha = null;

function fechaDeHoy() {
  formatoFecha ??= new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric" });
  return formatoFecha.format(new Date());
}

function rutaNormalizada(url) {
  return url.pathname.replace(/index\.html$/, "");
}

class Calculadora {
  constructor(raiz) {
    this.raiz = raiz;
    this.id = raiz.dataset.calculadora;
    this.secuencia = 0;
    this.temporizador = null;
    this.caso = null;
    this.fragmento = null; // the #caso= this calculator last wrote or read
    this.destruida = false;
    this.raiz.dataset.estado = "cargando";
    this._esqueleto();
    this.desuscribir = motor().suscribir((m) => this._estadoMotor(m));
    this._iniciar().catch((e) => this._falloGeneral(`No se pudo preparar la calculadora: ${e.message}`));
  }

  destruir() {
    this.destruida = true;
    fragmentoProtegido = null;
    clearTimeout(this.temporizador);
    this.desuscribir?.();
  }

  // --- skeleton -------------------------------------------------------------

  _esqueleto() {
    const titulo = this.raiz.querySelector("h2, h3");
    this.progreso = el("div", { clase: "rc-progreso", role: "status" },
      el("span", { clase: "rc-progreso-texto", texto: "Preparando el motor de cálculo…" }),
      el("progress", { max: "1", "aria-label": "Carga del motor de cálculo" }));
    this.anuncio = el("p", { clase: "rc-solo-lector", role: "status", "aria-live": "polite" });
    this.erroresGenerales = el("div", { clase: "rc-errores-generales", role: "alert", hidden: true });
    this.zonaFormulario = el("div", { clase: "rc-zona-formulario" }, el("p", { clase: "rc-cargando-formulario", texto: "Preparando el formulario…" }));
    this.botonCopiar = el("button", { type: "button", clase: "md-button rc-boton", texto: "Copiar enlace" });
    this.botonImprimir = el("button", { type: "button", clase: "md-button rc-boton", texto: "Imprimir / Guardar PDF" });
    this.botonVaciar = el("button", { type: "button", clase: "md-button rc-boton rc-boton-secundario", texto: "Vaciar" });
    this.avisoCopia = el("span", { clase: "rc-aviso-copia", role: "status" });
    this.enlaceManual = el("input", { type: "text", readonly: true, clase: "rc-enlace-manual", "aria-label": "Enlace a este caso", hidden: true });
    this.botonCopiar.addEventListener("click", () => this._copiarEnlace());
    this.botonImprimir.addEventListener("click", () => window.print());
    this.botonVaciar.addEventListener("click", () => this._vaciar());
    this.acciones = el("div", { clase: "rc-acciones" }, this.botonCopiar, this.botonImprimir, this.botonVaciar, this.avisoCopia, this.enlaceManual);
    this.idTituloResultado = `rc-resultado-${this.id}`;
    this.zonaResultado = el("section", { clase: "rc-resultado", "aria-labelledby": this.idTituloResultado, hidden: true });
    this.informe = el("section", { clase: "rc-informe", "aria-hidden": "true" });
    // A bar that stays at the bottom of the panel: the total, and a way to it.
    this.textoResumen = el("span", { clase: "rc-resumen-texto" });
    // A button, not <a href="#">: Material's instant navigation would take
    // a "#" link as a navigation, re-render the page and drop the focus.
    this.irResultado = el("button", { type: "button", clase: "rc-resumen-ir", texto: "Ver el detalle" });
    this.irResultado.addEventListener("click", () => {
      const destino = this.zonaResultado.hidden ? this.formulario?.nodo.querySelector("[aria-invalid]") : this.zonaResultado.querySelector("h3");
      if (!destino) return;
      destino.scrollIntoView({ block: "start", behavior: "smooth" });
      if (destino.tagName === "H3") destino.setAttribute("tabindex", "-1");
      destino.focus({ preventScroll: true });
    });
    this.resumen = el("div", { clase: "rc-resumen", hidden: true }, this.textoResumen, this.irResultado);
    const cabecera = titulo ?? el("h2", { texto: "Calculadora" });
    this.raiz.replaceChildren(cabecera, this.progreso, this.anuncio, this.erroresGenerales,
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
    let descripcion = datos.formularios?.[this.id];
    if (!descripcion) {
      const conocidas = (datos.catalogo ?? []).map((b) => b.id).join(", ");
      this._falloGeneral(`Esta página pide la calculadora de unas bases desconocidas («${this.id}»). Bases disponibles: ${conocidas}.`);
      return;
    }
    this.formulario = new Formulario(descripcion, {
      alCambiar: () => this._programar(),
      alCitar: (enlace, evento) => this._citar(enlace, evento),
      urlDe: (enlace) => this._url(enlace).href,
    });
    this.zonaFormulario.replaceChildren(this.formulario.nodo);
    this.alCambiarFragmento(true);
    (window.requestIdleCallback ?? setTimeout)(() => fechaDeHoy());
  }

  _falloGeneral(mensaje) {
    this.raiz.dataset.estado = "error";
    this.erroresGenerales.hidden = false;
    this.erroresGenerales.replaceChildren(el("p", { texto: mensaje }));
  }

  // --- URL fragment -----------------------------------------------------------

  _urlCaso(caso) {
    const u = new URL(location.href);
    u.hash = caso && !this.formulario.estaVacio(caso) ? PREFIJO_CASO.slice(1) + codificarCaso(caso) : "";
    return u;
  }

  _clave() {
    return `${rutaNormalizada(new URL(location.href))}|${this.id}`;
  }

  _escribirFragmento(caso, forzar = false) {
    casosRecientes.set(this._clave(), caso);
    const u = this._urlCaso(caso);
    const nuevo = u.hash;
    fragmentoProtegido = nuevo ? { ruta: location.pathname, hash: nuevo } : null;
    if (!nuevo && !location.hash.startsWith(PREFIJO_CASO)) return; // keep #apartado-… alone
    if (forzar) this.fragmento = null;
    if (nuevo === location.hash) { this.fragmento = nuevo; return; }
    this.fragmento = nuevo;
    reemplazar(nuevo ? u.href : u.href.replace(/#$/, ""));
  }

  // Called on load, and on every hashchange (back/forward, pasted link).
  alCambiarFragmento(inicial = false) {
    if (!this.formulario) return;
    const hash = location.hash;
    if (!hash.startsWith(PREFIJO_CASO)) {
      // An ordinary anchor (#apartado-2): the case stays in the form, and its
      // link comes back to the address (without moving the page).
      const reciente = casosRecientes.get(this._clave());
      if (inicial && reciente && !this.formulario.estaVacio(reciente)) {
        this.formulario.rellenar(reciente);
        this._calcularAhora();
      } else if (inicial) {
        this._programar(0);
      } else if (this.caso && !this.formulario.estaVacio(this.caso)) {
        this._escribirFragmento(this.caso, true);
      }
      return;
    }
    if (hash === this.fragmento) return;
    this.fragmento = hash;
    fragmentoProtegido = null;
    let caso;
    try {
      caso = leerFragmento(hash);
    } catch (e) {
      if (!(e instanceof ErrorEnlace)) throw e;
      this.formulario.vaciar();
      this._mostrarErrorEnlace(`El enlace no se puede abrir: ${e.message}. El formulario se ha vaciado.`);
      return;
    }
    if (caso.bases !== undefined && caso.bases !== this.id) {
      this.formulario.vaciar();
      const otra = String(caso.bases);
      this._mostrarErrorEnlace(`El enlace es un caso de otras bases («${otra}»), no de esta página («${this.id}»). Ábralo en la página de esas bases.`);
      return;
    }
    const errores = this.formulario.rellenar(caso);
    this._calcularAhora(errores);
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
      return;
    }
    if (m.estado !== "listo") {
      this.raiz.dataset.estado = "cargando";
      return; // _estadoMotor computes again when the engine is ready
    }
    let respuesta;
    try {
      respuesta = JSON.parse(await m.pedir("calcular", JSON.stringify(caso)));
    } catch (e) {
      if (secuencia === this.secuencia) this._mostrarErrores([{ campo: "caso", mensaje: `el motor falló: ${e.message}` }]);
      return;
    }
    if (this.destruida || secuencia !== this.secuencia) return; // a newer edit won
    if (respuesta.estado === "resultado") this._mostrarResultado(caso, respuesta);
    else this._mostrarErrores(Array.isArray(respuesta.errores) ? respuesta.errores : [{ campo: "caso", mensaje: "respuesta no válida del motor" }]);
  }

  _quitarResultado() {
    this.resumen.hidden = true;
    this.zonaResultado.hidden = true;
    this.zonaResultado.replaceChildren();
    this.informe.replaceChildren();
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
    this.textoResumen.textContent = n === 1 ? "Hay un error en los datos." : `Hay ${n} errores en los datos.`;
    this.irResultado.textContent = "Ir al primero";
    this.resumen.hidden = !mostrados.some((e) => e.enCampo);
    this.resumen.classList.add("rc-resumen-error");
    this.anuncio.textContent = `${n === 1 ? "Hay un error" : `Hay ${n} errores`} en los datos: ${mostrados.map((e) => `${e.etiqueta}: ${e.mensaje}`).join("; ")}.`;
  }

  _mostrarResultado(caso, respuesta) {
    const r = respuesta.resultado;
    this.formulario.limpiarErrores();
    this.erroresGenerales.hidden = true;
    const enlace = this._urlCaso(caso).href;
    const datos = el("script", { type: "application/json", "data-resultado": true });
    // Exactly the text `python -m reintegro calcular` prints (salida.py: indent 2,
    // no ASCII escaping): the worker sends the result once, compact.
    datos.textContent = JSON.stringify(r, null, 2);
    const fecha = fechaDeHoy();
    this.zonaResultado.replaceChildren(
      el("h3", { id: this.idTituloResultado, texto: "Resultado" }),
      renderizarResultado(r, { enlaceCita: (cita) => this._enlaceCita(cita) }),
      el("p", { clase: "rc-pie" },
        `Calculado el ${fecha} con el motor reintegro ${r.version_motor ?? this.version ?? ""}. `,
        el("a", { href: enlace, clase: "rc-enlace-caso", texto: "Enlace que reproduce este cálculo" }), "."),
      el("p", { clase: "rc-aviso-legal", texto: "Este cálculo es una autoevaluación orientativa; el importe que se exija lo fija la resolución del órgano concedente." }),
      datos);
    this.zonaResultado.hidden = false;
    this._informe(caso, fecha);
    this.raiz.dataset.estado = "resultado";
    this.textoResumen.replaceChildren("Total a ingresar: ", el("strong", { texto: formatearEuros(r.total_a_ingresar) }));
    this.irResultado.textContent = "Ver el detalle";
    this.resumen.classList.remove("rc-resumen-error");
    this.resumen.hidden = false;
    this.anuncio.textContent = `Resultado actualizado: total a ingresar ${formatearEuros(r.total_a_ingresar)}.`;
  }

  // Print-only: the case as entered, heading the report.
  _informe(caso, fecha) {
    const titulo = document.querySelector("h1")?.textContent?.trim() ?? this.formulario.descripcion.titulo;
    this.informe.replaceChildren(
      el("h3", { texto: "Informe de autoevaluación del reintegro" }),
      el("p", { texto: `${this.formulario.descripcion.titulo ?? titulo} — ${fecha}` }),
      el("h4", { texto: "Datos del caso" }),
      el("dl", { clase: "rc-informe-datos" }, this.formulario.resumen(caso).map((f) => el("div", {}, el("dt", { texto: f.etiqueta }), el("dd", { texto: f.valor })))));
  }

  _vaciar() {
    this.formulario.vaciar();
    this._calcularAhora();
    this.formulario.nodo.querySelector("input, select")?.focus();
  }

  async _copiarEnlace() {
    const enlace = this._urlCaso(this.caso ?? this.formulario?.leerCaso(this.id)).href;
    try {
      await navigator.clipboard.writeText(enlace);
      this.enlaceManual.hidden = true;
      this.avisoCopia.textContent = "Enlace copiado.";
    } catch {
      this.enlaceManual.hidden = false;
      this.enlaceManual.value = enlace;
      this.enlaceManual.select();
      this.avisoCopia.textContent = "Copie el enlace:";
    }
    setTimeout(() => { this.avisoCopia.textContent = ""; }, 4000);
  }

  // --- citations -----------------------------------------------------------

  _url(enlace) {
    return new URL(String(enlace ?? ""), RAIZ_SITIO);
  }

  _enlaceCita(cita) {
    const u = this._url(cita.enlace ?? "");
    const etiqueta = [cita.norma, cita.referencia].filter(Boolean).join(", ");
    return el("a", {
      clase: "rc-enlace-cita",
      href: u.href,
      "data-enlace": cita.enlace ?? "",
      texto: etiqueta || u.hash.slice(1),
    });
  }

  _clicCita(evento) {
    const a = evento.target.closest?.("a.rc-enlace-cita");
    if (a && this.raiz.contains(a)) this._citar(a.dataset.enlace, evento);
  }

  // A citation to this page scrolls to its paragraph and highlights it
  // without touching the address (which keeps the case).
  _citar(enlace, evento) {
    if (evento.defaultPrevented || evento.button !== 0 || evento.metaKey || evento.ctrlKey || evento.shiftKey || evento.altKey) return;
    const u = this._url(enlace);
    if (rutaNormalizada(u) !== rutaNormalizada(new URL(location.href)) || !u.hash) {
      // Another page: carry nothing, let the browser (or Material) go there.
      return;
    }
    const destino = document.getElementById(decodeURIComponent(u.hash.slice(1)));
    if (!destino) return;
    evento.preventDefault();
    evento.stopPropagation();
    destacar(destino);
  }
}

const BLOQUES = "p, li, h1, h2, h3, h4, h5, h6, blockquote, dd, dt, td, th, tr, section, article, div";

export function destacar(destino) {
  const bloque = destino.matches(BLOQUES) ? destino : (destino.closest(BLOQUES) ?? destino);
  for (const anterior of document.querySelectorAll(".reintegro-destacado")) anterior.classList.remove("reintegro-destacado");
  bloque.classList.add("reintegro-destacado");
  if (!bloque.hasAttribute("tabindex")) bloque.setAttribute("tabindex", "-1");
  const reducir = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  bloque.scrollIntoView({ behavior: reducir ? "auto" : "smooth", block: "center" });
  bloque.focus({ preventScroll: true });
}

// --- page lifecycle -------------------------------------------------------

let activas = [];

function iniciar() {
  for (const c of activas) c.destruir();
  activas = [];
  const raices = document.querySelectorAll("[data-calculadora]");
  if (!raices.length) return;
  motor(); // start the engine at once, not on the first click
  activas = [...raices].map((raiz) => new Calculadora(raiz));
}

window.addEventListener("hashchange", () => {
  for (const c of activas) c.alCambiarFragmento();
});

if (window.document$ && typeof window.document$.subscribe === "function") {
  // Material's instant navigation: called for the first page and every
  // page reached without a full load; the worker stays alive meanwhile.
  window.document$.subscribe(() => iniciar());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", iniciar);
} else {
  iniciar();
}

// --- offline: the service worker written by calculator/hooks/seguridad.py ---
// Registered once the engine has loaded (or on pages without a calculator,
// after load), so its precache never competes with the first boot. When a
// new build takes over a page that an older one controlled, the page reloads:
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
  const tras = () => (document.querySelector("[data-calculadora]") ? motor().listo.then(registrar, registrar) : registrar());
  if (document.readyState === "complete") tras(); else window.addEventListener("load", tras, { once: true });
}
