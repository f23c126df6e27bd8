// The result, rendered as text nodes: figures, ranges, the explanation
// with its citations, the interest table and the notes.

import { formatearEuros, formatearFecha, formatearPorcentaje } from "./caso.js";
import { el } from "./formulario.js";

export const CIFRAS = [
  ["total_a_ingresar", "Total a ingresar", (r) => r.total_a_ingresar],
  ["reintegro", "Importe a reintegrar", (r) => r.reintegro],
  ["intereses", "Intereses de demora", (r) => r.intereses?.total],
  ["perdida_derecho_cobro", "Pérdida del derecho al cobro", (r) => r.perdida_derecho_cobro],
  ["pendiente_de_cobro", "Pendiente de cobro", (r) => r.pendiente_de_cobro],
  ["importe_final", "Importe final de la subvención", (r) => r.importe_final],
];
const NOMBRES_RANGO = Object.fromEntries(CIFRAS.map(([clave, etiqueta]) => [clave, etiqueta]));
NOMBRES_RANGO["intereses.total"] = NOMBRES_RANGO.intereses;

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

// ctx: {enlaceCita(cita) -> <a>, idTitulo}
export function renderizarResultado(r, ctx) {
  const raiz = el("div", { clase: "rc-resultado-cuerpo" });
  const rangos = r.rangos && typeof r.rangos === "object" ? r.rangos : {};
  const usados = new Set();

  const cifras = el("dl", { clase: "rc-cifras" });
  for (const [clave, etiqueta, valor] of CIFRAS) {
    const v = valor(r);
    if (v === undefined || v === null) continue;
    const rango = rangos[clave] ?? (clave === "intereses" ? rangos["intereses.total"] : undefined);
    if (rango) usados.add(rangos[clave] ? clave : "intereses.total");
    cifras.append(el("div", { clase: `rc-cifra rc-cifra-${clave}`, "data-cifra": clave },
      el("dt", { texto: etiqueta }),
      el("dd", {}, el("span", { clase: "rc-importe", texto: formatearEuros(v) }),
        rango ? el("span", { clase: "rc-rango", texto: ` (${textoRango(rango)})` }) : null)));
  }
  raiz.append(cifras);

  const otros = Object.entries(rangos).filter(([clave]) => !usados.has(clave));
  if (otros.length) {
    raiz.append(el("h4", { texto: "Márgenes" }), el("ul", { clase: "rc-rangos" },
      otros.map(([clave, rango]) => el("li", {}, `${NOMBRES_RANGO[clave] ?? humanizar(clave)}: ${textoRango(rango)}.`))));
  }

  const pasos = Array.isArray(r.pasos) ? [...r.pasos].sort((a, b) => (a.orden ?? 0) - (b.orden ?? 0)) : [];
  if (pasos.length) {
    raiz.append(el("h4", { texto: "Explicación paso a paso" }));
    raiz.append(el("ol", { clase: "rc-pasos" }, pasos.map((p) => {
      const cita = p.cita && typeof p.cita === "object" ? p.cita : null;
      return el("li", { clase: "rc-paso" },
        el("div", { clase: "rc-paso-linea" },
          el("span", { clase: "rc-paso-texto", texto: p.texto ?? "" }),
          p.importe !== undefined && p.importe !== null ? el("span", { clase: "rc-paso-importe", texto: conSigno(p.importe) }) : null),
        cita ? el("p", { clase: "rc-cita" },
          ctx.enlaceCita(cita),
          cita.texto ? [" ", el("q", { texto: cita.texto })] : null) : null);
    })));
  }

  const int = r.intereses;
  if (int && Array.isArray(int.periodos) && int.periodos.length) {
    const base = int.base_dias === "365" ? "siempre 365 días" : "días reales del año (365 o 366)";
    raiz.append(el("h4", { texto: "Intereses de demora por periodo" }));
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
    raiz.append(el("div", { clase: "rc-tabla-envoltorio", tabindex: "0", role: "region", "aria-label": "Intereses de demora por periodo" }, tabla));
  }

  const notas = Array.isArray(r.notas) ? r.notas : [];
  if (notas.length) {
    raiz.append(el("h4", { texto: "Notas" }));
    raiz.append(el("ul", { clase: "rc-notas" }, notas.map((n) => el("li", { clase: "rc-nota", "data-codigo": n.codigo ?? null },
      el("strong", { texto: n.titulo ?? n.codigo ?? "" }),
      n.texto ? [" ", el("span", { texto: n.texto })] : null))));
  }
  return raiz;
}
