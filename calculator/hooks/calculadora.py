"""MkDocs hook: puts the in-browser calculator into the built site.

Enabled in mkdocs.yml with ``hooks: [calculator/hooks/calculadora.py]``.
On every build (``mkdocs build`` and every rebuild of ``mkdocs serve``) it
adds to the site, as generated files (nothing is written into ``docs/``):

- ``assets/pyodide/<version>/``: the Pyodide runtime (pyodide.mjs,
  pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip) copied from
  ``node_modules/pyodide``, whose version must be the one pinned in
  ``calculator/wheels.json`` (the standard-library zip repacked STORED, see
  ``almacenada``, without the modules of ``STDLIB_EXCLUIDA``, which nothing
  in the calculator imports, nor those no import statement reaches, and
  with the modules Python's start and the engine's import load as bytecode
  instead of source);
- ``assets/wheels/``: the pinned wheels from ``.cache/wheels/`` (filled by
  ``python calculator/fetch_wheels.py``), each checked against its sha256
  and repacked STORED without what Python never reads there (``rueda_podada``:
  the parts in ``RUEDAS_EXCLUIDO``, type stubs, SBOMs, test modules, the
  long description of each METADATA; RECORD rewritten to list what stays),
  plus the ``reintegro`` wheel built here from ``rules/reintegro`` with a
  small deterministic stdlib wheel builder; every wheel with the bytecode of
  the modules the worker's import loads, compiled by Pyodide itself under
  Node (``con_bytecode``: the build needs ``node``), in place of their
  source except in the engine's own wheel;
- ``assets/calculadora/``: the page script, its worker and stylesheet
  (from ``calculator/web/``) and ``motor.json``: engine version, the wheel
  list with SRI hashes, the inline Pyodide lock (no packages: the worker
  unpacks the wheels itself) and, for every bases, the form description
  ``reintegro.navegador.formulario(id)`` computed now on CPython, so the
  form is usable before Pyodide has booted.

Each page gets the stylesheets of ``HOJAS_DE_PAGINA`` (``sus-bases.css``)
only if it carries their element (``on_post_page``); the scripts of those
pages are loaded by ``calculadora.js`` itself, where their element is.

After the build, ``<file>.br`` and ``<file>.gz`` are written beside every
compressible file (``on_post_build``). Stored zips, bytecode and twins are
cached by content hash in ``.cache/sitio/`` (rebuilds of ``mkdocs serve``
read them): a host that serves precompressed files sends the runtime
in about a third of its size (see benchmarks/benchmark.py).

Anything missing or altered fails the build with a message naming the file
and the command that fixes it. There is never a CDN fallback.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

try:  # brotli==1.2.1 (requirements.txt); without it only the .gz twins
    import brotli
except ImportError:  # pragma: no cover
    brotli = None

RAIZ = Path(__file__).resolve().parents[2]
WEB = RAIZ / "calculator" / "web"
MANIFIESTO = RAIZ / "calculator" / "wheels.json"
CACHE_RUEDAS = RAIZ / ".cache" / "wheels"
PYODIDE = RAIZ / "node_modules" / "pyodide"
PYODIDE_ARCHIVOS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Top-level modules and packages of Pyodide's standard library that the
# site's python_stdlib.zip leaves out (9.67 -> 7.02 MB stored, 1.59 -> 1.11 MB
# brotli; _biblioteca_con_bytecode then serves the modules Python's start and
# the engine's import load as -OO bytecode instead of source, and leaves out
# the modules no import statement reaches: 1.35 MB brotli in all).
# Measured in Pyodide 314.0.7: booting, importing reintegro.navegador
# and computing the whole golden corpus (tests/golden/*.yaml) through
# reintegro.navegador.calcular, catalogo and every formulario loads none of
# them (sys.modules). Only whole areas a calculator in a Web Worker has no
# use for; everything the measurement saw stays, and so does, as margin,
# what text, data and date handling might reach lazily (encodings with every
# codec, _strptime, _pylong, argparse, gettext, tarfile (Pyodide's package
# loader imports it), urllib, email, logging with socketserver (which
# logging.config imports), ctypes, platform, pickle...). A module left out
# fails only when imported: ModuleNotFoundError. tests/pyodide computes its
# 10,000 cases with this zip, tests/site the whole golden corpus.
STDLIB_EXCLUIDA = frozenset({
    # XML, XML-RPC, and plistlib, which needs xml at import
    "xml", "xmlrpc", "plistlib",
    # processes (none in WebAssembly), HTTP (urllib.request with it: Python
    # in the worker never uses the network), mail protocols and mailboxes
    "multiprocessing", "http", "wsgiref", "ftplib", "poplib", "imaplib", "smtplib", "mailbox",
    # test frameworks
    "unittest", "doctest",
    # REPL, debuggers, profilers, help() and code tools
    "_pyrepl", "pdb", "bdb", "pydoc", "profile", "cProfile", "pstats", "trace", "timeit",
    "pickletools", "tabnanny", "pyclbr", "modulefinder", "zipapp", "compileall",
    # pure-Python twins of C modules built into this Pyodide (_io, _datetime):
    # io and datetime import them only when the C module is missing
    "_pyio", "_pydatetime",
    # the rest: a browser launcher, audio files, sqlite, demos
    "webbrowser", "wave", "sqlite3", "antigravity", "this", "__hello__", "__phello__",
})
# Parts of the pinned wheels that nothing imports: pydantic's v1
# compatibility layer (loaded only by `import pydantic.v1`, which the engine
# never does) and its mypy plugin (for a type checker). About 100 KB brotli.
# tests/pyodide runs the engine's tests on the wheels as served.
RUEDAS_EXCLUIDO = ("pydantic/v1/", "pydantic/mypy.py")
# Members of every pinned wheel that Python never reads at run time, by rule
# rather than by name (``_fuera_de_la_rueda``): type stubs (``*.pyi``, for
# type checkers: pydantic_core's and typing_inspection's) and the software
# bills of materials of a ``.dist-info`` (``sboms/``, for supply-chain
# tools), and test modules a package ships for other projects' test suites
# (``test_*.py``, ``tests/``: annotated_types' test_cases.py), which no
# import statement of the runtime names. Licence files stay. Each METADATA
# keeps its header (Name, Version, Requires-Dist...: what
# importlib.metadata answers from) and loses its body, the long
# description (pydantic's is 141 KB, about 20 KB brotli):
# ``_cabecera_metadata``. About 45 KB brotli in all.
RUEDAS_SUFIJOS_EXCLUIDOS = (".pyi",)
RUEDAS_CARPETAS_DIST_INFO_EXCLUIDAS = ("sboms",)
RUEDAS_PRUEBAS = re.compile(r"(?:^|/)(?:tests?/|test_[^/]*\.py$)")
# Modules Python imports without an import statement anyone could read: C
# code (_pylong, for int <-> str of huge numbers; _strptime, for strptime;
# ctypes._layout, for _ctypes; zoneinfo's helpers, for _zoneinfo), a codec
# looked up by name (the Unicode ones, Latin-1 and its Windows and ISO
# variants, ASCII, IDNA with punycode, which socket uses for host names, and
# the escape and binary codecs), and Pyodide's own packages, which its
# JavaScript imports by name. A name brings its submodules. Together with
# what import statements reach from the loaded modules and the wheels
# (compilar_pyc.py, "alcanzables"), they are the standard library the site
# serves: every other module of python_stdlib.zip is left out (about 150:
# legacy codecs, logging.handlers, html, email.mime, optparse, the
# ``__main__`` of json, zipfile...; 0.18 MB brotli).
IMPORTADOS_SIN_SENTENCIA = (
    "_pylong", "_strptime", "ctypes._layout", "zoneinfo._common", "zoneinfo._tzpath",
    *(f"encodings.{codec}" for codec in (
        "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32", "utf_32_le", "utf_32_be", "utf_7",
        "latin_1", "iso8859_1", "iso8859_15", "cp1252", "ascii", "idna", "punycode",
        "unicode_escape", "raw_unicode_escape", "charmap", "undefined",
        "base64_codec", "hex_codec", "quopri_codec", "uu_codec", "zlib_codec", "bz2_codec", "rot_13",
    )),
    "pyodide", "_pyodide",
)
# The engine package. REINTEGRO_MOTOR_DIR (a directory named "reintegro")
# exists only to try the site against another copy of the engine.
MOTOR = Path(os.environ.get("REINTEGRO_MOTOR_DIR") or RAIZ / "rules" / "reintegro").resolve()

# The runtime lives in a folder named after its version, so a host can let
# browsers keep it for good (Cache-Control: immutable); the pinned wheels
# carry their version in their names, the engine wheel a ?v=<hash> query.
DESTINO_PYODIDE = "assets/pyodide/{version}/"
CACHE_SITIO = RAIZ / ".cache" / "sitio"
DESTINO_RUEDAS = "assets/wheels/"
DESTINO_CALCULADORA = "assets/calculadora/"

_FECHA_ZIP = (1980, 1, 1, 0, 0, 0)
_memo: dict[str, dict] = {}


def _error(mensaje: str) -> PluginError:
    return PluginError("calculadora: " + mensaje)


def _sha256(datos: bytes) -> str:
    return hashlib.sha256(datos).hexdigest()


def _sri(datos: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(datos).digest()).decode("ascii")


# --- the reintegro wheel ---------------------------------------------------

def _proyecto() -> dict:
    pyproject = RAIZ / "pyproject.toml"
    try:
        return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as e:
        raise _error(f"no se puede leer [project] de {pyproject}: {e}") from e


def construir_rueda_motor() -> tuple[str, bytes]:
    """Build ``reintegro-<version>-py3-none-any.whl`` in memory, byte-for-byte
    reproducible (sorted entries, fixed timestamps), from the package
    directory. Returns (file name, bytes)."""
    if not (MOTOR / "__init__.py").is_file():
        raise _error(
            f"falta el paquete del motor: {MOTOR / '__init__.py'} no existe "
            "(el motor vive en rules/reintegro)"
        )
    proyecto = _proyecto()
    nombre = re.sub(r"[-_.]+", "_", proyecto["name"]).lower()
    version = proyecto["version"]
    info = f"{nombre}-{version}.dist-info"
    entradas: list[tuple[str, bytes]] = []
    for ruta in sorted(MOTOR.rglob("*")):
        rel = ruta.relative_to(MOTOR)
        if ruta.is_dir() or "__pycache__" in rel.parts or ruta.suffix in (".pyc", ".pyo"):
            continue
        if any(p.startswith(".") for p in rel.parts):
            continue
        entradas.append(((Path(MOTOR.name) / rel).as_posix(), ruta.read_bytes()))
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {proyecto['name']}",
        f"Version: {version}",
        f"Summary: {proyecto.get('description', '')}",
        f"Requires-Python: {proyecto.get('requires-python', '')}",
    ] + [f"Requires-Dist: {d}" for d in proyecto.get("dependencies", [])]
    entradas.append((f"{info}/METADATA", ("\n".join(metadata) + "\n").encode("utf-8")))
    entradas.append((
        f"{info}/WHEEL",
        b"Wheel-Version: 1.0\nGenerator: calculator/hooks/calculadora.py\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n",
    ))
    record = []
    for nombre_zip, datos in entradas:
        record.append(_linea_record(nombre_zip, datos))
    record.append(f"{info}/RECORD,,")
    entradas.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
    salida = io.BytesIO()
    with zipfile.ZipFile(salida, "w", zipfile.ZIP_DEFLATED) as z:
        for nombre_zip, datos in entradas:
            zi = zipfile.ZipInfo(nombre_zip, _FECHA_ZIP)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, datos)
    return f"{nombre}-{version}-py3-none-any.whl", salida.getvalue()


# --- pinned runtime and wheels -------------------------------------------

def _manifiesto() -> dict:
    try:
        return json.loads(MANIFIESTO.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise _error(f"no se puede leer {MANIFIESTO}: {e}") from e


def comprobar_pyodide(version: str) -> dict:
    paquete = PYODIDE / "package.json"
    if not paquete.is_file():
        raise _error(f"falta {paquete}: ejecute `npm ci` para instalar Pyodide {version}")
    instalada = json.loads(paquete.read_text(encoding="utf-8")).get("version")
    if instalada != version:
        raise _error(
            f"node_modules/pyodide es la versión {instalada}, pero calculator/wheels.json "
            f"fija {version}: ejecute `npm ci`"
        )
    for nombre in PYODIDE_ARCHIVOS + ("pyodide-lock.json",):
        if not (PYODIDE / nombre).is_file():
            raise _error(f"falta {PYODIDE / nombre}: ejecute `npm ci`")
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    # Only the header: the worker installs our wheels itself, so the served
    # lock lists no package and Pyodide never looks for one elsewhere.
    return {"info": lock["info"], "packages": {}}


def comprobar_ruedas(manifiesto: dict) -> list[tuple[str, Path, str]]:
    ruedas = []
    for r in manifiesto["ruedas"]:
        ruta = CACHE_RUEDAS / r["archivo"]
        if not ruta.is_file():
            raise _error(
                f"falta la rueda {ruta.relative_to(RAIZ)}: ejecute `python calculator/fetch_wheels.py`"
            )
        datos = ruta.read_bytes()
        if _sha256(datos) != r["sha256"]:
            raise _error(
                f"{ruta.relative_to(RAIZ)} no tiene el sha256 fijado en calculator/wheels.json "
                f"({_sha256(datos)} en lugar de {r['sha256']}): ejecute "
                "`python calculator/fetch_wheels.py`, que la vuelve a descargar"
            )
        ruedas.append((r["archivo"], ruta, _sri(datos)))
    return ruedas


# --- forms, computed on CPython ------------------------------------------

_PROGRAMA_FORMULARIOS = """
import json, reintegro, reintegro.navegador as n
catalogo = json.loads(n.catalogo())
print(json.dumps({
    "version_motor": reintegro.__version__,
    "catalogo": catalogo,
    "formularios": {b["id"]: json.loads(n.formulario(b["id"])) for b in catalogo},
}, ensure_ascii=False))
"""


def formularios(clave: str) -> dict:
    """Catalogue and forms from the engine, in a fresh interpreter (so a
    rebuild of ``mkdocs serve`` sees the engine as it is now)."""
    if clave in _memo:
        return _memo[clave]
    entorno = dict(os.environ)
    entorno["PYTHONPATH"] = os.pathsep.join(
        [str(MOTOR.parent)] + ([entorno["PYTHONPATH"]] if entorno.get("PYTHONPATH") else [])
    )
    entorno["PYTHONDONTWRITEBYTECODE"] = "1"
    proceso = subprocess.run(
        [sys.executable, "-c", _PROGRAMA_FORMULARIOS],
        capture_output=True, text=True, encoding="utf-8", env=entorno,
    )
    if proceso.returncode != 0:
        raise _error(
            "el motor no da sus formularios (reintegro.navegador.catalogo/formulario) en "
            f"{sys.executable}:\n{proceso.stderr.strip()}"
        )
    datos = json.loads(proceso.stdout)
    _memo.clear()
    _memo[clave] = datos
    return datos


# --- what travels: stored zips, precompressed twins -----------------------

def _en_cache(nombre: str, producir) -> bytes:
    """``producir()``, kept in .cache/sitio/<nombre> (a name made of content
    hashes): later builds, and every rebuild of ``mkdocs serve``, read it."""
    ruta = CACHE_SITIO / nombre
    if ruta.is_file():
        return ruta.read_bytes()
    resultado = producir()
    CACHE_SITIO.mkdir(parents=True, exist_ok=True)
    temporal = ruta.with_suffix(".tmp")
    temporal.write_bytes(resultado)
    temporal.replace(ruta)
    return resultado


def _zip_almacenado(entradas) -> bytes:
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
    STDLIB_EXCLUIDA). Deterministic: same input, same bytes (the SRI of a
    wheel is taken on this form). Cached by content hash in .cache/sitio/."""
    def producir():
        with zipfile.ZipFile(io.BytesIO(datos)) as origen:
            return _zip_almacenado(
                (info, origen.read(info)) for info in origen.infolist()
                if _primer_nivel(info.filename) not in sin
            )
    fuera = sorted(sin)
    clave = _sha256(datos) if not fuera else _sha256(datos + "\0".join(fuera).encode())
    return _en_cache(f"almacenada-{clave}.zip", producir)


