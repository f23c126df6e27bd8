// The «Comparar» page: one case (from the link: #caso=… or
// #bases=…&caso=…) under the site's five bases and, when the link carries
// them, the user's own, side by side: total a ingresar, reintegro,
// régimen, the decisive step, the fields each bases ignores (by their
// labels), and a link to each bases' page with the case loaded. The
// worker's «comparar» computes them all (reintegro.navegador.comparar);
// <script type="application/json" data-comparacion> keeps its results,
// exactly as `python -m reintegro comparar` prints them.
// Contract: the root [data-comparacion] carries data-estado = "cargando" |
// "vacio" (no case in the link) | "resultado" | "error".

import { codificarCaso, ErrorEnlace, formatearEuros, PREFIJO_CASO } from "./caso.js";
import { el } from "./formulario.js";
import { datosMotor, motor } from "./motor.js";
import { fragmentoDe, leerEnlace, PREFIJO_BASES } from "./enlace-bases.js";
import { leerArchivo } from "./archivo.js";
import { enCadaPagina } from "./paginas.js";

const RAIZ_SITIO = new URL("../../", import.meta.url);
const REGIMENES = { proporcional: "Proporcional", total: "Total" };

// The step that decided most: the largest reduction of the grant (the
// first step when nothing reduced it).
export function pasoDecisivo(resultado) {
  const pasos = (resultado.pasos ?? []).filter((p) => p.bloque === "importe_final");
  let decisivo = null;
  for (const paso of pasos) {
    const importe = Number(paso.importe ?? 0);
    if (importe < 0 && (!decisivo || importe < Number(decisivo.importe))) decisivo = paso;
  }
  return decisivo ?? pasos[0] ?? null;
}

function ignorados(resultado) {
  const nota = (resultado.notas ?? []).find((n) => n.codigo === "campos-ignorados");
  return nota ? [...nota.texto.matchAll(/«([^»]+)»/g)].map((m) => m[1]) : [];
}

class Comparacion {
  constructor(raiz) {
    this.raiz = raiz;
    this.destruida = false;
    this.raiz.dataset.estado = "cargando";
    this.estado = el("p", { clase: "cmp-estado", role: "status", texto: "Preparando el motor de cálculo…" });
    this.elegirArchivo = el("input", { type: "file", accept: ".json,application/json", hidden: true, onchange: () => this._abrirArchivo() });
    this.zona = el("div", { clase: "cmp-zona" });
    this.raiz.replaceChildren(this.estado,
      el("div", { clase: "rc-acciones" },
        el("button", { type: "button", clase: "md-button rc-boton", texto: "Abrir un caso guardado", onclick: () => this.elegirArchivo.click() }),
        this.elegirArchivo),
      this.zona);
    this.alHash = () => this._desdeEnlace();
    window.addEventListener("hashchange", this.alHash);
    this._desdeEnlace();
  }

  destruir() {
    this.destruida = true;
    window.removeEventListener("hashchange", this.alHash);
  }

  _fallo(mensaje) {
    this.zona.replaceChildren();
    this.estado.textContent = mensaje;
    this.raiz.dataset.estado = "error";
  }

  async _desdeEnlace() {
    let enlace;
    try {
      enlace = await leerEnlace(location.hash);
    } catch (e) {
      if (!(e instanceof ErrorEnlace)) throw e;
      this._fallo(`El enlace no se puede abrir: ${e.message}.`);
      return;
    }
    if (!enlace?.caso) {
      this.zona.replaceChildren();
      this.estado.textContent = "Este enlace no lleva ningún caso. Abra esta página desde una calculadora («Ver este caso con otras bases») o abra un caso guardado.";
      this.raiz.dataset.estado = "vacio";
      return;
    }
    await this._comparar(enlace.caso, enlace.bases);
  }

  async _abrirArchivo() {
    const archivo = this.elegirArchivo.files?.[0];
    this.elegirArchivo.value = "";
    if (!archivo) return;
    try {
      const caso = await leerArchivo(archivo);
      history.replaceState(history.state, "", `#${PREFIJO_CASO.slice(1)}${codificarCaso(caso)}`);
      await this._comparar(caso, null);
    } catch (e) {
      if (!(e instanceof ErrorEnlace)) throw e;
      this._fallo(`El archivo no se puede abrir: ${e.message}.`);
    }
  }

