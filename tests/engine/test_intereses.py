"""Interest of a reintegro attributed to payments in a given order (D8), at
the central and at the alternative rate of a table row (rival reading
"tipo-2008": 1 January – 31 March 2009, 6,875 % central, 7 % alternative;
data/tipos_interes.toml).

Hand-worked: payments of 5.000 € on 31/12/2008 and 28/02/2009, reintegro
5.000 €, end date 31/03/2009 (LGS art. 38.2; interest from the day after each
payment to the end date, Actual/Actual: 2009 has 365 days).
- all of it to the latest payment (``ultimos``): 31 days of March;
- all of it to the earliest (``primeros``): 90 days (31 + 28 + 31).
"""

from __future__ import annotations

from datetime import date

import pytest

from reintegro.caso import Pago
from reintegro.importes import Racional
from reintegro.intereses import total_exacto

PAGOS = (Pago(fecha="2008-12-31", importe="5000"), Pago(fecha="2009-02-28", importe="5000"))
FIN = date(2009, 3, 31)


@pytest.mark.parametrize(("orden", "alternativo", "esperado"), [
    ("ultimos", False, Racional(5000 * 6875 * 31, 100_000 * 365)),  # 29,1952 €
    ("ultimos", True, Racional(5000 * 7 * 31, 100 * 365)),  # 29,7260 €
    ("primeros", False, Racional(5000 * 6875 * 90, 100_000 * 365)),  # 84,7603 €
    ("primeros", True, Racional(5000 * 7 * 90, 100 * 365)),  # 86,3014 €
    ("proporcional", True, Racional(2500 * 7 * 121, 100 * 365)),  # 2.500 to each: 90 + 31 days, 58,0137 €
])
def test_interes_por_orden_de_pagos_y_tipo(orden, alternativo, esperado):
    assert total_exacto(Racional(5000), PAGOS, FIN, "actual", orden, alternativo) == esperado


def test_sin_alternativo_el_tipo_es_siempre_el_central():
    """Outside 2009's first quarter no row has an alternative rate: the same figure either way."""
    pagos = (Pago(fecha="2024-01-01", importe="1000"),)
    assert total_exacto(Racional(1000), pagos, date(2025, 1, 1), "365", "primeros", True) == total_exacto(
        Racional(1000), pagos, date(2025, 1, 1), "365", "primeros", False)


def test_sin_tipo_para_un_dia_lo_dice_con_la_fecha():
    """A day before the rate table starts (cases refuse such dates: the check behind that refusal)."""
    from datetime import date

    from reintegro.tipos_interes import tabla
    with pytest.raises(LookupError, match=r"^no hay tipo de interés para el 31/12/2004$"):
        tabla().tramo_de(date(2004, 12, 31))


def test_el_interes_de_calculo_usa_el_tipo_central_salvo_que_se_pida_el_alternativo():
    """Calculo.intereses, behind «devolver hoy» and the ranges by order of payments: the central rate unless the
    rival reading asks for the alternative 2009 one, in every order of payments (LGS 38.2; DOMAIN.md, D8).
    10.000 € back, paid 31/12/2008 and 15/02/2009, resolution 30/06/2009: both touch January–March 2009."""
    from datetime import date

    from reintegro import leer_caso
    from reintegro.calculo import Calculo
    from reintegro.catalogo import bases

    caso = leer_caso({"bases": "art21-umbral-75", "importe_concedido": "10000", "gasto_justificado": "0",
                      "pagos": [{"fecha": "2008-12-31", "importe": "6000"}, {"fecha": "2009-02-15", "importe": "4000"}],
                      "fecha_resolucion": "2009-06-30"}, date(2026, 11, 29))
    c = Calculo(bases("art21-umbral-75"), caso, date(2026, 11, 29))
    for orden in ("proporcional", "primeros", "ultimos"):
        central, alternativo = c.intereses(1_000_000, orden), c.intereses(1_000_000, orden, alternativo=True)
        assert central == c.intereses(1_000_000, orden, alternativo=False)
        assert alternativo > central, orden
