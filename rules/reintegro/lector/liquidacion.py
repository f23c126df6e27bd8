"""Where the article rules paying back what was received (and losing what
was not) and the interest of delay from the payment: the paragraphs the
result cites for those steps."""

from __future__ import annotations

from .hallazgo import SEGURA, Hallazgo, busca, patron
from .parrafos import Articulo

_INTERESES = patron(r"inter[eé]s(?:es)?\s+de\s+demora")
_DESDE = patron(r"\bdesde\b")
_REINTEGRO = patron(r"procederá\s+el\s+reintegro\s+(?:total\s+o\s+parcial\s+)?de\s+(?:las\s+cantidades|la\s+subvención"
                    r"|la\s+ayuda)|reintegrar\s+(?:total\s+o\s+parcialmente,?\s+)?las\s+cantidades\s+"
                    r"percibidas|reintegro\s+de\s+las\s+cantidades\s+percibidas")
_PERCIBIR = patron(r"cantidad\s+que\s+finalmente\s+haya(?:n)?\s+de\s+percibir")


def reconocer(articulo: Articulo) -> list[Hallazgo]:
    salida: list[Hallazgo] = []
    frases = articulo.frases()
    intereses = next((f for f in frases if busca(_INTERESES, f.plano) and busca(_DESDE, f.plano)), None)
    if intereses is not None:
        salida.append(Hallazgo("intereses", "intereses", {"ancla": intereses.ancla}, [intereses], SEGURA))
    reintegro = next((f for f in frases if busca(_REINTEGRO, f.plano)), None) or \
        next((f for f in frases if busca(_PERCIBIR, f.plano)), None)
    if reintegro is not None:
        datos = {"ancla_reintegro": reintegro.ancla, "ancla_perdida": "rlgs-89"}
        salida.append(Hallazgo("liquidacion", "liquidacion", datos, [reintegro], SEGURA))
    return salida
