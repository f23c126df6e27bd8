// The «Sus bases» page: the user describes their own bases reguladoras
// with a form built from the engine's model (formulario-bases.js), and the
// calculator beside it computes under them (CalculadoraPropia: the
// calculator of calculadora.js, with the bases text sent to the worker).
// Either side recomputes as it changes. The link carries both
// (#bases=…&caso=…, enlace-bases.js); the bases can be downloaded as a
// file (`python -m reintegro calcular --bases archivo.json caso.json` reads
// it) and opened again. A bases the engine refuses (validar_bases) shows
// its errors under the form's controls, by their labels.

import { Calculadora } from "./calculadora.js";
import { ErrorEnlace } from "./caso.js";
import { el } from "./formulario.js";
import { FormularioBases } from "./formulario-bases.js";
import { codificarBases, fragmentoDe, guardarBases, leerArchivoBases, leerEnlace, PREFIJO_BASES } from "./enlace-bases.js";
import { motor } from "./motor.js";
import { enCadaPagina } from "./paginas.js";
import "./lector.js";

const URL_DATOS = new URL("./sus-bases.json", import.meta.url);
const ESPERA_MS = 250;
const MODELO_INICIAL = "art21-umbral-75";
export const AVISO_PROPIAS = "Estas bases son la descripción que usted ha hecho de sus propias reglas, no un texto oficial: el resultado vale lo que valga esa descripción.";

let datos = null;

function datosSusBases() {
  datos ??= fetch(URL_DATOS, { cache: "no-cache" }).then((r) => {
    if (!r.ok) throw new Error(`no se pudo leer sus-bases.json (HTTP ${r.status})`);
    return r.json();
  });
  datos.catch(() => { datos = null; });
  return datos;
}

// The calculator of calculadora.js under the user's bases: its form comes
// from validar_bases, its requests carry the bases text, its link the bases.
class CalculadoraPropia extends Calculadora {
  constructor(raiz) {
    super(raiz);
    this.cabecera.textContent = "Calculadora con sus bases";
    this.texto = null;
    this.codificadas = "";
    this.casoInicial = null;
    this.listaDescripcion = new Promise((resolver) => { this._resolverDescripcion = resolver; });
  }

  async _descripcion() {
    return this.listaDescripcion;
  }

  _fragmentoDe(caso) {
    const conDatos = caso && this.formulario && !this.formulario.sinDatos(caso);
    return fragmentoDe(this.codificadas, conDatos ? caso : null);
  }

  _esFragmento(hash) {
    return hash.startsWith(PREFIJO_BASES);
  }

  _argumento(caso) {
    return [JSON.stringify(caso), this.texto];
  }

  // The page reads the link (it must decompress the bases first) and
  // hands the case over in usarBases.
  alCambiarFragmento(inicial = false) {
    if (!inicial) return;
    const caso = this.casoInicial;
    this.casoInicial = null;
    if (caso) this._cargarCaso({ ...caso, bases: caso.bases ?? this.id }, "desde el enlace", "El enlace");
    else this._programar(0);
  }

  // Valid bases: their text, form and link part; `caso` (from a link or a
  // file) replaces the one in the form.
  usarBases(texto, descripcion, codificadas, caso = null) {
    const anterior = this.id;
    this.texto = texto;
    this.codificadas = codificadas;
    this.id = descripcion.bases;
    this.raiz.dataset.calculadora = this.id;
    if (!this.formulario) {
      this.casoInicial = caso;
      this._resolverDescripcion(descripcion);
      return;
    }
    const actual = caso ?? this.formulario.leerCaso(anterior);
    this._usarFormulario(descripcion);
    const errores = this.formulario.rellenar({ ...actual, bases: this.id });
    this._calcularAhora(errores);
  }

  // Bases the engine refuses: no result until they are corrected.
  sinBases(mensaje, codificadas) {
    this.codificadas = codificadas;
    if (!this.formulario) return;
    this._mostrarErrorEnlace(mensaje);
    this._escribirFragmento(this.formulario.leerCaso(this.id));
  }

