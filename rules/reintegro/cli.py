"""Command line:

- ``python -m reintegro calcular [--bases ARCHIVO] CASO`` (CASO a JSON file,
  or ``-`` for stdin; ARCHIVO a bases file in TOML or JSON);
- ``python -m reintegro comparar [--bases ARCHIVO] CASO``: the case under the
  five bases (and the file's), one JSON object keyed by bases id;
- ``python -m reintegro esquema`` / ``esquema-bases``: JSON Schemas;
- ``python -m reintegro bases``: the bases and their titles;
- ``python -m reintegro leer [--id ID] ARTICULO``: an article's text read
  into a bases (``reintegro.lector``).

A valid case prints the result JSON on stdout and exits 0; an invalid case
or bases file prints one Spanish message per field on stderr, nothing on
stdout, and exits 2.
"""

from __future__ import annotations

import argparse
import json
import re
import sys

from .bases_propias import BasesInvalidas, formato_de, leer_bases
from .caso import Caso
from .catalogo import todas_las_bases
from .comparar import comparar
from .entrada import cargar_json, leer_caso
from .lote.argumentos import anadir_ordenes
from .errores import CasoInvalido, ErrorDeCampo
from .lector import orden as lector
from .modelo_bases import Bases
from .motor import calcular
from .salida import resultado_a_json

SALIDA_ERROR = 2


# argparse writes its own words in English; these are said in Spanish.
_TEXTOS_DE_ARGPARSE = (
    ("usage: ", "uso: "),
    ("positional arguments:", "argumentos:"),
    ("options:", "opciones:"),
    ("show this help message and exit", "muestra esta ayuda y termina"),
)
_ERRORES_DE_ARGPARSE = (
    (re.compile(r"the following arguments are required: (.+)"), r"faltan argumentos: \1"),
    (re.compile(r"argument (\S+): invalid choice: '([^']*)' \(choose from (.+)\)"),
     r"argumento \1: «\2» no es una opción válida (elija entre \3)"),
    (re.compile(r"unrecognized arguments: (.+)"), r"argumentos de más: \1"),
    (re.compile(r"argument (\S+): expected one argument"), r"argumento \1: falta su valor"),
)


def _en_espanol(texto: str, traducciones) -> str:
    for origen, destino in traducciones:
        texto = origen.sub(destino, texto) if isinstance(origen, re.Pattern) else texto.replace(origen, destino)
    return texto


class _Argumentos(argparse.ArgumentParser):
    def format_usage(self) -> str:
        return _en_espanol(super().format_usage(), _TEXTOS_DE_ARGPARSE)

    def format_help(self) -> str:
        return _en_espanol(super().format_help(), _TEXTOS_DE_ARGPARSE)

    def error(self, message: str) -> None:  # Spanish usage errors, exit 2
        self.print_usage(sys.stderr)
        print(f"error en los argumentos: {_en_espanol(message, _ERRORES_DE_ARGPARSE)}", file=sys.stderr)
        raise SystemExit(SALIDA_ERROR)


class _Fallo(Exception):
    """What the command line prints on stderr before exiting with 2."""

    def __init__(self, errores: list[ErrorDeCampo]):
        self.errores = errores


def _parser() -> argparse.ArgumentParser:
    parser = _Argumentos(prog="reintegro", description="Calcula el reintegro de una subvención.")
    ordenes = parser.add_subparsers(dest="orden", required=True, metavar="ORDEN")
    calcular_ = ordenes.add_parser("calcular", help="calcula un caso (JSON) y escribe el resultado (JSON)")
    comparar_ = ordenes.add_parser("comparar", help="calcula un caso con todas las bases y escribe los resultados (JSON)")
    for orden in (calcular_, comparar_):
        orden.add_argument("--bases", metavar="ARCHIVO",
                           help="fichero de unas bases propias (TOML o JSON; véase `esquema-bases`)")
        orden.add_argument("caso", help="fichero JSON del caso, o - para leerlo de la entrada estándar")
    ordenes.add_parser("esquema", help="escribe el JSON Schema de un caso")
    ordenes.add_parser("esquema-bases", help="escribe el JSON Schema de un fichero de bases")
    ordenes.add_parser("bases", help="lista las bases disponibles")
    anadir_ordenes(ordenes, _bases_del_fichero)
    lector.registrar(ordenes)
    return parser


def _leer(ruta: str, que: str) -> str:
    try:
        if ruta == "-":
            return sys.stdin.read()
        with open(ruta, encoding="utf-8") as fichero:
            return fichero.read()
    except (OSError, UnicodeDecodeError) as error:
        raise _Fallo([ErrorDeCampo(que, f"el fichero «{ruta}» {_por_que_no_se_lee(error)}")]) from None


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


def _bases_del_fichero(ruta: str | None) -> Bases | None:
    if ruta is None:
        return None
    texto = _leer(ruta, "bases")
    try:
        return leer_bases(texto, formato_de(ruta, texto))
    except BasesInvalidas as error:
        raise _Fallo(error.errores) from None


def _datos_del_caso(ruta: str) -> object:
    try:
        return cargar_json(_leer(ruta, "caso"))
    except CasoInvalido as error:
        raise _Fallo(error.errores) from None


def _calcular(argumentos: argparse.Namespace) -> str:
    propias = _bases_del_fichero(argumentos.bases)
    datos = _datos_del_caso(argumentos.caso)
    try:
        caso = leer_caso(datos, b=propias)
    except CasoInvalido as error:
        raise _Fallo(error.errores) from None
    return resultado_a_json(calcular(caso, b=propias))


def _comparar(argumentos: argparse.Namespace) -> str:
    propias = _bases_del_fichero(argumentos.bases)
    datos = _datos_del_caso(argumentos.caso)
    if not isinstance(datos, dict):
        raise _Fallo([ErrorDeCampo("caso", "debe ser un objeto JSON con los campos del caso")])
    if propias is not None and propias.id in {b.id for b in todas_las_bases()}:
        raise _Fallo([ErrorDeCampo("id", f"«{propias.id}» es el id de unas bases del sitio: póngale otro para comparar")])
    return json.dumps(comparar(datos, propias), ensure_ascii=False, indent=2)


def main(argv: list[str] | None = None) -> int:
    argumentos = _parser().parse_args(argv)
    try:
        if hasattr(argumentos, "ejecutar"):  # lote, plantilla (reintegro.lote.orden)
            return argumentos.ejecutar(argumentos)
        if argumentos.orden == "calcular":
            print(_calcular(argumentos))
        elif argumentos.orden == "comparar":
            print(_comparar(argumentos))
        elif argumentos.orden == "esquema":
            print(json.dumps(Caso.model_json_schema(), ensure_ascii=False, indent=2))
        elif argumentos.orden == "leer":
            salida, errores = lector.ejecutar(_leer(argumentos.articulo, "articulo"), argumentos.id)
            if errores:
                raise _Fallo(errores)
            print(salida)
        elif argumentos.orden == "esquema-bases":
            print(json.dumps(Bases.model_json_schema(), ensure_ascii=False, indent=2))
        else:
            for b in todas_las_bases():
                print(f"{b.id}\t{b.titulo}")
    except _Fallo as fallo:
        for error in fallo.errores:
            print(error, file=sys.stderr)
        return SALIDA_ERROR
    return 0
