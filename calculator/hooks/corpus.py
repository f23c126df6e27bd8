"""MkDocs hook: the golden corpus, for the hidden page that runs it in the browser.

Enabled in mkdocs.yml with ``hooks: [calculator/hooks/corpus.py]``. On every
build (``mkdocs build`` and every rebuild of ``mkdocs serve``) it reads the
YAML corpus ``tests/golden/*.yaml`` with PyYAML, through ``cargar()`` of
``tests/golden/corpus.py`` (so the bases of a file is merged into its cases
exactly as the CPython check does), and adds to the site, as a generated
file (nothing is written into ``docs/``):

- ``assets/calculadora/corpus.json``::

    {"hoy_fijo": "2026-11-29", "total": <number of cases>,
     "archivos": [{"archivo": "<file stem>",
                   "casos": [{"ejemplo": <the case as in the YAML>,
                              "texto": "<its "caso" as JSON text>"}]}]}

``texto`` is the JSON text the page sends to the engine's worker, written
here by Python so the browser sends exactly what CPython would serialise.
The page ``docs/pruebas/corpus.md`` (not in the navigation) loads
``calculator/web/corpus.js``, which computes every case in the worker and
checks it as ``comprobar()`` of ``tests/golden/corpus.py`` does.

Any problem reading the corpus (missing folder, YAML error, a case without
``nombre`` or ``caso``, a value JSON cannot hold) fails the build, naming
the file and the case.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from datetime import date
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files

# calculator/construccion/ (the build's package) lives beside this folder.
_CALCULATOR = str(Path(__file__).resolve().parents[1])
if _CALCULATOR not in sys.path:
    sys.path.insert(0, _CALCULATOR)

from construccion.archivos import anadir  # noqa: E402

RAIZ = Path(__file__).resolve().parents[2]
CARPETA = RAIZ / "tests" / "golden"
CORPUS_PY = CARPETA / "corpus.py"
DESTINO = "assets/calculadora/corpus.json"


def _error(mensaje: str) -> PluginError:
    return PluginError("corpus: " + mensaje)


def _modulo_corpus():
    """tests/golden/corpus.py, loaded from its path (tests is no package of the site)."""
    if not CORPUS_PY.is_file():
        raise _error(f"falta {CORPUS_PY}: el corpus de casos vive en tests/golden/")
    spec = importlib.util.spec_from_file_location("_reintegro_corpus_dorado", CORPUS_PY)
    modulo = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(modulo)
    except Exception as e:  # noqa: BLE001 - any failure must stop the build
        raise _error(f"no se puede cargar {CORPUS_PY}: {type(e).__name__}: {e}") from e
    return modulo


def _no_json(valor: object) -> object:
    raise TypeError(f"{type(valor).__name__} {valor!r} no cabe en JSON (¿una fecha sin comillas en el YAML?)")


def _culpable(archivos: list[Path]) -> str:
    """", en <file>" for the first file that is not YAML with a list of
    "casos" (cargar()'s own error does not name the file)."""
    try:
        import yaml
    except ImportError:
        return " (falta PyYAML: pip install -r requirements.txt)"
    for ruta in archivos:
        try:
            datos = yaml.safe_load(ruta.read_text(encoding="utf-8"))
        except Exception:  # noqa: BLE001
            return f", en {ruta.name}"
        if not isinstance(datos, dict) or not isinstance(datos.get("casos"), list):
            return f", en {ruta.name} (falta la lista «casos»)"
    return ""


def leer_corpus() -> dict:
    """The content of corpus.json; PluginError if the corpus cannot be read."""
    archivos_yaml = sorted(CARPETA.glob("*.yaml"))
    if not archivos_yaml:
        raise _error(f"no hay ningún archivo *.yaml en {CARPETA}")
    modulo = _modulo_corpus()
    try:
        corpus = modulo.cargar()
    except Exception as e:  # noqa: BLE001 - YAML errors, missing "casos", no PyYAML...
        raise _error(
            f"no se puede leer el corpus de {CARPETA}{_culpable(archivos_yaml)}: {type(e).__name__}: {e}"
        ) from e
    if not isinstance(corpus, dict) or not corpus:
        raise _error(f"cargar() de {CORPUS_PY} no devolvió ningún archivo")
    hoy = getattr(modulo, "HOY", None)
    salida = {"hoy_fijo": hoy.isoformat() if isinstance(hoy, date) else None, "total": 0, "archivos": []}
    for archivo, casos in corpus.items():
        ruta = f"tests/golden/{archivo}.yaml"
        if not isinstance(casos, list) or not casos:
            raise _error(f"{ruta} no tiene casos")
        lista = []
        for numero, ejemplo in enumerate(casos, 1):
            donde = f"{ruta}, caso {numero}"
            if not isinstance(ejemplo, dict):
                raise _error(f"{donde}: un caso debe ser un diccionario, no {type(ejemplo).__name__}")
            if not isinstance(ejemplo.get("nombre"), str) or not ejemplo["nombre"].strip():
                raise _error(f"{donde}: falta «nombre»")
            donde = f"{ruta}, caso «{ejemplo['nombre']}»"
            if not isinstance(ejemplo.get("caso"), dict):
                raise _error(f"{donde}: falta «caso» (un diccionario)")
            if "espera" not in ejemplo and "errores" not in ejemplo:
                raise _error(f"{donde}: no dice qué se espera («espera» o «errores»)")
            try:
                texto = json.dumps(ejemplo["caso"], ensure_ascii=False, default=_no_json)
                json.dumps(ejemplo, ensure_ascii=False, default=_no_json)
            except (TypeError, ValueError) as e:
                raise _error(f"{donde}: {e}") from e
            lista.append({"ejemplo": ejemplo, "texto": texto})
        salida["archivos"].append({"archivo": archivo, "casos": lista})
        salida["total"] += len(lista)
    return salida


def on_files(files: Files, config) -> Files:
    datos = leer_corpus()
    anadir(files, config, DESTINO, content=json.dumps(datos, ensure_ascii=False, separators=(",", ":")))
    return files


def on_serve(server, config, builder):
    # `mkdocs serve` rebuilds when a case is added or changed.
    server.watch(str(CARPETA))
    return server
