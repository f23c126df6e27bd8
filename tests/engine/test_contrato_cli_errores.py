"""The command line's argument errors (issue 15): PREAMBULO standard, bad
input gets a Spanish message. In process, so it also runs inside Pyodide."""

from __future__ import annotations

import re

import pytest

from reintegro import cli


@pytest.mark.parametrize("argumentos", [["calcular"], ["desconocida"], ["calcular", "a.json", "b.json"]])
def test_los_errores_de_argumentos_se_dicen_en_espanol(argumentos, capsys):
    """PREAMBULO standard: bad input gets a Spanish message. The line after
    «error en los argumentos:» is argparse's own English today («the
    following arguments are required: caso», «invalid choice: …»): defect
    reported in issue 15."""
    with pytest.raises(SystemExit) as salida:
        cli.main(argumentos)
    assert salida.value.code == 2
    error = [l for l in capsys.readouterr().err.splitlines() if l.startswith("error en los argumentos: ")]
    assert len(error) == 1
    ingles = re.search(r"\b(the|following|arguments?|required|invalid|choice|choose|from|unrecognized|expected)\b",
                       error[0].removeprefix("error en los argumentos: "))
    assert ingles is None, error[0]
