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

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from .calculo import Calculo, Computo
from .caso import Caso
from .catalogo import campos_genericos, cita, remedio
from .ejecucion import medir
from .explicacion import Frase, Notas
from .importes import CIEN, Euros, Porcentaje, centimos_a_texto, exacto, numero_json, porcentaje_json, redondear
from .intereses import dias_del_ano
from .minoraciones import dias_de_retraso
from .modelo_bases import MinoracionPorDias
from .regimen import Umbral, umbrales
from .tipos_interes import tabla
from .variante import CENTRAL, Variante


def margen(c: Calculo, central: Computo) -> dict:
    return {
        "umbrales": [_umbral_json(c, u) for u in umbrales(c.b.regimen, central.ejecucion, CENTRAL)],
        "por_causa": [_causa_json(c, central, causa) for causa in causas(c, central)],
        "interes_diario": _interes_diario(c, central),
        "si_ingresa_el": _si_ingresa_hoy(c, central),
    }


# ------------------------------------------------------------------ thresholds


def _centimos_arriba(valor: Fraction) -> int:
    """Whole hundredths of ``valor``, rounded up: the least amount (or
    percentage with two decimals) that reaches it."""
    centimos = valor * 100
    return -(-centimos.numerator // centimos.denominator)


def _euros(centimos: int) -> Decimal:
    return Decimal(centimos).scaleb(-2)


def _para_alcanzar(caso: Caso, u: Umbral, aceptado: Fraction) -> dict:
    """The case change that puts the measure of ``u`` exactly at its minimum:
    more (or less) expense presented, every deduction unchanged; or the least
    percentage of objectives."""
    if not u.de_gasto:
        return {"grado_cumplimiento_objetivos": _euros(_centimos_arriba(u.minimo * CIEN))}
    diferencia = _centimos_arriba(u.minimo * u.base) - round(aceptado * 100)
    return {"gasto_justificado": _euros(round(exacto(caso.justificado) * 100) + diferencia)}


def alcanzar_umbrales(c: Calculo, caso: Caso) -> Caso:
    """``caso`` with every threshold it misses reached exactly."""
    e = medir(c.b, caso, CENTRAL)
    cambio: dict = {}
    for u in umbrales(c.b.regimen, e, CENTRAL):
        if u.valor < u.minimo:
            cambio.update(_para_alcanzar(caso, u, e.aceptado))
    return caso.model_copy(update=cambio) if cambio else caso


def _umbral_json(c: Calculo, u: Umbral) -> dict:
    minimo = u.minimo * CIEN
    salida: dict = {
        "medida": u.medida,
        "porcentaje_minimo": numero_json(c.b.regimen.minimo),
        "porcentaje_actual": porcentaje_json(u.valor * CIEN, (minimo,)),
        "cumple": u.valor >= u.minimo,
    }
    e = medir(c.b, c.caso, CENTRAL)
    cambio = _para_alcanzar(c.caso, u, e.aceptado)
    if u.de_gasto:
        minimo_aceptado = _centimos_arriba(u.minimo * u.base)
        salida["gasto_aceptado_minimo"] = centimos_a_texto(minimo_aceptado)
        salida["falta"] = centimos_a_texto(max(minimo_aceptado - round(e.aceptado * 100), 0))
        salida["gasto_justificado_necesario"] = f"{cambio['gasto_justificado']:.2f}"
    else:
        necesario = cambio["grado_cumplimiento_objetivos"]
        salida["porcentaje_necesario"] = numero_json(necesario)
        salida["falta"] = numero_json(max(necesario - c.caso.grado_cumplimiento_objetivos, Decimal(0)))
    alcanzado = c.computo(caso=c.caso.model_copy(update=cambio))
    salida["reintegro_al_alcanzarlo"] = centimos_a_texto(alcanzado.liquidacion.reintegro)
    salida["importe_final_al_alcanzarlo"] = centimos_a_texto(alcanzado.liquidacion.final)
    salida["total_a_ingresar_al_alcanzarlo"] = centimos_a_texto(alcanzado.total_a_ingresar)
    return salida


# ---------------------------------------------------------------- each cause


@dataclass(frozen=True)
class Causa:
    """A cause of reintegro present in the case, and what remedies it."""

    campo: str  # the case field that records it ("cofinanciacion": no field, the rule itself)
    etiqueta: str
    ancla: str
    descripcion: Frase | str
    cambio: dict = field(default_factory=dict)  # the case fields that remedy it
    variante: Variante = CENTRAL  # or the rule that no longer binds


def _etiqueta(c: Calculo, campo: str) -> str:
    for usado in c.b.campos:
        if usado.campo == campo and usado.etiqueta:
            return usado.etiqueta
    return campos_genericos()[campo]["etiqueta"]


def causas(c: Calculo, central: Computo) -> list[Causa]:
    """The causes present in the case, in the order of the algorithm."""
    b, caso, e = c.b, c.caso, central.ejecucion
    lista = [Causa(t.campo, _etiqueta(c, t.campo), t.ancla, t.texto, {t.campo: False})
             for t in b.causas_totales if getattr(caso, t.campo)]
    if b.concurrencia.ancla_total and 0 < exacto(caso.otras_ayudas) >= e.aceptado and not caso.otras_ayudas_comunicadas:
        lista.append(Causa("otras_ayudas_comunicadas", _etiqueta(c, "otras_ayudas_comunicadas"), b.concurrencia.ancla_total,
                           "Otras ayudas no comunicadas que cubren por sí solas el coste de la actividad",
                           {"otras_ayudas_comunicadas": True}))
    if e.tecnico < 1:
        lista.append(Causa("grado_cumplimiento_objetivos", _etiqueta(c, "grado_cumplimiento_objetivos"),
                           b.regimen.ancla_objetivos or b.regimen.ancla_proporcional,
                           Frase("Objetivos cumplidos al {}", Porcentaje(e.tecnico * CIEN)),
                           {"grado_cumplimiento_objetivos": Decimal(100)}))
    if e.justificado < e.coste:
        lista.append(Causa("gasto_justificado", _etiqueta(c, "gasto_justificado"), b.regimen.ancla_proporcional,
                           Frase("Gasto justificado de {} frente a un coste de {}", Euros(e.justificado), Euros(e.coste)),
                           {"gasto_justificado": caso.coste}))
    lista += [Causa(d.campo, _etiqueta(c, d.campo), d.ancla, Frase("{}: {}", d.texto, Euros(getattr(caso, d.campo))),
                    {d.campo: Decimal(0)})
              for d in b.deducciones if getattr(caso, d.campo) > 0]
    lista += _causas_de_minoracion(c)
    if any("cofinanciacion" in p.notas for p in central.importe_final.pasos):
        lista.append(Causa("cofinanciacion", "Cofinanciación obligatoria", b.cofinanciacion.ancla,
                           "La entidad no aporta la parte mínima del coste que le corresponde",
                           variante=Variante(sin_cofinanciacion=True)))
    return lista


def _causas_de_minoracion(c: Calculo) -> list[Causa]:
    lista, vistos = [], set()
    for m in c.b.minoraciones:
        if isinstance(m, MinoracionPorDias):
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


def _causa_json(c: Calculo, central: Computo, causa: Causa) -> dict:
    remediado = c.caso.model_copy(update=causa.cambio) if causa.cambio else c.caso
    sin_ella = c.computo(causa.variante, remediado)
    salida = {
        "campo": causa.campo,
        "etiqueta": causa.etiqueta,
        "cita": cita(c.b, causa.ancla).model_dump(),
        "reintegro_sin_ella": centimos_a_texto(sin_ella.liquidacion.reintegro),
        "importe_final_sin_ella": centimos_a_texto(sin_ella.liquidacion.final),
        "total_a_ingresar_sin_ella": centimos_a_texto(sin_ella.total_a_ingresar),
    }
    con_umbrales = None
    if _falla_algun_umbral(c, central):
        con_umbrales = c.computo(causa.variante, alcanzar_umbrales(c, remediado))
        salida["reintegro_sin_ella_al_alcanzar_umbrales"] = centimos_a_texto(con_umbrales.liquidacion.reintegro)
    texto_remedio, ancla_remedio = remedio(causa.campo)
    salida["texto"] = _texto_de_causa(c, central, causa, sin_ella, con_umbrales, texto_remedio)
    salida["cita_remedio"] = cita(c.b, ancla_remedio).model_dump() if ancla_remedio else None
    return salida


def _falla_algun_umbral(c: Calculo, central: Computo) -> bool:
    return any(u.valor < u.minimo for u in umbrales(c.b.regimen, central.ejecucion, CENTRAL))


def _texto_de_causa(c: Calculo, central: Computo, causa: Causa, sin_ella: Computo, con_umbrales: Computo | None,
                    texto_remedio: str | None) -> str:
    """One plain sentence: the breach, what it costs, what can still be done."""
    cobrado = central.liquidacion.pagado > 0
    ahora = central.liquidacion.reintegro if cobrado else central.liquidacion.final
    sin = sin_ella.liquidacion.reintegro if cobrado else sin_ella.liquidacion.final
    frases = [f"{causa.descripcion}."]
    if sin != ahora:
        verbo = "devolvería" if cobrado else "la subvención final sería de"
        frases.append(f"Sin esta causa {verbo} {Euros(Fraction(sin, 100)):} en lugar de {Euros(Fraction(ahora, 100)):}.")
    elif con_umbrales is not None:
        umbral = con_umbrales.liquidacion.reintegro if cobrado else con_umbrales.liquidacion.final
        con = c.computo(CENTRAL, alcanzar_umbrales(c, c.caso))
        antes = con.liquidacion.reintegro if cobrado else con.liquidacion.final
        frases.append("Mientras no alcance el umbral, el reintegro es total y esta causa no cambia la cifra")
        if umbral != antes:
            frases[-1] += (f"; al alcanzarlo, sin esta causa {'devolvería' if cobrado else 'la subvención final sería de'} "
                           f"{Euros(Fraction(umbral, 100)):} en lugar de {Euros(Fraction(antes, 100)):}")
        frases[-1] += "."
    else:
        frases.append("En este caso no cambia la cifra, porque otra causa ya la determina.")
    if texto_remedio:
        frases.append(texto_remedio)
    return " ".join(frases)


# ------------------------------------------------------------------ interest


def _interes_diario(c: Calculo, central: Computo) -> str:
    """Interest one more day adds to the current reintegro, at the rate in
    force on the end date (Actual/Actual, or 365 with base_dias "365")."""
    reintegro = central.liquidacion.reintegro
    if reintegro == 0 or not c.caso.pagos:
        return "0.00"
    tipo = exacto(tabla().tramo_de(c.fin).interes_demora) / CIEN
    return redondear(Fraction(reintegro, 100) * tipo / dias_del_ano(c.fin.year, c.caso.base_dias))


def _si_ingresa_hoy(c: Calculo, central: Computo) -> dict | None:
    """RLGS art. 90: paying back voluntarily today stops the interest today."""
    reintegro = central.liquidacion.reintegro
    if c.fin <= c.hoy or reintegro == 0:
        return None
    _, intereses = c.intereses(reintegro, "proporcional", fin=c.hoy)
    return {
        "fecha": c.hoy.isoformat(),
        "intereses": centimos_a_texto(intereses),
        "total_a_ingresar": centimos_a_texto(reintegro + intereses),
        "ahorro": centimos_a_texto(central.intereses - intereses),
    }

