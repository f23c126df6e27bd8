"""What the «Muchos casos» page's worker calls (through ``reintegro.navegador``):
JSON text in, JSON text out, the rows computed a chunk at a time so that the
page shows progress and can cancel between chunks.

- ``abrir(texto_json)``: ``{"csv": text}`` (a CSV file's text, decoded by the
  page) or ``{"filas": [[cell, ...], ...]}`` (an XLSX sheet, read by the page,
  header first). Reads the header and answers ``{"estado": "abierto",
  "columnas": [...], "cabecera_csv": "..."}``, or ``{"estado": "error",
  "errores": [...]}`` with Spanish messages when the file is not a batch.
- ``siguientes(n)``: the next ``n`` rows: ``{"estado": "filas", "filas":
  [...], "csv": "...", "fin": bool}``; ``csv`` holds those rows exactly as
  ``python -m reintegro lote`` writes them (same module, ``escritura``), so
  the page's result file equals the command line's.

One batch at a time per worker; the day is fixed when the batch opens, as
the command line fixes it.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from itertools import islice

from .columnas import ColumnasInvalidas
from .escritura import escritor_csv
from .fila import calcular_fila, columnas
from .lectura import ArchivoIlegible, csv_ilegible, filas_csv, filas_de_celdas

_abierto: dict = {}


def _json(datos: object) -> str:
    return json.dumps(datos, ensure_ascii=False, separators=(",", ":"))


def _texto_csv(filas: list[list[object]]) -> str:
    salida = io.StringIO()
    escritor_csv(salida).writerows(filas)
    return salida.getvalue()


def abrir(texto_json: str) -> str:
    _abierto.clear()
    datos = json.loads(texto_json)
    if "csv" in datos:
        filas = filas_csv(io.StringIO(datos["csv"].removeprefix("\ufeff"), newline=""))
    else:
        filas = filas_de_celdas(datos["filas"])
    try:
        primera = next(filas, None)
    except (ColumnasInvalidas, ArchivoIlegible) as error:
        mensajes = error.mensajes if isinstance(error, ColumnasInvalidas) else [str(error)]
        return _json({"estado": "error", "errores": mensajes})
    except csv.Error as error:
        return _json({"estado": "error", "errores": [f"el archivo no es un CSV que se pueda leer: {csv_ilegible(error)}"]})
    nombres = columnas(False)
    _abierto.update(filas=filas, primera=primera, hoy=date.today(), columnas=nombres)
    return _json({"estado": "abierto", "columnas": nombres, "cabecera_csv": _texto_csv([list(nombres)])})


def siguientes(cuantas: str) -> str:
    if not _abierto:
        return _json({"estado": "error", "errores": ["no hay ningún lote abierto"]})
    lote: list = []
    if _abierto.get("primera") is not None:
        lote.append(_abierto.pop("primera"))
    try:
        lote.extend(islice(_abierto["filas"], max(int(cuantas) - len(lote), 0)))
    except csv.Error as error:
        return _json({"estado": "error", "errores": [f"el archivo no es un CSV que se pueda leer: {csv_ilegible(error)}"]})
    hechas = [calcular_fila(numero, datos, _abierto["hoy"]) for numero, datos in lote]
    nombres = _abierto["columnas"]
    fin = len(lote) < int(cuantas)
    if fin:
        _abierto.clear()
    return _json({"estado": "filas", "filas": hechas, "csv": _texto_csv([[f[c] for c in nombres] for f in hechas]),
                  "fin": fin})
