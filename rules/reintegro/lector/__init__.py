"""The reader: the Spanish text of an article of bases reguladoras turned into
a bases under the model (``modelo_bases.Bases``), every criterion with the
sentence it came from, its paragraph and a certainty.

    >>> from reintegro.lector import leer_articulo
    >>> lectura = leer_articulo(texto)          # {"bases", "criterios", "sin_reconocer"}

``parrafos`` finds the paragraphs, their anchors and sentences; ``numeros``
reads numbers in digits and words; one module per family of criteria
(``regimen``, ``causas``, ``deducciones``, ``publicidad``, ``demora``,
``topes``, ``financiacion``, ``liquidacion``); ``ensamblado`` puts them
together. Pure Python and the standard library's ``re`` with bounded
patterns: linear in the text's length, and the same in Pyodide.
"""

from __future__ import annotations

from .ensamblado import NadaReconocido, ensamblar
from .parrafos import ArticuloIlegible, leer_parrafos

__all__ = ["ArticuloIlegible", "NadaReconocido", "leer_articulo"]


def leer_articulo(texto: str, id_: str | None = None) -> dict:
    """{"bases", "criterios", "sin_reconocer"} read from ``texto``; ArticuloIlegible
    (NadaReconocido when nothing was recognised) with a Spanish message otherwise."""
    return ensamblar(leer_parrafos(texto), texto, id_)
