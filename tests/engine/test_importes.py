"""Exact arithmetic and Spanish figures (reintegro.importes): the lean
rational type against Python's own Fraction, and percentages that stay on the
right side of a threshold (DOMAIN.md: never «75 %, por debajo del 75 %»)."""

from __future__ import annotations

import operator
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reintegro.importes import (
    Racional,
    a_centimos,
    decimales_veraces,
    porcentaje_es,
    porcentaje_json,
    repartir,
)

enteros = st.integers(-10**15, 10**15)
no_cero = enteros.filter(bool)
racionales = st.builds(lambda n, d: (Racional(n, d), Fraction(n, d)), enteros, no_cero)
importes = st.decimals(min_value=Decimal("-999999999999.99"), max_value=Decimal("999999999999.99"), places=2)


def _igual(racional: Racional, fraccion: Fraction) -> bool:
    return (racional.numerator, racional.denominator) == (fraccion.numerator, fraccion.denominator)


@pytest.mark.parametrize("operacion", [operator.add, operator.sub, operator.mul, operator.truediv])
@given(racionales, racionales)
def test_las_operaciones_dan_lo_mismo_que_fraction(operacion, a, b):
    if operacion is operator.truediv and b[1] == 0:
        return
    assert _igual(operacion(a[0], b[0]), operacion(a[1], b[1]))


@pytest.mark.parametrize("operacion", [operator.add, operator.sub, operator.mul, operator.truediv])
@given(racionales, no_cero)
def test_las_operaciones_con_enteros_en_ambos_lados(operacion, a, n):
    assert _igual(operacion(a[0], n), operacion(a[1], n))
    if a[1] != 0 or operacion is not operator.truediv:
        assert _igual(operacion(n, a[0]), operacion(n, a[1]))


@pytest.mark.parametrize("comparacion", [operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne])
@given(racionales, racionales, enteros)
def test_las_comparaciones_dan_lo_mismo_que_fraction(comparacion, a, b, n):
    assert comparacion(a[0], b[0]) == comparacion(a[1], b[1])
    assert comparacion(a[0], n) == comparacion(a[1], n)


@given(racionales)
def test_suelo_signo_valor_absoluto_y_hash(a):
    assert a[0].__floor__() == a[1].__floor__()
    assert _igual(-a[0], -a[1]) and _igual(abs(a[0]), abs(a[1]))
    assert bool(a[0]) == bool(a[1])
    if a[1].denominator == 1:
        assert hash(a[0]) == hash(int(a[1]))


@given(importes)
def test_desde_decimal_es_exacto(importe):
    assert _igual(Racional(importe), Fraction(importe))


def test_un_denominador_cero_se_rechaza():
    with pytest.raises(ZeroDivisionError, match="^denominador 0$"):
        Racional(1, 0)
    for division in (lambda: Racional(1) / Racional(0), lambda: Racional(1) / 0, lambda: 1 / Racional(0)):
        with pytest.raises(ZeroDivisionError, match="^división por 0$"):
            division()


@given(racionales)
def test_redondeo_al_centimo_medio_hacia_arriba(a):
    """D1: half a cent goes away from zero (0,005 € -> 0,01 €; −0,005 -> −0,01)."""
    centimos = a[1] * 100
    esperado = int(abs(centimos) + Fraction(1, 2)) * (1 if centimos >= 0 else -1)
    assert a_centimos(a[0]) == esperado


def test_redondeo_de_medio_centimo():
    assert a_centimos(Racional(5, 1000)) == 1
    assert a_centimos(Racional(-5, 1000)) == -1
    assert a_centimos(Racional(4999, 1000000)) == 0


@given(st.lists(st.builds(Racional, enteros, st.integers(1, 10**6)), min_size=1, max_size=12))
def test_repartir_suma_el_total_redondeado(partes):
    """D1/D7: the rounded parts add up to the rounded exact sum."""
    assert sum(repartir(partes)) == a_centimos(sum(partes, Racional(0)))


# ----------------------------------------------------------- truthful figures