  async _comparar(caso, bases) {
    this.raiz.dataset.estado = "cargando";
    const datos = await datosMotor();
    const m = motor();
    this.estado.textContent = "Calculando el caso con cada una de las bases…";
    await m.listo;
    const textoBases = bases ? JSON.stringify(bases) : null;
    const argumento = textoBases ? [JSON.stringify(caso), textoBases] : JSON.stringify(caso);
    const respuesta = JSON.parse(await m.pedir("comparar", argumento));
    if (this.destruida) return;
    if (respuesta.estado !== "comparacion") {
      const errores = (respuesta.errores ?? []).map((e) => `${e.etiqueta ?? e.campo}: ${e.mensaje}`).join("; ");
      this._fallo(respuesta.estado === "bases-invalidas" ? `Las bases del enlace no son válidas: ${errores}.` : `El caso no se puede comparar: ${errores}.`);
      return;
    }
    const columnas = datos.catalogo.map((b) => ({ id: b.id, titulo: b.titulo, pagina: b.pagina, propias: false }));
    if (bases) {
      const codificadas = location.hash.startsWith(PREFIJO_BASES) ? location.hash.slice(PREFIJO_BASES.length).split("&")[0] : "";
      columnas.push({ id: bases.id, titulo: `Sus bases: ${bases.titulo ?? bases.id}`, pagina: "sus-bases/", propias: true, codificadas });
    }
    this._pintar(caso, columnas, respuesta.resultados);
  }

  _enlace(columna, caso) {
    const destino = new URL(columna.pagina, RAIZ_SITIO);
    const conBases = { ...caso, bases: columna.id };
    destino.hash = (columna.propias ? fragmentoDe(columna.codificadas, conBases) : PREFIJO_CASO + codificarCaso(conBases)).slice(1);
    return destino.href;
  }

  _celdas(columna, r) {
    if (!r || r.errores) {
      const lista = el("ul", { clase: "cmp-errores" }, (r?.errores ?? ["sin resultado"]).map((e) => el("li", { texto: e })));
      return { total: "—", reintegro: "—", regimen: "No se puede calcular", paso: lista, ignorados: "—" };
    }
    const paso = pasoDecisivo(r);
    const nombres = ignorados(r);
    return {
      total: el("strong", { texto: formatearEuros(r.total_a_ingresar) }),
      reintegro: formatearEuros(r.reintegro),
      regimen: REGIMENES[r.regimen] ?? String(r.regimen ?? "—"),
      paso: paso ? [paso.texto, paso.cita ? el("span", { clase: "cmp-cita", texto: ` (${[paso.cita.norma, paso.cita.referencia].filter(Boolean).join(", ")})` }) : null] : "—",
      ignorados: nombres.length ? el("ul", { clase: "cmp-ignorados" }, nombres.map((n) => el("li", { texto: n }))) : "Ninguno",
    };
  }

  _pintar(caso, columnas, resultados) {
    const filas = [
      ["total", "Total a ingresar"], ["reintegro", "Reintegro"], ["regimen", "Régimen"],
      ["paso", "Paso decisivo"], ["ignorados", "Datos que no usa"],
    ];
    const celdas = columnas.map((c) => this._celdas(c, resultados[c.id]));
    const tabla = el("table", { clase: "cmp-tabla" },
      el("caption", { texto: "El mismo caso con cada una de las bases" }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", texto: "Bases" }),
        filas.map(([, nombre]) => el("th", { scope: "col", texto: nombre })))),
      el("tbody", {}, columnas.map((c, n) => el("tr", { "data-bases": c.id },
        el("th", { scope: "row" }, el("a", { href: this._enlace(c, caso), clase: "cmp-abrir", texto: c.titulo })),
        filas.map(([clave, nombre]) => el("td", { "data-titulo": nombre }, celdas[n][clave]))))));
    const datos = el("script", { type: "application/json", "data-comparacion": true });
    datos.textContent = JSON.stringify(resultados, null, 2);
    this.zona.replaceChildren(el("div", { clase: "cmp-desplazable", tabindex: "0", role: "region", "aria-label": "Comparación" }, tabla),
      el("p", { clase: "rc-aviso-legal", texto: "Cada fila enlaza con la página de esas bases, con el caso cargado. Estos cálculos son una autoevaluación orientativa; el importe que se exija lo fija la resolución del órgano concedente." }),
      datos);
    this.estado.textContent = `Caso calculado con ${columnas.length} bases.`;
    this.raiz.dataset.estado = "resultado";
  }
}

let activa = null;

function iniciar() {
  activa?.destruir();
  activa = null;
  const raiz = document.querySelector("[data-comparacion]");
  if (raiz) activa = new Comparacion(raiz);
}

enCadaPagina(iniciar);
