"""A header row -> how each cell becomes part of a case.

A column is named by the case's JSON name (``importe_concedido``,
``referencia.expediente``) or by the label the calculator's form gives the
field («Importe concedido», a bases' own label too), without regard to case,
accents or repeated spaces. Payments come as repeated columns
(``pago_1_importe``, ``pago_1_fecha`` or «Importe del pago 1», «Fecha del
pago 1») or as one ``pagos`` cell holding the JSON list. A ``bases`` column
(«Bases reguladoras») names each row's bases.

A header that names no field, or two columns for one field, refuse the whole
file (``ColumnasInvalidas``, Spanish messages): guessing would silently
change the cases.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from functools import cache

from ..caso import Caso
from ..catalogo import campos_genericos, todas_las_bases
from ..entrada import cargar_json
from ..errores import CasoInvalido, ErrorDeCampo
from ..formulario import referencias
from . import valores_es

_PAGO_JSON = re.compile(r"pago_(\d+)_(fecha|importe)")


class ColumnasInvalidas(ValueError):
    """The header row cannot be read as a case's fields; one message each."""

    def __init__(self, mensajes: list[str]):
        super().__init__("; ".join(mensajes))
        self.mensajes = mensajes


def normalizar(texto: str) -> str:
    """«  Importe  CONCEDIDO » -> "importe concedido"; accents dropped."""
    sin_tildes = "".join(c for c in unicodedata.normalize("NFKD", texto) if not unicodedata.combining(c))
    return " ".join(sin_tildes.casefold().split())


@cache
def _nombres() -> dict[str, str]:
    """normalised header -> field path ("importe_concedido", "referencia.notas")."""
    nombres: dict[str, str] = {"bases": "bases", normalizar("Bases reguladoras"): "bases"}
    for campo, datos in campos_genericos().items():
        nombres[campo] = campo
        nombres.setdefault(normalizar(datos["etiqueta"]), campo)
    for b in todas_las_bases():
        for usado in b.campos:
            if usado.etiqueta:
                nombres.setdefault(normalizar(usado.etiqueta), usado.campo)
    for r in referencias():
        ruta = f"referencia.{r['campo']}"
        nombres[ruta] = ruta
        nombres.setdefault(normalizar(r["etiqueta"]), ruta)
    return nombres


@cache
def _pago_por_etiqueta() -> re.Pattern:
    """«fecha del pago 3» / «importe del pago 3» as written in campos.toml."""
    pagos = campos_genericos()["pagos"]
    partes = [
        re.escape(normalizar(pagos[f"etiqueta_{parte}"])).replace(r"\{n\}", rf"(?P<n_{parte}>\d+)")
        for parte in ("fecha", "importe")
    ]
    return re.compile("|".join(f"(?:{p})" for p in partes))


def _pago(cabecera: str) -> tuple[int, str] | None:
    """(payment number from 1, "fecha" | "importe") of a payment column."""
    m = _PAGO_JSON.fullmatch(cabecera.strip().casefold())
    if m:
        return int(m.group(1)), m.group(2)
    m = _pago_por_etiqueta().fullmatch(normalizar(cabecera))
    if m:
        parte = "fecha" if m.group("n_fecha") else "importe"
        return int(m.group(f"n_{parte}")), parte
    return None


def _opcion(campo: str) -> Callable[[str], str]:
    """An option cell: its JSON value or its label («No cumplidas»)."""
    opciones = {normalizar(o["etiqueta"]): o["valor"] for o in campos_genericos()[campo]["opciones"]}
    opciones.update({normalizar(o["valor"]): o["valor"] for o in campos_genericos()[campo]["opciones"]})
    return lambda texto: opciones.get(normalizar(texto), texto.strip())


def _lista_de_pagos(texto: str) -> object:
    try:
        return cargar_json(texto)
    except CasoInvalido:
        raise CasoInvalido([ErrorDeCampo.de("pagos", "lista")]) from None