def rueda_podada(datos: bytes) -> bytes:
    """A pinned wheel as the site serves it before its bytecode
    (``con_bytecode``): STORED like ``almacenada``, without the members
    Python never reads (RUEDAS_EXCLUIDO, RUEDAS_SUFIJOS_EXCLUIDOS,
    RUEDAS_CARPETAS_DIST_INFO_EXCLUIDAS: ``_fuera_de_la_rueda``), each
    METADATA reduced to its header (``_cabecera_metadata``), RECORD listing
    exactly the members left (``_con_record``). Deterministic; cached in
    .cache/sitio/ by the wheel's hash and the rules'."""
    def producir():
        with zipfile.ZipFile(io.BytesIO(datos)) as origen:
            miembros = [
                (info, _sin_descripcion(info.filename, origen.read(info)))
                for info in origen.infolist() if not _fuera_de_la_rueda(info.filename)
            ]
        return _zip_almacenado(_con_record(miembros))
    reglas = json.dumps([RUEDAS_EXCLUIDO, RUEDAS_SUFIJOS_EXCLUIDOS, RUEDAS_CARPETAS_DIST_INFO_EXCLUIDAS,
                         RUEDAS_PRUEBAS.pattern, "METADATA: cabecera"])
    return _en_cache(f"podada-{_huella(datos, reglas.encode())}.zip", producir)


