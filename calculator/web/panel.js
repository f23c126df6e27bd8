// «Qué puede hacer»: what the beneficiary can still change, and by when
// (DOMAIN.md, the section of that name). Right under the figures of the
// result: the threshold gap in one sentence with the figure at stake, each
// breach with what it costs and how it can still be remedied, the interest
// of each day of waiting and what a voluntary payment today changes, a dated
// timeline of the deadlines, and the place of the chart (grafico.js, drawn
// when the engine's sweep arrives). Every figure is the result's own
// (`margen`, `plazos`); only differences of two of them are worked out here,
// exactly, in cents.

import { centimos, formatearEuros, formatearFecha, formatearFechaLarga, importeDeCentimos, porcentajeCorto } from "./caso.js";
import { el } from "./formulario.js";
import { contenedorGrafico } from "./grafico.js";

// What each measure of a threshold is, in the page's words.
const MEDIDAS = {
  "gasto_aceptado/importe_concedido": "del importe concedido",
  "gasto_aceptado/coste_proyecto": "del coste del proyecto",
};
const NOMBRES_PORCENTAJE = {
  grado_cumplimiento_objetivos: "grado de cumplimiento de los objetivos",
};

// The page of rights and deadlines (docs/derechos-y-plazos.md), by anchor.
const DERECHOS = "derechos-y-plazos/";
const PLAZOS = {
  prescripcion: { titulo: "Prescripción del reintegro", ancla: "prescripcion", apartado: "Prescripción" },
  caducidad: { titulo: "Caducidad del procedimiento", ancla: "caducidad", apartado: "Plazo máximo y caducidad" },
  "requerimiento-justificacion": { titulo: "Requerimiento para justificar", ancla: "requerimiento-de-justificacion", apartado: "Requerimiento para justificar" },
  "prescripcion-cobro": { titulo: "Prescripción del cobro", ancla: "periodo-voluntario", apartado: "Periodo voluntario de pago" },
};
const DEVOLUCION_VOLUNTARIA = {
  norma: "Real Decreto 887/2006, Reglamento de la Ley General de Subvenciones",
  referencia: "art. 90",
  enlace: "como-se-calcula/#rlgs-90",
};

function derechos(ancla, apartado) {
  return { norma: "Derechos y plazos", referencia: apartado, enlace: `${DERECHOS}#${ancla}` };
}

function euros(valor) {
  return formatearEuros(valor);
}

function iguales(a, b) {
  const x = centimos(a);
  return x !== null && x === centimos(b);
}

function resta(a, b) {
  const x = centimos(a);
  const y = centimos(b);
  return x === null || y === null ? null : importeDeCentimos(x - y);
}

function positivo(importe) {
  const c = centimos(importe);
  return c !== null && c > 0n;
}

function hoyISO() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

// «devolvería X en lugar de Y» when something was paid (or would be paid
// back), else what the final grant would be; with interest, its total too.
function comparacion(r, reintegro, importeFinal, total) {
  const cobrado = positivo(r.reintegro) || positivo(reintegro);
  const partes = cobrado
    ? ["devolvería ", cifra(reintegro), " en lugar de ", cifra(r.reintegro)]
    : ["la subvención final sería de ", cifra(importeFinal), " en lugar de ", cifra(r.importe_final)];
  if (cobrado && total !== undefined && total !== null && positivo(r.intereses?.total)) {
    partes.push(" (con intereses, ", cifra(total), " en lugar de ", cifra(r.total_a_ingresar), ")");
  }
  return partes;
}

// A figure of the panel: marked, so that tests and readers find each one.
function cifra(importe) {
  return el("strong", { clase: "rc-panel-cifra", "data-importe": importe, texto: euros(importe) });
}

// --- the threshold gap -----------------------------------------------------

