"""Trust: the Content Security Policy holds (no violation in pages or
workers across the calculator's flows), privacy (only 127.0.0.1, no
cookies, no case data in storage), offline (the service worker serves the
site, the runtime and the wheels; a new build replaces the old one),
hostile #caso= links, keyboard use, announcements, and the layout at 360 px.

These tests build the site into their own folder and serve it with the
site's CSP also as an HTTP header (ayudas_confianza.ServidorCambiable),
so the policy governs the engine's Web Worker and the service worker too.
The axe test alone uses Playwright's bypass_csp (to inject axe from disk).
"""

from __future__ import annotations

import collections
import json
import re
import time
from pathlib import Path

import pytest

from ayudas_calculadora import calcular_en_cpython, esperar_estado, fragmento_de
from ayudas_confianza import ServidorCambiable, construir, motor_con_otra_version, paginas
from conftest import ARGUMENTOS_CHROMIUM, CAPTURAS, CHROMIUM, ENTORNO_CHROMIUM, ESPERA_MOTOR_MS, RAIZ, Contexto, contextos
from test_calculadora import CASOS, caso_json

SELECTOR = "[data-calculadora]"
AXE = RAIZ / "node_modules" / "axe-core" / "axe.min.js"
ESPERA_SW_MS = 240_000  # the whole site (~19 MB) precached on a busy machine

# Records CSP violations of the document (and of Material's instant
# navigation, which keeps the document) into window.__violaciones.
VIGILANTE = """
window.__violaciones = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violaciones.push(`${e.violatedDirective} bloqueó ${e.blockedURI || "(en línea)"} en ${e.sourceFile}:${e.lineNumber}`);
});
"""


@pytest.fixture(scope="module")
def construido(tmp_path_factory) -> Path:
    return construir(tmp_path_factory.mktemp("confianza") / "site")


@pytest.fixture(scope="module")
def otra_version(tmp_path_factory) -> Path:
    """The site built again with engine version 9.9.9-prueba (a new deployment)."""
    carpeta = tmp_path_factory.mktemp("otra-version")
    return construir(carpeta / "site-b", motor=motor_con_otra_version(carpeta, "9.9.9-prueba"))


@pytest.fixture(scope="module")
def servidor(construido):
    s = ServidorCambiable(construido)
    try:
        yield s
    finally:
        s.cerrar()


class Vigilado(Contexto):
    """A context that also records CSP violations: the documents' events
    (init script) and every console message naming the policy (Chromium
    reports there the violations of workers and service workers too)."""

    def __init__(self, navegador, **opciones):
        super().__init__(navegador, **opciones)
        self.consola_csp: list[str] = []
        self.dialogos: list[str] = []
        self.paginas = []
        self.contexto.add_init_script(VIGILANTE)
        self.contexto.on("console", self._consola)

    def _consola(self, mensaje):
        texto = mensaje.text.lower()
        if "content security policy" in texto or "content-security-policy" in texto:
            self.consola_csp.append(mensaje.text)

    def pagina(self):
        pagina = super().pagina()
        pagina.on("dialog", lambda d: (self.dialogos.append(d.message), d.dismiss()))
        pagina.on("worker", lambda w: w.on("console", self._consola))
        self.paginas.append(pagina)
        return pagina

    def violaciones(self) -> list[str]:
        vistas = list(self.consola_csp)
        for p in self.paginas:
            if p.is_closed():
                continue
            try:
                vistas += p.evaluate("() => window.__violaciones || []")
            except Exception:  # a page mid-navigation: its console is still recorded
                pass
        return vistas


@pytest.fixture
def vigilado(navegador):
    with contextos(navegador, Vigilado) as crear:
        yield crear


def abrir_con_su_caso(pagina, origen: str, ruta: str) -> str | None:
    """Open a page of the site; a calculator page with its test case in the
    fragment, waiting for its outcome (returned; None: no calculator)."""
    url = origen + ruta
    bases = ruta.removeprefix("bases/").rstrip("/")
    if bases in CASOS:
        url += fragmento_de(caso_json(bases))
    elif ruta.startswith("bases/") and ruta.count("/") == 2:
        # A published bases of the catalogue (issue 24): a case every one of them asks.
        url += fragmento_de({"bases": bases, "importe_concedido": "10000", "gasto_justificado": "9000"})
    elif ruta in ("sus-bases/", "comparar/"):
        # The art. 21 case without its bases: under the page's model, or under every bases.
        url += fragmento_de({k: v for k, v in caso_json("art21-umbral-75").items() if k != "bases"})
    pagina.goto(url)
    if ruta == "comparar/":
        return esperar_estado(pagina, ("resultado", "error"), "[data-comparacion]")
    if not pagina.locator(SELECTOR).count():
        return None
    return esperar_estado(pagina, ("resultado", "error"))