  _informe(caso, fecha) {
    super._informe(caso, fecha);
    this.informe.querySelector("h3")?.after(el("p", { clase: "rc-informe-propias", texto: AVISO_PROPIAS }));
  }
}

class PaginaSusBases {
  constructor(raiz, raizCalculadora) {
    this.raiz = raiz;
    this.destruida = false;
    this.secuencia = 0;
    this.calculadora = new CalculadoraPropia(raizCalculadora);
    this._iniciar().catch((e) => this._aviso(`No se pudo preparar el formulario de sus bases: ${e.message}`, true));
  }

  destruir() {
    this.destruida = true;
    clearTimeout(this.temporizador);
    this.calculadora.destruir();
  }

  _boton(texto, accion, clase = "md-button rc-boton") {
    return el("button", { type: "button", clase, texto, onclick: accion });
  }

  async _iniciar() {
    this.datos = await datosSusBases();
    if (this.destruida) return;
    this.formulario = new FormularioBases(this.datos, { alCambiar: () => this._programar() });
    const modelos = this.datos.modelos;
    this.selectorModelo = el("select", { id: "sb-modelo" },
      modelos.map((m) => el("option", { value: m.id, texto: m.titulo, selected: m.id === MODELO_INICIAL })));
    this.elegirArchivo = el("input", { type: "file", accept: ".json,application/json", hidden: true,
      onchange: () => this._abrirArchivo() });
    this.mensajes = el("div", { clase: "sb-mensajes", role: "status" });
    this.errores = el("div", { clase: "rc-errores-generales sb-errores", role: "alert", hidden: true });
    this.raiz.replaceChildren(
      el("h2", { id: "describa-sus-bases", texto: "Describa sus bases" }),
      el("p", { clase: "sb-aviso", texto: AVISO_PROPIAS }),
      el("div", { clase: "rc-campo sb-modelos" },
        el("label", { for: "sb-modelo", texto: "Empezar desde un modelo" }), this.selectorModelo,
        this._boton("Usar este modelo", () => this._usarModelo(this.selectorModelo.value))),
      el("div", { clase: "rc-acciones sb-acciones" },
        this._boton("Descargar sus bases (archivo)", () => this._descargar()),
        this._boton("Abrir unas bases guardadas", () => this.elegirArchivo.click()),
        this.elegirArchivo),
      this.mensajes, this.errores, this.formulario.nodo);
    let enlace = null;
    try {
      enlace = await leerEnlace(location.hash);
    } catch (e) {
      if (!(e instanceof ErrorEnlace)) throw e;
      this._aviso(`El enlace no se puede abrir: ${e.message}. Se muestran las bases del modelo «${this._modelo(MODELO_INICIAL).titulo}».`, true);
    }
    if (this.destruida) return;
    if (enlace?.bases) {
      this.formulario.cargar(enlace.bases);
      this._aviso("Bases y caso cargados desde el enlace.");
    } else {
      this.formulario.cargar(this._modelo(MODELO_INICIAL).bases);
    }
    await this._actualizar(enlace?.caso ?? null);
    this.alHash = () => this._alCambiarEnlace();
    window.addEventListener("hashchange", this.alHash);
  }

  _modelo(id) {
    return this.datos.modelos.find((m) => m.id === id) ?? this.datos.modelos[0];
  }

  _aviso(texto, error = false) {
    this.mensajes.replaceChildren(el("p", { clase: error ? "rc-aviso sb-aviso-error" : "rc-aviso", texto }));
  }

  _programar() {
    clearTimeout(this.temporizador);
    this.calculadora.raiz.dataset.pendiente = "";
    this.temporizador = setTimeout(() => this._actualizar(), ESPERA_MS);
  }

  _usarModelo(id) {
    const modelo = this._modelo(id);
    this.formulario.cargar(modelo.bases);
    this._aviso(`Bases rellenadas con el modelo «${modelo.titulo}». Cámbielas como digan las suyas.`);
    this._actualizar();
  }

