"""The pinned wheels of ``calculator/wheels.json``: each read from
``.cache/wheels/`` (``make wheels`` fills it), checked against its sha256,
and pruned of what Python never reads there (``rueda_podada``). Called by
servidos; tests/pyodide/test_ruedas_servidas.py checks the result."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

from . import cache, rutas
from .zips import con_record, zip_almacenado

# Parts of the pinned wheels that nothing imports: pydantic's v1
# compatibility layer (loaded only by `import pydantic.v1`, which the engine
# never does) and its mypy plugin (for a type checker). About 100 KB brotli.
# tests/pyodide runs the engine's tests on the wheels as served.
RUEDAS_EXCLUIDO = ("pydantic/v1/", "pydantic/mypy.py")
# Members of every pinned wheel that Python never reads at run time, by rule
# rather than by name (``fuera_de_la_rueda``): type stubs (``*.pyi``, for
# type checkers: pydantic_core's and typing_inspection's) and the software
# bills of materials of a ``.dist-info`` (``sboms/``, for supply-chain
# tools), and test modules a package ships for other projects' test suites
# (``test_*.py``, ``tests/``: annotated_types' test_cases.py), which no
# import statement of the runtime names. Licence files stay. Each METADATA
# keeps its header (Name, Version, Requires-Dist...: what
# importlib.metadata answers from) and loses its body, the long
# description (pydantic's is 141 KB, about 20 KB brotli):
# ``cabecera_metadata``. About 45 KB brotli in all.
RUEDAS_SUFIJOS_EXCLUIDOS = (".pyi",)
RUEDAS_CARPETAS_DIST_INFO_EXCLUIDAS = ("sboms",)
RUEDAS_PRUEBAS = re.compile(r"(?:^|/)(?:tests?/|test_[^/]*\.py$)")


def comprobar_ruedas(manifiesto: dict) -> list[tuple[str, Path, str]]:
    """(file name, cached path, SRI) of every pinned wheel, each checked
    against the sha256 the manifest fixes."""
    ruedas = []
    for r in manifiesto["ruedas"]:
        ruta = rutas.CACHE_RUEDAS / r["archivo"]
        if not ruta.is_file():
            raise rutas.error(
                f"falta la rueda {ruta.relative_to(rutas.RAIZ)}: ejecute `python calculator/fetch_wheels.py`"
            )
        datos = ruta.read_bytes()
        if cache.sha256(datos) != r["sha256"]:
            raise rutas.error(
                f"{ruta.relative_to(rutas.RAIZ)} no tiene el sha256 fijado en calculator/wheels.json "
                f"({cache.sha256(datos)} en lugar de {r['sha256']}): ejecute "
                "`python calculator/fetch_wheels.py`, que la vuelve a descargar"
            )
        ruedas.append((r["archivo"], ruta, cache.sri(datos)))
    return ruedas


def rueda_podada(datos: bytes) -> bytes:
    """A pinned wheel as the site serves it before its bytecode
    (``bytecode.con_bytecode``): STORED like ``zips.almacenada``, without the
    members Python never reads (RUEDAS_EXCLUIDO, RUEDAS_SUFIJOS_EXCLUIDOS,
    RUEDAS_CARPETAS_DIST_INFO_EXCLUIDAS: ``fuera_de_la_rueda``), each
    METADATA reduced to its header (``cabecera_metadata``), RECORD listing
    exactly the members left (``zips.con_record``). Deterministic; cached in
    .cache/sitio/ by the wheel's hash and the rules'."""
    def producir():
        with zipfile.ZipFile(io.BytesIO(datos)) as origen:
            miembros = [
                (info, sin_descripcion(info.filename, origen.read(info)))
                for info in origen.infolist() if not fuera_de_la_rueda(info.filename)
            ]
        return zip_almacenado(con_record(miembros))
    reglas = json.dumps([RUEDAS_EXCLUIDO, RUEDAS_SUFIJOS_EXCLUIDOS, RUEDAS_CARPETAS_DIST_INFO_EXCLUIDAS,
                         RUEDAS_PRUEBAS.pattern, "METADATA: cabecera"])
    return cache.en_cache(f"podada-{cache.huella(datos, reglas.encode())}.zip", producir)


def fuera_de_la_rueda(nombre_zip: str) -> bool:
    """Whether a wheel's member is left out of the served wheel: under a
    path of RUEDAS_EXCLUIDO, with a suffix of RUEDAS_SUFIJOS_EXCLUIDOS, a
    test module (RUEDAS_PRUEBAS, outside the ``.dist-info`` folder), or in a
    folder of RUEDAS_CARPETAS_DIST_INFO_EXCLUIDAS right inside the
    ``.dist-info`` folder ("pydantic_core-2.50.4.dist-info/sboms/x.json")."""
    if nombre_zip.startswith(RUEDAS_EXCLUIDO) or nombre_zip.endswith(RUEDAS_SUFIJOS_EXCLUIDOS):
        return True
    if RUEDAS_PRUEBAS.search(nombre_zip) and ".dist-info/" not in nombre_zip:
        return True
    partes = nombre_zip.split("/")
    return len(partes) > 2 and partes[0].endswith(".dist-info") and partes[1] in RUEDAS_CARPETAS_DIST_INFO_EXCLUIDAS


def sin_descripcion(nombre_zip: str, datos: bytes) -> bytes:
    """A ``<name>.dist-info/METADATA`` reduced to its header
    (``cabecera_metadata``); any other member as it is."""
    partes = nombre_zip.split("/")
    if len(partes) == 2 and partes[0].endswith(".dist-info") and partes[1] == "METADATA":
        return cabecera_metadata(datos)
    return datos


def cabecera_metadata(datos: bytes) -> bytes:
    """The header block of a METADATA file (RFC 822 style: Name, Version,
    Requires-Dist..., continuation lines included), up to the first empty
    line, without the body after it (the long description). Line endings
    kept as they are."""
    lineas = datos.splitlines(keepends=True)
    for i, linea in enumerate(lineas):
        if linea in (b"\n", b"\r\n", b"\r"):
            return b"".join(lineas[:i])
    return datos
