"""What must be returned against accepted expense: the same case computed at
many amounts of accepted expense (every other input unchanged), for the
calculator's chart. The points include, for every threshold of expense, the
cent just below it and the threshold itself (the cliff), the case's own
accepted expense («usted está aquí») and the cost of the project.

Every point is ``Calculo.computo`` with more or less expense presented and
the same deductions: the figures are the result's own, never a separate
formula.
"""

from __future__ import annotations

from .calculo import Calculo, Computo
from .importes import a_centimos, centimos_a_texto, centimos_hacia_arriba, decimal_de_centimos
from .regimen import umbrales
from .variante import CENTRAL

PASOS = 24  # evenly spaced points between 0 and the cost


def barrido(c: Calculo, central: Computo) -> dict:
    """{"puntos": [...], "actual": cents, "umbrales": [cents...]} with amounts as JSON text."""
    e = central.ejecucion
    aceptado = a_centimos(e.aceptado)
    deducido = a_centimos(e.justificado - e.aceptado)
    coste = a_centimos(e.coste)
    limites = [centimos_hacia_arriba(u.minimo * u.base) for u in umbrales(c.b.regimen, e, CENTRAL) if u.de_gasto]
    maximo = max(coste, aceptado)
    abscisas = {maximo * n // PASOS for n in range(PASOS + 1)} | {aceptado, coste}
    for limite in limites:
        abscisas |= {max(limite - 1, 0), limite}
    puntos = [_punto(c, centimos, deducido) for centimos in sorted(x for x in abscisas if 0 <= x <= maximo)]
    return {
        "puntos": puntos,
        "actual": centimos_a_texto(aceptado),
        "umbrales": [centimos_a_texto(limite) for limite in limites],
        "cobrado": central.liquidacion.pagado > 0,
    }


def _punto(c: Calculo, aceptado: int, deducido: int) -> dict:
    computo = c.computo(cambio={"gasto_justificado": decimal_de_centimos(aceptado + deducido)})
    return {
        "gasto_aceptado": centimos_a_texto(aceptado),
        "importe_final": centimos_a_texto(computo.liquidacion.final),
        "reintegro": centimos_a_texto(computo.liquidacion.reintegro),
        "total_a_ingresar": centimos_a_texto(computo.total_a_ingresar),
        "regimen": "total" if computo.liquidacion.total else "proporcional",
    }

