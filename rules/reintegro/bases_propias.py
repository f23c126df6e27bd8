"""A user's own bases reguladoras: one file (TOML or JSON) validated by the
same pydantic model as the site's five (``modelo_bases.Bases``), with
Spanish messages, one per field, naming the field's path
(«regimen.minimo: debe ser un porcentaje entre 0 y 100»), and the checks a
model cannot make alone: every anchor cited is one of the file's paragraphs
(or of the general law), every field a criterion uses exists in the case
contract with the right kind, every note named exists.
"""

from __future__ import annotations

import json
import re
import tomllib
from decimal import Decimal

from pydantic import ValidationError

from .catalogo import anclas_resolubles, codigos_de_notas, campos_genericos
from .coherencia import PARTES_DEL_GASTO
from .entrada import demasiado_profundo
from .errores import ErrorDeCampo, enumerar_opciones
from .modelo_bases import Bases, CampoUsado, MinoracionPorDias, MinoracionPorRetraso, UmbralDeclarado

TAMANO_MAXIMO = 200_000  # characters of a bases file
NOTA_BASES_PROPIAS = "bases-propias"
# Fields the engine uses under every bases (the general law: the amounts, the
# payments and their interest, concurrent aid, the deadlines), with the
# general-law paragraph that makes each relevant. A user's bases that does not
# list one gets it, so that its form asks for it.
CAMPOS_DE_LA_LEY_GENERAL = (
    ("importe_concedido", None), ("coste_proyecto", None), ("pagos", "lgs-37-1"), ("gasto_justificado", None),
    ("grado_cumplimiento_objetivos", None), ("otras_ayudas", "lgs-19-3"), ("otras_ayudas_publicas", "rlgs-34"),
    ("fecha_limite_justificacion", "lgs-39-2-a"), ("fecha_fin_obligaciones", "lgs-39-2-c"),
    ("fecha_inicio_procedimiento", "lgs-42-4"), ("fecha_resolucion", "lgs-37-1"),
    ("fecha_notificacion_resolucion", "lgs-42-4"), ("fecha_ingreso", "lgs-37-1"), ("base_dias", "interes-de-demora"),
)
PORCENTAJES = {"minimo", "porcentaje", "maximo", "tope", "aportacion_minima"}


class BasesInvalidas(ValueError):
    """The bases file cannot be used; ``errores`` says why, field by field."""

    def __init__(self, errores: list[ErrorDeCampo]):
        super().__init__("; ".join(str(e) for e in errores))
        self.errores = errores


def _error(mensaje: str, campo: str = "bases") -> BasesInvalidas:
    return BasesInvalidas([ErrorDeCampo(campo, mensaje)])


# ------------------------------------------------------------------ reading


def _posicion(mensaje: str) -> str:
    encontrado = re.search(r"line (\d+), column (\d+)", mensaje)
    return f" (línea {encontrado[1]}, columna {encontrado[2]})" if encontrado else ""


def _cargar(texto: str, formato: str) -> object:
    if len(texto) > TAMANO_MAXIMO:
        raise _error(f"el fichero de bases es demasiado largo (máximo {TAMANO_MAXIMO} caracteres)")
    texto = texto.removeprefix("\ufeff")
    if demasiado_profundo(texto):  # parsing it would overflow Pyodide's stack: a fatal error in the page
        raise _error("el fichero está anidado a demasiada profundidad")
    if formato == "toml":
        try:
            return tomllib.loads(texto, parse_float=Decimal)
        except tomllib.TOMLDecodeError as error:
            raise _error(f"el fichero no es un TOML válido{_posicion(str(error))}") from None
    try:
        return json.loads(texto, parse_float=Decimal)
    except json.JSONDecodeError as error:
        raise _error(f"el fichero no es un JSON válido (línea {error.lineno}, columna {error.colno})") from None


def formato_de(nombre: str, texto: str) -> str:
    """"json" or "toml": by the file's extension, else by its first character."""
    if nombre.lower().endswith(".json"):
        return "json"
    if nombre.lower().endswith(".toml"):
        return "toml"
    return "json" if texto.lstrip("\ufeff \t\r\n").startswith("{") else "toml"


