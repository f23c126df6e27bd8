"""Browser tests of the built site: the calculator, in Chromium, against the
engine running in Pyodide, compared with the same engine on CPython.

The session builds the site once (``mkdocs build --strict`` into a temporary
directory, after ``calculator/fetch_wheels.py``), serves it on 127.0.0.1 on a
free port, and drives Debian's Chromium through Playwright. Nothing is
skipped: without Chromium, or when the build fails, the tests fail and say why.

Deselect them with ``pytest -m "not navegador"``.
"""

from __future__ import annotations

import contextlib

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

RAIZ = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGUMENTOS_CHROMIUM = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--lang=es-ES",
]
# Chromium's own language (its date fields: dd/mm/aaaa, as a Spanish
# visitor's browser shows them). On Linux it follows LANGUAGE, not --lang;
# Debian ships it in chromium-l10n (the Makefile's chromium target installs
# it). The page's language is the context's locale (es-ES).
ENTORNO_CHROMIUM = {**os.environ, "LANGUAGE": "es"}
CAPTURAS = RAIZ / "test-output" / "screenshots"
# Pyodide's boot on a busy 2-core machine: generous, never a timed assertion.
ESPERA_MOTOR_MS = 90_000
# Another mkdocs config (e.g. a scratch site) can be tested with
# REINTEGRO_SITIO_CONFIG=/path/mkdocs.yml; the default is the project's.
CONFIG = Path(os.environ.get("REINTEGRO_SITIO_CONFIG") or RAIZ / "mkdocs.yml")




def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "navegador: builds the site and drives Chromium (Playwright); about two minutes",
    )


def pytest_collection_modifyitems(items):
    carpeta = Path(__file__).parent
    for item in items:
        if carpeta in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.navegador)


class _Silencioso(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".whl": "application/zip",
    }

    def log_message(self, *args):
        pass


class _Servidor(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # The service worker's precache and the engine's downloads open many
    # connections at once; socketserver's default backlog (5) refuses some
    # of them on a busy machine.
    request_queue_size = 128

    def handle_error(self, request, client_address):
        # A browser closing a connection mid-download (a context closed
        # while the worker fetches the runtime) is not an error of the site.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def _sitemap_al_origen(destino: Path, origen: str) -> None:
    """The site is built for its site_url; served here on another port, its
    sitemap must name this origin, or Material's instant navigation (which
    only intercepts links listed in the sitemap, port included) would fall
    back to full page loads. Deploying at site_url needs none of this."""
    sitemap = destino / "sitemap.xml"
    if not sitemap.is_file():
        return
    texto = sitemap.read_text(encoding="utf-8")
    locs = re.findall(r"<loc>(https?://[^/<]+/)", texto)
    for raiz in set(locs):
        texto = texto.replace(raiz, origen)
    sitemap.write_text(texto, encoding="utf-8")


@pytest.fixture(scope="session")
def sitio(tmp_path_factory):
    """Build the site once and serve it on 127.0.0.1; yields its base URL."""
    if not CONFIG.is_file():
        pytest.fail(f"no existe {CONFIG}: no hay sitio que construir")
    obtener = subprocess.run(
        [sys.executable, str(RAIZ / "calculator" / "fetch_wheels.py")],
        capture_output=True, text=True, cwd=RAIZ,
    )
    if obtener.returncode != 0:
        pytest.fail(f"calculator/fetch_wheels.py falló:\n{obtener.stderr}")
    destino = tmp_path_factory.mktemp("sitio") / "site"
    entorno = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    construir = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(CONFIG), "-d", str(destino)],
        capture_output=True, text=True, cwd=CONFIG.parent, env=entorno,
    )
    if construir.returncode != 0:
        pytest.fail(f"mkdocs build --strict falló:\n{construir.stdout}\n{construir.stderr}")
    manejador = functools.partial(_Silencioso, directory=str(destino))
    servidor = _Servidor(("127.0.0.1", 0), manejador)
    origen = f"http://127.0.0.1:{servidor.server_address[1]}/"
    _sitemap_al_origen(destino, origen)
    hilo = threading.Thread(target=servidor.serve_forever, daemon=True)
    hilo.start()
    try:
        yield origen
    finally:
        servidor.shutdown()
        servidor.server_close()


@pytest.fixture(scope="session")
def navegador():
    if not Path(CHROMIUM).is_file() or not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"falta Chromium en {CHROMIUM}: instálelo con "
            "`apt-get install -y --no-install-recommends chromium` (no use `playwright install`)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        navegador = p.chromium.launch(executable_path=CHROMIUM, args=ARGUMENTOS_CHROMIUM, env=ENTORNO_CHROMIUM,
                                      headless=True)
        try:
            yield navegador
        finally:
            navegador.close()


class Contexto:
    """A fresh browser context that records every request (the worker's too)."""

    def __init__(self, navegador, **opciones):
        opciones.setdefault("viewport", {"width": 1280, "height": 900})
        opciones.setdefault("locale", "es-ES")
        self.contexto = navegador.new_context(**opciones)
        self.contexto.set_default_timeout(ESPERA_MOTOR_MS)
        self.peticiones: list[str] = []
        self.errores: list[str] = []
        self.contexto.on("request", lambda r: self.peticiones.append(r.url))

    def pagina(self):
        pagina = self.contexto.new_page()
        pagina.on("pageerror", lambda e: self.errores.append(str(e)))
        return pagina

    def ajenas(self) -> list[str]:
        """Requests to anything but 127.0.0.1 (data: and blob: are local)."""
        fuera = []
        for url in self.peticiones:
            partes = urlsplit(url)
            if partes.scheme in ("data", "blob"):
                continue
            if partes.scheme not in ("http", "https") or partes.hostname != "127.0.0.1":
                fuera.append(url)
        return fuera

    def cerrar(self):
        self.contexto.close()


@pytest.fixture
def contexto(navegador):
    c = Contexto(navegador)
    try:
        yield c
    finally:
        c.cerrar()


@contextlib.contextmanager
def contextos(navegador, clase=Contexto):
    """A factory of browser contexts (of ``clase``), all closed on exit."""
    creados = []

    def crear(**opciones):
        c = clase(navegador, **opciones)
        creados.append(c)
        return c

    try:
        yield crear
    finally:
        for c in creados:
            c.cerrar()


@pytest.fixture
def nuevo_contexto(navegador):
    """Factory for contexts with other options (viewport, colour scheme)."""
    with contextos(navegador) as crear:
        yield crear


@pytest.fixture(scope="session")
def capturas():
    CAPTURAS.mkdir(parents=True, exist_ok=True)
    return CAPTURAS