def esperar_sw(pagina) -> str:
    """Wait until a service worker controls the page (so its install, the
    precache, is complete) and exactly one reintegro cache exists; returns
    the cache name. (Playwright's wait_for_function does not await an async
    predicate, hence the loop; the deadline is generous, not a measure.)"""
    limite = time.monotonic() + ESPERA_SW_MS / 1000
    while True:
        estado = pagina.evaluate("""async () => [Boolean(navigator.serviceWorker.controller),
            (await caches.keys()).filter((n) => n.startsWith("reintegro-"))]""")
        if estado[0] and len(estado[1]) == 1:
            return estado[1][0]
        assert time.monotonic() < limite, f"ningún service worker controla la página: {estado}"
        pagina.wait_for_timeout(500)


def estado_sw(pagina) -> dict | str:
    """What the browser says of the site's service workers (for failure messages)."""
    try:
        return pagina.evaluate("""async () => {
            const r = await navigator.serviceWorker.getRegistration();
            const sw = (w) => w && `${w.state} ${w.scriptURL}`;
            return { controlador: sw(navigator.serviceWorker.controller), activo: sw(r?.active),
                     esperando: sw(r?.waiting), instalando: sw(r?.installing), caches: await caches.keys() };
        }""")
    except Exception as error:  # the page was reloading
        return str(error)


def version_en_uso(pagina) -> dict:
    """The build of the service worker that controls the page, as it says."""
    return pagina.evaluate("""() => new Promise((ok) => {
        navigator.serviceWorker.addEventListener("message", (e) => ok(e.data), { once: true });
        navigator.serviceWorker.controller.postMessage("version");
    })""")


def registrar_sw(contexto, pagina) -> list[str]:
    """The service workers' life as Chromium's DevTools protocol reports it
    (versions and their states, errors the workers raise), for failure
    messages."""
    eventos: list[str] = []
    cdp = contexto.new_cdp_session(pagina)
    cdp.on("ServiceWorker.workerVersionUpdated", lambda e: eventos.extend(
        f"{v['versionId']} {v['runningStatus']} {v['status']}" for v in e["versions"]))
    cdp.on("ServiceWorker.workerErrorReported", lambda e: eventos.append(f"error: {e['errorMessage']}"))
    cdp.send("ServiceWorker.enable")
    return eventos


def diagnostico_instalacion(registro: list[tuple[str, int]], sitio: Path, sw_eventos: list[str]) -> str:
    """What the server saw while the new build installed: answers that were
    not 200/304, precached files never asked for, and the workers' states."""
    fallidas = [(ruta, codigo) for ruta, codigo in registro if codigo not in (200, 304)]
    precache = precache_de(sitio)
    pedidas = {ruta.split("?")[0].lstrip("/") for ruta, _ in registro}
    nunca = [a for a in precache if a.lstrip("./") not in pedidas and a != "./"]
    return (f"peticiones: {len(registro)}; no 200/304: {fallidas[:20]}; precache nunca pedido ({len(nunca)}): {nunca[:20]}\n"
            f"service workers: {sw_eventos[-40:]}")


def version_sw(carpeta: Path) -> str:
    return re.search(r'const VERSION = "([0-9a-f]+)"', (carpeta / "sw.js").read_text(encoding="utf-8")).group(1)


def precache_de(carpeta: Path) -> list[str]:
    """The URLs the build's sw.js precaches (its ARCHIVOS list)."""
    return json.loads(re.search(r"const ARCHIVOS = (\[.*?\]);", (carpeta / "sw.js").read_text(encoding="utf-8")).group(1))


# --- 1. Content Security Policy ---------------------------------------------

