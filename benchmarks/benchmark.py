"""How fast is the calculator? A benchmark, not a test: nothing here asserts.

    .venv/bin/python benchmarks/benchmark.py [--runs 5] [--edits 100] [--out benchmarks/ultimas-cifras.md]

It builds the site (``mkdocs build --strict``, timed), serves it on
127.0.0.1 with ``ServidorEstatico`` (below: precompressed ``.br``/``.gz``
twins with ``Content-Encoding`` when the request accepts them, long-lived
``Cache-Control`` for the versioned runtime and wheels, validators for the
rest), and drives Debian's Chromium through Playwright:

- time to first result (a calculator page opened with a ``#caso=`` link):
  a first visit (fresh profile, empty cache) and a returning visitor (the
  same persistent profile, browser restarted), median of ``--runs`` each.
  The link is opened in a browser already running, once its own start is
  over (its CPU at rest: ``esperar_navegador_en_reposo``), as a visitor
  opens it; and, as a detail, at once, while the browser still starts;
- a calculator page reached by in-site (instant) navigation;
- recalculation: ``--edits`` edits of the case (a new ``#caso=``, which the
  page computes at once, without the typing debounce), from the edit to the
  rendered result, median and p95; and the bare worker round trip;
- bytes on the wire of a first and a second visit, measured by Chromium
  (``encodedDataLength`` of every response, the worker's included), and
  what the same files weigh raw, gzipped and brotli'd;
- engine evaluations per second on CPython and in Pyodide (Node, the same
  runtime and wheels as the site);
- the machine's load average (2 cores shared with other engineers'
  browser tests: the figures are medians for that reason).

It prints a Markdown table and writes it to ``benchmarks/ultimas-cifras.md``.
"""

from __future__ import annotations

import argparse
import base64
import email.utils
import gzip
import hashlib
import http.server
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

RAIZ = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGUMENTOS_CHROMIUM = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--lang=es-ES",
]
SALIDA = RAIZ / "benchmarks" / "ultimas-cifras.md"
ESPERA_MS = 120_000

CASO = {
    "bases": "art21-umbral-75",
    "importe_concedido": "10000.00",
    "pagos": [{"fecha": "2023-02-17", "importe": "6000.00"}, {"fecha": "2023-06-01", "importe": "4000.00"}],
    "gasto_justificado": "9000.00",
    "grado_cumplimiento_objetivos": "85",
    "publicidad": "incumplida",
    "fecha_resolucion": "2024-06-11",
}
CASO_OTRA_PAGINA = {
    "bases": "csd-art12",
    "importe_concedido": "12000.00",
    "pagos": [{"fecha": "2023-05-05", "importe": "12000.00"}],
    "gasto_justificado": "10000.00",
    "grado_cumplimiento_objetivos": "90",
    "fecha_ingreso": "2024-02-01",
    "fecha_resolucion": "2024-06-01",
}


def fragmento_de(caso: dict) -> str:
    datos = base64.urlsafe_b64encode(json.dumps(caso).encode("utf-8")).decode("ascii").rstrip("=")
    return "#caso=" + datos


def caso_editado(i: int) -> dict:
    caso = json.loads(json.dumps(CASO))
    caso["gasto_justificado"] = f"{8000 + 7 * i}.{i % 100:02d}"
    return caso


# --- the static server ----------------------------------------------------

TIPOS = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
    ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm",
    ".whl": "application/zip", ".zip": "application/zip", ".svg": "image/svg+xml",
    ".png": "image/png", ".ico": "image/x-icon", ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8", ".map": "application/json", ".woff2": "font/woff2",
}
# Files whose URL changes whenever their content does: the runtime lives in a
# folder named after its version, the pinned wheels carry their version in
# the name, the engine wheel a ?v=<hash> query. Everything else: validators.
INMUTABLES = re.compile(r"^/assets/(pyodide/\d[^/]*/|wheels/)")


def politica_cache(ruta_url: str) -> str:
    if INMUTABLES.match(ruta_url):
        return "public, max-age=31536000, immutable"
    return "no-cache"


