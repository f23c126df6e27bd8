"""MkDocs hook: Content Security Policy on every page, and the service worker
that keeps the site (runtime and wheels included) usable offline.

Enabled in mkdocs.yml (``hooks:``), before ``recursos.py``.

CSP
    ``on_post_page`` inserts, right after ``<meta charset>`` (before any
    script), ``<meta http-equiv="Content-Security-Policy" content="…">``.
    Material emits a few small inline scripts (``__md_scope`` whose text
    depends on the page's depth, the palette restore, the tabbed-anchor fix);
    each one is allowed by its ``'sha256-…'`` hash, never by
    ``'unsafe-inline'``. Material's instant navigation re-inserts the inline
    scripts of the page it fetches under the policy of the page the reader
    started on, so every page carries the hashes of ALL pages: the hook
    collects them while pages render and ``on_post_build`` rewrites each
    page's policy with the full set. The same policy, as text, is written
    to ``csp.txt`` at the site root, for a server that can send it as a
    header (a header also governs the Web Workers, which a ``<meta>`` cannot:
    that is why ``'wasm-unsafe-eval'`` is in the policy, see POLITICA).

Service worker
    ``on_post_build`` (last of all hooks) lists every file of the built site
    (without source maps and precompressed ``.br``/``.gz`` twins), derives
    the version from a sha256 of all of them, and writes ``sw.js`` at the
    site root with that list and a cache named ``reintegro-<version>``. The
    worker precaches the whole build at install, serves everything from that
    one snapshot (pages, engine and runtime always of the same build),
    deletes other ``reintegro-*`` caches on activate and claims the open
    pages; the page reloads itself when a new build takes over (the case
    lives in the address, so nothing typed is lost). ``calculadora.js``
    registers it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import posixpath
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import CombinedEvent, event_priority

# Why each source is there (the browser tests fail on any violation):
# - default-src 'self': nothing from another server, ever.
# - script-src 'self' + hashes: the site's scripts and Material's inline ones,
#   by hash; 'wasm-unsafe-eval' lets Pyodide compile its WebAssembly (it is
#   the only thing it needs: no 'unsafe-eval'; see tests/site/test_confianza.py,
#   which serves the policy as a header too, so it governs the worker).
# - style-src 'self': Material and the calculator style through stylesheets
#   and the CSSOM (element.style), which CSP does not restrict.
# - img-src 'self' data:: Material's icons in its CSS are data: URIs.
# - worker-src / connect-src 'self': the engine worker, Material's search
#   worker, the service worker; fetch of pages, motor.json, wheels, runtime.
# - object-src 'none', base-uri 'self', form-action 'self': no plugins, no
#   <base> hijack, no form posting elsewhere.
POLITICA = [
    ("default-src", ["'self'"]),
    ("script-src", ["'self'", "'wasm-unsafe-eval'"]),  # + the hashes
    ("style-src", ["'self'"]),
    ("img-src", ["'self'", "data:"]),
    ("font-src", ["'self'"]),
    ("connect-src", ["'self'"]),
    ("worker-src", ["'self'"]),
    ("manifest-src", ["'self'"]),
    ("object-src", ["'none'"]),
    ("base-uri", ["'self'"]),
    ("form-action", ["'self'"]),
]

_SCRIPT_EN_LINEA = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<cuerpo>.*?)</script>", re.S | re.I)
_META_CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">')
_META_CHARSET = re.compile(r"<meta charset=[\"']?utf-8[\"']?\s*/?>", re.I)
_TIPOS_DATOS = re.compile(r"""\btype\s*=\s*["']?(application/json|application/ld\+json|text/template)""", re.I)

_hashes: set[str] = set()

NOMBRE_SW = "sw.js"
NOMBRE_CSP = "csp.txt"
_EXCLUIDOS = (".map", ".br", ".gz")


def _hash(texto: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(texto.encode("utf-8")).digest()).decode("ascii") + "'"


def hashes_en_linea(html: str) -> set[str]:
    """Hashes of the inline scripts a browser would run (data blocks such
    as Material's __config JSON are not scripts)."""
    encontrados = set()
    for m in _SCRIPT_EN_LINEA.finditer(html):
        attrs = m.group("attrs") or ""
        if re.search(r"\ssrc\s*=", attrs) or _TIPOS_DATOS.search(attrs):
            continue
        encontrados.add(_hash(m.group("cuerpo")))
    return encontrados


def politica(hashes: set[str]) -> str:
    partes = []
    for directiva, fuentes in POLITICA:
        if directiva == "script-src":
            fuentes = fuentes + sorted(hashes)
        partes.append(" ".join([directiva] + fuentes))
    return "; ".join(partes)


