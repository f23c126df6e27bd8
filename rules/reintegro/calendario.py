"""Calendar arithmetic for delays: working days (días hábiles, Ley 39/2015
art. 30.2: Saturdays, Sundays and the national holidays of data/festivos.toml
excluded; regional and local holidays are unknown) and complete months
counted «de fecha a fecha» (art. 30.4)."""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from functools import cache

from .datos import leer_toml


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


def dias_habiles_entre(desde: date, hasta: date) -> tuple[int, list[int]]:
    """Working days after ``desde`` up to ``hasta`` included, and the years
    counted without holiday data (only weekends excluded there)."""
    dias, sin_datos = 0, []
    dia = desde + timedelta(days=1)
    while dia <= hasta:
        festivos = festivos_nacionales(dia.year)
        if festivos is None and dia.year not in sin_datos:
            sin_datos.append(dia.year)
        if dia.weekday() < 5 and dia not in (festivos or ()):
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
