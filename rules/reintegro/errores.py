"""Refusals of a case: one Spanish message per field.

pydantic's own messages are English; every error type a case can produce is
translated here. Messages raised by our own parsers (``valores``) are already
Spanish and pass through.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import ValidationError


@dataclass(frozen=True)
class ErrorDeCampo:
    campo: str  # dotted path, "caso" for the whole case
    mensaje: str

    def como_dict(self) -> dict[str, str]:
        return {"campo": self.campo, "mensaje": self.mensaje}

    def __str__(self) -> str:
        return f"{self.campo}: {self.mensaje}"


class CasoInvalido(ValueError):
    """The case cannot be computed; ``errores`` says why, field by field."""

    def __init__(self, errores: list[ErrorDeCampo]):
        super().__init__("; ".join(str(e) for e in errores))
        self.errores = errores


def _opciones(esperado: str) -> str:
    valores = [f"«{v}»" for v in re.findall(r"'([^']*)'", esperado)]
    return ", ".join(valores[:-1]) + " o " + valores[-1] if len(valores) > 1 else "".join(valores)


_MENSAJES = {
    "missing": lambda ctx: "es obligatorio",
    "extra_forbidden": lambda ctx: "no es un campo del caso (revise cómo está escrito)",
    "literal_error": lambda ctx: "debe ser uno de estos valores: " + _opciones(str(ctx.get("expected", ""))),
    "model_type": lambda ctx: "debe ser un objeto JSON con los campos del caso",
    "model_attributes_type": lambda ctx: "debe ser un objeto JSON con los campos del caso",
    "dict_type": lambda ctx: "debe ser un objeto JSON",
    "tuple_type": lambda ctx: "debe ser una lista",
    "list_type": lambda ctx: "debe ser una lista",
    "too_long": lambda ctx: f"no puede tener más de {ctx.get('max_length')} elementos",
    "string_type": lambda ctx: "debe ser un texto",
}


def _visible(parte: object) -> str:
    """A field name as one printable line, however the user spelled it."""
    texto = str(parte)
    texto = "".join(c if c.isprintable() else repr(c)[1:-1] for c in texto)
    return texto if len(texto) <= 80 else texto[:77] + "…"


def _campo(loc: tuple) -> str:
    return ".".join(_visible(parte) for parte in loc) or "caso"


def _mensaje(error: dict) -> str:
    traducir = _MENSAJES.get(error["type"])
    if traducir is not None:
        return traducir(error.get("ctx") or {})
    if error["type"] in {"numero", "decimales", "negativo", "maximo", "rango", "fecha",
                         "fecha_fuera_de_tabla", "booleano", "bases", "cero"}:
        return error["msg"]
    return "valor no válido"


def traducir(error: ValidationError) -> list[ErrorDeCampo]:
    """One Spanish message per field (the first error of each field)."""
    por_campo: dict[str, str] = {}
    for detalle in error.errors(include_url=False):
        por_campo.setdefault(_campo(detalle["loc"]), _mensaje(detalle))
    return [ErrorDeCampo(c, m) for c, m in por_campo.items()]
