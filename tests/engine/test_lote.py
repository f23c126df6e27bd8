"""``python -m reintegro lote`` (issue 26), run as real subprocesses: every row
gives exactly what ``python -m reintegro calcular`` gives for the same case;
bad rows are reported in Spanish, by the form's labels, and the rest computed;
exit status 0 / 3 (2 when the file cannot be used at all).

Figures checked by hand against the bases (cited per test). Dates of
resolution or payment back are given, so no figure depends on the day the
tests run."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
import subprocess
import sys

import pytest

from reintegro.lote.fila import COLUMNAS, IDS_DE_LECTURAS

from .test_lote_valores import NUMEROS

# Row 1: art. 21, G 30.000 € paid on 17/02/2023, justified 24.000 € (80 % of
# G, over 75 %: proportional, art. 21.2 «siempre que la correcta ejecución …
# se estime superior al setenta y cinco por ciento»): reintegro 30.000 × 20 %
# = 6.000,00 €; paid back 11/06/2024: 317 days of 2023 and 163 of 2024 at
# 4,0625 % (DOMAIN.md «Worked check»): 6000 × 0,040625 × (317/365 + 163/366)
# = 320,25 €; total 6.320,25 €.
# Row 2: art. 21, G 10.000 € paid 10/01/2024, justified 8.000 € (80 %:
# 2.000 €, the table of docs/bases/art21-umbral-75.md) and publicity not met
# (art. 21.2 f «Porcentaje a reintegrar: veinte por ciento»: 2.000 € more,
# D5 adds the percentages): 4.000,00 €, paid back the day it was received:
# no interest.
# Row 3: csd-art12, G 20.000 € paid 10/01/2024, technical execution 65 %
# (art. 12 a «Se considerará, en todo caso, incumplimiento total cuando el
# grado de ejecución técnica o económica sea inferior al 70 por ciento»):
# total, 20.000,00 €, no interest (paid back that day).
# Row 4: invalid (negative grant, a payment on 31/02/2024).
# Row 5: empty (skipped, still counted). Row 6: boe-2024-17269 with readings.
CSV_ETIQUETAS = (
    "\ufeffBases reguladoras;Expediente;Importe concedido;Gasto justificado;Importe del pago 1;Fecha del pago 1;"
    "Medidas de publicidad y difusión;Grado de cumplimiento de los objetivos (%);Fecha del ingreso (devolución);"
    "Fin del plazo de justificación\n"
    "art21-umbral-75;EXP-1;30.000,00;24.000;30.000;17/02/2023;;;11/06/2024;\n"
    "art21-umbral-75;EXP-2;10.000;8.000,00;10.000,00;10/01/2024;No cumplidas;;10/01/2024;\n"
    "csd-art12;EXP-3;20.000;;20.000;10/01/2024;;65;10/01/2024;31/03/2024\n"
    "csd-art12;EXP-4;-5;;1.000;31/02/2024;;;;\n"
    ";;;;;;;;;\n"
    "boe-2024-17269;EXP-6;20.000;15.000,50;5.000;01/02/2024;;90;30/06/2025;31/12/2024\n"
)
# The same cases as calcular's JSON (row 4's invalid one aside).
CASOS = {
    1: {"bases": "art21-umbral-75", "referencia": {"expediente": "EXP-1"}, "importe_concedido": "30000.00",
        "gasto_justificado": "24000", "pagos": [{"importe": "30000", "fecha": "2023-02-17"}],
        "fecha_ingreso": "2024-06-11"},
    2: {"bases": "art21-umbral-75", "referencia": {"expediente": "EXP-2"}, "importe_concedido": "10000",
        "gasto_justificado": "8000.00", "pagos": [{"importe": "10000.00", "fecha": "2024-01-10"}],
        "publicidad": "incumplida", "fecha_ingreso": "2024-01-10"},
    3: {"bases": "csd-art12", "referencia": {"expediente": "EXP-3"}, "importe_concedido": "20000",
        "pagos": [{"importe": "20000", "fecha": "2024-01-10"}], "grado_cumplimiento_objetivos": "65",
        "fecha_ingreso": "2024-01-10", "fecha_limite_justificacion": "2024-03-31"},
    6: {"bases": "boe-2024-17269", "referencia": {"expediente": "EXP-6"}, "importe_concedido": "20000",
        "gasto_justificado": "15000.50", "pagos": [{"importe": "5000", "fecha": "2024-02-01"}],
        "grado_cumplimiento_objetivos": "90", "fecha_ingreso": "2025-06-30",
        "fecha_limite_justificacion": "2024-12-31"},
}


def reintegro(*argumentos: str, entrada: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "reintegro", *argumentos], input=entrada, capture_output=True,
                          text=True, encoding="utf-8", check=False)


def filas_csv(texto: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(texto)))


def lote(tmp_path, contenido: str, nombre: str = "casos.csv", *opciones: str) -> tuple[subprocess.CompletedProcess, list[dict]]:
    entrada = tmp_path / nombre
    entrada.write_text(contenido, encoding="utf-8")
    proceso = reintegro("lote", str(entrada), "--procesos", "1", *opciones)
    return proceso, filas_csv(proceso.stdout)


def calcular(caso: dict) -> dict:
    proceso = reintegro("calcular", "-", entrada=json.dumps(caso))
    assert proceso.returncode == 0, proceso.stderr
    return json.loads(proceso.stdout)


def como_fila(resultado: dict) -> dict:
    """What the row must carry, read off calcular's result."""
    lecturas = {lectura["id"]: lectura["total_a_ingresar"] for lectura in resultado["lecturas"]}
    plazos = sorted((p["fecha"], p["id"]) for p in resultado["plazos"] if p["id"] in ("prescripcion", "caducidad"))
    return {
        "total_a_ingresar": resultado["total_a_ingresar"], "reintegro": resultado["reintegro"],
        "intereses": resultado["intereses"]["total"], "regimen": resultado["regimen"],
        **{i: lecturas.get(i, "") for i in IDS_DE_LECTURAS},
        "notas": " ".join(n["codigo"] for n in resultado["notas"]),
        "primer_plazo": plazos[0][1] if plazos else "", "primer_plazo_fecha": plazos[0][0] if plazos else "",
    }


