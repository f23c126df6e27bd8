"""Runs INSIDE Pyodide (calculator/hooks/pyodide_node.mjs), at build time:
bytecode, made by the very interpreter the browser runs, for the modules the
calculator's worker imports.

Input in /trabajo (the host folder the hook prepares):

- ``ruedas/*.whl``: the wheels the site serves;
- ``modulo.txt``: the module the worker imports (reintegro.navegador).

It unpacks the wheels into site-packages as the worker does, imports that
module, and compiles every ``.py`` of site-packages the import loaded (the
engine, pydantic, pydantic-core's Python part...; calculating imports
nothing more) to ``pyc/<path>/__pycache__/<name>.<tag>.pyc``, ``<path>``
being the source's path inside its wheel; and every module of the standard
library's zip that Python's start and that import loaded (about 160) to
``pyc-biblioteca/<path without .py>.pyc``, the place zipimport looks for
bytecode (beside the source, no __pycache__), with the file name the module
has in the browser (``/lib/python314.zip/<path>``). ``importados.json``
receives ``{"etiqueta": cache tag, "fuentes": [wheel paths], "biblioteca":
[paths inside the zip]}``.

The pyc files are hash-based and UNCHECKED (PEP 552): the import system
loads them without reading or hashing the source, and without comparing any
mtime (the wheels are unpacked on every boot, with fresh mtimes). The
sources stay in the wheels, so tracebacks and ``inspect.getsource`` show
them as before. The embedded file name is the path inside the wheel; the
import system replaces it with the installed path on import
(``_imp._fix_co_filename``). Optimisation level 0: asserts and docstrings
as in the source. Modules the import does not load get no bytecode (it
would only add bytes on the wire): should one be imported later, Python
compiles it from its source, as before. (zipimport prefers a ``.pyc`` to
the ``.py`` beside it and checks nothing of an unchecked one either.)
"""

import importlib
import importlib.util
import json
import py_compile
import sys
import sysconfig
import zipfile
from pathlib import Path

TRABAJO = Path("/trabajo")
# sysconfig says "//lib/python3.14/site-packages" in Pyodide: resolve() drops the doubled slash.
SITE_PACKAGES = Path(sysconfig.get_paths()["purelib"]).resolve()

for rueda in sorted((TRABAJO / "ruedas").glob("*.whl")):
    with zipfile.ZipFile(rueda) as z:
        z.extractall(SITE_PACKAGES)
importlib.invalidate_caches()
sys.dont_write_bytecode = True
importlib.import_module((TRABAJO / "modulo.txt").read_text(encoding="utf-8").strip())

def compilar(fuente: Path, destino: Path, nombre: str) -> None:
    """``fuente`` to unchecked hash-based bytecode at ``destino``; ``nombre``:
    the file name its code objects carry."""
    destino.parent.mkdir(parents=True, exist_ok=True)
    py_compile.compile(
        str(fuente),
        cfile=str(destino),
        dfile=nombre,
        doraise=True,
        optimize=0,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )


# The source file of every module loaded so far.
cargados = [
    m.__spec__.origin
    for m in list(sys.modules.values())
    if getattr(m, "__spec__", None) is not None and m.__spec__.origin and m.__spec__.origin.endswith(".py")
]

fuentes = sorted(
    Path(origen).relative_to(SITE_PACKAGES).as_posix()
    for origen in cargados
    if Path(origen).is_relative_to(SITE_PACKAGES)
)
for fuente in fuentes:
    compilar(SITE_PACKAGES / fuente, TRABAJO / "pyc" / importlib.util.cache_from_source(fuente), fuente)

# The standard library: the zip(s) on sys.path (Pyodide mounts its stdlib at
# /lib/python314.zip, the same path in the browser).
zips = sorted(p for p in sys.path if p.endswith(".zip"))
biblioteca = sorted(origen for origen in cargados if any(origen.startswith(z + "/") for z in zips))
for origen in biblioteca:
    archivo_zip = next(z for z in zips if origen.startswith(z + "/"))
    dentro = origen[len(archivo_zip) + 1:]
    fuente = TRABAJO / "fuente-biblioteca" / dentro
    fuente.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(archivo_zip) as z:
        fuente.write_bytes(z.read(dentro))
    compilar(fuente, TRABAJO / "pyc-biblioteca" / (dentro[: -len(".py")] + ".pyc"), origen)
(TRABAJO / "importados.json").write_text(
    json.dumps({
        "etiqueta": sys.implementation.cache_tag,
        "fuentes": fuentes,
        "biblioteca": [o.split(".zip/", 1)[1] for o in biblioteca],
    }),
    encoding="utf-8",
)
