// Unpacks a wheel whose members are all STORED (the build repacks every
// wheel so: almacenada() in calculator/construccion/zips.py) straight into
// Pyodide's file system: one pass over the central directory, each file a
// view of the downloaded bytes, no inflating and no Python on the way
// (pyodide.unpackArchive goes through shutil and zipfile, about 0.1 s more
// on a returning visit). The bytes were checked by their SRI hash before.
// Anything this reader does not expect (a compressed member, zip64, a name
// that climbs out of `destino`) is an error that names the member.

const FIRMA_FIN = 0x06054b50;
const FIRMA_CENTRAL = 0x02014b50;
const FIRMA_LOCAL = 0x04034b50;
const ALMACENADO = 0;

function finDelDirectorio(vista) {
  // The end record is the last 22 bytes plus a comment of up to 65,535.
  const desde = Math.max(0, vista.byteLength - 22 - 0xffff);
  for (let p = vista.byteLength - 22; p >= desde; p--) {
    if (vista.getUint32(p, true) === FIRMA_FIN) return p;
  }
  throw new Error("no es un archivo zip");
}

// [{nombre, inicio, tamano}] of every member, checked before anything is written.
export function miembros(bytes) {
  const vista = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fin = finDelDirectorio(vista);
  const total = vista.getUint16(fin + 10, true);
  let p = vista.getUint32(fin + 16, true);
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  const lista = [];
  for (let i = 0; i < total; i++) {
    if (vista.getUint32(p, true) !== FIRMA_CENTRAL) throw new Error("directorio central del zip dañado");
    const metodo = vista.getUint16(p + 10, true);
    const comprimido = vista.getUint32(p + 20, true);
    const tamano = vista.getUint32(p + 24, true);
    const largos = [28, 30, 32].map((d) => vista.getUint16(p + d, true));
    const local = vista.getUint32(p + 42, true);
    const nombre = utf8.decode(bytes.subarray(p + 46, p + 46 + largos[0]));
    p += 46 + largos[0] + largos[1] + largos[2];
    if (metodo !== ALMACENADO || comprimido !== tamano || tamano === 0xffffffff) {
      throw new Error(`${nombre}: miembro comprimido o zip64, no almacenado`);
    }
    if (nombre.startsWith("/") || nombre.split("/").includes("..")) {
      throw new Error(`${nombre}: ruta fuera de la carpeta de destino`);
    }
    if (vista.getUint32(local, true) !== FIRMA_LOCAL) throw new Error(`${nombre}: cabecera local dañada`);
    const inicio = local + 30 + vista.getUint16(local + 26, true) + vista.getUint16(local + 28, true);
    if (inicio + tamano > bytes.length) throw new Error(`${nombre}: se sale del archivo`);
    lista.push({ nombre, inicio, tamano });
  }
  return lista;
}

// FS: Emscripten's file system (pyodide.FS): mkdirTree and writeFile.
export function extraerAlmacenado(FS, bytes, destino) {
  const creadas = new Set();
  for (const { nombre, inicio, tamano } of miembros(bytes)) {
    const ruta = `${destino}/${nombre}`;
    const carpeta = nombre.endsWith("/") ? ruta : ruta.slice(0, ruta.lastIndexOf("/"));
    if (!creadas.has(carpeta)) {
      FS.mkdirTree(carpeta);
      creadas.add(carpeta);
    }
    if (!nombre.endsWith("/")) FS.writeFile(ruta, bytes.subarray(inicio, inicio + tamano));
  }
}
