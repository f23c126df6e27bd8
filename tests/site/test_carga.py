"""What a page downloads, and when, in Chromium: the modules of «Sus bases»
and «Comparar» (sus-bases.js, comparacion.js and what only they import) and
their stylesheet (sus-bases.css) only on their pages, also when reached by
Material's instant navigation; the
service worker, whose install downloads the offline copy, registered only
after the page's first outcome (sin-conexion.js, trasElPrimerDesenlace)."""

from __future__ import annotations

from ayudas_bases import esperar
from ayudas_calculadora import fragmento_de
from test_calculadora import SELECTOR, caso_json
from test_confianza import VIGILANTE

# Only «Sus bases» and «Comparar» need them (calculadora.js loads the
# modules there, the build links the stylesheet there: HOJAS_DE_PAGINA in
# calculator/construccion/hojas.py, which also gives formulario.css,
# resultado.css and panel.css only to the pages that use them).
MODULOS_DE_PAGINA = ("sus-bases.js", "comparacion.js", "formulario-bases.js", "formulario-bases-controles.js", "enlace-bases.js",
                     "sus-bases.css")

# Records in the page when navigator.serviceWorker.register is called and
# when the calculator first shows an outcome (performance.now()).
CRONOMETRO_SW = """
(() => {
  window.__registros = [];
  window.__desenlace = null;
  const contenedor = navigator.serviceWorker;
  const original = contenedor.register.bind(contenedor);
  contenedor.register = (...argumentos) => { window.__registros.push(performance.now()); return original(...argumentos); };
  new MutationObserver(() => {
    const r = document.querySelector("[data-calculadora]");
    if (window.__desenlace === null && r && ["resultado", "error"].includes(r.dataset.estado)) {
      window.__desenlace = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-estado"] });
})();
"""


def _modulos_pedidos(contexto) -> set[str]:
    return {m for url in contexto.peticiones for m in MODULOS_DE_PAGINA if url.split("?")[0].endswith("/" + m)}


def _hojas(pagina) -> list[str]:
    """The stylesheets of assets/calculadora/ linked in the page's head, in order."""
    return pagina.eval_on_selector_all(
        'head link[rel="stylesheet"][href*="assets/calculadora/"]',
        "enlaces => enlaces.map(e => e.getAttribute('href').split('/').pop())")


def test_las_paginas_sin_su_elemento_no_cargan_sus_bases_ni_comparacion(sitio, nuevo_contexto):
    # no service worker: its install would download the whole build, these modules too
    contexto = nuevo_contexto(service_workers="block")
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}bases/art21-umbral-75/{fragmento_de(caso_json('art21-umbral-75'))}")
    assert esperar(pagina, SELECTOR, ("resultado", "error")) == "resultado"
    assert _hojas(pagina) == ["calculadora.css", "formulario.css", "resultado.css", "panel.css"]
    pagina.goto(f"{sitio}glosario/")
    pagina.locator("h1").wait_for()
    pagina.wait_for_load_state("networkidle")
    assert _modulos_pedidos(contexto) == set()
    # a page without a calculator links only the base stylesheet
    assert _hojas(pagina) == ["calculadora.css"]
    # where the element is, its module comes (the check above can fail)
    pagina.goto(f"{sitio}comparar/")
    assert esperar(pagina, "[data-comparacion]", ("vacio",)) == "vacio"
    assert _modulos_pedidos(contexto) == {"comparacion.js", "enlace-bases.js", "sus-bases.css"}
    pagina.goto(f"{sitio}sus-bases/")
    pagina.locator(".sus-bases .fb-formulario input").first.wait_for()
    assert _modulos_pedidos(contexto) == set(MODULOS_DE_PAGINA)
    assert not contexto.errores, contexto.errores