def test_toda_pagina_lleva_la_csp_sin_unsafe_inline(construido):
    politica = (construido / "csp.txt").read_text(encoding="utf-8").strip()
    directivas = dict((d.split()[0], d.split()[1:]) for d in politica.split("; "))
    assert directivas["default-src"] == ["'self'"]
    assert "'unsafe-inline'" not in directivas["script-src"] and "'unsafe-eval'" not in directivas["script-src"]
    assert "'unsafe-inline'" not in politica
    assert directivas["object-src"] == ["'none'"] and directivas["worker-src"] == ["'self'"]
    for pagina in paginas(construido):
        archivo = construido / (pagina + "index.html" if pagina == "" or pagina.endswith("/") else pagina)
        html = archivo.read_text(encoding="utf-8")
        metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
        assert metas == [politica], f"{pagina}: la CSP falta o difiere"
        # before any script
        assert html.index("Content-Security-Policy") < html.index("<script"), pagina


def test_el_vigilante_detecta_violaciones(servidor, vigilado):
    """Control: an inline script injected into a page IS reported, so an
    empty list below means no violation, not a deaf listener."""
    c = vigilado()
    pagina = c.pagina()
    pagina.goto(servidor.origen + "glosario/")
    pagina.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.__x = 1'; document.head.append(s); }")
    pagina.wait_for_function("() => window.__violaciones.length > 0")
    assert pagina.evaluate("() => window.__x") is None
    assert c.violaciones()


def test_sin_violaciones_csp_en_los_flujos_de_la_calculadora(servidor, vigilado, capturas, tmp_path):
    """Fill a case, get a result, instant navigation to another page and
    back, an in-page citation and «¿Por qué se pregunta?», the case saved as
    a file and opened again, search, the print view: no violation in the
    document, the engine worker or the service worker."""
    c = vigilado()
    pagina = c.pagina()
    pagina.goto(servidor.origen)
    pagina.goto(servidor.origen + "bases/csd-art12/")
    assert esperar_estado(pagina, ("listo",)) == "listo"
    importe = pagina.locator(f'{SELECTOR} [name="importe_concedido"]')
    importe.click()
    importe.press_sequentially("12.000")
    pagina.goto(servidor.origen + "bases/csd-art12/" + fragmento_de(caso_json("csd-art12")))
    assert esperar_estado(pagina, ("resultado",)) == "resultado"
    # instant navigation (Material fetches the page; its inline scripts run under this page's policy)
    pagina.locator("a[href*='como-se-calcula']:visible").first.click()
    pagina.wait_for_url("**/como-se-calcula/**")
    pagina.locator("a[href*='art21-umbral-75']:visible").first.click()
    pagina.wait_for_url("**/art21-umbral-75/**")
    assert esperar_estado(pagina, ("listo", "resultado")) in ("listo", "resultado")
    pagina.goto(servidor.origen + "bases/art21-umbral-75/" + fragmento_de(caso_json("art21-umbral-75")))
    assert esperar_estado(pagina, ("resultado",)) == "resultado"
    pagina.locator(f"{SELECTOR} .rc-resultado a.rc-enlace-cita[href*='art21-umbral-75/#']").first.click()
    pagina.locator(f"{SELECTOR} button.rc-porque").first.click()
    # the case as a file (a blob: download, read back with a file chooser)
    with pagina.expect_download() as descarga:
        pagina.locator(SELECTOR).get_by_role("button", name="Guardar el caso (archivo)").click()
    archivo = tmp_path / descarga.value.suggested_filename
    descarga.value.save_as(archivo)
    with pagina.expect_file_chooser() as eleccion:
        pagina.locator(SELECTOR).get_by_role("button", name="Abrir un caso guardado").click()
    eleccion.value.set_files(str(archivo))
    pagina.locator(f"{SELECTOR} .rc-aviso-carga").wait_for()
    # search (Material's search worker)
    pagina.keyboard.press("Escape")
    pagina.locator("input.md-search__input").click()
    pagina.locator("input.md-search__input").press_sequentially("reintegro", delay=30)
    pagina.wait_for_selector(".md-search-result__item", timeout=ESPERA_MOTOR_MS)
    pagina.keyboard.press("Escape")
    pagina.emulate_media(media="print")
    pagina.pdf(path=str(capturas.parent / "informe-csp.pdf"), format="A4")
    pagina.emulate_media(media="screen")
    assert not c.errores, c.errores
    assert c.violaciones() == []