def _fuera_de_la_rueda(nombre_zip: str) -> bool:
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


def _sin_descripcion(nombre_zip: str, datos: bytes) -> bytes:
    """A ``<name>.dist-info/METADATA`` reduced to its header
    (``_cabecera_metadata``); any other member as it is."""
    partes = nombre_zip.split("/")
    if len(partes) == 2 and partes[0].endswith(".dist-info") and partes[1] == "METADATA":
        return _cabecera_metadata(datos)
    return datos


def _cabecera_metadata(datos: bytes) -> bytes:
    """The header block of a METADATA file (RFC 822 style: Name, Version,
    Requires-Dist..., continuation lines included), up to the first empty
    line, without the body after it (the long description). Line endings
    kept as they are."""
    lineas = datos.splitlines(keepends=True)
    for i, linea in enumerate(lineas):
        if linea in (b"\n", b"\r\n", b"\r"):
            return b"".join(lineas[:i])
    return datos


def _primer_nivel(nombre_zip: str) -> str:
    """"xml/dom/minidom.py" -> "xml"; "pdb.py" -> "pdb"."""
    primero = nombre_zip.split("/", 1)[0]
    return primero.removesuffix(".py") if "/" not in nombre_zip else primero


# --- bytecode, compiled by Pyodide itself ----------------------------------

