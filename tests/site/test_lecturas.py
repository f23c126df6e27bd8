"""Issue 13, the page: «Otras lecturas del texto». For a case of each kind
of rival reading, opened from its shared link, the page shows every
`lecturas` item of the engine's JSON (computed on CPython for the same case
and day): its title, what it says, the paragraph it rests on (linked like a
step), and its figures beside the central ones. Each "Criterio aplicado"
note links to the steps it changes and the readings it concerns, and each
such step links back to its note.

Screenshots: test-output/screenshots/lecturas-*.png.
"""

from __future__ import annotations

import re

import pytest

from ayudas_panel import abrir_caso, euros, mismo_resultado_que_cpython

PAGO = {"pagos": [{"fecha": "2025-01-10", "importe": "10000"}], "fecha_resolucion": "2025-01-10"}
# One case per kind of reading (tests/golden/revision-legal.yaml works
# their figures by hand).
CASOS = {
    # Exactly at 75 %: proportional (2.500 €) or, read the other way, total.
    "D3": {"bases": "art21-umbral-75", "importe_concedido": "10000", "gasto_justificado": "7500", **PAGO},
    # Economic 80 %, technical 90 %: the lower (2.000 €) or the sum of both shortfalls (3.000 €).
    "D2": {"bases": "art21-umbral-75", "importe_concedido": "10000", "gasto_justificado": "8000",
           "grado_cumplimiento_objetivos": "90", **PAGO},
    # 10 days late: 3 complete periods or 4 begun.
    "D4": {"bases": "boe-2023-26428-art28", "importe_concedido": "10000", "fecha_limite_justificacion": "2025-01-01",
           "fecha_presentacion_justificacion": "2025-01-11", **PAGO},
    # Threshold on A / G (70 %) or on A / C (70 % of the cost too, but the reduction on C).
    "umbral-base": {"bases": "art21-umbral-75", "importe_concedido": "10000", "coste_proyecto": "20000",
                    "gasto_justificado": "14000", **PAGO},
    # 30.000 € of contracts without offers: total today, or 30.000 € as a fixed deduction.
    "deducciones": {"bases": "art21-umbral-75", "importe_concedido": "100000", "gasto_sin_ofertas": "30000",
                    "pagos": [{"fecha": "2025-01-10", "importe": "100000"}], "fecha_resolucion": "2025-01-10"},
    # The first quarter of 2009 at 6,875 % or at 7 %.
    "tipo-2008": {"bases": "art21-umbral-75", "importe_concedido": "10000", "falseamiento": True,
                  "pagos": [{"fecha": "2008-12-31", "importe": "10000"}], "fecha_resolucion": "2009-03-31"},
}
FIGURAS = ("importe_final", "reintegro", "intereses", "total_a_ingresar")


def central(r: dict, clave: str) -> str:
    return r["intereses"]["total"] if clave == "intereses" else r[clave]


def comprobar_lecturas(pagina, r: dict, id_esperado: str) -> None:
    assert id_esperado in [x["id"] for x in r["lecturas"]]
    mostradas = pagina.locator(".rc-lectura")
    assert mostradas.evaluate_all("ns => ns.map(n => n.dataset.lectura)") == [x["id"] for x in r["lecturas"]]
    seccion = pagina.locator(".rc-lecturas-seccion")
    assert seccion.locator("h4").text_content() == "Otras lecturas del texto"
    for lectura in r["lecturas"]:
        li = pagina.locator(f'.rc-lectura[data-lectura="{lectura["id"]}"]')
        assert li.locator(".rc-lectura-titulo").text_content() == lectura["titulo"]
        assert lectura["texto"] in li.text_content()
        # The paragraph it rests on, linked as a step's citation is.
        cita = li.locator(".rc-cita a.rc-enlace-cita")
        assert cita.get_attribute("data-enlace") == lectura["cita"]["enlace"]
        assert cita.text_content() == f'{lectura["cita"]["norma"]}, {lectura["cita"]["referencia"]}'
        # Its figures beside the central ones: the total always, the others
        # where this reading changes them.
        filas = li.locator(".rc-lectura-cifras tbody tr")
        esperadas = [k for k in FIGURAS if k == "total_a_ingresar" or lectura[k] != central(r, k)]
        assert filas.evaluate_all("ns => ns.map(n => n.dataset.figura)") == esperadas
        for clave in esperadas:
            fila = li.locator(f'tr[data-figura="{clave}"]')
            assert fila.locator(".rc-lectura-rival").text_content() == euros(lectura[clave])
            assert fila.locator(".rc-lectura-central").text_content() == euros(central(r, clave))
        # The note of the criterion it contests, when the result has it.
        codigos = {n["codigo"] for n in r["notas"]}
        boton = li.locator(".rc-lectura-nota button.rc-enlace-nota")
        if lectura.get("nota") in codigos:
            assert boton.get_attribute("data-nota") == lectura["nota"]
            boton.click()
            nota = pagina.locator(f'.rc-nota[data-codigo="{lectura["nota"]}"]')
            assert pagina.evaluate("() => document.activeElement.dataset.codigo") == lectura["nota"]
            assert "rc-nota-senalada" in nota.get_attribute("class")
            # …and the note leads back to the reading.
            nota.locator(f'button[data-lectura="{lectura["id"]}"]').click()
            assert pagina.evaluate("() => document.activeElement.dataset.lectura") == lectura["id"]
        else:
            assert boton.count() == 0


