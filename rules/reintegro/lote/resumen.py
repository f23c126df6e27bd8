"""The summary of a batch: rows, ok, errors, total a ingresar, per régimen."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from ..importes import importe_es


@dataclass
class Resumen:
    filas: int = 0
    ok: int = 0
    errores: int = 0
    total_a_ingresar: Decimal = Decimal(0)
    por_regimen: Counter = field(default_factory=Counter)
    total_por_regimen: dict = field(default_factory=dict)
    ultima_fila: int = 0

    def contar(self, fila: dict) -> None:
        self.filas += 1
        self.ultima_fila = fila["fila"]
        if fila["estado"] != "ok":
            self.errores += 1
            return
        self.ok += 1
        total = Decimal(fila["total_a_ingresar"])
        self.total_a_ingresar += total
        self.por_regimen[fila["regimen"]] += 1
        self.total_por_regimen[fila["regimen"]] = self.total_por_regimen.get(fila["regimen"], Decimal(0)) + total

    def texto(self) -> str:
        lineas = [
            f"Filas: {self.filas:,}".replace(",", ".") + f"; calculadas: {self.ok:,}".replace(",", ".")
            + f"; con errores: {self.errores:,}".replace(",", "."),
            f"Total a ingresar: {importe_es(self.total_a_ingresar)}",
        ]
        for regimen in sorted(self.por_regimen):
            lineas.append(f"  régimen {regimen}: {self.por_regimen[regimen]:,}".replace(",", ".")
                          + f" filas, {importe_es(self.total_por_regimen[regimen])}")
        return "\n".join(lineas)
