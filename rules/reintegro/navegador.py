"""The bridge the browser's Web Worker calls through Pyodide. JSON text in,
JSON text out: amounts never cross the bridge as JavaScript numbers.

Importing it also loads all the rule data (catalogo.cargar_todo): the worker
copies Pyodide's memory right after this import, and a returning visitor's
runtime, restored from that copy, computes its first case without reading
and validating the bases' TOML files first (about 40 ms less in Chromium,
measured with calculator/comparar.py). The copy still holds no case: nothing
is computed.
"""

from __future__ import annotations

import json
from datetime import date
from functools import lru_cache

from .barrido import barrido as _barrido
from .bases_propias import BasesInvalidas, leer_bases
from .calculo import Calculo
from .catalogo import bases as _bases
from .catalogo import cargar_todo, todas_las_bases
from .comparar import comparar as _comparar
from .entrada import cargar_json, leer_caso_json
from .errores import CasoInvalido, ErrorDeCampo
from .formulario import formulario as _formulario
from .modelo_bases import Bases
from .motor import calcular as _calcular

cargar_todo()

PAGINA_BASES_PROPIAS = "sus-bases/"


def _json(datos: object) -> str:
    # ASCII escapes (\u00e1): the page parses this text, never shows it, and
    # CPython's encoder writes escaped ASCII about twice as fast.
    return json.dumps(datos)


def _errores(errores: list[ErrorDeCampo], estado: str = "error") -> str:
    return _json({"estado": estado, "errores": [e.como_dict() for e in errores]})


@lru_cache(maxsize=4)
def _bases_propias(texto_bases: str) -> Bases:
    """A user's own bases from the JSON the page sends (read once per text)."""
    return leer_bases(texto_bases, "json", pagina_web=PAGINA_BASES_PROPIAS)


def calcular(texto_caso: str, texto_bases: str | None = None) -> str:
    """The result of a case, under one of the site's bases or, with
    ``texto_bases``, under the user's own."""
    try:
        propias = _bases_propias(texto_bases) if texto_bases else None
        resultado = _calcular(leer_caso_json(texto_caso, b=propias), b=propias)
    except BasesInvalidas as error:
        return _errores(error.errores, "bases-invalidas")
    except CasoInvalido as error:
        return _errores(error.errores)
    # One compact serialisation: the page writes the command line's indented
    # text itself (JSON.stringify(resultado, null, 2) gives the same
    # characters as salida.resultado_a_json), which would cost Python more
    # than computing the case.
    return _json({"estado": "resultado", "resultado": resultado})


def barrido(texto_caso: str, texto_bases: str | None = None) -> str:
    """What must be returned against accepted expense, for the chart."""
    try:
        propias = _bases_propias(texto_bases) if texto_bases else None
        caso = leer_caso_json(texto_caso, b=propias)
    except (BasesInvalidas, CasoInvalido) as error:
        return _errores(error.errores)
    c = Calculo(propias or _bases(caso.bases), caso, date.today())
    return _json({"estado": "barrido", "barrido": _barrido(c, c.computo())})


def comparar(texto_caso: str, texto_bases: str | None = None) -> str:
    """One case under every bases: {bases id: result or {"errores": […]}}."""
    try:
        propias = _bases_propias(texto_bases) if texto_bases else None
        datos = cargar_json(texto_caso)
    except (BasesInvalidas, CasoInvalido) as error:
        return _errores(error.errores)
    if not isinstance(datos, dict):
        return _errores([ErrorDeCampo("caso", "debe ser un objeto JSON con los campos del caso")])
    return _json({"estado": "comparacion", "resultados": _comparar(datos, propias)})


def validar_bases(texto_bases: str) -> str:
    """A user's bases checked: its form, or its errors field by field."""
    try:
        propias = _bases_propias(texto_bases)
    except BasesInvalidas as error:
        return _errores(error.errores, "bases-invalidas")
    return _json({"estado": "bases", "formulario": _formulario(propias)})


def formulario(id_bases: str) -> str:
    return _json(_formulario(id_bases))


def catalogo() -> str:
    return _json([{"id": b.id, "titulo": b.titulo, "pagina": b.pagina} for b in todas_las_bases()])
