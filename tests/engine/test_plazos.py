"""Periods in months and years run «de fecha a fecha» (LPAC art. 30.4): the
same day of the month, or the month's last day where that day does not exist.
The deadlines themselves are pinned by tests/golden/margen-y-plazos.yaml."""

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reintegro.calendario import es_habil, siguiente_habil, sumar_meses


@pytest.mark.parametrize(("desde", "meses", "hasta"), [
    (date(2025, 6, 30), 48, date(2029, 6, 30)),  # LGS 39: four years from the justification deadline
    (date(2024, 2, 29), 12, date(2025, 2, 28)),  # LGS 42.4: no 29 February in 2025
    (date(2024, 2, 29), 48, date(2028, 2, 29)),  # four years later it exists again
    (date(2025, 1, 31), 1, date(2025, 2, 28)),
    (date(2024, 1, 31), 1, date(2024, 2, 29)),
    (date(2025, 3, 31), 1, date(2025, 4, 30)),
    (date(2025, 12, 15), 1, date(2026, 1, 15)),
    (date(2025, 11, 30), 3, date(2026, 2, 28)),
])
def test_de_fecha_a_fecha(desde, meses, hasta):
    assert sumar_meses(desde, meses) == hasta


@given(st.dates(date(2005, 1, 1), date(2030, 12, 31)), st.integers(0, 120))
def test_mismo_dia_o_ultimo_del_mes(desde, meses):
    hasta = sumar_meses(desde, meses)
    assert (hasta.year * 12 + hasta.month) - (desde.year * 12 + desde.month) == meses
    ultimo_del_mes = (hasta + timedelta(days=1)).day == 1
    assert hasta.day == desde.day or (hasta.day < desde.day and ultimo_del_mes)


# --------------------------------------------------- issue 23: the calendar

@pytest.mark.parametrize(("dia", "siguiente"), [
    (date(2026, 9, 13), date(2026, 9, 14)),  # Sunday -> Monday (LPAC 30.5)
    (date(2025, 3, 1), date(2025, 3, 3)),  # Saturday -> Monday
    (date(2025, 12, 25), date(2025, 12, 26)),  # Christmas, a national holiday (RD 2001/1983 art. 45.1)
    (date(2026, 4, 3), date(2026, 4, 6)),  # Viernes Santo 2026 (Easter Sunday 5 April), then a weekend
    (date(2026, 12, 5), date(2026, 12, 7)),  # Saturday 5, Sunday 6 (Constitución): Monday 7
    (date(2026, 12, 8), date(2026, 12, 9)),  # Inmaculada, a Tuesday
    (date(2026, 1, 15), date(2026, 1, 15)),  # a working Thursday stays
])
def test_el_ultimo_dia_inhabil_pasa_al_siguiente_habil(dia, siguiente):
    assert siguiente_habil(dia) == siguiente


def test_los_festivos_nacionales_de_la_tabla_son_inhabiles_y_los_demas_dias_de_diario_no():
    assert not es_habil(date(2027, 10, 12))  # Fiesta Nacional, a Tuesday
    assert not es_habil(date(2028, 4, 14))  # Viernes Santo 2028 (Easter 16 April)
    assert es_habil(date(2028, 4, 13))  # Jueves Santo is regional, not in the national table


def _plazos(caso: dict, b, hoy=date(2026, 11, 29)) -> dict:
    from reintegro import Caso
    from reintegro.motor import calcular
    return calcular(Caso.model_validate({"bases": b.id, **caso}), hoy, b)


def test_una_subvencion_por_la_situacion_del_perceptor_prescribe_desde_la_concesion():
    """LGS 39.2.b) (grants of art. 30.7): four years from the grant, 15/03/2024 -> 15/03/2028,
    even with a justification deadline given."""
    from reintegro.catalogo import bases
    b = bases("art21-umbral-75").model_copy(update={"por_situacion": True})
    r = _plazos({"importe_concedido": "1000", "fecha_concesion": "2024-03-15",
                 "fecha_limite_justificacion": "2024-06-30"}, b)
    prescripcion = next(p for p in r["plazos"] if p["id"] == "prescripcion")
    assert prescripcion["fecha"] == "2028-03-15"
    assert prescripcion["inicio"] == {"fecha": "2024-03-15", "cita": prescripcion["inicio"]["cita"]}
    assert prescripcion["inicio"]["cita"]["ancla"] == "lgs-39-2-b"
    assert "desde la concesión (15/03/2024), porque la subvención se concedió por la situación del perceptor" in (
        prescripcion["texto"])


def test_una_subvencion_por_la_situacion_sin_fecha_de_concesion_no_inventa_la_prescripcion():
    from reintegro.catalogo import bases
    b = bases("art21-umbral-75").model_copy(update={"por_situacion": True})
    r = _plazos({"importe_concedido": "1000", "fecha_limite_justificacion": "2024-06-30"}, b)
    assert "prescripcion" not in [p["id"] for p in r["plazos"]]


def test_unas_bases_autonomicas_avisan_de_que_su_ley_puede_fijar_otros_plazos():
    """LGS and RLGS, first final provision: arts. 39 and 42 are not basic legislation."""
    from reintegro.catalogo import bases
    b = bases("csd-art12").model_copy(update={"administracion": "autonomica",
                                              "ley_autonomica": "Ley 5/2008, de Subvenciones de Castilla y León"})
    r = _plazos({"importe_concedido": "1000", "fecha_limite_justificacion": "2025-06-30"}, b)
    nota = next(n for n in r["notas"] if n["codigo"] == "ley-autonomica")
    assert "(Ley 5/2008, de Subvenciones de Castilla y León)" in nota["texto"]
    assert "ley-estatal" not in [n["codigo"] for n in r["notas"]]


def test_sin_plazos_no_hay_nota_de_ley():
    from reintegro.catalogo import bases
    r = _plazos({"importe_concedido": "1000"}, bases("csd-art12"))
    assert r["plazos"] == [] and not [n for n in r["notas"] if n["codigo"].startswith("ley-")]


@pytest.mark.parametrize(("notificacion", "fin"), [
    (date(2025, 6, 10), date(2025, 7, 21)),  # 1st-15th: day 20 of next month, a Sunday -> Monday 21 (LGT 62.2.a)
    (date(2025, 6, 15), date(2025, 7, 21)),
    (date(2025, 6, 16), date(2025, 8, 5)),  # 16th-end: day 5 of the second month (LGT 62.2.b), a Tuesday
    (date(2025, 11, 20), date(2026, 1, 5)),  # across the year: 5 January 2026, a Monday
    (date(2025, 12, 31), date(2026, 2, 5)),
    (date(2026, 11, 10), date(2026, 12, 21)),  # 20 December 2026 is a Sunday
])
def test_periodo_voluntario_de_pago(notificacion, fin):
    from reintegro.recaudacion import fin_periodo_voluntario
    assert fin_periodo_voluntario(notificacion) == fin