def test_csv_con_etiquetas_y_formatos_espanoles_da_lo_que_da_calcular(tmp_path):
    proceso, filas = lote(tmp_path, CSV_ETIQUETAS)
    assert proceso.returncode == 3  # one row could not be computed
    assert [f["fila"] for f in filas] == ["1", "2", "3", "4", "6"]  # input order; the empty row 5 skipped
    por_numero = {int(f["fila"]): f for f in filas}
    for numero, caso in CASOS.items():
        fila = por_numero[numero]
        assert fila["estado"] == "ok" and fila["errores"] == ""
        assert fila["expediente"] == f"EXP-{numero}"
        assert {k: fila[k] for k in como_fila(calcular(caso))} == como_fila(calcular(caso))


def test_cifras_comprobadas_a_mano(tmp_path):
    """Rows 1-3 of CSV_ETIQUETAS, computed by hand above (art. 21.2, 21.2 f,
    CSD art. 12 a; DOMAIN.md worked check of the interest)."""
    _, filas = lote(tmp_path, CSV_ETIQUETAS)
    cifras = {f["fila"]: (f["regimen"], f["reintegro"], f["intereses"], f["total_a_ingresar"]) for f in filas}
    assert cifras["1"] == ("proporcional", "6000.00", "320.25", "6320.25")
    assert cifras["2"] == ("proporcional", "4000.00", "0.00", "4000.00")
    assert cifras["3"] == ("total", "20000.00", "0.00", "20000.00")


def test_fila_invalida_mensajes_de_la_pagina_por_etiqueta(tmp_path):
    proceso, filas = lote(tmp_path, CSV_ETIQUETAS)
    fila = next(f for f in filas if f["fila"] == "4")
    assert (fila["estado"], fila["total_a_ingresar"], fila["expediente"]) == ("error", "", "EXP-4")
    assert fila["errores"] == ("Importe concedido: no puede ser negativo | "
                               "Fecha del pago 1: «31/02/2024» no es una fecha que exista")
    assert "Filas: 5; calculadas: 4; con errores: 1" in proceso.stderr


def test_enlace_abre_el_caso_en_su_pagina(tmp_path):
    """The link is the bases page with #caso= base64url(JSON) without padding."""
    import base64

    _, filas = lote(tmp_path, CSV_ETIQUETAS)
    fila = filas[0]
    pagina, codigo = fila["enlace"].split("#caso=")
    assert pagina == "bases/art21-umbral-75/" and "=" not in codigo
    caso = json.loads(base64.urlsafe_b64decode(codigo + "=" * (-len(codigo) % 4)))
    assert caso["importe_concedido"] == "30000.00" and caso["pagos"] == [{"fecha": "2023-02-17", "importe": "30000.00"}]
    assert calcular(caso)["total_a_ingresar"] == fila["total_a_ingresar"]


