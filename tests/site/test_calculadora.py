"""The calculator in the page, driven like a user, against the contract of
DOMAIN.md ("The calculator in the page"): data-estado, the
<script data-resultado> that holds exactly what the CLI prints, the #caso=
link, citations that reach a paragraph, no request outside the site."""

from __future__ import annotations

import json
from decimal import Decimal
from urllib.parse import urlsplit

import pytest

from ayudas_calculadora import (
    RAIZ,
    calcular_en_cpython,
    caso_del_fragmento,
    errores_de_la_pagina_en_cpython,
    esperar_estado,
    fragmento_de,
)

# One case per bases, written the way a Spanish user types it. Dates are
# explicit (fecha_resolucion), so "today" never enters the result.
CASOS = {
    "art21-umbral-75": {
        "importe_concedido": "10.000,00",
        "pagos": [("2023-02-17", "6.000"), ("2023-06-01", "4.000,00")],
        "gasto_justificado": "9.000",
        "grado_cumplimiento_objetivos": "85",
        "publicidad": "incumplida",
        "fecha_resolucion": "2024-06-11",
    },
    "art15-proporcional": {
        "importe_concedido": "20.000",
        "pagos": [("2022-03-15", "20.000,00")],
        "gasto_justificado": "18.500,50",
        "publicidad": "defectuosa",
        "fecha_resolucion": "2024-05-20",
    },
    "boe-2024-17269": {
        "importe_concedido": "50.000,00",
        "coste_proyecto": "60.000,00",
        "pagos": [("2023-09-01", "25.000"), ("2024-01-10", "25.000")],
        "gasto_justificado": "45.000",
        "fecha_resolucion": "2025-03-01",
    },
    "boe-2023-26428-art28": {
        "importe_concedido": "30.000",
        "coste_proyecto": "40.000",
        "pagos": [("2023-01-10", "30.000")],
        "gasto_justificado": "34.000",
        "fecha_limite_justificacion": "2024-03-31",
        "fecha_presentacion_justificacion": "2024-04-10",
        "publicidad": "defectuosa",
        "fecha_resolucion": "2024-09-30",
    },
    "csd-art12": {
        "importe_concedido": "12.000",
        "pagos": [("2023-05-05", "12.000")],
        "gasto_justificado": "10.000",
        "grado_cumplimiento_objetivos": "90",
        "fecha_ingreso": "2024-02-01",
        "fecha_resolucion": "2024-06-01",
    },
}

SELECTOR = "[data-calculadora]"


def euros(importe: str) -> str:
    """"1234.5" -> "1.234,50 €" (what the page shows; U+00A0 before €)."""
    signo = "-" if importe.startswith("-") else ""
    entero, _, dec = importe.lstrip("-").partition(".")
    grupos = f"{int(entero):,}".replace(",", ".")
    return f"{signo}{grupos},{(dec + '00')[:2]}\u00a0€"


def canonico(texto: str) -> str:
    """The amount the form must send for what the user typed."""
    return texto.replace(".", "").replace(",", ".")


def caso_json(bases: str) -> dict:
    """CASOS (typed the Spanish way) as a case JSON."""
    caso = {"bases": bases}
    for campo, valor in CASOS[bases].items():
        if campo == "pagos":
            caso["pagos"] = [{"fecha": f, "importe": canonico(i)} for f, i in valor]
        elif campo.startswith("fecha") or campo == "publicidad":
            caso[campo] = valor
        else:
            caso[campo] = canonico(valor)
    return caso


def rellenar(pagina, caso: dict) -> None:
    raiz = pagina.locator(SELECTOR)
    # The page script builds the form after goto() returns: count() below does not wait.
    raiz.locator("[name]").first.wait_for(state="attached")
    for campo, valor in caso.items():
        if campo == "pagos":
            for n, (fecha, importe) in enumerate(valor, start=1):
                raiz.get_by_role("button", name="Añadir pago").click()
                raiz.get_by_label(f"Fecha del pago {n}", exact=True).fill(fecha)
                raiz.get_by_label(f"Importe del pago {n}", exact=True).press_sequentially(importe)
            continue
        control = raiz.locator(f'[name="{campo}"]')
        assert control.count() == 1, f"el formulario no tiene el campo {campo}"
        tipo = control.evaluate("c => c.tagName === 'SELECT' ? 'select' : c.type")
        if tipo == "select":
            control.select_option(valor)
        elif tipo == "checkbox":
            control.set_checked(bool(valor))
        elif tipo == "date":
            control.fill(valor)
        else:
            control.click()
            control.press_sequentially(valor)
    raiz.locator('[name="importe_concedido"]').press("Tab")


