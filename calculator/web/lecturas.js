// «Otras lecturas del texto»: where the text admits another reading that
// changes a figure, the engine computes it too (`lecturas` of the result,
// DOMAIN.md "Rival readings"). For each: a short title, what it says, the
// paragraph it rests on (linked like a step), and its figures beside the
// central ones; the note of the criterion it contests is a button away.

import { centimos, formatearEuros } from "./caso.js";
import { el } from "./formulario.js";

// The figures of a reading, in the order shown; the total is always shown,
// the others when this reading changes them.
const CIFRAS_LECTURA = [
  ["importe_final", "Importe final de la subvención", (r) => r.importe_final],
  ["reintegro", "Importe a reintegrar", (r) => r.reintegro],
  ["intereses", "Intereses de demora", (r) => (typeof r.intereses === "object" ? r.intereses?.total : r.intereses)],
  ["total_a_ingresar", "Total a ingresar", (r) => r.total_a_ingresar],
];

// A button to a note of the result (resultado.js takes the reader there).
export function botonNota(nota) {
  return el("button", { type: "button", clase: "rc-enlace-nota", "data-nota": nota.codigo, texto: nota.titulo ?? nota.codigo });
}

function cifras(r, l) {
  const filas = CIFRAS_LECTURA.filter(([clave, , valor]) => clave === "total_a_ingresar" || centimos(valor(l)) !== centimos(valor(r)));
  return el("table", { clase: "rc-lectura-cifras" },
    el("thead", {}, el("tr", {},
      el("td", {}),
      el("th", { scope: "col", texto: "Con esta lectura" }),
      el("th", { scope: "col", texto: "Con la lectura central" }))),
    el("tbody", {}, filas.map(([clave, etiqueta, valor]) => el("tr", { "data-figura": clave },
      el("th", { scope: "row", texto: etiqueta }),
      el("td", { clase: "rc-num rc-lectura-rival", texto: formatearEuros(valor(l)) }),
      el("td", { clase: "rc-num rc-lectura-central", texto: formatearEuros(valor(r)) })))));
}

function lectura(r, l, ctx, notas) {
  const cita = l.cita && typeof l.cita === "object" ? l.cita : null;
  const nota = l.nota ? notas.get(l.nota) : null;
  return el("li", { clase: "rc-lectura", "data-lectura": l.id, tabindex: "-1" },
    el("p", { clase: "rc-lectura-titulo" }, el("strong", { texto: l.titulo ?? l.id })),
    l.texto ? el("p", { texto: l.texto }) : null,
    cita ? el("p", { clase: "rc-cita" }, "Se apoya en: ", ctx.enlaceCita(cita), cita.texto ? [" ", el("q", { texto: cita.texto })] : null) : null,
    el("div", { clase: "rc-tabla-envoltorio" }, cifras(r, l)),
    nota ? el("p", { clase: "rc-lectura-nota" }, "Criterio que se sigue arriba: ", botonNota(nota), ".") : null);
}

export function seccionLecturas(r, ctx) {
  const lecturas = (Array.isArray(r.lecturas) ? r.lecturas : []).filter((l) => l && typeof l === "object");
  if (!lecturas.length) return null;
  const notas = new Map((Array.isArray(r.notas) ? r.notas : []).map((n) => [n.codigo, n]));
  const id = `rc-lecturas-${ctx.sufijo ?? "titulo"}`;
  return el("section", { clase: "rc-lecturas-seccion", "aria-labelledby": id },
    el("h4", { id, texto: "Otras lecturas del texto" }),
    el("p", { clase: "rc-lecturas-intro", texto: lecturas.length === 1
      ? "El texto admite otra lectura que cambia la cifra. El cálculo de arriba sigue la lectura central; con esta otra, el resultado sería:"
      : "El texto admite otras lecturas que cambian la cifra. El cálculo de arriba sigue la lectura central; con cada una de estas, el resultado sería:" }),
    el("ul", { clase: "rc-lecturas" }, lecturas.map((l) => lectura(r, l, ctx, notas))));
}
