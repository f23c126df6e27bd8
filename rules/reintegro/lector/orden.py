"""``python -m reintegro leer ARTICULO [--id ID]``: the article's text (a file,
or ``-`` for stdin) read into one JSON object: ``bases`` (valid for
``calcular --bases``), ``criterios`` and ``sin_reconocer``. A text that
cannot be read, or in which nothing is recognised, is said in Spanish on
stderr (exit 2)."""

from __future__ import annotations

import json

from ..errores import ErrorDeCampo
from . import ArticuloIlegible, leer_articulo


def registrar(ordenes) -> None:
    leer = ordenes.add_parser("leer", help="lee el texto de un artículo de unas bases y escribe sus bases (JSON)")
    leer.add_argument("--id", metavar="ID", help="id de las bases (por omisión, sale del texto)")
    leer.add_argument("articulo", help="fichero de texto con el artículo, o - para leerlo de la entrada estándar")


def ejecutar(texto: str, id_: str | None) -> tuple[str | None, list[ErrorDeCampo]]:
    """(the JSON text, []) or (None, the Spanish errors)."""
    try:
        lectura = leer_articulo(texto, id_)
    except ArticuloIlegible as error:
        return None, [ErrorDeCampo(error.campo, error.mensaje)]
    return json.dumps(lectura, ensure_ascii=False, indent=2), []
