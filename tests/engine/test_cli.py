"""The command line (DOMAIN.md, "The public contract"): ``python -m reintegro
calcular CASE.json`` (or ``-`` for stdin) prints the result JSON on stdout and
exits 0; an invalid case prints the Spanish errors, one per field, on stderr,
nothing on stdout, and exits 2. Run as real subprocesses."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from reintegro import Caso, calcular_caso
from reintegro.catalogo import campos_genericos, ids_de_bases
from reintegro.salida import resultado_a_json

from .estrategias import es_mensaje_claro_en_espanol

# With an end date the result does not depend on the day the test runs.
CASO = {
    "bases": "boe-2023-26428-art28",
    "importe_concedido": "20000.00",
    "gasto_justificado": "17000.00",
    "gasto_sin_ofertas": "1000.00",
    "publicidad": "defectuosa",
    "pagos": [{"fecha": "2023-03-01", "importe": "10000.00"}, {"fecha": "2024-01-15", "importe": "10000.00"}],
    "fecha_resolucion": "2025-06-30",
}
INVALIDO = {
    "bases": "art21-umbral-75",
    "importe_concedido": "-1",
    "publicidad": "mala",
    "fecha_resolucion": "30/06/2025",
}


def reintegro(*argumentos: str, entrada: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "reintegro", *argumentos],
        input=entrada, capture_output=True, text=True, encoding="utf-8", check=False,
    )


def esperado(caso: dict) -> str:
    return resultado_a_json(calcular_caso(caso)) + "\n"


def test_calcular_un_fichero(tmp_path):
    fichero = tmp_path / "caso.json"
    fichero.write_text(json.dumps(CASO), encoding="utf-8")
    salida = reintegro("calcular", str(fichero))
    assert (salida.returncode, salida.stderr) == (0, "")
    assert salida.stdout == esperado(CASO)
    json.loads(salida.stdout, parse_constant=pytest.fail)  # valid JSON, no NaN


def test_calcular_de_la_entrada_estandar():
    salida = reintegro("calcular", "-", entrada=json.dumps(CASO))
    assert (salida.returncode, salida.stderr) == (0, "")
    assert salida.stdout == esperado(CASO)


def test_calcular_texto_utf8_con_acentos_y_bom_ausente(tmp_path):
    """The file is read as UTF-8; Spanish text in the result is not escaped."""
    fichero = tmp_path / "caso.json"
    fichero.write_text(json.dumps(CASO, ensure_ascii=False), encoding="utf-8")
    salida = reintegro("calcular", str(fichero))
    assert salida.returncode == 0
    assert "Pagos recibidos" in salida.stdout and "\\u00" not in salida.stdout


def test_caso_invalido_sale_con_2_sin_nada_en_stdout_y_un_mensaje_por_campo(tmp_path):
    fichero = tmp_path / "caso.json"
    fichero.write_text(json.dumps(INVALIDO), encoding="utf-8")
    salida = reintegro("calcular", str(fichero))
    assert salida.returncode == 2
    assert salida.stdout == ""
    lineas = salida.stderr.splitlines()
    assert lineas == [
        "importe_concedido: no puede ser negativo",
        "publicidad: debe ser uno de estos valores: «cumplida», «defectuosa» o «incumplida»",
        'fecha_resolucion: debe ser una fecha con el formato AAAA-MM-DD, por ejemplo "2025-06-30"',
    ]


@pytest.mark.parametrize(
    "texto",
    ["", "{", "[]", '{"bases": "art21-umbral-75", "importe_concedido": NaN}', "[" * 60_000 + "]" * 60_000],
)
def test_texto_invalido_por_la_entrada_estandar(texto):
    salida = reintegro("calcular", "-", entrada=texto)
    assert salida.returncode == 2
    assert salida.stdout == ""
    lineas = salida.stderr.splitlines()
    assert len(lineas) == 1 and lineas[0].startswith("caso: ")
    assert "Traceback" not in salida.stderr
    assert es_mensaje_claro_en_espanol(lineas[0].removeprefix("caso: "))


def test_fichero_que_no_existe(tmp_path):
    salida = reintegro("calcular", str(tmp_path / "no-existe.json"))
    assert salida.returncode == 2
    assert salida.stdout == ""
    assert salida.stderr == f"caso: el fichero «{tmp_path / 'no-existe.json'}» no existe\n"
    assert "Traceback" not in salida.stderr


def test_fichero_que_no_es_utf8(tmp_path):
    fichero = tmp_path / "caso.json"
    fichero.write_bytes(b'{"bases": "\xff"}')
    salida = reintegro("calcular", str(fichero))
    assert (salida.returncode, salida.stdout) == (2, "")
    assert salida.stderr.strip() == f"caso: el fichero «{fichero}» no es texto UTF-8"


def test_esquema_tiene_exactamente_los_campos_del_caso():
    salida = reintegro("esquema")
    assert (salida.returncode, salida.stderr) == (0, "")
    esquema = json.loads(salida.stdout)
    assert set(esquema["properties"]) == set(Caso.model_fields)
    assert set(esquema["required"]) == {"bases", "importe_concedido"}
    assert esquema["properties"]["bases"]["enum"] == list(ids_de_bases())


def test_esquema_describe_cada_campo_en_castellano():
    """The published schema says what a case is and describes each field with
    the form's label and help (data/campos.toml)."""
    esquema = json.loads(reintegro("esquema").stdout)
    assert esquema["description"] == ("Caso de reintegro de una subvención: los datos que se introducen en la "
                                      "calculadora o en la línea de órdenes.")
    for nombre, propiedad in esquema["properties"].items():
        generico = campos_genericos().get(nombre)
        if generico:
            assert propiedad["description"] == f"{generico['etiqueta']}. {generico['ayuda']}", nombre
    assert esquema["properties"]["importe_concedido"]["description"].startswith("Importe concedido. ")


