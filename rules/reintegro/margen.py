"""What the beneficiary can still change, and what each breach costs
(DOMAIN.md, "What the beneficiary can still change, and by when").

- ``umbrales``: each threshold between total and proportional reintegro, the
  least accepted expense (to the cent, from the rule: minimum × base, rounded
  up) or the least percentage of objectives that reaches it, and the
  reintegro with exactly that;
- ``por_causa``: each cause present in the case and the reintegro if it
  alone were remedied (listed even when another cause makes it total);
- ``interes_diario``: what one more day of interest adds;
- ``si_ingresa_el``: the interest and total if the beneficiary paid back today
  (RLGS art. 90), when the end date is later.

Every figure is the result of the same computation on a changed case
(``Calculo.computo``).
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import NamedTuple

from .calculo import Calculo, CasoCambiado, Computo
from .caso import Caso
from .catalogo import campos_genericos, remedio
from .ejecucion import medir
from .explicacion import Frase, Notas
from .importes import (
    CIEN, Euros, Grado, Racional, a_centimos, centimos_a_texto, centimos_hacia_arriba, decimal_de_centimos, exacto,
    numero_json, porcentaje_json, redondear,
)
from .intereses import dias_del_ano
from .criterios import campo as campo_de_criterio, causas_de_criterios
from .minoraciones import dias_de_retraso, retraso, unidades_es
from .modelo_bases import MinoracionPorDias, MinoracionPorRetraso
from .regimen import Umbral, umbrales
from .recaudacion import tras_resolucion
from .tipos_interes import tabla
from .variante import CENTRAL, Variante


def margen(c: Calculo, central: Computo) -> dict:
    pruebas = umbrales(c.b.regimen, central.ejecucion, CENTRAL)
    return {
        "umbrales": [_umbral_json(c, central, u) for u in pruebas],
        "por_causa": [_causa_json(c, central, causa, any(u.valor < u.minimo for u in pruebas))
                      for causa in causas(c, central)],
        "interes_diario": _interes_diario(c, central),
        "si_ingresa_el": _si_ingresa_hoy(c, central),
        "tras_resolucion": tras_resolucion(c, central),
    }


# ------------------------------------------------------------------ thresholds


def _para_alcanzar(caso: Caso, u: Umbral, aceptado: Racional) -> dict:
    """The case change that puts the measure of ``u`` exactly at its minimum:
    more (or less) expense presented, every deduction unchanged; or the least
    percentage of objectives."""
    if not u.de_gasto:
        return {"grado_cumplimiento_objetivos": decimal_de_centimos(centimos_hacia_arriba(u.minimo * CIEN))}
    diferencia = centimos_hacia_arriba(u.minimo * u.base) - a_centimos(aceptado)
    return {"gasto_justificado": decimal_de_centimos(a_centimos(exacto(caso.justificado)) + diferencia)}


def alcanzar_umbrales(c: Calculo, cambio: dict | None) -> dict:
    """``cambio`` plus what reaches exactly every threshold the changed case misses."""
    caso = CasoCambiado(c.caso, cambio) if cambio else c.caso
    e = medir(c.b, caso, CENTRAL)
    salida = dict(cambio or {})
    for u in umbrales(c.b.regimen, e, CENTRAL):
        if u.valor < u.minimo:
            salida.update(_para_alcanzar(caso, u, e.aceptado))
    return salida


def _umbral_en_lectura_d3(c: Calculo, u: Umbral, aceptado: Racional) -> dict:
    """Under the rival reading of D3 (exactly at the threshold is total), the
    least figure strictly above the minimum: one cent, or 0,01 points, more
    where the minimum falls on a cent (DOMAIN.md, "Rival readings")."""
    if u.de_gasto:
        minimo = math.floor(u.minimo * u.base * CIEN) + 1
        justificado = a_centimos(exacto(c.caso.justificado)) + minimo - a_centimos(aceptado)
        return {"id": "D3", "gasto_aceptado_minimo": centimos_a_texto(minimo),
                "falta": centimos_a_texto(max(minimo - a_centimos(aceptado), 0)),
                "gasto_justificado_necesario": centimos_a_texto(justificado)}
    necesario = decimal_de_centimos(math.floor(u.minimo * CIEN * CIEN) + 1)
    return {"id": "D3", "porcentaje_necesario": numero_json(necesario),
            "falta": numero_json(max(necesario - c.caso.grado_cumplimiento_objetivos, Decimal(0)))}


def _umbral_json(c: Calculo, central: Computo, u: Umbral) -> dict:
    e = central.ejecucion
    salida: dict = {
        "medida": u.medida,
        "porcentaje_minimo": numero_json(c.b.regimen.minimo),
        "porcentaje_actual": porcentaje_json(u.valor * CIEN, (u.minimo * CIEN,)),
        "cumple": u.valor >= u.minimo,
    }
    cambio = _para_alcanzar(c.caso, u, e.aceptado)
    if u.de_gasto:
        minimo_aceptado = centimos_hacia_arriba(u.minimo * u.base)
        salida["gasto_aceptado_minimo"] = centimos_a_texto(minimo_aceptado)
        salida["falta"] = centimos_a_texto(max(minimo_aceptado - a_centimos(e.aceptado), 0))
        salida["gasto_justificado_necesario"] = f"{cambio['gasto_justificado']:.2f}"
    else:
        necesario = cambio["grado_cumplimiento_objetivos"]
        salida["porcentaje_necesario"] = numero_json(necesario)
        salida["falta"] = numero_json(max(necesario - c.caso.grado_cumplimiento_objetivos, Decimal(0)))
    if c.b.regimen.limite_exacto == "laguna":
        salida["otra_lectura"] = _umbral_en_lectura_d3(c, u, e.aceptado)
    alcanzado = c.computo(cambio=cambio)
    salida["reintegro_al_alcanzarlo"] = centimos_a_texto(alcanzado.liquidacion.reintegro)
    salida["importe_final_al_alcanzarlo"] = centimos_a_texto(alcanzado.liquidacion.final)
    salida["total_a_ingresar_al_alcanzarlo"] = centimos_a_texto(alcanzado.total_a_ingresar)
    return salida


# ---------------------------------------------------------------- each cause


class Causa(NamedTuple):
    """A cause of reintegro present in the case, and what remedies it."""

    campo: str  # the case field that records it ("cofinanciacion": no field, the rule itself)
    etiqueta: str
    ancla: str
    descripcion: Frase | str
    cambio: dict | None = None  # the case fields that remedy it
    variante: Variante = CENTRAL  # or the rule that no longer binds
    # Why remedying it alone never changes the figure, where that is so by
    # the rules themselves (not because another cause decides).
    sin_efecto: str | None = None
    # The sentence that states the remedied figure, where «Sin esta causa
    # {verbo} {sin} en lugar de {ahora}» would not be true.
    supuesto: str | None = None


# Aid that alone covers the accepted expense: communicated, the grant and that
# aid together exceed the cost of the activity, and the excess, the whole
# grant, is paid back just the same (LGS art. 19.3 and 37.3).
SIN_EFECTO_OTRAS_AYUDAS = ("Comunicarlas no cambia la cifra: esas ayudas ya cubren el gasto aceptado, y la "
                           "subvención que lo supera se devuelve igualmente como exceso de financiación (arts. 19.3 "
                           "y 37.3 de la Ley 38/2003).")


def _etiqueta(c: Calculo, campo: str) -> str:
    """The label the bases' form gives the field (its own, or the generic one)."""
    return c.etiquetas.get(campo) or campos_genericos()[campo]["etiqueta"]