NODO_PYODIDE = Path(__file__).with_name("pyodide_node.mjs")
PROGRAMA_PYC = Path(__file__).with_name("compilar_pyc.py")
# The module the worker imports (calculator/web/motor-worker.js).
MODULO_NAVEGADOR = "reintegro.navegador"


def _huella(*partes: bytes) -> str:
    return _sha256(b"\0".join(hashlib.sha256(p).digest() for p in partes))


def con_bytecode(ruedas: dict[str, bytes], biblioteca: bytes, version_pyodide: str) -> tuple[dict[str, bytes], bytes]:
    """Each wheel (file name -> stored bytes) with bytecode for the modules
    that importing ``reintegro.navegador`` loads from it (hash-based,
    unchecked: see compilar_pyc.py; the engine's beside its source, the
    others in place of theirs: ``_rueda_con_bytecode``), STORED, RECORD
    updated: the browser then unmarshals pydantic and the engine instead of
    compiling them on every boot. And the standard-library zip
    ``biblioteca`` with the modules that Python's start and that import load
    as bytecode instead of source, without the modules no import statement
    reaches (``_biblioteca_con_bytecode``). Made by Pyodide itself under Node, in
    one run (it imports the module to know what to compile). Cached in
    .cache/sitio/: the list of modules by the hash of every wheel, runtime
    and script; each compiled wheel, and the zip, by its own hash and its
    share of that list (an engine edit recompiles, but stores again only the
    engine's wheel). Without node the build fails: serving wheels other than
    the tested ones is never an option."""
    guion = _huella(version_pyodide.encode(), NODO_PYODIDE.read_bytes(), PROGRAMA_PYC.read_bytes(),
                    MODULO_NAVEGADOR.encode(), json.dumps(IMPORTADOS_SIN_SENTENCIA).encode())
    conjunto = _huella(guion.encode(), *(n.encode() + b"\0" + d for n, d in sorted(ruedas.items())))
    lista = CACHE_SITIO / f"importados-{conjunto}.json"
    compilacion = {}  # _compilar's result, at most one Node run per build

    def compilados() -> dict[str, bytes]:
        if not compilacion:
            compilacion["importados"], compilacion["pyc"] = _compilar(ruedas)
        return compilacion["pyc"]

    if not lista.is_file():
        compilados()
        _en_cache(lista.name, lambda: json.dumps(compilacion["importados"]).encode("utf-8"))
    importados = json.loads(lista.read_bytes())
    resultado = {}
    for archivo, datos in ruedas.items():
        fuentes = sorted(set(zipfile.ZipFile(io.BytesIO(datos)).namelist()) & set(importados["fuentes"]))
        nombre = f"bytecode-{_huella(guion.encode(), datos, json.dumps(fuentes).encode())}.whl"
        resultado[archivo] = _en_cache(
            nombre, lambda: _rueda_con_bytecode(datos, fuentes, compilados(), importados["etiqueta"])
        )
    listas = json.dumps([importados["biblioteca"], importados["alcanzables"]]).encode()
    nombre = f"biblioteca-{_huella(guion.encode(), biblioteca, listas)}.zip"
    return resultado, _en_cache(
        nombre,
        lambda: _biblioteca_con_bytecode(biblioteca, importados["biblioteca"], importados["alcanzables"], compilados()),
    )


