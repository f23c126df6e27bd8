"""Total causes and the threshold between total and proportional reintegro
(algorithm steps 1 and 3), as each bases words them.
"""

from __future__ import annotations

from typing import NamedTuple


from .caso import Caso
from .ejecucion import Ejecucion
from .explicacion import Frase, Notas
from .importes import CIEN, Grado, Porcentaje, Racional, exacto, fraccion
from .criterios import causa_total_de_criterios
from .minoraciones import retraso_total
from .modelo_bases import Bases, MinoracionPorRetraso, Regimen, RegimenProporcional, UmbralDeclarado, UmbralPorcentaje
from .variante import Variante

GASTO_SOBRE_CONCEDIDO = "gasto_aceptado/importe_concedido"
GASTO_SOBRE_COSTE = "gasto_aceptado/coste_proyecto"
OBJETIVOS = "grado_cumplimiento_objetivos"

# What each measure is, in the bases' own terms, in the sentence that says it
# is short of its threshold (keyed by the regime's `medida`; objectives apart).
_QUE_SE_MIDE = {
    "importe_concedido": "el gasto aceptado es el {} del importe concedido",
    "coste_proyecto": "el gasto aceptado es el {} del coste del proyecto",
    "ejecucion": "la ejecución económica es del {}",
    OBJETIVOS: "el grado de cumplimiento de los objetivos es del {}",
}


class CausaDeReintegroTotal(NamedTuple):
    frase: Frase | str
    ancla: str
    notas: tuple[str, ...] = ()


class Umbral(NamedTuple):
    """One threshold test of the bases: a measure of the case and its minimum."""

    medida: str  # GASTO_SOBRE_CONCEDIDO, GASTO_SOBRE_COSTE or OBJETIVOS
    valor: Racional  # the measure now (1 = 100 %)
    minimo: Racional  # the threshold (1 = 100 %)
    base: Racional | None  # G or C for a measure of expense (A / base), None for objectives

    @property
    def de_gasto(self) -> bool:
        return self.base is not None


def umbrales(regimen: Regimen, e: Ejecucion, v: Variante) -> list[Umbral]:
    """The threshold tests of a percentage regime, economic first (none for a
    regime of stated approximation, a proportional one, or a threshold whose
    condition the case does not meet)."""
    if not isinstance(regimen, UmbralPorcentaje) or not e.umbral_activo:
        return []
    minimo = fraccion(regimen.minimo)
    if regimen.medida == "importe_concedido" and not v.umbral_sobre_coste:
        salida = [Umbral(GASTO_SOBRE_CONCEDIDO, e.aceptado / e.concedido, minimo, e.concedido)]
    else:
        salida = [Umbral(GASTO_SOBRE_COSTE, e.aceptado / e.coste, minimo, e.coste)]
    cuentan_objetivos = regimen.objetivos_en_umbral == "si" or (
        regimen.objetivos_en_umbral == "discutible" and not v.umbral_sin_objetivos
    )
    if cuentan_objetivos:
        salida.append(Umbral(OBJETIVOS, e.tecnico, minimo, None))
    return salida


def causa_total(b: Bases, caso: Caso, e: Ejecucion, v: Variante, notas: Notas) -> CausaDeReintegroTotal | None:
    """The first total cause the case meets, or None when the regime is proportional."""
    for causa in b.causas_totales:
        if getattr(caso, causa.campo):
            notas.anadir_varias(causa.notas)
            return CausaDeReintegroTotal(causa.texto, causa.ancla)
    propia = causa_total_de_criterios(b, caso, v, notas)
    if propia is not None:
        return CausaDeReintegroTotal(*propia)
    for m in b.minoraciones:
        frase = retraso_total(m, caso, notas) if isinstance(m, MinoracionPorRetraso) and m.tramos else None
        if frase is not None:
            return CausaDeReintegroTotal(frase, m.ancla, m.notas)
    concurrente = _ayudas_que_cubren_el_coste(b, caso, e, notas)
    if concurrente:
        return concurrente
    if isinstance(b.regimen, UmbralDeclarado):
        return _declaracion(b.regimen, caso, notas)
    if isinstance(b.regimen, RegimenProporcional):
        return None
    if not e.umbral_activo:
        etiqueta = b.criterio(b.regimen.solo_si).etiqueta
        notas.anadir("umbral-condicionado", umbral=Porcentaje(exacto(b.regimen.minimo)), condicion=etiqueta)
        return None
    return _umbral(b.regimen, e, v, notas)


def _ayudas_que_cubren_el_coste(b: Bases, caso: Caso, e: Ejecucion, notas: Notas) -> CausaDeReintegroTotal | None:
    """Undeclared other aid that alone covers the cost (e.g. BOE-A-2024-17269 3.e)."""
    ancla = b.concurrencia.ancla_total
    otras = exacto(caso.otras_ayudas)
    if ancla is None or otras == 0 or otras < e.aceptado:
        return None
    if caso.otras_ayudas_comunicadas:
        notas.anadir("ayudas-comunicadas")
        return None
    return CausaDeReintegroTotal(
        "Las otras ayudas no comunicadas cubren por sí solas el coste de la actividad", ancla
    )


def _declaracion(regimen: UmbralDeclarado, caso: Caso, notas: Notas) -> CausaDeReintegroTotal | None:
    notas.anadir_varias(regimen.notas)
    if getattr(caso, regimen.campo):
        return None
    return CausaDeReintegroTotal(regimen.texto_total, regimen.ancla, tuple(regimen.notas))


def _umbral(regimen: UmbralPorcentaje, e: Ejecucion, v: Variante, notas: Notas) -> CausaDeReintegroTotal | None:
    pruebas = umbrales(regimen, e, v)
    for u in pruebas:
        if u.valor < u.minimo:
            return _por_debajo(regimen, u, "{}: " + _que_se_mide(regimen, u, v) + ", por debajo del {}")
    en_el_limite = [u for u in pruebas if u.valor == u.minimo]
    if regimen.limite_exacto == "laguna" and en_el_limite:
        if v.umbral_exacto_total:
            return _por_debajo(regimen, en_el_limite[0], "{}: " + _que_se_mide(regimen, en_el_limite[0], v)
                               + ", justo el {} y no más, y esta lectura no lo da por superado", ("D3",))
        notas.anadir("D3", umbral=Grado(en_el_limite[0].minimo))
    return None


def _que_se_mide(regimen: UmbralPorcentaje, u: Umbral, v: Variante) -> str:
    if u.medida == OBJETIVOS:
        return _QUE_SE_MIDE[OBJETIVOS]
    if v.umbral_sobre_coste:
        return _QUE_SE_MIDE["coste_proyecto"]
    return _QUE_SE_MIDE[regimen.medida]


def _por_debajo(regimen: UmbralPorcentaje, u: Umbral, plantilla: str, notas: tuple[str, ...] = ()) -> CausaDeReintegroTotal:
    minimo = u.minimo * CIEN
    frase = Frase(plantilla, regimen.texto_total, Grado(u.valor, (minimo,)), Porcentaje(minimo))
    return CausaDeReintegroTotal(frase, regimen.ancla, notas)