def resultado_de(pagina) -> str:
    return pagina.locator(f"{SELECTOR} script[data-resultado]").text_content()


def comprobar_citas(pagina, sitio: str, contexto) -> int:
    """Every citation link of the result reaches an anchor: on this page,
    in the DOM; on another page of the site, in that page's HTML."""
    enlaces = pagina.eval_on_selector_all(f"{SELECTOR} .rc-resultado a.rc-enlace-cita", "as => as.map(a => a.href)")
    # «¿Por qué se pregunta?» shows its paragraph in place; data-enlace is
    # where that paragraph lives, from the site's root.
    enlaces += [sitio + e for e in pagina.eval_on_selector_all(f"{SELECTOR} button.rc-porque", "bs => bs.map(b => b.dataset.enlace)")]
    assert enlaces, "el resultado no trae ninguna cita"
    aqui = urlsplit(pagina.url).path
    otras: dict[str, str] = {}
    for href in enlaces:
        partes = urlsplit(href)
        assert href.startswith(sitio), f"cita fuera del sitio: {href}"
        assert partes.fragment, f"cita sin ancla: {href}"
        if partes.path == aqui:
            assert pagina.locator(f'[id="{partes.fragment}"]').count() == 1, f"ancla ausente en la página: #{partes.fragment}"
        else:
            if partes.path not in otras:
                respuesta = contexto.contexto.request.get(href.split("#")[0])
                assert respuesta.ok, f"{href}: HTTP {respuesta.status}"
                otras[partes.path] = respuesta.text()
            assert f'id="{partes.fragment}"' in otras[partes.path], f"ancla ausente: {href}"
    return len(enlaces)


MESES = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
         "noviembre", "diciembre")


@pytest.mark.parametrize("bases", list(CASOS))
def test_caso_por_el_formulario_igual_que_cpython(bases, sitio, contexto, capturas):
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}bases/{bases}/")
    raiz = pagina.locator(SELECTOR)
    assert raiz.get_attribute("data-calculadora") == bases
    # The form is usable while the engine is still loading.
    raiz.locator('[name="importe_concedido"]').wait_for()
    rellenar(pagina, CASOS[bases])
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado", raiz.inner_text()

    caso = caso_del_fragmento(pagina.url)
    assert caso["bases"] == bases
    # Spanish input ("10.000,00", "6.000") reaches the engine as "10000.00", "6000.00".
    assert Decimal(caso["importe_concedido"]) == Decimal(canonico(CASOS[bases]["importe_concedido"]))
    assert [Decimal(p["importe"]) for p in caso["pagos"]] == [Decimal(canonico(i)) for _, i in CASOS[bases]["pagos"]]

    texto = resultado_de(pagina)
    codigo, salida, error = calcular_en_cpython(caso)
    assert codigo == 0, error
    assert texto == salida.rstrip("\n"), "el JSON de la página no es el que imprime la línea de órdenes"
    resultado = json.loads(texto)
    assert resultado == json.loads(salida)

    # Figures shown in Spanish.
    cifra = lambda clave: raiz.locator(f'[data-cifra="{clave}"] .rc-importe').inner_text()  # noqa: E731
    assert cifra("total_a_ingresar") == euros(resultado["total_a_ingresar"])
    assert cifra("reintegro") == euros(resultado["reintegro"])
    assert cifra("intereses") == euros(resultado["intereses"]["total"])
    filas = raiz.locator(".rc-tabla-intereses tbody tr")
    assert filas.count() == len(resultado["intereses"]["periodos"])

    comprobar_citas(pagina, sitio, contexto)

    raiz.locator(".rc-resultado h3").scroll_into_view_if_needed()
    pagina.screenshot(path=str(capturas / f"{bases}-1280.png"))

    # The link, opened in a new page, gives the same result.
    otra = contexto.pagina()
    otra.goto(pagina.url)
    assert esperar_estado(otra, ("resultado", "error")) == "resultado"
    assert resultado_de(otra) == texto
    shown = otra.locator('[name="importe_concedido"]').input_value()
    assert shown == euros(caso["importe_concedido"]).removesuffix("\u00a0€")

    assert not contexto.errores, contexto.errores
    assert not contexto.ajenas(), f"peticiones fuera de 127.0.0.1: {contexto.ajenas()}"


