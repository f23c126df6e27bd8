"""Where the build reads its inputs and where it puts the site's files; the
error every module of the package raises. Read by every module here."""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.exceptions import PluginError

RAIZ = Path(__file__).resolve().parents[2]
WEB = RAIZ / "calculator" / "web"
MANIFIESTO = RAIZ / "calculator" / "wheels.json"
CACHE_RUEDAS = RAIZ / ".cache" / "wheels"
PYODIDE = RAIZ / "node_modules" / "pyodide"
# The engine package. REINTEGRO_MOTOR_DIR (a directory named "reintegro")
# exists only to try the site against another copy of the engine.
MOTOR = Path(os.environ.get("REINTEGRO_MOTOR_DIR") or RAIZ / "rules" / "reintegro").resolve()
CACHE_SITIO = RAIZ / ".cache" / "sitio"

# The runtime lives in a folder named after its version, so a host can let
# browsers keep it for good (Cache-Control: immutable); the pinned wheels
# carry their version in their names, the engine wheel a ?v=<hash> query.
DESTINO_PYODIDE = "assets/pyodide/{version}/"
DESTINO_RUEDAS = "assets/wheels/"
DESTINO_CALCULADORA = "assets/calculadora/"


def error(mensaje: str) -> PluginError:
    """The build's failure, in Spanish, naming the file and the fix."""
    return PluginError("calculadora: " + mensaje)
