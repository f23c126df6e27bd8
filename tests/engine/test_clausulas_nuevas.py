"""The clause kinds of issue 24 under tests/engine/bases_de_ejemplo/clausulas-nuevas.toml
(each apartado quoted there). G = C = 10.000 €, paid 10/01/2025, resolution the
same day (no interest): reintegro = 10.000 − F.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from reintegro.bases_propias import leer_bases
from reintegro.calendario import dias_habiles_entre, domingo_de_pascua, meses_completos
from reintegro.comparar import comparar
from reintegro.entrada import leer_caso
from reintegro.errores import CasoInvalido
from reintegro.formulario import formulario
from reintegro.motor import calcular

EJEMPLO = Path(__file__).parent / "bases_de_ejemplo" / "clausulas-nuevas.toml"
HOY = date(2026, 11, 29)
PAGADO = {"pagos": [{"fecha": "2025-01-10", "importe": "10000"}], "fecha_resolucion": "2025-01-10"}


def _bases():
    return leer_bases(EJEMPLO.read_text(encoding="utf-8"), "toml")


def resultado(**campos) -> dict:
    b = _bases()
    return calcular(leer_caso({"importe_concedido": "10000", **PAGADO, **campos}, HOY, b), HOY, b)


def errores(**campos) -> dict[str, str]:
    with pytest.raises(CasoInvalido) as info:
        leer_caso({"importe_concedido": "10000", **campos}, HOY, _bases())
    return {e.campo: e.mensaje for e in info.value.errores}


# --- own criteria (apartados 3–8) -------------------------------------------

def test_criterio_si_no_con_porcentaje_fijo():
    """Apartado 3: no final report, 10 % of G: F = 9.000, 1.000 back; the margin lists it (sin ella 0)."""
    r = resultado(criterios={"memoria_final": True})
    assert (r["importe_final"], r["reintegro"]) == ("9000.00", "1000.00")
    assert any(p["cita"]["ancla"] == "apartado-3" for p in r["pasos"])
    causa = {c["campo"]: c for c in r["margen"]["por_causa"]}["criterios.memoria_final"]
    assert causa["reintegro_sin_ella"] == "0.00"
    assert causa["etiqueta"] == "No se presentó la memoria final"


def test_criterio_de_opciones_cada_una_con_su_porcentaje():
    """Apartado 4: «grave» 15 %: F = 8.500; «leve» 5 %: F = 9.500."""
    assert resultado(criterios={"documentacion": "grave"})["reintegro"] == "1500.00"
    assert resultado(criterios={"documentacion": "leve"})["reintegro"] == "500.00"
    assert resultado(criterios={"documentacion": "correcta"})["reintegro"] == "0.00"


def test_criterio_hasta_un_maximo_es_un_rango():
    """Apartado 5: «hasta un 20 %»: the figure is the lower end (0 €) and the range reaches 2.000 €."""
    r = resultado(criterios={"cambios_sin_autorizar": True})
    assert r["reintegro"] == "0.00"
    assert r["rangos"]["reintegro"] == {"minimo": "0.00", "maximo": "2000.00"}
    assert "rango-discrecional" in {n["codigo"] for n in r["notas"]}


def test_criterio_total():
    """Apartado 6: the aid put to another end: total reintegro, 10.000 back."""
    r = resultado(criterios={"otro_fin": True})
    assert (r["regimen"], r["reintegro"]) == ("total", "10000.00")
    assert r["pasos"][1]["cita"]["ancla"] == "apartado-6"


@pytest.mark.parametrize("horas, participantes, regimen", [
    ("59.99", "100", "total"), ("100", "59.99", "total"), ("60", "60", "proporcional"), ("75", "90", "proporcional"),
])
def test_dos_medidas_que_deben_alcanzar_cada_una_su_minimo(horas, participantes, regimen):
    """Apartado 7: at least 60 % of hours AND 60 % of participants; 60 % exactly is «al menos»."""
    r = resultado(criterios={"horas": horas, "participantes": participantes})
    assert r["regimen"] == regimen


def test_medida_proporcional_al_tiempo():
    """Apartado 8: assets kept 2 of 5 years: 3/5 of G back, 6.000."""
    r = resultado(criterios={"anos_mantenidos": "2"})
    assert (r["importe_final"], r["reintegro"]) == ("4000.00", "6000.00")
    causa = r["margen"]["por_causa"][0]
    assert (causa["campo"], causa["reintegro_sin_ella"]) == ("criterios.anos_mantenidos", "0.00")


def test_criterios_desconocidos_o_mal_dados_se_rechazan_en_espanol():
    assert "no es un criterio de estas bases" in errores(criterios={"memoria": True})["criterios.memoria"]
    assert errores(criterios={"memoria_final": "sí"})["criterios.memoria_final"] == (
        "«No se presentó la memoria final» debe ser true (sí) o false (no)")
    assert "«correcta», «leve», «grave»" in errores(criterios={"documentacion": "mala"})["criterios.documentacion"]
    assert "entre 0 y 5 (años)" in errores(criterios={"anos_mantenidos": "6"})["criterios.anos_mantenidos"]
    assert errores(criterios=[1])["criterios"].startswith("debe ser un objeto JSON")


def test_importe_que_se_suma_al_reintegro_y_importe_que_minora():
    """Apartado 12: 300 € of interest earned are added to the reintegro (F stays 10.000, 300 back);
    1.000 € of actions charged to participants lower the grant (F 9.000, 1.000 back)."""
    r = resultado(criterios={"intereses_devengados": "300"})
    assert (r["importe_final"], r["reintegro"]) == ("10000.00", "300.00")
    assert r["pasos"][-1]["cita"]["ancla"] == "apartado-12"
    r = resultado(criterios={"gasto_cobrado": "1000"})
    assert (r["importe_final"], r["reintegro"]) == ("9000.00", "1000.00")
    assert "debe ser un importe" in errores(criterios={"gasto_cobrado": "-5"})["criterios.gasto_cobrado"]


# --- threshold with a condition, bands (apartados 1 and 2) -------------------

def test_el_umbral_solo_rige_con_anticipo():
    """Apartado 1: with an advance, 49,99 % of the cost is total; without it, apartado 2 applies
    (49,99 % is below every band: proportional, F = 4.999, 5.001 back)."""
    assert resultado(gasto_justificado="4999", criterios={"anticipo": True})["regimen"] == "total"
    r = resultado(gasto_justificado="4999")
    assert (r["regimen"], r["reintegro"]) == ("proporcional", "5001.00")
    assert "umbral-condicionado" in {n["codigo"] for n in r["notas"]}
    assert r["margen"]["umbrales"] == []


def test_tramo_desde_el_80_mantiene_toda_la_ayuda():
    """Apartado 2, cost 20.000: 17.000 justified (85 %), from 80 % the whole aid is kept: F = 10.000.
    (With G = C the excess over the accepted cost, LGS 19.3, would still be returned.)"""
    r = resultado(coste_proyecto="20000", gasto_justificado="17000")
    assert r["reintegro"] == "0.00"
    assert [p["cita"]["ancla"] for p in r["pasos"][1:3]] == ["apartado-2", "apartado-2"]


def test_tramo_entre_50_y_80_el_doble_de_la_desviacion():
    """Apartado 2, cost 20.000: 14.000 justified (70 %), deviation 30 %, doubled: 60 % of G, 6.000 back."""
    assert resultado(coste_proyecto="20000", gasto_justificado="14000")["reintegro"] == "6000.00"


# --- delay in working days, minimum amount (apartados 9 and 10) ---------------

def test_dias_habiles_sin_fines_de_semana_ni_fiestas_nacionales():
    """2025: Good Friday 18/04 (Easter 20/04). From Wednesday 16/04 to Wednesday 23/04: 17, 21, 22, 23 are
    working days (18 Good Friday, 19–20 weekend): 4."""
    assert domingo_de_pascua(2025) == date(2025, 4, 20)
    assert dias_habiles_entre(date(2025, 4, 16), date(2025, 4, 23)) == (4, [])
    assert dias_habiles_entre(date(2040, 1, 2), date(2040, 1, 9))[1] == [2040]


def test_meses_completos_de_fecha_a_fecha():
    assert meses_completos(date(2025, 1, 31), date(2025, 2, 28)) == 1
    assert meses_completos(date(2025, 1, 15), date(2025, 3, 14)) == 1
    assert meses_completos(date(2025, 1, 15), date(2025, 3, 15)) == 2


def test_escala_del_20_por_ciento_mas_20_por_cada_15_dias_habiles():
    """Apartado 9: deadline Monday 03/03/2025, presented Monday 24/03: 15 working days (no national holiday):
    20 % + 1 × 20 % = 40 %, 4.000 back. One working day late: 20 %, 2.000."""
    r = resultado(fecha_limite_justificacion="2025-03-03", fecha_presentacion_justificacion="2025-03-24")
    assert r["reintegro"] == "4000.00"
    assert "dias-habiles" in {n["codigo"] for n in r["notas"]}
    assert resultado(fecha_limite_justificacion="2025-03-03",
                     fecha_presentacion_justificacion="2025-03-04")["reintegro"] == "2000.00"


def test_por_debajo_del_importe_minimo_no_se_reclama():
    """Apartado 10 with apartado 8: assets kept 4,9 of 5 years: 2 % of G, 200 € < 250 €: not claimed
    (F stays 9.800); 4,75 years: 5 %, 500 €, claimed."""
    r = resultado(criterios={"anos_mantenidos": "4.9"})
    assert (r["importe_final"], r["reintegro"]) == ("9800.00", "0.00")
    assert "importe-minimo" in {n["codigo"] for n in r["notas"]}
    assert any(p["cita"]["ancla"] == "apartado-10" for p in r["pasos"])
    r = resultado(criterios={"anos_mantenidos": "4.75"})
    assert r["reintegro"] == "500.00"
    assert "importe-minimo" not in {n["codigo"] for n in r["notas"]}


# --- what it cannot express; form, schema, comparar ---------------------------

def test_lo_que_no_aplica_se_dice_en_cada_resultado_y_en_el_formulario():
    r = resultado()
    (nota,) = [n for n in r["notas"] if n["codigo"] == "sin-expresar"]
    assert nota["texto"].startswith("Esta calculadora no aplica: La penalización del doble")
    assert "(apartado 11)" in nota["texto"]
    assert formulario(_bases())["sin_expresar"] == [{
        "texto": "La penalización del doble de la diferencia cuando se sobredeclara más del 10 %",
        "referencia": "apartado 11", "ancla": "apartado-11"}]


def test_cada_criterio_es_un_campo_del_formulario():
    campos = {c["campo"]: c for c in formulario(_bases())["campos"]}
    assert campos["criterios.memoria_final"]["tipo"] == "booleano"
    assert campos["criterios.documentacion"]["opciones"][2] == {"valor": "grave", "etiqueta": "grave"}
    assert campos["criterios.horas"]["tipo"] == "porcentaje"
    assert (campos["criterios.anos_mantenidos"]["tipo"], campos["criterios.anos_mantenidos"]["maximo"]) == ("numero", "5")
    assert campos["criterios.memoria_final"]["por_que"]["ancla"] == "apartado-3"


def test_comparar_ignora_con_una_nota_los_criterios_de_otras_bases():
    salida = comparar({"importe_concedido": "10000", "criterios": {"memoria_final": True}}, _bases(), HOY)
    assert salida["clausulas-nuevas"]["reintegro"] == "0.00"  # nothing paid: loses the right to collect 1.000
    assert salida["clausulas-nuevas"]["importe_final"] == "9000.00"
    notas = {n["codigo"]: n["texto"] for n in salida["art21-umbral-75"]["notas"]}
    assert "«memoria_final»" in notas["criterios-ignorados"]


def test_el_esquema_del_caso_tiene_los_criterios(capsys):
    """`python -m reintegro esquema`, in process (the same in Pyodide, which has no subprocesses)."""
    from reintegro import cli
    assert cli.main(["esquema"]) in (0, None)
    criterios = json.loads(capsys.readouterr().out)["properties"]["criterios"]
    assert criterios["type"] == "object"
    assert set(criterios["additionalProperties"]["type"]) == {"boolean", "string", "number"}


def test_modelo_rechaza_criterios_sin_efecto_y_tramos_mal_ordenados():
    from pydantic import ValidationError

    from reintegro.modelo_bases import Criterio, MinoracionPorRetraso

    with pytest.raises(ValidationError):
        Criterio(id="x", etiqueta="X", ayuda="X", ancla="a", tipo="medida")
    with pytest.raises(ValidationError):
        MinoracionPorRetraso(tipo="retraso", unidad="dias", ancla="a", texto="X",
                             tramos=[{"hasta": 30, "porcentaje": "10"}, {"hasta": 15, "porcentaje": "5"}])