def leer_bases(texto: str, formato: str = "toml", pagina_web: str | None = None) -> Bases:
    """A valid Bases from the text of a file, or BasesInvalidas with every
    field's error. The result carries the note that says these are the
    user's rules, not an official text."""
    datos = _cargar(texto, formato)
    if not isinstance(datos, dict):
        raise _error("debe ser un objeto con los datos de las bases")
    try:
        b = Bases.model_validate(datos)
    except ValidationError as error:
        raise BasesInvalidas(traducir(error)) from None
    errores = errores_de_referencias(b)
    if errores:
        raise BasesInvalidas(errores)
    listados = {c.campo for c in b.campos}
    de_la_ley = (*CAMPOS_DE_LA_LEY_GENERAL, *((("fecha_concesion", "lgs-39-2-b"),) if b.por_situacion else ()))
    generales = tuple(CampoUsado(campo=campo, ancla=ancla) for campo, ancla in de_la_ley if campo not in listados)
    cambios: dict = {
        "notas": (NOTA_BASES_PROPIAS, *(n for n in b.notas if n != NOTA_BASES_PROPIAS)),
        "campos": (*b.campos, *generales),
    }
    if pagina_web is not None:
        cambios["pagina_web"] = pagina_web
    return b.model_copy(update=cambios)


# ------------------------------------------------------------ field messages


def _ruta(loc: tuple) -> str:
    # Discriminated unions add the tag to the path ("regimen.umbral.minimo"): drop it.
    partes = [str(p) for p in loc if p not in ("umbral", "declaracion", "fija", "discrecional", "por_dias")]
    return ".".join(partes) or "bases"




def _mensaje(error: dict, ultimo: str) -> str:
    tipo, ctx = error["type"], error.get("ctx") or {}
    if ultimo in PORCENTAJES and tipo in {"greater_than", "less_than", "less_than_equal", "decimal_parsing",
                                         "decimal_type", "finite_number"}:
        return "debe ser un porcentaje entre 0 y 100" if ultimo != "aportacion_minima" else \
            "debe ser un porcentaje mayor que 0 y menor que 100"
    mensajes = {
        "missing": "es obligatorio",
        "extra_forbidden": "no es un dato de unas bases (revise cómo está escrito)",
        "literal_error": "debe ser uno de estos valores: " + enumerar_opciones(str(ctx.get("expected", ""))),
        "union_tag_invalid": "debe ser uno de estos tipos: " + enumerar_opciones(str(ctx.get("expected_tags", ""))),
        "union_tag_not_found": "falta el campo «tipo»",
        "string_type": "debe ser un texto",
        "bool_type": "debe ser true o false",
        "bool_parsing": "debe ser true o false",
        "int_type": "debe ser un número entero",
        "int_parsing": "debe ser un número entero",
        "int_from_float": "debe ser un número entero",
        "greater_than": f"debe ser mayor que {ctx.get('gt')}",
        "dict_type": "debe ser una tabla (un objeto) de párrafos",
        "model_type": "debe ser una tabla (un objeto)",
        "model_attributes_type": "debe ser una tabla (un objeto)",
        "tuple_type": "debe ser una lista",
        "string_pattern_mismatch": "debe tener solo minúsculas sin acentos, cifras y guiones (por ejemplo «mis-bases»)",
    }
    if tipo == "value_error":
        return error["msg"].removeprefix("Value error, ")  # pydantic's wording around our own sentence
    return mensajes.get(tipo, "valor no válido")


def traducir(error: ValidationError) -> list[ErrorDeCampo]:
    """One Spanish message per field (the first error of each)."""
    por_campo: dict[str, str] = {}
    for detalle in error.errors(include_url=False):
        loc = tuple(detalle["loc"])
        ultimo = str(loc[-1]) if loc else ""
        por_campo.setdefault(_ruta(loc), _mensaje(detalle, ultimo))
    return [ErrorDeCampo(c, m) for c, m in por_campo.items()]


# ---------------------------------------------------------- cross-checks


def _tipo_de_campo(campo: str) -> str | None:
    generico = campos_genericos().get(campo)
    return None if generico is None else generico["tipo"]


