"""«Pegue el artículo de sus bases» in Chromium: a seed's text pasted at the
top of «Sus bases» is read in the worker, fills the form, lists each
criterion with its sentence («Revise» where to check) and the unrecognised
sentences («Añadir a mano»); the calculator says at its top that its result
rests on criteria not yet checked; and the result is what the command line
gives under the bases `python -m reintegro leer` reads from the same text.
At 375 and 1280 px, axe finds nothing serious."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ayudas_bases import (SELECTOR_PROPIA, calcular_con_bases, esperar, reintegro,
                          rellenar_caso_del_articulo_21)
from test_calculadora import AXE
from test_confianza import VIGILANTE

ANCHOS = {"movil": {"width": 375, "height": 812}, "escritorio": {"width": 1280, "height": 900}}
SEMILLA = Path(__file__).resolve().parents[1] / "lector" / "corpus" / "art21-umbral-75.txt"
# Art. 21 (seed 000), apartado 2: 8.000 of 10.000 € (80 %) is over 75 %: proportional; letra f): publicity
# not done, 20 % of the grant. F = 10.000 × 0,80 − 2.000 = 6.000 €; paid 10.000 €: 4.000 € back plus interest.
CASO = {"importe_concedido": "10000.00", "gasto_justificado": "8000.00", "publicidad": "incumplida",
        "pagos": [{"fecha": "2024-03-01", "importe": "10000.00"}], "fecha_resolucion": "2025-06-30"}


@pytest.mark.parametrize("ancho", list(ANCHOS))
def test_pegar_un_articulo_revisar_y_calcular_como_la_linea_de_ordenes(ancho, sitio, nuevo_contexto, capturas,
                                                                        tmp_path):
    c = nuevo_contexto(viewport=ANCHOS[ancho], bypass_csp=True)  # bypass_csp: axe goes in as an inline script
    pagina = c.pagina()
    pagina.add_init_script(VIGILANTE)
    pagina.goto(f"{sitio}sus-bases/")
    pagina.locator(".sus-bases .fb-formulario input").first.wait_for()
    assert pagina.locator("h2").first.text_content() == "Pegue el artículo de sus bases"
    texto = SEMILLA.read_text(encoding="utf-8")
    pagina.get_by_label("Texto del artículo", exact=True).fill(texto)
    pagina.get_by_role("button", name="Leer el artículo").click()
    pagina.locator(".lector-criterios li").first.wait_for(timeout=90_000)

    # Review: each criterion with its sentence; the threshold's is the seed's own words.
    criterios = pagina.locator(".lector-criterios li")
    assert "superior al setenta y cinco por ciento del importe concedido" in criterios.all_text_contents()[0] + \
        " ".join(criterios.all_text_contents())
    assert pagina.locator(".lector-revise").count() >= 1  # the defective publicity's range is to check
    assert pagina.get_by_role("button", name="Añadir a mano").count() >= 1
    aviso = pagina.locator(".lector-sin-revisar")
    assert aviso.is_visible() and "aún no ha revisado" in aviso.text_content()

    # The calculator under the bases read from the text.
    calculadora = pagina.locator(SELECTOR_PROPIA)
    rellenar_caso_del_articulo_21(calculadora, "8.000")
    assert esperar(pagina, SELECTOR_PROPIA, ("resultado", "error")) == "resultado"
    en_pagina = json.loads(pagina.locator(f"{SELECTOR_PROPIA} script[data-resultado]").text_content())
    assert (en_pagina["regimen"], en_pagina["importe_final"]) == ("proporcional", "6000.00")

    # The command line, on the same text: the same result. The page's citations reach the paragraphs
    # shown on «Sus bases» (pagina_web), as for any bases of the user's.
    leido = reintegro("leer", str(SEMILLA))
    assert leido.returncode == 0, leido.stderr
    archivo = tmp_path / "bases.json"
    bases = {**json.loads(leido.stdout)["bases"], "pagina_web": "sus-bases/"}
    archivo.write_text(json.dumps(bases, ensure_ascii=False), encoding="utf-8")
    assert calcular_con_bases(archivo, {**CASO, "bases": en_pagina["bases"]}, tmp_path) == en_pagina

    pagina.add_script_tag(path=str(AXE))
    graves = pagina.evaluate("""async () => (await axe.run('.lector, .lector-sin-revisar, [data-bases-propias]',
        {resultTypes: ['violations']})).violations.filter(v => ['serious', 'critical'].includes(v.impact))
        .map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', ')}`)""")
    assert graves == []
    pagina.locator(".lector").scroll_into_view_if_needed()
    pagina.screenshot(path=str(capturas / f"lector-{ANCHOS[ancho]['width']}.png"), full_page=False)
    aviso.scroll_into_view_if_needed()
    pagina.screenshot(path=str(capturas / f"lector-{ANCHOS[ancho]['width']}-resultado.png"))
    pagina.get_by_role("button", name="Ya he revisado los criterios").click()
    assert not aviso.is_visible()
    assert pagina.evaluate("() => window.__violaciones") == []
    assert not c.errores, c.errores


def test_un_texto_sin_criterios_lo_dice_en_espanol(sitio, nuevo_contexto):
    pagina = nuevo_contexto().pagina()
    pagina.goto(f"{sitio}sus-bases/")
    pagina.locator(".sus-bases .fb-formulario input").first.wait_for()
    pagina.get_by_label("Texto del artículo", exact=True).fill("Artículo 1. Objeto.\n\nEstas bases regulan ayudas.")
    pagina.get_by_role("button", name="Leer el artículo").click()
    estado = pagina.locator(".lector-estado")
    estado.get_by_text("No se ha podido leer").wait_for(timeout=90_000)
    assert "no se ha reconocido ningún criterio de reintegro" in estado.text_content()
