"""Rival readings (DOMAIN.md, "Rival readings"): where the text admits
another reading that changes a figure, its figures beside the central ones.

A reading is a variant of the one computation (``variante.Variante``) or, for
a fact the user did not state, the case with the other answer; never a second
implementation. Each function below says when its reading can change a
figure and which paragraph it rests on; the figures come from
``Calculo.computo``, and a reading whose figures equal the central ones is
left out. Titles and texts are data (data/lecturas.toml).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .calculo import Calculo, Computo
from .catalogo import lectura
from .importes import CIEN, Euros, Grado, Porcentaje, centimos_a_texto, exacto
from .minoraciones import dias_de_retraso, periodos_de_retraso, periodos_es
from .explicacion import Notas
from .intereses import tiempos_de_un_pago
from .modelo_bases import MinoracionPorDias, UmbralDeclarado, UmbralPorcentaje
from .regimen import OBJETIVOS, umbrales
from .variante import CENTRAL, Variante


@dataclass(frozen=True)
class Candidata:
    """A rival reading that may change a figure of this case."""

    id: str
    ancla: str
    variante: Variante = CENTRAL
    cambio: dict | None = None  # the other answer, for a fact the user did not state
    datos: dict[str, object] = field(default_factory=dict)  # placeholders of its text


def _d2(c: Calculo, central: Computo) -> list[Candidata]:
    e = central.ejecucion
    if central.liquidacion.total or not (e.economico < 1 and e.tecnico < 1):
        return []
    return [Candidata("D2", c.b.regimen.ancla_proporcional, Variante(faltas_sumadas=True))]


def _d3(c: Calculo, central: Computo) -> list[Candidata]:
    regimen = c.b.regimen
    if not isinstance(regimen, UmbralPorcentaje) or regimen.limite_exacto != "laguna" or central.liquidacion.total:
        return []
    en_el_limite = [u for u in umbrales(regimen, central.ejecucion, CENTRAL) if u.valor == u.minimo]
    if not en_el_limite:
        return []
    umbral = Grado(en_el_limite[0].minimo)
    return [Candidata("D3", regimen.ancla, Variante(umbral_exacto_total=True), datos={"umbral": umbral})]


def _d4(c: Calculo, central: Computo) -> list[Candidata]:
    for m in c.b.minoraciones:
        if not isinstance(m, MinoracionPorDias):
            continue
        dias = dias_de_retraso(m, c.caso, Notas())
        if dias and dias % m.dias:
            periodos = periodos_de_retraso(dias, m.dias, iniciados=True)
            return [Candidata("D4", m.ancla, Variante(periodos_iniciados=True),
                              datos={"dias": m.dias, "retraso": dias, "periodos": periodos_es(periodos)})]
    return []


def _umbral_base(c: Calculo, central: Computo) -> list[Candidata]:
    regimen = c.b.regimen
    e = central.ejecucion
    if not isinstance(regimen, UmbralPorcentaje) or regimen.medida != "importe_concedido" or e.coste == e.concedido:
        return []
    minimo = exacto(regimen.minimo)
    datos = {"umbral": Porcentaje(minimo), "porcentaje": Grado(e.aceptado / e.coste, (minimo,))}
    return [Candidata("umbral-base", regimen.ancla, Variante(umbral_sobre_coste=True), datos=datos)]


def _umbral_tecnico(c: Calculo, central: Computo) -> list[Candidata]:
    regimen = c.b.regimen
    if not isinstance(regimen, UmbralPorcentaje) or regimen.objetivos_en_umbral != "discutible":
        return []
    objetivos = [u for u in umbrales(regimen, central.ejecucion, CENTRAL) if u.medida == OBJETIVOS]
    if not objetivos or objetivos[0].valor >= objetivos[0].minimo:
        return []
    minimo = objetivos[0].minimo * CIEN
    datos = {"umbral": Porcentaje(minimo), "tecnico": Grado(objetivos[0].valor, (minimo,))}
    return [Candidata("umbral-tecnico", regimen.ancla, Variante(umbral_sin_objetivos=True), datos=datos)]


def _gastos_de_importe_fijo(c: Calculo) -> list[tuple[str, object]]:
    """(anchor, amount) of the deductions whose letter names the expense as the amount to return."""
    return [(d.ancla, getattr(c.caso, d.campo)) for d in c.b.deducciones
            if d.importe_fijo and getattr(c.caso, d.campo) > 0]


def _deducciones(c: Calculo, central: Computo) -> list[Candidata]:
    gastos = _gastos_de_importe_fijo(c)
    if not gastos:
        return []
    importe = Euros(sum(exacto(i) for _, i in gastos))
    return [Candidata("deducciones", gastos[0][0], Variante(gasto_fijo_fuera_del_umbral=True),
                      datos={"importe": importe})]


def _cofinanciado_d(c: Calculo, central: Computo) -> list[Candidata]:
    gastos = _gastos_de_importe_fijo(c)
    e = central.ejecucion
    if not gastos or e.coste <= e.concedido:
        return []
    importe = Euros(sum(exacto(i) for _, i in gastos))
    return [Candidata("cofinanciado-d", gastos[0][0], Variante(gasto_fijo_integro=True), datos={"importe": importe})]


def _tipo_alternativo(c: Calculo, central: Computo) -> list[Candidata]:
    if not central.liquidacion.reintegro:
        return []
    tramos = {t.tramo.lectura for pago in c.caso.pagos
              for t in tiempos_de_un_pago(pago.fecha, c.fin, c.caso.base_dias) if t.tramo.lectura}
    return [Candidata(i, "lgs-38-2", Variante(tipo_alternativo=True)) for i in sorted(tramos)]


def _aproximacion_no_indicada(c: Calculo, central: Computo) -> list[Candidata]:
    regimen = c.b.regimen
    if not isinstance(regimen, UmbralDeclarado) or regimen.campo in c.caso.model_fields_set:
        return []
    return [Candidata("aproximacion-significativa", regimen.ancla, cambio={regimen.campo: False})]


CANDIDATAS: tuple[Callable[[Calculo, Computo], list[Candidata]], ...] = (
    _d2, _d3, _d4, _umbral_base, _umbral_tecnico, _deducciones, _cofinanciado_d, _tipo_alternativo,
    _aproximacion_no_indicada,
)


def lecturas(c: Calculo, central: Computo) -> list[dict]:
    """The rival readings of this case whose figures differ from the central ones."""
    salida = []
    for candidatas in CANDIDATAS:
        for candidata in candidatas(c, central):
            rival = c.computo(candidata.variante, candidata.cambio)
            if _mismas_cifras(rival, central):
                continue
            salida.append(_como_json(c, candidata, rival))
    return salida


def _mismas_cifras(a: Computo, b: Computo) -> bool:
    return (a.liquidacion.final, a.liquidacion.reintegro, a.intereses) == (
        b.liquidacion.final, b.liquidacion.reintegro, b.intereses)


def _como_json(c: Calculo, candidata: Candidata, rival: Computo) -> dict:
    return {
        "id": candidata.id,
        **lectura(candidata.id, **candidata.datos),
        "cita": c.cita(candidata.ancla),
        "regimen": "total" if rival.liquidacion.total else "proporcional",
        "importe_final": centimos_a_texto(rival.liquidacion.final),
        "reintegro": centimos_a_texto(rival.liquidacion.reintegro),
        "intereses": centimos_a_texto(rival.intereses),
        "total_a_ingresar": centimos_a_texto(rival.total_a_ingresar),
    }