def test_csv_con_comas_nombres_json_y_pagos_en_una_celda(tmp_path):
    texto = (
        "bases,importe_concedido,gasto_justificado,pagos,fecha_ingreso,referencia.expediente\n"
        'art21-umbral-75,30000,24000,"[{""fecha"": ""2023-02-17"", ""importe"": ""30000""}]",2024-06-11,A\n'
    )
    proceso, filas = lote(tmp_path, texto)
    assert proceso.returncode == 0
    assert (filas[0]["expediente"], filas[0]["total_a_ingresar"]) == ("A", "6320.25")


def test_jsonl_es_la_entrada_de_calcular(tmp_path):
    lineas = [json.dumps(CASOS[n]) for n in (1, 2, 3, 6)] + ['{"bases": "art21-umbral-75", "importe_concedido": 1e400}']
    proceso, filas = lote(tmp_path, "\n".join(lineas) + "\n", "casos.jsonl")
    assert proceso.returncode == 3
    for fila, numero in zip(filas, (1, 2, 3, 6)):
        assert {k: fila[k] for k in como_fila(calcular(CASOS[numero]))} == como_fila(calcular(CASOS[numero]))
    assert filas[4]["estado"] == "error" and filas[4]["errores"].startswith("Importe concedido: ")


def test_jsonl_de_la_entrada_estandar_y_salida_jsonl(tmp_path):
    salida = tmp_path / "r.jsonl"
    proceso = reintegro("lote", "-", "--salida", str(salida), "--procesos", "1", entrada=json.dumps(CASOS[1]) + "\n")
    assert proceso.returncode == 0, proceso.stderr
    filas = [json.loads(linea) for linea in salida.read_text(encoding="utf-8").splitlines()]
    assert len(filas) == 1 and filas[0]["total_a_ingresar"] == "6320.25" and filas[0]["fila"] == 1


def test_todas_las_filas_bien_sale_0_y_resumen_por_regimen(tmp_path):
    texto = "\n".join(CSV_ETIQUETAS.splitlines()[:4]) + "\n"
    proceso, filas = lote(tmp_path, texto)
    assert proceso.returncode == 0
    assert len(filas) == 3
    assert "Total a ingresar: 30.320,25 €" in proceso.stderr  # 6.320,25 + 4.000,00 + 20.000,00
    assert "régimen total: 1 filas, 20.000,00 €" in proceso.stderr


def test_xlsx_de_entrada_y_de_salida(tmp_path):
    from openpyxl import Workbook, load_workbook

    libro = Workbook()
    hoja = libro.active
    for fila in csv.reader(io.StringIO(CSV_ETIQUETAS.removeprefix("\ufeff")), delimiter=";"):
        hoja.append(fila)
    hoja["C2"] = 30000  # a number cell, as a spreadsheet keeps it
    entrada, salida = tmp_path / "casos.xlsx", tmp_path / "resultados.xlsx"
    libro.save(entrada)
    proceso = reintegro("lote", str(entrada), "--salida", str(salida), "--procesos", "1")
    assert proceso.returncode == 3, proceso.stderr
    hoja = load_workbook(salida, read_only=True).worksheets[0]
    filas = [list(f) for f in hoja.iter_rows(values_only=True)]
    cabecera = filas[0]
    assert cabecera[: len(COLUMNAS)] == list(COLUMNAS)
    totales = [f[cabecera.index("total_a_ingresar")] for f in filas[1:]]
    assert totales[:3] == ["6320.25", "4000.00", "20000.00"]


def test_procesos_2_mantiene_el_orden(tmp_path):
    cuerpo = CSV_ETIQUETAS.splitlines()
    texto = "\n".join([cuerpo[0], *(cuerpo[1:] * 150)]) + "\n"  # 900 rows: several chunks
    entrada = tmp_path / "casos.csv"
    entrada.write_text(texto, encoding="utf-8")
    uno = reintegro("lote", str(entrada), "--procesos", "1")
    dos = reintegro("lote", str(entrada), "--procesos", "2")
    assert (uno.returncode, dos.returncode) == (3, 3)
    assert dos.stdout == uno.stdout
    assert [f["fila"] for f in filas_csv(dos.stdout)][:7] == ["1", "2", "3", "4", "6", "7", "8"]


def test_desde_continua_en_esa_fila(tmp_path):
    proceso, filas = lote(tmp_path, CSV_ETIQUETAS, "casos.csv", "--desde", "3")
    assert [f["fila"] for f in filas] == ["3", "4", "6"]


