"""The calculator's form, derived from the bases data: only the fields a bases
uses, each with its Spanish label, help and the paragraph that makes it
relevant ("¿Por qué se pregunta?")."""

from __future__ import annotations

from .caso import Caso
from .catalogo import bases, campos_genericos, cita
from .modelo_bases import Bases


def _defecto(campo: str) -> object:
    informacion = Caso.model_fields[campo]
    if informacion.is_required():
        return None
    valor = informacion.default
    if valor is None or isinstance(valor, (bool, str)):
        return valor
    if isinstance(valor, tuple):
        return []
    return str(valor)


def formulario(de: str | Bases) -> dict:
    """The form of a bases: one of the package's, by id, or a user's own."""
    b = bases(de) if isinstance(de, str) else de
    campos = []
    for usado in b.campos:
        generico = campos_genericos()[usado.campo]
        por_que = None
        if usado.ancla:
            c = cita(b, usado.ancla)
            por_que = {"referencia": f"{c.norma}, {c.referencia}", "ancla": c.ancla, "enlace": c.enlace}
        campos.append({
            "campo": usado.campo,
            "tipo": generico["tipo"],
            "etiqueta": usado.etiqueta or generico["etiqueta"],
            "ayuda": usado.ayuda or generico["ayuda"],
            "obligatorio": generico.get("obligatorio", False),
            "defecto": _defecto(usado.campo),
            "opciones": generico.get("opciones"),
            "grupo": generico["grupo"],
            "por_que": por_que,
        })
    return {"bases": b.id, "titulo": b.titulo, "pagina": b.pagina, "campos": campos}