def _con_meta(html: str, texto: str) -> str:
    meta = f'<meta http-equiv="Content-Security-Policy" content="{texto}">'
    if _META_CSP.search(html):
        return _META_CSP.sub(lambda _: meta, html, count=1)
    m = _META_CHARSET.search(html)
    if not m:
        raise ValueError("seguridad: la página no tiene <meta charset>: no hay dónde poner la CSP")
    return html[: m.end()] + "\n      " + meta + html[m.end():]


def on_pre_build(config):
    _hashes.clear()


_ATRIBUTO_PROHIBIDO = re.compile(r"<[a-zA-Z][^<>]*?\s(style|on[a-z]+)\s*=\s*[\"']?[^\s>]*", re.S)


def on_post_page(output: str, page, config) -> str:
    # What the policy refuses, refused at build time with the page named:
    # inline event handlers (never allowed) and style attributes (style-src
    # 'self'; Markdown tables use align= instead, see mkdocs.yml).
    m = _ATRIBUTO_PROHIBIDO.search(output)
    if m:
        raise PluginError(
            f"seguridad: {page.file.src_uri} tiene un atributo {m.group(1)}= que la CSP bloquearía: "
            f"«{m.group(0)[:120]}»"
        )
    _hashes.update(hashes_en_linea(output))
    return _con_meta(output, politica(_hashes))


@event_priority(100)  # before other hooks' post-build work (e.g. precompression)
def _csp_final(config):
    sitio = Path(config["site_dir"])
    texto = politica(_hashes)
    for html in sitio.rglob("*.html"):
        contenido = html.read_text(encoding="utf-8")
        # Pages written by the theme outside on_post_page (404.html goes
        # through it too, but be thorough).
        faltan = hashes_en_linea(contenido) - _hashes
        if faltan:
            _hashes.update(faltan)
            texto = politica(_hashes)
        nuevo = _con_meta(contenido, texto)
        if nuevo != contenido:
            html.write_text(nuevo, encoding="utf-8")
    # A second pass only if the last pages added hashes the first ones lack.
    for html in sitio.rglob("*.html"):
        contenido = html.read_text(encoding="utf-8")
        nuevo = _con_meta(contenido, politica(_hashes))
        if nuevo != contenido:
            html.write_text(nuevo, encoding="utf-8")
    (sitio / NOMBRE_CSP).write_text(politica(_hashes) + "\n", encoding="utf-8")


# --- service worker ----------------------------------------------------------

PLANTILLA_SW = r"""// Reintegro service worker, written by calculator/hooks/seguridad.py at build time.
// One cache per build ("reintegro-<sha256 of the built files>"): the whole
// site, the Pyodide runtime and the wheels, precached at install and served
// from that one snapshot, so a page never runs beside an engine of another
// build. A new build (a new sw.js) installs its own snapshot, deletes the old
// ones on activate and takes over the open pages (which reload themselves).
const VERSION = "__VERSION__";
const CACHE = "reintegro-" + VERSION;
const ARCHIVOS = __ARCHIVOS__;
const BASE = new URL("./", self.location.href);

// "bases/x/index.html" and "bases/x/" are one page.
function clave(url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  if (u.pathname.endsWith("/index.html")) u.pathname = u.pathname.slice(0, -"index.html".length);
  return u.href;
}

// "no-cache": revalidated with the server, never an older HTTP-cached copy.
// A file that fails is tried again, waiting longer each time: a busy server
// or a flaky connection must not cost the offline copy.
async function traer(url, intentos = 5) {
  let fallo;
  for (let intento = 1; intento <= intentos; intento++) {
    try {
      const respuesta = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
      if (respuesta.ok) return respuesta;
      fallo = new Error(`sw: ${url.pathname}: HTTP ${respuesta.status}`);
    } catch (error) {
      fallo = error;
    }
    if (intento < intentos) await new Promise((seguir) => setTimeout(seguir, 500 * 2 ** intento));
  }
  throw fallo;
}

// A few downloads at a time (what a browser opens to one host anyway), so
// a file waits in our queue, never in a network queue where it can time out.
const EN_PARALELO = 6;

async function precachear(cache) {
  const pendientes = [...ARCHIVOS];
  await Promise.all(Array.from({ length: EN_PARALELO }, async () => {
    while (pendientes.length) {
      const url = new URL(pendientes.shift(), BASE);
      await cache.put(clave(url), await traer(url));
    }
  }));
}

self.addEventListener("install", (evento) => {
  evento.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await precachear(cache);
    } catch (error) {
      // The build in use stays in charge; no half copy is left beside it
      // (the page asks for another try, see calculadora.js).
      await caches.delete(CACHE);
      throw error;
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (evento) => {
  evento.waitUntil((async () => {
    for (const nombre of await caches.keys()) {
      if (nombre.startsWith("reintegro-") && nombre !== CACHE) await caches.delete(nombre);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (evento) => {
  if (evento.data === "version") evento.source?.postMessage({ version: VERSION, cache: CACHE });
});

self.addEventListener("fetch", (evento) => {
  const peticion = evento.request;
  if (peticion.method !== "GET") return;
  const url = new URL(peticion.url);
  if (url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return;
  evento.respondWith(responder(peticion));
});

async function responder(peticion) {
  const cache = await caches.open(CACHE);
  const guardada = await cache.match(clave(peticion.url));
  if (guardada) return guardada;
  try {
    return await fetch(peticion);
  } catch (error) {
    if (peticion.mode === "navigate") {
      const pagina = await cache.match(new URL("404.html", BASE).href);
      if (pagina) return pagina;
    }
    throw error;
  }
}
"""


