"""A user's own bases (DOMAIN.md, "Their own bases, and one case under every
bases"; issue 14): ``calcular --bases ARCHIVO`` with a file written outside
the project, Spanish messages for a broken file (one per field, with its
path), and ``comparar`` giving, per bases, exactly what ``calcular`` gives.
Run as real subprocesses, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from reintegro.catalogo import ids_de_bases

from .estrategias import es_mensaje_claro_en_espanol

BASES = Path(__file__).parent / "bases_de_ejemplo" / "ayudas-culturales.toml"
# G 10.000, J 7.000: 70 % ≥ 60 % (apartado 1), proportional: 10.000 × 70 % = 7.000; publicity 10 %
# (apartado 2): −1.000; F = 6.000. Paid 10.000 and resolved the same day: reintegro 4.000, no interest.
CASO = {"importe_concedido": "10000", "gasto_justificado": "7000", "publicidad": "incumplida",
        "pagos": [{"fecha": "2025-01-10", "importe": "10000"}], "fecha_resolucion": "2025-01-10"}


def reintegro(*argumentos: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "reintegro", *argumentos],
                          capture_output=True, text=True, encoding="utf-8", check=False)


def escribir(carpeta: Path, nombre: str, contenido: str | dict) -> str:
    ruta = carpeta / nombre
    ruta.write_text(contenido if isinstance(contenido, str) else json.dumps(contenido), encoding="utf-8")
    return str(ruta)


def calcular(carpeta: Path, caso: dict, bases: str = str(BASES)) -> dict:
    salida = reintegro("calcular", "--bases", bases, escribir(carpeta, "caso.json", caso))
    assert (salida.returncode, salida.stderr) == (0, ""), salida.stderr
    return json.loads(salida.stdout)


def errores(salida: subprocess.CompletedProcess) -> dict[str, str]:
    assert salida.returncode == 2 and salida.stdout == ""
    lineas = salida.stderr.strip().splitlines()
    assert all(es_mensaje_claro_en_espanol(linea) for linea in lineas), lineas
    return dict(linea.split(": ", 1) for linea in lineas)


def test_unas_bases_escritas_fuera_del_proyecto_calculan_con_sus_propios_parrafos(tmp_path):
    r = calcular(tmp_path, CASO)
    assert (r["bases"], r["regimen"], r["importe_final"], r["reintegro"]) == ("ayudas-culturales", "proporcional",
                                                                              "6000.00", "4000.00")
    citas = [p["cita"]["ancla"] for p in r["pasos"] if p["bloque"] == "importe_final"]
    assert citas == ["cifras", "apartado-1", "apartado-2"]
    assert r["pasos"][1]["cita"]["enlace"] == "bases/ayudas-culturales/#apartado-1"
    assert r["pasos"][1]["cita"]["norma"] == "Orden de ayudas a proyectos culturales, art. 9"
    assert "bases-propias" in [n["codigo"] for n in r["notas"]]


def test_por_debajo_del_60_por_ciento_es_total(tmp_path):
    """5.999,99 / 10.000 = 59,9999 % < 60 %: total, and said with the decimals it takes."""
    r = calcular(tmp_path, {**CASO, "gasto_justificado": "5999.99"})
    assert (r["regimen"], r["reintegro"]) == ("total", "10000.00")
    assert r["pasos"][1]["texto"].endswith("es el 59,9999 % del importe concedido, por debajo del 60 %")
    assert r["margen"]["umbrales"][0]["falta"] == "0.01"


def test_el_mismo_fichero_en_json_da_el_mismo_resultado(tmp_path):
    en_json = escribir(tmp_path, "bases.json", tomllib.loads(BASES.read_text(encoding="utf-8")))
    assert calcular(tmp_path, CASO, en_json) == calcular(tmp_path, CASO)


def test_el_caso_puede_nombrar_las_bases_del_fichero_pero_no_otras(tmp_path):
    assert calcular(tmp_path, {**CASO, "bases": "ayudas-culturales"})["importe_final"] == "6000.00"
    salida = reintegro("calcular", "--bases", str(BASES),
                       escribir(tmp_path, "caso.json", {**CASO, "bases": "art21-umbral-75"}))
    assert "no son las bases del fichero" in errores(salida)["bases"]


ROTAS = [
    pytest.param('minimo = "60"', 'minimo = "160"', {"regimen.minimo": "debe ser un porcentaje entre 0 y 100"},
                 id="porcentaje fuera de rango"),
    pytest.param('ancla = "apartado-2"\ntexto = "Incumplimiento', 'ancla = "apartado-9"\ntexto = "Incumplimiento',
                 {"minoraciones.0.ancla": "«apartado-9» no es ninguno de los párrafos"}, id="ancla inexistente"),
    pytest.param('valores = ["incumplida"]', 'valores = ["regular"]',
                 {"minoraciones.0.valores": "«regular» no es un valor de «publicidad»"}, id="valor de opción"),
    pytest.param('campo = "gasto_justificado"', 'campo = "gasto_presentado"',
                 {"campos.1.campo": "«gasto_presentado» no es un campo del caso"}, id="campo inexistente"),
    pytest.param('tipo = "umbral"', 'tipo = "escalon"', {"regimen": "debe ser uno de estos tipos"}, id="tipo de régimen"),
    pytest.param('id = "ayudas-culturales"', 'id = "Ayudas Culturales"', {"id": "minúsculas sin acentos"},
                 id="id no válido"),
    pytest.param('[regimen]', '[regimen_]', {"regimen": "es obligatorio", "regimen_": "no es un dato de unas bases"},
                 id="sección mal escrita"),
]


@pytest.mark.parametrize(("antes", "despues", "esperados"), ROTAS)
def test_un_fichero_roto_da_un_mensaje_por_campo_con_su_ruta(tmp_path, antes, despues, esperados):
    texto = BASES.read_text(encoding="utf-8")
    assert antes in texto
    bases = escribir(tmp_path, "rotas.toml", texto.replace(antes, despues, 1))
    obtenidos = errores(reintegro("calcular", "--bases", bases, escribir(tmp_path, "caso.json", CASO)))
    for campo, fragmento in esperados.items():
        assert fragmento in obtenidos.get(campo, ""), obtenidos


@pytest.mark.parametrize(("nombre", "contenido", "fragmento"), [
    ("rotas.toml", 'id = "x\n', "no es un TOML válido (línea 1"),
    ("rotas.json", '{"id": ', "no es un JSON válido (línea 1"),
    ("rotas.json", "[1, 2]", "debe ser un objeto"),
    ("vacias.toml", "", "es obligatorio"),
])
def test_un_fichero_que_no_es_unas_bases(tmp_path, nombre, contenido, fragmento):
    obtenidos = errores(reintegro("calcular", "--bases", escribir(tmp_path, nombre, contenido),
                                  escribir(tmp_path, "caso.json", CASO)))
    assert any(fragmento in mensaje for mensaje in obtenidos.values()), obtenidos


def test_un_fichero_de_bases_que_no_existe(tmp_path):
    obtenidos = errores(reintegro("calcular", "--bases", str(tmp_path / "no.toml"), escribir(tmp_path, "c.json", CASO)))
    assert obtenidos == {"bases": f"el fichero «{tmp_path / 'no.toml'}» no existe"}


# ------------------------------------------------------------------ comparar


def test_comparar_da_para_cada_bases_lo_mismo_que_calcular(tmp_path):
    """Each value is exactly what `calcular` prints for the case under that
    bases; the case's own `bases` field is ignored."""
    salida = reintegro("comparar", "--bases", str(BASES),
                       escribir(tmp_path, "caso.json", {**CASO, "bases": "csd-art12"}))
    assert (salida.returncode, salida.stderr) == (0, "")
    resultados = json.loads(salida.stdout)
    assert list(resultados) == [*ids_de_bases(), "ayudas-culturales"]
    for id_bases in ids_de_bases():
        uno = reintegro("calcular", escribir(tmp_path, f"{id_bases}.json", {**CASO, "bases": id_bases}))
        assert resultados[id_bases] == json.loads(uno.stdout), id_bases
    assert resultados["ayudas-culturales"] == calcular(tmp_path, CASO)


