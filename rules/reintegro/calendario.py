"""Calendar arithmetic for deadlines: months and years «de fecha a fecha»
(LPAC art. 30.4) and the next working day (LPAC art. 30.5: Saturdays,
Sundays and the national holidays of data/festivos.toml; regional and local
holidays cannot be known here).
"""

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


@cache
def _festivos() -> tuple[int, int, frozenset[date]]:
    datos = leer_toml("festivos.toml")
    desde, hasta = datos["desde"], datos["hasta"]
    dias = {date.fromisoformat(f) for f in datos["viernes_santo"]}
    for ano in range(desde, hasta + 1):
        dias |= {date.fromisoformat(f"{ano}-{dia}") for dia in datos["fijos"]}
    return desde, hasta, frozenset(dias)


def festivos_conocidos(fecha: date) -> bool:
    """Whether the table of national holidays covers ``fecha``'s year."""
    desde, hasta, _ = _festivos()
    return desde <= fecha.year <= hasta


def es_habil(fecha: date) -> bool:
    """Not a Saturday, a Sunday nor a national holiday (LPAC 30.2)."""
    return fecha.weekday() < 5 and fecha not in _festivos()[2]


def siguiente_habil(fecha: date) -> date:
    """``fecha`` itself if it is a working day, else the first working day
    after it (LPAC 30.5)."""
    while not es_habil(fecha):
        fecha += timedelta(days=1)
    return fecha


def dia_del_mes(ano: int, mes: int, dia: int) -> date:
    """Day ``dia`` of month ``mes`` of ``ano``, where ``mes`` may run past 12."""
    ano, mes = ano + (mes - 1) // 12, (mes - 1) % 12 + 1
    return date(ano, mes, dia)
