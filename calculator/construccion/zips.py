"""Zips as the site serves them: every member STORED (brotli on the wire
then compresses the contents as a whole, and Python reads members without
inflating them), deterministic, and a wheel's RECORD rewritten to list its
members as they are. Used by ruedas, rueda_motor, biblioteca and bytecode."""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile

from . import cache, rutas

FECHA_ZIP = (1980, 1, 1, 0, 0, 0)


def zip_almacenado(entradas) -> bytes:
    """A zip of ``(ZipInfo, bytes)`` pairs, in that order, every member
    STORED, with each ZipInfo's name, date and attributes."""
    salida = io.BytesIO()
    with zipfile.ZipFile(salida, "w", zipfile.ZIP_STORED) as z:
        for info, datos in entradas:
            nuevo = zipfile.ZipInfo(info.filename, info.date_time)
            nuevo.compress_type = zipfile.ZIP_STORED
            nuevo.external_attr = info.external_attr
            nuevo.create_system = info.create_system
            z.writestr(nuevo, datos)
    return salida.getvalue()


def almacenada(datos: bytes, sin: frozenset[str] = frozenset()) -> bytes:
    """The same zip (wheel, stdlib) with every member STORED, not deflated:
    brotli on the wire then compresses the contents as a whole (about 1.6 MB
    less than brotli over deflated zips), and Python reads members without
    inflating them. ``sin``: top-level modules and packages left out (see
    biblioteca.STDLIB_EXCLUIDA). Deterministic: same input, same bytes (the
    SRI of a wheel is taken on this form). Cached by content hash in
    .cache/sitio/."""
    def producir():
        with zipfile.ZipFile(io.BytesIO(datos)) as origen:
            return zip_almacenado(
                (info, origen.read(info)) for info in origen.infolist()
                if primer_nivel(info.filename) not in sin
            )
    fuera = sorted(sin)
    clave = cache.sha256(datos) if not fuera else cache.sha256(datos + "\0".join(fuera).encode())
    return cache.en_cache(f"almacenada-{clave}.zip", producir)


def primer_nivel(nombre_zip: str) -> str:
    """"xml/dom/minidom.py" -> "xml"; "pdb.py" -> "pdb"."""
    primero = nombre_zip.split("/", 1)[0]
    return primero.removesuffix(".py") if "/" not in nombre_zip else primero


def con_record(miembros: list[tuple[zipfile.ZipInfo, bytes]]) -> list[tuple[zipfile.ZipInfo, bytes]]:
    """The wheel's members with its RECORD rewritten to list them as they are
    (hash and size of each, RECORD's own line last, without either)."""
    record = [i for i, (info, _) in enumerate(miembros) if info.filename.endswith(".dist-info/RECORD")]
    if len(record) != 1:
        raise rutas.error(f"una rueda sin RECORD, o con varios: {[miembros[i][0].filename for i in record]}")
    info_record = miembros[record[0]][0]
    lineas = [linea_record(info.filename, d) for info, d in miembros if info is not info_record and not info.is_dir()]
    contenido = ("\n".join([*lineas, f"{info_record.filename},,"]) + "\n").encode("utf-8")
    return [(info, contenido if info is info_record else d) for info, d in miembros]


def linea_record(nombre_zip: str, datos: bytes) -> str:
    """A RECORD line: path, urlsafe-base64 sha256 without padding, size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(datos).digest()).rstrip(b"=").decode()
    return f"{nombre_zip},sha256={digest},{len(datos)}"


def miembros(datos: bytes) -> list[tuple[zipfile.ZipInfo, bytes]]:
    """Every ``(ZipInfo, bytes)`` of a zip, in its order."""
    with zipfile.ZipFile(io.BytesIO(datos)) as z:
        return [(info, z.read(info)) for info in z.infolist()]


