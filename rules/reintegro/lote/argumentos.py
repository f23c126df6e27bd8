"""The ``lote`` and ``plantilla`` commands' options, registered on the
command line's sub-parsers (``reintegro.cli``). The batch's modules load only
when ``lote`` runs: ``calcular`` starts as fast as before.

    python -m reintegro lote CASOS [--bases ARCHIVO] [--salida RESULTADOS]
                               [--procesos N] [--margen] [--desde FILA] [--sin-progreso]
    python -m reintegro plantilla BASES
"""

from __future__ import annotations

import argparse
import os
import sys

from ..catalogo import ids_de_bases


def _lote(argumentos, propias) -> int:
    from .orden import ejecutar_lote

    return ejecutar_lote(argumentos, propias)


def _plantilla(argumentos) -> int:
    from .plantilla import plantilla

    sys.stdout.write(plantilla(argumentos.id_bases))
    return 0


def anadir_ordenes(ordenes, bases_de_archivo) -> None:
    """Registers ``lote`` and ``plantilla`` on the command line's sub-parsers.
    ``bases_de_archivo``: the command line's reader of a ``--bases`` file."""
    lote = ordenes.add_parser("lote", help="calcula muchos casos (CSV, XLSX o JSONL) y escribe una fila por caso")
    lote.add_argument("casos", help="archivo CSV, XLSX o JSONL con un caso por fila, o - para JSONL por la entrada estándar")
    lote.add_argument("--bases", metavar="ARCHIVO", help="fichero de unas bases propias (TOML o JSON) para todas las filas")
    lote.add_argument("--salida", metavar="RESULTADOS",
                      help="archivo de resultados: .csv, .xlsx o .jsonl (sin él, CSV por la salida estándar)")
    lote.add_argument("--procesos", metavar="N", type=_entero_positivo, default=os.cpu_count() or 1,
                      help="procesos que calculan a la vez (por defecto, los núcleos)")
    lote.add_argument("--margen", action="store_true", help="añade las cifras del margen (lo que aún puede cambiar)")
    lote.add_argument("--desde", metavar="FILA", type=_entero_positivo, default=1,
                      help="empieza en esa fila (para continuar un lote interrumpido)")
    lote.add_argument("--sin-progreso", action="store_true", help="no muestra la barra de progreso")
    lote.set_defaults(ejecutar=lambda a: _lote(a, bases_de_archivo(a.bases)))
    plantilla_ = ordenes.add_parser("plantilla", help="escribe la plantilla CSV de unas bases")
    plantilla_.add_argument("id_bases", metavar="BASES", choices=ids_de_bases(), help="id de las bases")
    plantilla_.set_defaults(ejecutar=_plantilla)


def _entero_positivo(texto: str) -> int:
    try:
        valor = int(texto)
    except ValueError:
        valor = 0
    if valor < 1:
        raise argparse.ArgumentTypeError(f"«{texto}» debe ser un número entero mayor que 0")
    return valor