class ManejadorEstatico(http.server.BaseHTTPRequestHandler):
    """GET/HEAD of a built site: ``.br`` (or ``.gz``) twin when accepted,
    ETag/Last-Modified and 304, Cache-Control as ``politica_cache`` says."""

    raiz: Path = Path(".")
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self._servir(cuerpo=False)

    def do_GET(self):
        self._servir(cuerpo=True)

    def _servir(self, cuerpo: bool):
        ruta_url = unquote(urlsplit(self.path).path)
        ruta = (self.raiz / ruta_url.lstrip("/")).resolve()
        if self.raiz not in ruta.parents and ruta != self.raiz:
            return self._error(403)
        if ruta.is_dir():
            if not ruta_url.endswith("/"):
                self.send_response(301)
                self.send_header("Location", ruta_url + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            ruta = ruta / "index.html"
        if not ruta.is_file():
            return self._error(404)
        aceptadas = self.headers.get("Accept-Encoding", "")
        codificacion, archivo = None, ruta
        for nombre, sufijo in (("br", ".br"), ("gzip", ".gz")):
            gemelo = ruta.with_name(ruta.name + sufijo)
            # A twin older than its original is stale (e.g. mkdocs's
            # sitemap.xml.gz after the sitemap is rewritten): never served.
            if (re.search(rf"\b{nombre}\b", aceptadas) and gemelo.is_file()
                    and gemelo.stat().st_mtime_ns >= ruta.stat().st_mtime_ns):
                codificacion, archivo = nombre, gemelo
                break
        info = ruta.stat()
        etiqueta = f'"{info.st_mtime_ns:x}-{info.st_size:x}-{codificacion or "id"}"'
        cabeceras = {
            "Content-Type": TIPOS.get(ruta.suffix, "application/octet-stream"),
            "Cache-Control": politica_cache(ruta_url),
            "ETag": etiqueta,
            "Last-Modified": email.utils.formatdate(info.st_mtime, usegmt=True),
            "Vary": "Accept-Encoding",
        }
        if codificacion:
            cabeceras["Content-Encoding"] = codificacion
        csp = self.raiz / "csp.txt"
        if ruta.suffix in (".html", ".js", ".mjs") and csp.is_file() and not os.environ.get("BENCH_SIN_CSP"):
            cabeceras["Content-Security-Policy"] = csp.read_text(encoding="utf-8").strip()
        if self.headers.get("If-None-Match") == etiqueta:
            self.send_response(304)
            for k in ("Cache-Control", "ETag", "Vary"):
                self.send_header(k, cabeceras[k])
            self.end_headers()
            return
        datos = archivo.read_bytes()
        self.send_response(200)
        for k, v in cabeceras.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(datos)))
        self.end_headers()
        if cuerpo:
            try:
                self.wfile.write(datos)
            except (ConnectionError, TimeoutError):
                pass

    def _error(self, codigo: int):
        self.send_response(codigo)
        self.send_header("Content-Length", "0")
        self.end_headers()


class ServidorEstatico(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # the service worker's precache opens many connections at once

    def __init__(self, raiz: Path, puerto: int = 0):
        manejador = type("Manejador", (ManejadorEstatico,), {"raiz": Path(raiz).resolve()})
        super().__init__(("127.0.0.1", puerto), manejador)
        self.origen = f"http://127.0.0.1:{self.server_address[1]}/"

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)

    def arrancar(self) -> "ServidorEstatico":
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self

    def parar(self):
        self.shutdown()
        self.server_close()


def sitemap_al_origen(destino: Path, origen: str) -> None:
    """Material's instant navigation only intercepts links listed in the
    sitemap (port included): name the origin the site is served from."""
    sitemap = destino / "sitemap.xml"
    if sitemap.is_file():
        texto = sitemap.read_text(encoding="utf-8")
        for raiz in set(re.findall(r"<loc>(https?://[^/<]+/)", texto)):
            texto = texto.replace(raiz, origen)
        sitemap.write_text(texto, encoding="utf-8")
        comprimido = sitemap.with_name("sitemap.xml.gz")
        if comprimido.exists():
            comprimido.write_bytes(gzip.compress(texto.encode("utf-8"), mtime=0))


# --- build ----------------------------------------------------------------

def construir(destino: Path) -> float:
    subprocess.run([sys.executable, str(RAIZ / "calculator" / "fetch_wheels.py")], check=True, cwd=RAIZ,
                   capture_output=True)
    entorno = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    t0 = time.perf_counter()
    proceso = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(destino)],
        cwd=RAIZ, env=entorno, capture_output=True, text=True,
    )
    segundos = time.perf_counter() - t0
    if proceso.returncode != 0:
        sys.exit(f"mkdocs build --strict falló:\n{proceso.stdout}\n{proceso.stderr}")
    return segundos


# --- browser measurements ---------------------------------------------------

# In every page: the time (performance.now(), from navigation start) at which
# the calculator first shows a computed result.
OBSERVADOR = """
(() => {
  const mirar = () => {
    const r = document.querySelector('[data-calculadora]');
    if (r && r.dataset.estado === 'resultado' && !r.hasAttribute('data-pendiente')
        && r.querySelector('script[data-resultado]') && window.__primerResultado === undefined) {
      window.__primerResultado = performance.now();
    }
  };
  new MutationObserver(mirar).observe(document, {subtree: true, attributes: true, childList: true});
})();
"""