def causas(c: Calculo, central: Computo) -> list[Causa]:
    """The causes present in the case, in the order of the algorithm."""
    b, caso, e = c.b, c.caso, central.ejecucion
    lista = [_causa_total(c, t) for t in b.causas_totales if getattr(caso, t.campo)]
    if b.concurrencia.ancla_total and 0 < exacto(caso.otras_ayudas) >= e.aceptado and not caso.otras_ayudas_comunicadas:
        lista.append(Causa("otras_ayudas_comunicadas", _etiqueta(c, "otras_ayudas_comunicadas"), b.concurrencia.ancla_total,
                           "Otras ayudas no comunicadas que cubren por sí solas el coste de la actividad",
                           {"otras_ayudas_comunicadas": True}, sin_efecto=SIN_EFECTO_OTRAS_AYUDAS))
    if e.tecnico < 1:
        lista.append(Causa("grado_cumplimiento_objetivos", _etiqueta(c, "grado_cumplimiento_objetivos"),
                           b.regimen.ancla_objetivos or b.regimen.ancla_proporcional,
                           Frase("Objetivos cumplidos al {}", Grado(e.tecnico)),
                           {"grado_cumplimiento_objetivos": Decimal(100)}))
    if e.justificado < e.coste:
        lista.append(Causa("gasto_justificado", _etiqueta(c, "gasto_justificado"), b.regimen.ancla_proporcional,
                           Frase("Gasto justificado de {} frente a un coste de {}", Euros(e.justificado), Euros(e.coste)),
                           {"gasto_justificado": caso.coste}))
    lista += [Causa(d.campo, _etiqueta(c, d.campo), d.ancla, Frase("{}: {}", d.texto, Euros(getattr(caso, d.campo))),
                    {d.campo: Decimal(0)})
              for d in b.deducciones if getattr(caso, d.campo) > 0]
    lista += _causas_de_minoracion(c)
    lista += _causas_de_criterios(c)
    if any("cofinanciacion" in p.notas for p in central.importe_final.pasos):
        lista.append(Causa("cofinanciacion", "Cofinanciación obligatoria", b.cofinanciacion.ancla,
                           "La entidad no aporta la parte mínima del coste que le corresponde",
                           variante=Variante(sin_cofinanciacion=True)))
    return lista