def test_7499_99_de_10000_es_74_9999_por_ciento():
    """The review's case: 7.499,99 / 10.000 = 74,9999 %, below 75 %."""
    valor = Racional(749999, 10000)  # in hundredths: 74.9999
    assert porcentaje_es(valor, frente_a=(Racional(75),)) == "74,9999 %"
    assert porcentaje_json(valor, (Racional(75),)) == "74.9999"
    assert porcentaje_json(valor) == "75.00"  # no threshold: two decimals


def test_justo_en_el_umbral_se_muestra_el_umbral():
    assert porcentaje_es(Racional(75), frente_a=(Racional(75),)) == "75 %"
    assert porcentaje_json(Racional(75), (Racional(75),)) == "75.00"


def test_por_encima_del_umbral_no_se_redondea_al_umbral():
    """75,0001 % must not read «75 %» next to «superior al 75 %»."""
    assert porcentaje_es(Racional(750001, 10000), frente_a=(Racional(75),)) == "75,0001 %"


def test_un_periodo_infinito_cerca_del_umbral():
    """2/3 below 66,67 %: as many decimals as it takes (66,6667 % is above 66,666…)."""
    valor = Racional(200, 3)
    umbral = Racional(6667, 100)
    assert decimales_veraces(valor, (umbral,)) == 3
    assert porcentaje_es(valor, frente_a=(umbral,)) == "66,667 %"


@given(st.integers(0, 10**12), st.integers(1, 10**12), st.integers(1, 10000))
def test_la_cifra_mostrada_compara_con_el_umbral_como_la_exacta(aceptado, base, umbral):
    """Property: whatever the amounts, the shown percentage is on the same side
    of the threshold as the exact one."""
    valor = Racional(aceptado * 100, base)
    u = Racional(umbral, 100)
    mostrado = Racional(Decimal(porcentaje_json(valor, (u,))))
    assert (mostrado > u) == (valor > u) and (mostrado < u) == (valor < u)


def test_importe_en_castellano_de_enteros_y_negativos():
    """Whole euros given as an int are euros, not cents; a negative amount takes the minus sign (U+2212) the
    steps show («−2.000,00 €»), also for one cent."""
    from reintegro.importes import Racional, importe_es
    assert importe_es(1234) == "1.234,00 €"
    assert importe_es(-5) == "\u22125,00 €"
    assert importe_es(Racional(-1, 100)) == "\u22120,01 €"


def test_un_umbral_con_decimales_se_compara_en_fracciones_exactas():
    """A threshold that is not a whole percentage (74,5 % = 149/2): 75 % is
    above it, and two decimals already say so («75 %», not 20 decimals)."""
    assert decimales_veraces(Racional(75), (Racional(149, 2),)) == 2
    assert porcentaje_es(Racional(75), frente_a=(Racional(149, 2),)) == "75 %"
    assert decimales_veraces(Racional(74), (Racional(149, 2),)) == 2


def test_los_decimales_veraces_tienen_un_tope():
    """75 − 10⁻²⁵ % is below 75 %, yet no rounding to 20 decimals or fewer
    shows it below: DECIMALES_MAXIMOS (20) is the most ever shown."""
    valor = Racional(75 * 10**25 - 1, 10**25)
    assert decimales_veraces(valor, (Racional(75),)) == 20


def test_construir_un_racional_de_cada_clase_de_valor():
    """Racional() is 0; from a Racional or a Decimal the denominator given
    divides it further (1,5 / 3 = 1/2); a float is refused by name (money
    is never float)."""
    from reintegro.importes import exacto

    assert Racional() == 0
    assert Racional(Racional(1, 2), 3) == Racional(1, 6)
    assert Racional(Decimal("1.5"), 3) == Racional(1, 2)
    assert exacto(3) == Racional(3) and exacto(Decimal("0.75")) == Racional(3, 4)
    with pytest.raises(TypeError, match="^Racional de float$"):
        Racional(1.5)


def test_comparar_con_el_entero_que_vale():
    """Equal values compare as equal on both sides, also against an int."""
    tres = Racional(6, 2)
    assert tres >= 3 and tres <= 3 and not tres > 3 and not tres < 3
    assert 3 >= tres and 3 <= tres