class Bytes:
    """Bytes of every response of a browser context, from Chromium's own
    accounting (CDP Network.loadingFinished.encodedDataLength, as reported
    by Playwright's Request.sizes(), the worker's requests included)."""

    def __init__(self, contexto):
        self.filas: list[dict] = []
        self._pendientes = 0
        contexto.on("requestfinished", self._terminada)

    def _terminada(self, peticion):
        try:
            tam = peticion.sizes()
            respuesta = peticion.response()
        except Exception:
            return
        if respuesta is None or respuesta.from_service_worker:
            return  # served by the site's service worker from its cache: nothing on the wire
        self.filas.append({
            "url": peticion.url,
            "estado": respuesta.status,
            "cuerpo": tam.get("responseBodySize", 0),
            "cabeceras": tam.get("responseHeadersSize", 0),
            "codificacion": (respuesta.headers.get("content-encoding") or ""),
        })

    def total(self, hasta: int | None = None) -> int:
        """Bytes of the first ``hasta`` responses (all by default)."""
        return sum(max(f["cuerpo"], 0) + max(f["cabeceras"], 0) for f in self.filas[:hasta])

    def descargados(self) -> list[dict]:
        return [f for f in self.filas if f["cuerpo"] > 0]


def abrir(p, perfil: Path, en_reposo: bool = False):
    """The browser, started on ``perfil``. ``en_reposo``: return only once its
    own start is over (see esperar_navegador_en_reposo), as for a visitor
    whose browser is already running when the link is opened."""
    contexto = p.chromium.launch_persistent_context(
        str(perfil), executable_path=CHROMIUM, args=ARGUMENTOS_CHROMIUM, headless=True,
        viewport={"width": 1280, "height": 900}, locale="es-ES", service_workers=os.environ.get("BENCH_SW", "allow"),
    )
    contexto.set_default_timeout(ESPERA_MS)
    contexto.add_init_script(OBSERVADOR)
    if en_reposo:
        esperar_navegador_en_reposo()
    return contexto