def test_comparar_da_los_errores_de_las_bases_donde_el_caso_no_vale(tmp_path):
    """600 € without proof and 600 € without offers in 1.000 € justified: art. 21
    and art. 28 deduct both (1.200 > 1.000: refused); the others deduct at most
    one of them and compute."""
    caso = {"importe_concedido": "1000", "gasto_justificado": "1000", "gasto_sin_justificante": "600",
            "gasto_sin_ofertas": "600"}
    resultados = json.loads(reintegro("comparar", escribir(tmp_path, "caso.json", caso)).stdout)
    assert set(resultados) == set(ids_de_bases())
    for id_bases in ("art21-umbral-75", "boe-2023-26428-art28"):
        assert list(resultados[id_bases]) == ["errores"]
        assert any(e.startswith("gasto_sin_ofertas: ") for e in resultados[id_bases]["errores"])
    for id_bases in ("art15-proporcional", "boe-2024-17269", "csd-art12"):
        assert resultados[id_bases]["bases"] == id_bases


def test_comparar_rechaza_unas_bases_propias_con_el_id_de_unas_del_sitio(tmp_path):
    texto = BASES.read_text(encoding="utf-8").replace('id = "ayudas-culturales"', 'id = "csd-art12"')
    obtenidos = errores(reintegro("comparar", "--bases", escribir(tmp_path, "b.toml", texto),
                                  escribir(tmp_path, "caso.json", CASO)))
    assert "es el id de unas bases del sitio" in obtenidos["id"]
