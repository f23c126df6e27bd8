"""The table of interés de demora rates (data/tipos_interes.toml).

Each row (tramo) covers a closed period of days; the last one may be open
(in force). Nothing about rates is written here: only how the table is read.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from functools import cache

from pydantic import BaseModel, ConfigDict

from .importes import Racional, fraccion
from .datos import leer_toml

ANOS_TRAS_REVISION = 5  # how far past the last review a date is still accepted


class Tramo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    desde: date
    hasta: date | None = None
    interes_legal: Decimal
    interes_demora: Decimal
    instrumento: str
    confianza: str
    nota: str | None = None
    # Where the instrument can be read as setting another rate, that rate
    # (shown as a rival reading, with ``lectura`` its id).
    interes_demora_alternativo: Decimal | None = None
    lectura: str | None = None

    def tipo(self, alternativo: bool = False) -> Decimal:
        """The interés de demora of this row, or its alternative reading's."""
        if alternativo and self.interes_demora_alternativo is not None:
            return self.interes_demora_alternativo
        return self.interes_demora

    def tipo_exacto(self, alternativo: bool = False) -> Racional:
        """The rate as an exact fraction of one (4,0625 % -> 0.040625)."""
        return fraccion(self.tipo(alternativo))

    def cubre(self, dia: date) -> bool:
        return self.desde <= dia and (self.hasta is None or dia <= self.hasta)


class TablaTipos(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    revisado: date
    fuente_general: str
    tramos: tuple[Tramo, ...]

    def tramo_de(self, dia: date) -> Tramo:
        for tramo in self.tramos:
            if tramo.cubre(dia):
                return tramo
        raise LookupError(f"no hay tipo de interés para el {dia:%d/%m/%Y}")

    @property
    def primer_dia(self) -> date:
        return self.tramos[0].desde


@cache
def tabla() -> TablaTipos:
    return TablaTipos.model_validate(leer_toml("tipos_interes.toml"))


FECHA_MINIMA = tabla().primer_dia
FECHA_MAXIMA = date(tabla().revisado.year + ANOS_TRAS_REVISION, 12, 31)
