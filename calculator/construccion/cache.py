"""Content hashes (sha256, SRI, a hash of several parts) and the cache of
built artefacts in ``.cache/sitio/``, named by those hashes. Used by the
zips, wheels, bytecode, manifest and twins modules of this package."""

from __future__ import annotations

import base64
import hashlib

from . import rutas


def sha256(datos: bytes) -> str:
    return hashlib.sha256(datos).hexdigest()


def sri(datos: bytes) -> str:
    """Subresource Integrity value of ``datos`` (``sha256-<base64>``)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(datos).digest()).decode("ascii")


def huella(*partes: bytes) -> str:
    """One hash of several parts (each part hashed first: no two lists of
    parts give the same huella by concatenation)."""
    return sha256(b"\0".join(hashlib.sha256(p).digest() for p in partes))


def en_cache(nombre: str, producir) -> bytes:
    """``producir()``, kept in .cache/sitio/<nombre> (a name made of content
    hashes): later builds, and every rebuild of ``mkdocs serve``, read it."""
    ruta = rutas.CACHE_SITIO / nombre
    if ruta.is_file():
        return ruta.read_bytes()
    resultado = producir()
    rutas.CACHE_SITIO.mkdir(parents=True, exist_ok=True)
    temporal = ruta.with_suffix(".tmp")
    temporal.write_bytes(resultado)
    temporal.replace(ruta)
    return resultado
