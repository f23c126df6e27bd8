// A user's own bases in a link and in a file: #bases=<base64url of the
// bases JSON, compressed with the browser's own CompressionStream
// ("deflate-raw")>&caso=<base64url of the case JSON, as caso.js writes it>.
// A hostile link (broken encoding, huge, a compression bomb, not an object,
// dangerous keys) is refused with a Spanish message (ErrorEnlace), like a
// hostile #caso=.

import { ErrorEnlace, codificarCaso, leerFragmento, objetoJson } from "./caso.js";
import { descargarTexto, textoDelArchivo } from "./archivo.js";

export const PREFIJO_BASES = "#bases=";
const FORMATO = "deflate-raw";
// The engine refuses a bases text over 200,000 characters
// (bases_propias.TAMANO_MAXIMO); a link is refused before that.
export const MAX_TEXTO_BASES = 200_000;
// A compressed bases of the five models is 2-4 KB in base64url.
export const MAX_ENLACE_BASES = 65_536;

function base64url(bytes) {
  let binario = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binario).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function deBase64url(datos) {
  const b64 = datos.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((datos.length + 3) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

async function leerFlujo(flujo, maximo) {
  const lector = flujo.getReader();
  const trozos = [];
  let total = 0;
  for (;;) {
    const { done, value } = await lector.read();
    if (done) break;
    total += value.length;
    if (total > maximo) {
      await lector.cancel();
      throw new ErrorEnlace("las bases del enlace son demasiado largas");
    }
    trozos.push(value);
  }
  const bytes = new Uint8Array(total);
  let posicion = 0;
  for (const trozo of trozos) { bytes.set(trozo, posicion); posicion += trozo.length; }
  return bytes;
}

// The bases object -> its part of the link (without "#bases=").
export async function codificarBases(bases) {
  const bytes = new TextEncoder().encode(JSON.stringify(bases));
  const flujo = new Blob([bytes]).stream().pipeThrough(new CompressionStream(FORMATO));
  return base64url(await leerFlujo(flujo, Infinity));
}

// A bases JSON text (from a link or a file) -> plain object, or ErrorEnlace.
export function leerBasesDeTexto(texto, origen = "enlace") {
  if (texto.length > MAX_TEXTO_BASES) throw new ErrorEnlace(`las bases del ${origen} son demasiado largas`);
  return objetoJson(texto, `el ${origen} no contiene unas bases válidas (no es JSON)`, `las bases del ${origen}`,
    `las bases del ${origen} deben ser un objeto JSON`);
}

// The part after "#bases=" -> plain bases object, or ErrorEnlace.
export async function decodificarBases(datos) {
  if (datos.length > MAX_ENLACE_BASES) throw new ErrorEnlace("el enlace es demasiado largo para ser unas bases");
  if (!/^[A-Za-z0-9_-]+$/.test(datos)) throw new ErrorEnlace("el enlace no contiene unas bases válidas (codificación incorrecta)");
  let texto;
  try {
    const flujo = new Blob([deBase64url(datos)]).stream().pipeThrough(new DecompressionStream(FORMATO));
    texto = new TextDecoder("utf-8", { fatal: true }).decode(await leerFlujo(flujo, MAX_TEXTO_BASES * 4));
  } catch (e) {
    if (e instanceof ErrorEnlace) throw e;
    throw new ErrorEnlace("el enlace no contiene unas bases válidas (codificación incorrecta)");
  }
  return leerBasesDeTexto(texto, "enlace");
}

// A fragment -> {bases: object|null, caso: object|null}; null when it is
// neither #bases=… nor #caso=… (an ordinary anchor). ErrorEnlace when it
// claims to be one and is not.
export async function leerEnlace(fragmento) {
  if (typeof fragmento !== "string") return null;
  if (fragmento.startsWith("#caso=")) return { bases: null, caso: leerFragmento(fragmento) };
  if (!fragmento.startsWith(PREFIJO_BASES)) return null;
  const [parteBases, ...resto] = fragmento.slice(PREFIJO_BASES.length).split("&");
  if (resto.length > 1 || (resto.length === 1 && !resto[0].startsWith("caso="))) {
    throw new ErrorEnlace("el enlace no contiene unas bases válidas (codificación incorrecta)");
  }
  const bases = await decodificarBases(parteBases);
  const caso = resto.length ? leerFragmento(`#${resto[0]}`) : null;
  return { bases, caso };
}

// {bases (already encoded), caso} -> "#bases=…&caso=…" (or the part there is).
export function fragmentoDe(basesCodificadas, caso) {
  const partes = [];
  if (basesCodificadas) partes.push(`bases=${basesCodificadas}`);
  if (caso) partes.push(`caso=${codificarCaso(caso)}`);
  return partes.length ? `#${partes.join("&")}` : "";
}

// The bases as a file the command line reads (`--bases archivo.json`).
export function guardarBases(bases) {
  const nombre = `bases-${String(bases.id ?? "").replace(/[^a-z0-9-]/g, "") || "propias"}.json`;
  return descargarTexto(nombre, JSON.stringify(bases, null, 2) + "\n");
}

export async function leerArchivoBases(archivo) {
  if (archivo.size > MAX_TEXTO_BASES * 4) throw new ErrorEnlace(`el archivo «${archivo.name}» es demasiado grande para ser unas bases`);
  if (/\.toml$/i.test(archivo.name)) {
    throw new ErrorEnlace(`el archivo «${archivo.name}» es TOML: esta página abre unas bases en JSON (la orden «python -m reintegro» lee los dos)`);
  }
  return leerBasesDeTexto(await textoDelArchivo(archivo), "archivo");
}
