"""Spanish numbers as bases write them (reintegro.lector.numeros). Each
phrasing is taken from a real article: the seeds (tests/lector/corpus/) and
the researchers' corpus."""

from decimal import Decimal

import pytest

from reintegro.lector.numeros import en_letras, importes, numero, periodos, porcentajes


@pytest.mark.parametrize(("texto", "valor"), [
    ("75 %", "75"),                                # seed 002, apartado 2.a): «el 35 %»
    ("100%", "100"),                               # seed 001, letra e): «100%»
    ("75 por 100", "75"),
    ("setenta y cinco por ciento", "75"),          # seed 000, apartado 2
    ("el 5 por ciento", "5"),
    ("cien por cien", "100"),                      # seed 003, letra c)
    ("cien por ciento", "100"),                    # seed 000, letra a)
    ("la mitad", "50"),
    ("del uno por ciento", "1"),                   # seed 003, letra d) 1.º
    ("veinte por ciento", "20"),                   # seed 000, letra f)
    ("un 7,5 %", "7.5"),
    ("al 70 por ciento", "70"),                    # seed 004, apartado 2.a)
    ("veintitrés por ciento", "23"),
    ("noventa y nueve por ciento", "99"),
])
def test_un_porcentaje_en_cifras_o_en_letras(texto, valor):
    assert [c.valor for c in porcentajes(texto)] == [Decimal(valor)]


def test_cada_porcentaje_guarda_las_palabras_de_las_que_sale():
    texto = "una minoración del uno por ciento por cada tres días naturales hasta el máximo del diez por ciento"
    cifras = porcentajes(texto)
    assert [(c.valor, c.texto) for c in cifras] == [(1, "uno por ciento"), (10, "diez por ciento")]
    assert [texto[c.inicio:c.fin] for c in cifras] == ["uno por ciento", "diez por ciento"]


@pytest.mark.parametrize("texto", [
    "el artículo 31.3 de la Ley 38/2003",  # numbers that are not percentages
    "ciento cincuenta por ciento",         # over 100: not a share of the grant
    "0 %",
    "la totalidad de los fines",           # «totalidad» names the whole, not a figure
])
def test_lo_que_no_es_un_porcentaje_no_se_lee_como_tal(texto):
    assert porcentajes(texto) == []


@pytest.mark.parametrize(("texto", "cantidad", "unidad", "clase"), [
    ("quince días naturales", 15, "dia", "naturales"),
    ("un mes", 1, "mes", None),
    ("por cada tres días naturales de demora", 3, "dia", "naturales"),  # seed 003, letra d) 1.º
    ("10 días hábiles", 10, "dia", "habiles"),
    ("dos semanas", 2, "semana", None),
    ("seis meses", 6, "mes", None),
    ("un año", 1, "ano", None),
])
def test_un_plazo(texto, cantidad, unidad, clase):
    [periodo] = periodos(texto)
    assert (periodo.cantidad, periodo.unidad, periodo.clase) == (cantidad, unidad, clase)


def test_importes_en_euros_con_puntos_de_miles_y_coma_decimal():
    assert [c.valor for c in importes("hasta 3.000 euros y 1.500,50 €; 600 euros")] == [
        Decimal("3000"), Decimal("1500.50"), Decimal("600")]


@pytest.mark.parametrize(("palabras", "valor"), [
    ("uno", 1), ("quince", 15), ("dieciséis", 16), ("veintiún", 21), ("treinta", 30), ("setenta y cinco", 75),
    ("cien", 100), ("ciento", 100), ("ciento veinte", 120), ("ciento treinta y tres", 133),
])
def test_numeros_en_letras(palabras, valor):
    assert en_letras(palabras) == valor


@pytest.mark.parametrize("palabras", ["setenta y", "y cinco", "treinta y diez", "cinco y treinta", "mil"])
def test_palabras_que_no_son_un_numero(palabras):
    assert en_letras(palabras) is None


def test_cifras_con_coma_decimal():
    assert numero("7,5") == Decimal("7.5")
    assert numero("setenta y cinco") == Decimal(75)
