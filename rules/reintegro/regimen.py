"""Total causes and the threshold between total and proportional reintegro
(algorithm steps 1 and 3), as each bases words them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .caso import Caso
from .ejecucion import Ejecucion
from .explicacion import Notas
from .importes import CIEN, exacto, porcentaje_es
from .modelo_bases import Bases, UmbralDeclarado, UmbralPorcentaje


@dataclass(frozen=True)
class CausaDeReintegroTotal:
    texto: str
    ancla: str


def causa_total(b: Bases, caso: Caso, e: Ejecucion, notas: Notas) -> CausaDeReintegroTotal | None:
    """The first total cause the case meets, or None when the regime is proportional."""
    for causa in b.causas_totales:
        if getattr(caso, causa.campo):
            notas.anadir_varias(causa.notas)
            return CausaDeReintegroTotal(causa.texto, causa.ancla)
    concurrente = _ayudas_que_cubren_el_coste(b, caso, e, notas)
    if concurrente:
        return concurrente
    if isinstance(b.regimen, UmbralDeclarado):
        return _declaracion(b.regimen, caso, notas)
    return _umbral(b.regimen, e, notas)


def _ayudas_que_cubren_el_coste(b: Bases, caso: Caso, e: Ejecucion, notas: Notas) -> CausaDeReintegroTotal | None:
    """Undeclared other aid that alone covers the cost (e.g. BOE-A-2024-17269 3.e)."""
    ancla = b.concurrencia.ancla_total
    otras = exacto(caso.otras_ayudas)
    if ancla is None or otras == 0 or otras < e.aceptado:
        return None
    if caso.otras_ayudas_comunicadas:
        notas.anadir("ayudas-comunicadas")
        return None
    return CausaDeReintegroTotal(
        "Las otras ayudas no comunicadas cubren por sí solas el coste de la actividad", ancla
    )


def _declaracion(regimen: UmbralDeclarado, caso: Caso, notas: Notas) -> CausaDeReintegroTotal | None:
    notas.anadir_varias(regimen.notas)
    if getattr(caso, regimen.campo):
        return None
    return CausaDeReintegroTotal(regimen.texto_total, regimen.ancla)


def medida_del_umbral(regimen: UmbralPorcentaje, e: Ejecucion) -> Fraction:
    """The measure the bases compares with its threshold, as a fraction."""
    if regimen.medida == "importe_concedido":
        return e.aceptado / e.concedido
    if regimen.medida == "coste_proyecto":
        return e.aceptado / e.coste
    return e.economico


def _umbral(regimen: UmbralPorcentaje, e: Ejecucion, notas: Notas) -> CausaDeReintegroTotal | None:
    minimo = exacto(regimen.minimo) / CIEN
    medida = medida_del_umbral(regimen, e)
    if medida < minimo or e.tecnico < minimo:
        que = "la ejecución económica" if medida < minimo else "el grado de cumplimiento de los objetivos"
        valor = medida if medida < minimo else e.tecnico
        return CausaDeReintegroTotal(
            f"{regimen.texto_total}: {que} es del {porcentaje_es(valor * CIEN)}, "
            f"por debajo del {porcentaje_es(minimo * CIEN)}",
            regimen.ancla,
        )
    if regimen.limite_exacto == "laguna" and minimo in (medida, e.tecnico):
        notas.anadir("D3", umbral=porcentaje_es(minimo * CIEN))
    return None
