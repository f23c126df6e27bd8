"""The catalogue of published bases (issue 24): each article's page is the
function of its data file and notes (calculator/catalogo.py), so page and data
cannot disagree; every anchor the data cites exists; every catalogue bases
has golden cases; the list page and the navigation list them all."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest
import yaml

from reintegro.catalogo import anclas_resolubles, bases

RAIZ = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("catalogo_paginas", RAIZ / "calculator" / "catalogo.py")
catalogo = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogo)

DEL_CATALOGO = catalogo.bases_del_catalogo()
IDS = [d["id"] for d in DEL_CATALOGO]


def test_hay_bases_en_el_catalogo():
    assert len(IDS) >= 10


@pytest.mark.parametrize("datos", DEL_CATALOGO, ids=IDS)
def test_la_pagina_es_la_que_salen_de_sus_datos(datos):
    """docs/bases/<id>.md is exactly what its data and notes give: run
    `python calculator/catalogo.py paginas` after editing either."""
    pagina = (catalogo.PAGINAS / f"{datos['id']}.md").read_text(encoding="utf-8")
    assert pagina == catalogo.pagina(datos)


@pytest.mark.parametrize("datos", DEL_CATALOGO, ids=IDS)
def test_la_pagina_tiene_cada_parrafo_literal_con_su_ancla(datos):
    """Every paragraph of the data, verbatim (up to Markdown's escapes), with its
    anchor on the next line; and no anchor on the page that the data lacks."""
    pagina = (catalogo.PAGINAS / f"{datos['id']}.md").read_text(encoding="utf-8")
    sin_escapes = re.sub(r"\\([\\`*_<\[\].#>+-])", r"\1", pagina)
    for ancla, parrafo in datos["parrafos"].items():
        tabla = f'<div id="{ancla}" markdown>\n\n{parrafo["texto"]}\n'
        assert f"{parrafo['texto']}\n{{#{ancla}}}" in sin_escapes or tabla in pagina, ancla
    anclas = set(re.findall(r'^\{#([a-z0-9-]+)\}$|^<div id="([a-z0-9-]+)" markdown>$', pagina, re.M))
    assert {a or b for a, b in anclas} == set(datos["parrafos"])


@pytest.mark.parametrize("id_bases", IDS)
def test_cada_ancla_citada_existe(id_bases):
    b = bases(id_bases)
    assert b.anclas_citadas() <= anclas_resolubles(b)
    assert {n for n in catalogo.notas_de(id_bases)} <= set(b.parrafos)


@pytest.mark.parametrize("id_bases", IDS)
def test_cada_bases_del_catalogo_tiene_casos_dorados(id_bases):
    ruta = RAIZ / "tests" / "golden" / f"{id_bases}.yaml"
    datos = yaml.safe_load(ruta.read_text(encoding="utf-8"))
    assert datos["bases"] == id_bases
    assert len(datos["casos"]) >= 2
    for caso in datos["casos"]:
        # the paragraph the case checks is named in the case's name
        assert re.search(r"apartado|letra|párrafo|artículo|base|tabla|fila", caso["nombre"]), caso["nombre"]


def test_la_lista_y_la_navegacion_tienen_todas():
    assert catalogo.LISTA.read_text(encoding="utf-8") == catalogo.lista()
    mkdocs = catalogo.MKDOCS.read_text(encoding="utf-8")
    assert catalogo.navegacion(mkdocs) == mkdocs
    for id_bases in IDS:
        assert f'href="../bases/{id_bases}/"' in catalogo.lista()
        assert f"  /bases/{id_bases}.md\n" in mkdocs  # not_in_nav: reached from «Bases publicadas»


@pytest.mark.parametrize("datos", [d for d in DEL_CATALOGO if d.get("sin_expresar")],
                         ids=[d["id"] for d in DEL_CATALOGO if d.get("sin_expresar")])
def test_lo_que_no_se_aplica_se_avisa_en_la_pagina(datos):
    pagina = catalogo.pagina(datos)
    assert '!!! warning "Esta calculadora no aplica"' in pagina
    for s in datos["sin_expresar"]:
        assert s["texto"] in pagina and f"(#{s['ancla']})" in pagina


def test_referencia_desde_el_ancla():
    assert catalogo.referencia("apartado-2-letra-b") == "apartado 2, letra b)"
    assert catalogo.referencia("apartado-3-letra-f-parrafo-2") == "apartado 3, letra f), párrafo 2.º"
    assert catalogo.referencia("apartado-2-letra-d-1") == "apartado 2, letra d), 1.º"
    assert catalogo.referencia("parrafo-1") == "párrafo primero"


def test_el_texto_de_la_investigacion_se_lee_por_bloques():
    titulo, bloques = catalogo.bloques("Artículo 9. Reintegro.\n\n1. Uno.\n{#apartado-1}\n\na) Letra.\n{#apartado-1-letra-a}\n")
    assert titulo == "Artículo 9. Reintegro."
    assert bloques == [("apartado-1", "1. Uno."), ("apartado-1-letra-a", "a) Letra.")]