def test_esquema_de_bases_es_json():
    salida = reintegro("esquema-bases")
    assert (salida.returncode, salida.stderr) == (0, "")
    assert "parrafos" in json.loads(salida.stdout)["properties"]


def test_bases_lista_las_cinco_y_las_del_catalogo():
    from reintegro.catalogo import ids_de_bases

    salida = reintegro("bases")
    assert (salida.returncode, salida.stderr) == (0, "")
    ids = [linea.split("\t")[0] for linea in salida.stdout.splitlines()]
    assert {"art15-proporcional", "art21-umbral-75", "boe-2023-26428-art28", "boe-2024-17269", "csd-art12"} <= set(ids)
    assert ids == list(ids_de_bases())


@pytest.mark.parametrize(
    "argumentos",
    [(), ("desconocida",), ("calcular",), ("calcular", "a.json", "b.json"), ("bases", "--raro")],
)
def test_argumentos_incorrectos_salen_con_2(argumentos):
    salida = reintegro(*argumentos)
    assert salida.returncode == 2
    assert salida.stdout == ""
    assert "error en los argumentos" in salida.stderr
    assert "Traceback" not in salida.stderr


def test_un_campo_desconocido_con_salto_de_linea_ocupa_una_sola_linea():
    """One line per field on stderr, even when the user's field name (echoed
    in the message) holds a line break."""
    texto = json.dumps({"bases": "art21-umbral-75", "importe_concedido": "1", "a\nb": 1})
    salida = reintegro("calcular", "-", entrada=texto)
    assert (salida.returncode, salida.stdout) == (2, "")
    assert len(salida.stderr.splitlines()) == 1, salida.stderr


def test_por_que_no_se_lee_un_fichero():
    """Each reason a file cannot be read, in words (root reads any file, so the
    permission case is checked on the exception itself)."""
    from reintegro.cli import _por_que_no_se_lee
    assert _por_que_no_se_lee(FileNotFoundError()) == "no existe"
    assert _por_que_no_se_lee(IsADirectoryError()) == "es una carpeta, no un fichero"
    assert _por_que_no_se_lee(PermissionError()) == "no hay permiso para leerlo"
    assert _por_que_no_se_lee(UnicodeDecodeError("utf-8", b"\xff", 0, 1, "x")) == "no es texto UTF-8"
    assert _por_que_no_se_lee(OSError("disco")) == "no se puede leer"


