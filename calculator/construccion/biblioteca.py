"""The standard library's zip as the site serves it: ``python_stdlib.zip``
of the runtime without the areas of ``STDLIB_EXCLUIDA`` (``zips.almacenada``
does the cut), then without the modules no import statement reaches, and
with the modules Python's start and the engine's import load as bytecode
instead of source (``biblioteca_con_bytecode``, fed by ``bytecode``).
Called by servidos and bytecode; tests/pyodide checks what the browser gets."""

from __future__ import annotations

import zipfile

from . import rutas
from .zips import miembros as miembros_de, zip_almacenado

# Top-level modules and packages of Pyodide's standard library that the
# site's python_stdlib.zip leaves out (9.67 -> 7.02 MB stored, 1.59 -> 1.11 MB
# brotli; biblioteca_con_bytecode then serves the modules Python's start and
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
PREFIJO_BIBLIOTECA = "biblioteca/"  # the stdlib's pyc among bytecode.compilar's results


def modulo_de(ruta: str) -> str | None:
    """"email/mime/text.py" -> "email.mime.text"; "email/__init__.py" ->
    "email"; None for what is not a module's source."""
    if not ruta.endswith(".py"):
        return None
    return ruta[: -len(".py")].removesuffix("/__init__").replace("/", ".")


def biblioteca_con_bytecode(datos: bytes, cargados: list[str], alcanzables: list[str],
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
    miembros = miembros_de(datos)
    nombres = {info.filename for info, _ in miembros}
    faltan = set(cargados) - nombres
    if faltan:
        raise rutas.error(f"el motor importa módulos que la biblioteca servida deja fuera: {sorted(faltan)}")
    modulos = {modulo_de(n) for n in nombres} - {None}
    sin_modulo = [d for d in IMPORTADOS_SIN_SENTENCIA if not any(m == d or m.startswith(d + ".") for m in modulos)]
    if sin_modulo:
        raise rutas.error(f"IMPORTADOS_SIN_SENTENCIA nombra módulos que la biblioteca no tiene: {sin_modulo}")
    fuera = sobrantes(nombres, set(alcanzables) | set(cargados))
    salida = []
    for info, contenido in miembros:
        if info.filename in fuera:
            continue
        if info.filename in cargados:
            pyc = zipfile.ZipInfo(info.filename[: -len(".py")] + ".pyc", info.date_time)
            pyc.external_attr = info.external_attr
            salida.append((pyc, compilados[PREFIJO_BIBLIOTECA + pyc.filename]))
        else:
            salida.append((info, contenido))
    return zip_almacenado(salida)


def sobrantes(nombres: set[str], quedan: set[str]) -> set[str]:
    """The members of a zip (``nombres``) to leave out when only the modules
    in ``quedan`` stay: every other module's source, and the folders (their
    entries and data files) that only such modules filled. A folder that
    never held a module stays."""
    fuera = {n for n in nombres if modulo_de(n) is not None and n not in quedan}
    con_modulo = {n.rpartition("/")[0] for n in nombres - fuera if modulo_de(n) is not None}
    vaciadas = {n.rpartition("/")[0] for n in fuera} - con_modulo

    def carpeta(nombre: str) -> str:
        return nombre.rstrip("/") if nombre.endswith("/") else nombre.rpartition("/")[0]

    return fuera | {n for n in nombres if carpeta(n) in vaciadas}
