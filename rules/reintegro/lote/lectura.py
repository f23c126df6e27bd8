"""The rows of a batch file: CSV (``;`` or ``,``, UTF-8 with or without BOM),
XLSX (first sheet, read by openpyxl in streaming mode) or JSONL (one case per
line, exactly ``calcular``'s input; ``-`` is JSONL on stdin).

Each reader yields ``(numero, datos)``: the row's number (its data row,
from 1: the header is not counted) and its case's JSON value, a JSONL
line's text (read as ``calcular`` reads its file), or the ``CasoInvalido``
met while reading its cells. Rows whose cells are all empty are skipped,
and still counted, so numbers match the file's rows.
"""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..errores import CasoInvalido
from .columnas import Columnas, leer_cabecera, texto_de_celda

Fila = tuple[int, object]


class ArchivoIlegible(ValueError):
    """The file as a whole cannot be read (Spanish message)."""


def csv_ilegible(error: csv.Error) -> str:
    """Why the csv module stopped, in Spanish (its own words are English)."""
    if "field larger than field limit" in str(error):
        return f"una celda tiene más de {csv.field_size_limit():,} caracteres".replace(",", ".")
    if "NUL" in str(error):
        return "contiene datos binarios"
    return "su texto no sigue el formato CSV (revise las comillas)"


def formato(ruta: str) -> str:
    """"csv", "xlsx" or "jsonl", by the file's extension ("-": JSONL)."""
    if ruta == "-":
        return "jsonl"
    sufijo = Path(ruta).suffix.lower()
    if sufijo in (".csv", ".txt"):
        return "csv"
    if sufijo in (".xlsx", ".xlsm"):
        return "xlsx"
    if sufijo in (".jsonl", ".ndjson", ".json"):
        return "jsonl"
    raise ArchivoIlegible(f"«{Path(ruta).name}» no es CSV, XLSX ni JSONL (por su extensión: use .csv, .xlsx o .jsonl)")


def separador(cabecera: str) -> str:
    """";" when the header line has more semicolons than commas, else ","."""
    return ";" if cabecera.count(";") > cabecera.count(",") else ","


def filas_de_celdas(filas: Iterable[list[object]], desde: int = 1) -> Iterator[Fila]:
    """Rows of cells (the first, the header) -> numbered cases; rows before
    ``desde`` are skipped without being read as cases. ColumnasInvalidas if
    the header is not a case's."""
    filas = iter(filas)
    cabecera = next(filas, None)
    if cabecera is None:
        raise ArchivoIlegible("el archivo está vacío: falta la fila de cabecera con los nombres de las columnas")
    columnas: Columnas = leer_cabecera(cabecera)
    for numero, celdas in enumerate(filas, start=1):
        if numero < desde or not any(texto_de_celda(c).strip() for c in celdas):
            continue
        try:
            yield numero, columnas.caso(celdas)
        except CasoInvalido as error:
            yield numero, error


def filas_csv(texto: io.TextIOBase, desde: int = 1) -> Iterator[Fila]:
    """The cases of a CSV text stream (its BOM, if any, already dropped)."""
    primera = texto.readline()
    lector = csv.reader(texto, delimiter=separador(primera))
    cabecera = next(csv.reader([primera], delimiter=separador(primera)), [])
    return filas_de_celdas(_con_cabecera(cabecera if primera.strip() else None, lector), desde)


def _con_cabecera(cabecera, resto):
    if cabecera is None:
        return
    yield cabecera
    yield from resto


def filas_jsonl(lineas: Iterable[str], desde: int = 1) -> Iterator[Fila]:
    """One case per non-empty line, its text as ``calcular`` reads a file."""
    for numero, linea in enumerate(lineas, start=1):
        if numero >= desde and linea.strip():
            yield numero, linea


def filas_xlsx(ruta: str, desde: int = 1) -> Iterator[Fila]:
    from openpyxl import load_workbook  # only the command line reads XLSX

    try:
        libro = load_workbook(ruta, read_only=True, data_only=True)
    except Exception:  # openpyxl raises many kinds for a file that is not a workbook
        raise ArchivoIlegible(f"«{Path(ruta).name}» no es un libro XLSX válido") from None
    try:
        yield from filas_de_celdas((list(f) for f in libro.worksheets[0].iter_rows(values_only=True)), desde)
    finally:
        libro.close()


def leer(ruta: str, desde: int = 1) -> Iterator[Fila]:
    """The numbered cases of the file at ``ruta`` ("-": JSONL on stdin)."""
    tipo = formato(ruta)
    if ruta == "-":
        return filas_jsonl(sys.stdin, desde)
    if tipo == "xlsx":
        return filas_xlsx(ruta, desde)
    return _de_fichero(ruta, filas_csv if tipo == "csv" else filas_jsonl, desde)


def _de_fichero(ruta: str, lector, desde: int) -> Iterator[Fila]:
    """The rows of a text file, closed once they are read (or the batch stops)."""
    with open(ruta, encoding="utf-8-sig", newline="") as fichero:
        yield from lector(fichero, desde)
