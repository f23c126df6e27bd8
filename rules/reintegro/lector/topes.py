"""Caps on a group of reductions: «los cuales supondrán una minoración de
hasta un diez por ciento sobre el total de la cuantía concedida:» heading
the list of the reductions it caps."""

from __future__ import annotations

from .hallazgo import SEGURA, Hallazgo, busca, patron
from .numeros import porcentajes
from .parrafos import Parrafo

_TOPE = patron(r"(?:minoraci|reducci|penalizaci)\w{0,4}\s+de\s+hasta\s+(?:un|el)?\s*")
_ACCESORIO = patron(r"accesori")


def grupo_de(parrafo: Parrafo, vistos: dict[int, Hallazgo]) -> Hallazgo | None:
    """The cap of the list ``parrafo`` is in (one Hallazgo per heading, kept in ``vistos``)."""
    cabecera = parrafo.cabecera
    if cabecera is None:
        return None
    if id(cabecera) in vistos:
        return vistos[id(cabecera)]
    for frase in cabecera.frases:
        tope = busca(_TOPE, frase.plano)
        cifras = [c for c in porcentajes(frase.texto) if tope and c.inicio == tope.end()]
        if cifras:
            identificador = "accesorios" if busca(_ACCESORIO, cabecera.plano) else f"grupo-{cabecera.ancla}"
            datos = {"id": identificador, "tope": cifras[0].valor, "ancla": cabecera.ancla,
                     "texto": "Tope conjunto de las minoraciones de esta lista"}
            vistos[id(cabecera)] = Hallazgo("grupos", "tope_grupo", datos, [frase], SEGURA)
            return vistos[id(cabecera)]
    vistos[id(cabecera)] = None
    return None