def test_pyodide_necesita_wasm_unsafe_eval_y_nada_mas(servidor, vigilado):
    """Test, don't guess: with the policy as a header it governs the engine's
    worker too. The shipped policy runs Pyodide with no 'unsafe-eval' (the
    flows above: no violation, results); without 'wasm-unsafe-eval' Chromium
    refuses to compile Pyodide's WebAssembly, and no result ever appears."""
    sin_wasm = servidor.politica().replace(" 'wasm-unsafe-eval'", "")
    assert "'wasm-unsafe-eval'" not in sin_wasm
    servidor.politica_forzada = sin_wasm
    try:
        c = vigilado(service_workers="block")
        pagina = c.pagina()
        pagina.goto(servidor.origen + "bases/csd-art12/" + fragmento_de(caso_json("csd-art12")))
        limite = time.monotonic() + ESPERA_MOTOR_MS / 1000
        while not any("webassembly" in m.lower() for m in c.consola_csp):
            assert time.monotonic() < limite, f"sin violación de WebAssembly: {c.consola_csp}"
            pagina.wait_for_timeout(500)
        assert pagina.eval_on_selector(SELECTOR, "r => r.dataset.estado") != "resultado"
    finally:
        servidor.politica_forzada = None


# --- 2. Privacy ---------------------------------------------------------------

def test_privacidad_en_todas_las_paginas(servidor, construido, vigilado):
    c = vigilado()
    pagina = c.pagina()
    rutas = paginas(construido)
    assert len(rutas) >= 10
    for ruta in rutas:
        respuesta = pagina.goto(servidor.origen + ruta)
        assert respuesta is not None and (respuesta.ok or ruta == "404.html"), ruta
        if pagina.locator(SELECTOR).count():
            esperar_estado(pagina, ("listo", "resultado", "error"))
    pagina.goto(servidor.origen + "bases/art15-proporcional/")
    assert esperar_estado(pagina, ("listo",)) == "listo"
    importe = pagina.locator(f'{SELECTOR} [name="importe_concedido"]')
    importe.click()
    importe.press_sequentially("98.765,43")
    pagina.locator(f'{SELECTOR} [name="gasto_justificado"]').click()
    pagina.locator(f'{SELECTOR} [name="gasto_justificado"]').press_sequentially("87.654,32")
    pagina.keyboard.press("Tab")
    esperar_estado(pagina, ("resultado", "error"))
    assert "98765.43" in pagina.url or "caso=" in pagina.url
    assert c.ajenas() == [], c.ajenas()
    assert any(u.endswith("pyodide.asm.wasm") for u in c.peticiones)
    assert c.contexto.cookies() == []
    almacen = pagina.evaluate("""async () => {
        const volcar = (s) => Object.fromEntries(Array.from({length: s.length}, (_, i) => [s.key(i), s.getItem(s.key(i))]));
        return { local: volcar(localStorage), sesion: volcar(sessionStorage), cookie: document.cookie,
                 idb: indexedDB.databases ? (await indexedDB.databases()).map((d) => d.name) : [] };
    }""")
    assert almacen["cookie"] == ""
    assert almacen["idb"] == [], almacen["idb"]
    for donde in ("local", "sesion"):
        for clave, valor in almacen[donde].items():
            assert clave.endswith("__palette") or clave.endswith("__consent") or clave.endswith(".__tabs"), (donde, clave)
            for dato in ("98765", "98.765", "87654", "87.654", "importe", "caso"):
                assert dato not in f"{clave}{valor}", (donde, clave, valor)
    assert c.violaciones() == []


# --- 3. Offline ---------------------------------------------------------------

def test_sin_conexion_las_cinco_calculadoras_calculan(servidor, construido, vigilado):
    c = vigilado()
    pagina = c.pagina()
    pagina.goto(servidor.origen + "bases/csd-art12/")
    assert esperar_estado(pagina, ("listo",)) == "listo"
    assert esperar_sw(pagina) == "reintegro-" + version_sw(construido)
    c.contexto.set_offline(True)
    try:
        for bases in CASOS:
            caso = caso_json(bases)
            nueva = c.pagina()
            nueva.goto(servidor.origen + f"bases/{bases}/" + fragmento_de(caso))
            estado = esperar_estado(nueva, ("resultado", "error"))
            assert estado == "resultado", (bases, nueva.locator(SELECTOR).inner_text()[:800])
            codigo, salida, _ = calcular_en_cpython(caso)
            assert codigo == 0
            assert json.loads(nueva.locator(f"{SELECTOR} script[data-resultado]").text_content()) == json.loads(salida)
            nueva.close()
        # instant navigation and a page without calculator, offline
        pagina.reload()
        pagina.locator("a[href*='glosario']:visible").first.click()
        pagina.wait_for_url("**/glosario/**")
        assert pagina.locator("h1").count() == 1
        nueva = c.pagina()
        nueva.goto(servidor.origen + "tipos-de-interes/")
        assert nueva.locator("h1").count() == 1
    finally:
        c.contexto.set_offline(False)
    assert not c.errores, c.errores
    assert c.violaciones() == []