  // The bases of the form checked by the engine, then used by the calculator.
  async _actualizar(caso = null) {
    clearTimeout(this.temporizador);
    this.calculadora.raiz.dataset.pendiente = ""; // the result on screen is of the bases before
    const secuencia = ++this.secuencia;
    const bases = this.formulario.leer();
    const texto = JSON.stringify(bases);
    const codificadas = await codificarBases(bases);
    const m = motor();
    await m.listo;
    const respuesta = JSON.parse(await m.pedir("validar_bases", texto));
    if (this.destruida || secuencia !== this.secuencia) return;
    if (respuesta.estado === "bases") {
      this.formulario.limpiarErrores();
      this.errores.hidden = true;
      this.errores.replaceChildren();
      this.calculadora.usarBases(texto, respuesta.formulario, codificadas, caso);
    } else {
      this._mostrarErrores(respuesta.errores ?? []);
      const n = respuesta.errores?.length ?? 0;
      const cuantos = n === 1 ? "un error: corríjalo" : `${n} errores: corríjalos`;
      this.calculadora.sinBases(`Sus bases tienen ${cuantos} en el formulario de sus bases para calcular.`, codificadas);
      delete this.calculadora.raiz.dataset.pendiente;
    }
  }

  _mostrarErrores(errores) {
    const mostrados = this.formulario.mostrarErrores(errores);
    this.errores.hidden = false;
    this.errores.replaceChildren(
      el("p", { texto: mostrados.length === 1 ? "Sus bases tienen un error:" : `Sus bases tienen ${mostrados.length} errores:` }),
      el("ul", {}, mostrados.map((e) => el("li", {},
        e.control ? this._boton(`${e.etiqueta}: ${e.mensaje}`, () => { e.control.scrollIntoView({ block: "center" }); e.control.focus(); }, "sb-ir-error")
          : `${e.etiqueta}: ${e.mensaje}`))));
  }

  _descargar() {
    const nombre = guardarBases(this.formulario.leer());
    this._aviso(`Bases guardadas en el archivo «${nombre}». La orden «python -m reintegro calcular --bases ${nombre} caso.json» las usa.`);
  }

  async _abrirArchivo() {
    const archivo = this.elegirArchivo.files?.[0];
    this.elegirArchivo.value = "";
    if (!archivo || this.destruida) return;
    try {
      this.formulario.cargar(await leerArchivoBases(archivo));
    } catch (e) {
      if (!(e instanceof ErrorEnlace)) throw e;
      this._aviso(`El archivo no se puede abrir: ${e.message}.`, true);
      return;
    }
    this._aviso(`Bases cargadas desde el archivo «${archivo.name}».`);
    await this._actualizar();
  }

  // A link pasted or the history: bases and case from the address, unless
  // it is the one the calculator just wrote.
  async _alCambiarEnlace() {
    const hash = location.hash;
    if (!hash.startsWith(PREFIJO_BASES) || hash === this.calculadora.fragmento) return;
    try {
      const enlace = await leerEnlace(hash);
      this.formulario.cargar(enlace.bases);
      this._aviso("Bases y caso cargados desde el enlace.");
      await this._actualizar(enlace.caso ?? {});
    } catch (e) {
      if (!(e instanceof ErrorEnlace)) throw e;
      this._aviso(`El enlace no se puede abrir: ${e.message}. Sus bases no han cambiado.`, true);
    }
  }
}

// --- page lifecycle -------------------------------------------------------

let activa = null;

function iniciar() {
  if (activa) {
    window.removeEventListener("hashchange", activa.alHash);
    activa.destruir();
  }
  activa = null;
  const raiz = document.querySelector("[data-sus-bases]");
  const calculadora = document.querySelector("[data-bases-propias]");
  if (!raiz || !calculadora) return;
  activa = new PaginaSusBases(raiz, calculadora);
}

enCadaPagina(iniciar);
