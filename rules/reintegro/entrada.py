"""Reading a case from JSON text or a Python object, refusing bad input.

JSON numbers are read as Decimal (never float); NaN, Infinity, duplicate keys
and over-deep nesting are refused with a Spanish message.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

from pydantic import ValidationError

from .caso import Caso
from .modelo_bases import Bases
from .coherencia import errores_de_coherencia
from .errores import CasoInvalido, ErrorDeCampo, traducir

TAMANO_MAXIMO = 100_000  # characters of a case's JSON text
# A case nests three levels. Pyodide's json.loads exhausts the JavaScript stack
# (and kills the interpreter) between 5,000 and 20,000 levels, before Python's
# RecursionError: deeper text is refused before parsing.
# A case nests three levels (the case, its payments, a payment); 20 is generous
# and far from what Pyodide's stack bears: at about 100 levels validating a
# nested value there overflows the WebAssembly stack, a fatal error that leaves
# the page's engine unusable until the page is reloaded.
PROFUNDIDAD_MAXIMA = 20


def _sin_repetidos(pares: list[tuple[str, object]]) -> dict:
    objeto: dict = {}
    for clave, valor in pares:
        if clave in objeto:
            raise ValueError(f"el campo «{clave[:60]}» aparece dos veces")
        objeto[clave] = valor
    return objeto


def _constante_no_valida(nombre: str) -> None:
    raise ValueError(f"{nombre} no es un número válido")


_ERRORES_JSON = {
    "Expecting value": "falta un valor",
    "Extra data": "hay texto de más tras el objeto",
    "Expecting property name enclosed in double quotes": "los nombres de campo van entre comillas dobles",
    "Unterminated string starting at": "un texto entre comillas no se cierra",
    "Expecting ',' delimiter": "falta una coma",
    "Expecting ':' delimiter": "faltan los dos puntos tras un nombre de campo",
    "Invalid control character at": "hay un carácter de control dentro de un texto",
    "Invalid \\escape": "hay una barra invertida (\\) seguida de un carácter no admitido",
    "Invalid \\uXXXX escape": "hay una secuencia \\u no válida",
    # Python 3.13 and later (Pyodide's) name a trailing comma; 3.11 calls it a missing value or name.
    "Illegal trailing comma before end of object": "sobra una coma antes de cerrar el objeto",
    "Illegal trailing comma before end of array": "sobra una coma antes de cerrar la lista",
}


def demasiado_profundo(texto: str) -> bool:
    """Whether arrays and objects nest deeper than PROFUNDIDAD_MAXIMA (strings skipped)."""
    if texto.count("[") + texto.count("{") <= PROFUNDIDAD_MAXIMA:
        return False  # the usual case, decided at C speed
    profundidad, en_cadena, escapado = 0, False, False
    for caracter in texto:
        if en_cadena:
            if escapado:
                escapado = False
            elif caracter == "\\":
                escapado = True
            elif caracter == '"':
                en_cadena = False
        elif caracter == '"':
            en_cadena = True
        elif caracter in "[{":
            profundidad += 1
            if profundidad > PROFUNDIDAD_MAXIMA:
                return True
        elif caracter in "]}":
            profundidad -= 1
    return False


def _no_es_json(detalle: str) -> CasoInvalido:
    return CasoInvalido([ErrorDeCampo("caso", f"no es un JSON válido: {detalle}")])


def cargar_json(texto: str) -> object:
    """The JSON value of ``texto``, numbers as Decimal; CasoInvalido if not JSON."""
    if len(texto) > TAMANO_MAXIMO:
        raise CasoInvalido([ErrorDeCampo("caso", f"el texto del caso es demasiado largo (máximo {TAMANO_MAXIMO} caracteres)")])
    texto = texto.removeprefix("\ufeff")  # a byte-order mark some editors write
    if demasiado_profundo(texto):  # so nothing recurses deeper than PROFUNDIDAD_MAXIMA levels
        raise CasoInvalido([ErrorDeCampo("caso", "el JSON está anidado a demasiada profundidad")])
    try:
        return json.loads(
            texto,
            parse_float=Decimal,
            parse_constant=_constante_no_valida,
            object_pairs_hook=_sin_repetidos,
        )
    except json.JSONDecodeError as error:
        explicacion = _ERRORES_JSON.get(error.msg, "el texto no sigue la sintaxis JSON")
        raise _no_es_json(f"{explicacion} (línea {error.lineno}, columna {error.colno})") from None
    except ValueError as error:
        if "digits" in str(error):
            raise _no_es_json("un número tiene demasiadas cifras") from None
        raise _no_es_json(str(error)) from None  # our own Spanish messages (NaN, repeated fields)


def leer_caso(datos: object, hoy: date | None = None, b: Bases | None = None) -> Caso:
    """A valid Caso from a JSON-like object, or CasoInvalido with every field's
    error. ``b``: a user's own bases the case is for (its ``bases`` may then
    be omitted, or must be that bases' id)."""
    if b is not None and isinstance(datos, dict) and "bases" not in datos:
        datos = {"bases": b.id, **datos}
    try:
        caso = Caso.model_validate(datos, context={"bases": b} if b is not None else None)
    except ValidationError as error:
        raise CasoInvalido(traducir(error)) from None
    errores = errores_de_coherencia(caso, hoy or date.today(), b)
    if errores:
        raise CasoInvalido(errores)
    return caso


def leer_caso_json(texto: str, hoy: date | None = None, b: Bases | None = None) -> Caso:
    return leer_caso(cargar_json(texto), hoy, b)