function fraseUmbral(r, u) {
  const sigueTotal = iguales(u.reintegro_al_alcanzarlo, r.reintegro) && iguales(u.importe_final_al_alcanzarlo, r.importe_final);
  if (u.gasto_aceptado_minimo !== undefined) {
    const medida = MEDIDAS[u.medida] ?? "";
    const minimo = `${porcentajeCorto(u.porcentaje_minimo)} ${medida}`.trim();
    const justificado = u.gasto_justificado_necesario && !iguales(u.gasto_justificado_necesario, u.gasto_aceptado_minimo)
      ? [" Con las mismas deducciones, eso es presentar ", cifra(u.gasto_justificado_necesario), " de gasto justificado."]
      : [];
    if (sigueTotal) {
      return ["Le faltan ", cifra(u.falta), ` de gasto aceptado para llegar al ${minimo} (`, cifra(u.gasto_aceptado_minimo),
        "), pero aun así el reintegro seguiría siendo total por otra causa.", justificado];
    }
    return ["Le faltan ", cifra(u.falta), " de gasto aceptado para evitar el reintegro total: con ", cifra(u.gasto_aceptado_minimo),
      " ", comparacion(r, u.reintegro_al_alcanzarlo, u.importe_final_al_alcanzarlo, u.total_a_ingresar_al_alcanzarlo),
      `. El umbral es el ${minimo}.`, justificado];
  }
  const nombre = NOMBRES_PORCENTAJE[u.medida] ?? String(u.medida).replaceAll("_", " ");
  const necesario = porcentajeCorto(u.porcentaje_necesario ?? u.porcentaje_minimo);
  const puntos = `${porcentajeCorto(u.falta).replace(/\s%$/, "")} ${u.falta === "1" ? "punto" : "puntos"}`;
  const tramo = `del ${porcentajeCorto(u.porcentaje_actual)} al ${necesario}`;
  if (sigueTotal) {
    return [`Le faltan ${puntos} de ${nombre} (${tramo}), pero aun así el reintegro seguiría siendo total por otra causa.`];
  }
  return [`Le faltan ${puntos} de ${nombre} (${tramo}) para evitar el reintegro total: al alcanzarlo `,
    comparacion(r, u.reintegro_al_alcanzarlo, u.importe_final_al_alcanzarlo, u.total_a_ingresar_al_alcanzarlo), "."];
}

// Where the threshold's own wording leaves a gap (D3), the figure the rival
// reading needs: exactly at the threshold would be total too.
function fraseOtraLectura(u) {
  const o = u.otra_lectura;
  if (!o || typeof o !== "object") return [];
  if (o.gasto_aceptado_minimo !== undefined) {
    return [" Si justo en el umbral el reintegro también fuera total (la otra lectura del criterio D3), le faltarían ",
      cifra(o.falta), " (un gasto aceptado de ", cifra(o.gasto_aceptado_minimo), ")."];
  }
  const puntos = `${porcentajeCorto(o.falta).replace(/\s%$/, "")} ${o.falta === "1" ? "punto" : "puntos"}`;
  return [` Si justo en el umbral el reintegro también fuera total (la otra lectura del criterio D3), le faltarían ${puntos} (hasta el ${porcentajeCorto(o.porcentaje_necesario)}).`];
}

function bloqueUmbrales(r) {
  const abiertos = (r.margen?.umbrales ?? []).filter((u) => u && u.cumple === false);
  if (!abiertos.length) return null;
  return el("div", { clase: "rc-panel-umbrales" },
    abiertos.map((u) => el("p", { clase: "rc-panel-umbral", "data-medida": u.medida },
      [fraseUmbral(r, u), fraseOtraLectura(u)].flat(Infinity))));
}

// --- each breach -------------------------------------------------------------

// What the breach costs today: the reintegro (or the final grant) with it
// against without it (the engine's text says both figures).
function costeDeCausa(r, c) {
  const cobrado = positivo(r.reintegro) || positivo(c.reintegro_sin_ella);
  const coste = cobrado ? resta(r.reintegro, c.reintegro_sin_ella) : resta(c.importe_final_sin_ella, r.importe_final);
  if (!positivo(coste)) return null;
  return el("p", { clase: "rc-panel-coste" }, "Le cuesta ", cifra(coste),
    cobrado ? " más de reintegro." : " de subvención.");
}

