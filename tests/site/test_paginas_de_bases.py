"""A new bases is a data file plus an annotated page (CONTRIBUTING.md,
«Adding a bases»): every data file in rules/reintegro/data/bases/ has its page in
docs/bases/ with a calculator for that id and an entry in the navigation,
and every page there has its data file. The anchors those pages must carry
are checked by test_enlaces.py against the built site. No browser."""

from __future__ import annotations

import re

import yaml

from conftest import RAIZ

DATOS = RAIZ / "rules" / "reintegro" / "data" / "bases"
PAGINAS = RAIZ / "docs" / "bases"


class _Cargador(yaml.SafeLoader):
    """mkdocs.yml carries MkDocs' own tags (!!python/name, !relative): read them as nothing."""


_Cargador.add_multi_constructor("", lambda cargador, sufijo, nodo: None)


def _ids_de_datos() -> set[str]:
    return {ruta.stem for ruta in DATOS.glob("*.toml")}


def _ids_de_paginas() -> set[str]:
    return {ruta.stem for ruta in PAGINAS.glob("*.md")}


def _navegacion() -> set[str]:
    config = yaml.load((RAIZ / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Cargador)
    rutas: set[str] = set()

    def recorrer(nodo: object) -> None:
        if isinstance(nodo, str):
            rutas.add(nodo)
        elif isinstance(nodo, list):
            for hijo in nodo:
                recorrer(hijo)
        elif isinstance(nodo, dict):
            for hijo in nodo.values():
                recorrer(hijo)

    recorrer(config["nav"])
    return rutas


def test_cada_fichero_de_bases_tiene_su_pagina_y_cada_pagina_su_fichero():
    assert _ids_de_datos() == _ids_de_paginas()


def test_cada_pagina_de_bases_lleva_la_calculadora_de_sus_bases():
    for id_bases in _ids_de_paginas():
        texto = (PAGINAS / f"{id_bases}.md").read_text(encoding="utf-8")
        assert re.findall(r'data-calculadora="([^"]+)"', texto) == [id_bases], id_bases


def test_cada_pagina_de_bases_esta_en_la_navegacion_o_en_bases_publicadas():
    """The five in the menu; the catalogue's published articles (issue 24) in
    «Bases publicadas», each row linking to its page."""
    lista = (RAIZ / "docs" / "bases-publicadas.md").read_text(encoding="utf-8")
    fuera = {i for i in _ids_de_paginas() if f"bases/{i}.md" not in _navegacion()}
    assert {i for i in fuera if f'href="../bases/{i}/"' not in lista} == set()
    assert "bases-publicadas.md" in _navegacion()
