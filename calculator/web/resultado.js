// The result, rendered as text nodes, one function per section: notices,
// figures (with what each range depends on), other ranges, «Qué puede
// hacer» (panel.js), the explanation (its blocks with subtotals that add up
// as printed, and the total), the interest table, «Otras lecturas del
// texto» (lecturas.js) and the notes. A later section goes into SECCIONES
// where it belongs; keys of the result a section does not know are ignored.
// Steps, readings and notes link to each other: a step to the notes of the
// criteria it applies, a note to the steps and readings it concerns.

import { centimos, formatearEuros, formatearFecha, formatearPorcentaje, importeDeCentimos } from "./caso.js";
import { el } from "./formulario.js";
import { seccionPanel } from "./panel.js";
import { seccionLecturas, botonNota } from "./lecturas.js";

export const CIFRAS = [
  ["total_a_ingresar", "Total a ingresar", (r) => r.total_a_ingresar],
  ["reintegro", "Importe a reintegrar", (r) => r.reintegro],
  ["intereses", "Intereses de demora", (r) => r.intereses?.total],
  ["perdida_derecho_cobro", "Pérdida del derecho al cobro", (r) => r.perdida_derecho_cobro],
  ["pendiente_de_cobro", "Pendiente de cobro", (r) => r.pendiente_de_cobro],
  ["importe_final", "Importe final de la subvención (F)", (r) => r.importe_final],
];
const NOMBRES_RANGO = Object.fromEntries(CIFRAS.map(([clave, etiqueta]) => [clave, etiqueta]));
NOMBRES_RANGO["intereses.total"] = NOMBRES_RANGO.intereses;

// What a range depends on, told by the note that explains it; `cifras`:
// the figures it moves (null: all of them).
const RAZONES_RANGO = [
  { nota: "rango-discrecional", texto: "de la graduación que decida el órgano concedente", cifras: null },
  { nota: "exceso-rlgs-34", texto: "de quién advierta el exceso de financiación y de cómo se reparta", cifras: null },
  { nota: "D8", texto: "del orden en que se imputen los pagos (D8)", cifras: ["intereses", "intereses.total", "total_a_ingresar"] },
];

// Each block of the explanation ends in the figure of the result it makes.
const SUBTOTALES = {
  importe_final: { etiqueta: "Importe final de la subvención (F)", cifra: (r) => r.importe_final },
  liquidacion: { etiqueta: "Importe a reintegrar", cifra: (r) => r.reintegro },
  perdida_derecho_cobro: { etiqueta: "Pérdida del derecho al cobro", cifra: (r) => r.perdida_derecho_cobro },
  intereses: { etiqueta: "Intereses de demora", cifra: (r) => r.intereses?.total },
};

function textoRango(rango) {
  return `entre ${formatearEuros(rango.minimo)} y ${formatearEuros(rango.maximo)}`;
}

