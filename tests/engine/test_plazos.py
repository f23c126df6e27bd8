"""Periods in months and years run «de fecha a fecha» (LPAC art. 30.4): the
same day of the month, or the month's last day where that day does not exist.
The deadlines themselves are pinned by tests/golden/margen-y-plazos.yaml."""

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reintegro.plazos import sumar_meses


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
