"""One case under one bases, computed in as many variants as the result needs.

``Calculo.computo`` runs the one algorithm (steps 1–9) for a variant of the
computation and, optionally, a changed case (a cause remedied, a threshold
reached): the central result, the ends of the ranges, the rival readings and
the margin are all computed here, by the same code. Interest is memoised per
principal, order of payments, end date and rate, since many variants share
the same reintegro.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from .caso import Caso
from .ejecucion import Ejecucion, medir
from .explicacion import Notas
from .importe_final import ImporteFinal, calcular_importe_final
from .importes import a_centimos, exacto
from .intereses import Orden, Periodo, calcular_periodos, total
from .modelo_bases import Bases
from .tipos_interes import tabla
from .variante import CENTRAL, Variante


@dataclass(frozen=True)
class Liquidacion:
    """Outcome in cents (algorithm step 8), from the final grant as shown."""

    concedido: int
    pagado: int
    final: int
    total: bool  # the regime is total reintegro

    @property
    def reintegro(self) -> int:
        return max(self.pagado - self.final, 0)

    @property
    def pendiente(self) -> int:
        return max(self.final - self.pagado, 0)

    @property
    def perdida(self) -> int:
        return self.concedido - max(self.pagado, self.final)


@dataclass(frozen=True)
class Computo:
    """A case computed under one variant: execution, final grant, outcome, interest."""

    caso: Caso
    ejecucion: Ejecucion
    importe_final: ImporteFinal
    liquidacion: Liquidacion
    intereses: int  # cents, proportional attribution of payments (D8)

    @property
    def total_a_ingresar(self) -> int:
        return self.liquidacion.reintegro + self.intereses


class Calculo:
    """One case, its bases, today and the end date of the interest."""

    def __init__(self, b: Bases, caso: Caso, hoy: date):
        self.b = b
        self.caso = caso
        self.hoy = hoy
        self.fin = caso.fecha_fin_dada() or hoy
        self._intereses: dict[tuple, tuple[list[Periodo], int]] = {}

    def computo(self, v: Variante = CENTRAL, caso: Caso | None = None, notas: Notas | None = None) -> Computo:
        """The case (or ``caso``, a changed copy) under the variant ``v``."""
        caso = caso or self.caso
        e = medir(self.b, caso, v)
        final = calcular_importe_final(self.b, caso, e, v, notas if notas is not None else Notas())
        liquidacion = liquidar(caso, final)
        _, intereses = self.intereses(liquidacion.reintegro, "proporcional", v.tipo_alternativo, caso=caso)
        return Computo(caso, e, final, liquidacion, intereses)

    def intereses(
        self, reintegro: int, orden: Orden, alternativo: bool = False, fin: date | None = None, caso: Caso | None = None
    ) -> tuple[list[Periodo], int]:
        """Interest periods and their total in cents (D7: one rounding)."""
        caso = caso or self.caso
        fin = fin or self.fin
        clave = (reintegro, orden, alternativo, fin, caso.pagos, caso.base_dias)
        if clave not in self._intereses:
            periodos = calcular_periodos(Fraction(reintegro, 100), caso.pagos, fin, caso.base_dias, tabla(), orden,
                                         alternativo)
            self._intereses[clave] = (periodos, a_centimos(total(periodos)))
        return self._intereses[clave]


def liquidar(caso: Caso, final: ImporteFinal) -> Liquidacion:
    return Liquidacion(
        concedido=a_centimos(exacto(caso.importe_concedido)),
        pagado=a_centimos(exacto(caso.total_pagado)),
        final=a_centimos(final.importe),
        total=final.total,
    )