# Material ships lunr's stemmers for every language; the search worker only
# loads the ones of the site's search languages (and lunr.multi for several).
_LUNR = re.compile(r"assets/javascripts/lunr/(?:min/lunr\.(?P<idioma>[a-z]+)\.min\.js|[^/]+\.js)$")
_LUNR_SIEMPRE = {"stemmer", "multi"}


def _lo_usa_la_busqueda(rel: str, idiomas: set[str]) -> bool:
    m = _LUNR.fullmatch(rel)
    return m is None or (m.group("idioma") or "") in idiomas | _LUNR_SIEMPRE


def archivos_del_sitio(sitio: Path, idiomas: set[str] = frozenset({"es"})) -> list[str]:
    """The files the service worker precaches: the whole build but source
    maps, precompressed twins, sw.js itself and the lunr stemmers of
    languages the search does not use (wordcut.js alone is 0.7 MB)."""
    return sorted(
        rel
        for p in sitio.rglob("*")
        if p.is_file() and p.name != NOMBRE_SW and not p.name.endswith(_EXCLUIDOS)
        and _lo_usa_la_busqueda(rel := p.relative_to(sitio).as_posix(), idiomas)
    )


_URL_VERSIONADA = re.compile(r'"([^"?#]+)\?v=([0-9a-f]+)"')


def urls_versionadas(sitio: Path) -> dict[str, str]:
    """Files the site's JSON manifests (motor.json) refer to with a
    ``?v=<hash>`` query, mapped to that exact URL (relative to the site
    root). The service worker precaches them under the URL the engine worker
    already fetched, so the precache revalidates the browser's copy instead
    of downloading the stdlib and the engine wheel a second time."""
    versionadas = {}
    for manifiesto in sitio.rglob("*.json"):
        carpeta = manifiesto.parent.relative_to(sitio)
        for ruta, hash_ in _URL_VERSIONADA.findall(manifiesto.read_text(encoding="utf-8")):
            if "://" in ruta or ruta.startswith("/"):
                continue
            destino = posixpath.normpath((carpeta / ruta).as_posix())
            if (sitio / destino).is_file():
                versionadas[destino] = f"{destino}?v={hash_}"
    return versionadas


def version_de(sitio: Path, archivos: list[str]) -> str:
    total = hashlib.sha256()
    for rel in archivos:
        total.update(rel.encode("utf-8") + b"\0")
        total.update(hashlib.sha256((sitio / rel).read_bytes()).digest())
    return total.hexdigest()[:16]


def _idiomas_de_busqueda(config) -> set[str]:
    busqueda = config["plugins"].get("search") or config["plugins"].get("material/search")
    idiomas = busqueda.config.get("lang") if busqueda else None
    return set([idiomas] if isinstance(idiomas, str) else idiomas or ["es"])


def url_de_precache(archivo: str, versionadas: dict[str, str]) -> str:
    """The URL a page asks for: "bases/x/" for "bases/x/index.html", the
    versioned URL for a file a manifest names with ``?v=``."""
    if archivo == "index.html":
        return "./"
    if archivo.endswith("/index.html"):
        return archivo[: -len("index.html")]
    return versionadas.get(archivo, archivo)


@event_priority(-100)  # last: every other hook has written its files
def _escribir_sw(config):
    sitio = Path(config["site_dir"])
    archivos = archivos_del_sitio(sitio, _idiomas_de_busqueda(config))
    version = version_de(sitio, archivos)
    versionadas = urls_versionadas(sitio)
    precache = [url_de_precache(a, versionadas) for a in archivos]
    codigo = PLANTILLA_SW.replace("__VERSION__", version).replace(
        "__ARCHIVOS__", json.dumps(precache, ensure_ascii=False, indent=0).replace("\n", "")
    )
    (sitio / NOMBRE_SW).write_text(codigo, encoding="utf-8")


on_post_build = CombinedEvent(_csp_final, _escribir_sw)
