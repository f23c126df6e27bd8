"""The chart's sweep (``navegador.barrido``): what must be returned against
accepted expense, every other input unchanged (DOMAIN.md, "What the
beneficiary can still change"; issue 17).

The treasurer of issue 17, art. 21 (seed 000), apartado 2: 20.000 € granted
and paid on 10/01/2025, 14.500 € justified, publicity not done (letra f:
20 %), resolution the day of the payment (no interest). The threshold is
75 % × 20.000 = 15.000 € of accepted expense:
- below it the reintegro is total: 20.000 €;
- at 15.000 €: F = 20.000 × 15.000 / 20.000 − 20 % × 20.000 = 11.000 €, 9.000 € back;
- at 17.500 €: F = 17.500 − 4.000 = 13.500 €, 6.500 € back;
- at the cost, 20.000 €: F = 16.000 €, 4.000 € back.
"""

from __future__ import annotations

import json

import pytest

from reintegro import calcular_caso, navegador

TESORERA = {"bases": "art21-umbral-75", "importe_concedido": "20000", "gasto_justificado": "14500",
            "publicidad": "incumplida", "pagos": [{"fecha": "2025-01-10", "importe": "20000"}],
            "fecha_resolucion": "2025-01-10"}


def barrido(caso: dict) -> dict:
    respuesta = json.loads(navegador.barrido(json.dumps(caso)))
    assert respuesta["estado"] == "barrido", respuesta
    return respuesta["barrido"]


def test_el_barrido_de_la_tesorera_tiene_el_precipicio_en_el_umbral():
    b = barrido(TESORERA)
    puntos = {p["gasto_aceptado"]: p for p in b["puntos"]}
    assert b["actual"] == "14500.00" and b["umbrales"] == ["15000.00"] and b["cobrado"] is True
    # 25 evenly spaced points from 0 to the cost (20.000 / 24 apart), the case's own 14.500 € and the cent below
    # the threshold (15.000 € is the 18th point of the grid).
    assert list(puntos)[:3] == ["0.00", "833.33", "1666.66"] and len(puntos) == 27
    assert {"14500.00", "14999.99", "15000.00", "20000.00"} <= set(puntos)
    esperado = {  # gasto aceptado: (regimen, importe final, reintegro)
        "0.00": ("total", "0.00", "20000.00"),
        "14500.00": ("total", "0.00", "20000.00"),
        "14999.99": ("total", "0.00", "20000.00"),
        "15000.00": ("proporcional", "11000.00", "9000.00"),
        "17500.00": ("proporcional", "13500.00", "6500.00"),
        "20000.00": ("proporcional", "16000.00", "4000.00"),
    }
    for gasto, (regimen, final, reintegro) in esperado.items():
        p = puntos[gasto]
        assert (p["regimen"], p["importe_final"], p["reintegro"], p["total_a_ingresar"]) == (
            regimen, final, reintegro, reintegro), gasto


def test_cada_punto_es_el_resultado_del_caso_con_ese_gasto():
    """Every point is what ``calcular`` gives for the case with that accepted
    expense: with a deduction (letra e, 1.500 € of contracts without offers) the
    expense presented is the point plus the deduction. Two payments (interest
    from 2023 and 2024 to the resolution) so the total differs from the reintegro."""
    caso = {**TESORERA, "gasto_justificado": "16000", "gasto_sin_ofertas": "1500",
            "pagos": [{"fecha": "2023-03-01", "importe": "12000"}, {"fecha": "2024-03-01", "importe": "8000"}],
            "fecha_resolucion": "2025-06-30"}
    b = barrido(caso)
    assert b["actual"] == "14500.00"
    for p in b["puntos"][::4] + [q for q in b["puntos"] if q["gasto_aceptado"] in ("14999.99", "15000.00")]:
        justificado = f"{float(p['gasto_aceptado']) + 1500:.2f}"
        r = calcular_caso({**caso, "gasto_justificado": justificado})
        assert (p["importe_final"], p["reintegro"], p["total_a_ingresar"], p["regimen"]) == (
            r["importe_final"], r["reintegro"], r["total_a_ingresar"], r["regimen"]), p["gasto_aceptado"]
        if p["regimen"] == "total":
            assert p["total_a_ingresar"] != p["reintegro"]


def test_sin_pagos_el_barrido_habla_de_la_subvencion_final():
    """Nothing paid: nothing to give back, the chart shows the final grant (cobrado false)."""
    caso = {k: v for k, v in TESORERA.items() if k not in ("pagos", "fecha_resolucion")}
    b = barrido(caso)
    assert b["cobrado"] is False
    puntos = {p["gasto_aceptado"]: p for p in b["puntos"]}
    assert puntos["15000.00"]["importe_final"] == "11000.00" and puntos["15000.00"]["reintegro"] == "0.00"
    assert puntos["14999.99"]["importe_final"] == "0.00"


def test_un_caso_no_valido_da_sus_errores():
    respuesta = json.loads(navegador.barrido(json.dumps({**TESORERA, "importe_concedido": "-1"})))
    assert respuesta["estado"] == "error"
    assert any(e["campo"] == "importe_concedido" for e in respuesta["errores"]), respuesta


@pytest.mark.parametrize("bases", ["boe-2024-17269", "csd-art12"])
def test_el_umbral_de_cada_bases_pone_su_precipicio(bases):
    """BOE-A-2024-17269 (35 % of the grant) and CSD art. 12 (70 %): 10.000 € granted,
    the cliff between 3.499,99 / 3.500 € and 6.999,99 / 7.000 €."""
    limite = {"boe-2024-17269": "3500.00", "csd-art12": "7000.00"}[bases]
    b = barrido({"bases": bases, "importe_concedido": "10000", "gasto_justificado": "2000"})
    assert b["umbrales"] == [limite]
    puntos = {p["gasto_aceptado"]: p for p in b["puntos"]}
    debajo = f"{float(limite) - 0.01:.2f}"
    assert puntos[debajo]["regimen"] == "total" and puntos[limite]["regimen"] == "proporcional"


def test_un_solo_centimo_cobrado_ya_es_cobrado():
    """The chart speaks of money to return as soon as anything was paid, even one
    cent (what the beneficiary compares is then the reintegro, not the final grant)."""
    caso = {**TESORERA, "pagos": [{"fecha": "2025-01-10", "importe": "0.01"}]}
    assert barrido(caso)["cobrado"] is True
    assert barrido({k: v for k, v in TESORERA.items() if k != "pagos"})["cobrado"] is False
