"""Runs INSIDE Pyodide (calculator/construccion/pyodide_node.mjs), at build time:
bytecode, made by the very interpreter the browser runs, for the modules the
calculator's worker imports.

Input in /trabajo (the host folder bytecode.py prepares):

- ``ruedas/*.whl``: the wheels the site serves;
- ``modulo.txt``: the module the worker imports (reintegro.navegador);
- ``raices.json``: modules imported without an import statement (below).

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
[paths inside the zip], "alcanzables": [paths inside the zip]}``.

The pyc files are hash-based and UNCHECKED (PEP 552): the import system
loads them without reading or hashing the source, and without comparing any
mtime (the wheels are unpacked on every boot, with fresh mtimes). The
embedded file name is the path inside the wheel; the import system replaces
it with the installed path on import (``_imp._fix_co_filename``) where the
source is served beside it, and keeps it (``pydantic/main.py``) where the
bytecode is served alone, so tracebacks still name the file. Modules
the import does not load get no bytecode (it would only add bytes on the
wire): should one be imported later, Python compiles it from its source.
(zipimport prefers a ``.pyc`` to the ``.py`` beside it and checks nothing of
an unchecked one either.)

Optimisation level: the engine's own package (the top level of
``modulo.txt``) at 0, asserts and docstrings as in its source; everything
else (the standard library, pydantic, pydantic-core's Python part,
typing_extensions...) at 2, as ``python -OO`` compiles it: without
docstrings and asserts (about 0.22 MB less brotli on the wire; the site
build serves those modules without their source, see bytecode.py).

``importados.json`` also receives ``"alcanzables"``: every module of the
standard library's zip (path inside it) that an import statement can
reach, at any depth and whether it runs at import or inside a function,
from the modules loaded so far (frozen ones included), from every module of
the wheels and from the names in ``/trabajo/raices.json`` (modules C code or
a codec lookup imports without an import statement: biblioteca.py,
IMPORTADOS_SIN_SENTENCIA; a name there brings its submodules too). A module
outside it can only be reached by a name built at run time; biblioteca.py leaves
it out of the site's zip.
"""

import ast
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
MODULO = (TRABAJO / "modulo.txt").read_text(encoding="utf-8").strip()
importlib.import_module(MODULO)

PROPIO = MODULO.split(".")[0] + "/"  # the engine's own package: compiled at level 0


def compilar(fuente: Path, destino: Path, nombre: str, optimizacion: int = 2) -> None:
    """``fuente`` to unchecked hash-based bytecode at ``destino``; ``nombre``:
    the file name its code objects carry; ``optimizacion``: 0 or 2 (-OO)."""
    destino.parent.mkdir(parents=True, exist_ok=True)
    py_compile.compile(
        str(fuente),
        cfile=str(destino),
        dfile=nombre,
        doraise=True,
        optimize=optimizacion,
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
    compilar(
        SITE_PACKAGES / fuente, TRABAJO / "pyc" / importlib.util.cache_from_source(fuente), fuente,
        optimizacion=0 if fuente.startswith(PROPIO) else 2,
    )

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


# --- which stdlib modules an import statement can reach ----------------------

def nombre_de_modulo(ruta: str) -> tuple[str, bool]:
    """"email/mime/text.py" -> ("email.mime.text", False); "email/__init__.py"
    -> ("email", True)."""
    partes = ruta[: -len(".py")].split("/")
    es_paquete = partes[-1] == "__init__"
    return ".".join(partes[:-1] if es_paquete else partes), es_paquete


def nombrados(nombre: str, es_paquete: bool, fuente: bytes) -> set[str]:
    """Every module an import statement of ``fuente`` names (absolute, with its
    parent packages): ``import a.b``, ``from .c import d`` (d may be a module),
    ``importlib.import_module("e")`` and ``__import__("f")`` with a literal."""
    paquete = nombre if es_paquete else nombre.rpartition(".")[0]
    nombres = set()
    for nodo in ast.walk(ast.parse(fuente)):
        if isinstance(nodo, ast.Import):
            nombres.update(alias.name for alias in nodo.names)
        elif isinstance(nodo, ast.ImportFrom):
            base = nodo.module or ""
            if nodo.level:
                arriba = paquete.split(".")[: len(paquete.split(".")) - (nodo.level - 1)]
                base = ".".join(arriba + ([nodo.module] if nodo.module else []))
            nombres.add(base)
            nombres.update(f"{base}.{alias.name}" for alias in nodo.names)
        elif (isinstance(nodo, ast.Call) and nodo.args and isinstance(nodo.args[0], ast.Constant)
              and isinstance(nodo.args[0].value, str)
              and getattr(nodo.func, "attr", getattr(nodo.func, "id", None)) in ("import_module", "__import__")):
            nombres.add(nodo.args[0].value)
    return {".".join(n.split(".")[:k]) for n in nombres if n for k in range(1, n.count(".") + 2)}


def fuentes_por_modulo() -> dict[str, tuple[bytes, bool, str | None]]:
    """module name -> (source, is a package, path inside the stdlib zip or
    None) of every .py of the stdlib zip(s) and of site-packages (the
    wheels, unpacked: these win)."""
    modulos = {}
    for archivo_zip in zips:
        with zipfile.ZipFile(archivo_zip) as z:
            for ruta in z.namelist():
                if ruta.endswith(".py"):
                    nombre, es_paquete = nombre_de_modulo(ruta)
                    modulos[nombre] = (z.read(ruta), es_paquete, ruta)
    for ruta in SITE_PACKAGES.rglob("*.py"):
        nombre, es_paquete = nombre_de_modulo(ruta.relative_to(SITE_PACKAGES).as_posix())
        modulos[nombre] = (ruta.read_bytes(), es_paquete, None)
    return modulos


def alcanzables() -> list[str]:
    """Paths inside the stdlib zip of the modules that import statements
    reach from: the loaded modules (frozen and built-in ones too), every
    module of the wheels, and each name of raices.json with its submodules."""
    declaradas = json.loads((TRABAJO / "raices.json").read_text(encoding="utf-8"))
    modulos = fuentes_por_modulo()
    pendientes = [
        m for m, (_, _, en_zip) in modulos.items()
        if m in sys.modules or en_zip is None or any(m == d or m.startswith(d + ".") for d in declaradas)
    ]
    vistos = set()
    while pendientes:
        modulo = pendientes.pop()
        if modulo not in vistos:
            vistos.add(modulo)
            fuente, es_paquete, _ = modulos[modulo]
            pendientes.extend(m for m in nombrados(modulo, es_paquete, fuente) if m in modulos)
    return sorted(modulos[m][2] for m in vistos if modulos[m][2] is not None)


(TRABAJO / "importados.json").write_text(
    json.dumps({
        "etiqueta": sys.implementation.cache_tag,
        "fuentes": fuentes,
        "biblioteca": [o.split(".zip/", 1)[1] for o in biblioteca],
        "alcanzables": alcanzables(),
    }),
    encoding="utf-8",
)
