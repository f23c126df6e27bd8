"""Bytecode for the modules the worker's import loads, made by Pyodide
itself under Node: ``pyodide_node.mjs`` runs ``compilar_pyc.py`` inside the
npm runtime, once per build, and the results go into each served wheel
(``rueda_con_bytecode``) and the standard-library zip
(``biblioteca.biblioteca_con_bytecode``). The browser then unmarshals
pydantic and the engine instead of compiling them on every boot. Called by
servidos; needs ``node`` on the PATH."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from . import rutas
from .biblioteca import IMPORTADOS_SIN_SENTENCIA, PREFIJO_BIBLIOTECA, biblioteca_con_bytecode
from .cache import en_cache, huella
from .zips import con_record, miembros as miembros_de, zip_almacenado

NODO_PYODIDE = Path(__file__).with_name("pyodide_node.mjs")
PROGRAMA_PYC = Path(__file__).with_name("compilar_pyc.py")
# The module the worker imports (calculator/web/motor-worker.js).
MODULO_NAVEGADOR = "reintegro.navegador"
PAQUETE_MOTOR = MODULO_NAVEGADOR.split(".")[0] + "/"


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
    guion = huella(version_pyodide.encode(), NODO_PYODIDE.read_bytes(), PROGRAMA_PYC.read_bytes(),
                    MODULO_NAVEGADOR.encode(), json.dumps(IMPORTADOS_SIN_SENTENCIA).encode())
    conjunto = huella(guion.encode(), *(n.encode() + b"\0" + d for n, d in sorted(ruedas.items())))
    lista = rutas.CACHE_SITIO / f"importados-{conjunto}.json"
    compilacion = {}  # _compilar's result, at most one Node run per build

    def compilados() -> dict[str, bytes]:
        if not compilacion:
            compilacion["importados"], compilacion["pyc"] = compilar(ruedas)
        return compilacion["pyc"]

    if not lista.is_file():
        compilados()
        en_cache(lista.name, lambda: json.dumps(compilacion["importados"]).encode("utf-8"))
    importados = json.loads(lista.read_bytes())
    resultado = {}
    for archivo, datos in ruedas.items():
        fuentes = sorted(set(zipfile.ZipFile(io.BytesIO(datos)).namelist()) & set(importados["fuentes"]))
        nombre = f"bytecode-{huella(guion.encode(), datos, json.dumps(fuentes).encode())}.whl"
        resultado[archivo] = en_cache(
            nombre, lambda: rueda_con_bytecode(datos, fuentes, compilados(), importados["etiqueta"])
        )
    listas = json.dumps([importados["biblioteca"], importados["alcanzables"]]).encode()
    nombre = f"biblioteca-{huella(guion.encode(), biblioteca, listas)}.zip"
    return resultado, en_cache(
        nombre,
        lambda: biblioteca_con_bytecode(biblioteca, importados["biblioteca"], importados["alcanzables"], compilados()),
    )


def compilar(ruedas: dict[str, bytes]) -> tuple[dict, dict[str, bytes]]:
    """One Node run of compilar_pyc.py: ({"etiqueta", "fuentes"}, {pyc path:
    bytes})."""
    node = shutil.which("node")
    if node is None:
        raise rutas.error(
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
            [node, str(NODO_PYODIDE), str(rutas.PYODIDE), str(PROGRAMA_PYC), str(trabajo)],
            capture_output=True, text=True,
        )
        if proceso.returncode != 0:
            raise rutas.error(
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


def rueda_con_bytecode(datos: bytes, fuentes: list[str], compilados: dict[str, bytes], etiqueta: str) -> bytes:
    """The wheel with the bytecode of ``fuentes`` (its modules that the
    engine's import loads): the engine's own keep their source, with the pyc
    (level 0) in ``__pycache__`` beside it, inserted before the .dist-info
    folder, so that its tracebacks show the line; every other module is
    served as bytecode alone (compiled -OO, see compilar_pyc.py), ``name.pyc``
    in place of ``name.py``, which the import system loads without a source
    (about 0.25 MB brotli less over pydantic, typing_extensions...). RECORD
    lists the members as served."""
    miembros = miembros_de(datos)

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
    return zip_almacenado(con_record(salida))