def test_citas_resaltan_el_parrafo_sin_perder_el_caso(sitio, contexto):
    bases = "art21-umbral-75"
    pagina = contexto.pagina()
    caso = {"bases": bases, "importe_concedido": "1000.00", "pagos": [{"fecha": "2023-01-02", "importe": "1000.00"}],
            "grado_cumplimiento_objetivos": "50", "fecha_resolucion": "2024-01-02"}
    pagina.goto(f"{sitio}bases/{bases}/{fragmento_de(caso)}")
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    texto = resultado_de(pagina)
    antes = pagina.url
    cita = pagina.locator(f"{SELECTOR} .rc-resultado a.rc-enlace-cita[href*='bases/{bases}/#']").first
    ancla = urlsplit(cita.get_attribute("href")).fragment
    cita.click()
    pagina.wait_for_function("() => document.querySelector('.reintegro-destacado') !== null")
    destacado = pagina.locator(".reintegro-destacado")
    assert destacado.evaluate("(d, a) => d.id === a || d.querySelector('[id=\"' + a + '\"]') !== null || d.contains(document.getElementById(a))", ancla)
    assert pagina.url == antes, "la cita cambió la dirección y perdió el caso"
    # An ordinary in-page anchor (a heading's permalink) keeps the case too:
    # Material re-renders the page, the calculator takes the case back and
    # puts its link back in the address.
    pagina.locator(".reintegro-ley a.headerlink").first.click()
    pagina.wait_for_function("u => location.href === u", arg=antes)
    assert esperar_estado(pagina, ("resultado", "error", "listo")) == "resultado"
    assert resultado_de(pagina) == texto


def test_navegacion_instantanea_reinicia_la_calculadora(sitio, contexto):
    """One engine worker for the whole visit (motor.js), kept across instant
    navigation to another calculator and back."""
    pagina = contexto.pagina()
    motores = []
    pagina.on("worker", lambda w: motores.append(w.url) if w.url.endswith("/motor-worker.js") else None)
    pagina.goto(f"{sitio}bases/art21-umbral-75/")
    assert esperar_estado(pagina, ("listo",)) == "listo"
    pagina.evaluate("() => { window.__sinRecarga = true; }")
    pagina.locator('nav.md-nav a.md-nav__link[href*="bases/csd-art12/"]').first.click()
    pagina.wait_for_function("() => document.querySelector('[data-calculadora]')?.dataset.calculadora === 'csd-art12'")
    assert pagina.evaluate("() => window.__sinRecarga === true"), "la navegación recargó la página entera"
    assert pagina.url.endswith("bases/csd-art12/")
    assert esperar_estado(pagina, ("listo", "resultado")) == "listo"
    rellenar(pagina, CASOS["csd-art12"])
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    codigo, salida, _ = calcular_en_cpython(caso_del_fragmento(pagina.url))
    assert codigo == 0 and resultado_de(pagina) == salida.rstrip("\n")
    # Back to the first page: the worker is still alive, the calculator is new.
    pagina.go_back()
    pagina.wait_for_function("() => document.querySelector('[data-calculadora]')?.dataset.calculadora === 'art21-umbral-75'")
    assert esperar_estado(pagina, ("listo",)) == "listo"
    assert pagina.evaluate("() => window.__sinRecarga === true")
    assert len(motores) == 1, motores
    assert not contexto.errores, contexto.errores


@pytest.mark.parametrize("texto", ["-5", "abc", "0"])
def test_importe_no_valido_muestra_el_error_en_su_campo(texto, sitio, contexto):
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}bases/csd-art12/")
    control = pagina.locator(f'{SELECTOR} [name="importe_concedido"]')
    control.press_sequentially(texto)
    assert esperar_estado(pagina, ("error", "resultado")) == "error"
    assert control.get_attribute("aria-invalid") == "true"
    error = pagina.locator(f"#{control.get_attribute('id')}-error")
    assert error.is_visible()
    assert error.get_attribute("id") in control.get_attribute("aria-describedby").split()
    # The message is the engine's own, in Spanish, in the page's words
    # (reintegro.navegador on CPython); the command line refuses it too.
    codigo, _, _ = calcular_en_cpython(caso_del_fragmento(pagina.url))
    assert codigo == 2
    pagina_cpython = errores_de_la_pagina_en_cpython(caso_del_fragmento(pagina.url))
    mensaje = next(e["mensaje"] for e in pagina_cpython if e["campo"] == "importe_concedido")
    assert error.inner_text().strip() == mensaje
    assert pagina.locator(f"{SELECTOR} script[data-resultado]").count() == 0
    anuncio = pagina.locator(f"{SELECTOR} [aria-live='polite']")
    assert "Importe concedido" in anuncio.inner_text()


