"""One case under one bases, computed in as many variants as the result needs.

``Calculo.computo`` runs the one algorithm (steps 1–9) for a variant of the
computation and, optionally, a changed case (a cause remedied, a threshold
reached): the central result, the ends of the ranges, the rival readings and
the margin are all computed here, by the same code.
"""

from __future__ import annotations

from typing import NamedTuple

from datetime import date

from .caso import Caso
from .catalogo import cita
from .criterios import importes_a_reintegrar
from .ejecucion import Ejecucion, medir
from .explicacion import Notas
from .importe_final import ImporteFinal, calcular_importe_final
from .importes import Racional, a_centimos, centimos_de, exacto
from .intereses import Orden, Periodo, calcular_periodos, interes_por_euro_reintegrado, total_exacto
from .modelo_bases import Bases
from .variante import CENTRAL, Variante


class Liquidacion(NamedTuple):
    """Outcome in cents (algorithm step 8), from the final grant as shown."""

    concedido: int
    pagado: int
    final: int
    total: bool  # the regime is total reintegro
    reintegro: int  # max(P − F, 0)
    pendiente: int  # max(F − P, 0)
    perdida: int  # G − max(P, F), pérdida del derecho al cobro (RLGS art. 89)
    no_exigido: int = 0  # a reintegro below the bases' minimum amount, not claimed
    adicional: int = 0  # amounts added to the reintegro (the bases' «importe» criteria)


def liquidar(concedido: int, pagado: int, final: int, total: bool) -> Liquidacion:
    return Liquidacion(concedido, pagado, final, total, max(pagado - final, 0), max(final - pagado, 0),
                       concedido - max(pagado, final))


class Computo(NamedTuple):
    """A case computed under one variant: execution, final grant, outcome, interest."""

    ejecucion: Ejecucion
    importe_final: ImporteFinal
    liquidacion: Liquidacion
    intereses: int  # cents, proportional attribution of payments (D8)

    @property
    def total_a_ingresar(self) -> int:
        return self.liquidacion.reintegro + self.intereses


class CasoCambiado:
    """A case with some fields changed (a cause remedied, a threshold
    reached), read by the computation exactly as a ``Caso``: a light view
    over the case instead of a copy of the pydantic model (a copy costs more
    than computing the variant). The changed values are the engine's own,
    of the field's type; ``Calculo.computo`` never changes a field the
    outcome's starting figures or the interest depend on."""

    def __init__(self, caso: Caso, cambio: dict):
        self.__dict__.update(caso.__dict__)  # pydantic keeps a model's fields there
        self.__dict__.update(cambio)

    # The case's derived values, computed from the changed fields.
    coste = Caso.coste
    justificado = Caso.justificado
    total_pagado = Caso.total_pagado
    fecha_fin_dada = Caso.fecha_fin_dada


class Calculo:
    """One case, its bases, today and the end date of the interest."""

    # A change of the case (a cause remedied, a threshold reached) never
    # touches what fixes the outcome's starting figures and the interest's
    # time: those are worked out once.
    INVARIANTES = frozenset({"bases", "importe_concedido", "pagos", "fecha_resolucion", "fecha_ingreso", "base_dias"})

    def __init__(self, b: Bases, caso: Caso, hoy: date):
        self.b = b
        self.caso = caso
        self.hoy = hoy
        self.fin = caso.fecha_fin_dada() or hoy
        self.concedido = a_centimos(exacto(caso.importe_concedido))
        self.pagado = a_centimos(exacto(caso.total_pagado))
        self._computos: dict[tuple, Computo] = {}
        self._interes_por_euro: dict[tuple[date, bool], Racional] = {}
        self._citas: dict[str, dict] = {}
        # The labels this bases' form gives its fields, where not the generic ones.
        self.etiquetas = {usado.campo: usado.etiqueta for usado in b.campos if usado.etiqueta}

    def cita(self, ancla: str) -> dict:
        """The citation of ``ancla`` as the result shows it (each anchor made once)."""
        if ancla not in self._citas:
            self._citas[ancla] = cita(self.b, ancla)._asdict()
        return self._citas[ancla]

    def computo(self, v: Variante = CENTRAL, cambio: dict | None = None, notas: Notas | None = None) -> Computo:
        """The case, with the fields of ``cambio`` changed (a cause remedied, a
        threshold reached, a fact not stated answered otherwise), under the
        variant ``v``. Each (variant, change) is computed once."""
        clave = (v, tuple(sorted(cambio.items())) if cambio else ())
        if notas is None and clave in self._computos:
            return self._computos[clave]
        if cambio and not self.INVARIANTES.isdisjoint(cambio):
            raise ValueError(f"un cambio del caso no puede tocar {sorted(self.INVARIANTES & set(cambio))}")
        caso = CasoCambiado(self.caso, cambio) if cambio else self.caso
        e = medir(self.b, caso, v)
        final = calcular_importe_final(self.b, caso, e, v, notas if notas is not None else Notas())
        liquidacion = self._con_importe_minimo(self._con_importes_propios(
            liquidar(self.concedido, self.pagado, a_centimos(final.importe), final.total), caso))
        intereses = self.intereses(liquidacion.reintegro, alternativo=v.tipo_alternativo)
        resultado = self._computos[clave] = Computo(e, final, liquidacion, intereses)
        return resultado

    def _con_importes_propios(self, liquidacion: Liquidacion, caso) -> Liquidacion:
        """Amounts the bases add to the reintegro (income generated, interest earned)."""
        adicional = sum(a_centimos(exacto(d)) for _, d in importes_a_reintegrar(self.b, caso))
        if not adicional:
            return liquidacion
        return liquidacion._replace(reintegro=liquidacion.reintegro + adicional, adicional=adicional)

    def _con_importe_minimo(self, liquidacion: Liquidacion) -> Liquidacion:
        """A reintegro below the bases' minimum amount is not claimed."""
        minimo = self.b.importe_minimo
        if minimo is None or not 0 < liquidacion.reintegro < a_centimos(exacto(minimo.importe)):
            return liquidacion
        return liquidacion._replace(reintegro=0, no_exigido=liquidacion.reintegro)

    def intereses(self, reintegro: int, orden: Orden = "proporcional", alternativo: bool = False,
                  fin: date | None = None) -> int:
        """The interest of a reintegro (both in cents), rounded once (D7)."""
        fin = fin or self.fin
        if not reintegro or not self.caso.pagos:
            return 0
        if orden == "proporcional":
            clave = (fin, alternativo)
            if clave not in self._interes_por_euro:
                self._interes_por_euro[clave] = interes_por_euro_reintegrado(
                    self.caso.pagos, fin, self.caso.base_dias, alternativo)
            por_euro = self._interes_por_euro[clave]
            # reintegro cents × interest per euro = interest in cents: rounded
            # once, straight from the integers (its terms are large: no gcd).
            return centimos_de(reintegro * por_euro.numerator, por_euro.denominator)
        return a_centimos(total_exacto(Racional(reintegro, 100), self.caso.pagos, fin, self.caso.base_dias, orden,
                                       alternativo))

    def periodos(self, reintegro: int) -> list[Periodo]:
        """The pieces of the interest of the case's reintegro, for the result's table."""
        return calcular_periodos(Racional(reintegro, 100), self.caso.pagos, self.fin, self.caso.base_dias, "proporcional")
