"""A batch's cells as the form takes them (reintegro.lote.valores_es,
reintegro.lote.columnas): the same numbers as the page's normalizarNumero
(calculator/web/caso.js: test_lote.py runs it under Node on NUMEROS),
Spanish dates and yes/no, and columns by JSON name or by the form's label.
Runs in Pyodide too (tests/pyodide)."""

from __future__ import annotations

import pytest

from reintegro.errores import CasoInvalido
from reintegro.lote import valores_es
from reintegro.lote.columnas import ColumnasInvalidas, leer_cabecera

NUMEROS = {
    "1.234,56": "1234.56", "1234,56": "1234.56", "1234.56": "1234.56", "1.234": "1234", "-5": "-5",
    "12.345.678,9": "12345678.9", "0.125": "0.125", " 1 234,50 € ": "1234.50", "007": "7", ",5": "0.5",
    "1.2345": "1.2345", "1,2,3": None, "1.23,4": None, "abc": None, "": None, "+3": "3", "\u22122,5": "-2.5",
    "1.234.5": None, "12%": "12",
}


@pytest.mark.parametrize("texto, esperado", NUMEROS.items())
def test_numero_como_el_formulario(texto, esperado):
    assert valores_es.numero(texto) == esperado


@pytest.mark.parametrize("texto, esperado", [
    ("30/06/2025", "2025-06-30"), ("3/6/2025", "2025-06-03"), ("2025-06-30", "2025-06-30"),
    ("30-06-2025", "30-06-2025"), (" 01/02/2024 ", "2024-02-01"),
])
def test_fecha_como_el_formulario(texto, esperado):
    assert valores_es.fecha(texto) == esperado


@pytest.mark.parametrize("texto, esperado", [("Sí", True), ("si", True), ("NO", False), ("false", False),
                                             ("quizá", "quizá")])
def test_si_o_no(texto, esperado):
    assert valores_es.booleano(texto) == esperado


def test_columnas_por_etiqueta_sin_mayusculas_ni_tildes():
    columnas = leer_cabecera(["BASES", "importe  concedido", "medidas de publicidad y difusion",
                              "Fecha en que pide formalmente ingresar el reintegro", "Importe del pago 2",
                              "pago_2_fecha", "Entidad beneficiaria"])
    caso = columnas.caso(["art21-umbral-75", "1.000,5", "Cumplidas de forma defectuosa", "01/02/2025", "300",
                          "1/1/2024", "Club"])
    assert caso == {"bases": "art21-umbral-75", "importe_concedido": "1000.5", "publicidad": "defectuosa",
                    "fecha_ingreso": "2025-02-01", "referencia": {"entidad": "Club"},
                    "pagos": [{"importe": "300", "fecha": "2024-01-01"}]}


def test_celda_que_no_es_un_numero_pasa_tal_cual():
    """The engine names the error (as on the page): nothing silently changed."""
    caso = leer_cabecera(["bases", "importe_concedido"]).caso(["csd-art12", "mil euros"])
    assert caso["importe_concedido"] == "mil euros"


def test_pagos_en_una_celda_que_no_es_json():
    columnas = leer_cabecera(["bases", "importe_concedido", "pagos"])
    with pytest.raises(CasoInvalido) as error:
        columnas.caso(["csd-art12", "1000", "[{"])
    assert [str(e) for e in error.value.errores] == ["pagos: debe ser una lista"]


def test_pagos_en_columnas_y_en_celda_a_la_vez():
    with pytest.raises(ColumnasInvalidas) as error:
        leer_cabecera(["importe_concedido", "pagos", "pago_1_importe"])
    assert "no en ambas" in error.value.mensajes[0]