def test_comparar_escribe_json_legible_con_acentos(tmp_path, capsys):
    """``comparar`` prints the comparison indented by two spaces, accents and «€»
    as they are (not \\u escapes), the same dict the engine gives."""
    from reintegro.cli import main
    from reintegro.comparar import comparar
    caso = {"importe_concedido": "1000", "gasto_justificado": "1000", "pagos": [{"fecha": "2025-01-10", "importe": "1000"}],
            "fecha_resolucion": "2025-01-10"}
    fichero = tmp_path / "caso.json"
    fichero.write_text(json.dumps(caso), encoding="utf-8")
    assert main(["comparar", str(fichero)]) == 0
    salida = capsys.readouterr().out
    assert salida == json.dumps(comparar(caso), ensure_ascii=False, indent=2) + "\n"
    assert "\n  \"art21-umbral-75\": {\n    \"bases\"" in salida and "€" in salida and "\\u" not in salida


def test_comparar_rechaza_un_caso_que_no_es_un_objeto(tmp_path, capsys):
    from reintegro.cli import main
    fichero = tmp_path / "caso.json"
    fichero.write_text("[1, 2]", encoding="utf-8")
    assert main(["comparar", str(fichero)]) == 2
    assert capsys.readouterr().err == "caso: debe ser un objeto JSON con los campos del caso\n"


def test_el_resultado_se_escribe_sangrado_y_con_acentos():
    """The command line's result: JSON indented by two spaces, accents and «€»
    as they are."""
    texto = resultado_a_json(calcular_caso({"bases": "art21-umbral-75", "importe_concedido": "1000"}))
    lineas = texto.splitlines()
    assert lineas[0] == "{" and lineas[1] == '  "bases": "art21-umbral-75",'
    assert '    "bases": "art21-umbral-75",' in lineas  # the echoed case, one level deeper
    assert "€" in texto and "subvención" in texto and "\\u" not in texto


def test_el_fichero_del_caso_se_lee_como_utf8_en_cualquier_configuracion_regional(tmp_path):
    """A case file with accents is read as UTF-8 even where the system's encoding is ASCII (the C locale,
    without Python's UTF-8 mode)."""
    import os
    fichero = tmp_path / "caso.json"
    fichero.write_text(json.dumps({"bases": "art21-umbral-75", "importe_concedido": "1000",
                                   "referencia": {"entidad": "Asociación Peña «El Olivar»"}}, ensure_ascii=False),
                       encoding="utf-8")
    entorno = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0",
               "PYTHONIOENCODING": "utf-8"}
    salida = subprocess.run([sys.executable, "-m", "reintegro", "calcular", str(fichero)], capture_output=True,
                            text=True, encoding="utf-8", env=entorno, check=False)
    assert (salida.returncode, salida.stderr) == (0, "")
    assert json.loads(salida.stdout)["caso"]["referencia"]["entidad"] == "Asociación Peña «El Olivar»"


def test_la_ayuda_describe_cada_orden():
    salida = reintegro("--help")
    assert salida.returncode == 0
    texto = " ".join(salida.stdout.split())
    assert "comparar calcula un caso con todas las bases y escribe los resultados (JSON)" in texto
    assert "calcular" in texto and "esquema-bases" in texto


def test_un_fichero_de_bases_sin_extension_se_reconoce_por_su_contenido(tmp_path, capsys):
    """No .json or .toml in its name: the first character decides (tests/engine/bases_de_ejemplo as JSON)."""
    import tomllib
    from pathlib import Path

    from reintegro.cli import main
    ejemplo = Path(__file__).parent / "bases_de_ejemplo" / "ayudas-culturales.toml"
    bases = tmp_path / "mis-bases"
    bases.write_text(json.dumps(tomllib.loads(ejemplo.read_text(encoding="utf-8"))), encoding="utf-8")
    caso = tmp_path / "caso.json"
    caso.write_text(json.dumps({"importe_concedido": "10000", "gasto_justificado": "7000"}), encoding="utf-8")
    assert main(["calcular", "--bases", str(bases), str(caso)]) == 0
    assert json.loads(capsys.readouterr().out)["importe_final"] == "7000.00"
