"""Output rows -> CSV, XLSX or JSONL, one row at a time (constant memory:
openpyxl's write-only workbook for XLSX). Figures stay the contract's texts
("1234.56") in the three formats, so a file can be compared with another
cell by cell.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import IO

FORMATOS = {".csv": "csv", ".xlsx": "xlsx", ".jsonl": "jsonl", ".ndjson": "jsonl"}


def formato_de_salida(ruta: str | None) -> str:
    if ruta is None or ruta == "-":
        return "csv"
    formato = FORMATOS.get(Path(ruta).suffix.lower())
    if formato is None:
        raise ValueError(f"«{Path(ruta).name}»: el archivo de resultados debe acabar en .csv, .xlsx o .jsonl")
    return formato


def escritor_csv(fichero: IO[str]):
    """The CSV dialect of every result file (the command line's and the page's)."""
    return csv.writer(fichero, lineterminator="\n")


class Escritor:
    """Writes rows of ``columnas`` to ``ruta`` (None or "-": CSV on stdout).
    ``anadir``: append to an existing CSV or JSONL (a resumed batch), without
    a second header."""

    def __init__(self, ruta: str | None, columnas: tuple[str, ...], anadir: bool = False):
        self.formato = formato_de_salida(ruta)
        self.columnas = columnas
        self._libro = None
        anadir = anadir and self.formato != "xlsx" and ruta not in (None, "-") and Path(ruta).is_file()
        if self.formato == "xlsx":
            from openpyxl import Workbook  # only the command line writes XLSX itself

            self._ruta = ruta
            self._libro = Workbook(write_only=True)
            self._hoja = self._libro.create_sheet("Resultados")
            self._hoja.append(list(columnas))
            return
        self._fichero: IO[str] = (
            sys.stdout if ruta in (None, "-") else open(ruta, "a" if anadir else "w", encoding="utf-8", newline="")
        )
        if self.formato == "csv":
            self._csv = escritor_csv(self._fichero)
            if not anadir:
                self._csv.writerow(columnas)

    def escribir(self, fila: dict) -> None:
        if self.formato == "csv":
            self._csv.writerow([fila[c] for c in self.columnas])
        elif self.formato == "jsonl":
            self._fichero.write(json.dumps(fila, ensure_ascii=False) + "\n")
        else:
            self._hoja.append([fila[c] for c in self.columnas])

    def cerrar(self) -> None:
        if self._libro is not None:
            self._libro.save(self._ruta)
        elif self._fichero is not sys.stdout:
            self._fichero.close()
        else:
            self._fichero.flush()
