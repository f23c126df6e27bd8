// The case as data: Spanish numbers in and out, the #caso= link and the
// saved file.
// Pure functions, no DOM: they run in the page and under Node.

export const PREFIJO_CASO = "#caso=";
// A case from the form is a few hundred bytes; 16 KiB leaves room for many
// payments and refuses anything absurd before decoding it.
export const MAX_FRAGMENTO = 16384;
// Thousands written the Spanish way: "1.234", "12.345.678" (not "0.125").
const MILES = /^[1-9]\d{0,2}(\.\d{3})+$/;
const CLAVES_PROHIBIDAS = new Set(["__proto__", "constructor", "prototype"]);

// "1.234,56" / "1234,56" / "1234.56" / "1.234" / "-5" -> "1234.56", "-5", ...
// Returns null when the text is not a number written in one of those ways;
// the caller then passes the raw text on, and the engine names the error.
export function normalizarNumero(texto) {
  let t = String(texto).replace(/[\s\u00a0\u202f€%]/g, "");
  if (t === "") return null;
  let signo = "";
  if (/^[-\u2212]/.test(t)) { signo = "-"; t = t.slice(1); }
  else if (t.startsWith("+")) t = t.slice(1);
  let entero, decimales = null;
  if (t.includes(",")) {
    const partes = t.split(",");
    if (partes.length !== 2) return null;
    [entero, decimales] = partes;
    if (entero.includes(".")) {
      if (!MILES.test(entero)) return null;
      entero = entero.replaceAll(".", "");
    }
  } else if (MILES.test(t)) {
    entero = t.replaceAll(".", ""); // "1.234" is Spanish for one thousand two hundred...
  } else {
    const partes = t.split(".");
    if (partes.length > 2) return null;
    [entero, decimales = null] = partes;
  }
  if (entero === "") entero = "0";
  if (!/^\d+$/.test(entero)) return null;
  if (decimales !== null && !/^\d+$/.test(decimales)) return null;
  entero = entero.replace(/^0+(?=\d)/, "");
  return signo + entero + (decimales !== null ? "." + decimales : "");
}

function agrupar(entero) {
  return entero.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

// "1234.5" -> "1.234,50" (always two decimals, exact: no float involved).
export function formatearImporte(valor) {
  const s = String(valor ?? "");
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return s;
  const dec = ((m[3] ?? "") + "00").slice(0, Math.max(2, (m[3] ?? "").length));
  return `${m[1]}${agrupar(m[2])},${dec}`;
}

export function formatearEuros(valor) {
  return `${formatearImporte(valor)}\u00a0€`;
}

// "4.0625" -> "4,0625 %"
export function formatearPorcentaje(valor) {
  const s = String(valor ?? "");
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return s;
  return `${m[1]}${agrupar(m[2])}${m[3] ? "," + m[3] : ""}\u00a0%`;
}

// A percentage of the result ("65.00", "74.9999") as the page writes it:
// "65 %", "74,9999 %" (trailing zeros dropped, never a digit that makes
// the sentence false).
export function porcentajeCorto(valor) {
  const s = String(valor ?? "");
  return formatearPorcentaje(s.includes(".") ? s.replace(/\.?0+$/, "") : s);
}

// "2024-06-11" -> "11/06/2024"
export function formatearFecha(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso ?? ""));
  return m ? `${m[3]}/${m[2]}/${m[1]}` : String(iso ?? "");
}

const MESES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
  "octubre", "noviembre", "diciembre"];

// "2024-03-15" -> "15 de marzo de 2024" (no Intl: the first formatter of a
// page costs 15-30 ms); "" for anything else.
export function formatearFechaLarga(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso ?? ""));
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return "";
  return `${Number(m[3])} de ${MESES[Number(m[2]) - 1]} de ${m[1]}`;
}

// "-1234.5" -> -123450n: an amount of the result in cents, exact (BigInt),
// for sums the page shows; null if it is not an amount.
export function centimos(importe) {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(importe ?? ""));
  if (!m) return null;
  const valor = BigInt(m[2]) * 100n + BigInt(((m[3] ?? "") + "00").slice(0, 2));
  return m[1] ? -valor : valor;
}

