import re

import pytest
from mkdocs.exceptions import PluginError

from construccion import hojas

CABEZA = '<head><link rel="stylesheet" href="../assets/calculadora/calculadora.css"></head>'


def test_la_hoja_de_sus_bases_solo_en_las_paginas_que_la_usan():
    con = hojas.con_hojas_de_pagina(CABEZA + '<div data-sus-bases></div>', "sus-bases.md")
    assert ('calculadora.css"><link rel="stylesheet" href="../assets/calculadora/sus-bases.css">') in con
    assert hojas.con_hojas_de_pagina(CABEZA + '<div data-comparacion="x"></div>', "c.md").count("sus-bases.css") == 1
    sin = CABEZA + '<p>data-sus-bases en el texto</p>'
    assert hojas.con_hojas_de_pagina(sin, "glosario.md") == sin


def test_cada_pagina_recibe_sus_hojas_en_el_orden_de_la_cascada():
    def hojas_de(html):
        return re.findall(r'assets/calculadora/([a-z-]+\.css)', hojas.con_hojas_de_pagina(CABEZA + html, "p.md"))

    assert hojas_de('<section data-calculadora="art21-umbral-75">') == [
        "calculadora.css", "formulario.css", "resultado.css", "panel.css"]
    assert hojas_de('<section data-calculadora="mis-bases" data-bases-propias><div data-sus-bases>') == [
        "calculadora.css", "formulario.css", "resultado.css", "sus-bases.css", "panel.css"]
    assert hojas_de('<div class="comparacion" data-comparacion>') == [
        "calculadora.css", "formulario.css", "resultado.css", "sus-bases.css"]
    assert hojas_de('<div data-corpus>') == ["calculadora.css"]


def test_una_pagina_sin_calculadora_css_para_la_construccion():
    with pytest.raises(PluginError, match="sus-bases.md"):
        hojas.con_hojas_de_pagina('<div data-sus-bases></div>', "sus-bases.md")