def _compilar(ruedas: dict[str, bytes]) -> tuple[dict, dict[str, bytes]]:
    """One Node run of compilar_pyc.py: ({"etiqueta", "fuentes"}, {pyc path:
    bytes})."""
    node = shutil.which("node")
    if node is None:
        raise _error(
            "falta `node` en el PATH: las ruedas del sitio se compilan a bytecode con Pyodide "
            "bajo Node (instale nodejs, que `npm ci` también necesita)"
        )
    with tempfile.TemporaryDirectory(prefix="calculadora-pyc-") as tmp:
        trabajo = Path(tmp)
        (trabajo / "ruedas").mkdir()
        for archivo, datos in ruedas.items():
            (trabajo / "ruedas" / archivo).write_bytes(datos)
        (trabajo / "modulo.txt").write_text(MODULO_NAVEGADOR, encoding="utf-8")
        (trabajo / "raices.json").write_text(json.dumps(IMPORTADOS_SIN_SENTENCIA), encoding="utf-8")
        proceso = subprocess.run(
            [node, str(NODO_PYODIDE), str(PYODIDE), str(PROGRAMA_PYC), str(trabajo)],
            capture_output=True, text=True,
        )
        if proceso.returncode != 0:
            raise _error(
                f"Pyodide (Node) no compiló las ruedas a bytecode (código {proceso.returncode}):\n"
                f"{(proceso.stderr or proceso.stdout).strip()[-4000:]}"
            )
        importados = json.loads((trabajo / "importados.json").read_text(encoding="utf-8"))
        compilados = {
            ruta.relative_to(trabajo / "pyc").as_posix(): ruta.read_bytes()
            for ruta in (trabajo / "pyc").rglob("*.pyc")
        }
        compilados.update({
            PREFIJO_BIBLIOTECA + ruta.relative_to(trabajo / "pyc-biblioteca").as_posix(): ruta.read_bytes()
            for ruta in (trabajo / "pyc-biblioteca").rglob("*.pyc")
        })
    return importados, compilados


