"""The bridge the page's worker calls (``reintegro.navegador``), on CPython:
JSON text in, JSON text out, each function giving exactly what the engine
gives (the same code runs in Pyodide: tests/pyodide), under one of the
site's bases or under a user's own (the «Sus bases» page), and every
refusal in the page's words: the status the page switches on, each error
named by the label of the form the page shows.

The user's bases is tests/engine/bases_de_ejemplo/ayudas-culturales.toml as
the page sends it (JSON), with a label of its own for the expense: 60 %
threshold on the amount granted (apartado 1), proportional above it, 10 %
for publicity (apartado 2). Its case: G 10.000, J 7.000 (70 % ≥ 60 %), F =
7.000 − 10 % × 10.000 = 6.000 €; paid 10.000 on 10/01/2025, resolved that
day: 4.000 € back, no interest.
"""

from __future__ import annotations

import json
import tomllib
from datetime import date
from pathlib import Path

import pytest

from reintegro import calcular_caso, navegador
from reintegro.barrido import barrido as barrido_del_motor
from reintegro.bases_propias import leer_bases
from reintegro.calculo import Calculo
from reintegro.catalogo import bases as bases_del_sitio
from reintegro.catalogo import campos_genericos, ids_de_bases
from reintegro.comparar import comparar as comparar_del_motor
from reintegro.entrada import leer_caso
from reintegro.formulario import formulario as formulario_del_motor
from reintegro.formulario import referencias
from reintegro.motor import calcular as calcular_del_motor

EJEMPLO = Path(__file__).parent / "bases_de_ejemplo" / "ayudas-culturales.toml"
ETIQUETA_PROPIA = "Gasto acreditado en la memoria económica"


def bases_propias_json(**cambios) -> str:
    datos = tomllib.loads(EJEMPLO.read_text(encoding="utf-8"))
    for campo in datos["campos"]:
        if campo["campo"] == "gasto_justificado":
            campo["etiqueta"] = ETIQUETA_PROPIA
    datos.update(cambios)
    return json.dumps(datos, ensure_ascii=False)


CASO_PROPIO = {"importe_concedido": "10000", "gasto_justificado": "7000", "publicidad": "incumplida",
               "pagos": [{"fecha": "2025-01-10", "importe": "10000"}], "fecha_resolucion": "2025-01-10"}
# Paid, not resolved: the interest runs to the day the result is computed, so that day shows.
CASO_ABIERTO = {"bases": "art21-umbral-75", "importe_concedido": "10000", "gasto_justificado": "8000",
                "pagos": [{"fecha": "2024-03-01", "importe": "10000"}]}
# csd-art12 labels the objectives field «Grado de ejecución técnica (%)» (its letra b).
CASO_CSD_MAL = {"bases": "csd-art12", "importe_concedido": "1000", "grado_cumplimiento_objetivos": "150"}


def respuesta(texto: str) -> dict:
    """The bridge's answer, which is always compact ASCII JSON (the page parses
    it, never shows it)."""
    assert texto.isascii() and texto == json.dumps(json.loads(texto), separators=(",", ":")), texto[:200]
    return json.loads(texto)


def errores_por_campo(texto: str, estado: str = "error") -> dict[str, dict]:
    r = respuesta(texto)
    assert r["estado"] == estado, r
    return {e["campo"]: e for e in r["errores"]}


# --- calcular ---------------------------------------------------------------


def test_calcular_da_el_resultado_del_motor_el_dia_dado():
    """``hoy`` is the day of the computation: the interest of an unresolved
    case runs to it, and it is the «today» every date of the case is checked
    against (a payment after it is refused)."""
    dia = "2026-01-15"
    r = respuesta(navegador.calcular(json.dumps(CASO_ABIERTO), None, dia))
    assert r == {"estado": "resultado", "resultado": calcular_caso(CASO_ABIERTO, date(2026, 1, 15))}
    assert r["resultado"]["intereses"]["fecha_fin"] == dia
    otro = respuesta(navegador.calcular(json.dumps(CASO_ABIERTO), None, "2026-02-15"))["resultado"]
    assert otro["intereses"]["total"] != r["resultado"]["intereses"]["total"]
    futuro = {**CASO_ABIERTO, "pagos": [{"fecha": "2026-03-01", "importe": "10000"}]}
    assert "pagos.0.fecha" in errores_por_campo(navegador.calcular(json.dumps(futuro), None, dia))
    assert respuesta(navegador.calcular(json.dumps(futuro), None, "2026-06-01"))["estado"] == "resultado"


