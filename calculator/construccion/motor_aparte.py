"""Runs a Python program with this tree's engine (``rutas.MOTOR``) in a
fresh interpreter, so that every rebuild of ``mkdocs serve`` sees the engine
as it is now, not as the build process imported it. Called by manifiesto
(the forms of motor.json) and by the hook of «Sus bases»
(calculator/hooks/sus_bases.py)."""

from __future__ import annotations

import os
import subprocess
import sys

from . import rutas


def ejecutar(programa: str, entrada: str = "", que: str = "el motor falló") -> str:
    """The standard output of ``python -c programa`` (``entrada`` on its
    standard input); a failure stops the build with ``que`` and the
    traceback."""
    entorno = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1",
               "PYTHONPATH": os.pathsep.join([str(rutas.MOTOR.parent), *filter(None, [os.environ.get("PYTHONPATH")])])}
    proceso = subprocess.run([sys.executable, "-c", programa], input=entrada, capture_output=True, text=True,
                             encoding="utf-8", env=entorno)
    if proceso.returncode != 0:
        raise rutas.error(f"{que}:\n{proceso.stderr.strip()}")
    return proceso.stdout
