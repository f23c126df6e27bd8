"""Properties of the engine over random valid cases (DOMAIN.md, "How one case
is computed", "Interés de demora", "Amounts"). One property per test; the
strategies live in ``estrategias``. Every case is computed with a fixed
``hoy`` or carries its own end date, so results are deterministic."""

from __future__ import annotations

import json
from datetime import date, timedelta
from decimal import Decimal

from hypothesis import example, given
from hypothesis import strategies as st

from reintegro import calcular_caso
from reintegro import navegador
from reintegro.catalogo import PAGINA_LEY_GENERAL, anclas_resolubles, bases

from .estrategias import (
    CLAVES_IMPORTE,
    HOY,
    IMPORTE,
    ULTIMO_DIA,
    casos,
    comprobar_resultado,
    euros,
    leer,
    recorrer,
    suma_de_bloque,
    texto_importe,
    total_pagado,
)


def calcular(caso: dict) -> dict:
    return calcular_caso(caso, hoy=HOY)


# ------------------------------------------------------------ step 8: outcome


@given(casos())
def test_reintegro_nunca_supera_lo_pagado(caso):
    """Step 8: reintegro = max(P − F, 0): never negative, never more than the
    payments received (what was never paid is lost, not paid back; RLGS 89)."""
    resultado = calcular(caso)
    assert Decimal(0) <= euros(resultado["reintegro"]) <= total_pagado(leer(caso))


@given(casos())
def test_importe_final_entre_cero_y_lo_concedido(caso):
    """Steps 1–7 and D5: the final grant F is never below 0 € nor above the
    amount granted G."""
    resultado = calcular(caso)
    assert Decimal(0) <= euros(resultado["importe_final"]) <= euros(caso["importe_concedido"])


@given(casos())
def test_reintegro_menos_pendiente_es_pagado_menos_final(caso):
    """Step 8: reintegro = max(P − F, 0) and pendiente = max(F − P, 0), so
    reintegro − pendiente = P − F, and at most one of them is not zero."""
    resultado = calcular(caso)
    reintegro, pendiente = euros(resultado["reintegro"]), euros(resultado["pendiente_de_cobro"])
    assert reintegro - pendiente == total_pagado(leer(caso)) - euros(resultado["importe_final"])
    assert reintegro == 0 or pendiente == 0


@given(casos())
def test_perdida_del_derecho_al_cobro_es_concedido_menos_max_de_pagado_y_final(caso):
    """Step 8 (RLGS art. 89): pérdida del derecho al cobro = G − max(P, F)."""
    resultado = calcular(caso)
    g, f = euros(caso["importe_concedido"]), euros(resultado["importe_final"])
    assert euros(resultado["perdida_derecho_cobro"]) == g - max(total_pagado(leer(caso)), f)


@given(casos(con_gasto=True), st.integers(0, 5_000_000_00))
def test_mas_gasto_aceptado_nunca_aumenta_el_reintegro(caso, mas_centimos):
    """Steps 2–4 and 7: more accepted expense A (gasto_justificado raised, all
    else equal) never lowers the execution degree, never turns a proportional
    regime into a total one and never enlarges an excess over the cost, so it
    never increases the reintegro (nor lowers the final grant)."""
    mas = dict(caso)
    centimos = int(euros(caso["gasto_justificado"]) * 100) + mas_centimos
    mas["gasto_justificado"] = texto_importe(centimos)
    antes, despues = calcular(caso), calcular(mas)
    assert euros(despues["reintegro"]) <= euros(antes["reintegro"])
    assert euros(despues["importe_final"]) >= euros(antes["importe_final"])


@example({"bases": "art15-proporcional", "importe_concedido": "1.00", "coste_proyecto": "0.50"})
@given(casos())
def test_exceso_sobre_el_coste_se_devuelve(caso):
    """Step 7 (LGS 19.3 "aisladamente o en concurrencia", RLGS 34): the final
    grant plus the other aid never exceeds the accepted cost A; what exceeds
    it is returned, up to F. So either F = 0 or F + otras_ayudas ≤ A."""
    resultado = calcular(caso)
    f = euros(resultado["importe_final"])
    otras = euros(caso.get("otras_ayudas", "0"))
    aceptado = euros(resultado["ejecucion"]["gasto_aceptado"])
    assert f == 0 or f + otras <= aceptado, (f, otras, aceptado)


