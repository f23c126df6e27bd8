"""Reductions per period of delay in presenting the justification: «una
minoración del uno por ciento … por cada tres días naturales de demora hasta
alcanzar el máximo del diez por ciento». Days and weeks are counted as
natural days; months and working days are not in the model (they go to
«sin reconocer» with the reason)."""

from __future__ import annotations

from decimal import Decimal

import re

from .hallazgo import REVISAR, SEGURA, Hallazgo, busca, patron, plano
from .numeros import NUMERO, numero, porcentajes
from .parrafos import Articulo, Frase
from .topes import grupo_de

_DEMORA = patron(r"demora|fuera\s+de(?:l)?\s+plazo|retraso")
_JUSTIFICACION = patron(r"justifica")
_POR_CADA = re.compile(rf"por\s+cada\s+(?:(?P<numero>{NUMERO})\s+)?(?P<unidad>días?|semanas?|mes(?:es)?)"
                       r"(?:\s+(?P<clase>naturales|hábiles|laborables))?")
_SANCION = patron(r"reintegr|minoraci|reducci|penalizaci|pérdida")
_MAXIMO = patron(r"(?:máximo|hasta\s+(?:alcanzar\s+)?(?:un|el)?)\s*(?:del?\s+|de\s+un\s+)?$")


def _de_la_frase(frase: Frase, grupos: dict) -> list[Hallazgo]:
    texto = frase.plano
    por_cada = _POR_CADA.search(texto)
    if por_cada is None:
        return _fija(frase, grupos)
    cifras = porcentajes(texto)
    antes = [c for c in cifras if c.fin <= por_cada.start()]
    if not antes:
        return []
    unidad = por_cada["unidad"].lower()
    cantidad = int(numero(por_cada["numero"])) if por_cada["numero"] else 1
    clase = (por_cada["clase"] or "").lower()
    if unidad.startswith("mes") or clase in ("hábiles", "laborables"):
        que = "por meses" if unidad.startswith("mes") else "en días hábiles"
        return [Hallazgo("sin_reconocer", "escala_retraso", {}, [frase], REVISAR,
                         f"una escala de retraso {que}: el modelo cuenta días naturales")]
    dias = cantidad * 7 if unidad.startswith("semana") else cantidad
    motivos = []
    if unidad.startswith("d") and not clase:
        motivos.append("el texto no dice si los días son naturales o hábiles: se cuentan naturales")
    maximos = [c for c in cifras if c.inicio > por_cada.end() and busca(_MAXIMO, texto[max(0, c.inicio - 40):c.inicio])]
    grupo = grupo_de(frase.parrafo, grupos)
    if maximos:
        maximo = maximos[0].valor
    elif grupo is not None:
        maximo = grupo.datos["tope"]
        motivos.append("sin máximo propio: se toma el tope del grupo")
    else:
        maximo = Decimal(100)
        motivos.append("el texto no fija un máximo")
    frases = frase.con_las_anteriores()
    datos = {"tipo": "por_dias", "desde": "fecha_limite_justificacion", "hasta": "fecha_presentacion_justificacion",
             "dias": dias, "porcentaje": antes[-1].valor, "maximo": maximo, "ancla": frase.ancla,
             "texto": "Demora en la presentación de la justificación"}
    if grupo is not None:
        datos["grupo"] = grupo.datos["id"]
    campos = [("fecha_limite_justificacion", frase.ancla), ("fecha_presentacion_justificacion", frase.ancla)]
    hallazgo = Hallazgo("minoraciones", "minoracion_por_dias", datos, frases, REVISAR if motivos else SEGURA,
                        "; ".join(motivos), campos)
    return [hallazgo] + ([grupo] if grupo is not None else [])


def _fija(frase: Frase, grupos: dict) -> list[Hallazgo]:
    """A percentage for any delay («Demora en la presentación de justificación: deberá ser reintegrado
    el 10 %»): from the first day late, that percentage and no more (1 day, X %, at most X %)."""
    cifras = [c for c in porcentajes(frase.plano) if c.valor < 100]
    if len(cifras) != 1 or not busca(_SANCION, frase.plano):
        return []
    valor = cifras[0].valor
    datos = {"tipo": "por_dias", "desde": "fecha_limite_justificacion", "hasta": "fecha_presentacion_justificacion",
             "dias": 1, "porcentaje": valor, "maximo": valor, "ancla": frase.ancla,
             "texto": "Demora en la presentación de la justificación"}
    grupo = grupo_de(frase.parrafo, grupos)
    if grupo is not None:
        datos["grupo"] = grupo.datos["id"]
    campos = [("fecha_limite_justificacion", frase.ancla), ("fecha_presentacion_justificacion", frase.ancla)]
    hallazgo = Hallazgo("minoraciones", "minoracion_por_dias", datos, frase.con_las_anteriores(), REVISAR,
                        "un porcentaje por cualquier retraso: se aplica entero desde el primer día", campos)
    return [hallazgo] + ([grupo] if grupo is not None else [])


def reconocer(articulo: Articulo) -> list[Hallazgo]:
    grupos: dict = {}
    salida: list[Hallazgo] = []
    for frase in articulo.frases():
        if busca(_DEMORA, frase.plano) and busca(_JUSTIFICACION, frase.parrafo.plano):
            salida += _de_la_frase(frase, grupos)
    return salida
