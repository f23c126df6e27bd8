// The chart of the panel: what must be returned (and the total to pay, with
// interest) against accepted expense, from the engine's sweep
// (navegador.barrido: the same case computed at many amounts of accepted
// expense, the cent below each threshold and the threshold itself
// included). Inline SVG drawn here, one user unit per CSS pixel of the
// width it gets, coloured by CSS classes (panel.css: both palettes, print),
// with a title, a description in words and the same points as a table
// (details/summary) for whoever does not see the chart.

import { formatearEuros, formatearImporte } from "./caso.js";
import { el } from "./formulario.js";

const SVG = "http://www.w3.org/2000/svg";
const ANCHO_MIN = 300;
const ANCHO_MAX = 760;
const MARGEN = { izquierda: 64, derecha: 14, arriba: 34, abajo: 46 };
let contador = 0;

function svg(etiqueta, atributos = {}, ...hijos) {
  const nodo = document.createElementNS(SVG, etiqueta);
  for (const [clave, valor] of Object.entries(atributos)) {
    if (valor === null || valor === undefined || valor === false) continue;
    if (clave === "texto") nodo.textContent = valor;
    else if (clave === "clase") nodo.setAttribute("class", valor);
    else nodo.setAttribute(clave, String(valor));
  }
  for (const hijo of hijos.flat()) if (hijo) nodo.append(hijo);
  return nodo;
}

// "20000" -> "20.000 €": the axes' round figures.
function redondo(valor) {
  return `${formatearImporte(String(Math.round(valor))).replace(/,00$/, "")}\u00a0€`;
}

// A round step for about `n` intervals up to `maximo`.
function paso(maximo, n) {
  if (!(maximo > 0)) return 1;
  const bruto = maximo / n;
  const potencia = 10 ** Math.floor(Math.log10(bruto));
  const [factor] = [1, 2, 2.5, 5, 10].filter((f) => f * potencia >= bruto);
  return factor * potencia;
}

function marcas(maximo, n) {
  const p = paso(maximo, n);
  const lista = [];
  for (let v = 0; v <= maximo + p / 1000; v += p) lista.push(v);
  return lista;
}

// What the chart shows: what goes back (with and without interest) when
// something was paid; otherwise the final grant.
function series(barrido) {
  const puntos = barrido.puntos;
  if (!barrido.cobrado) {
    return [{ clave: "importe_final", nombre: "Importe final de la subvención", clase: "rc-serie-principal" }];
  }
  const conIntereses = puntos.some((p) => p.total_a_ingresar !== p.reintegro);
  return [
    { clave: "reintegro", nombre: "Importe a reintegrar", clase: "rc-serie-principal" },
    conIntereses ? { clave: "total_a_ingresar", nombre: "Total a ingresar (con intereses)", clase: "rc-serie-total" } : null,
  ].filter(Boolean);
}

function escalas(puntos, lista, ancho, alto) {
  const maxX = Math.max(1, ...puntos.map((p) => Number(p.gasto_aceptado)));
  const maxY = Math.max(1, ...puntos.flatMap((p) => lista.map((s) => Number(p[s.clave]))));
  const ticksY = marcas(maxY, 5);
  const topeY = ticksY.at(-1) >= maxY ? ticksY.at(-1) : ticksY.at(-1) + paso(maxY, 5);
  const x = (v) => MARGEN.izquierda + (Number(v) / maxX) * (ancho - MARGEN.izquierda - MARGEN.derecha);
  const y = (v) => alto - MARGEN.abajo - (Number(v) / topeY) * (alto - MARGEN.arriba - MARGEN.abajo);
  return { x, y, ticksX: marcas(maxX, ancho < 480 ? 2 : 4), ticksY: marcas(topeY, 5).filter((v) => v <= topeY), maxX };
}

function ejes(e, ancho, alto) {
  const abajo = alto - MARGEN.abajo;
  return svg("g", { clase: "rc-ejes", "aria-hidden": "true" },
    e.ticksY.map((v) => svg("g", {},
      svg("line", { clase: "rc-rejilla", x1: MARGEN.izquierda, x2: ancho - MARGEN.derecha, y1: e.y(v), y2: e.y(v) }),
      svg("text", { clase: "rc-eje-texto", x: MARGEN.izquierda - 6, y: e.y(v) + 4, "text-anchor": "end", texto: redondo(v) }))),
    e.ticksX.filter((v) => v <= e.maxX).map((v) => svg("text", {
      clase: "rc-eje-texto", x: e.x(v), y: abajo + 16, "text-anchor": v === 0 ? "start" : "middle", texto: redondo(v),
    })),
    svg("line", { clase: "rc-eje", x1: MARGEN.izquierda, x2: ancho - MARGEN.derecha, y1: abajo, y2: abajo }),
    svg("text", { clase: "rc-eje-titulo", x: ancho - MARGEN.derecha, y: alto - 6, "text-anchor": "end", texto: "Gasto aceptado" }));
}