# ------------------------------------------------------------------ interest


@given(casos())
def test_intereses_nunca_negativos(caso):
    """LGS 37.1 / D6: interest is simple and runs forward from each payment;
    it is never negative, and there is none without a reintegro."""
    resultado = calcular(caso)
    intereses = euros(resultado["intereses"]["total"])
    assert intereses >= 0
    if euros(resultado["reintegro"]) == 0:
        assert intereses == 0


@given(casos(con_fin=True), st.integers(0, 4000))
def test_intereses_crecen_con_la_fecha_final(caso, dias_mas):
    """LGS 37.1 / D6: interest runs to the end date (the resolution, or the day
    of payment if earlier); a later end date never gives less interest."""
    primero = {k: v for k, v in caso.items() if k not in ("fecha_ingreso", "fecha_resolucion")}
    fin = leer(caso).fecha_fin_dada()
    despues = min(fin + timedelta(days=dias_mas), ULTIMO_DIA)
    segundo = dict(primero, fecha_resolucion=despues.isoformat())
    primero["fecha_resolucion"] = fin.isoformat()
    a, b = calcular(primero), calcular(segundo)
    assert a["reintegro"] == b["reintegro"]
    assert euros(a["intereses"]["total"]) <= euros(b["intereses"]["total"])


@given(casos())
def test_total_a_ingresar_es_reintegro_mas_intereses(caso):
    """DOMAIN "The public contract": total_a_ingresar = reintegro + intereses."""
    resultado = calcular(caso)
    assert euros(resultado["total_a_ingresar"]) == (
        euros(resultado["reintegro"]) + euros(resultado["intereses"]["total"])
    )


def test_ejemplo_del_dominio_intereses_actual_y_365():
    """DOMAIN.md worked check: 6.000,00 € reimbursed, paid 17-02-2023, paid back
    11-06-2024, 4,0625 %: 320,25 € (Actual/Actual), 320,55 € (base 365)."""
    caso = {
        "bases": "art21-umbral-75", "importe_concedido": "6000.00", "sin_justificacion": True,
        "pagos": [{"fecha": "2023-02-17", "importe": "6000.00"}], "fecha_ingreso": "2024-06-11",
    }
    actual = calcular(caso)
    assert actual["reintegro"] == "6000.00"
    assert actual["intereses"]["total"] == "320.25"
    assert [(p["dias"], p["divisor"]) for p in actual["intereses"]["periodos"]] == [(317, 365), (163, 366)]
    assert calcular(dict(caso, base_dias="365"))["intereses"]["total"] == "320.55"


# --------------------------------------------------------- the explanation (D1)


@given(casos())
def test_pasos_suman_por_bloque(caso):
    """D1: the explanation always adds up to the cent: the steps of bloque
    "importe_final" sum to importe_final, "liquidacion" to P − F, "intereses"
    to the interest total, "perdida_derecho_cobro" to the pérdida."""
    resultado = calcular(caso)
    f = euros(resultado["importe_final"])
    assert suma_de_bloque(resultado, "importe_final") == f
    assert suma_de_bloque(resultado, "liquidacion") == total_pagado(leer(caso)) - f
    assert suma_de_bloque(resultado, "intereses") == euros(resultado["intereses"]["total"])
    assert suma_de_bloque(resultado, "perdida_derecho_cobro") == euros(resultado["perdida_derecho_cobro"])


@given(casos())
def test_periodos_de_interes_suman_el_total(caso):
    """D7: the interest total is rounded once, and the periods shown are
    rounded so that they add up to it (largest remainder)."""
    resultado = calcular(caso)
    periodos = resultado["intereses"]["periodos"]
    assert sum((euros(p["importe"]) for p in periodos), Decimal(0)) == euros(resultado["intereses"]["total"])