def test_desde_anade_al_archivo_de_resultados(tmp_path):
    entrada, salida = tmp_path / "casos.csv", tmp_path / "r.csv"
    entrada.write_text(CSV_ETIQUETAS, encoding="utf-8")
    reintegro("lote", str(entrada), "--salida", str(salida), "--procesos", "1")
    completo = salida.read_text(encoding="utf-8")
    lineas = completo.splitlines()
    salida.write_text("\n".join(lineas[:3]) + "\n", encoding="utf-8")  # as if stopped after row 2
    reintegro("lote", str(entrada), "--salida", str(salida), "--procesos", "1", "--desde", "3")
    assert salida.read_text(encoding="utf-8") == completo


@pytest.mark.parametrize("contenido, mensaje", [
    ("bases;Importe concedido;color\nart21-umbral-75;1000;rojo\n",
     "casos: la columna «color» no es ningún dato del caso"),
    ("bases;importe_concedido;Importe concedido\n", "dan el mismo dato"),
    ("bases;gasto_justificado\n", "falta la columna del importe concedido"),
    ("", "el archivo está vacío"),
])
def test_columnas_que_no_son_un_caso_paran_el_lote(tmp_path, contenido, mensaje):
    proceso, _ = lote(tmp_path, contenido)
    assert proceso.returncode == 2 and proceso.stdout == ""
    assert mensaje in proceso.stderr


def test_archivo_binario_mensaje_en_espanol(tmp_path):
    entrada = tmp_path / "casos.csv"
    entrada.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe" * 100)
    proceso = reintegro("lote", str(entrada))
    assert proceso.returncode == 2
    assert proceso.stderr.strip() == f"casos: el archivo «{entrada}» no es texto UTF-8"


def test_xlsx_que_no_es_un_libro(tmp_path):
    entrada = tmp_path / "casos.xlsx"
    entrada.write_text("no soy un libro", encoding="utf-8")
    proceso = reintegro("lote", str(entrada))
    assert (proceso.returncode, proceso.stderr.strip()) == (2, "casos: «casos.xlsx» no es un libro XLSX válido")


def test_extension_de_salida_desconocida(tmp_path):
    proceso, _ = lote(tmp_path, CSV_ETIQUETAS, "casos.csv", "--salida", str(tmp_path / "r.pdf"))
    assert proceso.returncode == 2 and "debe acabar en .csv, .xlsx o .jsonl" in proceso.stderr


def test_margen_anade_sus_cifras(tmp_path):
    """Row 2 (art. 21, A/G = 80 %): the least accepted expense that keeps the
    proportional regime is 75 % of 10.000 € = 7.500,00 € (art. 21.2; D3:
    exactly at the threshold is enough), already met (falta 0.00); at that
    minimum the reintegro is 25 % + 20 % of G = 4.500,00 €."""
    proceso, filas = lote(tmp_path, CSV_ETIQUETAS, "casos.csv", "--margen")
    fila = next(f for f in filas if f["fila"] == "2")
    assert (fila["margen_gasto_aceptado_minimo"], fila["margen_falta"], fila["margen_reintegro_al_alcanzarlo"]) == (
        "7500.00", "0.00", "4500.00")
    # null (interest stopped at the dated resolution, LGS 37.1) is an empty cell
    assert (calcular(CASOS[2])["margen"]["interes_diario"] or "") == fila["margen_interes_diario"]


def test_plantilla_se_lee_como_columnas(tmp_path):
    proceso = reintegro("plantilla", "csd-art12")
    assert proceso.returncode == 0
    cabecera = proceso.stdout.removeprefix("\ufeff").strip()
    assert cabecera.startswith("bases;Importe concedido;Coste del proyecto;Importe del pago 1;Fecha del pago 1")
    fila = "csd-art12;20.000;;20.000;10/01/2024" + ";" * (cabecera.count(";") - 4)
    partes = fila.split(";")
    partes[cabecera.split(";").index("Grado de ejecución técnica (%)")] = "65"
    partes[cabecera.split(";").index("Fecha del ingreso (devolución)")] = "10/01/2024"
    _, filas = lote(tmp_path, proceso.stdout + ";".join(partes) + "\n")
    assert (filas[0]["regimen"], filas[0]["total_a_ingresar"]) == ("total", "20000.00")  # as row 3 above


def test_plantilla_de_bases_desconocidas():
    proceso = reintegro("plantilla", "no-existe")
    assert proceso.returncode == 2 and "no es una opción válida" in proceso.stderr


