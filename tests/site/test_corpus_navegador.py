"""The hidden page pruebas/corpus/: the whole golden corpus (tests/golden/*.yaml)
computed by the engine in the browser's worker (Pyodide) and checked by
calculator/web/corpus.js the way tests/golden/corpus.py checks it on CPython."""

from __future__ import annotations

import yaml

from ayudas_calculadora import ESPERA_MOTOR_MS, RAIZ

SELECTOR = "[data-corpus]"


def casos_del_corpus() -> int:
    total = 0
    for ruta in sorted((RAIZ / "tests" / "golden").glob("*.yaml")):
        total += len(yaml.safe_load(ruta.read_text(encoding="utf-8"))["casos"])
    return total


def esperar_fin(pagina) -> str:
    pagina.wait_for_function(
        """(selector) => {
            const r = document.querySelector(selector);
            return r && ["terminado", "fallo"].includes(r.dataset.corpusEstado);
        }""",
        arg=SELECTOR,
        timeout=ESPERA_MOTOR_MS,
    )
    return pagina.eval_on_selector(SELECTOR, "r => r.dataset.corpusEstado")


def fallos_de(pagina) -> list[str]:
    return pagina.eval_on_selector_all(
        '[data-corpus-caso][data-corpus-correcto="no"]', "filas => filas.map(f => f.innerText)"
    )


def test_el_navegador_reproduce_todo_el_corpus(sitio, contexto, capturas):
    total = casos_del_corpus()
    assert total > 0
    pagina = contexto.pagina()
    pagina.goto(sitio + "pruebas/corpus/")
    estado = esperar_fin(pagina)
    progreso = pagina.inner_text("[data-corpus-progreso]")
    assert estado == "terminado", progreso
    raiz = pagina.locator(SELECTOR)
    assert raiz.get_attribute("data-corpus-fallos") == "0", "\n\n".join(fallos_de(pagina))
    assert raiz.get_attribute("data-corpus-total") == str(total)
    filas = pagina.locator("[data-corpus-caso]")
    assert filas.count() == total
    assert pagina.locator('[data-corpus-caso][data-corpus-correcto="si"]').count() == total
    assert f"{total} de {total} casos correctos" in pagina.inner_text("[data-corpus-resumen]")
    assert pagina.locator("[data-corpus-caso] td", has_text="correcto").count() == total
    pagina.screenshot(path=str(capturas / "corpus.png"), full_page=True)
    print(f"\ncorpus en el navegador: {total} casos en {raiz.get_attribute('data-corpus-ms')} ms; {progreso}")
    assert contexto.errores == []
    assert contexto.ajenas() == []


def test_la_pagina_arranca_tambien_con_la_navegacion_instantanea(sitio, contexto):
    """Reached through Material's instant navigation (no full load), and again
    after leaving it: the page script runs each time, on the same worker."""
    total = casos_del_corpus()
    pagina = contexto.pagina()
    pagina.goto(sitio)
    pagina.wait_for_function("() => window.document$ !== undefined")
    pagina.evaluate(
        """() => {
            window.__sinRecarga = true;
            const a = document.createElement("a");
            a.href = "pruebas/corpus/";
            a.id = "ir-al-corpus";
            a.textContent = "corpus";
            document.querySelector("article").append(a);
        }"""
    )
    pagina.click("#ir-al-corpus")
    assert esperar_fin(pagina) == "terminado", pagina.inner_text("[data-corpus-progreso]")
    assert pagina.evaluate("() => window.__sinRecarga") is True, "hubo una carga completa"
    assert pagina.locator(SELECTOR).get_attribute("data-corpus-fallos") == "0", "\n\n".join(fallos_de(pagina))
    pagina.go_back()
    pagina.wait_for_function("() => !document.querySelector('[data-corpus]')")
    pagina.go_forward()
    assert esperar_fin(pagina) == "terminado"
    assert pagina.evaluate("() => window.__sinRecarga") is True, "hubo una carga completa"
    assert pagina.locator("[data-corpus-caso]").count() == total
    assert pagina.locator(SELECTOR).get_attribute("data-corpus-fallos") == "0"
    assert contexto.errores == []