function causa(r, c, ctx) {
  const citas = [
    c.cita ? ["Apartado: ", ctx.enlaceCita(c.cita)] : null,
    c.cita_remedio ? [c.cita ? ". Cómo remediarla: " : "Cómo remediarla: ", ctx.enlaceCita(c.cita_remedio)] : null,
  ].filter(Boolean);
  return el("li", { clase: "rc-panel-causa", "data-campo": c.campo ?? "" },
    el("p", { clase: "rc-panel-causa-titulo" }, el("strong", { texto: c.etiqueta ?? c.campo ?? "" })),
    c.texto ? el("p", { texto: c.texto }) : null,
    costeDeCausa(r, c),
    citas.length ? el("p", { clase: "rc-cita" }, citas.flat(Infinity), ".") : null);
}

function bloqueCausas(r, ctx) {
  const causas = (r.margen?.por_causa ?? []).filter(Boolean);
  if (!causas.length) return null;
  return [el("h5", { texto: causas.length === 1 ? "El incumplimiento, su coste y su remedio" : "Cada incumplimiento, su coste y su remedio" }),
    el("ul", { clase: "rc-panel-causas" }, causas.map((c) => causa(r, c, ctx)))];
}

// --- interest: each day of waiting, and paying back today --------------------------

function bloqueIntereses(r, ctx) {
  const m = r.margen ?? {};
  const partes = [];
  if (positivo(m.interes_diario)) {
    partes.push(el("p", { clase: "rc-panel-diario" }, "Cada día más de espera añade ", cifra(m.interes_diario),
      ` de intereses de demora (al tipo vigente el ${formatearFecha(r.intereses?.fecha_fin)}).`));
  }
  const v = m.si_ingresa_el;
  const t = m.tras_resolucion;
  if (t && typeof t === "object") {
    partes.push(el("p", { clase: "rc-panel-tras-resolucion" }, t.texto ?? ""));
    partes.push(el("p", { clase: "rc-cita" }, t.cita ? ctx.enlaceCita(t.cita) : null,
      t.cita_recargos ? ["; ", ctx.enlaceCita(t.cita_recargos)] : null, "."));
    return [el("h5", { texto: "Después de la resolución: periodo voluntario y recargos" }), ...partes];
  }
  if (v && typeof v === "object") {
    const como = v.voluntaria === false
      ? `Si ingresa hoy (${formatearFecha(v.fecha)}) lo que se le reclama, ya no es una devolución voluntaria porque el procedimiento está iniciado, pero los intereses dejan de correr ese día y la Administración los liquida hasta entonces: pagaría `
      : `Si lo devuelve voluntariamente hoy (${formatearFecha(v.fecha)}), los intereses dejan de correr ese día: pagaría `;
    partes.push(el("p", { clase: "rc-panel-voluntario" }, como,
      cifra(v.total_a_ingresar), " (", cifra(v.intereses), " de intereses), ", cifra(v.ahorro),
      ` menos que si espera al ${formatearFecha(r.intereses?.fecha_fin)}.`));
    if (v.voluntaria === false && v.cita) {
      partes.push(el("p", { clase: "rc-cita" }, "Fin de los intereses: ", ctx.enlaceCita(v.cita), "."));
    }
  } else if ((r.notas ?? []).some((n) => n.codigo === "fecha-hoy") && positivo(r.reintegro)) {
    partes.push(el("p", { clase: "rc-panel-voluntario" },
      "Los intereses se han calculado hasta hoy: si lo devuelve voluntariamente hoy, el total es el de arriba, ",
      cifra(r.total_a_ingresar), ", y deja de crecer."));
  }
  if (!partes.length) return null;
  partes.push(el("p", { clase: "rc-cita" }, "Devolución voluntaria: ", ctx.enlaceCita(DEVOLUCION_VOLUNTARIA), "; ",
    ctx.enlaceCita(derechos("devolucion-voluntaria", "Devolución voluntaria")), "."));
  return [el("h5", { texto: "Intereses: esperar o devolver ya" }), ...partes];
}

