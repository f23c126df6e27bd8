"""``assets/calculadora/motor.json``, what the page reads before it starts
the worker: engine version, the runtime's addresses and inline lock (no
packages: the worker unpacks the wheels itself), the wheel list with SRI
hashes, and for every bases the form description
``reintegro.navegador.formulario(id)`` computed now on CPython, so the form
is usable before Pyodide has booted. Called by the hook (recursos.py);
read by calculator/web/motor.js."""

from __future__ import annotations

import json

from .cache import sha256, sri
from .motor_aparte import ejecutar

_PROGRAMA_FORMULARIOS = """
import json, reintegro, reintegro.navegador as n
catalogo = json.loads(n.catalogo())
print(json.dumps({
    "version_motor": reintegro.__version__,
    "catalogo": catalogo,
    "formularios": {b["id"]: json.loads(n.formulario(b["id"])) for b in catalogo},
}, ensure_ascii=False))
"""
_memo: dict[str, dict] = {}


def formularios(clave: str) -> dict:
    """Catalogue and forms from the engine, in a fresh interpreter
    (motor_aparte), remembered under ``clave`` (the engine wheel's hash)
    while the engine does not change."""
    if clave in _memo:
        return _memo[clave]
    datos = json.loads(ejecutar(
        _PROGRAMA_FORMULARIOS,
        que="el motor no da sus formularios (reintegro.navegador.catalogo/formulario)",
    ))
    _memo.clear()
    _memo[clave] = datos
    return datos


def ruedas_con_integridad(servidas: dict[str, bytes], nombre_motor: str) -> list[dict]:
    """The wheel list of motor.json, in the order the worker unpacks them:
    address (relative to assets/calculadora/) and SRI of each. The engine
    wheel keeps its name across edits: a ?v=<hash> query defeats caches."""
    lista = []
    for archivo, datos_rueda in servidas.items():
        consulta = f"?v={sha256(datos_rueda)[:16]}" if archivo == nombre_motor else ""
        lista.append({"url": f"../wheels/{archivo}{consulta}", "integridad": sri(datos_rueda)})
    return lista


def motor_json(version_pyodide: str, lock: dict, biblioteca: bytes, ruedas: list[dict], datos: dict) -> str:
    """The text of motor.json (compact, UTF-8 as it is)."""
    motor = {
        "version_motor": datos["version_motor"],
        "pyodide": {
            "version": version_pyodide,
            "modulo": f"../pyodide/{version_pyodide}/pyodide.mjs",
            "indice": f"../pyodide/{version_pyodide}/",
            # Its content depends on STDLIB_EXCLUIDA too, not only on the
            # version that names its folder: the query defeats caches.
            "biblioteca": f"../pyodide/{version_pyodide}/python_stdlib.zip?v={sha256(biblioteca)[:16]}",
            "lock": lock,
        },
        "ruedas": ruedas,
        "catalogo": datos["catalogo"],
    }
    return json.dumps(motor, ensure_ascii=False, separators=(",", ":"))


def formularios_json(datos: dict) -> dict[str, str]:
    """Each bases' form description as a file of its own
    (``formularios/<id>.json``): a page downloads only its own
    (descripciones.js), however many bases the site has."""
    return {f"formularios/{id_bases}.json": json.dumps(formulario, ensure_ascii=False, separators=(",", ":"))
            for id_bases, formulario in datos["formularios"].items()}