function linea(puntos, serie, e) {
  const d = puntos.map((p, i) => `${i ? "L" : "M"}${e.x(p.gasto_aceptado).toFixed(1)} ${e.y(p[serie.clave]).toFixed(1)}`).join(" ");
  return svg("path", { clase: `rc-serie ${serie.clase}`, d, "data-serie": serie.clave });
}

// Each threshold: a dashed vertical line, its amount, and the point where
// the line lands once it is reached.
function umbral(limite, puntos, serie, e, alto) {
  const alcanzado = puntos.find((p) => p.gasto_aceptado === limite);
  const x = e.x(limite);
  return svg("g", { clase: "rc-umbral", "aria-hidden": "true" },
    svg("line", { clase: "rc-umbral-linea", x1: x, x2: x, y1: MARGEN.arriba - 6, y2: alto - MARGEN.abajo }),
    svg("text", { clase: "rc-eje-texto", x, y: MARGEN.arriba - 12, "text-anchor": x > e.x(e.maxX) * 0.7 ? "end" : "middle", texto: `Umbral: ${redondo(Number(limite))}` }),
    alcanzado ? svg("circle", { clase: "rc-punto-umbral", cx: x, cy: e.y(alcanzado[serie.clave]), r: 4 }) : null);
}

// «Usted está aquí»: a dot on the main line, its label above it unless the
// other line (the total with interest) runs just above, or the top is near.
function aqui(actual, serie, otra, e, ancho) {
  if (!actual) return null;
  const cx = e.x(actual.gasto_aceptado);
  const cy = e.y(actual[serie.clave]);
  const izquierda = cx > ancho * 0.6;
  const encima = otra ? cy - e.y(actual[otra.clave]) : Infinity;
  const debajo = cy < MARGEN.arriba + 24 || (encima >= 0 && encima < 30);
  const ty = debajo ? cy + 22 : cy - 12;
  return svg("g", { clase: "rc-aqui", "aria-hidden": "true" },
    svg("circle", { clase: "rc-aqui-punto", cx, cy, r: 6 }),
    svg("text", { clase: "rc-aqui-texto", x: izquierda ? cx - 10 : cx + 10, y: ty, "text-anchor": izquierda ? "end" : "start", texto: "Usted está aquí" }));
}

// The chart in words (its <desc>, and the line under it).
export function descripcion(barrido, principal) {
  const puntos = barrido.puntos;
  const de = (p) => formatearEuros(p[principal.clave]);
  const frases = [];
  for (const limite of barrido.umbrales ?? []) {
    const i = puntos.findIndex((p) => p.gasto_aceptado === limite);
    if (i <= 0) continue;
    const antes = puntos[i - 1];
    frases.push(`Con menos de ${formatearEuros(limite)} de gasto aceptado el reintegro es total (${principal.nombre.toLowerCase()}: ${de(antes)}); con ${formatearEuros(limite)}, ${de(puntos[i])}.`);
  }
  const ultimo = puntos.at(-1);
  if (ultimo) frases.push(`Con ${formatearEuros(ultimo.gasto_aceptado)} de gasto aceptado, ${de(ultimo)}.`);
  const actual = puntos.find((p) => p.gasto_aceptado === barrido.actual);
  if (actual) frases.push(`Usted está aquí: ${formatearEuros(actual.gasto_aceptado)} de gasto aceptado, ${principal.nombre.toLowerCase()} ${de(actual)}.`);
  return frases.join(" ");
}

function tabla(barrido, lista) {
  const principal = barrido.cobrado ? "reintegro" : "importe_final";
  return el("details", { clase: "rc-grafico-datos" },
    el("summary", { texto: "Ver los datos del gráfico en una tabla" }),
    el("div", { clase: "rc-tabla-envoltorio", tabindex: "0", role: "region", "aria-label": "Datos del gráfico" },
      el("table", { clase: "rc-tabla-grafico" },
        el("caption", { texto: "Lo que resulta con cada importe de gasto aceptado (el resto del caso sin cambios)." }),
        el("thead", {}, el("tr", {},
          el("th", { scope: "col", texto: "Gasto aceptado" }),
          el("th", { scope: "col", texto: "Régimen" }),
          lista.map((s) => el("th", { scope: "col", texto: s.nombre })))),
        el("tbody", {}, barrido.puntos.map((p) => {
          const actual = p.gasto_aceptado === barrido.actual;
          return el("tr", { clase: actual ? "rc-fila-actual" : null, "data-gasto": p.gasto_aceptado, "data-principal": p[principal] },
            el("th", { scope: "row", clase: "rc-num" }, formatearEuros(p.gasto_aceptado), actual ? el("span", { clase: "rc-fila-aqui", texto: " (usted está aquí)" }) : null),
            el("td", { texto: p.regimen === "total" ? "total" : "proporcional" }),
            lista.map((s) => el("td", { clase: "rc-num", "data-serie": s.clave, texto: formatearEuros(p[s.clave]) })));
        })))));
}

