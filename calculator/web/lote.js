// The «Muchos casos» page: a CSV or XLSX of cases dropped (or chosen) is
// computed in the page's worker, a chunk of rows at a time
// (reintegro.navegador.lote_abrir / lote_siguientes, which are
// reintegro.lote: the same code as `python -m reintegro lote`), with a
// progress bar, rows per second, the time left and a Cancel button; the
// table of results fills as the chunks come (paged, errors first on
// demand), each row with «Abrir» (its case on its bases page); the result
// file (CSV: exactly what the command line writes; XLSX) is made here.
// Nothing leaves the browser.
// Contract (tests): the root [data-lote] carries data-estado = "cargando" |
// "listo" | "calculando" | "resultado" | "cancelado" | "error", and
// data-filas (rows computed so far).

import { formatearEuros, centimos, importeDeCentimos } from "./caso.js";
import { el } from "./formulario.js";
import { datosMotor, motor } from "./motor.js";
import { descargarTexto } from "./archivo.js";
import { enCadaPagina } from "./paginas.js";
import { escribirXlsx, leerXlsx, XlsxIlegible } from "./hoja-xlsx.js";

const RAIZ_SITIO = new URL("../../", import.meta.url);
export const MAX_BYTES = 20 * 1024 * 1024;
const TANDA = 200;
const POR_PAGINA = 25;
const REGIMENES = { proporcional: "Proporcional", total: "Total" };
const TRAMOS = 10; // the chart: reintegro as a share of the grant, in tenths

