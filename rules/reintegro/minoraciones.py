"""Graded reductions of the grant (algorithm steps 5 and 6): fixed
percentages, reductions per days late, delay scales and tiers, discretionary
ranges, the bases' own criteria (``criterios``), and the caps of groups of
reductions. Each kind is written once and configured by the data.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from .calendario import dias_habiles_entre, meses_completos
from .caso import Caso
from .explicacion import Frase, Notas
from .importes import CIEN, Grado, Porcentaje, Racional, exacto, fraccion
from .modelo_bases import (
    Bases,
    MinoracionDiscrecional,
    MinoracionFija,
    MinoracionPorDias,
    MinoracionPorRetraso,
    TramoRetraso,
)
from .reduccion import Reduccion
from .variante import Variante

__all__ = ["Reduccion", "reducciones", "reduccion_fija", "reduccion_discrecional"]


def reducciones(b: Bases, caso: Caso, v: Variante, notas: Notas) -> list[Reduccion]:
    """The reductions that apply to the case, group caps included."""
    from .criterios import reducciones_de_criterios  # criterios builds on this module's kinds

    salida: list[Reduccion] = []
    for minoracion in b.minoraciones:
        reduccion = _aplicar(minoracion, caso, v, notas)
        if reduccion is not None:
            salida.append(reduccion)
    salida += reducciones_de_criterios(b, caso, v, notas)
    return _topes_de_grupo(b, salida)


def _aplicar(minoracion, caso: Caso, v: Variante, notas: Notas) -> Reduccion | None:
    if isinstance(minoracion, MinoracionFija):
        return _fija(minoracion, caso, notas)
    if isinstance(minoracion, MinoracionDiscrecional):
        return _discrecional(minoracion, caso, v.discrecional_al_maximo, notas)
    if isinstance(minoracion, MinoracionPorRetraso):
        return _por_retraso(minoracion, caso, v.periodos_iniciados, notas)
    return _por_dias(minoracion, caso, v.periodos_iniciados, notas)


def reduccion_fija(texto: str, porcentaje: Decimal, ancla: str, grupo: str | None, codigos: tuple[str, ...],
                   notas: Notas) -> Reduccion:
    """A fixed percentage of the grant."""
    notas.anadir_varias(codigos)
    return Reduccion(Frase("{}: {} del importe concedido", texto, Porcentaje(exacto(porcentaje))),
                     fraccion(porcentaje), ancla, grupo, codigos)


def reduccion_discrecional(texto: str, maximo_texto: Decimal, decide: str, ancla: str, codigos: tuple[str, ...],
                           al_maximo: bool, notas: Notas) -> Reduccion:
    """No figure in the text: from 0 to ``maximo_texto`` % of the grant (step 6)."""
    notas.anadir_varias(codigos)
    maximo = Porcentaje(exacto(maximo_texto))
    notas.anadir("rango-discrecional", concepto=texto.lower(), maximo=maximo, decide=decide)
    codigos = (*codigos, "rango-discrecional")
    if al_maximo:
        return Reduccion(Frase("{}: máximo del rango, {} del importe concedido", texto, maximo),
                         fraccion(maximo_texto), ancla, notas=codigos)
    return Reduccion(
        Frase("{}: sin cifra en el texto; el cálculo toma el extremo inferior (0 %) "
              "y el rango llega hasta el {} del importe concedido", texto, maximo),
        Racional(0),
        ancla,
        notas=codigos,
    )


def _fija(m: MinoracionFija, caso: Caso, notas: Notas) -> Reduccion | None:
    if getattr(caso, m.campo) not in m.valores:
        return None
    return reduccion_fija(m.texto, m.porcentaje, m.ancla, m.grupo, m.notas, notas)


def _discrecional(m: MinoracionDiscrecional, caso: Caso, al_maximo: bool, notas: Notas) -> Reduccion | None:
    if getattr(caso, m.campo) not in m.valores:
        return None
    return reduccion_discrecional(m.texto, m.maximo, m.decide, m.ancla, m.notas, al_maximo, notas)


# ------------------------------------------------------- delay scales and tiers

_UNIDADES = {"dias": ("día natural", "días naturales"), "dias_habiles": ("día hábil", "días hábiles"),
             "semanas": ("semana completa", "semanas completas"), "meses": ("mes completo", "meses completos")}


def unidades_es(unidad: str, cantidad: int) -> str:
    """"1 día hábil", "12 días hábiles"."""
    singular, plural = _UNIDADES[unidad]
    return f"{cantidad} {singular if cantidad == 1 else plural}"


def _fechas_de_retraso(m: MinoracionPorDias | MinoracionPorRetraso, caso: Caso,
                       notas: Notas) -> tuple[date, date] | None:
    """The deadline and the date the duty was met, when the case gives both
    (a note when it gives only one)."""
    desde, hasta = getattr(caso, m.desde), getattr(caso, m.hasta)
    if desde is None and hasta is None:
        return None
    if desde is None or hasta is None:
        notas.anadir("demora-sin-fechas")
        return None
    return desde, hasta


def retraso(m: MinoracionPorRetraso, caso: Caso, notas: Notas) -> int | None:
    """Units late (natural or working days, complete weeks or months), from
    the bases' deadline to the date the duty was met; None without dates."""
    fechas = _fechas_de_retraso(m, caso, notas)
    return None if fechas is None else unidades_de_retraso(m.unidad, *fechas, notas)