@pytest.mark.parametrize("fragmento", [
    "#caso=%%%no-es-base64",
    "#caso=" + "A" * 40000,
    fragmento_de(["no", "un", "objeto"]),
    "#caso=eyJiYXNlcyI6",  # '{"bases":' cut short
    fragmento_de({"__proto__": {"contaminado": True}, "bases": "csd-art12", "importe_concedido": {"x": 1}}),
])
def test_enlace_hostil_muestra_error_y_formulario_vacio(fragmento, sitio, contexto):
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}bases/csd-art12/{fragmento}")
    assert esperar_estado(pagina, ("error", "resultado", "listo")) == "error"
    assert pagina.locator(f"{SELECTOR} [name='importe_concedido']").input_value() == ""
    texto = pagina.locator(SELECTOR).inner_text()
    assert "enlace" in texto.lower() or "debe ser" in texto
    assert pagina.evaluate("() => ({}).contaminado") is None
    assert not contexto.errores, contexto.errores


def test_solo_peticiones_al_propio_sitio(sitio, contexto):
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}")
    pagina.goto(f"{sitio}bases/boe-2024-17269/")
    rellenar(pagina, CASOS["boe-2024-17269"])
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    urls = contexto.peticiones
    assert any(u.endswith("pyodide.asm.wasm") for u in urls), "no se registraron las peticiones del worker"
    assert any(".whl" in u for u in urls)
    assert not contexto.ajenas(), f"peticiones fuera de 127.0.0.1: {contexto.ajenas()}"


@pytest.mark.parametrize("esquema", ["light", "dark"])
def test_capturas_en_movil(esquema, sitio, nuevo_contexto, capturas):
    c = nuevo_contexto(viewport={"width": 360, "height": 780}, color_scheme=esquema, is_mobile=True, has_touch=True)
    pagina = c.pagina()
    bases = "boe-2023-26428-art28"
    pagina.goto(f"{sitio}bases/{bases}/")
    rellenar(pagina, CASOS[bases])
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    ancho = pagina.evaluate("() => document.documentElement.scrollWidth")
    assert ancho <= 360, f"la página se desborda a lo ancho en un móvil ({ancho} px)"
    pagina.locator(f"{SELECTOR} .rc-resultado h3").scroll_into_view_if_needed()
    pagina.screenshot(path=str(capturas / f"{bases}-360-{esquema}.png"))
    pagina.screenshot(path=str(capturas / f"{bases}-360-{esquema}-completa.png"), full_page=True)
    assert not c.errores, c.errores
    assert not c.ajenas()


AXE = RAIZ / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize("esquema", ["light", "dark"])
def test_accesibilidad_axe(esquema, sitio, nuevo_contexto):
    """axe-core (the npm devDependency, injected from disk: no request) finds
    no violation in the calculator, with a result and with an error.
    bypass_csp: axe goes in as an inline script, which the site's CSP refuses."""
    assert AXE.is_file(), f"falta {AXE}: ejecute `npm ci`"
    c = nuevo_contexto(color_scheme=esquema, bypass_csp=True)
    pagina = c.pagina()
    caso = {"bases": "art21-umbral-75", "importe_concedido": "10000.00",
            "pagos": [{"fecha": "2023-02-17", "importe": "6000.00"}, {"fecha": "2023-06-01", "importe": "4000.00"}],
            "grado_cumplimiento_objetivos": "85", "publicidad": "incumplida", "fecha_resolucion": "2024-06-11"}
    pagina.goto(f"{sitio}bases/art21-umbral-75/{fragmento_de(caso)}")
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    pagina.add_script_tag(path=str(AXE))
    programa = """async () => (await axe.run('[data-calculadora]', {resultTypes: ['violations']}))
        .violations.map(v => `${v.id} (${v.impact}): ${v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', ')}`)"""
    assert pagina.evaluate(programa) == []
    pagina.locator(f'{SELECTOR} [name="importe_concedido"]').fill("-5")
    assert esperar_estado(pagina, ("error",)) == "error"
    assert pagina.evaluate(programa) == []