function leyenda(lista) {
  return el("ul", { clase: "rc-grafico-leyenda", "aria-hidden": "true" },
    lista.map((s) => el("li", { clase: s.clase }, el("span", { clase: "rc-leyenda-muestra" }), s.nombre)),
    el("li", { clase: "rc-leyenda-aqui" }, el("span", { clase: "rc-leyenda-muestra" }), "Usted está aquí"));
}

// The figure: title, SVG, legend, the description in words, the table.
export function dibujarGrafico(barrido, anchoDisponible) {
  const puntos = Array.isArray(barrido?.puntos) ? barrido.puntos : [];
  if (puntos.length < 2) return null;
  const lista = series(barrido);
  const ancho = Math.round(Math.min(ANCHO_MAX, Math.max(ANCHO_MIN, anchoDisponible || 640)));
  const alto = ancho < 480 ? 250 : 300;
  const e = escalas(puntos, lista, ancho, alto);
  const id = `rc-grafico-${++contador}`;
  const principal = lista[0];
  const texto = descripcion(barrido, principal);
  const titulo = barrido.cobrado ? "Lo que devolvería según el gasto aceptado" : "La subvención final según el gasto aceptado";
  const actual = puntos.find((p) => p.gasto_aceptado === barrido.actual);
  const dibujo = svg("svg", {
    clase: "rc-grafico-svg", viewBox: `0 0 ${ancho} ${alto}`, width: ancho, height: alto, role: "img",
    "aria-labelledby": `${id}-titulo`, "aria-describedby": `${id}-desc`, preserveAspectRatio: "xMinYMin meet",
  },
  svg("title", { id: `${id}-titulo`, texto: titulo }),
  svg("desc", { id: `${id}-desc`, texto }),
  ejes(e, ancho, alto),
  lista.slice().reverse().map((s) => linea(puntos, s, e)),
  (barrido.umbrales ?? []).map((limite) => umbral(limite, puntos, principal, e, alto)),
  aqui(actual, principal, lista[1], e, ancho));
  return el("figure", { clase: "rc-grafico-figura" },
    el("figcaption", { clase: "rc-grafico-titulo", texto: titulo }),
    dibujo,
    leyenda(lista),
    el("p", { clase: "rc-grafico-resumen", texto }),
    tabla(barrido, lista));
}

// The chart's place in the panel, until the sweep arrives.
export function contenedorGrafico() {
  return el("div", { clase: "rc-grafico", "data-estado": "cargando", "aria-busy": "true" },
    el("p", { clase: "rc-grafico-cargando", texto: "Preparando el gráfico de lo que resulta con más o menos gasto aceptado…" }));
}

// Ask the engine for the sweep (`pedir()` resolves with the bridge's JSON)
// and draw it in the result's panel, unless a newer result replaced it
// (`vigente()` false). The box's data-estado says where it stands:
// "cargando", "listo" or "error" (tests and benchmarks/benchmark.py wait on it).
export async function completarGrafico(zona, pedir, vigente) {
  const caja = zona.querySelector(".rc-grafico");
  if (!caja) return;
  let figura = null;
  let fallo = null;
  try {
    const respuesta = JSON.parse(await pedir());
    if (respuesta.estado !== "barrido") throw new Error((respuesta.errores ?? []).map((x) => x.mensaje).join("; ") || "respuesta no válida");
    if (!vigente() || !caja.isConnected) return;
    figura = dibujarGrafico(respuesta.barrido, caja.clientWidth);
  } catch (e) {
    fallo = e;
  }
  if (!vigente() || !caja.isConnected) return;
  caja.removeAttribute("aria-busy");
  if (fallo || !figura) {
    caja.dataset.estado = "error";
    caja.replaceChildren(el("p", { clase: "rc-grafico-cargando", texto: fallo ? `No se pudo preparar el gráfico: ${fallo.message}.` : "No hay datos suficientes para un gráfico." }));
    return;
  }
  caja.replaceChildren(figura);
  caja.dataset.estado = "listo";
}
