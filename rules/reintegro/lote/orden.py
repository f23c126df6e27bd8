"""The ``lote`` command of ``python -m reintegro`` (its options: ``argumentos``).

Exit status of ``lote``: 0 when every row computed, 3 when some did not (their
messages are in the ``errores`` column), 2 when the file or an option cannot
be used at all (nothing computed), 130 when stopped with Ctrl-C (the rows
written are kept, and a line says from which row to resume: ``--desde``).
"""

from __future__ import annotations

import csv
import signal
import sys
from datetime import date

from ..cli import _por_que_no_se_lee
from ..errores import ErrorDeCampo
from .columnas import ColumnasInvalidas
from .escritura import Escritor, formato_de_salida
from .fila import columnas
from .lectura import ArchivoIlegible, csv_ilegible, formato, leer
from .procesos import en_orden
from .resumen import Resumen

SALIDA_ERRORES_EN_FILAS = 3
SALIDA_INTERRUMPIDA = 130


def contar_filas(ruta: str) -> int | None:
    """Data rows of the file, for the progress bar's estimate (None: unknown)."""
    if ruta == "-":
        return None
    if formato(ruta) == "xlsx":
        from openpyxl import load_workbook

        libro = load_workbook(ruta, read_only=True)
        try:
            filas = libro.worksheets[0].max_row  # from the sheet's dimension; None when it has none
        finally:
            libro.close()
        return None if filas is None else max(filas - 1, 0)
    with open(ruta, "rb") as fichero:
        lineas = sum(bloque.count(b"\n") for bloque in iter(lambda: fichero.read(1 << 20), b""))
    return max(lineas - (1 if formato(ruta) == "csv" else 0), 0)


def _barra(argumentos, total: int | None):
    from tqdm import tqdm  # kept library (requirements.txt)

    return tqdm(total=total, unit=" filas", file=sys.stderr, dynamic_ncols=True, smoothing=0.1,
                disable=True if argumentos.sin_progreso else None)  # None: off when stderr is no terminal


def _fallo(que: str, mensaje: str) -> int:
    print(ErrorDeCampo(que, mensaje), file=sys.stderr)
    return 2


def ejecutar_lote(argumentos, propias) -> int:
    hoy = date.today()  # the same day for every row, as calcular takes it
    con_margen = argumentos.margen
    try:
        formato_de_salida(argumentos.salida)
    except ValueError as error:
        return _fallo("salida", str(error))
    try:
        filas = leer(argumentos.casos, argumentos.desde)
        primera = next(filas, None)  # reads the header: a wrong column stops here
        total = contar_filas(argumentos.casos)
    except UnicodeDecodeError:
        return _fallo("casos", f"el archivo «{argumentos.casos}» no es texto UTF-8")
    except csv.Error as error:
        return _fallo("casos", f"el archivo «{argumentos.casos}» no es un CSV que se pueda leer: {csv_ilegible(error)}")
    except ColumnasInvalidas as error:
        for mensaje in error.mensajes:
            print(f"casos: {mensaje}", file=sys.stderr)
        return 2
    except ArchivoIlegible as error:
        return _fallo("casos", str(error))
    except OSError as error:
        return _fallo("casos", f"el fichero «{argumentos.casos}» {_por_que_no_se_lee(error)}")
    resumen = Resumen()
    escritor = Escritor(argumentos.salida, columnas(con_margen), anadir=argumentos.desde > 1)
    barra = _barra(argumentos, None if total is None else max(total - argumentos.desde + 1, 0))
    parar = _AlPulsarCtrlC()
    try:
        for fila in en_orden(_encadenar(primera, filas), argumentos.procesos, hoy, propias, con_margen):
            escritor.escribir(fila)
            resumen.contar(fila)
            barra.update()
            if parar.pedido:
                break
    except UnicodeDecodeError:
        return _fallo("casos", f"el archivo «{argumentos.casos}» no es texto UTF-8 "
                               f"(se leyó hasta la fila {resumen.ultima_fila})")
    except csv.Error as error:
        return _fallo("casos", f"el archivo «{argumentos.casos}» no es un CSV que se pueda leer tras la fila "
                               f"{resumen.ultima_fila}: {csv_ilegible(error)}")
    finally:
        parar.restaurar()
        barra.close()
        escritor.cerrar()
    if parar.pedido:
        siguiente = resumen.ultima_fila + 1 if resumen.filas else argumentos.desde
        print(f"Interrumpido: se escribieron {resumen.filas} filas, hasta la fila {resumen.ultima_fila}. "
              f"Para continuar: --desde {siguiente}", file=sys.stderr)
        return SALIDA_INTERRUMPIDA
    print(resumen.texto(), file=sys.stderr)
    return SALIDA_ERRORES_EN_FILAS if resumen.errores else 0


class _AlPulsarCtrlC:
    """Ctrl-C asks the batch to stop after the row being written: every row
    is then either whole in the file and counted, or not there at all."""

    def __init__(self):
        self.pedido = False
        self._antes = signal.signal(signal.SIGINT, self._pedir)

    def _pedir(self, *_):
        self.pedido = True

    def restaurar(self):
        signal.signal(signal.SIGINT, self._antes)


def _encadenar(primera, resto):
    if primera is not None:
        yield primera
        yield from resto

