// XLSX in the browser without a library: a workbook is a zip of XML parts.
// Reading: the members are inflated with the browser's own
// DecompressionStream("deflate-raw") and parsed with DOMParser (the page's
// thread: workers have no DOMParser); the first sheet's cells become texts
// as the command line's reader (openpyxl) gives them to the engine: shared
// and inline strings, numbers as written in the file, booleans, dates (a
// number with a date format) as AAAA-MM-DD. Writing: one sheet of inline
// strings in a zip of STORED members (no compression to write), which any
// spreadsheet opens. Nothing is fetched: self-hosted, no wheel for Pyodide
// (openpyxl needs the standard library's xml package, which the site's
// Python leaves out of every page).

const FIRMA_FIN = 0x06054b50;
const FIRMA_CENTRAL = 0x02014b50;
const FIRMA_LOCAL = 0x04034b50;
export const MAX_CELDAS = 5_000_000;

export class XlsxIlegible extends Error {}

function finDelDirectorio(vista) {
  const desde = Math.max(0, vista.byteLength - 22 - 0xffff);
  for (let p = vista.byteLength - 22; p >= desde; p--) {
    if (vista.getUint32(p, true) === FIRMA_FIN) return p;
  }
  throw new XlsxIlegible("no es un libro XLSX (no es un archivo zip)");
}

// name -> {metodo, inicio, comprimido} of every member.
function directorio(bytes) {
  const vista = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fin = finDelDirectorio(vista);
  const total = vista.getUint16(fin + 10, true);
  let p = vista.getUint32(fin + 16, true);
  const nombres = new TextDecoder("utf-8");
  const salida = new Map();
  for (let i = 0; i < total; i++) {
    if (p + 46 > vista.byteLength || vista.getUint32(p, true) !== FIRMA_CENTRAL) throw new XlsxIlegible("el zip del libro está dañado");
    const metodo = vista.getUint16(p + 10, true);
    const comprimido = vista.getUint32(p + 20, true);
    const largoNombre = vista.getUint16(p + 28, true);
    const largoExtra = vista.getUint16(p + 30, true);
    const largoComentario = vista.getUint16(p + 32, true);
    const local = vista.getUint32(p + 42, true);
    const nombre = nombres.decode(bytes.subarray(p + 46, p + 46 + largoNombre));
    if (local + 30 > vista.byteLength || vista.getUint32(local, true) !== FIRMA_LOCAL) throw new XlsxIlegible("el zip del libro está dañado");
    const inicio = local + 30 + vista.getUint16(local + 26, true) + vista.getUint16(local + 28, true);
    salida.set(nombre, { metodo, inicio, comprimido });
    p += 46 + largoNombre + largoExtra + largoComentario;
  }
  return salida;
}

async function texto(bytes, miembros, nombre) {
  const m = miembros.get(nombre);
  if (!m) return null;
  const datos = bytes.subarray(m.inicio, m.inicio + m.comprimido);
  if (m.metodo === 0) return new TextDecoder("utf-8").decode(datos);
  if (m.metodo !== 8) throw new XlsxIlegible(`el libro usa una compresión que no se puede leer (${nombre})`);
  const flujo = new Blob([datos]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(flujo).text();
}

function xml(textoXml, nombre) {
  const documento = new DOMParser().parseFromString(textoXml, "application/xml");
  if (documento.getElementsByTagName("parsererror").length) throw new XlsxIlegible(`el libro tiene un XML dañado (${nombre})`);
  return documento;
}

const hijos = (nodo, nombre) => [...nodo.getElementsByTagNameNS("*", nombre)];

// Style index -> whether its number format is a date (built-in 14-22, 45-47,
// or a custom code with day/month/year and no «0.00»).
function estilosDeFecha(estilos) {
  if (!estilos) return new Set();
  const propios = new Map(hijos(estilos, "numFmt").map((f) => [f.getAttribute("numFmtId"), f.getAttribute("formatCode") ?? ""]));
  const esFecha = (id) => {
    const n = Number(id);
    if ((n >= 14 && n <= 22) || (n >= 45 && n <= 47)) return true;
    const codigo = (propios.get(String(id)) ?? "").replace(/"[^"]*"|\[[^\]]*\]/g, "");
    return /[dmy]/i.test(codigo) && !/0[.,]0/.test(codigo);
  };
  const xfs = hijos(estilos, "cellXfs")[0];
  const fechas = new Set();
  (xfs ? hijos(xfs, "xf") : []).forEach((xf, i) => { if (esFecha(xf.getAttribute("numFmtId"))) fechas.add(i); });
  return fechas;
}

// Excel's serial day (1900 system) -> "AAAA-MM-DD".
function fechaDeSerie(serie) {
  const dia = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(serie)) * 86400000);
  return dia.toISOString().slice(0, 10);
}