def test_copiar_enlace_y_cambio_de_fragmento(sitio, contexto):
    """"Copiar enlace" copies the address that reproduces the case; a new
    #caso= in the address (a pasted link, back/forward) recomputes."""
    contexto.contexto.grant_permissions(["clipboard-read", "clipboard-write"], origin=sitio.rstrip("/"))
    pagina = contexto.pagina()
    bases = "csd-art12"
    primero = {"bases": bases, "importe_concedido": "1000.00", "pagos": [{"fecha": "2023-01-02", "importe": "1000.00"}],
               "grado_cumplimiento_objetivos": "90", "fecha_resolucion": "2024-01-02"}
    segundo = {**primero, "grado_cumplimiento_objetivos": "80"}
    pagina.goto(f"{sitio}bases/{bases}/{fragmento_de(primero)}")
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    texto_primero = resultado_de(pagina)
    pagina.get_by_role("button", name="Copiar enlace").click()
    assert pagina.evaluate("() => navigator.clipboard.readText()") == pagina.url
    assert caso_del_fragmento(pagina.url) == primero

    pagina.evaluate("f => { location.hash = f; }", fragmento_de(segundo))
    pagina.wait_for_function(
        "t => { const s = document.querySelector('[data-calculadora] script[data-resultado]'); return s && s.textContent !== t; }",
        arg=texto_primero,
    )
    codigo, salida, _ = calcular_en_cpython(segundo)
    assert codigo == 0 and resultado_de(pagina) == salida.rstrip("\n")
    assert pagina.locator(f'{SELECTOR} [name="grado_cumplimiento_objetivos"]').input_value() == "80"
    assert not contexto.errores, contexto.errores


def test_fallo_del_motor_se_dice_en_espanol(sitio, contexto):
    """If a wheel cannot be loaded (here: blocked), the page says so and
    sets data-estado="error"; it never hangs in "cargando"."""
    contexto.contexto.route("**/assets/wheels/pydantic-*.whl", lambda ruta: ruta.abort())
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}bases/art15-proporcional/")
    assert esperar_estado(pagina, ("error", "listo", "resultado")) == "error"
    aviso = pagina.locator(f"{SELECTOR} .rc-progreso").inner_text()
    assert "No se pudo cargar el motor de cálculo" in aviso


def test_desplazarse_por_el_articulo_no_borra_el_caso(sitio, contexto):
    """Scrolling the article leaves the case in the address: Material's
    navigation.tracking, which would rewrite the fragment with the section
    in view, is off (mkdocs.yml), while its table of contents still follows
    the reader (toc.follow)."""
    contexto.contexto.add_init_script("""(() => {
        window.__reemplazosMaterial = 0;
        const original = History.prototype.replaceState;
        History.prototype.replaceState = function (estado, titulo, url) {
            if (url !== undefined && /bundle\\./.test(new Error().stack)) window.__reemplazosMaterial++;
            return original.call(this, estado, titulo, url);
        };
    })()""")
    pagina = contexto.pagina()
    bases = "art21-umbral-75"
    caso = {"bases": bases, "importe_concedido": "1000.00", "fecha_resolucion": "2024-01-02"}
    pagina.goto(f"{sitio}bases/{bases}/{fragmento_de(caso)}")
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    activa = "() => document.querySelector('.md-sidebar--secondary .md-nav__link--active')?.getAttribute('href') ?? ''"
    # The link lands on the result, below the article's heading: its entry
    # is active; at the top of the page none is.
    for destino in ("0", "document.body.scrollHeight / 2"):
        antes = pagina.evaluate(activa)
        pagina.evaluate(f"() => window.scrollTo(0, {destino})")
        pagina.mouse.wheel(0, 200)
        # Material saw the scroll (its table of contents moved on); tracking
        # would rewrite the address 0.25-0.5 s after the scroll stops.
        pagina.wait_for_function(f"a => ({activa})() !== a", arg=antes)
        pagina.wait_for_timeout(1000)
        assert pagina.evaluate("() => window.__reemplazosMaterial") == 0
        assert caso_del_fragmento(pagina.url) == caso


