"""«Bases publicadas» and a catalogue page (issue 24) in Chromium: the list at
375 and 1280 px, its filter as one types (a filtered-out row is not shown, at
either width), each row linking to its page; a catalogue calculator computing
a case with the bases' own criteria and a delay in working days, hand-checked
from its text; axe without serious or critical violations."""

from __future__ import annotations

import json

import pytest

from ayudas_calculadora import esperar_estado, fragmento_de
from conftest import RAIZ

AXE = RAIZ / "node_modules" / "axe-core" / "axe.min.js"
GRAVES = """async () => (await axe.run(document, {resultTypes: ['violations']}))
    .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)"""


@pytest.mark.parametrize("ancho", [375, 1280])
def test_bases_publicadas_se_filtra_al_escribir(ancho, sitio, nuevo_contexto, capturas):
    c = nuevo_contexto(viewport={"width": ancho, "height": 900}, bypass_csp=True, service_workers="block")
    pagina = c.pagina()
    pagina.goto(f"{sitio}bases-publicadas/")
    pagina.wait_for_selector("[data-catalogo][data-iniciado]")
    filas = pagina.locator("tbody tr")
    total = filas.count()
    assert total >= 20
    pagina.locator("#filtro-catalogo").fill("días hábiles")
    a_la_vista = pagina.evaluate("() => [...document.querySelectorAll('tbody tr')].filter((f) => f.offsetParent !== null)"
                                 ".map((f) => new URL(f.querySelector('a').href).pathname)")
    assert 0 < len(a_la_vista) < total
    assert pagina.locator("#cuenta-catalogo").inner_text() == f"{len(a_la_vista)} de {total} bases"
    pagina.locator("#filtro-catalogo").fill("BOJA")  # the identifier, case and accents aside
    assert pagina.evaluate("() => [...document.querySelectorAll('tbody tr')].filter((f) => f.offsetParent !== null)"
                           ".map((f) => new URL(f.querySelector('a').href).pathname)") == ["/bases/boja-b-2021-90167-art18/"]
    pagina.screenshot(path=str(capturas / f"bases-publicadas-{ancho}.png"))
    enlace = pagina.get_by_role("link", name="¿No está su bases? Descríbala")
    assert enlace.evaluate("(a) => new URL(a.href).pathname") == "/sus-bases/"
    pagina.add_script_tag(path=str(AXE))
    assert pagina.evaluate(GRAVES) == []
    assert not c.errores, c.errores


def test_una_pagina_del_catalogo_calcula_con_sus_criterios(sitio, nuevo_contexto, capturas):
    """BOE-A-2021-20481, art. 17.3: justification due Monday 3/3/2025, presented Tuesday 18/3/2025: 11 working
    days (4–7, 10–14, 17, 18 March), «más de diez días hábiles»: 5 % (letra b); publicity in the second
    procedure: 5 % (letra a). 500.000 € paid and resolved the same day: 10 %, 50.000 € back, no interest."""
    c = nuevo_contexto(bypass_csp=True, service_workers="block")
    pagina = c.pagina()
    caso = {"bases": "boe-a-2021-20481-art17", "importe_concedido": "500000",
            "pagos": [{"fecha": "2025-01-10", "importe": "500000"}], "fecha_resolucion": "2025-01-10",
            "fecha_limite_justificacion": "2025-03-03", "fecha_presentacion_justificacion": "2025-03-18",
            "criterios": {"publicidad_procedimiento": "segundo procedimiento"}}
    pagina.goto(f"{sitio}bases/boe-a-2021-20481-art17/{fragmento_de(caso)}")
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    resultado = json.loads(pagina.locator("[data-calculadora] script[data-resultado]").inner_text())
    assert (resultado["reintegro"], resultado["total_a_ingresar"]) == ("50000.00", "50000.00")
    assert resultado["caso"]["criterios"] == {"publicidad_procedimiento": "segundo procedimiento"}
    assert pagina.locator('[name="criterios.publicidad_procedimiento"]').input_value() == "segundo procedimiento"
    # what the calculator does not apply is said on the page, not left out silently
    assert pagina.locator(".admonition.warning", has_text="Esta calculadora no aplica").count() == 1
    pagina.screenshot(path=str(capturas / "catalogo-boe-a-2021-20481-art17.png"))
    pagina.add_script_tag(path=str(AXE))
    assert pagina.evaluate(GRAVES) == []
    assert not c.errores, c.errores
