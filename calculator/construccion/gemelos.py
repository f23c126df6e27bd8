"""The precompressed twins: ``<file>.br`` and ``<file>.gz`` beside every
compressible file of the built site, for a host that serves them with
``Content-Encoding`` (the runtime then travels in about a third of its
size: see benchmarks/benchmark.py). Called by the hook (recursos.py,
``on_post_build``, after every hook that writes files)."""

from __future__ import annotations

import gzip
from pathlib import Path

from .cache import en_cache, sha256

try:  # brotli==1.2.1 (requirements.txt); without it only the .gz twins
    import brotli
except ImportError:  # pragma: no cover
    brotli = None

COMPRIMIBLES = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".whl", ".zip", ".svg", ".xml", ".txt", ".map")
MINIMO_COMPRIMIR = 1024


def comprimido(datos: bytes, formato: str) -> bytes:
    """gzip -9 or brotli -11 of ``datos``, cached by content hash in
    .cache/sitio/ (brotli -11 of the 9.6 MB wasm takes about half a minute:
    only the first build pays it)."""
    def producir():
        if formato == "br":
            return brotli.compress(datos, quality=11, lgwin=24)
        return gzip.compress(datos, compresslevel=9, mtime=0)
    return en_cache(f"{sha256(datos)}.{formato}", producir)


def escribir_gemelos(sitio: Path) -> None:
    """Writes ``<file>.br`` and ``<file>.gz`` beside every compressible file
    of at least 1 KB. A twin that would not be smaller is not written (and
    one left by an earlier build is removed). mkdocs's own sitemap.xml.gz is
    left alone."""
    for ruta in sorted(sitio.rglob("*")):
        if not ruta.is_file() or ruta.suffix not in COMPRIMIBLES or ruta.name == "sitemap.xml":
            continue
        datos = ruta.read_bytes()
        for formato in ("br", "gz"):
            gemelo = ruta.with_name(f"{ruta.name}.{formato}")
            if len(datos) < MINIMO_COMPRIMIR or (formato == "br" and brotli is None):
                gemelo.unlink(missing_ok=True)
                continue
            resultado = comprimido(datos, formato)
            if len(resultado) < len(datos):
                gemelo.write_bytes(resultado)
            else:
                gemelo.unlink(missing_ok=True)
