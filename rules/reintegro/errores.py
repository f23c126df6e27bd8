"""Refusals of a case: one Spanish message per field.

pydantic's own messages are English; every error type a case can produce is
given a code of ``mensajes`` here. The messages raised by our own parsers
(``valores``) already carry theirs. Each ``ErrorDeCampo`` keeps the command
line's message and, with its code and data, what ``reintegro.navegador``
needs to write the page's (``mensajes.redactar``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from pydantic import ValidationError

from .mensajes import PLANTILLAS, redactar


@dataclass(frozen=True)
class ErrorDeCampo:
    campo: str  # dotted path, "caso" for the whole case
    mensaje: str  # the command line's words
    codigo: str | None = None  # a key of mensajes.PLANTILLAS; None: the same words everywhere
    datos: Mapping[str, object] = field(default_factory=dict, compare=False)

    @classmethod
    def de(cls, campo: str, codigo: str, **datos: object) -> ErrorDeCampo:
        """The error ``codigo`` of ``mensajes`` at ``campo``, with its data."""
        return cls(campo, redactar(codigo, datos), codigo, datos)

    def como_dict(self) -> dict[str, str]:
        return {"campo": self.campo, "mensaje": self.mensaje}

    def __str__(self) -> str:
        return f"{self.campo}: {self.mensaje}"


class CasoInvalido(ValueError):
    """The case cannot be computed; ``errores`` says why, field by field."""

    def __init__(self, errores: list[ErrorDeCampo]):
        super().__init__("; ".join(str(e) for e in errores))
        self.errores = errores


def enumerar_opciones(esperado: str) -> str:
    """pydantic's "'a', 'b' or 'c'" as Spanish reads it: «a», «b» o «c»."""
    valores = [f"«{v}»" for v in re.findall(r"'([^']*)'", esperado)]
    return ", ".join(valores[:-1]) + " o " + valores[-1] if len(valores) > 1 else "".join(valores)


# pydantic's error types -> (code of mensajes, its data from the error's context)
_CODIGOS = {
    "missing": ("obligatorio", lambda ctx: {}),
    "extra_forbidden": ("campo_desconocido", lambda ctx: {}),
    "literal_error": ("opcion", lambda ctx: {"opciones": enumerar_opciones(str(ctx.get("expected", "")))}),
    "model_type": ("objeto_caso", lambda ctx: {}),
    "model_attributes_type": ("objeto_caso", lambda ctx: {}),
    "dict_type": ("objeto", lambda ctx: {}),
    "tuple_type": ("lista", lambda ctx: {}),
    "list_type": ("lista", lambda ctx: {}),
    "too_long": ("demasiados", lambda ctx: {"maximo": ctx.get("max_length")}),
    "string_type": ("texto", lambda ctx: {}),
    "string_too_long": ("texto_largo", lambda ctx: {"maximo": ctx.get("max_length")}),
}


def _visible(parte: object) -> str:
    """A field name as one printable line, however the user spelled it."""
    texto = str(parte)
    texto = "".join(c if c.isprintable() else repr(c)[1:-1] for c in texto)
    return texto if len(texto) <= 80 else texto[:77] + "…"


def _campo(loc: tuple) -> str:
    return ".".join(_visible(parte) for parte in loc) or "caso"


def _error(campo: str, detalle: dict) -> ErrorDeCampo:
    tipo, contexto = detalle["type"], detalle.get("ctx") or {}
    if tipo in _CODIGOS:
        codigo, datos = _CODIGOS[tipo]
        return ErrorDeCampo.de(campo, codigo, **datos(contexto))
    if tipo in PLANTILLAS:  # our own parsers' (valores, caso): already written
        return ErrorDeCampo(campo, detalle["msg"], tipo, dict(contexto))
    return ErrorDeCampo.de(campo, "valor_no_valido")


def traducir(error: ValidationError) -> list[ErrorDeCampo]:
    """One Spanish message per field (the first error of each field)."""
    por_campo: dict[str, ErrorDeCampo] = {}
    for detalle in error.errors(include_url=False):
        campo = _campo(detalle["loc"])
        if campo not in por_campo:
            por_campo[campo] = _error(campo, detalle)
    return list(por_campo.values())