def test_calcular_sin_dia_calcula_hoy():
    r = respuesta(navegador.calcular(json.dumps(CASO_ABIERTO)))["resultado"]
    assert r["intereses"]["fecha_fin"] == date.today().isoformat()


def test_calcular_con_las_bases_del_usuario_apartados_1_y_2():
    """Apartado 1 (70 % ≥ 60 %, proportional: 7.000) and apartado 2 (−10 % of
    10.000): F = 6.000 €, 4.000 € back, cited on the user's bases."""
    texto = bases_propias_json()
    r = respuesta(navegador.calcular(json.dumps(CASO_PROPIO), texto, "2026-01-15"))["resultado"]
    propias = leer_bases(texto, "json", pagina_web=navegador.PAGINA_BASES_PROPIAS)
    hoy = date(2026, 1, 15)
    assert r == calcular_del_motor(leer_caso(CASO_PROPIO, hoy, b=propias), hoy, b=propias)
    assert (r["bases"], r["importe_final"], r["reintegro"]) == ("ayudas-culturales", "6000.00", "4000.00")
    # Its citations link to the page where the user wrote it, not to a page of the site's bases.
    assert propias.pagina == "sus-bases/" and leer_bases(texto, "json").pagina == "bases/ayudas-culturales/"
    assert {p["cita"]["enlace"].split("#")[0] for p in r["pasos"] if p["cita"]["ancla"].startswith("apartado")} == {
        "sus-bases/"}


def test_calcular_con_bases_del_usuario_invalidas_lo_dice_con_su_estado():
    errores = errores_por_campo(navegador.calcular(json.dumps(CASO_PROPIO), bases_propias_json(id="Mis Bases")),
                                "bases-invalidas")
    assert errores["id"]["mensaje"].startswith("debe tener solo minúsculas")


def test_un_error_del_caso_lleva_la_etiqueta_de_sus_bases():
    """The form of csd-art12 calls the objectives «Grado de ejecución técnica
    (%)»; the user's bases calls the expense by its own label; a field no form
    shows, by the generic label; the case itself, «Caso»."""
    propia_csd = errores_por_campo(navegador.calcular(json.dumps(CASO_CSD_MAL)))["grado_cumplimiento_objetivos"]
    assert propia_csd["etiqueta"] == "Grado de ejecución técnica (%)"
    assert (propia_csd["codigo"], propia_csd["linea_de_ordenes"]) == ("rango", "debe estar entre 0 y 100")
    mal = {**CASO_PROPIO, "gasto_justificado": "-5"}
    assert errores_por_campo(navegador.calcular(json.dumps(mal), bases_propias_json()))[
        "gasto_justificado"]["etiqueta"] == ETIQUETA_PROPIA
    generico = errores_por_campo(navegador.calcular(json.dumps({**CASO_ABIERTO, "gasto_justificado": "-5"})))
    assert generico["gasto_justificado"]["etiqueta"] == campos_genericos()["gasto_justificado"]["etiqueta"]
    caso = errores_por_campo(navegador.calcular("[1, 2]"))["caso"]
    assert caso["etiqueta"] == "Caso"


# --- barrido ----------------------------------------------------------------


def test_barrido_da_el_del_motor_hoy():
    """The sweep of an unresolved case: interest to today."""
    r = respuesta(navegador.barrido(json.dumps(CASO_ABIERTO)))
    c = Calculo(bases_del_sitio("art21-umbral-75"), leer_caso(CASO_ABIERTO), date.today())
    assert r == {"estado": "barrido", "barrido": barrido_del_motor(c, c.computo())}


def test_barrido_con_las_bases_del_usuario():
    """Under the user's bases the threshold is 60 % of 10.000 € = 6.000 € of
    accepted expense (apartado 1)."""
    r = respuesta(navegador.barrido(json.dumps(CASO_PROPIO), bases_propias_json()))
    assert r["estado"] == "barrido" and r["barrido"]["umbrales"] == ["6000.00"]