def test_sin_conexion_sus_bases_y_comparar_por_el_menu(servidor, construido, vigilado):
    """The modules of «Sus bases» and «Comparar» come only on their pages
    (calculadora.js loads them there), yet they are in the offline copy:
    reached offline through the menu (instant navigation) from a bases page
    whose first result was shown, both pages work."""
    precache = precache_de(construido)
    for modulo in ("sus-bases.js", "comparacion.js", "formulario-bases.js", "enlace-bases.js", "sus-bases.json"):
        assert f"assets/calculadora/{modulo}" in precache, modulo
    c = vigilado()
    pagina = c.pagina()
    pagina.goto(servidor.origen + "bases/csd-art12/" + fragmento_de(caso_json("csd-art12")))
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    assert esperar_sw(pagina) == "reintegro-" + version_sw(construido)
    c.contexto.set_offline(True)
    try:
        menu = pagina.locator(".md-nav--primary")
        menu.get_by_role("link", name="Sus bases", exact=True).click()
        pagina.wait_for_url("**/sus-bases/")
        pagina.locator(".sus-bases .fb-formulario input").first.wait_for()
        assert esperar_estado(pagina, ("listo", "resultado", "error"), "[data-bases-propias]") in ("listo", "resultado")
        menu.get_by_role("link", name="Comparar", exact=True).click()
        pagina.wait_for_url("**/comparar/")
        assert esperar_estado(pagina, ("vacio", "resultado", "error"), "[data-comparacion]") == "vacio"
    finally:
        c.contexto.set_offline(False)
    assert not c.errores, c.errores
    assert c.violaciones() == []


def test_la_copia_sin_conexion_no_descarga_dos_veces_lo_ya_descargado(servidor, construido, navegador, tmp_path):
    """The precache revalidates what the first visit already downloaded
    (runtime, stdlib and wheels, asked for by the very URLs motor.json gives,
    ``?v=`` included): no file of the build is sent twice in full. Measured in
    an ordinary browser profile (a disk HTTP cache); a private window keeps
    its HTTP cache in memory and drops the two largest files
    (pyodide.asm.wasm, python_stdlib.zip), which it then receives twice."""
    motor = json.loads((construido / "assets/calculadora/motor.json").read_text(encoding="utf-8"))
    precache = precache_de(construido)
    for url in [motor["pyodide"]["biblioteca"]] + [r["url"] for r in motor["ruedas"] if "?v=" in r["url"]]:
        assert url.replace("../", "assets/", 1) in precache, url
    perfil = navegador.browser_type.launch_persistent_context(
        tmp_path / "perfil", executable_path=CHROMIUM, args=ARGUMENTOS_CHROMIUM, env=ENTORNO_CHROMIUM, headless=True,
        locale="es-ES")
    servidor.registro = []
    try:
        perfil.set_default_timeout(ESPERA_MOTOR_MS)
        pagina = perfil.new_page()
        pagina.goto(servidor.origen + "bases/csd-art12/")
        assert esperar_estado(pagina, ("listo",)) == "listo"
        assert esperar_sw(pagina) == "reintegro-" + version_sw(construido)
        enviados = collections.Counter(ruta.split("?")[0] for ruta, codigo in servidor.registro if codigo == 200)
    finally:
        servidor.registro = None
        perfil.close()
    assert {ruta: n for ruta, n in enviados.items() if n > 1} == {}
    assert enviados["/assets/pyodide/" + motor["pyodide"]["version"] + "/pyodide.asm.wasm"] == 1


