"""What a recogniser finds, and the words shared by several of them.

A ``Hallazgo`` is one criterion read from the text: the section of the bases
it fills (``destino``: "regimen", "causas_totales", "minoraciones"...), the
clause's data, the catalogue's name of its kind (``clase``), the sentences it
was read from (never a figure without them), the case fields it uses and a
certainty: "segura" when every figure and the field are in the sentences'
own words, "revisar" when something was inferred (``motivo`` says what).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .numeros import plano
from .parrafos import Frase, Parrafo

SEGURA = "segura"
REVISAR = "revisar"


@dataclass
class Hallazgo:
    destino: str
    clase: str
    datos: dict
    frases: list[Frase]
    certeza: str = SEGURA
    motivo: str = ""
    campos: list[tuple[str, str]] = field(default_factory=list)  # (field, anchor)

    @property
    def ancla(self) -> str:
        return self.datos.get("ancla") or self.frases[0].ancla

    def texto(self) -> str:
        """The sentences it was read from: the verbatim words from the first to the last."""
        primera, ultima = self.frases[0], self.frases[-1]
        if primera.parrafo is ultima.parrafo:
            return primera.parrafo.texto[primera.inicio:ultima.fin]
        return " […] ".join(f.texto for f in self.frases)


def busca(patron_: re.Pattern, texto: str) -> re.Match | None:
    """``texto`` as the patterns read it: a Frase's or Parrafo's ``plano``."""
    return patron_.search(texto)


def patron(texto: str) -> re.Pattern:
    """A pattern in lower case, for ``plano`` text (a third of the time of IGNORECASE)."""
    sin_grupos = re.sub(r"\(\?P<|\\[ABDSWZ]", "", texto)  # group names and escapes such as \Z
    if sin_grupos != sin_grupos.lower():
        raise ValueError(f"un patrón del lector debe ir en minúsculas: {texto}")
    return re.compile(texto)


# The consequence a sentence gives its breach.
TOTAL = patron(
    r"reintegro\s(?:total|íntegro)(?!\so\sparcial)|pérdida\stotal|reintegro\sde\sla\stotalidad"
    r"|no\sse\sabonará\s(?:ayuda\salguna|la\sayuda|cantidad\salguna)"
    r"|pérdida\sde(?:l)?\sderecho\sal\scobro(?![^.;]{0,40}parcial)(?![^.;]{0,40}(?:proporcional|de\sparte))"
    r"|(?:reintegro|reintegrar|porcentaje\sa\sreintegrar:?)\s(?:del?\s)?(?:el\s)?(?:100|cien)\s?(?:%|por\s?cien(?:to)?|por\s100)"
    r"|causas?\sde(?:l)?\sreintegro\stotal|incumplimiento\stotal\sy\sque|revocación\stotal|percepción\stotal"
    r"|[:|]\s*(?:100|cien)\s?(?:%|por\s?cien(?:to)?)"
)
PARCIAL = patron(r"reintegro\sparcial|proporcional|minoración|parte\sde\slas\scantidades|pérdida\sparcial"
                 r"|total\so\sparcial|reducirá")
TOTAL_O_PARCIAL = patron(r"total\so\sparcial|en\sfunción\sde\sla\sgravedad")
CONSECUENCIA = patron(r"reintegr|pérdida|minora|reduc|no\sse\sabonará|porcentaje\sa\s")


def consecuencia_total(frase: Frase) -> str | None:
    """Where a sentence's breach gets total reintegro: "frase" (its own words),
    "parrafo" (another sentence of its paragraph, as «Porcentaje a
    reintegrar: 100 %»), "cabecera" (the list it is in says so), or None."""
    if busca(TOTAL, frase.plano) and not busca(TOTAL_O_PARCIAL, frase.plano):
        return "frase"
    parrafo = frase.parrafo
    if busca(CONSECUENCIA, frase.plano) or parrafo.tipo == "tabla":
        return None  # its own consequence, not total; a table's row has its own
    if frase_total(parrafo) is not None:
        return "parrafo"
    if parrafo.cabecera is not None and busca(TOTAL, parrafo.cabecera.plano):
        return "cabecera"
    return None


def frase_total(parrafo: Parrafo) -> Frase | None:
    """The paragraph's first sentence of total reintegro (found once per paragraph)."""
    if parrafo.total is False:
        parrafo.total = next((f for f in parrafo.frases if busca(TOTAL, f.plano) and not busca(TOTAL_O_PARCIAL, f.plano)),
                             None)
    return parrafo.total


def en_lista_parcial(parrafo: Parrafo) -> bool:
    """The paragraph is an item of a list of partial causes."""
    return parrafo.cabecera is not None and bool(busca(PARCIAL, parrafo.cabecera.plano)) \
        and not busca(TOTAL, parrafo.cabecera.plano)


def frase_con(parrafo: Parrafo, patron_: re.Pattern) -> Frase | None:
    return next((f for f in parrafo.frases if busca(patron_, f.plano)), None)
