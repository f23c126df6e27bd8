"""Checks that run ONLY inside Pyodide (copied there as tests/pyodide/test_entorno.py
by tests/pyodide/test_pyodide.py; its name keeps the host's pytest from
collecting it). They prove the inner run is really the wasm runtime with the
pinned wheels and this repository's engine."""

from __future__ import annotations

import json
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import reintegro
from reintegro import navegador

RAIZ = Path(__file__).resolve().parents[2]


def test_corre_dentro_de_pyodide():
    assert sys.platform == "emscripten"
    assert sys.version_info[:2] == (3, 14)
    import pyodide  # the runtime's own module exists only there

    assert pyodide.__version__ == json.loads((RAIZ / "wheels.json").read_text())["pyodide"]


def test_ruedas_fijadas_del_sitio():
    manifiesto = json.loads((RAIZ / "wheels.json").read_text())
    for rueda in manifiesto["ruedas"]:
        assert metadata.version(rueda["nombre"]) == rueda["version"], rueda["nombre"]
    from pydantic_core import _pydantic_core

    assert "emscripten" in Path(_pydantic_core.__file__).name  # the wasm build, not a host one


def test_pyyaml_en_python_puro():
    """The golden corpus is read with PyYAML's pure-Python part (no C extension in wasm)."""
    import yaml

    assert yaml.__version__ == "6.0.3"
    assert not yaml.__with_libyaml__
    assert yaml.safe_load("a: [1, '2.50']") == {"a": [1, "2.50"]}


def test_motor_del_repositorio():
    assert "site-packages" in reintegro.__file__
    proyecto = tomllib.loads((RAIZ / "pyproject.toml").read_text())["project"]
    assert reintegro.__version__ == proyecto["version"]


def test_comprobacion_de_intereses_de_domain_md():
    """DOMAIN.md's worked check: 6.000,00 € paid 17-02-2023, returned 11-06-2024."""
    for base, esperado in (("actual", "320.25"), ("365", "320.55")):
        caso = {
            "bases": "art21-umbral-75", "importe_concedido": "6000",
            "pagos": [{"fecha": "2023-02-17", "importe": "6000"}],
            "incumplimiento_total_fines": True, "fecha_ingreso": "2024-06-11", "base_dias": base,
        }
        sobre = json.loads(navegador.calcular(json.dumps(caso)))
        assert sobre["estado"] == "resultado", sobre
        assert sobre["resultado"]["reintegro"] == "6000.00"
        assert sobre["resultado"]["intereses"]["total"] == esperado


def test_motor_y_pydantic_importados_de_bytecode():
    """The served wheels carry bytecode (calculator/construccion/compilar_pyc.py) for
    what importing reintegro.navegador loads, and Python used it: this run
    writes no bytecode (PYTHONDONTWRITEBYTECODE), so each file found came
    from a wheel. The engine's pyc sits in __pycache__ beside its source;
    pydantic's replaces its source (``main.pyc``, no ``main.py``), loaded by
    the sourceless loader."""
    import importlib.machinery
    import importlib.util

    import pydantic.main

    assert sys.dont_write_bytecode
    for modulo in (reintegro, navegador):
        cache = importlib.util.cache_from_source(modulo.__file__)
        assert modulo.__spec__.cached == cache and Path(cache).is_file(), modulo.__name__
        assert Path(cache).read_bytes()[4:8] == b"\x01\x00\x00\x00"  # hash-based, unchecked (PEP 552)
    pyc = Path(pydantic.main.__file__)
    assert pyc.suffix == ".pyc" and not pyc.with_suffix(".py").exists()
    assert isinstance(pydantic.main.__spec__.loader, importlib.machinery.SourcelessFileLoader)
    assert pyc.read_bytes()[4:8] == b"\x01\x00\x00\x00"


def test_trazas_con_la_linea_del_fuente():
    """Tracebacks through the engine's bytecode still show the source line:
    its sources stay in its wheel."""
    import traceback

    from reintegro import entrada

    try:
        entrada._constante_no_valida("NaN")
    except ValueError as error:
        marco = traceback.extract_tb(error.__traceback__)[-1]
    assert marco.filename == entrada.__file__
    assert marco.line == 'raise ValueError(f"{nombre} no es un número válido")'