def unidades_de_retraso(unidad: str, desde: date, hasta: date, notas: Notas) -> int:
    if hasta <= desde:
        return 0
    if unidad == "dias_habiles":
        dias, sin_calendario = dias_habiles_entre(desde, hasta)
        notas.anadir("dias-habiles")
        if sin_calendario:
            notas.anadir("festivos-sin-datos", anos=", ".join(map(str, sin_calendario)))
        return dias
    if unidad == "semanas":
        return (hasta - desde).days // 7
    if unidad == "meses":
        return meses_completos(desde, hasta)
    return (hasta - desde).days


def tramo_de_retraso(m: MinoracionPorRetraso, unidades: int) -> TramoRetraso:
    """The tier of ``unidades`` late (``m.tramos``); past the last limit the
    text names, its last tier."""
    return next((t for t in m.tramos if t.hasta is None or unidades <= t.hasta), m.tramos[-1])


def retraso_total(m: MinoracionPorRetraso, caso: Caso, notas: Notas) -> Frase | None:
    """The words of a total reintegro when a tier of delay says so."""
    unidades = retraso(m, caso, Notas())
    tramo = tramo_de_retraso(m, unidades) if m.tramos and unidades else None
    if tramo is None or not tramo.total:
        return None
    notas.anadir_varias(m.notas)
    return Frase("{}: {} de retraso", m.texto, unidades_es(m.unidad, unidades))


def _por_retraso(m: MinoracionPorRetraso, caso: Caso, iniciados: bool, notas: Notas) -> Reduccion | None:
    unidades = retraso(m, caso, notas)
    if not unidades:
        return None
    notas.anadir_varias(m.notas)
    if m.tramos:
        tramo = tramo_de_retraso(m, unidades)
        if tramo.total:  # decided as a total cause (regimen.causa_total)
            return None
        porcentaje = exacto(tramo.porcentaje)
        detalle = Frase("tramo «hasta {}»", unidades_es(m.unidad, tramo.hasta)) if tramo.hasta else "último tramo"
    else:
        periodos = periodos_de_retraso(unidades, m.cada, iniciados) if m.cada else 0
        porcentaje = min(exacto(m.inicial) + periodos * exacto(m.porcentaje or 0), exacto(m.maximo))
        cuenta = "iniciados" if iniciados else "completos"
        detalle = Frase("{} desde el primero{}", Porcentaje(exacto(m.inicial)),
                        Frase(" y {} {} de {} más", periodos_es(periodos), cuenta if periodos != 1 else cuenta[:-1],
                              unidades_es(m.unidad, m.cada)) if m.cada else "")
        if m.cada:
            notas.anadir("D4-escala", retraso=unidades_es(m.unidad, unidades), periodos=periodos_es(periodos),
                         cada=unidades_es(m.unidad, m.cada))
    if porcentaje == 0:
        return None
    return Reduccion(
        Frase("{}: {} de retraso ({}), {} del importe concedido", m.texto, unidades_es(m.unidad, unidades), detalle,
              Porcentaje(porcentaje)),
        porcentaje / CIEN, m.ancla, m.grupo, m.notas,
    )


def dias_de_retraso(m: MinoracionPorDias, caso: Caso, notas: Notas) -> int | None:
    fechas = _fechas_de_retraso(m, caso, notas)
    return None if fechas is None else max((fechas[1] - fechas[0]).days, 0)


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