def _causa_total(c: Calculo, t) -> Causa:
    """A total cause remedied. A justification presented now, after its
    deadline, is a late one: under a bases that prices lateness, «without
    this cause» is what presenting it today gives (DOMAIN.md, ``margen``)."""
    causa = Causa(t.campo, _etiqueta(c, t.campo), t.ancla, t.texto, {t.campo: False})
    regla = _regla_de_retraso(c)
    limite = c.caso.fecha_limite_justificacion
    if t.campo != "sin_justificacion" or regla is None:
        return causa
    if limite is None:
        return causa._replace(supuesto=f"Si la presenta en plazo, {VERBO}; presentada con retraso, estas bases la "
                                       "minoran además por demora (indique el fin del plazo de justificación para "
                                       "calcularlo)")
    if limite >= c.hoy:
        return causa
    dias = (c.hoy - limite).days
    return causa._replace(
        cambio={"sin_justificacion": False, regla.hasta: c.hoy},
        supuesto=f"Si la presenta hoy ({c.hoy:%d/%m/%Y}), con {dias} días naturales de retraso, estas bases la "
                 f"minoran por demora: {VERBO}")


# Where «sin esta causa» opens the sentence, the hypothesis it names instead.
VERBO = "{verbo} {sin} en lugar de {ahora}"


def _regla_de_retraso(c: Calculo) -> MinoracionPorDias | MinoracionPorRetraso | None:
    """The bases' reduction for a late justification, if it has one."""
    return next((m for m in c.b.minoraciones if isinstance(m, (MinoracionPorDias, MinoracionPorRetraso))
                 and m.desde == "fecha_limite_justificacion" and m.hasta == "fecha_presentacion_justificacion"), None)


def _causas_de_criterios(c: Calculo) -> list[Causa]:
    """The bases' own criteria the case records, each remedied alone."""
    return [Causa(campo_de_criterio(x.criterio), x.criterio.etiqueta, x.criterio.ancla, x.descripcion, x.cambio)
            for x in causas_de_criterios(c.b, c.caso)]


def _causas_de_minoracion(c: Calculo) -> list[Causa]:
    lista, vistos = [], set()
    for m in c.b.minoraciones:
        if isinstance(m, MinoracionPorRetraso):
            unidades = retraso(m, c.caso, Notas())
            if unidades:
                lista.append(Causa(m.hasta, _etiqueta(c, m.hasta), m.ancla,
                                   Frase("{}: {} de retraso", m.texto, unidades_es(m.unidad, unidades)),
                                   {m.hasta: getattr(c.caso, m.desde)}))
        elif isinstance(m, MinoracionPorDias):
            dias = dias_de_retraso(m, c.caso, Notas())
            if dias:
                lista.append(Causa(m.hasta, _etiqueta(c, m.hasta), m.ancla,
                                   Frase("{}: {} días naturales de retraso", m.texto, dias),
                                   {m.hasta: getattr(c.caso, m.desde)}))
        elif getattr(c.caso, m.campo) in m.valores and m.campo not in vistos:
            vistos.add(m.campo)
            lista.append(Causa(m.campo, _etiqueta(c, m.campo), m.ancla, m.texto,
                               {m.campo: Caso.model_fields[m.campo].default}))
    return lista


def _causa_json(c: Calculo, central: Computo, causa: Causa, falla_un_umbral: bool) -> dict:
    sin_ella = c.computo(causa.variante, causa.cambio)
    salida = {
        "campo": causa.campo,
        "etiqueta": causa.etiqueta,
        "cita": c.cita(causa.ancla),
        "reintegro_sin_ella": centimos_a_texto(sin_ella.liquidacion.reintegro),
        "importe_final_sin_ella": centimos_a_texto(sin_ella.liquidacion.final),
        "total_a_ingresar_sin_ella": centimos_a_texto(sin_ella.total_a_ingresar),
    }
    comparacion = None
    if falla_un_umbral:
        # The threshold decides the figure: what the cause costs once it is reached.
        con_umbral = c.computo(causa.variante, alcanzar_umbrales(c, causa.cambio))
        solo_umbral = c.computo(cambio=alcanzar_umbrales(c, {}))
        salida["reintegro_sin_ella_al_alcanzar_umbrales"] = centimos_a_texto(con_umbral.liquidacion.reintegro)
        comparacion = (con_umbral, solo_umbral)
    texto_remedio, ancla_remedio = remedio(causa.campo, _variante_de_remedio(c, causa, falla_un_umbral))
    salida["texto"] = _texto_de_causa(central, causa, sin_ella, comparacion, texto_remedio)
    salida["cita_remedio"] = c.cita(ancla_remedio) if ancla_remedio else None
    return salida


