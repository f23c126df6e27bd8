"""Helpers for the trust tests (test_confianza.py, test_enlaces.py):
building the site into a folder of our own (the tests need the files, and
a second build with another engine version), and a server that can switch
folders (a new deployment) and sends the site's CSP as a header too, so the
policy governs the Web Workers and the service worker as well (a <meta>
policy only governs the document)."""

from __future__ import annotations

import functools
import html.parser
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

from conftest import CONFIG, RAIZ, _Servidor, _Silencioso, _sitemap_al_origen

MOTOR = RAIZ / "rules" / "reintegro"


def construir(destino: Path, motor: Path | None = None) -> Path:
    """``mkdocs build --strict`` into ``destino`` (optionally against
    another copy of the engine, REINTEGRO_MOTOR_DIR). Raises with the
    build's output if it fails."""
    entorno = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if motor is not None:
        entorno["REINTEGRO_MOTOR_DIR"] = str(motor)
    obtener = subprocess.run(
        [sys.executable, str(RAIZ / "calculator" / "fetch_wheels.py")],
        capture_output=True, text=True, cwd=RAIZ,
    )
    if obtener.returncode != 0:
        raise RuntimeError(f"calculator/fetch_wheels.py falló:\n{obtener.stderr}")
    proceso = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(CONFIG), "-d", str(destino)],
        capture_output=True, text=True, cwd=CONFIG.parent, env=entorno,
    )
    if proceso.returncode != 0:
        raise RuntimeError(f"mkdocs build --strict falló:\n{proceso.stdout}\n{proceso.stderr}")
    return destino


def motor_con_otra_version(carpeta: Path, version: str) -> Path:
    """A copy of the engine package whose __version__ is ``version``."""
    copia = carpeta / "reintegro"
    shutil.copytree(MOTOR, copia, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    archivo = copia / "version.py"
    texto = archivo.read_text(encoding="utf-8")
    nuevo, n = re.subn(r'__version__\s*=\s*"[^"]*"', f'__version__ = "{version}"', texto)
    assert n == 1, f"no encuentro __version__ en {archivo}"
    archivo.write_text(nuevo, encoding="utf-8")
    return copia


class _Manejador(_Silencioso):
    def __init__(self, request, client_address, server):
        super().__init__(request, client_address, server, directory=str(server.carpeta))

    def log_request(self, code="-", size="-"):
        if self.server.registro is not None:
            self.server.registro.append((self.path, int(code) if isinstance(code, int) else code))

    def send_head(self):
        if self.path.split("?")[0] in self.server.fallar:
            self.send_error(503, "fallo provocado por la prueba")
            return None
        return super().send_head()

    def end_headers(self):
        politica = self.server.politica()
        if politica:
            self.send_header("Content-Security-Policy", politica)
        super().end_headers()


class ServidorCambiable(_Servidor):
    """Serves ``carpeta`` (which a test may switch: a new deployment) on
    127.0.0.1, with the site's own CSP (csp.txt, written by the hook) as a
    header, or ``politica_forzada`` when a test sets one."""

    def __init__(self, carpeta: Path):
        self.carpeta = carpeta
        self.politica_forzada: str | None = None
        self.registro: list[tuple[str, int]] | None = None  # (path, status) while a test records
        self.fallar: set[str] = set()  # paths answered 503 (a failing server)
        super().__init__(("127.0.0.1", 0), _Manejador)
        self.origen = f"http://127.0.0.1:{self.server_address[1]}/"
        _sitemap_al_origen(carpeta, self.origen)
        self._hilo = threading.Thread(target=self.serve_forever, daemon=True)
        self._hilo.start()

    def politica(self) -> str | None:
        if self.politica_forzada is not None:
            return self.politica_forzada
        csp = self.carpeta / "csp.txt"
        return csp.read_text(encoding="utf-8").strip() if csp.is_file() else None

    def cambiar(self, carpeta: Path) -> None:
        _sitemap_al_origen(carpeta, self.origen)
        self.carpeta = carpeta

    def cerrar(self) -> None:
        self.shutdown()
        self.server_close()


# --- the built site, as files ----------------------------------------------

def paginas(sitio: Path) -> list[str]:
    """Every page of the built site as a path from the root ("", "bases/x/",
    "404.html")."""
    rutas = []
    for html in sorted(sitio.rglob("*.html")):
        rel = html.relative_to(sitio).as_posix()
        rutas.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return rutas


class LectorHtml(html.parser.HTMLParser):
    """ids (and <a name>) of a page, and every URL it refers to."""

    ATRIBUTOS_URL = {"href", "src", "action", "poster", "data-enlace"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.urls: list[tuple[str, str, str]] = []  # (tag, attribute, value)

    def handle_starttag(self, tag, attrs):
        for nombre, valor in attrs:
            if valor is None:
                continue
            if nombre == "id" or (tag == "a" and nombre == "name"):
                self.ids.add(valor)
            elif nombre in self.ATRIBUTOS_URL:
                self.urls.append((tag, nombre, valor))
            elif nombre == "srcset":
                for parte in valor.split(","):
                    if parte.strip():
                        self.urls.append((tag, nombre, parte.strip().split()[0]))

    handle_startendtag = handle_starttag


@functools.lru_cache(maxsize=None)
def leer(ruta: Path) -> LectorHtml:
    lector = LectorHtml()
    lector.feed(ruta.read_text(encoding="utf-8"))
    lector.close()
    return lector