PREFIJO_BIBLIOTECA = "biblioteca/"  # the stdlib's pyc among _compilar's results


def _modulo_de(ruta: str) -> str | None:
    """"email/mime/text.py" -> "email.mime.text"; "email/__init__.py" ->
    "email"; None for what is not a module's source."""
    if not ruta.endswith(".py"):
        return None
    return ruta[: -len(".py")].removesuffix("/__init__").replace("/", ".")


def _biblioteca_con_bytecode(datos: bytes, cargados: list[str], alcanzables: list[str],
                             compilados: dict[str, bytes]) -> bytes:
    """The standard-library zip as served:

    - each module of ``cargados`` (paths inside it: what Python's start and
      the engine's import load) as ``<path>.pyc`` in place of its ``.py``:
      the browser unmarshals about 160 modules instead of compiling them
      (about 1.7 s less on a first visit, measured under Node; on a
      returning visit the snapshot holds them already). Their sources go:
      they would add as many bytes again, and only tracebacks through the
      standard library would show them;
    - every module outside ``alcanzables`` (no import statement reaches it,
      and IMPORTADOS_SIN_SENTENCIA does not name it) left out, with the
      folders and data files that only such modules filled;
    - the rest as source.

    A loaded module missing from the zip (left out by STDLIB_EXCLUIDA, yet
    imported), or a name of IMPORTADOS_SIN_SENTENCIA that matches no module,
    fails the build."""
    with zipfile.ZipFile(io.BytesIO(datos)) as z:
        miembros = [(info, z.read(info)) for info in z.infolist()]
    nombres = {info.filename for info, _ in miembros}
    faltan = set(cargados) - nombres
    if faltan:
        raise _error(f"el motor importa módulos que la biblioteca servida deja fuera: {sorted(faltan)}")
    modulos = {_modulo_de(n) for n in nombres} - {None}
    sin_modulo = [d for d in IMPORTADOS_SIN_SENTENCIA if not any(m == d or m.startswith(d + ".") for m in modulos)]
    if sin_modulo:
        raise _error(f"IMPORTADOS_SIN_SENTENCIA nombra módulos que la biblioteca no tiene: {sin_modulo}")
    sobrantes = _sobrantes(nombres, set(alcanzables) | set(cargados))
    salida = []
    for info, contenido in miembros:
        if info.filename in sobrantes:
            continue
        if info.filename in cargados:
            pyc = zipfile.ZipInfo(info.filename[: -len(".py")] + ".pyc", info.date_time)
            pyc.external_attr = info.external_attr
            salida.append((pyc, compilados[PREFIJO_BIBLIOTECA + pyc.filename]))
        else:
            salida.append((info, contenido))
    return _zip_almacenado(salida)


def _sobrantes(nombres: set[str], quedan: set[str]) -> set[str]:
    """The members of a zip (``nombres``) to leave out when only the modules
    in ``quedan`` stay: every other module's source, and the folders (their
    entries and data files) that only such modules filled. A folder that
    never held a module stays."""
    fuera = {n for n in nombres if _modulo_de(n) is not None and n not in quedan}
    con_modulo = {n.rpartition("/")[0] for n in nombres - fuera if _modulo_de(n) is not None}
    vaciadas = {n.rpartition("/")[0] for n in fuera} - con_modulo

    def carpeta(nombre: str) -> str:
        return nombre.rstrip("/") if nombre.endswith("/") else nombre.rpartition("/")[0]

    return fuera | {n for n in nombres if carpeta(n) in vaciadas}


PAQUETE_MOTOR = MODULO_NAVEGADOR.split(".")[0] + "/"


