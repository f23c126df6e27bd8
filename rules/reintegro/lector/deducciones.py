"""Expense not accepted: without a voucher («No aportación de justificante
de gasto o pago»; or the part «no justificada» a proportional sentence
speaks of), contracts without the three offers of LGS 31.3, budget changes
without the required authorisation. «Porcentaje a reintegrar: importe del
gasto» names the expense itself as the amount (``importe_fijo``)."""

from __future__ import annotations

from .hallazgo import REVISAR, SEGURA, Hallazgo, busca, patron
from .parrafos import Articulo, Parrafo
from .regimen import elegir_proporcional

_JUSTIFICANTE = patron(r"(?:no\s+aportación|falta|ausencia)\s+de(?:l)?\s+(?:los\s+)?justificantes?"
                       r"|justificantes?\s+de(?:l)?\s+gasto")
_OFERTAS = patron(r"ofertas|\bcontrat")
_ART_31_3 = patron(r"31\.3|apartado\s+3\s+del\s+artículo\s+31")
_MODIFICACIONES = patron(r"modificaci\w{0,4}\s+(?:no\s+autorizadas\s+)?(?:del|de\s+la|en\s+el|de\s+los)\s+"
                         r"(?:presupuesto|proyecto|conceptos|resolución)")
_AUTORIZACION = patron(r"autoriza")
_IMPORTE_FIJO = patron(r"porcentaje\s+a\s+reintegrar:?\s+(?:el\s+)?importe")
_NOTAS_IMPORTE_FIJO = ["gasto-no-aceptado", "importe-del-gasto"]

_TEXTOS = {
    "gasto_sin_justificante": "Gasto sin justificante de gasto o pago",
    "gasto_sin_ofertas": "Gasto en contratos sin las ofertas del art. 31.3 de la Ley 38/2003",
    "gasto_modificaciones_no_autorizadas": "Gasto en modificaciones del presupuesto no autorizadas",
}


def _deduccion(campo: str, parrafo: Parrafo, certeza: str = SEGURA, motivo: str = "", frases=None) -> Hallazgo:
    datos = {"campo": campo, "ancla": parrafo.ancla, "texto": _TEXTOS[campo]}
    if busca(_IMPORTE_FIJO, parrafo.plano):
        datos["importe_fijo"] = True
        datos["notas"] = _NOTAS_IMPORTE_FIJO
    return Hallazgo("deducciones", "deduccion", datos, frases or parrafo.frases, certeza, motivo,
                    [(campo, parrafo.ancla)])


def reconocer(articulo: Articulo) -> list[Hallazgo]:
    salida: list[Hallazgo] = []
    vistos: set[str] = set()
    for parrafo in articulo.parrafos:
        texto = parrafo.plano
        if busca(_JUSTIFICANTE, texto) and "gasto_sin_justificante" not in vistos:
            salida.append(_deduccion("gasto_sin_justificante", parrafo))
            vistos.add("gasto_sin_justificante")
        elif busca(_OFERTAS, texto) and busca(_ART_31_3, texto) and "gasto_sin_ofertas" not in vistos:
            salida.append(_deduccion("gasto_sin_ofertas", parrafo))
            vistos.add("gasto_sin_ofertas")
        elif busca(_MODIFICACIONES, texto) and busca(_AUTORIZACION, texto) \
                and "gasto_modificaciones_no_autorizadas" not in vistos:
            salida.append(_deduccion("gasto_modificaciones_no_autorizadas", parrafo))
            vistos.add("gasto_modificaciones_no_autorizadas")
    if "gasto_sin_justificante" not in vistos:
        frase = elegir_proporcional(articulo, None, de_justificacion=True)
        if frase is not None:
            salida.append(_deduccion("gasto_sin_justificante", frase.parrafo, REVISAR,
                                     "la parte no justificada se cuenta como gasto sin justificante", [frase]))
    return salida
