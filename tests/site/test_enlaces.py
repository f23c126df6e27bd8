"""Links of the built site: every internal link and anchor resolves, no page
refers to another server, and every citation the engine can emit (for every
bases) lands on an existing anchor of the page it names. No browser: the
built files, read with the standard library's html.parser."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

from ayudas_confianza import construir, leer, paginas
from conftest import RAIZ

RAIZ_FALSA = "http://sitio.invalid/"  # a base to resolve relative links against
SITE_URL = "http://127.0.0.1:8000/"  # mkdocs.yml site_url: the canonical links name it


@pytest.fixture(scope="module")
def construido(tmp_path_factory) -> Path:
    return construir(tmp_path_factory.mktemp("enlaces") / "site")


def _archivo(sitio: Path, ruta: str) -> Path | None:
    """The file a site path is served from, or None."""
    destino = sitio / unquote(ruta)
    if ruta == "" or ruta.endswith("/"):
        destino = destino / "index.html"
    return destino if destino.is_file() else None


def test_todo_enlace_interno_y_ancla_existe(construido):
    rotos, ajenos, comprobados = [], [], 0
    for pagina in paginas(construido):
        archivo = _archivo(construido, pagina)
        lector = leer(archivo)
        base = urljoin(RAIZ_FALSA, pagina)
        for etiqueta, atributo, valor in lector.urls:
            partes = urlsplit(valor)
            if partes.scheme in ("data", "blob", "mailto", "tel", "javascript"):
                if partes.scheme == "javascript":
                    rotos.append(f"{pagina}: {etiqueta}[{atributo}]={valor} (javascript:)")
                continue
            if partes.scheme in ("http", "https") or valor.startswith("//"):
                if valor.startswith(SITE_URL):
                    valor = urljoin(RAIZ_FALSA, valor[len(SITE_URL):])
                else:
                    ajenos.append(f"{pagina}: {etiqueta}[{atributo}]={valor}")
                    continue
            absoluta = urlsplit(urljoin(base, valor))
            assert absoluta.netloc == urlsplit(RAIZ_FALSA).netloc
            ruta = absoluta.path.lstrip("/")
            destino = _archivo(construido, ruta)
            comprobados += 1
            if destino is None:
                rotos.append(f"{pagina}: {etiqueta}[{atributo}]={valor} -> /{ruta} no existe")
                continue
            if absoluta.fragment and destino.suffix == ".html":
                ancla = unquote(absoluta.fragment)
                if ancla not in leer(destino).ids:
                    rotos.append(f"{pagina}: {valor} -> #{ancla} no existe en /{ruta}")
    assert not ajenos, "enlaces a otros servidores:\n" + "\n".join(ajenos)
    assert not rotos, "enlaces rotos:\n" + "\n".join(rotos)
    assert comprobados > 100, comprobados  # the walk really saw the site


def test_toda_cita_del_motor_llega_a_su_ancla(construido):
    """For each bases, every anchor the engine may cite (the bases' own
    citations and everything catalogo.cita can resolve for it) exists on
    the page the citation's link names."""
    sys.path.insert(0, str(RAIZ / "rules"))
    try:
        from reintegro import catalogo
    finally:
        sys.path.pop(0)
    faltan, total = [], 0
    for b in catalogo.todas_las_bases():
        anclas = set(b.anclas_citadas()) | catalogo.anclas_resolubles(b)
        assert b.anclas_citadas() <= catalogo.anclas_resolubles(b), b.id
        for ancla in sorted(anclas):
            enlace = catalogo.cita(b, ancla).enlace
            partes = urlsplit(enlace)
            assert not partes.scheme and not partes.netloc, f"{b.id}: cita fuera del sitio: {enlace}"
            destino = _archivo(construido, partes.path.lstrip("/"))
            total += 1
            if destino is None:
                faltan.append(f"{b.id}: {enlace}: la página no existe")
            elif unquote(partes.fragment) not in leer(destino).ids:
                faltan.append(f"{b.id}: {enlace}: el ancla no existe")
        # the bases' own page is the one its catalogue entry names
        assert _archivo(construido, b.pagina.lstrip("/")) is not None, b.pagina
    assert not faltan, "\n".join(faltan)
    assert total >= len(catalogo.todas_las_bases())