def _rueda_con_bytecode(datos: bytes, fuentes: list[str], compilados: dict[str, bytes], etiqueta: str) -> bytes:
    """The wheel with the bytecode of ``fuentes`` (its modules that the
    engine's import loads): the engine's own keep their source, with the pyc
    (level 0) in ``__pycache__`` beside it, inserted before the .dist-info
    folder, so that its tracebacks show the line; every other module is
    served as bytecode alone (compiled -OO, see compilar_pyc.py), ``name.pyc``
    in place of ``name.py``, which the import system loads without a source
    (about 0.25 MB brotli less over pydantic, typing_extensions...). RECORD
    lists the members as served."""
    with zipfile.ZipFile(io.BytesIO(datos)) as z:
        miembros = [(info, z.read(info)) for info in z.infolist()]

    def en_cache(fuente: str) -> str:
        carpeta, _, modulo = fuente.rpartition("/")
        return f"{carpeta + '/' if carpeta else ''}__pycache__/{modulo[:-3]}.{etiqueta}.pyc"

    def miembro(nombre: str, como: zipfile.ZipInfo) -> zipfile.ZipInfo:
        info = zipfile.ZipInfo(nombre, como.date_time)
        info.external_attr = 0o644 << 16
        return info

    propias = [f for f in fuentes if f.startswith(PAQUETE_MOTOR)]
    sin_fuente = set(fuentes) - set(propias)
    por_nombre = {info.filename: info for info, _ in miembros}
    junto_a_su_fuente = [(miembro(en_cache(f), por_nombre[f]), compilados[en_cache(f)]) for f in propias]
    salida = []
    for info, contenido in miembros:
        if info.filename in sin_fuente:
            salida.append((miembro(info.filename[: -len(".py")] + ".pyc", info), compilados[en_cache(info.filename)]))
        else:
            salida.append((info, contenido))
    primero_info = next(i for i, (info, _) in enumerate(salida) if ".dist-info/" in info.filename)
    salida[primero_info:primero_info] = junto_a_su_fuente
    return _zip_almacenado(_con_record(salida))


def _con_record(miembros: list[tuple[zipfile.ZipInfo, bytes]]) -> list[tuple[zipfile.ZipInfo, bytes]]:
    """The wheel's members with its RECORD rewritten to list them as they are
    (hash and size of each, RECORD's own line last, without either)."""
    record = [i for i, (info, _) in enumerate(miembros) if info.filename.endswith(".dist-info/RECORD")]
    if len(record) != 1:
        raise _error(f"una rueda sin RECORD, o con varios: {[miembros[i][0].filename for i in record]}")
    info_record = miembros[record[0]][0]
    lineas = [_linea_record(info.filename, d) for info, d in miembros if info is not info_record and not info.is_dir()]
    contenido = ("\n".join([*lineas, f"{info_record.filename},,"]) + "\n").encode("utf-8")
    return [(info, contenido if info is info_record else d) for info, d in miembros]


def _linea_record(nombre_zip: str, datos: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(datos).digest()).rstrip(b"=").decode()
    return f"{nombre_zip},sha256={digest},{len(datos)}"


COMPRIMIBLES = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".whl", ".zip", ".svg", ".xml", ".txt", ".map")
MINIMO_COMPRIMIR = 1024


def _comprimido(datos: bytes, formato: str) -> bytes:
    """gzip -9 or brotli -11 of ``datos``, cached by content hash in
    .cache/sitio/ (brotli -11 of the 9.6 MB wasm takes about half a minute:
    only the first build pays it)."""
    def producir():
        if formato == "br":
            return brotli.compress(datos, quality=11, lgwin=24)
        return gzip.compress(datos, compresslevel=9, mtime=0)
    return _en_cache(f"{_sha256(datos)}.{formato}", producir)


@event_priority(-200)  # after every hook that writes or rewrites files (sw.js, CSP)
def on_post_build(config):
    """Writes ``<file>.br`` and ``<file>.gz`` beside every compressible file
    of at least 1 KB, for a host that serves precompressed files (with
    ``Content-Encoding`` when the request accepts it). A twin that would not
    be smaller is not written. mkdocs's own sitemap.xml.gz is left alone."""
    sitio = Path(config["site_dir"])
    for ruta in sorted(sitio.rglob("*")):
        if not ruta.is_file() or ruta.suffix not in COMPRIMIBLES or ruta.name == "sitemap.xml":
            continue
        datos = ruta.read_bytes()
        for formato in ("br", "gz"):
            gemelo = ruta.with_name(f"{ruta.name}.{formato}")
            if len(datos) < MINIMO_COMPRIMIR or (formato == "br" and brotli is None):
                gemelo.unlink(missing_ok=True)
                continue
            comprimido = _comprimido(datos, formato)
            if len(comprimido) < len(datos):
                gemelo.write_bytes(comprimido)
            else:
                gemelo.unlink(missing_ok=True)


# --- mkdocs events ---------------------------------------------------------

def _anadir(files: Files, config, src_uri: str, **fuente) -> None:
    anterior = files.src_uris.get(src_uri)
    if anterior is not None:
        files.remove(anterior)
    files.append(File.generated(config, src_uri, **fuente))


