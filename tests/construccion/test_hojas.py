import pytest
from mkdocs.exceptions import PluginError

from construccion import hojas

CABEZA = '<head><link rel="stylesheet" href="../assets/calculadora/calculadora.css"></head>'


def test_la_hoja_de_sus_bases_solo_en_las_paginas_que_la_usan():
    con = hojas.con_hojas_de_pagina(CABEZA + '<div data-sus-bases></div>', "sus-bases.md")
    assert ('calculadora.css"><link rel="stylesheet" href="../assets/calculadora/sus-bases.css">') in con
    assert hojas.con_hojas_de_pagina(CABEZA + '<div data-comparacion="x"></div>', "c.md").count("sus-bases.css") == 1
    sin = CABEZA + '<div data-calculadora="art21"></div><p>data-sus-bases en el texto</p>'
    assert hojas.con_hojas_de_pagina(sin, "bases/art21.md") == sin


def test_una_pagina_sin_calculadora_css_para_la_construccion():
    with pytest.raises(PluginError, match="sus-bases.md"):
        hojas.con_hojas_de_pagina('<div data-sus-bases></div>', "sus-bases.md")
