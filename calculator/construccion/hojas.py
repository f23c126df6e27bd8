"""The stylesheets of assets/calculadora/ that only some pages use: written
into a page's <head> right after calculadora.css (the base, which
mkdocs.yml's extra_css puts on every page), in the order of
HOJAS_DE_PAGINA (the order of the cascade), each only when the page's HTML
carries one of the attributes that mark the pages using it, so other pages
never download it. Material's instant
navigation adds a <link> of the new page's head and drops one the new page
lacks, so they follow the reader from page to page. Called by the hook
(recursos.py, ``on_post_page``)."""

from __future__ import annotations

import re

from . import rutas

# Stylesheet -> the attributes of the elements that use it. «Comparar» uses
# the actions' buttons (formulario.css) and the result's notices.
HOJAS_DE_PAGINA = {
    # «Muchos casos» uses the actions' buttons too.
    "formulario.css": ("data-calculadora", "data-comparacion", "data-lote"),
    "resultado.css": ("data-calculadora", "data-comparacion"),
    "sus-bases.css": ("data-sus-bases", "data-comparacion"),
    "panel.css": ("data-calculadora",),
    "lote.css": ("data-lote",),
}
_ENLACE_CALCULADORA_CSS = re.compile(
    r'<link rel="stylesheet" href="(?P<prefijo>[^"]*)assets/calculadora/calculadora\.css">')


def con_hojas_de_pagina(output: str, pagina: str) -> str:
    """The page's HTML with a <link> to each stylesheet of HOJAS_DE_PAGINA
    whose attributes it carries, in that order. ``pagina``: its source, for
    the error."""
    hojas = [hoja for hoja, atributos in HOJAS_DE_PAGINA.items()
             if re.search(r"<[^>]*\s(?:%s)[\s=>]" % "|".join(map(re.escape, atributos)), output)]
    if not hojas:
        return output
    enlace = _ENLACE_CALCULADORA_CSS.search(output)
    if enlace is None:
        raise rutas.error(f"{pagina}: sin <link> a calculadora.css, tras el que poner {', '.join(hojas)}")
    propias = "".join(f'<link rel="stylesheet" href="{enlace["prefijo"]}assets/calculadora/{hoja}">' for hoja in hojas)
    return output[: enlace.end()] + propias + output[enlace.end():]