# LCSP art. 118.1: the contrato menor of services and supplies (works: 40.000 €).
CONTRATO_MENOR = Decimal(15000)


def _variante_de_remedio(c: Calculo, causa: Causa, falla_un_umbral: bool) -> str | None:
    """Which words of data/remedios.toml are true of this case."""
    if causa.campo == "gasto_justificado" and falla_un_umbral:
        return "bajo_umbral"
    if causa.campo == "gasto_sin_ofertas" and c.caso.gasto_sin_ofertas < CONTRATO_MENOR:
        return "bajo_contrato_menor"
    limite = c.caso.fecha_limite_justificacion
    if causa.campo == "sin_justificacion" and limite is not None and limite >= c.hoy:
        return "en_plazo"
    return None


def _cifra(computo: Computo, cobrado: bool) -> Euros:
    """What a beneficiary compares: the reintegro once paid, the final grant before."""
    centimos = computo.liquidacion.reintegro if cobrado else computo.liquidacion.final
    return Euros(Racional(centimos, 100))


def _texto_de_causa(central: Computo, causa: Causa, sin_ella: Computo,
                    comparacion: tuple[Computo, Computo] | None, texto_remedio: str | None) -> str:
    """One plain sentence: the breach, what it costs, what can still be done."""
    cobrado = central.liquidacion.pagado > 0
    verbo = "devolvería" if cobrado else "la subvención final sería de"
    ahora, sin = _cifra(central, cobrado), _cifra(sin_ella, cobrado)
    frases = [f"{causa.descripcion}."]
    if causa.supuesto is not None and comparacion is None:
        frases.append(causa.supuesto.format(verbo=verbo, sin=f"{sin:}", ahora=f"{ahora:}") + ".")
    elif sin.valor != ahora.valor:
        frases.append(f"Sin esta causa {verbo} {sin:} en lugar de {ahora:}.")
    elif comparacion is not None:
        con, antes = (_cifra(x, cobrado) for x in comparacion)
        frase = "Mientras no alcance el umbral, el reintegro es total y esta causa no cambia la cifra"
        if con.valor != antes.valor:
            frase += f"; al alcanzarlo, sin esta causa {verbo} {con:} en lugar de {antes:}"
        frases.append(frase + ".")
    else:
        frases.append(causa.sin_efecto or "En este caso no cambia la cifra, porque otra causa ya la determina.")
    if texto_remedio:
        frases.append(texto_remedio)
    return " ".join(frases)


# ------------------------------------------------------------------ interest


def intereses_detenidos(c: Calculo) -> bool:
    """Interest no longer runs: the resolution, or the day the beneficiary
    paid, is today or past (LGS art. 37.1, RLGS art. 90)."""
    fin = c.caso.fecha_fin_dada()
    return fin is not None and fin <= c.hoy


def _interes_diario(c: Calculo, central: Computo) -> str | None:
    """Interest one more day adds to the current reintegro, at the rate in
    force on the end date (Actual/Actual, or 365 with base_dias "365"); None
    once interest has stopped (``tras_resolucion`` says what follows)."""
    if intereses_detenidos(c):
        return None
    reintegro = central.liquidacion.reintegro
    if reintegro == 0 or not c.caso.pagos:
        return "0.00"
    tipo = tabla().tramo_de(c.fin).tipo_exacto()
    return redondear(Racional(reintegro, 100) * tipo / dias_del_ano(c.fin.year, c.caso.base_dias))


def _si_ingresa_hoy(c: Calculo, central: Computo) -> dict | None:
    """Paying back today stops the interest today: a voluntary return before
    any requerimiento (RLGS art. 90); after the agreement that starts the
    procedure it is no longer one, but interest stops on the payment all the
    same (LGS art. 37.1). Not offered for a payment dated after today."""
    reintegro = central.liquidacion.reintegro
    if c.fin <= c.hoy or reintegro == 0 or any(p.fecha > c.hoy for p in c.caso.pagos):
        return None
    intereses = c.intereses(reintegro, fin=c.hoy)
    inicio = c.caso.fecha_inicio_procedimiento
    voluntaria = inicio is None or inicio > c.hoy
    return {
        "voluntaria": voluntaria,
        "cita": c.cita("rlgs-90" if voluntaria else "lgs-37-1"),
        "fecha": c.hoy.isoformat(),
        "intereses": centimos_a_texto(intereses),
        "total_a_ingresar": centimos_a_texto(reintegro + intereses),
        "ahorro": centimos_a_texto(central.intereses - intereses),
    }

