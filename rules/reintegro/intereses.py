"""Interés de demora (LGS arts. 37.1 and 38.2; decisions D6–D8).

Simple interest from each payment's date (excluded) to the end date
(included), split at every 1 January and every rate change; each piece is
principal × rate × days / (366 in a leap year, else 365), or / 365 always with
``base_dias="365"``. Exact pieces; one rounding of the total (D7).
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from .caso import Pago
from .importes import CIEN, exacto
from .tipos_interes import TablaTipos, Tramo

Orden = Literal["proporcional", "primeros", "ultimos"]


@dataclass(frozen=True)
class Periodo:
    pago: int  # 1-based index of the payment in the case
    desde: date  # first day counted
    hasta: date  # last day counted
    dias: int
    tramo: Tramo
    divisor: int
    principal: Fraction
    importe: Fraction
    alternativo: bool = False

    @property
    def tipo(self) -> Decimal:
        return self.tramo.tipo(self.alternativo)


def dias_del_ano(ano: int, base_dias: str) -> int:
    if base_dias == "365":
        return 365
    return 366 if calendar.isleap(ano) else 365


def periodos_de_un_pago(
    numero: int, principal: Fraction, fecha_pago: date, fin: date, base_dias: str, tabla: TablaTipos,
    alternativo: bool = False,
) -> list[Periodo]:
    """The pieces of one payment's interest, split at 1 January and rate
    changes; with ``alternativo``, at the rate a row records as the other
    reading of its instrument (rival reading "tipo-2008")."""
    periodos = []
    dia = fecha_pago + timedelta(days=1)
    while dia <= fin:
        tramo = tabla.tramo_de(dia)
        hasta = min(fin, date(dia.year, 12, 31), tramo.hasta or fin)
        dias = (hasta - dia).days + 1
        divisor = dias_del_ano(dia.year, base_dias)
        importe = principal * exacto(tramo.tipo(alternativo)) / CIEN * dias / divisor
        periodos.append(Periodo(numero, dia, hasta, dias, tramo, divisor, principal, importe, alternativo))
        dia = hasta + timedelta(days=1)
    return periodos


def atribuir(reintegro: Fraction, pagos: tuple[Pago, ...], orden: Orden) -> list[Fraction]:
    """The part of the reintegro attributed to each payment (D8)."""
    importes = [exacto(p.importe) for p in pagos]
    total = sum(importes, Fraction(0))
    if total == 0:
        return [Fraction(0)] * len(pagos)
    if orden == "proporcional":
        return [reintegro * i / total for i in importes]
    # "primeros": the earliest payments are returned first (most interest);
    # "ultimos": the latest first (least interest). Ties keep the case's order.
    indices = sorted(range(len(pagos)), key=lambda i: (pagos[i].fecha, i), reverse=orden == "ultimos")
    partes = [Fraction(0)] * len(pagos)
    pendiente = reintegro
    for i in indices:
        partes[i] = min(importes[i], pendiente)
        pendiente -= partes[i]
    return partes


def calcular_periodos(
    reintegro: Fraction, pagos: tuple[Pago, ...], fin: date, base_dias: str, tabla: TablaTipos, orden: Orden,
    alternativo: bool = False,
) -> list[Periodo]:
    periodos: list[Periodo] = []
    for numero, (pago, principal) in enumerate(zip(pagos, atribuir(reintegro, pagos, orden)), start=1):
        if principal > 0:
            periodos.extend(periodos_de_un_pago(numero, principal, pago.fecha, fin, base_dias, tabla, alternativo))
    return periodos


def total(periodos: list[Periodo]) -> Fraction:
    return sum((p.importe for p in periodos), Fraction(0))
