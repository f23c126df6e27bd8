"""Calendar arithmetic for deadlines and delays: months and years «de fecha a
fecha» (Ley 39/2015, art. 30.4), working days (días hábiles, art. 30.2:
Saturdays, Sundays and the national holidays of data/festivos.toml excluded;
regional and local holidays are unknown), and the next working day when a
deadline's last day is not one (art. 30.5)."""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from functools import cache

from .datos import leer_toml


def sumar_meses(fecha: date, meses: int) -> date:
    """``fecha`` plus ``meses``, «de fecha a fecha»: the same day of the month,
    or the last day of the month where that day does not exist (LPAC 30.4)."""
    indice = fecha.year * 12 + fecha.month - 1 + meses
    ano, mes = divmod(indice, 12)
    mes += 1
    return date(ano, mes, min(fecha.day, calendar.monthrange(ano, mes)[1]))


def dia_del_mes(ano: int, mes: int, dia: int) -> date:
    """Day ``dia`` of month ``mes`` of ``ano``, where ``mes`` may run past 12."""
    ano, mes = ano + (mes - 1) // 12, (mes - 1) % 12 + 1
    return date(ano, mes, dia)


def domingo_de_pascua(ano: int) -> date:
    """Easter Sunday of the Gregorian calendar (the anonymous algorithm of
    Meeus/Jones/Butcher)."""
    a, b, c = ano % 19, ano // 100, ano % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    el = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * el) // 451
    mes = (h + el - 7 * m + 114) // 31
    dia = (h + el - 7 * m + 114) % 31 + 1
    return date(ano, mes, dia)


@cache
def festivos_nacionales(ano: int) -> frozenset[date] | None:
    """The national holidays of ``ano``, or None for a year outside the data."""
    datos = leer_toml("festivos.toml")
    if not datos["desde"] <= ano <= datos["hasta"]:
        return None
    fechas = {date(ano, int(f[:2]), int(f[3:])) for f in datos["fijas"]}
    if datos["viernes_santo"]:
        fechas.add(domingo_de_pascua(ano) - timedelta(days=2))
    return frozenset(fechas)


def festivos_conocidos(fecha: date) -> bool:
    """Whether the table of national holidays covers ``fecha``'s year."""
    return festivos_nacionales(fecha.year) is not None


def es_habil(fecha: date) -> bool:
    """Not a Saturday, a Sunday nor a national holiday (LPAC 30.2); outside
    the table's years only weekends are known."""
    return fecha.weekday() < 5 and fecha not in (festivos_nacionales(fecha.year) or ())


def siguiente_habil(fecha: date) -> date:
    """``fecha`` itself if it is a working day, else the first working day
    after it (LPAC 30.5)."""
    while not es_habil(fecha):
        fecha += timedelta(days=1)
    return fecha


def dias_habiles_entre(desde: date, hasta: date) -> tuple[int, list[int]]:
    """Working days after ``desde`` up to ``hasta`` included, and the years
    counted without holiday data (only weekends excluded there)."""
    dias, sin_datos = 0, []
    dia = desde + timedelta(days=1)
    while dia <= hasta:
        if not festivos_conocidos(dia) and dia.year not in sin_datos:
            sin_datos.append(dia.year)
        if es_habil(dia):
            dias += 1
        dia += timedelta(days=1)
    return dias, sin_datos


def meses_completos(desde: date, hasta: date) -> int:
    """Whole months from ``desde`` to ``hasta``, «de fecha a fecha»: a month
    is complete on the same day of a later month, or on its last day where
    that day does not exist (31 January → 28 February)."""
    meses = (hasta.year - desde.year) * 12 + hasta.month - desde.month
    ultimo = calendar.monthrange(hasta.year, hasta.month)[1]
    if hasta.day < min(desde.day, ultimo):
        meses -= 1
    return max(meses, 0)
