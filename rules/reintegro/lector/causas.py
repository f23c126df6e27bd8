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
    ("falseamiento", patron(r"falsea|falsedad|ocult(?:ando|ado|ación)\b"),
     "La subvención se obtuvo falseando u ocultando condiciones"),
    ("incumplimiento_total_fines",
     patron(r"incumplimiento\s+total(?:\s+y\s+manifiesto)?\s+(?:del?\s+(?:los|las|el|la)?\s*)?(?:fines|objetivos|objetivo"
            r"|objeto|actividad|finalidad)|no\s+realización\s+de\s+la\s+actividad"
            r"|incumplimiento\s+de\s+(?:las\s+actividades|los\s+fines|los\s+objetivos|la\s+actividad|la\s+finalidad)"),
     "Incumplimiento total de los fines"),
    ("sin_justificacion",
     patron(r"obligación\s+de\s+justifica(?:ción|r)|falta\s+(?:absoluta\s+)?de\s+(?:presentación\s+de\s+la\s+)?"
            r"(?:cuenta\s+)?justifica|no\s+presentación\s+de\s+la\s+(?:cuenta\s+)?justifica"
            r"|falta\s+de\s+presentación\s+de\s+la\s+(?:documentación|cuenta)\s+justificativa"
            r"|falta\s+de\s+(?:la\s+)?(?:debida\s+)?justificación|no\s+justificación"),
     "Incumplimiento de la obligación de justificación"),
    ("justificacion_inverificable", patron(r"imposibilidad\s+de\s+verificar|no\s+permita\s+verificar|impida\s+verificar"
                                           r"|resistencia,?\s+excusa|obstrucción\s+o\s+negativa"),
     "La justificación insuficiente impide verificar el empleo dado a los fondos"),
    ("otra_causa_total",
     patron(r"cualquier\s+otro\s+incumplimiento|concurrencia\s+de\s+cualquiera\s+de\s+las\s+condiciones"
            r"|incumplimiento\s+del?\s+(?:los\s+requisitos|las\s+obligaciones|las\s+condiciones|principio|los\s+compromisos)"
            r"|falta\s+de\s+colaboración|daño\s+significativo|no\s+causar\s+(?:un\s+)?perjuicio|no\s+sometimiento"
            r"|requisitos"),
     "Otro incumplimiento que el artículo castiga con el reintegro total"),
)
_REMISION = patron(r"artículos?\s+3[67](?:\.\d)?(?:\s+(?:a|y)\s+(?:37|4[0-3]))?,?\s+de\s+la\s+"
                   r"(?:ley\s+38/2003|ley\s+general\s+de\s+subvenciones)"
                   r"|artículos?\s+36(?:\.\d)?\s+(?:a|y)\s+(?:37|43)|título\s+ii\s+de\s+la\s+ley\s+38/2003")
# LGS 37.1 a) to c): the causes a remission to the general law brings.
_DE_LA_LEY = (
    ("falseamiento", "La subvención se obtuvo falseando u ocultando condiciones (artículo 37.1.a de la Ley 38/2003)"),
    ("incumplimiento_total_fines", "Incumplimiento total del objetivo o de la actividad (artículo 37.1.b de la Ley 38/2003)"),
    ("sin_justificacion", "Incumplimiento de la obligación de justificación (artículo 37.1.c de la Ley 38/2003)"),
)
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


def _de_la_ley(articulo: Articulo, vistos: set[str]) -> list[Hallazgo]:
    """The general law's total causes the article does not word itself: those of LGS 37.1 a) to c)
    where it remits to the law, cited on that sentence; else falsifying alone (37.1.a)."""
    remision = next((f for f in articulo.frases() if busca(_REMISION, f.plano)), None)
    salida = []
    for campo, texto in _DE_LA_LEY if remision else _DE_LA_LEY[:1]:
        if campo in vistos:
            if remision is not None:  # the remission brings it too: its sentence is read with it
                salida.append(Hallazgo("repetido", "causa_total", {"campo": campo, "ancla": remision.ancla},
                                       [remision], REVISAR, "también por la remisión a la Ley 38/2003"))
            continue
        ancla = remision.ancla if remision else "lgs-37-1-a"
        motivo = ("el artículo remite a la Ley 38/2003: su artículo 37.1 es causa de reintegro; se toma como total"
                  if remision else "el artículo no la nombra: es causa de reintegro total por el artículo 37.1.a de la "
                                   "Ley 38/2003")
        salida.append(Hallazgo("causas_totales", "causa_total", {"campo": campo, "ancla": ancla, "texto": texto},
                               [remision] if remision else [], REVISAR, motivo, [(campo, ancla)]))
    return salida


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
    return salida + _de_la_ley(articulo, vistos)
