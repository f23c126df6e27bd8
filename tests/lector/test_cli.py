"""``python -m reintegro leer``, run in-process (reintegro.cli.main), so that it
runs inside Pyodide too: one JSON object on stdout, or a Spanish message on
stderr and exit 2; its bases is accepted by ``calcular --bases``."""

from __future__ import annotations

import io
import json

from reintegro.cli import main
from tests.lector import corpus


def _leer(capsys, *argumentos: str) -> tuple[int, str, str]:
    codigo = main(["leer", *argumentos])
    salida = capsys.readouterr()
    return codigo, salida.out, salida.err


def test_lee_un_fichero_y_escribe_bases_criterios_y_sin_reconocer(capsys):
    codigo, salida, error = _leer(capsys, str(corpus.CARPETA / "csd-art12.txt"))
    lectura = json.loads(salida)
    assert (codigo, error) == (0, "")
    assert set(lectura) == {"bases", "criterios", "sin_reconocer"}
    assert lectura["bases"]["id"] == "art12"  # «Article 12» in the text
    assert {"ruta": "regimen", "clase": "umbral", "ancla": "apartado-2-letra-a", "certeza": "segura"}.items() <= \
        lectura["criterios"][[c["ruta"] for c in lectura["criterios"]].index("regimen")].items()


def test_lee_de_la_entrada_estandar_con_su_id(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(corpus.texto("art15-proporcional")))
    codigo, salida, _ = _leer(capsys, "--id", "mis-bases", "-")
    assert codigo == 0
    assert json.loads(salida)["bases"]["id"] == "mis-bases"


def test_el_id_de_una_referencia_del_boe_sale_del_texto(capsys):
    """Seed 003's page footer names BOE-A-2023-26428; its title, «Artículo 28.»."""
    _, salida, _ = _leer(capsys, str(corpus.CARPETA / "boe-2023-26428-art28.txt"))
    assert json.loads(salida)["bases"]["id"] == "boe-a-2023-26428-art28"


def test_nada_reconocido_es_un_mensaje_en_espanol_y_sale_con_2(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("Artículo 1. Objeto.\n\nEstas bases regulan ayudas a la cultura."))
    codigo, salida, error = _leer(capsys, "-")
    assert (codigo, salida) == (2, "")
    assert error.startswith("articulo: no se ha reconocido ningún criterio de reintegro en el texto")


def test_un_id_no_valido_nombra_el_campo(capsys):
    codigo, salida, error = _leer(capsys, "--id", "Mis Bases", str(corpus.CARPETA / "csd-art12.txt"))
    assert (codigo, salida) == (2, "")
    assert error.startswith("id: debe tener solo minúsculas sin acentos")


def test_un_fichero_que_no_es_texto(capsys, tmp_path):
    binario = tmp_path / "articulo.pdf"
    binario.write_bytes(b"%PDF-1.7\n\xff\xfe\x00\x01")
    codigo, _, error = _leer(capsys, str(binario))
    assert codigo == 2
    assert error.strip() == f"articulo: el fichero «{binario}» no es texto UTF-8"


def test_las_bases_leidas_sirven_a_calcular(capsys, tmp_path):
    """Seed 004 (csd-art12), apartado 2.a): a technical execution of 69 % is under 70 %: total reintegro of the
    10.000 € paid on the day of the resolution (no interest)."""
    _, salida, _ = _leer(capsys, str(corpus.CARPETA / "csd-art12.txt"))
    bases = tmp_path / "bases.json"
    bases.write_text(json.dumps(json.loads(salida)["bases"]), encoding="utf-8")
    caso = tmp_path / "caso.json"
    caso.write_text(json.dumps({"importe_concedido": "10000", "grado_cumplimiento_objetivos": "69",
                                "pagos": [{"fecha": "2025-01-10", "importe": "10000"}],
                                "fecha_resolucion": "2025-01-10"}), encoding="utf-8")
    assert main(["calcular", "--bases", str(bases), str(caso)]) == 0
    resultado = json.loads(capsys.readouterr().out)
    assert (resultado["regimen"], resultado["reintegro"]) == ("total", "10000.00")
