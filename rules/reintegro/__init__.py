"""Reintegro: how much of a Spanish public grant must be paid back, and why.

    >>> from reintegro import calcular_caso
    >>> resultado = calcular_caso({"bases": "art21-umbral-75", "importe_concedido": "10000"})

The same package runs the command line (``python -m reintegro``), the test
suite and, inside Pyodide, the site's calculator (``reintegro.navegador``).
"""

from __future__ import annotations

from datetime import date

from .caso import Caso, Pago
from .entrada import leer_caso, leer_caso_json
from .errores import CasoInvalido, ErrorDeCampo
from .motor import calcular
from .version import __version__

__all__ = [
    "Caso", "Pago", "CasoInvalido", "ErrorDeCampo", "__version__",
    "calcular", "calcular_caso", "leer_caso", "leer_caso_json",
]


def calcular_caso(datos: object, hoy: date | None = None) -> dict:
    """Validate a JSON-like case and compute it; CasoInvalido if it is not valid."""
    return calcular(leer_caso(datos, hoy), hoy)
