"""«Comparar» in Chromium: one case under the five bases (and the user's own
when the link carries them) equals, bases by bases, `python -m reintegro
calcular` on CPython and, as a whole, `python -m reintegro comparar`; each
row opens that bases' page with the case loaded; every calculator leads
here with its case («Ver este caso con otras bases»)."""

from __future__ import annotations

import json
from decimal import Decimal
import re

import pytest

from ayudas_bases import SELECTOR_PROPIA, del_enlace, esperar, fragmento_bases, reintegro
from ayudas_calculadora import calcular_en_cpython, fragmento_de
from test_calculadora import SELECTOR, caso_json
from test_sus_bases import _valida

ANCHOS = {"movil": {"width": 375, "height": 812}, "escritorio": {"width": 1280, "height": 900}}
SELECTOR_CMP = "[data-comparacion]"
IDS = ["art15-proporcional", "art21-umbral-75", "boe-2023-26428-art28", "boe-2024-17269", "csd-art12"]


def comparacion(pagina) -> dict:
    return json.loads(pagina.locator(f"{SELECTOR_CMP} script[data-comparacion]").text_content())


@pytest.mark.parametrize("ancho", list(ANCHOS))
def test_comparar_igual_que_cinco_calculos(ancho, sitio, nuevo_contexto, capturas, tmp_path):
    c = nuevo_contexto(viewport=ANCHOS[ancho])
    caso = caso_json("boe-2023-26428-art28")
    pagina = c.pagina()
    pagina.goto(f"{sitio}comparar/{fragmento_de(caso)}")
    assert esperar(pagina, SELECTOR_CMP, ("resultado", "error")) == "resultado"
    resultados = comparacion(pagina)
    # the five, and the published bases of the catalogue (issue 24)
    assert set(IDS) <= set(resultados)
    for id_bases in IDS:
        codigo, salida, error = calcular_en_cpython({**caso, "bases": id_bases})
        assert codigo == 0, error
        assert resultados[id_bases] == json.loads(salida), id_bases
    ruta = tmp_path / "caso.json"
    ruta.write_text(json.dumps(caso), encoding="utf-8")
    assert json.loads(reintegro("comparar", str(ruta)).stdout) == resultados
    # What the table shows: one row per bases, its total and its link.
    filas = pagina.locator(f"{SELECTOR_CMP} tbody tr")
    assert filas.count() == len(resultados)
    for id_bases in IDS:
        fila = pagina.locator(f'{SELECTOR_CMP} tr[data-bases="{id_bases}"]')
        total = resultados[id_bases]["total_a_ingresar"]
        entero, _, dec = total.partition(".")
        assert f"{int(entero):,}".replace(",", ".") + f",{dec}" in fila.inner_text()
        enlace = fila.locator("a.cmp-abrir").get_attribute("href")
        assert f"/bases/{id_bases}/#caso=" in enlace
    # The fields a bases ignores, by their labels (the engine's note).
    listados = 0
    for id_bases in IDS:
        nota = next((n["texto"] for n in resultados[id_bases]["notas"] if n["codigo"] == "campos-ignorados"), "")
        etiquetas = re.findall(r"«([^»]+)»", nota)
        celda = pagina.locator(f'{SELECTOR_CMP} tr[data-bases="{id_bases}"] td[data-titulo="Datos que no usa"]')
        assert [e.strip() for e in celda.locator("li").all_inner_texts()] == etiquetas, id_bases
        listados += len(etiquetas)
    assert listados > 0
    pagina.screenshot(path=str(capturas / f"comparar-{ANCHOS[ancho]['width']}.png"), full_page=True)
    # A row opens that bases' page with the case loaded, and the same result.
    pagina.locator(f'{SELECTOR_CMP} tr[data-bases="csd-art12"] a.cmp-abrir').click()
    pagina.wait_for_url("**/bases/csd-art12/**")
    assert esperar(pagina, SELECTOR, ("resultado", "error")) == "resultado"
    # (its form keeps only the fields it asks for: the amounts, not the notes, match)
    en_su_pagina = json.loads(pagina.locator(f"{SELECTOR} script[data-resultado]").text_content())
    for clave in ("importe_final", "reintegro", "intereses", "total_a_ingresar", "regimen"):
        assert en_su_pagina[clave] == resultados["csd-art12"][clave], clave
    assert not c.errores, c.errores


