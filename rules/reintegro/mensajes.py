"""The Spanish messages of a refused case, each written once, in two flavours.

The command line (and Python) names fields by their JSON names and gives
examples as the JSON takes them ("1234.56", AAAA-MM-DD); those messages are
part of the contract and do not change. The page names fields by the labels
of its form and gives examples in the form's own format (1.234,56;
dd/mm/aaaa), and never shows a JSON name.

A message is a code with data. ``PLANTILLAS`` holds, per code, the command
line's template and, where the page must read differently, the page's (the
page shows the command line's words where it has none: those never name a
field). A ``{placeholder}`` whose value is a ``Campo`` is a field named in
the message: its JSON name on the command line, «its label» on the page. ``ErrorDeCampo``
(``errores``) keeps the code and the data, so that ``reintegro.navegador``
can write the page's flavour (``redactar(..., nombrar=...)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pydantic_core import PydanticCustomError


@dataclass(frozen=True)
class Campo:
    """A field named inside a message (its JSON path, "pagos.0.fecha")."""

    ruta: str


@dataclass(frozen=True)
class Plantilla:
    cli: str
    pagina: str | None = None  # None: the same words, which name no field


_IMPORTE_PAGINA = "debe ser un importe en euros, por ejemplo 1.234,56"
_PORCENTAJE_PAGINA = "debe ser un porcentaje entre 0 y 100, por ejemplo 85 o 92,5"
_ENLACE = "revise el enlace o el archivo del caso"

PLANTILLAS: dict[str, Plantilla] = {
    # values (valores.py)
    "importe_tipo": Plantilla('debe ser un importe en euros, por ejemplo "1234.56"', _IMPORTE_PAGINA),
    "importe_formato": Plantilla(
        'debe ser un importe en euros escrito con punto decimal, por ejemplo "1234.56" (sin separador de miles)',
        _IMPORTE_PAGINA,
    ),
    "porcentaje_tipo": Plantilla('debe ser un porcentaje entre 0 y 100, por ejemplo "1234.56"', _PORCENTAJE_PAGINA),
    "porcentaje_formato": Plantilla(
        'debe ser un porcentaje entre 0 y 100 escrito con punto decimal, por ejemplo "1234.56" '
        "(sin separador de miles)",
        _PORCENTAJE_PAGINA,
    ),
    "decimales": Plantilla("no puede tener más de dos decimales"),
    "negativo": Plantilla("no puede ser negativo"),
    "cero": Plantilla("debe ser mayor que 0"),
    "maximo": Plantilla("es demasiado grande (máximo {maximo})", "es demasiado grande (máximo {maximo_es})"),
    "rango": Plantilla("debe estar entre 0 y 100"),
    "fecha_formato": Plantilla(
        'debe ser una fecha con el formato AAAA-MM-DD, por ejemplo "2025-06-30"',
        "debe ser una fecha completa, con día, mes y año: por ejemplo 30/06/2025",
    ),
    "fecha_inexistente": Plantilla("«{valor}» no es una fecha que exista", "«{valor_es}» no es una fecha que exista"),
    "fecha_fuera_de_tabla": Plantilla(
        "debe estar entre el {minima} y el {maxima}, el periodo que cubre la tabla de tipos de interés"
    ),
    "booleano": Plantilla("debe ser true (sí) o false (no)", "debe ser sí o no"),
    "bases": Plantilla("{mostrado} no es ninguna de las bases disponibles: {ids}"),
    "bases_del_fichero": Plantilla("{mostrado} no son las bases del fichero («{propias}»)",
                                   "{mostrado} no son las bases descritas en esta página («{propias}»)"),
    # the case's shape (pydantic's own error types, errores.py)
    "obligatorio": Plantilla("es obligatorio"),
    "campo_desconocido": Plantilla(
        "no es un campo del caso (revise cómo está escrito)",
        f"no es un dato que esta calculadora conozca ({_ENLACE})",
    ),
    "opcion": Plantilla("debe ser uno de estos valores: {opciones}", f"no es ninguna de las opciones ({_ENLACE})"),
    "objeto_caso": Plantilla("debe ser un objeto JSON con los campos del caso", f"no tiene la forma esperada ({_ENLACE})"),
    "objeto": Plantilla("debe ser un objeto JSON", f"no tiene la forma esperada ({_ENLACE})"),
    "referencia_objeto": Plantilla(
        "debe ser un objeto JSON con expediente, entidad o notas", f"no tiene la forma esperada ({_ENLACE})"
    ),
    "lista": Plantilla("debe ser una lista", f"debe ser una lista de pagos ({_ENLACE})"),
    "demasiados": Plantilla("no puede tener más de {maximo} elementos", "no puede tener más de {maximo} pagos"),
    "texto": Plantilla("debe ser un texto", f"debe ser un texto ({_ENLACE})"),
    "texto_largo": Plantilla("no puede tener más de {maximo} caracteres"),
    "valor_no_valido": Plantilla("valor no válido", f"no es un valor válido ({_ENLACE})"),
    # several fields together (coherencia.py)
    "pagos_superan": Plantilla(
        "los pagos suman {pagado}, más que el importe concedido ({concedido})",
        "los pagos suman {pagado}, más que el {concedido_campo} ({concedido})",
    ),
    "pago_tras_fin": Plantilla(
        "el pago del {fecha} es posterior a la fecha final de los intereses ({fin}, la primera de {resolucion} y {ingreso})",
        "el pago del {fecha} es posterior al {fin}, la {campo_fin}, día en que acaban los intereses",
    ),
    "pago_tras_hoy": Plantilla(
        "el pago del {fecha} es posterior a hoy; indique {resolucion} o {ingreso}",
        "el pago del {fecha} es posterior a hoy; indique la {resolucion} o la {ingreso}",
    ),
    "parte_mayor": Plantilla(
        "no puede ser mayor que el gasto justificado ({justificado}); se indicó {parte}",
        "no puede ser mayor que el {justificado_campo} ({justificado}); se indicó {parte}",
    ),
    "notificacion_sin_resolucion": Plantilla(
        "indique también la fecha de la resolución (fecha_resolucion) que se notificó",
        "indique también la {resolucion_campo} que se notificó",
    ),
    "notificacion_antes_de_resolucion": Plantilla(
        "la notificación ({notificacion}) no puede ser anterior a la resolución ({resolucion})",
        "la notificación ({notificacion}) no puede ser anterior a la {resolucion_campo} ({resolucion})",
    ),
    "resolucion_antes_del_inicio": Plantilla(
        "la resolución ({resolucion}) no puede ser anterior al acuerdo de inicio del procedimiento ({inicio})",
        "la resolución ({resolucion}) no puede ser anterior a la {inicio_campo} ({inicio})",
    ),
    # the bases' own criteria (criterios.py)
    "criterios_objeto": Plantilla(
        "debe ser un objeto JSON con los criterios de las bases: su id y su valor",
        f"no tiene la forma esperada ({_ENLACE})",
    ),
    "criterios_demasiados": Plantilla("no puede tener más de {maximo} criterios"),
    "criterio_desconocido": Plantilla(
        "no es un criterio de estas bases (sus criterios: {conocidos})",
        f"no es un criterio de estas bases ({_ENLACE})",
    ),
    "criterio_booleano": Plantilla("«{etiqueta}» debe ser true (sí) o false (no)", "debe ser sí o no"),
    "criterio_opcion": Plantilla("«{etiqueta}» debe ser uno de estos valores: {opciones}",
                                 "no es ninguna de las opciones: {opciones}"),
    "criterio_importe": Plantilla("«{etiqueta}» debe ser un importe en euros, por ejemplo \"1234.56\"",
                                  _IMPORTE_PAGINA),
    "criterio_medida": Plantilla(
        "«{etiqueta}» debe ser un número entre 0 y {maximo} ({unidad}), dos decimales como máximo",
        "debe ser un número entre 0 y {maximo} ({unidad}), dos decimales como máximo",
    ),
    "partes_superan": Plantilla(
        "sumado a las demás partes del gasto ({suma}) supera el gasto justificado ({justificado})",
        "junto con {otras} suma {suma}, más que el {justificado_campo} ({justificado})",
    ),
}


def _nombre_json(campo: Campo) -> str:
    return campo.ruta


def _valor(valor: object, nombrar: Callable[[Campo], str]) -> str:
    if isinstance(valor, Campo):
        return nombrar(valor)
    if isinstance(valor, tuple):  # several fields: «A», «B» y «C»
        nombres = [_valor(v, nombrar) for v in valor]
        return " y ".join([", ".join(nombres[:-1]), nombres[-1]]) if len(nombres) > 1 else "".join(nombres)
    return str(valor)


def redactar(codigo: str, datos: Mapping[str, object], nombrar: Callable[[Campo], str] | None = None) -> str:
    """The message ``codigo`` with its data: the command line's words, or the
    page's when ``nombrar`` (a field -> «its label») is given."""
    plantilla = PLANTILLAS[codigo]
    texto = plantilla.cli if nombrar is None or plantilla.pagina is None else plantilla.pagina
    nombrar = nombrar or _nombre_json
    valores = {clave: _valor(valor, nombrar) for clave, valor in datos.items()}
    return texto.format_map(_Faltan(valores))


class _Faltan(dict):
    """A placeholder without data stays as written (never a KeyError)."""

    def __missing__(self, clave: str) -> str:
        return "{" + clave + "}"


def error_de_valor(codigo: str, **datos: str) -> PydanticCustomError:
    """The error a value parser raises: its message is the command line's,
    already written; the data travel in its context only where the page's
    words need them (pydantic would otherwise fill a "{name}" the user wrote
    into an echoed value)."""
    contexto = datos if datos and PLANTILLAS[codigo].pagina is not None else None
    return PydanticCustomError(codigo, redactar(codigo, datos), contexto)