def test_navegacion_instantanea_a_sus_bases_y_a_comparar(sitio, contexto, capturas):
    """From a bases page with its result, the menu's links «Sus bases» and
    «Comparar» open those pages without a full load (Material's instant
    navigation: the module, loaded late, still starts on the page shown)."""
    pagina = contexto.pagina()
    pagina.add_init_script(VIGILANTE)
    pagina.goto(f"{sitio}bases/art21-umbral-75/{fragmento_de(caso_json('art21-umbral-75'))}")
    assert esperar(pagina, SELECTOR, ("resultado", "error")) == "resultado"
    pagina.evaluate("() => { window.__misma_carga = true; }")
    menu = pagina.locator(".md-nav--primary")

    menu.get_by_role("link", name="Sus bases", exact=True).click()
    pagina.wait_for_url("**/sus-bases/")
    pagina.locator(".sus-bases .fb-formulario input").first.wait_for()
    assert esperar(pagina, "[data-bases-propias]", ("listo", "resultado", "error")) in ("listo", "resultado")
    assert pagina.locator(".sus-bases .fb-formulario").count() == 1
    # sus-bases.css came with the page's head: its framed fieldsets (a browser's own are grooved)
    assert pagina.eval_on_selector(".sus-bases fieldset", "f => getComputedStyle(f).borderTopStyle") == "solid"
    pagina.screenshot(path=str(capturas / "carga-sus-bases-por-el-menu.png"))

    menu.get_by_role("link", name="Comparar", exact=True).click()
    pagina.wait_for_url("**/comparar/")
    assert esperar(pagina, "[data-comparacion]", ("vacio", "resultado", "error")) == "vacio"
    assert "no lleva ningún caso" in pagina.locator("[data-comparacion]").inner_text()
    assert pagina.locator(".sus-bases").count() == 0
    # its wide layout (sus-bases.css): no table of contents beside the comparison at 1280 px
    assert pagina.locator(".md-sidebar--secondary").is_hidden()
    pagina.screenshot(path=str(capturas / "carga-comparar-por-el-menu.png"))
    assert pagina.evaluate("() => window.__misma_carga") is True  # no full page load on the way
    assert pagina.evaluate("() => window.__violaciones") == []
    assert not contexto.errores, contexto.errores


def test_el_service_worker_se_registra_tras_el_primer_resultado(sitio, contexto):
    """Its install downloads the offline copy (the whole build): not while
    the first result is still on its way."""
    pagina = contexto.pagina()
    pagina.add_init_script(CRONOMETRO_SW)
    pagina.goto(f"{sitio}bases/csd-art12/{fragmento_de(caso_json('csd-art12'))}")
    assert esperar(pagina, SELECTOR, ("resultado", "error")) == "resultado"
    pagina.wait_for_function("() => window.__registros.length > 0", timeout=30_000)
    registro, desenlace = pagina.evaluate("() => [window.__registros[0], window.__desenlace]")
    assert desenlace is not None and registro > desenlace, (registro, desenlace)
    assert pagina.evaluate("() => window.__registros.length") == 1
    assert not contexto.errores, contexto.errores


def test_sin_nada_que_calcular_el_service_worker_se_registra_al_poco(sitio, contexto):
    """A page without calculator registers it a few seconds after loading
    (sin-conexion.js, ESPERA_SIN_CALCULO_MS), and it then installs."""
    pagina = contexto.pagina()
    pagina.add_init_script(CRONOMETRO_SW)
    pagina.goto(f"{sitio}glosario/")
    pagina.wait_for_function("() => window.__registros.length > 0", timeout=30_000)
    registro, carga = pagina.evaluate(
        "() => [window.__registros[0], performance.getEntriesByType('navigation')[0].loadEventEnd]")
    assert registro - carga >= 2900, (registro, carga)
    assert pagina.evaluate("async () => Boolean(await navigator.serviceWorker.getRegistration())") is True


def test_si_el_modulo_de_la_pagina_no_llega_lo_dice(sitio, nuevo_contexto):
    """«Comparar» without its module (a download that failed): the page says
    so where the comparison would be, instead of staying empty."""
    contexto = nuevo_contexto(service_workers="block")
    contexto.contexto.route("**/comparacion.js", lambda ruta: ruta.abort())
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}comparar/")
    assert esperar(pagina, "[data-comparacion]", ("error",)) == "error"
    assert "No se pudo cargar esta página" in pagina.locator("[data-comparacion] [role=alert]").inner_text()
    assert not contexto.errores, contexto.errores