// --- the deadlines, dated ----------------------------------------------------------

// The justification deadline still ahead is the same entry as the
// requerimiento once it has passed (DOMAIN.md): it says what can still be done.
const ANTES_DE_JUSTIFICAR = { titulo: "Fin del plazo de justificación", ancla: "antes-de-justificar", apartado: "Antes de justificar" };

function plazo(p, hoy, ctx) {
  const pasado = p.fecha < hoy;
  const conocido = (p.id === "requerimiento-justificacion" && !pasado ? ANTES_DE_JUSTIFICAR : PLAZOS[p.id])
    ?? { titulo: p.id, ancla: null };
  return el("li", { clase: `rc-plazo${pasado ? " rc-plazo-pasado" : ""}`, "data-plazo": p.id },
    el("p", { clase: "rc-plazo-cabecera" },
      el("time", { datetime: p.fecha, clase: "rc-plazo-fecha", texto: formatearFechaLarga(p.fecha) || formatearFecha(p.fecha) }),
      " ", el("strong", { texto: conocido.titulo }), pasado ? el("span", { clase: "rc-plazo-estado", texto: " (ya pasó)" }) : null),
    p.texto ? el("p", { texto: p.texto }) : null,
    p.otra_lectura?.texto ? el("p", { clase: "rc-plazo-otra-lectura" },
      el("strong", { texto: "Otra lectura: " }),
      el("time", { datetime: p.otra_lectura.fecha, texto: formatearFechaLarga(p.otra_lectura.fecha) || formatearFecha(p.otra_lectura.fecha) }),
      ". ", p.otra_lectura.texto, " ", p.otra_lectura.cita ? ctx.enlaceCita(p.otra_lectura.cita) : null) : null,
    el("p", { clase: "rc-cita" },
      p.cita ? ctx.enlaceCita(p.cita) : null,
      p.cita && conocido.ancla ? "; qué significa: " : null,
      conocido.ancla ? ctx.enlaceCita(derechos(conocido.ancla, conocido.apartado)) : null, "."));
}

function bloquePlazos(r, ctx) {
  const plazos = (r.plazos ?? []).filter((p) => p && p.fecha).sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0));
  if (!plazos.length) return null;
  // The engine's today when the result names it (a voluntary payment today).
  const hoy = r.margen?.si_ingresa_el?.fecha ?? ctx.hoy ?? hoyISO();
  const elementos = plazos.map((p) => plazo(p, hoy, ctx));
  const despues = plazos.findIndex((p) => p.fecha >= hoy);
  const marca = el("li", { clase: "rc-plazo rc-plazo-hoy", "data-plazo": "hoy" },
    el("p", { clase: "rc-plazo-cabecera" }, el("time", { datetime: hoy, clase: "rc-plazo-fecha", texto: formatearFechaLarga(hoy) }), " ", el("strong", { texto: "Hoy" })));
  elementos.splice(despues === -1 ? elementos.length : despues, 0, marca);
  return [el("h5", { texto: "Plazos" }), el("ol", { clase: "rc-plazos" }, elementos)];
}

// --- the section ----------------------------------------------------------------

export function seccionPanel(r, ctx) {
  if (!r.margen || typeof r.margen !== "object") return null;
  const id = `rc-panel-${ctx.sufijo ?? "titulo"}`;
  return el("section", { clase: "rc-panel", "aria-labelledby": id },
    el("h4", { id, texto: "Qué puede hacer" }),
    bloqueUmbrales(r),
    bloqueCausas(r, ctx),
    bloqueIntereses(r, ctx),
    bloquePlazos(r, ctx),
    contenedorGrafico());
}
