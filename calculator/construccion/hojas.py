"""The stylesheets of assets/calculadora/ that only some pages use: written
into a page's <head> (after calculadora.css, where mkdocs.yml's extra_css
puts the others) only when its HTML carries one of the attributes that mark
those pages, so other pages never download them. Material's instant
navigation adds a <link> of the new page's head and drops one the new page
lacks, so they follow the reader from page to page. Called by the hook
(recursos.py, ``on_post_page``)."""

from __future__ import annotations

import re

from . import rutas

HOJAS_DE_PAGINA = {"sus-bases.css": ("data-sus-bases", "data-comparacion")}
_ENLACE_CALCULADORA_CSS = re.compile(
    r'<link rel="stylesheet" href="(?P<prefijo>[^"]*)assets/calculadora/calculadora\.css">')


def con_hojas_de_pagina(output: str, pagina: str) -> str:
    """The page's HTML with a <link> to each stylesheet of HOJAS_DE_PAGINA
    whose attributes it carries. ``pagina``: its source, for the error."""
    for hoja, atributos in HOJAS_DE_PAGINA.items():
        if not re.search(r"<[^>]*\s(?:%s)[\s=>]" % "|".join(map(re.escape, atributos)), output):
            continue
        enlace = _ENLACE_CALCULADORA_CSS.search(output)
        if enlace is None:
            raise rutas.error(f"{pagina}: sin <link> a calculadora.css, tras el que poner {hoja}")
        propia = f'<link rel="stylesheet" href="{enlace["prefijo"]}assets/calculadora/{hoja}">'
        output = output[: enlace.end()] + propia + output[enlace.end():]
    return output
