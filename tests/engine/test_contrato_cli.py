"""The command line's own words, in process (so this file also runs inside
Pyodide, unlike tests/engine/test_cli.py and its subprocesses): the help a
user reads and the reason a file cannot be read (DOMAIN.md, "The public
contract": Spanish messages, exit code 2)."""

from __future__ import annotations

import pytest

from reintegro import cli


def test_la_ayuda_nombra_el_programa_y_cada_orden_en_espanol(capsys):
    with pytest.raises(SystemExit) as salida:
        cli.main(["--help"])
    assert salida.value.code == 0
    ayuda = capsys.readouterr().out
    assert ayuda.splitlines()[0].endswith("reintegro [-h] ORDEN ...")
    assert "Calcula el reintegro de una subvención." in ayuda
    for orden, texto in (
        ("calcular", "calcula un caso (JSON) y escribe el resultado (JSON)"),
        ("esquema", "escribe el JSON Schema de un caso"),
        ("esquema-bases", "escribe el JSON Schema de un fichero de bases"),
        ("bases", "lista las bases disponibles"),
    ):
        assert orden in ayuda and texto in ayuda, orden


def test_la_ayuda_de_calcular_explica_el_caso(capsys):
    with pytest.raises(SystemExit):
        cli.main(["calcular", "--help"])
    ayuda = capsys.readouterr().out
    assert ayuda.splitlines()[0].endswith("reintegro calcular [-h] caso")
    assert "fichero JSON del caso, o - para leerlo de la entrada estándar" in ayuda


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
