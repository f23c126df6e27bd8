// What the calculator shows after each computation: the result (rendered
// by resultado.js, with the foot, the legal notice and the JSON of the
// page contract), the errors under their fields or above the form, and the
// bar at the bottom (the total, or what is missing, with a way to it).
// Methods of Calculadora (installed by calculadora.js), called by
// calculadora-calculo.js and calculadora-estado.js.

import { formatearEuros } from "./caso.js";
import { el } from "./formulario.js";
import { renderizarResultado } from "./resultado.js";
import { completarGrafico } from "./grafico.js";
import { motor } from "./motor.js";

// Today's date in Spanish, at the foot of a result and in its printed
// report. The first Intl date formatter of a page costs 15-30 ms (Chromium
// loads the locale's calendar data): made while the engine boots (see
// _iniciar in calculadora.js), it is no longer on the way of the first result.
let formatoFecha = null;

export function fechaDeHoy() {
  formatoFecha ??= new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric" });
  return formatoFecha.format(new Date());
}

export const metodosVista = {
  _quitarResultado() {
    this.resumen.hidden = true;
    this.zonaResultado.hidden = true;
    this.zonaResultado.replaceChildren();
    this.explicaciones.olvidarRetirados();
    this.informe.replaceChildren();
    this.formulario?.mostrarEjecucion(null);
  },

  _barra(texto, boton, accion, { error = false } = {}) {
    this.textoResumen.replaceChildren(...[texto].flat());
    this.irResultado.textContent = boton;
    this.accionResumen = accion;
    this.resumen.classList.toggle("rc-resumen-error", error);
    this.resumen.hidden = false;
  },

  _llevarA(control) {
    if (!control) return;
    control.scrollIntoView({ block: "center", behavior: "smooth" });
    control.focus({ preventScroll: true });
  },

  _resumenVacio() {
    const importe = this.formulario.campos.get("importe_concedido")?.control;
    this._barra("Para calcular, escriba el importe concedido.", "Escribirlo", () => this._llevarA(importe));
  },

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
  },

  _avisos(faltan) {
    return [
      this.cargado ? el("p", { clase: "rc-aviso rc-aviso-carga", texto: `Caso cargado ${this.cargado}. Los datos están en el formulario, más arriba: cámbielos si hace falta.` }) : null,
      faltan.length ? el("p", { clase: "rc-aviso rc-aviso-provisional" },
        el("strong", { texto: "Resultado provisional. " }),
        `Faltan datos: ${faltan.map((f) => `${f.nombre} (${f.supuesto})`).join(" y ")}.`) : null,
    ];
  },

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
  },
};
