"""The rows computed in N processes (standard library only), in input order.

Rows travel in chunks (``TAMANO_DE_TANDA``); at most ``EN_VUELO`` chunks per
process are read ahead of what has been written, so a million rows take the
memory of a few thousand. The workers ignore Ctrl-C: the main process
decides what has been written and stops them.
"""

from __future__ import annotations

import signal
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from itertools import islice

from ..modelo_bases import Bases
from .fila import calcular_fila

TAMANO_DE_TANDA = 250
EN_VUELO = 3

_contexto: dict = {}


def _preparar(hoy: date, propias: Bases | None, con_margen: bool) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _contexto.update(hoy=hoy, propias=propias, con_margen=con_margen)


def _tanda(filas: list[tuple[int, object]]) -> list[dict]:
    c = _contexto
    return [calcular_fila(n, datos, c["hoy"], c["propias"], c["con_margen"]) for n, datos in filas]


def en_orden(filas: Iterable[tuple[int, object]], procesos: int, hoy: date, propias: Bases | None,
             con_margen: bool) -> Iterator[dict]:
    """The output row of every input row, in input order."""
    if procesos <= 1:
        for numero, datos in filas:
            yield calcular_fila(numero, datos, hoy, propias, con_margen)
        return
    filas = iter(filas)
    with ProcessPoolExecutor(max_workers=procesos, initializer=_preparar,
                             initargs=(hoy, propias, con_margen)) as grupo:
        pendientes: deque = deque()
        try:
            while True:
                while len(pendientes) < procesos * EN_VUELO:
                    tanda = list(islice(filas, TAMANO_DE_TANDA))
                    if not tanda:
                        break
                    pendientes.append(grupo.submit(_tanda, tanda))
                if not pendientes:
                    return
                yield from pendientes.popleft().result()
        finally:
            for pendiente in pendientes:
                pendiente.cancel()
