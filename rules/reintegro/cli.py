"""Command line: ``python -m reintegro calcular CASE.json`` (or ``-``),
``python -m reintegro esquema`` and ``python -m reintegro bases``.

A valid case prints the result JSON on stdout and exits 0; an invalid one
prints one Spanish message per field on stderr, nothing on stdout, and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from .caso import Caso
from .catalogo import todas_las_bases
from .entrada import leer_caso_json
from .errores import CasoInvalido
from .modelo_bases import Bases
from .motor import calcular
from .salida import resultado_a_json

SALIDA_ERROR = 2


class _Argumentos(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # Spanish usage errors, exit 2
        self.print_usage(sys.stderr)
        print(f"error en los argumentos: {message}", file=sys.stderr)
        raise SystemExit(SALIDA_ERROR)


def _parser() -> argparse.ArgumentParser:
    parser = _Argumentos(prog="reintegro", description="Calcula el reintegro de una subvención.")
    ordenes = parser.add_subparsers(dest="orden", required=True, metavar="ORDEN")
    calcular_ = ordenes.add_parser("calcular", help="calcula un caso (JSON) y escribe el resultado (JSON)")
    calcular_.add_argument("caso", help="fichero JSON del caso, o - para leerlo de la entrada estándar")
    ordenes.add_parser("esquema", help="escribe el JSON Schema de un caso")
    ordenes.add_parser("esquema-bases", help="escribe el JSON Schema de un fichero de bases")
    ordenes.add_parser("bases", help="lista las bases disponibles")
    return parser


def _leer(ruta: str) -> str:
    if ruta == "-":
        return sys.stdin.read()
    with open(ruta, encoding="utf-8") as fichero:
        return fichero.read()


def _por_que_no_se_lee(error: Exception) -> str:
    if isinstance(error, FileNotFoundError):
        return "no existe"
    if isinstance(error, IsADirectoryError):
        return "es una carpeta, no un fichero"
    if isinstance(error, PermissionError):
        return "no hay permiso para leerlo"
    if isinstance(error, UnicodeDecodeError):
        return "no es texto UTF-8"
    return "no se puede leer"


def _calcular(ruta: str) -> int:
    try:
        texto = _leer(ruta)
    except (OSError, UnicodeDecodeError) as error:
        print(f"caso: el fichero «{ruta}» {_por_que_no_se_lee(error)}", file=sys.stderr)
        return SALIDA_ERROR
    try:
        resultado = calcular(leer_caso_json(texto))
    except CasoInvalido as error:
        for detalle in error.errores:
            print(detalle, file=sys.stderr)
        return SALIDA_ERROR
    print(resultado_a_json(resultado))
    return 0


def main(argv: list[str] | None = None) -> int:
    argumentos = _parser().parse_args(argv)
    if argumentos.orden == "calcular":
        return _calcular(argumentos.caso)
    if argumentos.orden == "esquema":
        print(json.dumps(Caso.model_json_schema(), ensure_ascii=False, indent=2))
    elif argumentos.orden == "esquema-bases":
        print(json.dumps(Bases.model_json_schema(), ensure_ascii=False, indent=2))
    else:
        for b in todas_las_bases():
            print(f"{b.id}\t{b.titulo}")
    return 0
