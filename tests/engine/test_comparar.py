"""``comparar``: one case under every bases, each value exactly what
``calcular`` gives for that bases on the same day (DOMAIN.md, "Their own
bases, and one case under every bases")."""

from __future__ import annotations

from datetime import date

from reintegro import calcular_caso
from reintegro.comparar import comparar

# 10.000 € granted, 9.000 € justified, paid on 01/03/2025, no end date: the
# interest runs to «today», so the day given must reach every bases.
CASO = {"importe_concedido": "10000", "gasto_justificado": "9000",
        "pagos": [{"fecha": "2025-03-01", "importe": "10000"}]}


def test_cada_bases_da_lo_que_calcular_el_mismo_dia():
    from reintegro.catalogo import ids_de_bases

    hoy = date(2026, 1, 15)
    salida = comparar(CASO, hoy=hoy)
    assert list(salida) == list(ids_de_bases())
    for id_bases, resultado in salida.items():
        assert resultado == calcular_caso({**CASO, "bases": id_bases}, hoy=hoy), id_bases
        assert resultado["intereses"]["fecha_fin"] == "2026-01-15", id_bases


def test_un_pago_posterior_al_dia_dado_se_rechaza_en_cada_bases():
    """The day given is also the day the case is checked against: a payment after it is refused."""
    salida = comparar(CASO, hoy=date(2025, 2, 1))
    assert all("errores" in r for r in salida.values()), salida