def comprobar_pasos_y_notas(pagina, r: dict) -> None:
    """Each step names the notes it applies (buttons to them), and each note
    the steps that apply it (buttons back)."""
    codigos = {n["codigo"] for n in r["notas"]}
    pasos = sorted(r["pasos"], key=lambda p: p["orden"])
    enlaces = 0
    for numero, paso in enumerate(pasos, start=1):
        li = pagina.locator(f'.rc-paso[data-paso="{numero}"]')
        suyas = [c for c in paso.get("notas", []) if c in codigos]
        botones = li.locator(".rc-paso-notas button.rc-enlace-nota")
        assert botones.evaluate_all("ns => ns.map(b => b.dataset.nota)") == suyas
        for codigo in suyas:
            li.locator(f'.rc-paso-notas button[data-nota="{codigo}"]').click()
            assert pagina.evaluate("() => document.activeElement.dataset.codigo") == codigo
            nota = pagina.locator(f'.rc-nota[data-codigo="{codigo}"]')
            nota.locator(f'button[data-paso="{numero}"]').click()
            assert pagina.evaluate("() => document.activeElement.dataset.paso") == str(numero)
            enlaces += 1
    for n in r["notas"]:
        esperados = [str(i) for i, p in enumerate(pasos, start=1) if n["codigo"] in p.get("notas", [])]
        mostrados = pagina.locator(f'.rc-nota[data-codigo="{n["codigo"]}"] button[data-paso]').evaluate_all(
            "ns => ns.map(b => b.dataset.paso)")
        assert mostrados == esperados
    return enlaces


@pytest.mark.parametrize("lectura", list(CASOS))
def test_cada_lectura_rival_con_su_parrafo_y_sus_cifras(nuevo_contexto, sitio, capturas, lectura):
    caso = CASOS[lectura]
    c, pagina = abrir_caso(nuevo_contexto, sitio, caso, 1280)
    r = mismo_resultado_que_cpython(pagina, caso)
    comprobar_lecturas(pagina, r, lectura)
    comprobar_pasos_y_notas(pagina, r)
    pagina.evaluate("() => document.querySelector('.rc-lecturas-seccion').scrollIntoView({block: 'start'})")
    pagina.screenshot(path=str(capturas / f"lecturas-{lectura}-1280.png"))
    assert not c.errores, c.errores


def test_en_un_telefono_la_lectura_se_lee_y_lleva_a_su_nota(nuevo_contexto, sitio, capturas):
    caso = CASOS["D2"]
    c, pagina = abrir_caso(nuevo_contexto, sitio, caso, 375)
    r = mismo_resultado_que_cpython(pagina, caso)
    comprobar_lecturas(pagina, r, "D2")
    # The D2 note is applied by a step: the round trip step -> note -> step.
    assert comprobar_pasos_y_notas(pagina, r) >= 1
    assert pagina.evaluate("() => document.documentElement.scrollWidth") <= 375
    tabla = pagina.locator('.rc-lectura[data-lectura="D2"] .rc-lectura-cifras')
    caja = tabla.bounding_box()
    assert caja["x"] >= 0 and caja["x"] + caja["width"] <= 375
    pagina.evaluate("() => document.querySelector('.rc-lecturas-seccion').scrollIntoView({block: 'start'})")
    pagina.screenshot(path=str(capturas / "lecturas-D2-375.png"))
    assert re.search(r"Otras lecturas del texto", pagina.locator(".rc-resultado").text_content())
    assert not c.errores, c.errores
