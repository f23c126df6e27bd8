"""The calculator's form, derived from the bases data: only the fields a bases
uses, each with its Spanish label, help, symbol and the paragraph that makes
it relevant ("¿Por qué se pregunta?"); the bases' source, and the optional
references of the printed report."""

from __future__ import annotations

from .caso import MAXIMOS_REFERENCIA, Caso
from .catalogo import bases, campos_genericos, cita
from .datos import leer_toml
from .modelo_bases import Bases

# Keys of data/campos.toml that the page takes as they are.
_EXTRAS = ("simbolo", "etiqueta_fecha", "etiqueta_importe")


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


def referencias() -> list[dict]:
    """The fields of a case's ``referencia``: name, label, help, longest length."""
    textos = leer_toml("campos.toml")["referencia"]
    return [{"campo": campo, **textos[campo], "maximo": maximo} for campo, maximo in MAXIMOS_REFERENCIA.items()]


def formulario(de: str | Bases) -> dict:
    """The form of a bases: one of the package's, by id, or a user's own."""
    b = bases(de) if isinstance(de, str) else de
    campos = []
    for usado in b.campos:
        generico = campos_genericos()[usado.campo]
        por_que = None
        if usado.ancla:
            c = cita(b, usado.ancla)
            por_que = {"referencia": f"{c.norma}, {c.referencia}", "ancla": c.ancla, "enlace": c.enlace, "texto": c.texto}
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
            **{clave: generico[clave] for clave in _EXTRAS if clave in generico},
        })
    return {
        "bases": b.id, "titulo": b.titulo, "pagina": b.pagina, "norma": b.norma, "fuente": b.fuente,
        "campos": campos, "referencia": referencias(),
    }
