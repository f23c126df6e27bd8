"""Graded reductions of the grant (algorithm steps 5 and 6): fixed
percentages, reductions per days late, discretionary ranges, and the caps of
groups of reductions. Each kind is written once and configured by the data.
"""

from __future__ import annotations

from typing import NamedTuple


from .caso import Caso
from .explicacion import Frase, Notas
from .importes import CIEN, Grado, Porcentaje, Racional, exacto, fraccion
from .modelo_bases import (
    Bases,
    MinoracionDiscrecional,
    MinoracionFija,
    MinoracionPorDias,
)
from .variante import Variante


class Reduccion(NamedTuple):
    """A reduction that applies, as a fraction of the grant."""

    frase: Frase
    fraccion: Racional
    ancla: str
    grupo: str | None = None
    notas: tuple[str, ...] = ()


def reducciones(b: Bases, caso: Caso, v: Variante, notas: Notas) -> list[Reduccion]:
    """The reductions that apply to the case, group caps included."""
    salida: list[Reduccion] = []
    for minoracion in b.minoraciones:
        reduccion = _aplicar(minoracion, caso, v, notas)
        if reduccion is not None:
            salida.append(reduccion)
    return _topes_de_grupo(b, salida)


def _aplicar(minoracion, caso: Caso, v: Variante, notas: Notas) -> Reduccion | None:
    if isinstance(minoracion, MinoracionFija):
        return _fija(minoracion, caso, notas)
    if isinstance(minoracion, MinoracionDiscrecional):
        return _discrecional(minoracion, caso, v.discrecional_al_maximo, notas)
    return _por_dias(minoracion, caso, v.periodos_iniciados, notas)


def _fija(m: MinoracionFija, caso: Caso, notas: Notas) -> Reduccion | None:
    if getattr(caso, m.campo) not in m.valores:
        return None
    notas.anadir_varias(m.notas)
    porcentaje = exacto(m.porcentaje)
    return Reduccion(Frase("{}: {} del importe concedido", m.texto, Porcentaje(porcentaje)),
                     fraccion(m.porcentaje), m.ancla, m.grupo, m.notas)


def _discrecional(m: MinoracionDiscrecional, caso: Caso, al_maximo: bool, notas: Notas) -> Reduccion | None:
    if getattr(caso, m.campo) not in m.valores:
        return None
    notas.anadir_varias(m.notas)
    maximo = Porcentaje(exacto(m.maximo))
    notas.anadir("rango-discrecional", concepto=m.texto.lower(), maximo=maximo, decide=m.decide)
    codigos = (*m.notas, "rango-discrecional")
    if al_maximo:
        return Reduccion(Frase("{}: máximo del rango, {} del importe concedido", m.texto, maximo),
                         fraccion(m.maximo), m.ancla, notas=codigos)
    return Reduccion(
        Frase("{}: sin cifra en el texto; el cálculo toma el extremo inferior (0 %) "
              "y el rango llega hasta el {} del importe concedido", m.texto, maximo),
        Racional(0),
        m.ancla,
        notas=codigos,
    )


def dias_de_retraso(m: MinoracionPorDias, caso: Caso, notas: Notas) -> int | None:
    desde, hasta = getattr(caso, m.desde), getattr(caso, m.hasta)
    if desde is None and hasta is None:
        return None
    if desde is None or hasta is None:
        notas.anadir("demora-sin-fechas")
        return None
    return max((hasta - desde).days, 0)


def periodos_de_retraso(dias: int, longitud: int, iniciados: bool) -> int:
    """Periods of ``longitud`` days in ``dias``: complete ones only (D4), or
    every period begun (the rival reading)."""
    return -(-dias // longitud) if iniciados else dias // longitud


def _por_dias(m: MinoracionPorDias, caso: Caso, iniciados: bool, notas: Notas) -> Reduccion | None:
    dias = dias_de_retraso(m, caso, notas)
    if not dias:
        return None
    periodos = periodos_de_retraso(dias, m.dias, iniciados)
    notas.anadir("D4", dias=dias, periodos=periodos_es(periodos))
    notas.anadir_varias(m.notas)
    if periodos == 0:
        return None
    porcentaje = min(periodos * exacto(m.porcentaje), exacto(m.maximo))
    tope = " (máximo alcanzado)" if porcentaje == exacto(m.maximo) else ""
    cuenta = "iniciados" if iniciados else "completos"
    return Reduccion(
        Frase("{}: {} días naturales de retraso, {} {} de {} días, {} del importe concedido{}",
              m.texto, dias, periodos_es(periodos), cuenta if periodos != 1 else cuenta[:-1],
              m.dias, Porcentaje(porcentaje), tope),
        porcentaje / CIEN,
        m.ancla,
        m.grupo,
        ("D4", *m.notas),
    )


def periodos_es(periodos: int) -> str:
    """"1 periodo", "3 periodos"."""
    return f"{periodos} periodo" if periodos == 1 else f"{periodos} periodos"


def _topes_de_grupo(b: Bases, lista: list[Reduccion]) -> list[Reduccion]:
    """Append, per capped group, a step giving back what exceeds its cap."""
    salida = list(lista)
    for grupo in b.grupos:
        suma = sum((r.fraccion for r in lista if r.grupo == grupo.id), Racional(0))
        tope = fraccion(grupo.tope)
        if suma > tope:
            salida.append(
                Reduccion(
                    Frase("{}: las minoraciones de este grupo suman el {} y no pueden superar el {} "
                          "del importe concedido", grupo.texto, Grado(suma), Grado(tope)),
                    tope - suma,
                    grupo.ancla,
                )
            )
    return salida
