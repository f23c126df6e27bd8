"""A case's optional ``referencia`` (expediente, entidad, notas): texts for
the printed report only. They are validated like every field (Spanish
messages, unknown keys refused), echoed in the result's ``caso``, and never
change a figure nor add a note. A case saved from the page is exactly the
case JSON, so the command line runs it as it is."""

from __future__ import annotations

import json
from datetime import date

import pytest

from reintegro import CasoInvalido, Caso, calcular_caso
from reintegro.caso import MAXIMOS_REFERENCIA
from reintegro.cli import main

HOY = date(2026, 11, 29)
# art21-umbral-75, apartado 2.c: 9.000 of 10.000 justified, 85 % of the
# objectives: proportional, with two payments and an end date (interest).
CASO = {
    "bases": "art21-umbral-75",
    "importe_concedido": "10000.00",
    "pagos": [{"fecha": "2023-02-17", "importe": "6000.00"}, {"fecha": "2023-06-01", "importe": "4000.00"}],
    "gasto_justificado": "9000.00",
    "grado_cumplimiento_objetivos": "85",
    "fecha_resolucion": "2024-06-11",
}
REFERENCIA = {"expediente": "SUB/2023/0457", "entidad": "Asociación Vecinal «El Parque»", "notas": "Revisar con la asesoría.\nSegunda línea."}


def errores(referencia: object) -> dict[str, str]:
    with pytest.raises(CasoInvalido) as info:
        calcular_caso({**CASO, "referencia": referencia}, hoy=HOY)
    return {e.campo: e.mensaje for e in info.value.errores}


def test_la_referencia_se_devuelve_en_el_caso_y_no_cambia_ninguna_cifra_ni_nota():
    sin = calcular_caso(CASO, hoy=HOY)
    con = calcular_caso({**CASO, "referencia": REFERENCIA}, hoy=HOY)
    assert con["caso"]["referencia"] == REFERENCIA
    assert sin["caso"]["referencia"] is None
    assert {**con, "caso": None} == {**sin, "caso": None}
    assert con["notas"] == sin["notas"]


def test_una_referencia_parcial_deja_vacios_los_demas_textos():
    resultado = calcular_caso({**CASO, "referencia": {"expediente": "A-1"}}, hoy=HOY)
    assert resultado["caso"]["referencia"] == {"expediente": "A-1", "entidad": None, "notas": None}


@pytest.mark.parametrize("campo", list(MAXIMOS_REFERENCIA))
def test_cada_texto_admite_su_longitud_maxima_y_ni_un_caracter_mas(campo):
    maximo = MAXIMOS_REFERENCIA[campo]
    aceptado = calcular_caso({**CASO, "referencia": {campo: "x" * maximo}}, hoy=HOY)
    assert len(aceptado["caso"]["referencia"][campo]) == maximo
    assert errores({campo: "x" * (maximo + 1)}) == {f"referencia.{campo}": f"no puede tener más de {maximo} caracteres"}


def test_las_longitudes_son_las_del_contrato():
    """CONTRATO.md: expediente ≤ 100, entidad ≤ 200, notas ≤ 2000 characters."""
    assert MAXIMOS_REFERENCIA == {"expediente": 100, "entidad": 200, "notas": 2000}


@pytest.mark.parametrize("valor", [5, 1.5, True, ["SUB"], {"numero": "SUB"}])
def test_un_texto_de_otro_tipo_se_rechaza(valor):
    assert errores({"expediente": valor}) == {"referencia.expediente": "debe ser un texto"}


@pytest.mark.parametrize("valor", ["SUB/2023", 5, ["SUB"], True])
def test_una_referencia_que_no_es_un_objeto_se_rechaza(valor):
    assert errores(valor) == {"referencia": "debe ser un objeto JSON con expediente, entidad o notas"}


def test_una_clave_desconocida_se_rechaza():
    assert errores({"expedient": "SUB/1"}) == {"referencia.expedient": "no es un campo del caso (revise cómo está escrito)"}


def test_el_esquema_publicado_describe_la_referencia():
    esquema = Caso.model_json_schema()
    assert "referencia" in esquema["properties"]
    referencia = esquema["$defs"]["Referencia"]
    assert referencia["additionalProperties"] is False
    for campo, maximo in MAXIMOS_REFERENCIA.items():
        variantes = referencia["properties"][campo]["anyOf"]
        assert {"type": "string", "maxLength": maximo} in [{k: v for k, v in x.items() if k != "description"} for x in variantes]


def test_el_archivo_guardado_es_el_caso_y_la_linea_de_ordenes_lo_calcula(tmp_path, capsys):
    """What the page saves is the case JSON itself (amounts as strings, dates
    ISO, the references inside): ``calcular archivo.json`` runs it and gives
    the same result as the case without references, bar the echo. (In
    process, so that it runs inside Pyodide too; test_cli.py runs the real
    command.)"""
    archivo = tmp_path / "caso-reintegro.json"
    archivo.write_text(json.dumps({**CASO, "referencia": REFERENCIA}, ensure_ascii=False, indent=2), encoding="utf-8")
    assert main(["calcular", str(archivo)]) == 0
    salida = capsys.readouterr()
    assert salida.err == ""
    resultado = json.loads(salida.out)
    assert resultado["caso"]["referencia"] == REFERENCIA
    assert resultado["total_a_ingresar"] == calcular_caso(CASO, hoy=HOY)["total_a_ingresar"]