def _lector(campo: str) -> Callable[[str], object]:
    """How a cell of ``campo`` becomes its JSON value."""
    if campo == "pagos":
        return _lista_de_pagos
    tipo = campos_genericos().get(campo, {}).get("tipo")
    if tipo in ("importe", "porcentaje"):
        return valores_es.importe
    if tipo == "fecha":
        return valores_es.fecha
    if tipo == "booleano":
        return valores_es.booleano
    if tipo == "opciones":
        return _opcion(campo)
    return str.strip


def texto_de_celda(valor: object) -> str:
    """A cell of any reader as text: XLSX numbers, dates and booleans too."""
    if valor is None:
        return ""
    if isinstance(valor, bool):
        return "sí" if valor else "no"
    if isinstance(valor, datetime):
        return valor.date().isoformat()
    if isinstance(valor, date):
        return valor.isoformat()
    if isinstance(valor, float):
        return format(Decimal(repr(valor)), "f")  # the shortest text of the spreadsheet's number
    return str(valor)


@dataclass(frozen=True)
class Columnas:
    """The reading of a header row: which cell goes to which field."""

    campos: tuple[tuple[int, str, Callable[[str], object]], ...]  # (index, path, reader)
    pagos: tuple[tuple[int, int, str], ...]  # (index, payment number, "fecha" | "importe")

    def caso(self, celdas: Sequence[object]) -> dict:
        """The case's JSON value from a row's cells (empty cells left out);
        CasoInvalido if a JSON cell cannot be read."""
        datos: dict = {}
        for indice, ruta, leer in self.campos:
            texto = texto_de_celda(celdas[indice]) if indice < len(celdas) else ""
            if texto.strip() == "":
                continue
            if ruta.startswith("referencia."):
                datos.setdefault("referencia", {})[ruta.split(".", 1)[1]] = texto.strip()
            else:
                datos[ruta] = leer(texto)
        pagos: dict[int, dict] = {}
        for indice, numero, parte in self.pagos:
            texto = texto_de_celda(celdas[indice]) if indice < len(celdas) else ""
            if texto.strip():
                pagos.setdefault(numero, {})[parte] = (valores_es.fecha if parte == "fecha" else valores_es.importe)(texto)
        if pagos:
            datos["pagos"] = [pagos[n] for n in sorted(pagos)]
        return datos


def leer_cabecera(cabecera: Sequence[object]) -> Columnas:
    """The columns of a header row, or ColumnasInvalidas."""
    campos, pagos, errores, vistos = [], [], [], {}
    for indice, celda in enumerate(cabecera):
        nombre = texto_de_celda(celda).strip().removeprefix("\ufeff")
        if nombre == "":
            continue
        pago = _pago(nombre)
        ruta = f"pagos.{pago[0]}.{pago[1]}" if pago else _nombres().get(nombre.casefold()) or _nombres().get(normalizar(nombre))
        if ruta is None:
            errores.append(f"la columna «{nombre[:60]}» no es ningún dato del caso (use el nombre del campo o la etiqueta del formulario)")
            continue
        if ruta in vistos:
            errores.append(f"las columnas «{vistos[ruta]}» y «{nombre[:60]}» dan el mismo dato")
            continue
        vistos[ruta] = nombre[:60]
        if pago:
            pagos.append((indice, *pago))
        else:
            campos.append((indice, ruta, _lector(ruta)))
    if pagos and "pagos" in vistos:
        errores.append("los pagos van en columnas pago_N_fecha / pago_N_importe o en la columna «pagos», no en ambas")
    if not errores and not any(r == "importe_concedido" for _, r, _ in campos):
        errores.append("falta la columna del importe concedido («importe_concedido» o «Importe concedido»)")
    if errores:
        raise ColumnasInvalidas(errores)
    return Columnas(tuple(campos), tuple(pagos))


def campos_del_caso() -> tuple[str, ...]:
    """The case's fields in the order of its model (the template's columns)."""
    return tuple(Caso.model_fields)