def test_una_nueva_version_sustituye_a_la_cacheada(servidor, construido, otra_version, vigilado):
    """Build again with another engine version; switch the server to it
    (a deployment): after a reload the page, the cache and the engine are all
    the new build's, and the old cache is gone."""
    otra = otra_version
    vieja, nueva = version_sw(construido), version_sw(otra)
    assert vieja != nueva
    assert json.loads((otra / "assets/calculadora/motor.json").read_text(encoding="utf-8"))["version_motor"] == "9.9.9-prueba"
    c = vigilado()
    pagina = c.pagina()
    url = servidor.origen + "bases/csd-art12/" + fragmento_de(caso_json("csd-art12"))
    pagina.goto(url)
    assert esperar_estado(pagina, ("resultado",)) == "resultado"
    assert esperar_sw(pagina) == f"reintegro-{vieja}"
    version_antes = json.loads(pagina.locator(f"{SELECTOR} script[data-resultado]").text_content())["version_motor"]
    assert version_antes != "9.9.9-prueba"
    sw_eventos = registrar_sw(c.contexto, pagina)
    servidor.registro = []
    servidor.cambiar(otra)
    try:
        pagina.reload()
        # the new worker installs, takes over and the page reloads itself
        limite = time.monotonic() + ESPERA_SW_MS / 1000
        while True:
            try:
                nombres = pagina.evaluate("async () => (await caches.keys()).filter((n) => n.startsWith('reintegro-'))")
                if nombres == [f"reintegro-{nueva}"]:
                    break
            except Exception:  # the page reloading itself
                pass
            assert time.monotonic() < limite, (
                f"la nueva versión no sustituyó a la cacheada: {estado_sw(pagina)}\n"
                + diagnostico_instalacion(servidor.registro, otra, sw_eventos))
            pagina.wait_for_timeout(500)
        pagina.reload()
        assert esperar_estado(pagina, ("resultado",)) == "resultado"
        resultado = json.loads(pagina.locator(f"{SELECTOR} script[data-resultado]").text_content())
        assert resultado["version_motor"] == "9.9.9-prueba"
        assert version_en_uso(pagina) == {"version": nueva, "cache": f"reintegro-{nueva}"}
        # offline now: still the new build
        c.contexto.set_offline(True)
        pagina.reload()
        assert esperar_estado(pagina, ("resultado",)) == "resultado"
        assert json.loads(pagina.locator(f"{SELECTOR} script[data-resultado]").text_content())["version_motor"] == "9.9.9-prueba"
        c.contexto.set_offline(False)
    finally:
        servidor.registro = None
        servidor.cambiar(construido)
    assert c.violaciones() == []


def test_una_instalacion_fallida_no_deja_copia_a_medias_y_se_reintenta(servidor, construido, otra_version, vigilado):
    """A new deployment whose precache keeps failing (one file answered 503
    every time): the build in use stays in charge, its cache alone (the
    half-filled new one is deleted); once the server recovers, the page asks
    again by itself, without a navigation, and the new build takes over."""
    vieja, nueva = version_sw(construido), version_sw(otra_version)
    c = vigilado()
    pagina = c.pagina()
    pagina.goto(servidor.origen + "bases/csd-art12/")
    assert esperar_estado(pagina, ("listo",)) == "listo"
    assert esperar_sw(pagina) == f"reintegro-{vieja}"
    averiado = "/tipos-de-interes/"  # precached, not needed by this page
    servidor.registro = []
    servidor.fallar = {averiado}
    servidor.cambiar(otra_version)
    try:
        pagina.reload()
        # the new worker tries the file 5 times (waiting 1 + 2 + 4 + 8 s), then
        # gives up; the update the page asked for meanwhile tries once more
        limite = time.monotonic() + ESPERA_SW_MS / 1000
        while True:
            estado = estado_sw(pagina)
            if (isinstance(estado, dict) and estado["instalando"] is None
                    and sum(ruta == averiado for ruta, _ in servidor.registro) >= 5):
                break
            assert time.monotonic() < limite, f"la instalación no terminó: {estado} {servidor.registro[-10:]}"
            pagina.wait_for_timeout(250)
        assert [n for n in estado["caches"] if n.startswith("reintegro-")] == [f"reintegro-{vieja}"], estado
        assert estado["controlador"].startswith("activated") and estado["esperando"] is None, estado
        assert version_en_uso(pagina) == {"version": vieja, "cache": f"reintegro-{vieja}"}
        servidor.fallar = set()
        # the page asks again (5 s after the failure): the new build installs and takes over
        while True:
            try:
                if pagina.evaluate("async () => (await caches.keys()).filter((n) => n.startsWith('reintegro-'))") == [f"reintegro-{nueva}"]:
                    break
            except Exception:  # the page reloading itself
                pass
            assert time.monotonic() < limite, f"no hubo nuevo intento: {estado_sw(pagina)}"
            pagina.wait_for_timeout(500)
        pagina.reload()
        assert esperar_estado(pagina, ("listo",)) == "listo"
        assert version_en_uso(pagina) == {"version": nueva, "cache": f"reintegro-{nueva}"}
    finally:
        servidor.fallar = set()
        servidor.registro = None
        servidor.cambiar(construido)
    assert c.violaciones() == []