def test_barrido_rechaza_como_calcular():
    assert "id" in errores_por_campo(navegador.barrido(json.dumps(CASO_PROPIO), bases_propias_json(id="Mis Bases")),
                                         "bases-invalidas")
    assert errores_por_campo(navegador.barrido(json.dumps(CASO_CSD_MAL)))[
        "grado_cumplimiento_objetivos"]["etiqueta"] == "Grado de ejecución técnica (%)"
    mal = {**CASO_PROPIO, "gasto_justificado": "-5"}
    assert errores_por_campo(navegador.barrido(json.dumps(mal), bases_propias_json()))[
        "gasto_justificado"]["etiqueta"] == ETIQUETA_PROPIA


# --- comparar ---------------------------------------------------------------


def test_comparar_da_el_del_motor_con_cada_bases_y_las_del_usuario():
    texto = bases_propias_json()
    r = respuesta(navegador.comparar(json.dumps(CASO_PROPIO), texto))
    propias = leer_bases(texto, "json", pagina_web=navegador.PAGINA_BASES_PROPIAS)
    assert r == {"estado": "comparacion", "resultados": comparar_del_motor(CASO_PROPIO, propias)}
    assert set(r["resultados"]) == {*ids_de_bases(), "ayudas-culturales"}
    assert r["resultados"]["ayudas-culturales"]["reintegro"] == "4000.00"
    sin_propias = respuesta(navegador.comparar(json.dumps(CASO_PROPIO)))
    assert set(sin_propias["resultados"]) == set(ids_de_bases())


@pytest.mark.parametrize("texto", ["[1, 2]", "{no es json"])
def test_comparar_rechaza_lo_que_no_es_un_caso(texto):
    errores = errores_por_campo(navegador.comparar(texto))
    assert list(errores) == ["caso"] and errores["caso"]["etiqueta"] == "Caso"


def test_comparar_con_bases_del_usuario_invalidas():
    assert "id" in errores_por_campo(navegador.comparar(json.dumps(CASO_PROPIO), bases_propias_json(id="Mis Bases")),
                                         "bases-invalidas")


# --- the user's bases, the forms, the catalogue ------------------------------


def test_validar_bases_da_su_formulario_o_sus_errores():
    texto = bases_propias_json()
    propias = leer_bases(texto, "json", pagina_web=navegador.PAGINA_BASES_PROPIAS)
    assert respuesta(navegador.validar_bases(texto)) == {"estado": "bases", "formulario": formulario_del_motor(propias)}
    r = respuesta(navegador.validar_bases(bases_propias_json(id="Mis Bases")))
    assert r["estado"] == "bases-invalidas" and "id" in {e["campo"] for e in r["errores"]}
    assert all(set(e) == {"campo", "mensaje"} for e in r["errores"]), r["errores"]


@pytest.mark.parametrize("id_bases", ids_de_bases())
def test_formulario_de_cada_bases(id_bases):
    assert respuesta(navegador.formulario(id_bases)) == formulario_del_motor(id_bases)


def test_catalogo_nombra_cada_bases_con_su_pagina():
    assert respuesta(navegador.catalogo()) == [
        {"id": i, "titulo": bases_del_sitio(i).titulo, "pagina": bases_del_sitio(i).pagina} for i in ids_de_bases()]


def test_etiquetas_de_cada_clase_de_campo():
    """Payments by number (from 1), the two names that are not fields, the
    reference's fields, a bases' own label, the generic one, and None for a
    name no form has."""
    genericos = campos_genericos()
    etiqueta = navegador.etiquetas("csd-art12")
    assert etiqueta("pagos.1.fecha") == genericos["pagos"]["etiqueta_fecha"].format(n=2)
    assert etiqueta("pagos.0.importe") == genericos["pagos"]["etiqueta_importe"].format(n=1)
    assert etiqueta("pagos.2") == "Pago 3"
    assert (etiqueta("bases"), etiqueta("referencia")) == ("Bases reguladoras", "Referencias del informe")
    primera = referencias()[0]
    assert etiqueta(f"referencia.{primera['campo']}") == primera["etiqueta"]
    assert etiqueta("grado_cumplimiento_objetivos") == "Grado de ejecución técnica (%)"
    assert etiqueta("importe_concedido") == genericos["importe_concedido"]["etiqueta"]
    assert etiqueta("no_existe") is None
    assert navegador.etiquetas(None)("grado_cumplimiento_objetivos") == genericos["grado_cumplimiento_objetivos"]["etiqueta"]
