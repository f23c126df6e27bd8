// The case as a file: «Guardar el caso» downloads exactly the case JSON the
// engine takes (so `python -m reintegro calcular archivo.json` runs it), and
// «Abrir un caso guardado» reads one back. Nothing leaves the browser: the
// file is made and read here.

import { ErrorEnlace, leerCasoDeTexto } from "./caso.js";

// A case is a few hundred bytes; the engine refuses texts over 100,000
// characters (entrada.TAMANO_MAXIMO).
export const MAX_ARCHIVO = 100_000;

function nombreDeArchivo(caso) {
  const expediente = String(caso.referencia?.expediente ?? "")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40);
  return `caso-reintegro-${caso.bases}${expediente ? `-${expediente}` : ""}.json`;
}

// Downloads `texto` as the file `nombre` (made here: nothing leaves the browser).
export function descargarTexto(nombre, texto) {
  const url = URL.createObjectURL(new Blob([texto], { type: "application/json" }));
  const enlace = document.createElement("a");
  enlace.href = url;
  enlace.download = nombre;
  enlace.hidden = true;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return nombre;
}

export function guardarCaso(caso) {
  return descargarTexto(nombreDeArchivo(caso), JSON.stringify(caso, null, 2) + "\n");
}

// A File -> plain case object; ErrorEnlace with a Spanish message when it
// cannot be one.
export async function leerArchivo(archivo) {
  if (archivo.size > MAX_ARCHIVO) {
    throw new ErrorEnlace(`el archivo «${archivo.name}» es demasiado grande para ser un caso`);
  }
  return leerCasoDeTexto(await textoDelArchivo(archivo), "archivo");
}

// A chosen file's text, without a leading byte-order mark, or ErrorEnlace.
export async function textoDelArchivo(archivo) {
  try {
    return (await archivo.text()).replace(/^\ufeff/, "");
  } catch {
    throw new ErrorEnlace(`no se pudo leer el archivo «${archivo.name}»`);
  }
}