# --- 4. Hostile fragments -------------------------------------------------------

HOSTILES = {
    "base64-roto": "#caso=%%%",
    "base64-incompleto": "#caso=eyJiYXNlcyI6Ik",
    "no-json": fragmento_de("x")[:0] + "#caso=" + "aG9sYSBtdW5kbw",  # "hola mundo"
    "demasiado-largo": fragmento_de({"bases": "csd-art12", "relleno": "x" * 20000}),
    "script-en-bases": fragmento_de({"bases": "<img src=x onerror=alert(1)>", "importe_concedido": "1000"}),
    "script-cierre-en-bases": fragmento_de({"bases": "</script><script>alert(1)</script>"}),
    "script-en-clave-desconocida": fragmento_de({
        "bases": "csd-art12", "<img src=x onerror=alert(1)>": "</script><script>alert(1)</script>",
        "importe_concedido": "<img src=x onerror=alert(1)>"}),
    "contaminar-prototipo": fragmento_de({
        "__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}},
        "bases": "csd-art12", "importe_concedido": {"__proto__": {"polluted": 1}}}),
}


@pytest.mark.parametrize("nombre", list(HOSTILES))
def test_fragmento_hostil(nombre, servidor, vigilado):
    c = vigilado(service_workers="block")
    pagina = c.pagina()
    pagina.goto(servidor.origen + "bases/csd-art12/" + HOSTILES[nombre])
    assert esperar_estado(pagina, ("error", "resultado", "listo")) == "error"
    texto = pagina.locator(SELECTOR).inner_text()
    assert re.search(r"enlace|debe|no es|desconocid|válid", texto, re.I), texto[:500]
    assert pagina.locator(f'{SELECTOR} [name="importe_concedido"]').input_value() in ("", "<img src=x onerror=alert(1)>")
    pagina.wait_for_timeout(300)  # let any injected handler (there must be none) fire
    assert c.dialogos == []
    assert pagina.evaluate("() => [window.polluted, ({}).polluted, Object.prototype.polluted, [].polluted]") == [None] * 4
    assert pagina.locator('img[src="x"]').count() == 0
    assert pagina.evaluate("() => [...document.scripts].filter((s) => /alert/.test(s.textContent)).length") == 0
    assert not c.errores, c.errores
    assert c.violaciones() == []


# --- 5. Accessibility -------------------------------------------------------------

@pytest.mark.parametrize("esquema", ["light", "dark"])
def test_axe_en_todas_las_paginas(esquema, servidor, construido, navegador):
    """axe-core on every page of the site, whole document; calculator pages
    with a result. bypass_csp=True ONLY here: add_script_tag inserts axe as
    an inline script, which the site's CSP (rightly) refuses."""
    assert AXE.is_file(), f"falta {AXE}: ejecute `npm ci`"
    c = Contexto(navegador, color_scheme=esquema, bypass_csp=True, service_workers="block")
    try:
        pagina = c.pagina()
        graves = []
        for ruta in paginas(construido):
            assert abrir_con_su_caso(pagina, servidor.origen, ruta) in (None, "resultado"), ruta
            pagina.add_script_tag(path=str(AXE))
            graves += pagina.evaluate("""async (ruta) => (await axe.run(document, {resultTypes: ['violations']}))
                .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map((v) => `${ruta}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)""", ruta)
        assert graves == [], "\n".join(graves)
    finally:
        c.cerrar()


