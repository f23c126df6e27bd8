"""Parsers of the case's scalar values, with Spanish messages.

Each parser is a pydantic ``PlainValidator``: it receives the raw JSON value
and either returns the typed value or raises a ``PydanticCustomError`` whose
message is already the Spanish text the command line prints (its code and
data also give the page's wording: ``mensajes``). Amounts are never floats:
a JSON number reaches here as a ``Decimal`` (see ``entrada.cargar_json``).
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Annotated

from pydantic import PlainSerializer, PlainValidator, WithJsonSchema

from .importes import importe_es
from .mensajes import error_de_valor
from .tipos_interes import FECHA_MAXIMA, FECHA_MINIMA

IMPORTE_MAXIMO = Decimal("999999999999.99")
_NUMERO = re.compile(r"-?[0-9]+(\.[0-9]+)?")
_FECHA = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _decimal(valor: object, que: str) -> Decimal:
    """A finite Decimal from a string, int, Decimal or float; otherwise refuse.
    ``que``: "importe" or "porcentaje", the kind of number the field takes."""
    if isinstance(valor, bool) or valor is None:
        raise error_de_valor(f"{que}_tipo")
    if isinstance(valor, float):
        valor = repr(valor)  # the shortest text that gives this float back
    if isinstance(valor, int):
        valor = str(valor)
    if isinstance(valor, str):
        texto = valor.strip()
        if not _NUMERO.fullmatch(texto) or len(texto) > 40:
            raise error_de_valor(f"{que}_formato")
        try:
            valor = Decimal(texto)
        except InvalidOperation:  # pragma: no cover - the pattern already guards
            raise error_de_valor(f"{que}_tipo")
    if not isinstance(valor, Decimal) or not valor.is_finite():
        raise error_de_valor(f"{que}_tipo")
    return valor


def _como_mucho_dos_decimales(valor: Decimal) -> None:
    """Refuse a third significant decimal. Call only on a bounded value."""
    if valor != valor.quantize(Decimal("0.01"), rounding="ROUND_DOWN"):
        raise error_de_valor("decimales")


def leer_importe(valor: object) -> Decimal:
    importe = _decimal(valor, "importe")
    if importe < 0:
        raise error_de_valor("negativo")
    if importe > IMPORTE_MAXIMO:
        raise error_de_valor("maximo", maximo=str(IMPORTE_MAXIMO), maximo_es=importe_es(IMPORTE_MAXIMO))
    _como_mucho_dos_decimales(importe)
    return importe.quantize(Decimal("0.01"))


def leer_importe_positivo(valor: object) -> Decimal:
    importe = leer_importe(valor)
    if importe == 0:
        raise error_de_valor("cero")
    return importe


def leer_porcentaje(valor: object) -> Decimal:
    porcentaje = _decimal(valor, "porcentaje")
    if not Decimal(0) <= porcentaje <= Decimal(100):
        raise error_de_valor("rango")
    _como_mucho_dos_decimales(porcentaje)
    return porcentaje


def leer_fecha(valor: object) -> date:
    if not isinstance(valor, str) or not _FECHA.fullmatch(valor):
        raise error_de_valor("fecha_formato")
    try:
        fecha = date.fromisoformat(valor)
    except ValueError:
        raise error_de_valor("fecha_inexistente", valor=valor, valor_es="/".join(reversed(valor.split("-"))))
    if not FECHA_MINIMA <= fecha <= FECHA_MAXIMA:
        raise error_de_valor("fecha_fuera_de_tabla", minima=f"{FECHA_MINIMA:%d/%m/%Y}", maxima=f"{FECHA_MAXIMA:%d/%m/%Y}")
    return fecha


def leer_booleano(valor: object) -> bool:
    if isinstance(valor, bool):
        return valor
    raise error_de_valor("booleano")


def _esquema(**esquema: object) -> WithJsonSchema:
    return WithJsonSchema(esquema)


def _texto_importe(valor: Decimal) -> str:
    return f"{valor:.2f}"


def _texto_porcentaje(valor: Decimal) -> str:
    return format(valor.normalize(), "f")


Importe = Annotated[
    Decimal,
    PlainValidator(leer_importe),
    PlainSerializer(_texto_importe, return_type=str),
    _esquema(type=["string", "number"], pattern=r"^[0-9]+(\.[0-9]{1,2})?$",
             description="Importe en euros, como texto con punto decimal y dos decimales como máximo"),
]
ImportePositivo = Annotated[
    Decimal,
    PlainValidator(leer_importe_positivo),
    PlainSerializer(_texto_importe, return_type=str),
    _esquema(type=["string", "number"], pattern=r"^[0-9]+(\.[0-9]{1,2})?$", exclusiveMinimum=0,
             description="Importe en euros mayor que 0, como texto con punto decimal y dos decimales como máximo"),
]
Porcentaje = Annotated[
    Decimal,
    PlainValidator(leer_porcentaje),
    PlainSerializer(_texto_porcentaje, return_type=str),
    _esquema(type=["string", "number"], minimum=0, maximum=100,
             description="Porcentaje entre 0 y 100, dos decimales como máximo"),
]
Fecha = Annotated[
    date,
    PlainValidator(leer_fecha),
    PlainSerializer(date.isoformat, return_type=str),
    _esquema(type="string", format="date",
             description=f"Fecha ISO AAAA-MM-DD entre {FECHA_MINIMA} y {FECHA_MAXIMA}"),
]
Booleano = Annotated[bool, PlainValidator(leer_booleano), PlainSerializer(bool, return_type=bool), _esquema(type="boolean")]
