"""Accepted expense and execution degrees (algorithm steps 2 and 3).

A = J minus the parts of the expense the bases does not accept; the economic
degree Ee = min(A, C) / C; the technical degree Et = objectives met / 100.
"""

from __future__ import annotations

from typing import NamedTuple


from .caso import Caso
from .criterios import umbral_activo
from .importes import Racional, UNO, exacto, fraccion
from .modelo_bases import Bases, Deduccion
from .variante import Variante


class Descuento(NamedTuple):
    """A deduction that applies: its clause and the amount actually removed."""

    clausula: Deduccion
    importe: Racional


class Ejecucion(NamedTuple):
    concedido: Racional  # G
    coste: Racional  # C
    justificado: Racional  # J
    aceptado: Racional  # A
    descuentos: tuple[Descuento, ...]  # deductions that lower A
    fijos: tuple[Descuento, ...]  # deductions read as a fixed amount outside A (reading "deducciones")
    economico: Racional  # Ee, 0..1
    tecnico: Racional  # Et, 0..1
    umbral_activo: bool = True  # the regime's threshold binds (``regimen.solo_si``)

    @property
    def aplicado(self) -> Racional:
        """E = min(Ee, Et) (D2)."""
        return min(self.economico, self.tecnico)


def objetivos_exentos(b: Bases, caso: Caso) -> bool:
    campo = getattr(b.regimen, "objetivos_exentos_si", None)
    return campo is not None and getattr(caso, campo) is True and caso.grado_cumplimiento_objetivos < 100


def medir(b: Bases, caso: Caso, v: Variante) -> Ejecucion:
    coste = exacto(caso.coste)
    justificado = exacto(caso.justificado)
    restante = justificado
    descuentos, fijos = [], []
    for clausula in b.deducciones:
        pedido = exacto(getattr(caso, clausula.campo))
        quitado = min(pedido, restante)
        if quitado <= 0:  # nothing of that kind, or nothing left to take it from
            continue
        if clausula.importe_fijo and v.gasto_fijo_fuera_del_umbral:
            fijos.append(Descuento(clausula, pedido))
            continue
        descuentos.append(Descuento(clausula, quitado))
        restante -= quitado
    return Ejecucion(
        concedido=exacto(caso.importe_concedido),
        coste=coste,
        justificado=justificado,
        aceptado=restante,
        descuentos=tuple(descuentos),
        fijos=tuple(fijos),
        economico=UNO if restante >= coste else restante / coste,
        tecnico=UNO if objetivos_exentos(b, caso) else fraccion(caso.grado_cumplimiento_objetivos),
        umbral_activo=umbral_activo(b, caso),
    )