def test_calculadora_solo_con_teclado(servidor, vigilado):
    """Tab to the first amount, type it, reach the result: no mouse.
    Focus is visible on every control reached."""
    c = vigilado(service_workers="block")
    pagina = c.pagina()
    caso = caso_json("csd-art12")
    pagina.goto(servidor.origen + "bases/csd-art12/" + fragmento_de(caso))
    assert esperar_estado(pagina, ("resultado",)) == "resultado"
    pagina.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    sin_foco_visible = []
    for _ in range(400):
        pagina.keyboard.press("Tab")
        info = pagina.evaluate("""() => { const a = document.activeElement; if (!a || a === document.body) return null;
            const s = getComputedStyle(a);
            const visible = a.matches(':focus-visible') && (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 || s.boxShadow !== 'none');
            return { nombre: a.getAttribute('name'), etiqueta: a.tagName + '.' + a.className, visible, dentro: !!a.closest('[data-calculadora]') }; }""")
        if info and info["dentro"] and not info["visible"]:
            sin_foco_visible.append(info["etiqueta"])
        if info and info["nombre"] == "importe_concedido":
            break
    else:
        pytest.fail("con Tab no se llega al importe concedido")
    pagina.keyboard.press("Control+A")
    pagina.keyboard.type("12.500")
    pagina.keyboard.press("Tab")
    assert esperar_estado(pagina, ("resultado",)) == "resultado"
    _, salida, _ = calcular_en_cpython({**caso, "importe_concedido": "12500"})
    assert json.loads(pagina.locator(f"{SELECTOR} script[data-resultado]").text_content()) == json.loads(salida)
    # go on with Tab into the result (its citation links), and read it
    for _ in range(400):
        pagina.keyboard.press("Tab")
        if pagina.evaluate("() => !!document.activeElement?.closest('[data-calculadora] .rc-resultado')"):
            break
    else:
        pytest.fail("con Tab no se llega al resultado")
    total = pagina.evaluate("() => document.activeElement.closest('.rc-resultado').innerText")
    assert "Total" in total or "total" in total
    assert sin_foco_visible == [], sin_foco_visible
    assert c.violaciones() == []


def test_resultado_y_errores_se_anuncian(servidor, vigilado):
    c = vigilado(service_workers="block")
    pagina = c.pagina()
    pagina.goto(servidor.origen + "bases/csd-art12/" + fragmento_de(caso_json("csd-art12")))
    assert esperar_estado(pagina, ("resultado",)) == "resultado"
    vivas = pagina.locator(f"{SELECTOR} [aria-live], {SELECTOR} [role=status], {SELECTOR} [role=alert]")
    assert vivas.count() >= 2
    anuncio = pagina.locator(f"{SELECTOR} [aria-live=polite]").first
    assert "total a ingresar" in anuncio.text_content()
    assert pagina.locator(f"{SELECTOR} .rc-errores-generales[role=alert]").count() == 1
    pagina.locator(f'{SELECTOR} [name="importe_concedido"]').fill("-5")
    assert esperar_estado(pagina, ("error",)) == "error"
    assert "error" in anuncio.text_content().lower()


def test_360_px_en_todas_las_paginas(servidor, construido, navegador):
    c = Contexto(navegador, viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True, service_workers="block")
    CAPTURAS.mkdir(parents=True, exist_ok=True)
    try:
        pagina = c.pagina()
        anchas = []
        for ruta in paginas(construido):
            abrir_con_su_caso(pagina, servidor.origen, ruta)
            ancho = pagina.evaluate("() => document.documentElement.scrollWidth")
            if ancho > 360:
                anchas.append(f"{ruta or 'inicio'}: {ancho} px")
            nombre = re.sub(r"[^a-z0-9]+", "-", ruta.lower()).strip("-") or "inicio"
            pagina.screenshot(path=str(CAPTURAS / f"pagina-{nombre}-360.png"), full_page=True)
        assert anchas == [], anchas
        assert not c.errores, c.errores
    finally:
        c.cerrar()


def test_ver_el_detalle_lleva_el_foco_al_resultado(servidor, vigilado):
    """The sticky summary's «Ver el detalle» (a button: a "#" link would be
    taken by Material's instant navigation) moves the focus to the result."""
    c = vigilado(service_workers="block")
    pagina = c.pagina()
    pagina.goto(servidor.origen + "bases/csd-art12/" + fragmento_de(caso_json("csd-art12")))
    assert esperar_estado(pagina, ("resultado",)) == "resultado"
    pagina.locator(f"{SELECTOR} .rc-resumen-ir").focus()
    pagina.keyboard.press("Enter")
    pagina.wait_for_timeout(2000)  # the re-render comes after the smooth scroll
    assert pagina.evaluate("() => !!document.activeElement?.closest('.rc-resultado')")
