import pytest
from mkdocs.exceptions import PluginError

from construccion import comentarios


def test_solo_se_van_las_lineas_que_son_un_comentario():
    lineas = [
        "// opening comment",
        "const a = 1; // after code: stays",
        "  // indented comment",
        'const url = "http://x//y";',
        "const r = /\\/\\/[\"'`]/g; // a regex with // and quotes",
        "const t = `line",
        "// inside a template literal: text, not a comment",
        "${a /* in ${} */ + 1}`;",
        "/* block",
        "// inside a block comment */ const b = 2;",
        "const c = x / 2 / y; // division, not a regex",
    ]
    # only the two lines that are nothing but a comment (0 and 2) go
    esperadas = [linea for k, linea in enumerate(lineas) if k not in (0, 2)]
    assert comentarios.js_sin_comentarios("\n".join(lineas)).split("\n") == esperadas


def test_css_sin_comentarios_respeta_las_cadenas():
    css = '/* head */\n.a { content: "/* not a comment */"; }\n  /* indented */\n.b { color: red; /* why */ }\n'
    assert comentarios.css_sin_comentarios(css) == '\n.a { content: "/* not a comment */"; }\n.b { color: red;  }\n'


def test_un_guion_que_node_rechaza_para_la_construccion(tmp_path):
    malo = tmp_path / "malo.js"
    malo.write_text("// ok\nconst = ;\n", encoding="utf-8")
    with pytest.raises(PluginError, match="malo.js"):
        comentarios.servido(malo)
    bueno = tmp_path / "bueno.js"
    bueno.write_text('// what it owns\nimport { a } from "./a.js";\nexport const b = a;\n', encoding="utf-8")
    assert comentarios.servido(bueno) == b'import { a } from "./a.js";\nexport const b = a;\n'


def test_una_cadena_sin_cerrar_para_la_construccion(tmp_path):
    roto = tmp_path / "roto.js"
    roto.write_text('const a = "sin cerrar;\n', encoding="utf-8")
    with pytest.raises(PluginError, match="roto.js: cadena sin cerrar en la línea 1"):
        comentarios.servido(roto)