@given(casos())
def test_cada_cita_existe_en_los_datos_y_enlaza_a_su_pagina(caso):
    """DOMAIN "The public contract": each step cites the paragraph it comes
    from; the anchor exists in the bases' paragraphs or the general law, and
    the link is <page>#<anchor>."""
    resultado = calcular(caso)
    b = bases(caso["bases"])
    for paso in resultado["pasos"]:
        ancla = paso["cita"]["ancla"]
        assert ancla in anclas_resolubles(b), paso
        pagina = b.pagina if ancla in b.parrafos else PAGINA_LEY_GENERAL
        assert paso["cita"]["enlace"] == f"{pagina}#{ancla}"


# ----------------------------------------------------------------- ranges


@given(casos())
def test_rangos_contienen_la_cifra_central(caso):
    """Step 6, step 7 and D8: a range is given where the text leaves a figure
    open; for every figure, minimo ≤ the figure shown ≤ maximo."""
    resultado = calcular(caso)
    for nombre, rango in resultado["rangos"].items():
        central = resultado["intereses"]["total"] if nombre == "intereses" else resultado[nombre]
        assert euros(rango["minimo"]) <= euros(central) <= euros(rango["maximo"]), (nombre, rango, central)


def test_rango_del_exceso_solo_con_ayudas_publicas():
    """Step 7 (RLGS 34.1): sharing an excess between granting bodies — the
    lower end of the range — applies only when the other aid is public. With
    private other aid the whole excess is returned and there is no range."""
    caso = {
        "bases": "art21-umbral-75", "importe_concedido": "1000.00",
        "otras_ayudas": "500.00", "otras_ayudas_publicas": False,
    }
    resultado = calcular(caso)
    assert resultado["importe_final"] == "500.00"
    assert "importe_final" not in resultado["rangos"], resultado["rangos"]


# ------------------------------------------------------------ representation


@given(casos())
def test_sin_float_y_importes_con_dos_decimales(caso):
    """DOMAIN "Amounts": money is never float, anywhere in the result; every
    amount is shown rounded to the cent ("1234.56")."""
    resultado = calcular(caso)
    for ruta, valor in recorrer(resultado):
        assert valor is None or type(valor) in (str, int, bool, list, dict), (ruta, valor)
    importes = [resultado[c] for c in CLAVES_IMPORTE] + [resultado["intereses"]["total"]]
    importes += [p["importe"] for p in resultado["pasos"]]
    importes += [p[c] for p in resultado["intereses"]["periodos"] for c in ("importe", "principal")]
    importes += [r[c] for r in resultado["rangos"].values() for c in ("minimo", "maximo")]
    importes += [resultado["ejecucion"][c] for c in ("gasto_justificado", "gasto_aceptado")]
    for importe in importes:
        assert isinstance(importe, str) and IMPORTE.match(importe), importe


@given(casos(con_fin=True))
def test_cpython_y_navegador_dan_el_mismo_resultado(caso):
    """DOMAIN "The public contract": the browser bridge (JSON text in, JSON
    text out) gives the same result as Python."""
    salida = json.loads(navegador.calcular(json.dumps(caso)))
    assert salida["estado"] == "resultado"
    assert salida["resultado"] == calcular_caso(caso)  # both computed today


@given(casos())
def test_todas_las_invariantes_del_resultado(caso):
    """All of the above at once, through the helper the fuzz tests reuse."""
    comprobar_resultado(leer(caso), calcular(caso))


def test_la_estrategia_genera_casos_de_todas_las_bases_y_ambos_regimenes():
    """Guard on the strategy itself: it reaches every bases, both regimes,
    ranges and interest (otherwise the properties above prove little)."""
    vistos: set = set()

    @given(casos())
    def recoger(caso):
        r = calcular(caso)
        vistos.add(caso["bases"])
        vistos.add(r["regimen"])
        if r["rangos"]:
            vistos.add("rangos")
        if r["intereses"]["periodos"]:
            vistos.add("intereses")
        if date.fromisoformat(r["intereses"]["fecha_fin"] or "2005-01-01") > date(2026, 11, 30):
            vistos.add("tras-revision")

    recoger()
    # The five bases of DOMAIN.md; the catalogue's (issue 24) are many and
    # each is reached by its own golden cases (test_catalogo.py checks it).
    cinco = {"art15-proporcional", "art21-umbral-75", "boe-2023-26428-art28", "boe-2024-17269", "csd-art12"}
    assert cinco | {"total", "proporcional", "rangos", "intereses", "tras-revision"} <= vistos