// -123450n -> "-1234.50"
export function importeDeCentimos(c) {
  const signo = c < 0n ? "-" : "";
  const a = c < 0n ? -c : c;
  return `${signo}${a / 100n}.${String(a % 100n).padStart(2, "0")}`;
}

// --- base64url of UTF-8 -----------------------------------------------------

export function codificarCaso(caso) {
  const bytes = new TextEncoder().encode(JSON.stringify(caso));
  let binario = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binario).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export class ErrorEnlace extends Error {}

// Only plain data survives: objects (without dangerous keys), arrays,
// strings, finite numbers, booleans and null. `que` names the data in the
// messages: "el caso del enlace", "las bases del archivo".
export function limpiarDatos(valor, que, profundidad = 0) {
  if (profundidad > 8) throw new ErrorEnlace(`hay demasiados niveles anidados en ${que}`);
  if (valor === null || typeof valor === "string" || typeof valor === "boolean") return valor;
  if (typeof valor === "number") {
    if (!Number.isFinite(valor)) throw new ErrorEnlace(`hay un número no válido en ${que}`);
    return valor;
  }
  if (Array.isArray(valor)) {
    if (valor.length > 500) throw new ErrorEnlace(`hay demasiados elementos en ${que}`);
    return valor.map((v) => limpiarDatos(v, que, profundidad + 1));
  }
  if (typeof valor === "object") {
    const limpio = {};
    for (const [clave, v] of Object.entries(valor)) {
      if (CLAVES_PROHIBIDAS.has(clave)) continue;
      limpio[clave] = limpiarDatos(v, que, profundidad + 1);
    }
    return limpio;
  }
  throw new ErrorEnlace(`hay datos no válidos en ${que}`);
}

// A case's JSON text (from a link or a saved file) -> plain case object.
// Throws ErrorEnlace with a Spanish message when it is not a JSON object;
// `origen` says where it came from: "enlace" or "archivo".
export function leerCasoDeTexto(texto, origen = "enlace") {
  return objetoJson(texto, `el ${origen} no contiene un caso válido (no es JSON)`, `el caso del ${origen}`,
    `el caso del ${origen} debe ser un objeto JSON`);
}

// A JSON text that must hold one object -> that object, cleaned (limpiarDatos:
// `que` names it in messages), or ErrorEnlace with `noEsJson` / `noEsObjeto`.
export function objetoJson(texto, noEsJson, que, noEsObjeto) {
  let valor;
  try {
    valor = JSON.parse(texto);
  } catch {
    throw new ErrorEnlace(noEsJson);
  }
  if (valor === null || typeof valor !== "object" || Array.isArray(valor)) throw new ErrorEnlace(noEsObjeto);
  return limpiarDatos(valor, que);
}

// The fragment (location.hash) -> plain case object, or null when the
// fragment is not a case at all (e.g. "#apartado-2"). Throws ErrorEnlace
// with a Spanish message when it claims to be a case but is not a valid one.
export function leerFragmento(fragmento) {
  if (typeof fragmento !== "string" || !fragmento.startsWith(PREFIJO_CASO)) return null;
  const datos = fragmento.slice(PREFIJO_CASO.length);
  if (datos.length > MAX_FRAGMENTO) throw new ErrorEnlace("el enlace es demasiado largo para ser un caso");
  if (!/^[A-Za-z0-9_-]*$/.test(datos)) throw new ErrorEnlace("el enlace no contiene un caso válido (codificación incorrecta)");
  let texto;
  try {
    const b64 = datos.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((datos.length + 3) % 4);
    const binario = atob(b64);
    const bytes = Uint8Array.from(binario, (c) => c.charCodeAt(0));
    texto = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ErrorEnlace("el enlace no contiene un caso válido (codificación incorrecta)");
  }
  return leerCasoDeTexto(texto, "enlace");
}