def cpu_de_chromium() -> float:
    """CPU seconds used so far by every Chromium process (Linux /proc; only
    the benchmark's browser runs meanwhile)."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
                nombre, _, resto = f.read().partition(") ")
        except OSError:
            continue
        if "chrom" in nombre:
            campos = resto.split()
            total += int(campos[11]) + int(campos[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


# A browser that has just started keeps both cores busy for a second or two
# with its own work (measured with a trace: the omnibox popup, a WebUI page,
# took 1.3 s of CPU during a returning visit opened at once). A visitor's
# browser is usually running already; the visits are measured both ways.
REPOSO_CPU = 0.05  # of one core, over REPOSO_VENTANA_S
REPOSO_VENTANA_S = 0.5
REPOSO_MAXIMO_S = 15.0


def esperar_navegador_en_reposo() -> None:
    """Wait until Chromium has used less than REPOSO_CPU of a core over the
    last REPOSO_VENTANA_S (at most REPOSO_MAXIMO_S)."""
    inicio = time.monotonic()
    antes = cpu_de_chromium()
    while time.monotonic() - inicio < REPOSO_MAXIMO_S:
        time.sleep(REPOSO_VENTANA_S)
        ahora = cpu_de_chromium()
        if ahora - antes < REPOSO_CPU * REPOSO_VENTANA_S:
            break
        antes = ahora


def primer_resultado(pagina, url: str) -> float:
    pagina.goto(url)
    pagina.wait_for_function("() => window.__primerResultado !== undefined", timeout=ESPERA_MS)
    return pagina.evaluate("() => window.__primerResultado") / 1000


def tiempos_motor(pagina) -> dict:
    return pagina.evaluate("""async () => {
        const m = (await import(new URL('../../assets/calculadora/motor.js', location.href))).motor();
        return {origen: performance.timeOrigin, instantanea: m.desdeInstantanea === true, ...m.tiempos};
    }""")


def esperar_reposo(segundos: float = 4.0):
    # Let the worker finish what it does after the first result (the boot
    # snapshot is stored in the background), so the next run finds it.
    time.sleep(segundos)


def esperar_copia_sin_conexion(pagina, segundos: float = 120.0) -> bool:
    """Wait until the site's service worker controls the page (its precache,
    the offline copy, is complete). False if it did not within ``segundos``."""
    limite = time.monotonic() + segundos
    while time.monotonic() < limite:
        if pagina.evaluate("""async () => Boolean(navigator.serviceWorker?.controller)
                && (await caches.keys()).some((n) => n.startsWith('reintegro-'))"""):
            return True
        time.sleep(0.5)
    return False


def abrir_enlace(p, perfil: Path, url: str, en_reposo: bool):
    """A browser on ``perfil`` (see abrir) that opens ``url``: (context,
    page, its Bytes, seconds to the first result). The caller closes it."""
    contexto = abrir(p, perfil, en_reposo)
    contador = Bytes(contexto)
    pagina = contexto.new_page()
    return contexto, pagina, contador, primer_resultado(pagina, url)


def serie(visita: str, en_reposo: bool) -> str:
    """"frio"/"tibio" for a browser at rest, "<visita>_arranque" otherwise."""
    return visita if en_reposo else f"{visita}_arranque"


def medir_visitas(p, origen: str, runs: int) -> dict:
    """First visits (a fresh profile each) and returning visits (the first
    profile, browser restarted), ``runs`` of each in both ways of opening
    the link: in a browser already running (its own start over: the
    targets) and at once, while the browser still starts (``_arranque``)."""
    url = f"{origen}bases/art21-umbral-75/{fragmento_de(CASO)}"
    medidas = {clave: [] for clave in ("frio", "frio_arranque", "tibio", "tibio_arranque", "fases")}
    resto = {}
    for i in range(runs):
        for en_reposo in (True, False):
            with tempfile.TemporaryDirectory(prefix="bench-perfil-") as d:
                contexto, pagina, contador, segundos = abrir_enlace(p, Path(d), url, en_reposo)
                medidas[serie("frio", en_reposo)].append(segundos)
                if i == 0 and en_reposo:
                    resto.update(completar_primera_visita(pagina, contador))
                    contexto.close()
                    resto["bytes_segunda"] = medir_vueltas(p, Path(d), url, runs, medidas)
                else:
                    esperar_reposo(2.0)
                    contexto.close()
    return {**medidas, **resto}


def completar_primera_visita(pagina, contador: Bytes) -> dict:
    """The first result's bytes, then the offline copy the service worker
    downloads afterwards, in the background."""
    respuestas = len(contador.filas)
    copia = esperar_copia_sin_conexion(pagina)
    esperar_reposo()
    return {"bytes_primera": contador, "respuestas_hasta_resultado": respuestas, "copia_completa": copia}


def medir_vueltas(p, perfil: Path, url: str, runs: int, medidas: dict) -> Bytes:
    """The returning visitor: the same profile, the browser restarted, both
    ways, ``runs`` times; into ``medidas``. Returns the bytes of the first
    visit in a browser at rest."""
    segunda = None
    for _ in range(runs):
        for en_reposo in (True, False):
            contexto, pagina, contador, segundos = abrir_enlace(p, perfil, url, en_reposo)
            medidas[serie("tibio", en_reposo)].append(segundos)
            if en_reposo:
                medidas["fases"].append(tiempos_motor(pagina))
                segunda = segunda or contador
            esperar_reposo(1.0)
            contexto.close()
    return segunda


# A real click on the site's navigation (Material intercepts it: no reload).
# The arrival page remembers its case from earlier in the session, so it
# computes at once; the clock starts at the click (capture listener).
PREPARAR_NAVEGACION = """([bases, estado]) => {
    window.__llegada = undefined;
    window.__sinRecarga = true;
    window.__clic = undefined;
    const marcar = () => { if (window.__clic === undefined) window.__clic = performance.now(); };
    document.addEventListener('click', marcar, {capture: true, once: true});
    window.addEventListener('popstate', marcar, {capture: true, once: true});
    const obs = new MutationObserver(() => {
        const r = document.querySelector(`[data-calculadora="${bases}"]`);
        if (r && r.dataset.estado === estado && !r.hasAttribute('data-pendiente')
            && (estado !== 'resultado' || r.querySelector('script[data-resultado]')) && window.__llegada === undefined) {
            window.__llegada = performance.now(); obs.disconnect();
        }
    });
    obs.observe(document, {subtree: true, attributes: true, childList: true});
}"""


def navegar(pagina, bases: str | None, estado: str) -> float:
    """Click the navigation link to ``bases`` (or, with None, go back) and
    return the seconds until its calculator reaches ``estado``."""
    pagina.evaluate(PREPARAR_NAVEGACION, [bases or "art21-umbral-75", estado])
    if bases:
        pagina.locator(f'nav.md-nav a.md-nav__link[href*="bases/{bases}/"]').first.click()
    else:
        pagina.go_back()
    pagina.wait_for_function("() => window.__llegada !== undefined", timeout=ESPERA_MS)
    if not pagina.evaluate("() => window.__sinRecarga === true"):
        raise RuntimeError("la navegación recargó la página entera: no es navegación instantánea")
    return pagina.evaluate("() => window.__llegada - window.__clic") / 1000


# An edit typed into the form: the page waits ESPERA_MS (180 ms) after the
# last keystroke, then asks the engine (motor.js stamps that moment in
# motor().tiempos.peticion) and renders. Returns, per edit, [from the
# request to the rendered result, from the keystroke to the rendered result,
# from the result painted to the panel «Qué puede hacer» painted, from the
# result painted to the panel's chart painted]. "Painted": the first frame
# after the change (requestAnimationFrame, then a task: the frame is out).
EDITAR = """async (valores) => {
    const {motor} = await import(new URL('../../assets/calculadora/motor.js', location.href));
    const m = motor();
    const tiempos = [];
    const pintado = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(() => ok(performance.now()), 0)));
    const cuando = (nodo, listo) => new Promise((ok) => {
        if (listo()) { ok(); return; }
        const obs = new MutationObserver(() => { if (listo()) { obs.disconnect(); ok(); } });
        obs.observe(nodo, {subtree: true, attributes: true, childList: true});
    });
    for (const v of valores) {
        const r = document.querySelector('[data-calculadora]');
        const campo = r.querySelector('[name="gasto_justificado"]');
        const antes = r.querySelector('script[data-resultado]')?.textContent;
        let t0;
        const t1 = await new Promise((resolver, rechazar) => {
            const listo = () => {
                const s = r.querySelector('script[data-resultado]');
                return r.dataset.estado === 'resultado' && !r.hasAttribute('data-pendiente')
                    && s && s.textContent !== antes;
            };
            const obs = new MutationObserver(() => { if (listo()) { obs.disconnect(); resolver(performance.now()); } });
            obs.observe(r, {subtree: true, attributes: true, childList: true, characterData: true});
            setTimeout(() => { obs.disconnect(); rechazar(new Error(`sin resultado (${r.dataset.estado}): ${v}`)); }, 10000);
            campo.value = v;
            t0 = performance.now();
            campo.dispatchEvent(new Event('input', {bubbles: true}));
        });
        const peticion = m.tiempos.peticion;
        const zona = r.querySelector('.rc-resultado');
        const conElResultado = Boolean(zona.querySelector('.rc-panel'));  // inserted with it: the same frame
        const resultado = await pintado();
        const panel = conElResultado ? resultado : await cuando(zona, () => zona.querySelector('.rc-panel')).then(pintado);
        await cuando(zona, () => zona.querySelector('.rc-grafico')?.dataset.estado !== 'cargando');
        const grafico = zona.querySelector('.rc-grafico').dataset.estado === 'listo' ? await pintado() : null;
        tiempos.push([t1 - peticion, t1 - t0, panel - resultado, grafico === null ? null : grafico - resultado]);
    }
    return tiempos;
}"""

# What drawing the panel costs inside the result's frame: «Qué puede hacer»
# and «Otras lecturas del texto» built from the result on screen, `veces`
# times (ms each). The chart is drawn later, when the sweep arrives.
CONSTRUIR_PANEL = """async (veces) => {
    const base = new URL('../../assets/calculadora/', location.href);
    const {seccionPanel} = await import(new URL('panel.js', base));
    const {seccionLecturas} = await import(new URL('lecturas.js', base));
    const r = JSON.parse(document.querySelector('[data-calculadora] script[data-resultado]').textContent);
    const ctx = {enlaceCita: () => document.createElement('a'), sufijo: 'medida'};
    const tiempos = [];
    for (let i = 0; i < veces; i++) {
        const t0 = performance.now();
        seccionPanel(r, ctx);
        seccionLecturas(r, ctx);
        tiempos.push(performance.now() - t0);
    }
    return tiempos;
}"""

IDA_Y_VUELTA = """async (casos) => {
    const {motor} = await import(new URL('../../assets/calculadora/motor.js', location.href));
    const m = motor();
    await m.listo;
    const tiempos = [];
    for (const c of casos) {
        const t0 = performance.now();
        await m.pedir('calcular', c);
        tiempos.push(performance.now() - t0);
    }
    return tiempos;
}"""


def medir_sesion(p, origen: str, edits: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-perfil-") as d:
        contexto = abrir(p, Path(d))
        pagina = contexto.new_page()
        primer_resultado(pagina, f"{origen}bases/art21-umbral-75/{fragmento_de(CASO)}")
        # To another calculator page by its link (form usable: "listo"), and
        # back (the case comes back with the page: first result).
        navegacion, formulario = [], []
        for _ in range(5):
            formulario.append(navegar(pagina, "csd-art12", "listo"))
            navegacion.append(navegar(pagina, None, "resultado"))
        pagina.evaluate(EDITAR, [str(7000 + i) for i in range(5)])  # warm-up
        ediciones = pagina.evaluate(EDITAR, [str(8000 + 7 * i) for i in range(edits)])
        edicion = [e[0] for e in ediciones]
        tecla = [e[1] for e in ediciones]
        panel = [e[2] for e in ediciones]
        grafico = [e[3] for e in ediciones if e[3] is not None]
        construir = pagina.evaluate(CONSTRUIR_PANEL, edits)
        ida = pagina.evaluate(IDA_Y_VUELTA, [json.dumps(caso_editado(2000 + i)) for i in range(edits)])
        contexto.close()
    return {"navegacion": navegacion, "formulario": formulario, "edicion": edicion, "tecla": tecla, "ida": ida,
            "panel": panel, "grafico": grafico, "ediciones": len(ediciones), "construir": construir}


# --- engine throughput ----------------------------------------------------------

def evaluaciones_cpython(segundos: float = 2.0) -> float:
    programa = f"""
