// The case's state outside the form: the address (#caso=, written at every
// edit and read on load and on hashchange; the last case of each page for
// the session), a case opened from a link or a file (or one of another
// bases), «Vaciar» with «Deshacer», «Copiar enlace» and «Guardar el caso».
// Methods of Calculadora (installed by calculadora.js); CalculadoraPropia
// (sus-bases.js) overrides _fragmentoDe, _esFragmento and alCambiarFragmento.

import { PREFIJO_CASO, codificarCaso, leerFragmento, ErrorEnlace } from "./caso.js";
import { el } from "./formulario.js";
import { guardarCaso, leerArchivo } from "./archivo.js";
import { llegadaPorHistorial, rutaNormalizada } from "./calculadora-pagina.js";

// The address is rewritten at most this often while the user types (Chromium
// ignores history updates beyond about 200 in 10 s); a rewrite the browser
// dropped is retried.
const FRAGMENTO_MS = 100;
const REINTENTOS_FRAGMENTO = 60;

// The last case of each page, for this browsing session of the site. Material's
// instant navigation re-renders the page when an in-page anchor (a table of
// contents entry, a "¶" link) changes the address, which would otherwise
// empty the form: the new calculator takes its case back from here.
const casosRecientes = new Map();

export const metodosEstado = {
  // The fragment of a case: "#caso=…" ("" without data); a subclass adds its bases.
  _fragmentoDe(caso) {
    return caso && !this.formulario.sinDatos(caso) ? PREFIJO_CASO + codificarCaso(caso) : "";
  },

  _esFragmento(hash) {
    return hash.startsWith(PREFIJO_CASO);
  },

  _urlCaso(caso) {
    const u = new URL(location.href);
    u.hash = this._fragmentoDe(caso).slice(1);
    return u;
  },

  _clave() {
    return `${rutaNormalizada(new URL(location.href))}|${this.id}`;
  },

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
  },

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
  },

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
  },

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
  },

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
  },

  // A link with a user's own bases, opened on one of the site's bases.
  _ofrecerSusBases(hash) {
    this.formulario.vaciar();
    this._mostrarErrorEnlace("El enlace es un caso con unas bases descritas por el usuario, no con las de esta página.");
    const destino = this._url("sus-bases/");
    destino.hash = hash.slice(1);
    this.erroresGenerales.append(el("p", {}, el("a", { href: destino.href, clase: "rc-abrir-otras", texto: "Abrirlo en «Sus bases»" })));
  },

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
  },

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
  },

  _deshacer() {
    const caso = this.deshacer;
    this._quitarDeshacer();
    if (!caso) return;
    const errores = this.formulario.rellenar(caso);
    this._calcularAhora(errores);
    this.anuncio.textContent = "Se han recuperado los datos del caso.";
    this.botonVaciar.focus();
  },

  _quitarDeshacer() {
    this.deshacer = null;
    this.avisoVaciado.replaceChildren();
  },

  _avisar(texto) {
    clearTimeout(this.temporizadorAviso);
    this.avisoCopia.textContent = texto;
    this.temporizadorAviso = setTimeout(() => { this.avisoCopia.textContent = ""; }, 4000);
  },

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
  },

  _guardarArchivo() {
    const caso = this.formulario.leerCaso(this.id);
    if (this.formulario.sinDatos(caso)) {
      this._avisar("No hay datos que guardar.");
      return;
    }
    this._avisar(`Caso guardado en el archivo «${guardarCaso(caso)}».`);
  },

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
  },
};
