"""The pinned Pyodide runtime: ``node_modules/pyodide`` must be the version
``calculator/wheels.json`` fixes; its files are copied into
``assets/pyodide/<version>/`` (python_stdlib.zip as ``biblioteca`` makes it).
Called by the hook (recursos.py) and by servidos."""

from __future__ import annotations

import json

from . import rutas

PYODIDE_ARCHIVOS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def leer_manifiesto() -> dict:
    """calculator/wheels.json: the Pyodide version and the pinned wheels."""
    try:
        return json.loads(rutas.MANIFIESTO.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise rutas.error(f"no se puede leer {rutas.MANIFIESTO}: {e}") from e


def comprobar_pyodide(version: str) -> dict:
    """Checks the installed runtime against ``version``; returns the lock the
    site serves inline (its header only)."""
    paquete = rutas.PYODIDE / "package.json"
    if not paquete.is_file():
        raise rutas.error(f"falta {paquete}: ejecute `npm ci` para instalar Pyodide {version}")
    instalada = json.loads(paquete.read_text(encoding="utf-8")).get("version")
    if instalada != version:
        raise rutas.error(
            f"node_modules/pyodide es la versión {instalada}, pero calculator/wheels.json "
            f"fija {version}: ejecute `npm ci`"
        )
    for nombre in PYODIDE_ARCHIVOS + ("pyodide-lock.json",):
        if not (rutas.PYODIDE / nombre).is_file():
            raise rutas.error(f"falta {rutas.PYODIDE / nombre}: ejecute `npm ci`")
    lock = json.loads((rutas.PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    # Only the header: the worker installs our wheels itself, so the served
    # lock lists no package and Pyodide never looks for one elsewhere.
    return {"info": lock["info"], "packages": {}}