import json, time, reintegro.navegador as n
casos = [json.dumps(c) for c in {json.dumps([caso_editado(i) for i in range(50)])}]
for c in casos[:5]: n.calcular(c)
k, t0 = 0, time.perf_counter()
while time.perf_counter() - t0 < {segundos}:
    n.calcular(casos[k % 50]); k += 1
print(k / (time.perf_counter() - t0))
"""
    entorno = {**os.environ, "PYTHONPATH": str(RAIZ / "rules")}
    salida = subprocess.run([sys.executable, "-c", programa], capture_output=True, text=True, env=entorno, check=True)
    return float(salida.stdout.strip())


PROGRAMA_NODE = r"""
import fs from "node:fs";
const [pyodideDir, ruedasDir, casosJson, segundos] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const lock = JSON.parse(fs.readFileSync(pyodideDir + "/pyodide-lock.json"));
const py = await loadPyodide({ indexURL: pyodideDir + "/", lockFileContents: JSON.stringify({ info: lock.info, packages: {} }), packages: [] });
const destino = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const f of fs.readdirSync(ruedasDir)) if (f.endsWith(".whl"))
  py.unpackArchive(new Uint8Array(fs.readFileSync(ruedasDir + "/" + f)), "wheel", { extractDir: destino });
py.globals.set("CASOS", casosJson);
py.globals.set("SEGUNDOS", Number(segundos));
console.log(py.runPython(`
import json, time, reintegro.navegador as n
casos = [json.dumps(c) for c in json.loads(CASOS)]
for c in casos[:5]: n.calcular(c)
k, t0 = 0, time.perf_counter()
while time.perf_counter() - t0 < SEGUNDOS:
    n.calcular(casos[k % 50]); k += 1
k / (time.perf_counter() - t0)
`));
"""


def evaluaciones_pyodide(sitio: Path, segundos: float = 2.0) -> float:
    with tempfile.TemporaryDirectory(prefix="bench-node-") as d:
        programa = Path(d) / "medir.mjs"
        programa.write_text(PROGRAMA_NODE, encoding="utf-8")
        ruedas = sitio / "assets" / "wheels"
        pyodide = next(p.parent for p in (sitio / "assets" / "pyodide").rglob("pyodide.mjs"))
        # The site's runtime folder lacks the npm lock: use the npm one.
        pyodide_dir = str(RAIZ / "node_modules" / "pyodide")
        del pyodide
        salida = subprocess.run(
            ["node", str(programa), pyodide_dir, str(ruedas), json.dumps([caso_editado(i) for i in range(50)]),
             str(segundos)], capture_output=True, text=True,
        )
        if salida.returncode != 0:  # the other rows are still worth writing
            print(f"evaluaciones en Pyodide: node falló ({salida.returncode}):\n{salida.stderr[-2000:]}", file=sys.stderr)
            return float("nan")
        return float(salida.stdout.strip().splitlines()[-1])


# --- compression of what a first visit fetches --------------------------------

def tamanos_comprimidos(sitio: Path, origen: str, filas: list[dict]) -> dict:
    try:
        import brotli
    except ImportError:
        brotli = None
    total = {"raw": 0, "gzip": 0, "brotli": 0}
    vistos = set()
    for f in filas:
        ruta = unquote(urlsplit(f["url"]).path)
        if not f["url"].startswith(origen) or ruta in vistos:
            continue
        vistos.add(ruta)
        archivo = sitio / ruta.lstrip("/")
        if archivo.is_dir():
            archivo = archivo / "index.html"
        if not archivo.is_file():
            continue
        datos = archivo.read_bytes()
        total["raw"] += len(datos)
        gz = archivo.with_name(archivo.name + ".gz")
        total["gzip"] += gz.stat().st_size if gz.is_file() else len(gzip.compress(datos, 9))
        br = archivo.with_name(archivo.name + ".br")
        if br.is_file():
            total["brotli"] += br.stat().st_size
        elif brotli is not None:
            total["brotli"] += len(brotli.compress(datos, quality=11 if len(datos) < 1_000_000 else 9))
        else:
            total["brotli"] = None
    return total


# --- report -------------------------------------------------------------------

def mediana(xs):
    return statistics.median(xs) if xs else float("nan")


def p95(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))] if xs else float("nan")


def mb(n):
    return "n/d" if n is None else f"{n / 1e6:.2f} MB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--edits", type=int, default=100)
    ap.add_argument("--out", type=Path, default=SALIDA)
    ap.add_argument("--site", type=Path, help="measure this already built site instead of building one")
    args = ap.parse_args()

    if not Path(CHROMIUM).is_file():
        sys.exit(f"falta Chromium en {CHROMIUM}: apt-get install -y --no-install-recommends chromium")
    from playwright.sync_api import sync_playwright

    carga_inicio = os.getloadavg()
    temporal = Path(tempfile.mkdtemp(prefix="bench-sitio-"))
    try:
        if args.site:
            sitio = temporal / "site"
            shutil.copytree(args.site, sitio)
            construccion = None
        else:
            sitio = temporal / "site"
            construccion = construir(sitio)
        servidor = ServidorEstatico(sitio).arrancar()
        sitemap_al_origen(sitio, servidor.origen)
        try:
            with sync_playwright() as p:
                visitas = medir_visitas(p, servidor.origen, args.runs)
                sesion = medir_sesion(p, servidor.origen, args.edits)
        finally:
            servidor.parar()
        cpython = evaluaciones_cpython()
        pyodide = evaluaciones_pyodide(sitio)
        comprimidos = tamanos_comprimidos(sitio, servidor.origen, visitas["bytes_primera"].filas)
    finally:
        shutil.rmtree(temporal, ignore_errors=True)
    carga_fin = os.getloadavg()

    primera, segunda = visitas["bytes_primera"], visitas["bytes_segunda"]
    fases = visitas["fases"]
    def fase(nombre, desde="inicio"):
        xs = [(f[nombre] - f[desde]) / 1000 for f in fases if nombre in f and desde in f]
        return f"{mediana(xs):.2f} s" if xs else "n/d"
    con_instantanea = sum(1 for f in fases if f.get("instantanea"))
    runtime = sum(max(f["cuerpo"], 0) for f in primera.filas
                  if re.search(r"/assets/(pyodide|wheels)/", f["url"]))
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=RAIZ, capture_output=True,
                                text=True).stdout.strip()
    except OSError:
        commit = "?"
    def filas_de_visita(titulo, visita, objetivo):
        """The row of a visit in a browser at rest, and its detail row."""
        filas = []
        for etiqueta, clave, meta in ((titulo, visita, objetivo),
                                      ("  · con el enlace abierto mientras el navegador aún arranca",
                                       serie(visita, False), "")):
            xs = visitas[clave]
            filas.append((f"{etiqueta}, mediana de {len(xs)}", f"{mediana(xs):.2f} s", meta,
                          "runs: " + ", ".join(f"{x:.2f}" for x in xs)))
        return filas

    filas = [
        *filas_de_visita("Primer resultado, primera visita (caché vacía)", "frio", "≤ 2.5 s"),
        *filas_de_visita("Primer resultado, visitante que vuelve (caché caliente)", "tibio", "≤ 1.0 s"),
        ("  · el worker arranca (desde el inicio de la navegación)", fase("inicio", "origen"), "", ""),
        ("  · Pyodide listo (desde que arranca el worker)", fase("instalacion"), "",
         f"arrancó de la instantánea de memoria en {con_instantanea} de {len(fases)}"),
        ("  · ruedas desempaquetadas (desde que arranca el worker)", fase("importacion"), "", ""),
        ("  · motor importado y listo (desde que arranca el worker)", fase("listo"), "", ""),
        ("  · de ello, importar reintegro.navegador (pydantic incluido)", fase("listo", "importacion"), "", ""),
        ("Primer resultado tras navegar dentro del sitio (navegación instantánea), mediana de %d"
         % len(sesion["navegacion"]),
         f"{mediana(sesion['navegacion']):.3f} s", "≤ 0.1 s",
         "máx " + f"{max(sesion['navegacion']):.3f} s"),
        ("  · formulario listo en otra página de calculadora alcanzada por su enlace, mediana",
         f"{mediana(sesion['formulario']):.3f} s", "", ""),
        ("Recalcular tras editar un campo (petición al motor → resultado pintado), mediana / p95 de %d"
         % len(sesion["edicion"]),
         f"{mediana(sesion['edicion']):.1f} / {p95(sesion['edicion']):.1f} ms", "≤ 16 ms",
         "tras la espera de 180 ms que la página deja al teclear"),
        ("  · desde la tecla (con esa espera de 180 ms), mediana / p95",
         f"{mediana(sesion['tecla']):.1f} / {p95(sesion['tecla']):.1f} ms", "", ""),
        ("Panel «Qué puede hacer» pintado, desde el resultado pintado, mediana / p95 de %d" % len(sesion["panel"]),
         f"{mediana(sesion['panel']):.1f} / {p95(sesion['panel']):.1f} ms", "≤ 100 ms",
         "el panel se pinta con el resultado, en el mismo fotograma"),
        ("  · construir el panel y las otras lecturas (dentro de «resultado pintado»), mediana / p95 de %d"
         % len(sesion["construir"]),
         f"{mediana(sesion['construir']):.2f} / {p95(sesion['construir']):.2f} ms", "", ""),
        ("Gráfico del panel pintado (barrido del motor), desde el resultado pintado, mediana / p95 de %d"
         % len(sesion["grafico"]),
         f"{mediana(sesion['grafico']):.1f} / {p95(sesion['grafico']):.1f} ms", "≤ 100 ms",
         f"{sesion['ediciones'] - len(sesion['grafico'])} sin gráfico"),
        ("  · ida y vuelta al worker (`calcular`), mediana / p95 de %d" % len(sesion["ida"]),
         f"{mediana(sesion['ida']):.2f} / {p95(sesion['ida']):.2f} ms", "", ""),
        ("Bytes en la red, primera visita hasta el primer resultado (medidos por Chromium)",
         mb(primera.total(visitas["respuestas_hasta_resultado"])), "≤ 6 MB",
         f"{visitas['respuestas_hasta_resultado']} respuestas"),
        ("  · con la copia sin conexión (service worker) ya completa", mb(primera.total()), "",
         (f"{len(primera.descargados())} respuestas con cuerpo" if visitas["copia_completa"]
          else "la copia no se completó en 120 s")),
        ("  · de ellos, runtime de Pyodide y ruedas (cuerpos)", mb(runtime), "", ""),
        ("  · los mismos archivos: sin comprimir / gzip -9 / brotli -11",
         f"{mb(comprimidos['raw'])} / {mb(comprimidos['gzip'])} / {mb(comprimidos['brotli'])}", "", ""),
        ("Bytes en la red, segunda visita (navegador reiniciado)", mb(segunda.total()), "nada vuelve a bajar",
         ", ".join(sorted({urlsplit(f['url']).path.rsplit('/', 1)[-1] or '/' for f in segunda.descargados()}))
         or "ninguna respuesta con cuerpo"),
        ("Evaluaciones del motor por segundo, CPython %s" % platform.python_version(), f"{cpython:.0f} /s", "", ""),
        ("Evaluaciones del motor por segundo, Pyodide (Node %s)" % subprocess.run(
            ["node", "--version"], capture_output=True, text=True).stdout.strip(), f"{pyodide:.0f} /s", "", ""),
        ("Construcción del sitio (`mkdocs build --strict`)",
         "n/d" if construccion is None else f"{construccion:.1f} s", "", ""),
    ]
    cabecera = [
        "# Reintegro: últimas cifras de rendimiento",
        "",
        f"Medido el {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} sobre el commit `{commit}` con "
        f"`benchmarks/benchmark.py` (Chromium de Debian, Playwright, 127.0.0.1, servidor con `.br`/`.gz` "
        f"precomprimidos y `Cache-Control`). {os.cpu_count()} núcleos; carga media (1/5/15 min) al empezar "
        f"{carga_inicio[0]:.2f}/{carga_inicio[1]:.2f}/{carga_inicio[2]:.2f}, al terminar "
        f"{carga_fin[0]:.2f}/{carga_fin[1]:.2f}/{carga_fin[2]:.2f} (otras pruebas comparten la máquina: "
        "medianas).",
        "",
        "| medida | valor | objetivo | detalle |",
        "| --- | --- | --- | --- |",
    ]
    tabla = "\n".join(cabecera + [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in filas]) + "\n"
    print(tabla)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(tabla, encoding="utf-8")
    print(f"escrito en {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