function numero(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

function segundos(s) {
  if (!Number.isFinite(s)) return "—";
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

// A bar of the chart, its length set through the CSSOM (the site's CSP
// refuses style attributes).
function barra(n, maximo) {
  const nodo = el("span", { clase: "lote-barra-dato", "aria-hidden": "true" });
  nodo.style.inlineSize = `${Math.round((100 * n) / maximo)}%`;
  return nodo;
}

function descargarBlob(nombre, blob) {
  const url = URL.createObjectURL(blob);
  const enlace = el("a", { href: url, download: nombre, hidden: true });
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// A File -> {csv: text} or {filas: [[...]]} for lote_abrir; a Spanish
// message (thrown as Error) when it cannot be a batch.
export async function leerArchivoDeLote(archivo) {
  if (archivo.size > MAX_BYTES) {
    throw new Error(`el archivo «${archivo.name}» ocupa ${numero(Math.round(archivo.size / 1048576))} MB, más de los ${MAX_BYTES / 1048576} MB que esta página calcula de una vez: divídalo en partes o use la línea de órdenes (python -m reintegro lote)`);
  }
  const bytes = new Uint8Array(await archivo.arrayBuffer());
  const esZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;
  if (esZip || /\.xlsx$/i.test(archivo.name)) {
    try {
      return { filas: await leerXlsx(bytes), total: null };
    } catch (e) {
      throw new Error(`el archivo «${archivo.name}» no es un libro XLSX que se pueda leer${e instanceof XlsxIlegible ? ` (${e.message})` : ""}`);
    }
  }
  let texto;
  try {
    texto = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`el archivo «${archivo.name}» no es texto UTF-8 ni un libro XLSX: guarde la hoja como CSV (UTF-8) o XLSX`);
  }
  if (texto.includes("\u0000")) throw new Error(`el archivo «${archivo.name}» no es un CSV (contiene datos binarios)`);
  return { csv: texto };
}

class Lote {
  constructor(raiz) {
    this.raiz = raiz;
    this.destruido = false;
    this.filas = [];
    this.csv = [];
    this.pagina = 0;
    this.erroresPrimero = false;
    this.raiz.dataset.estado = "cargando";
    this._construir();
    motor().listo.then(() => {
      if (this.destruido || this.raiz.dataset.estado !== "cargando") return;
      this.raiz.dataset.estado = "listo";
      this.estado.textContent = "Elija o arrastre aquí un archivo CSV o XLSX con un caso por fila.";
    }, (e) => this._fallo(`El motor de cálculo no se pudo cargar (${e.message}). Recargue la página.`));
    this._plantillas();
  }

  destruir() {
    this.destruido = true;
    this.cancelado = true;
  }

  _construir() {
    this.entrada = el("input", { type: "file", id: "lote-archivo", accept: ".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", onchange: () => this._elegido() });
    this.zonaSoltar = el("div", { clase: "lote-soltar" },
      el("label", { for: "lote-archivo", texto: "Archivo de casos (CSV o XLSX)" }),
      this.entrada,
      el("p", { clase: "lote-ayuda", texto: "También puede arrastrarlo y soltarlo en este recuadro. El archivo se lee y se calcula en su navegador: no se envía a ningún sitio." }));
    for (const tipo of ["dragenter", "dragover"]) {
      this.zonaSoltar.addEventListener(tipo, (e) => { e.preventDefault(); this.zonaSoltar.classList.add("lote-encima"); });
    }
    this.zonaSoltar.addEventListener("dragleave", () => this.zonaSoltar.classList.remove("lote-encima"));
    this.zonaSoltar.addEventListener("drop", (e) => {
      e.preventDefault();
      this.zonaSoltar.classList.remove("lote-encima");
      const archivo = e.dataTransfer?.files?.[0];
      if (archivo) this._calcular(archivo);
    });
    this.estado = el("p", { clase: "lote-estado", role: "status", "aria-live": "polite", texto: "Preparando el motor de cálculo…" });
    this.barra = el("progress", { clase: "lote-barra", max: "1", value: "0", "aria-label": "Filas calculadas", hidden: true });
    this.cancelar = el("button", { type: "button", clase: "md-button rc-boton", texto: "Cancelar", hidden: true, onclick: () => { this.cancelado = true; } });
    this.resumen = el("div", { clase: "lote-resumen" });
    this.tabla = el("div", { clase: "lote-tabla" });
    this.plantilla = el("div", { clase: "lote-plantilla" });
    this.raiz.replaceChildren(this.zonaSoltar, this.estado, el("div", { clase: "lote-progreso" }, this.barra, this.cancelar),
      this.resumen, this.tabla, this.plantilla);
  }

  async _plantillas() {
    const datos = await datosMotor();
    const elegir = el("select", { id: "lote-plantilla-bases" },
      datos.catalogo.map((b) => el("option", { value: b.id, texto: b.titulo })));
    this.plantilla.replaceChildren(
      el("h2", { texto: "Plantilla" }),
      el("p", { texto: "Una plantilla CSV con una columna por dato del formulario de cada bases, con sus etiquetas. Los importes se escriben como en el formulario (1.234,56) y las fechas como 30/06/2025." }),
      el("label", { for: "lote-plantilla-bases", texto: "Bases reguladoras de la plantilla" }), elegir,
      el("button", { type: "button", clase: "md-button rc-boton", texto: "Descargar la plantilla", onclick: async () => {
        const texto = await motor().pedir("lote_plantilla", elegir.value);
        descargarTexto(`plantilla-${elegir.value}.csv`, texto);
      } }));
  }

  _fallo(mensaje) {
    this.estado.textContent = mensaje;
    this.estado.setAttribute("role", "alert");
    this.raiz.dataset.estado = "error";
    this.barra.hidden = true;
    this.cancelar.hidden = true;
  }

  _elegido() {
    const archivo = this.entrada.files?.[0];
    this.entrada.value = "";
    if (archivo) this._calcular(archivo);
  }

  async _calcular(archivo) {
    if (this.raiz.dataset.estado === "calculando") return;
    this.estado.setAttribute("role", "status");
    this.filas = [];
    this.csv = [];
    this.pagina = 0;
    this.cancelado = false;
    this.nombre = archivo.name.replace(/\.[^.]*$/, "");
    this.resumen.replaceChildren();
    this.tabla.replaceChildren();
    this.raiz.dataset.estado = "calculando";
    this.raiz.dataset.filas = "0";
    this.estado.textContent = `Leyendo «${archivo.name}»…`;
    let datos;
    try {
      datos = await leerArchivoDeLote(archivo);
    } catch (e) {
      this._fallo(`No se puede calcular: ${e.message}.`);
      return;
    }
    const total = datos.csv !== undefined ? datos.csv.split("\n").filter((l) => l.trim()).length - 1 : datos.filas.length - 1;
    const m = motor();
    await m.listo;
    const abierto = JSON.parse(await m.pedir("lote_abrir", JSON.stringify(datos)));
    if (abierto.estado !== "abierto") {
      this._fallo(`No se puede calcular «${archivo.name}»: ${abierto.errores.join("; ")}.`);
      return;
    }
    this.columnas = abierto.columnas;
    this.csv.push(abierto.cabecera_csv);
    this.barra.hidden = false;
    this.barra.max = Math.max(total, 1);
    this.barra.value = 0;
    this.cancelar.hidden = false;
    const inicio = performance.now();
    for (;;) {
      if (this.cancelado || this.destruido) break;
      const r = JSON.parse(await m.pedir("lote_siguientes", String(TANDA)));
      if (this.destruido) return;
      if (r.estado !== "filas") {
        this._fallo(`El cálculo se detuvo: ${r.errores.join("; ")}.`);
        return;
      }
      this.filas.push(...r.filas);
      this.csv.push(r.csv);
      const hechas = this.filas.length;
      const porSegundo = hechas / ((performance.now() - inicio) / 1000);
      this.barra.value = Math.min(hechas, this.barra.max);
      this.raiz.dataset.filas = String(hechas);
      this.estado.textContent = `${numero(hechas)} de unas ${numero(Math.max(total, hechas))} filas · ${numero(Math.round(porSegundo))} filas/s · quedan unos ${segundos((total - hechas) / porSegundo)}`;
      if (this.pagina === 0 || hechas <= POR_PAGINA * (this.pagina + 1)) this._pintarTabla();
      if (r.fin) break;
    }
    this.cancelar.hidden = true;
    this.barra.hidden = true;
    const segundosTotales = (performance.now() - inicio) / 1000;
    const cancelado = this.cancelado;
    this.estado.textContent = cancelado
      ? `Cancelado: se calcularon ${numero(this.filas.length)} filas (hasta la fila ${this.filas.at(-1)?.fila ?? 0}). El archivo de resultados tiene esas filas.`
      : `Calculadas ${numero(this.filas.length)} filas en ${segundos(segundosTotales)} (${numero(Math.round(this.filas.length / segundosTotales))} filas/s).`;
    this._pintarResumen();
    this._pintarTabla();
    this.raiz.dataset.estado = cancelado ? "cancelado" : "resultado";
  }

  _pintarResumen() {
    let ok = 0, errores = 0, total = 0n;
    const porRegimen = new Map();
    const tramos = new Array(TRAMOS).fill(0);
    for (const f of this.filas) {
      if (f.estado !== "ok") { errores++; continue; }
      ok++;
      const t = centimos(f.total_a_ingresar) ?? 0n;
      total += t;
      const r = porRegimen.get(f.regimen) ?? { filas: 0, total: 0n };
      porRegimen.set(f.regimen, { filas: r.filas + 1, total: r.total + t });
      const g = centimos(f.importe_concedido) ?? 0n;
      const parte = g > 0n ? Number(((centimos(f.reintegro) ?? 0n) * BigInt(TRAMOS)) / g) : 0;
      tramos[Math.min(parte, TRAMOS - 1)]++;
    }
    const maximo = Math.max(1, ...tramos);
    const grafico = el("figure", { clase: "lote-grafico" },
      el("figcaption", { texto: "Reintegro como parte de la subvención concedida (filas calculadas)" }),
      el("table", { clase: "lote-barras" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", texto: "Reintegro / concedido" }), el("th", { scope: "col", texto: "Filas" }))),
        el("tbody", {}, tramos.map((n, i) => el("tr", {},
          el("th", { scope: "row", texto: `${i * 10} %${i === TRAMOS - 1 ? " – 100 %" : ` – ${(i + 1) * 10} %`}` }),
          el("td", {}, barra(n, maximo), el("span", { texto: numero(n) })))))));
    this.resumen.replaceChildren(
      el("h2", { texto: "Resumen" }),
      el("ul", {},
        el("li", { texto: `Filas: ${numero(this.filas.length)}; calculadas: ${numero(ok)}; con errores: ${numero(errores)}` }),
        el("li", { texto: `Total a ingresar: ${formatearEuros(importeDeCentimos(total))}` }),
        [...porRegimen].sort().map(([regimen, r]) => el("li", { texto: `Régimen ${regimen}: ${numero(r.filas)} filas, ${formatearEuros(importeDeCentimos(r.total))}` }))),
      el("div", { clase: "rc-acciones" },
        el("button", { type: "button", clase: "md-button md-button--primary rc-boton", texto: "Descargar resultados (CSV)",
          onclick: () => descargarBlob(`resultados-${this.nombre}.csv`, new Blob(this.csv, { type: "text/csv" })) }),
        el("button", { type: "button", clase: "md-button rc-boton", texto: "Descargar resultados (XLSX)",
          onclick: () => descargarBlob(`resultados-${this.nombre}.xlsx`,
            escribirXlsx([this.columnas, ...this.filas.map((f) => this.columnas.map((c) => f[c]))])) })),
      grafico);
  }

  _ordenadas() {
    if (!this.erroresPrimero) return this.filas;
    return [...this.filas.filter((f) => f.estado !== "ok"), ...this.filas.filter((f) => f.estado === "ok")];
  }

  _pintarTabla() {
    const filas = this._ordenadas();
    const paginas = Math.max(1, Math.ceil(filas.length / POR_PAGINA));
    this.pagina = Math.min(this.pagina, paginas - 1);
    const visibles = filas.slice(this.pagina * POR_PAGINA, (this.pagina + 1) * POR_PAGINA);
    const columnas = [["fila", "Fila"], ["expediente", "Expediente"], ["bases", "Bases"], ["total_a_ingresar", "Total a ingresar"],
      ["reintegro", "Reintegro"], ["regimen", "Régimen"], ["errores", "Errores"]];
    const celda = (f, c) => {
      if (["total_a_ingresar", "reintegro"].includes(c)) return f[c] ? formatearEuros(f[c]) : "—";
      if (c === "regimen") return REGIMENES[f[c]] ?? "—";
      return String(f[c] ?? "");
    };
    const tabla = el("table", { clase: "lote-resultados" },
      el("caption", { texto: `Resultados, página ${this.pagina + 1} de ${paginas}` }),
      el("thead", {}, el("tr", {}, columnas.map(([, t]) => el("th", { scope: "col", texto: t })), el("th", { scope: "col", texto: "Caso" }))),
      el("tbody", {}, visibles.map((f) => el("tr", { "data-estado": f.estado },
        columnas.map(([c, t]) => el("td", { "data-titulo": t, texto: celda(f, c) })),
        el("td", { "data-titulo": "Caso" }, f.enlace
          ? el("a", { href: new URL(f.enlace, RAIZ_SITIO).href, texto: "Abrir", "aria-label": `Abrir el caso de la fila ${f.fila}` })
          : "—")))));
    const ir = (p) => { this.pagina = p; this._pintarTabla(); };
    const errores = el("input", { type: "checkbox", id: "lote-errores-primero", checked: this.erroresPrimero || null,
      onchange: (e) => { this.erroresPrimero = e.target.checked; this.pagina = 0; this._pintarTabla(); } });
    this.tabla.replaceChildren(
      el("div", { clase: "lote-controles" },
        errores, el("label", { for: "lote-errores-primero", texto: "Mostrar primero las filas con errores" })),
      el("div", { clase: "lote-desplazable", tabindex: "0", role: "region", "aria-label": "Tabla de resultados" }, tabla),
      el("nav", { clase: "lote-paginas", "aria-label": "Páginas de resultados" },
        el("button", { type: "button", clase: "md-button rc-boton", texto: "Anterior", disabled: this.pagina === 0 || null, onclick: () => ir(this.pagina - 1) }),
        el("span", { texto: `Página ${this.pagina + 1} de ${paginas}` }),
        el("button", { type: "button", clase: "md-button rc-boton", texto: "Siguiente", disabled: this.pagina >= paginas - 1 || null, onclick: () => ir(this.pagina + 1) })));
  }
}

let activo = null;

function iniciar() {
  activo?.destruir();
  activo = null;
  const raiz = document.querySelector("[data-lote]");
  if (raiz) activo = new Lote(raiz);
}

enCadaPagina(iniciar);