def test_comparar_con_sus_bases(sitio, contexto, tmp_path):
    bases = {**_valida(), "pagina_web": "sus-bases/"}
    caso = {"importe_concedido": "10000", "gasto_justificado": "6500", "publicidad": "incumplida",
            "pagos": [{"fecha": "2024-01-15", "importe": "10000"}], "fecha_resolucion": "2025-03-01"}
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}comparar/{fragmento_bases(bases, caso)}")
    assert esperar(pagina, SELECTOR_CMP, ("resultado", "error")) == "resultado"
    resultados = comparacion(pagina)
    assert {*IDS, "ayudas-culturales"} <= set(resultados)
    assert list(resultados)[-1] == "ayudas-culturales"
    archivo = tmp_path / "bases.json"
    archivo.write_text(json.dumps(bases, ensure_ascii=False), encoding="utf-8")
    ruta = tmp_path / "caso.json"
    ruta.write_text(json.dumps(caso), encoding="utf-8")
    propio = reintegro("calcular", "--bases", str(archivo), str(ruta))
    assert propio.returncode == 0, propio.stderr
    assert resultados["ayudas-culturales"] == json.loads(propio.stdout)
    assert json.loads(reintegro("comparar", "--bases", str(archivo), str(ruta)).stdout) == resultados
    fila = pagina.locator(f'{SELECTOR_CMP} tr[data-bases="ayudas-culturales"]')
    assert "Sus bases: Ayudas a proyectos culturales, artículo 9" in fila.inner_text()
    # Its row opens «Sus bases» with those bases and the case.
    fila.locator("a.cmp-abrir").click()
    pagina.wait_for_url("**/sus-bases/**")
    assert esperar(pagina, SELECTOR_PROPIA, ("resultado", "error")) == "resultado"
    assert json.loads(pagina.locator(f"{SELECTOR_PROPIA} script[data-resultado]").text_content()) == \
        resultados["ayudas-culturales"]
    assert not contexto.errores, contexto.errores


def test_desde_cada_calculadora_ver_este_caso_con_otras_bases(sitio, contexto):
    caso = caso_json("art21-umbral-75")
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}bases/art21-umbral-75/{fragmento_de(caso)}")
    assert esperar(pagina, SELECTOR, ("resultado", "error")) == "resultado"
    pagina.locator(SELECTOR).get_by_role("link", name="Ver este caso con otras bases").click()
    pagina.wait_for_url("**/comparar/**")
    assert esperar(pagina, SELECTOR_CMP, ("resultado", "error")) == "resultado"
    assert pagina.locator(f"{SELECTOR_CMP} tbody tr").count() == len(comparacion(pagina))
    codigo, salida, _ = calcular_en_cpython(caso)
    assert codigo == 0
    assert comparacion(pagina)["art21-umbral-75"] == json.loads(salida)
    assert not contexto.errores, contexto.errores


def test_desde_sus_bases_lleva_sus_bases(sitio, contexto):
    bases = {**_valida(), "pagina_web": "sus-bases/"}
    caso = {"importe_concedido": "5000", "gasto_justificado": "4000"}
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}sus-bases/{fragmento_bases(bases, caso)}")
    assert esperar(pagina, SELECTOR_PROPIA, ("resultado", "error")) == "resultado"
    pagina.locator(SELECTOR_PROPIA).get_by_role("link", name="Ver este caso con otras bases").click()
    pagina.wait_for_url("**/comparar/**")
    assert esperar(pagina, SELECTOR_CMP, ("resultado", "error")) == "resultado"
    assert pagina.locator(f"{SELECTOR_CMP} tbody tr").count() == len(comparacion(pagina))  # every bases of the site and the user's own
    enlace_bases, enlace_caso = del_enlace(pagina.url)
    assert enlace_bases["id"] == "ayudas-culturales"
    assert Decimal(enlace_caso["importe_concedido"]) == 5000
    assert not contexto.errores, contexto.errores


@pytest.mark.parametrize("fragmento, mensaje", [
    ("", "no lleva ningún caso"),
    ("#caso=%%%", "El enlace no se puede abrir"),
    ("#bases=%%%&caso=e30", "El enlace no se puede abrir"),
])
def test_comparar_sin_caso_o_con_enlace_roto(fragmento, mensaje, sitio, contexto):
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}comparar/{fragmento}")
    assert esperar(pagina, SELECTOR_CMP, ("vacio", "error", "resultado")) in ("vacio", "error")
    assert mensaje in pagina.locator(SELECTOR_CMP).inner_text()
    assert not contexto.errores, contexto.errores

