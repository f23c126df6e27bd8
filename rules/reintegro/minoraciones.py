"""Graded reductions of the grant (algorithm steps 5 and 6): fixed
percentages, reductions per days late, discretionary ranges, and the caps of
groups of reductions. Each kind is written once and configured by the data.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .caso import Caso
from .explicacion import Notas
from .importes import CIEN, exacto, porcentaje_es
from .modelo_bases import (
    Bases,
    MinoracionDiscrecional,
    MinoracionFija,
    MinoracionPorDias,
)


@dataclass(frozen=True)
class Reduccion:
    """A reduction that applies, as a fraction of the grant."""

    texto: str
    fraccion: Fraction
    ancla: str
    grupo: str | None = None


def reducciones(b: Bases, caso: Caso, discrecional_al_maximo: bool, notas: Notas) -> list[Reduccion]:
    """The reductions that apply to the case, group caps included."""
    salida: list[Reduccion] = []
    for minoracion in b.minoraciones:
        reduccion = _aplicar(minoracion, caso, discrecional_al_maximo, notas)
        if reduccion is not None:
            salida.append(reduccion)
    return _topes_de_grupo(b, salida)


def _aplicar(minoracion, caso: Caso, al_maximo: bool, notas: Notas) -> Reduccion | None:
    if isinstance(minoracion, MinoracionFija):
        return _fija(minoracion, caso, notas)
    if isinstance(minoracion, MinoracionDiscrecional):
        return _discrecional(minoracion, caso, al_maximo, notas)
    return _por_dias(minoracion, caso, notas)


def _fija(m: MinoracionFija, caso: Caso, notas: Notas) -> Reduccion | None:
    if getattr(caso, m.campo) not in m.valores:
        return None
    notas.anadir_varias(m.notas)
    fraccion = exacto(m.porcentaje) / CIEN
    return Reduccion(f"{m.texto}: {porcentaje_es(exacto(m.porcentaje))} del importe concedido", fraccion, m.ancla, m.grupo)


def _discrecional(m: MinoracionDiscrecional, caso: Caso, al_maximo: bool, notas: Notas) -> Reduccion | None:
    if getattr(caso, m.campo) not in m.valores:
        return None
    notas.anadir_varias(m.notas)
    maximo = porcentaje_es(exacto(m.maximo))
    notas.anadir("rango-discrecional", concepto=m.texto.lower(), maximo=maximo, decide=m.decide)
    if al_maximo:
        return Reduccion(f"{m.texto}: máximo del rango, {maximo} del importe concedido", exacto(m.maximo) / CIEN, m.ancla)
    return Reduccion(
        f"{m.texto}: sin cifra en el texto; el cálculo toma el extremo inferior (0 %) "
        f"y el rango llega hasta el {maximo} del importe concedido",
        Fraction(0),
        m.ancla,
    )


def dias_de_retraso(m: MinoracionPorDias, caso: Caso, notas: Notas) -> int | None:
    desde, hasta = getattr(caso, m.desde), getattr(caso, m.hasta)
    if desde is None and hasta is None:
        return None
    if desde is None or hasta is None:
        notas.anadir("demora-sin-fechas")
        return None
    return max((hasta - desde).days, 0)


def _por_dias(m: MinoracionPorDias, caso: Caso, notas: Notas) -> Reduccion | None:
    dias = dias_de_retraso(m, caso, notas)
    if not dias:
        return None
    periodos = dias // m.dias  # D4: complete periods only
    notas.anadir("D4", dias=str(dias), periodos=str(periodos))
    notas.anadir_varias(m.notas)
    if periodos == 0:
        return None
    porcentaje = min(periodos * exacto(m.porcentaje), exacto(m.maximo))
    tope = " (máximo alcanzado)" if porcentaje == exacto(m.maximo) else ""
    return Reduccion(
        f"{m.texto}: {dias} días naturales de retraso, {periodos} periodos completos de {m.dias} días, "
        f"{porcentaje_es(porcentaje)} del importe concedido{tope}",
        porcentaje / CIEN,
        m.ancla,
        m.grupo,
    )


def _topes_de_grupo(b: Bases, lista: list[Reduccion]) -> list[Reduccion]:
    """Append, per capped group, a step giving back what exceeds its cap."""
    salida = list(lista)
    for grupo in b.grupos:
        suma = sum((r.fraccion for r in lista if r.grupo == grupo.id), Fraction(0))
        tope = exacto(grupo.tope) / CIEN
        if suma > tope:
            salida.append(
                Reduccion(
                    f"{grupo.texto}: las minoraciones de este grupo suman el {porcentaje_es(suma * CIEN)} "
                    f"y no pueden superar el {porcentaje_es(tope * CIEN)} del importe concedido",
                    tope - suma,
                    grupo.ancla,
                )
            )
    return salida