function columna(referencia) {
  const letras = /^[A-Z]+/.exec(referencia ?? "")?.[0] ?? "";
  let n = 0;
  for (const c of letras) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

async function primeraHoja(bytes, miembros) {
  const libro = await texto(bytes, miembros, "xl/workbook.xml");
  const relaciones = await texto(bytes, miembros, "xl/_rels/workbook.xml.rels");
  if (libro && relaciones) {
    const hoja = hijos(xml(libro, "workbook.xml"), "sheet")[0];
    const id = hoja?.getAttribute("r:id") ?? hoja?.getAttributeNS("http://schemas.openxmlformats.org/officeDocument/2006/relationships", "id");
    const rel = hijos(xml(relaciones, "workbook.xml.rels"), "Relationship").find((r) => r.getAttribute("Id") === id);
    const destino = rel?.getAttribute("Target");
    if (destino) return destino.startsWith("/") ? destino.slice(1) : `xl/${destino}`;
  }
  return "xl/worksheets/sheet1.xml";
}

// The first sheet of an XLSX file's bytes -> rows of cell texts (header first).
export async function leerXlsx(bytes) {
  const miembros = directorio(bytes);
  const nombreHoja = await primeraHoja(bytes, miembros);
  const textoHoja = await texto(bytes, miembros, nombreHoja);
  if (textoHoja === null) throw new XlsxIlegible("el libro no tiene ninguna hoja");
  const compartidas = await texto(bytes, miembros, "xl/sharedStrings.xml");
  const cadenas = compartidas ? hijos(xml(compartidas, "sharedStrings.xml"), "si").map((si) => hijos(si, "t").map((t) => t.textContent).join("")) : [];
  const estilos = await texto(bytes, miembros, "xl/styles.xml");
  const fechas = estilosDeFecha(estilos ? xml(estilos, "styles.xml") : null);
  const filas = [];
  let celdas = 0;
  for (const fila of hijos(xml(textoHoja, nombreHoja), "row")) {
    const valores = [];
    for (const c of hijos(fila, "c")) {
      if (++celdas > MAX_CELDAS) throw new XlsxIlegible("el libro tiene demasiadas celdas");
      const tipo = c.getAttribute("t");
      const v = hijos(c, "v")[0]?.textContent ?? "";
      let valor;
      if (tipo === "s") valor = cadenas[Number(v)] ?? "";
      else if (tipo === "inlineStr") valor = hijos(c, "t").map((t) => t.textContent).join("");
      else if (tipo === "b") valor = v === "1" ? "sí" : "no";
      else if (tipo === "str" || tipo === "e") valor = v;
      else if (v !== "" && fechas.has(Number(c.getAttribute("s") ?? 0))) valor = fechaDeSerie(v);
      else valor = v;
      const indice = c.hasAttribute("r") ? columna(c.getAttribute("r")) : valores.length;
      while (valores.length < indice) valores.push("");
      valores[indice] = valor;
    }
    const numero = Number(fila.getAttribute("r") ?? filas.length + 1);
    while (filas.length < numero - 1) filas.push([]);
    filas.push(valores);
  }
  return filas;
}

// --- writing ----------------------------------------------------------------

const TABLA_CRC = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = TABLA_CRC[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// [[name, text]] -> the bytes of a zip of STORED members.
function zipAlmacenado(archivos) {
  const codificar = new TextEncoder();
  const partes = [];
  const central = [];
  let desplazamiento = 0;
  for (const [nombre, contenido] of archivos) {
    const n = codificar.encode(nombre);
    const datos = codificar.encode(contenido);
    const crc = crc32(datos);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, FIRMA_LOCAL, true); local.setUint16(4, 20, true); local.setUint16(6, 0x800, true);
    local.setUint32(14, crc, true); local.setUint32(18, datos.length, true); local.setUint32(22, datos.length, true);
    local.setUint16(26, n.length, true);
    const cabecera = new DataView(new ArrayBuffer(46));
    cabecera.setUint32(0, FIRMA_CENTRAL, true); cabecera.setUint16(4, 20, true); cabecera.setUint16(6, 20, true);
    cabecera.setUint16(8, 0x800, true); cabecera.setUint32(16, crc, true);
    cabecera.setUint32(20, datos.length, true); cabecera.setUint32(24, datos.length, true);
    cabecera.setUint16(28, n.length, true); cabecera.setUint32(42, desplazamiento, true);
    partes.push(new Uint8Array(local.buffer), n, datos);
    central.push(new Uint8Array(cabecera.buffer), n);
    desplazamiento += 30 + n.length + datos.length;
  }
  const tamanoCentral = central.reduce((s, p) => s + p.length, 0);
  const fin = new DataView(new ArrayBuffer(22));
  fin.setUint32(0, FIRMA_FIN, true); fin.setUint16(8, archivos.length, true); fin.setUint16(10, archivos.length, true);
  fin.setUint32(12, tamanoCentral, true); fin.setUint32(16, desplazamiento, true);
  return new Blob([...partes, ...central, new Uint8Array(fin.buffer)],
    { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

const escapar = (t) => String(t).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]))
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

// Rows of texts (header first) -> an XLSX Blob with one sheet «Resultados»,
// every cell an inline string (the contract's texts, as the command line
// writes them: "1234.56").
export function escribirXlsx(filas) {
  const cuerpo = filas.map((fila, i) => `<row r="${i + 1}">${fila.map((v) =>
    `<c t="inlineStr"><is><t xml:space="preserve">${escapar(v ?? "")}</t></is></c>`).join("")}</row>`).join("");
  const ns = "http://schemas.openxmlformats.org";
  return zipAlmacenado([
    ["[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`],
    ["_rels/.rels", `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ["xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Resultados" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    ["xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`],
    ["xl/worksheets/sheet1.xml", `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${cuerpo}</sheetData></worksheet>`],
  ]);
}