@pytest.mark.parametrize("procesos", ["1", "2"])
def test_ctrl_c_para_limpio_y_desde_continua(tmp_path, procesos):
    """SIGINT (Ctrl-C) mid-batch: exit 130, every row written is whole, a
    line names the row to resume from, and --desde from there completes the
    file exactly as an uninterrupted run writes it."""
    import signal
    import time

    cuerpo = CSV_ETIQUETAS.splitlines()
    entrada, salida, completa = tmp_path / "casos.csv", tmp_path / "r.csv", tmp_path / "completa.csv"
    entrada.write_text("\n".join([cuerpo[0], *(cuerpo[1:] * 2000)]) + "\n", encoding="utf-8")  # 12.000 rows
    proceso = subprocess.Popen(
        [sys.executable, "-m", "reintegro", "lote", str(entrada), "--salida", str(salida), "--procesos", procesos],
        stderr=subprocess.PIPE, text=True, encoding="utf-8",
    )
    while not salida.exists() or salida.stat().st_size < 20_000:  # some rows computed
        time.sleep(0.05)
        assert proceso.poll() is None, "the batch ended before it could be interrupted"
    proceso.send_signal(signal.SIGINT)
    _, error = proceso.communicate(timeout=120)
    assert proceso.returncode == 130
    filas = filas_csv(salida.read_text(encoding="utf-8"))
    ultima = filas[-1]["fila"]
    assert f"Interrumpido: se escribieron {len(filas)} filas, hasta la fila {ultima}. " \
           f"Para continuar: --desde {int(ultima) + 1}" in error
    assert all(f["estado"] in ("ok", "error") and f["errores"] is not None for f in filas)  # whole rows
    reintegro("lote", str(entrada), "--salida", str(salida), "--procesos", procesos, "--desde", str(int(ultima) + 1))
    reintegro("lote", str(entrada), "--salida", str(completa), "--procesos", procesos)
    assert salida.read_text(encoding="utf-8") == completa.read_text(encoding="utf-8")


def test_bases_propias_para_todas_las_filas(tmp_path):
    """--bases: the user's own bases for every row, as calcular --bases; no
    link (no page of the site holds those bases)."""
    bases = str(Path(__file__).parent / "bases_de_ejemplo" / "ayudas-culturales.toml")
    caso = {"importe_concedido": "10000", "gasto_justificado": "8000",
            "pagos": [{"fecha": "2024-01-10", "importe": "10000"}], "fecha_ingreso": "2024-01-10"}
    texto = ("importe_concedido;gasto_justificado;pago_1_importe;pago_1_fecha;fecha_ingreso\n"
             "10.000;8.000;10.000;10/01/2024;10/01/2024\n;-3;;;\n")
    proceso, filas = lote(tmp_path, texto, "casos.csv", "--bases", bases)
    assert proceso.returncode == 3
    calculado = reintegro("calcular", "--bases", bases, "-", entrada=json.dumps(caso))
    assert calculado.returncode == 0
    esperado = como_fila(json.loads(calculado.stdout))
    assert {k: filas[0][k] for k in esperado} == esperado
    assert (filas[0]["bases"], filas[0]["enlace"]) == ("ayudas-culturales", "")
    assert filas[1]["estado"] == "error" and filas[1]["bases"] == "ayudas-culturales"
    assert "Importe concedido: es obligatorio" in filas[1]["errores"]


def test_csv_con_una_celda_enorme_para_con_mensaje_en_espanol(tmp_path):
    """The rows before it are kept; the message says after which row."""
    entrada, salida = tmp_path / "casos.csv", tmp_path / "r.csv"
    entrada.write_text("bases;importe_concedido\ncsd-art12;1000\ncsd-art12;\"" + "x" * 200_000 + "\"\n", encoding="utf-8")
    proceso = reintegro("lote", str(entrada), "--salida", str(salida), "--procesos", "1")
    assert proceso.returncode == 2
    assert proceso.stderr.strip() == (f"casos: el archivo «{entrada}» no es un CSV que se pueda leer tras la fila 1: "
                                      "una celda tiene más de 131.072 caracteres")
    assert [f["fila"] for f in filas_csv(salida.read_text(encoding="utf-8"))] == ["1"]


def test_mismas_reglas_que_caso_js():
    """Every entry of test_lote_valores.NUMEROS gives, in valores_es (its
    own test), what the page's normalizarNumero gives under Node (which the
    site build needs anyway)."""
    programa = (
        f"import('{(Path(__file__).resolve().parents[2] / 'calculator/web/caso.js').as_uri()}').then((m) => {{"
        f"const t = {json.dumps(list(NUMEROS))};"
        "console.log(JSON.stringify(t.map((x) => m.normalizarNumero(x))));})"
    )
    salida = subprocess.run(["node", "--input-type=module", "-e", programa], capture_output=True, text=True, check=True)
    assert json.loads(salida.stdout) == list(NUMEROS.values())
