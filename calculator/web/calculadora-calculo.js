// The calculator's requests to the engine (the worker bridge's client side):
// the short debounce after an edit, one request at a time in flight per
// edit (a newer edit wins: secuencia), data-pendiente while an edit is not
// computed yet, the engine's loading progress, and what the worker's
// «calcular» takes. Methods of Calculadora (installed by calculadora.js);
// CalculadoraPropia (sus-bases.js) overrides _argumento. The worker itself
// is motor.js / motor-worker.js.

import { motor } from "./motor.js";

const ESPERA_MS = 180;

export const metodosCalculo = {
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
  },

  _programar(ms = ESPERA_MS) {
    clearTimeout(this.temporizador);
    this.raiz.dataset.pendiente = "";
    this.temporizador = setTimeout(() => this._calcularAhora(), ms);
  },

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
  },

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
  },

  // What the worker's «calcular» takes: the case (a subclass: and its bases).
  _argumento(caso) {
    return JSON.stringify(caso);
  },
};
