"""Interés de demora (LGS arts. 37.1 and 38.2; decisions D6–D8).

Simple interest from each payment's date (excluded) to the end date
(included), split at every 1 January and every rate change; each piece is
principal × rate × days / (366 in a leap year, else 365), or / 365 always with
``base_dias="365"``. Exact pieces; one rounding of the total (D7).

Interest is linear in the principal: each piece's rate × days / divisor (its
interest per euro) depends only on the dates, so it is worked out once per
payment date and end date, and the total for any reintegro is the sum of
principal × interest per euro, the same sum the pieces shown add up to.
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from decimal import Decimal
from functools import lru_cache
from typing import Literal, NamedTuple

from .importes import Racional
from .caso import Pago
from .tipos_interes import Tramo, tabla

Orden = Literal["proporcional", "primeros", "ultimos"]


class Tiempo(NamedTuple):
    """A piece of time of one payment's interest: its dates, rate and divisor."""

    desde: date  # first day counted
    hasta: date  # last day counted
    dias: int
    tramo: Tramo
    divisor: int
    alternativo: bool  # at the rate a row records as the other reading (rival reading "tipo-2008")
    por_euro: Racional  # rate × days / divisor

    @property
    def tipo(self) -> Decimal:
        return self.tramo.tipo(self.alternativo)


class Periodo(NamedTuple):
    """A piece of interest of one payment (a row of the result's table)."""

    pago: int  # 1-based index of the payment in the case
    tiempo: Tiempo
    principal: Racional

    @property
    def importe(self) -> Racional:
        return self.principal * self.tiempo.por_euro

    @property
    def desde(self) -> date:
        return self.tiempo.desde

    @property
    def hasta(self) -> date:
        return self.tiempo.hasta

    @property
    def dias(self) -> int:
        return self.tiempo.dias

    @property
    def tramo(self) -> Tramo:
        return self.tiempo.tramo

    @property
    def divisor(self) -> int:
        return self.tiempo.divisor

    @property
    def tipo(self) -> Decimal:
        return self.tiempo.tipo


def dias_del_ano(ano: int, base_dias: str) -> int:
    if base_dias == "365":
        return 365
    return 366 if calendar.isleap(ano) else 365


@lru_cache(maxsize=1024)
def tiempos_de_un_pago(fecha_pago: date, fin: date, base_dias: str, alternativo: bool = False) -> tuple[Tiempo, ...]:
    """The pieces of one payment's interest, split at 1 January and at rate
    changes; with ``alternativo``, at the rate a row records as the other
    reading of its instrument."""
    tiempos = []
    dia = fecha_pago + timedelta(days=1)
    while dia <= fin:
        tramo = tabla().tramo_de(dia)
        hasta = min(fin, date(dia.year, 12, 31), tramo.hasta or fin)
        dias = (hasta - dia).days + 1
        divisor = dias_del_ano(dia.year, base_dias)
        por_euro = tramo.tipo_exacto(alternativo) * dias / divisor
        tiempos.append(Tiempo(dia, hasta, dias, tramo, divisor, alternativo, por_euro))
        dia = hasta + timedelta(days=1)
    return tuple(tiempos)


@lru_cache(maxsize=1024)
def interes_por_euro(fecha_pago: date, fin: date, base_dias: str, alternativo: bool = False) -> Racional:
    """Interest of one euro paid on ``fecha_pago`` and returned on ``fin``."""
    return sum((t.por_euro for t in tiempos_de_un_pago(fecha_pago, fin, base_dias, alternativo)), Racional(0))


def atribuir(reintegro: Racional, pagos: tuple[Pago, ...], orden: Orden) -> list[Racional]:
    """The part of the reintegro attributed to each payment (D8)."""
    importes = [Racional(p.importe) for p in pagos]
    total_pagado = sum(importes, Racional(0))
    if total_pagado == 0:
        return [Racional(0)] * len(pagos)
    if orden == "proporcional":
        return [reintegro * i / total_pagado for i in importes]
    # "primeros": the earliest payments are returned first (most interest);
    # "ultimos": the latest first (least interest). Ties keep the case's order.
    indices = sorted(range(len(pagos)), key=lambda i: (pagos[i].fecha, i), reverse=orden == "ultimos")
    partes = [Racional(0)] * len(pagos)
    pendiente = reintegro
    for i in indices:
        partes[i] = min(importes[i], pendiente)
        pendiente -= partes[i]
    return partes


def calcular_periodos(reintegro: Racional, pagos: tuple[Pago, ...], fin: date, base_dias: str, orden: Orden) -> list[Periodo]:
    """The pieces of interest of every payment, for the result's table (the
    central rates: a rival reading shows its total only)."""
    periodos: list[Periodo] = []
    for numero, (pago, principal) in enumerate(zip(pagos, atribuir(reintegro, pagos, orden)), start=1):
        if principal > 0:
            periodos.extend(Periodo(numero, t, principal) for t in tiempos_de_un_pago(pago.fecha, fin, base_dias))
    return periodos


def total_exacto(
    reintegro: Racional, pagos: tuple[Pago, ...], fin: date, base_dias: str, orden: Orden, alternativo: bool,
) -> Racional:
    """The exact interest of the reintegro: the sum of its pieces. (For the
    proportional order, Calculo.intereses multiplies the interest per euro
    instead: the same sum, worked out once per case.)"""
    return sum(
        (principal * interes_por_euro(pago.fecha, fin, base_dias, alternativo)
         for pago, principal in zip(pagos, atribuir(reintegro, pagos, orden)) if principal > 0),
        Racional(0),
    )


def interes_por_euro_reintegrado(pagos: tuple[Pago, ...], fin: date, base_dias: str, alternativo: bool) -> Racional:
    """Interest of one euro of reintegro attributed to the payments in
    proportion to their amounts (D8): each payment's share of one euro times
    its interest per euro. The total for any reintegro is that times the
    reintegro, the same sum as its pieces."""
    return sum(
        (parte * interes_por_euro(pago.fecha, fin, base_dias, alternativo)
         for pago, parte in zip(pagos, atribuir(Racional(1), pagos, "proporcional"))),
        Racional(0),
    )


def total(periodos: list[Periodo]) -> Racional:
    return sum((p.importe for p in periodos), Racional(0))