def test_informe_impreso(sitio, nuevo_contexto, capturas):
    """The print stylesheet turns the page into one report: the case, the
    result, the explanation with citations, the notes, date, engine version
    and the link; no navigation, no form."""
    c = nuevo_contexto(viewport={"width": 800, "height": 1100})
    pagina = c.pagina()
    bases = "art21-umbral-75"
    caso = {"bases": bases, "importe_concedido": "10000.00",
            "pagos": [{"fecha": "2023-02-17", "importe": "6000.00"}, {"fecha": "2023-06-01", "importe": "4000.00"}],
            "grado_cumplimiento_objetivos": "85", "publicidad": "incumplida", "fecha_resolucion": "2024-06-11"}
    pagina.goto(f"{sitio}bases/{bases}/{fragmento_de(caso)}")
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    pagina.emulate_media(media="print")
    raiz = pagina.locator(SELECTOR)
    for oculto in (".md-header", ".md-sidebar--primary", ".reintegro-ley", f"{SELECTOR} .rc-zona-formulario", f"{SELECTOR} .rc-acciones"):
        assert not pagina.locator(oculto).first.is_visible(), f"{oculto} se imprime"
    informe = raiz.locator(".rc-informe")
    assert informe.is_visible()
    assert "Datos del caso" in informe.inner_text() and "10.000,00 €" in informe.inner_text()
    assert raiz.locator(".rc-explicacion").is_visible() and raiz.locator(".rc-notas").is_visible()
    assert raiz.locator(".rc-subtotal-total").is_visible()
    pie = raiz.locator(".rc-pie").inner_text()
    assert "motor reintegro" in pie
    dia, mes, ano = pagina.evaluate("() => { const d = new Date(); return [d.getDate(), d.getMonth(), d.getFullYear()]; }")
    hoy = f"{dia} de {MESES[mes]} de {ano}"  # the browser's today, as Spanish writes a date
    assert f"Calculado el {hoy} con el motor reintegro" in pie
    assert hoy in informe.inner_text()
    assert raiz.locator(".rc-pie a.rc-enlace-caso").get_attribute("href") == pagina.url
    pagina.screenshot(path=str(capturas / f"{bases}-impresion.png"), full_page=True)
    pagina.pdf(path=str(capturas.parent / f"informe-{bases}.pdf"), format="A4", print_background=True)


def test_formularios_de_la_construccion_son_los_del_motor_en_pyodide(sitio, contexto):
    """The forms baked into formularios/<id>.json at build time (CPython) are exactly
    what reintegro.navegador.formulario(id) gives inside Pyodide, and the
    catalogue matches the pages."""
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}bases/art21-umbral-75/")
    assert esperar_estado(pagina, ("listo",)) == "listo"
    comparacion = pagina.evaluate("""async () => {
        // The same module URL the page loaded: the same instance, the same worker.
        const url = new URL('../../assets/calculadora/motor.js', location.href);
        const { motor, datosMotor } = await import(url.href);
        const datos = await datosMotor();
        const catalogo = JSON.parse(await motor().pedir('catalogo'));
        const diferentes = [];
        const { descripcionDe } = await import(new URL('../../assets/calculadora/descripciones.js', location.href).href);
        for (const b of catalogo) {
            const enPyodide = JSON.parse(await motor().pedir('formulario', b.id));
            if (JSON.stringify(enPyodide) !== JSON.stringify(await descripcionDe(b.id))) diferentes.push(b.id);
        }
        return { catalogo, construccion: datos.catalogo, diferentes, version: motor().version, versionJson: datos.version_motor };
    }""")
    assert comparacion["diferentes"] == []
    assert comparacion["catalogo"] == comparacion["construccion"]
    # the five bases with a typed case here, and the published ones of the catalogue (issue 24)
    assert set(CASOS) <= {b["id"] for b in comparacion["catalogo"]}
    assert comparacion["version"] == comparacion["versionJson"]


def test_paginas_sin_calculadora_se_imprimen_enteras(sitio, contexto):
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}como-se-calcula/")
    pagina.emulate_media(media="print")
    visibles = pagina.eval_on_selector_all(
        ".md-content__inner > p, .md-content__inner > h2",
        "es => es.filter(e => e.offsetParent !== null || getComputedStyle(e).display !== 'none').length",
    )
    assert visibles > 3