def _campo_del_caso(ruta: str, campo: str, tipos: set[str], que: str, usados: set[str]) -> list[ErrorDeCampo]:
    tipo = _tipo_de_campo(campo)
    if tipo is None:
        return [ErrorDeCampo(ruta, f"«{campo}» no es un campo del caso")]
    if tipo not in tipos:
        return [ErrorDeCampo(ruta, f"«{campo}» no es {que}")]
    if campo not in usados:
        return [ErrorDeCampo(ruta, f"«{campo}» no figura en «campos», así que el formulario no lo pediría")]
    return []


def errores_de_referencias(b: Bases) -> list[ErrorDeCampo]:
    """What the model alone cannot check: anchors, case fields and notes."""
    errores: list[ErrorDeCampo] = []
    resolubles = anclas_resolubles(b)
    for ruta, ancla in b.anclas_con_ruta():
        if ancla not in resolubles:
            errores.append(ErrorDeCampo(ruta, f"«{ancla}» no es ninguno de los párrafos de las bases (parrafos) "
                                              "ni de la ley general"))
    usados = {c.campo for c in b.campos}
    for numero, campo in enumerate(b.campos):
        if _tipo_de_campo(campo.campo) is None:  # «bases» too: the form never asks it
            errores.append(ErrorDeCampo(f"campos.{numero}.campo", f"«{campo.campo}» no es un campo del caso"))
    for numero, causa in enumerate(b.causas_totales):
        errores += _campo_del_caso(f"causas_totales.{numero}.campo", causa.campo, {"booleano"}, "un campo de sí o no",
                                   usados)
    for numero, deduccion in enumerate(b.deducciones):
        if deduccion.campo not in PARTES_DEL_GASTO:
            errores.append(ErrorDeCampo(f"deducciones.{numero}.campo", f"«{deduccion.campo}» no es una parte del gasto "
                                        "justificado (" + ", ".join(PARTES_DEL_GASTO) + ")"))
        else:
            errores += _campo_del_caso(f"deducciones.{numero}.campo", deduccion.campo, {"importe"}, "un importe", usados)
    if isinstance(b.regimen, UmbralDeclarado):
        errores += _campo_del_caso("regimen.campo", b.regimen.campo, {"booleano"}, "un campo de sí o no", usados)
    for numero, m in enumerate(b.minoraciones):
        errores += _errores_de_minoracion(f"minoraciones.{numero}", m, usados)
    errores += _errores_de_notas(b)
    return errores


def _errores_de_minoracion(ruta: str, m, usados: set[str]) -> list[ErrorDeCampo]:
    if isinstance(m, (MinoracionPorDias, MinoracionPorRetraso)):
        return [*_campo_del_caso(f"{ruta}.desde", m.desde, {"fecha"}, "una fecha", usados),
                *_campo_del_caso(f"{ruta}.hasta", m.hasta, {"fecha"}, "una fecha", usados)]
    errores = _campo_del_caso(f"{ruta}.campo", m.campo, {"opciones"}, "un campo de opciones", usados)
    if not errores:
        validos = [o["valor"] for o in campos_genericos()[m.campo].get("opciones", [])]
        for valor in m.valores:
            if valor not in validos:
                errores.append(ErrorDeCampo(f"{ruta}.valores", f"«{valor}» no es un valor de «{m.campo}»: "
                                            + ", ".join(f"«{v}»" for v in validos)))
    return errores


def _errores_de_notas(b: Bases) -> list[ErrorDeCampo]:
    existentes = codigos_de_notas()
    errores = []

    def revisar(ruta: str, notas: tuple[str, ...]) -> None:
        for codigo in notas:
            if codigo not in existentes:
                errores.append(ErrorDeCampo(ruta, f"«{codigo}» no es ninguna de las notas del motor"))

    revisar("notas", b.notas)
    revisar("regimen.notas", getattr(b.regimen, "notas", ()))
    for grupo in ("causas_totales", "deducciones", "minoraciones", "criterios"):
        for numero, clausula in enumerate(getattr(b, grupo)):
            revisar(f"{grupo}.{numero}.notas", clausula.notas)
    revisar("intereses.notas", b.intereses.notas)
    revisar("liquidacion.notas", b.liquidacion.notas)
    return errores