def servidos(manifiesto: dict) -> tuple[str, dict[str, bytes], bytes]:
    """(name of the engine wheel, {file name: bytes} of every wheel the site
    serves, python_stdlib.zip as served). The wheels in the order the worker
    unpacks them: the pinned ones, checked and pruned (``rueda_podada``),
    then the engine's; STORED, with bytecode. The stdlib zip STORED, without STDLIB_EXCLUIDA, the modules
    the engine's import loads as bytecode. tests/pyodide installs these very
    bytes."""
    ruedas = comprobar_ruedas(manifiesto)
    nombre_motor, rueda_motor = construir_rueda_motor()
    servidas = {archivo: rueda_podada(ruta.read_bytes()) for archivo, ruta, _ in ruedas}
    servidas[nombre_motor] = almacenada(rueda_motor)
    biblioteca = almacenada((PYODIDE / "python_stdlib.zip").read_bytes(), sin=STDLIB_EXCLUIDA)
    servidas, biblioteca = con_bytecode(servidas, biblioteca, manifiesto["pyodide"])
    return nombre_motor, servidas, biblioteca


def on_files(files: Files, config) -> Files:
    manifiesto = _manifiesto()
    lock = comprobar_pyodide(manifiesto["pyodide"])
    nombre_motor, servidas, biblioteca = servidos(manifiesto)
    datos = formularios(_sha256(servidas[nombre_motor]))

    destino_pyodide = DESTINO_PYODIDE.format(version=manifiesto["pyodide"])
    for nombre in PYODIDE_ARCHIVOS:
        if nombre == "python_stdlib.zip":
            _anadir(files, config, destino_pyodide + nombre, content=biblioteca)
        else:
            _anadir(files, config, destino_pyodide + nombre, abs_src_path=str(PYODIDE / nombre))
    lista = []
    for archivo, datos_rueda in servidas.items():
        _anadir(files, config, DESTINO_RUEDAS + archivo, content=datos_rueda)
        # The engine wheel keeps its name across edits: the query defeats caches.
        consulta = f"?v={_sha256(datos_rueda)[:16]}" if archivo == nombre_motor else ""
        lista.append({"url": f"../wheels/{archivo}{consulta}", "integridad": _sri(datos_rueda)})

    if not (WEB / "calculadora.js").is_file():
        raise _error(f"falta {WEB / 'calculadora.js'}")
    for ruta in sorted(WEB.iterdir()):
        if ruta.suffix in (".js", ".css"):
            _anadir(files, config, DESTINO_CALCULADORA + ruta.name, abs_src_path=str(ruta))

    motor = {
        "version_motor": datos["version_motor"],
        "pyodide": {
            "version": manifiesto["pyodide"],
            "modulo": f"../pyodide/{manifiesto['pyodide']}/pyodide.mjs",
            "indice": f"../pyodide/{manifiesto['pyodide']}/",
            # Its content depends on STDLIB_EXCLUIDA too, not only on the
            # version that names its folder: the query defeats caches.
            "biblioteca": f"../pyodide/{manifiesto['pyodide']}/python_stdlib.zip?v={_sha256(biblioteca)[:16]}",
            "lock": lock,
        },
        "ruedas": lista,
        "catalogo": datos["catalogo"],
        "formularios": datos["formularios"],
    }
    _anadir(
        files, config, DESTINO_CALCULADORA + "motor.json",
        content=json.dumps(motor, ensure_ascii=False, separators=(",", ":")),
    )
    return files


# Stylesheets of assets/calculadora/ that only some pages use, with the
# attributes that mark those pages: written into a page's <head> (after
# calculadora.css, where mkdocs.yml's extra_css puts the others) only when
# its HTML carries one of them, so other pages never download them.
# Material's instant navigation adds a <link> of the new page's head and
# drops one the new page lacks, so they follow the reader from page to page.
HOJAS_DE_PAGINA = {"sus-bases.css": ("data-sus-bases", "data-comparacion"), "lote.css": ("data-lote",)}
_ENLACE_CALCULADORA_CSS = re.compile(r'<link rel="stylesheet" href="(?P<prefijo>[^"]*)assets/calculadora/calculadora\.css">')


def on_post_page(output: str, page, config) -> str:
    for hoja, atributos in HOJAS_DE_PAGINA.items():
        if not re.search(r"<[^>]*\s(?:%s)[\s=>]" % "|".join(map(re.escape, atributos)), output):
            continue
        enlace = _ENLACE_CALCULADORA_CSS.search(output)
        if enlace is None:
            raise _error(f"{page.file.src_uri}: sin <link> a calculadora.css, tras el que poner {hoja}")
        propia = f'<link rel="stylesheet" href="{enlace["prefijo"]}assets/calculadora/{hoja}">'
        output = output[: enlace.end()] + propia + output[enlace.end():]
    return output


def on_serve(server, config, builder):
    # `mkdocs serve` rebuilds when the calculator or the engine changes too.
    for ruta in (WEB, MOTOR, MANIFIESTO):
        server.watch(str(ruta))
    return server