function humanizar(clave) {
  const s = String(clave).replaceAll("_", " ").replaceAll(".", " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function conSigno(importe) {
  const s = String(importe ?? "");
  return s.startsWith("-") ? `−${formatearEuros(s.slice(1))}` : formatearEuros(s);
}

function rangosDe(r) {
  return r.rangos && typeof r.rangos === "object" ? r.rangos : {};
}

function codigosDeNotas(r) {
  return new Set((Array.isArray(r.notas) ? r.notas : []).map((n) => n.codigo));
}

// --- sections -----------------------------------------------------------------

// ctx.avisos: notices the page puts above the figures (a case loaded from a
// link, a provisional result).
function seccionAvisos(r, ctx) {
  const avisos = (ctx.avisos ?? []).filter(Boolean);
  return avisos.length ? el("div", { clase: "rc-avisos" }, avisos) : null;
}

// «Depende de …»: one short line beside a range, each reason a button to its note.
function razonDelRango(r, clave) {
  const notas = codigosDeNotas(r);
  const razones = RAZONES_RANGO.filter((x) => notas.has(x.nota) && (!x.cifras || x.cifras.includes(clave)));
  const partes = razones.length
    ? razones.map((x) => el("button", { type: "button", clase: "rc-enlace-nota", "data-nota": x.nota, texto: x.texto }))
    : [el("button", { type: "button", clase: "rc-enlace-nota", "data-nota": "", texto: "de cómo se lea el texto (véanse las notas)" })];
  const unidos = partes.flatMap((p, i) => (i === 0 ? [p] : [i === partes.length - 1 ? " y " : ", ", p]));
  return el("span", { clase: "rc-rango-razon" }, "Depende ", unidos, ".");
}

function seccionCifras(r, ctx) {
  const rangos = rangosDe(r);
  const cifras = el("dl", { clase: "rc-cifras" });
  for (const [clave, etiqueta, valor] of CIFRAS) {
    const v = valor(r);
    if (v === undefined || v === null) continue;
    const claveRango = rangos[clave] ? clave : (clave === "intereses" && rangos["intereses.total"] ? "intereses.total" : null);
    const rango = claveRango ? rangos[claveRango] : null;
    cifras.append(el("div", { clase: `rc-cifra rc-cifra-${clave}`, "data-cifra": clave },
      el("dt", { texto: etiqueta }),
      el("dd", {}, el("span", { clase: "rc-importe", texto: formatearEuros(v) }),
        rango ? [el("span", { clase: "rc-rango", texto: ` (${textoRango(rango)})` }), razonDelRango(r, claveRango)] : null)));
  }
  return cifras;
}

function seccionMargenes(r) {
  const mostradas = new Set(CIFRAS.map(([clave]) => clave).concat("intereses.total"));
  const otros = Object.entries(rangosDe(r)).filter(([clave]) => !mostradas.has(clave));
  if (!otros.length) return null;
  return [el("h4", { texto: "Márgenes" }), el("ul", { clase: "rc-rangos" },
    otros.map(([clave, rango]) => el("li", {}, `${NOMBRES_RANGO[clave] ?? humanizar(clave)}: ${textoRango(rango)}. `, razonDelRango(r, clave))))];
}

// The steps in the order shown, each with its number in the explanation.
function pasosNumerados(r) {
  const pasos = Array.isArray(r.pasos) ? [...r.pasos].sort((a, b) => (a.orden ?? 0) - (b.orden ?? 0)) : [];
  return pasos.map((p, i) => ({ ...p, numero: i + 1 }));
}

// «Criterio aplicado: …»: the notes a step applies, each a button to it.
function notasDelPaso(r, p) {
  const notas = new Map((Array.isArray(r.notas) ? r.notas : []).map((n) => [n.codigo, n]));
  const suyas = (Array.isArray(p.notas) ? p.notas : []).filter((c) => notas.has(c));
  if (!suyas.length) return null;
  return el("p", { clase: "rc-paso-notas" }, suyas.length === 1 ? "Nota: " : "Notas: ",
    suyas.flatMap((c, i) => [i ? "; " : null, botonNota(notas.get(c))]), ".");
}

function paso(p, ctx, r) {
  const cita = p.cita && typeof p.cita === "object" ? p.cita : null;
  return el("li", { clase: "rc-paso", "data-paso": String(p.numero), tabindex: "-1" },
    el("div", { clase: "rc-paso-linea" },
      el("span", { clase: "rc-paso-texto", texto: p.texto ?? "" }),
      p.importe !== undefined && p.importe !== null ? el("span", { clase: "rc-paso-importe", texto: conSigno(p.importe) }) : null),
    cita ? el("p", { clase: "rc-cita" },
      ctx.enlaceCita(cita),
      cita.texto ? [" ", el("q", { texto: cita.texto })] : null) : null,
    notasDelPaso(r, p));
}

function lineaDeSuma(etiqueta, importe, clase = "") {
  return el("p", { clase: `rc-subtotal ${clase}`.trim() },
    el("span", { clase: "rc-subtotal-texto" }, el("span", { "aria-hidden": "true", texto: "= " }), etiqueta),
    el("span", { clase: "rc-paso-importe", texto: conSigno(importe) }));
}

// The line a block ends in: the exact sum of its steps as printed (cents,
// BigInt), named after the figure of the result it makes when it is that
// figure. A liquidation below zero says that nothing goes back.
function subtotal(r, bloque, pasos) {
  const partes = pasos.map((p) => centimos(p.importe));
  if (partes.some((c) => c === null)) return null;
  const suma = partes.reduce((a, b) => a + b, 0n);
  const conocido = SUBTOTALES[bloque];
  const cifra = conocido ? centimos(conocido.cifra(r)) : null;
  if (bloque === "liquidacion" && suma < 0n) {
    return [lineaDeSuma("Pagos menos importe final", importeDeCentimos(suma)),
      el("p", { clase: "rc-subtotal-nota", texto: `No hay nada que reintegrar: el órgano concedente aún debe pagarle ${formatearEuros(r.pendiente_de_cobro)} (pendiente de cobro).` })];
  }
  return lineaDeSuma(cifra === suma ? conocido.etiqueta : "Suma de este bloque", importeDeCentimos(suma));
}

function bloques(pasos) {
  const grupos = [];
  for (const p of pasos) {
    const ultimo = grupos.at(-1);
    if (ultimo && ultimo.bloque === p.bloque) ultimo.pasos.push(p);
    else grupos.push({ bloque: p.bloque, pasos: [p] });
  }
  return grupos;
}

function lineaDelTotal(r) {
  const reintegro = centimos(r.reintegro);
  const intereses = centimos(r.intereses?.total ?? "0");
  const total = centimos(r.total_a_ingresar);
  if (reintegro === null || intereses === null || total === null || reintegro + intereses !== total) return null;
  return lineaDeSuma("Total a ingresar (importe a reintegrar más intereses)", r.total_a_ingresar, "rc-subtotal-total");
}

function seccionExplicacion(r, ctx) {
  const pasos = pasosNumerados(r);
  if (!pasos.length) return null;
  let numero = 1;
  const cuerpo = el("div", { clase: "rc-explicacion" }, bloques(pasos).map(({ bloque, pasos: suyos }) => {
    const lista = el("ol", { clase: "rc-pasos", start: String(numero) }, suyos.map((p) => paso(p, ctx, r)));
    numero += suyos.length;
    return el("div", { clase: "rc-bloque", "data-bloque": bloque ?? "" }, lista, bloque ? subtotal(r, bloque, suyos) : null);
  }), lineaDelTotal(r));
  return [el("h4", { texto: "Explicación paso a paso" }), cuerpo];
}

function seccionIntereses(r) {
  const int = r.intereses;
  if (!int || !Array.isArray(int.periodos) || !int.periodos.length) return null;
  const base = int.base_dias === "365" ? "siempre 365 días" : "días reales del año (365 o 366)";
  const tabla = el("table", { clase: "rc-tabla-intereses" },
    el("caption", { texto: `Hasta el ${formatearFecha(int.fecha_fin)}; base: ${base}.` }),
    el("thead", {}, el("tr", {}, ["Pago", "Desde", "Hasta", "Días", "Tipo", "Principal", "Intereses"].map((t) => el("th", { scope: "col", texto: t })))),
    el("tbody", {}, int.periodos.map((p) => el("tr", {},
      // data-etiqueta: the column's name, shown when rows stack (narrow panel).
      el("td", { clase: "rc-num", "data-etiqueta": "Pago", texto: String(p.pago ?? "") }),
      el("td", { "data-etiqueta": "Desde", texto: formatearFecha(p.desde) }),
      el("td", { "data-etiqueta": "Hasta", texto: formatearFecha(p.hasta) }),
      el("td", { clase: "rc-num", "data-etiqueta": "Días", texto: String(p.dias ?? "") }),
      el("td", { clase: "rc-num", "data-etiqueta": "Tipo", texto: formatearPorcentaje(p.tipo) }),
      el("td", { clase: "rc-num", "data-etiqueta": "Principal", texto: p.principal !== undefined ? formatearEuros(p.principal) : "" }),
      el("td", { clase: "rc-num", "data-etiqueta": "Intereses", texto: formatearEuros(p.importe) })))),
    el("tfoot", {}, el("tr", {},
      el("th", { scope: "row", colspan: "6", texto: "Total de intereses" }),
      el("td", { clase: "rc-num", texto: formatearEuros(int.total) }))));
  return [el("h4", { texto: "Intereses de demora por periodo" }),
    el("div", { clase: "rc-tabla-envoltorio", tabindex: "0", role: "region", "aria-label": "Intereses de demora por periodo" }, tabla)];
}

// What a note concerns: the steps that apply it and the readings it
// describes, each a button to it.
function aQueAfecta(r, n) {
  const pasos = pasosNumerados(r).filter((p) => Array.isArray(p.notas) && p.notas.includes(n.codigo));
  const lecturas = (Array.isArray(r.lecturas) ? r.lecturas : []).filter((l) => l.nota && l.nota === n.codigo);
  const botones = [
    ...pasos.map((p) => el("button", { type: "button", clase: "rc-enlace-nota", "data-paso": String(p.numero), texto: `paso ${p.numero}` })),
    ...lecturas.map((l) => el("button", { type: "button", clase: "rc-enlace-nota", "data-lectura": l.id, texto: `lectura «${l.titulo}»` })),
  ];
  if (!botones.length) return null;
  return el("span", { clase: "rc-nota-afecta" }, " Afecta a: ", botones.flatMap((b, i) => [i ? ", " : null, b]), ".");
}

function seccionNotas(r) {
  const notas = Array.isArray(r.notas) ? r.notas : [];
  if (!notas.length) return null;
  return [el("h4", { clase: "rc-titulo-notas", tabindex: "-1", texto: "Notas" }),
    el("ul", { clase: "rc-notas" }, notas.map((n) => el("li", { clase: "rc-nota", "data-codigo": n.codigo ?? null, tabindex: "-1" },
      el("strong", { texto: n.titulo ?? n.codigo ?? "" }),
      n.texto ? [" ", el("span", { texto: n.texto })] : null,
      aQueAfecta(r, n))))];
}

export const SECCIONES = [seccionAvisos, seccionCifras, seccionMargenes, seccionPanel, seccionExplicacion, seccionIntereses,
  seccionLecturas, seccionNotas];

// Where a button of the result leads: its note (data-nota, «Depende de …»,
// a step's criterion), a step (data-paso) or a reading (data-lectura).
function destinoDe(raiz, boton) {
  const { nota, paso: numero, lectura } = boton.dataset;
  if (numero) return raiz.querySelector(`.rc-paso[data-paso="${CSS.escape(numero)}"]`);
  if (lectura) return raiz.querySelector(`.rc-lectura[data-lectura="${CSS.escape(lectura)}"]`);
  return (nota && [...raiz.querySelectorAll(".rc-nota")].find((n) => n.dataset.codigo === nota))
    ?? raiz.querySelector(".rc-titulo-notas");
}

// A button of the result takes the reader (and the focus) where it says.
function irANota(raiz, boton) {
  const destino = destinoDe(raiz, boton);
  if (!destino) return;
  for (const n of raiz.querySelectorAll(".rc-nota-senalada")) n.classList.remove("rc-nota-senalada");
  if (!destino.hasAttribute("tabindex")) destino.setAttribute("tabindex", "-1");
  destino.classList.add("rc-nota-senalada");
  const reducir = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  destino.scrollIntoView({ block: "center", behavior: reducir ? "auto" : "smooth" });
  destino.focus({ preventScroll: true });
}

// ctx: {enlaceCita(cita) -> <a>, avisos: [nodes]}
export function renderizarResultado(r, ctx, secciones = SECCIONES) {
  const raiz = el("div", { clase: "rc-resultado-cuerpo" });
  for (const seccion of secciones) raiz.append(...[seccion(r, ctx)].flat().filter(Boolean));
  raiz.addEventListener("click", (e) => {
    const boton = e.target.closest?.("button.rc-enlace-nota");
    if (boton) irANota(raiz, boton);
  });
  return raiz;
}
