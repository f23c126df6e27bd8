"""The command line's own words, in process (so this file also runs inside
Pyodide, unlike tests/engine/test_cli.py and its subprocesses): the help a
user reads and the reason a file cannot be read (DOMAIN.md, "The public
contract": Spanish messages, exit code 2)."""

from __future__ import annotations

import json

import pytest

from reintegro import Caso, cli
from reintegro.modelo_bases import Bases


ORDENES = {
    "calcular": "calcula un caso (JSON) y escribe el resultado (JSON)",
    "esquema": "escribe el JSON Schema de un caso",
    "esquema-bases": "escribe el JSON Schema de un fichero de bases",
    "bases": "lista las bases disponibles",
}


def textos_de_ayuda(lineas: list[str], nombres) -> set[str]:
    """The help texts of argparse's lines: "name   help" on one line, or the
    help alone on the line after a long name."""
    return {
        l.split(None, 1)[1] if " " in l and l.split(None, 1)[0] in nombres else l
        for l in lineas if l
    }


def test_la_ayuda_nombra_el_programa_y_cada_orden_en_espanol(capsys):
    with pytest.raises(SystemExit) as salida:
        cli.main(["--help"])
    assert salida.value.code == 0
    ayuda = capsys.readouterr().out
    lineas = [l.strip() for l in ayuda.splitlines()]
    assert lineas[0].endswith("reintegro [-h] ORDEN ...")
    assert "Calcula el reintegro de una subvención." in lineas
    textos = textos_de_ayuda(lineas, ORDENES)
    for orden, texto in ORDENES.items():
        assert orden in ayuda and texto in textos, orden


def test_la_ayuda_de_calcular_explica_el_caso(capsys):
    with pytest.raises(SystemExit):
        cli.main(["calcular", "--help"])
    ayuda = capsys.readouterr().out
    assert ayuda.splitlines()[0] == "uso: reintegro calcular [-h] [--bases ARCHIVO] caso"
    seguido = " ".join(ayuda.split())  # argparse wraps the help to the terminal's width
    assert "caso fichero JSON del caso, o - para leerlo de la entrada estándar" in seguido
    assert "--bases ARCHIVO fichero de unas bases propias (TOML o JSON; véase `esquema- bases`)" in seguido


@pytest.mark.parametrize("orden, modelo", [("esquema", Caso), ("esquema-bases", Bases)])
def test_los_esquemas_se_escriben_legibles_con_acentos(orden, modelo, capsys):
    """The JSON Schema of a case and of a bases: indented by two spaces, with
    the Spanish descriptions unescaped, and exactly the model's schema."""
    assert cli.main([orden]) == 0
    texto = capsys.readouterr().out
    assert texto.startswith('{\n  "') and texto.endswith("}\n")
    if modelo is Caso:  # the case's schema carries the Spanish descriptions of data/campos.toml
        assert "\\u00" not in texto and "ó" in texto
    assert json.loads(texto) == modelo.model_json_schema()


def test_una_carpeta_en_lugar_del_fichero_se_dice_asi(tmp_path, capsys):
    assert cli.main(["calcular", str(tmp_path)]) == 2
    salida = capsys.readouterr()
    assert salida.out == ""
    assert salida.err == f"caso: el fichero «{tmp_path}» es una carpeta, no un fichero\n"


def test_un_fichero_con_acentos_se_lee_como_utf8(tmp_path, capsys):
    fichero = tmp_path / "caso.json"
    fichero.write_bytes('{"bases": "art21-umbral-75", "importe_concedido": "1000", "publicidad": "cumplida"}'
                        .encode("utf-8"))
    assert cli.main(["calcular", str(fichero)]) == 0
    assert '"importe_final": "1000.00"' in capsys.readouterr().out
    fichero.write_bytes('{"bases": "art21-umbral-75", "importe_concedido": "1000", "año": 1}'.encode("utf-8"))
    assert cli.main(["calcular", str(fichero)]) == 2
    assert capsys.readouterr().err.startswith("año: ")

