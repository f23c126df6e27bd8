"""Total causes: a breach that makes the final grant zero, on one of the
case's yes/no fields (LGS 37.1's phrasings and the bases' own).

A sentence is a total cause when it names the breach and its consequence is
total: in its own words («dará lugar al reintegro del 100 por ciento»), in
its paragraph («Porcentaje a reintegrar: cien por ciento») or in the list it
belongs to («concurren causas de reintegro total … cuando se den algunas de
las siguientes circunstancias:»). Falsifying the conditions is a total cause
under the general law (LGS 37.1.a) even where the article does not repeat it.
"""

from __future__ import annotations

from .hallazgo import REVISAR, SEGURA, Hallazgo, busca, consecuencia_total, frase_total, patron
from .parrafos import Articulo, Frase

CAUSAS = (
    ("falseamiento", patron(r"falsea|ocult(?:ando|ado|ación)\b"),
     "La subvención se obtuvo falseando u ocultando condiciones"),
    ("incumplimiento_total_fines",
     patron(r"incumplimiento\s+total(?:\s+y\s+manifiesto)?\s+(?:de\s+(?:los|las|el|la)\s+)?(?:fines|objetivos|objetivo"
            r"|actividad|finalidad)|no\s+realización\s+de\s+la\s+actividad"),
     "Incumplimiento total de los fines"),
    ("sin_justificacion",
     patron(r"obligación\s+de\s+justifica(?:ción|r)|falta\s+(?:absoluta\s+)?de\s+(?:presentación\s+de\s+la\s+)?"
            r"(?:cuenta\s+)?justifica|no\s+presentación\s+de\s+la\s+(?:cuenta\s+)?justifica"),
     "Incumplimiento de la obligación de justificación"),
    ("justificacion_inverificable", patron(r"imposibilidad\s+de\s+verificar|no\s+permita\s+verificar|impida\s+verificar"),
     "La justificación insuficiente impide verificar el empleo dado a los fondos"),
    ("otra_causa_total",
     patron(r"cualquier\s+otro\s+incumplimiento|concurrencia\s+de\s+cualquiera\s+de\s+las\s+condiciones"
            r"|incumplimiento\s+de\s+(?:los\s+requisitos|las\s+obligaciones|las\s+condiciones)"),
     "Otro incumplimiento que el artículo castiga con el reintegro total"),
)
_REMISION = patron(r"artículos?\s+36(?:\.\d)?\s+(?:a|y)\s+(?:37|43)|artículo\s+37\s+de\s+la\s+ley\s+38/2003")
_ETIQUETA_OTRA = "Otro incumplimiento que el artículo castiga con el reintegro total (revise la frase)"


def _con_su_consecuencia(frase: Frase, donde: str) -> list[Frase]:
    """The sentence, and the one of its paragraph that gives it its consequence."""
    if donde != "parrafo":
        return [frase]
    return sorted([frase, frase_total(frase.parrafo)], key=lambda f: f.indice)


def _causas_de(frase: Frase) -> list[Hallazgo]:
    donde = None
    salida = []
    for campo, patron_, texto in CAUSAS:
        if not busca(patron_, frase.plano):
            continue
        donde = donde or consecuencia_total(frase)
        if donde is None:
            return []
        datos = {"campo": campo, "ancla": frase.ancla, "texto": texto}
        certeza, motivo = SEGURA, ""
        if campo == "otra_causa_total":
            certeza, motivo = REVISAR, "un incumplimiento sin campo propio: se pregunta como «otra causa de reintegro total»"
        campos = [(campo, frase.ancla)]
        salida.append(Hallazgo("causas_totales", "causa_total", datos, _con_su_consecuencia(frase, donde), certeza,
                               motivo, campos))
    return salida


def _de_la_ley(articulo: Articulo) -> Hallazgo:
    remision = next((f for f in articulo.frases() if busca(_REMISION, f.plano)), None)
    texto = "La subvención se obtuvo falseando u ocultando condiciones (artículo 37.1.a de la Ley 38/2003)"
    ancla = remision.ancla if remision else "lgs-37-1-a"
    datos = {"campo": "falseamiento", "ancla": ancla, "texto": texto}
    return Hallazgo("causas_totales", "causa_total", datos, [remision] if remision else [], REVISAR,
                    "el artículo no la nombra: es causa de reintegro total por el artículo 37.1.a de la Ley 38/2003",
                    [("falseamiento", ancla)])


def reconocer(articulo: Articulo) -> list[Hallazgo]:
    salida: list[Hallazgo] = []
    vistos: set[str] = set()
    for frase in articulo.frases():
        for hallazgo in _causas_de(frase):
            campo = hallazgo.datos["campo"]
            if campo in vistos:
                hallazgo.destino = "repetido"  # the same field again: its sentence is read, not a second clause
            vistos.add(campo)
            salida.append(hallazgo)
    if "falseamiento" not in vistos:
        salida.append(_de_la_ley(articulo))
    return salida
