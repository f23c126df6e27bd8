"""«Muchos casos» in Chromium (issue 26): a CSV of 1,000 generated rows
dropped on the page is computed in the page's worker, with progress, and
the result file it offers equals what ``python -m reintegro lote`` writes
for the same file; Cancel stops it; a malformed file (binary, wrong
columns, 50 MB) gets a Spanish message, never a frozen page; an XLSX gives
the command line's figures too; 375 px and 1280 px, axe without serious
violations. The rows' figures are the engine's, checked row by row against
``calcular`` in tests/engine/test_lote.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(RAIZ / "benchmarks"))
from lote import escribir_csv  # noqa: E402  (the benchmark's generated cases)

AXE = RAIZ / "node_modules" / "axe-core" / "axe.min.js"
FINALES = "[data-lote]:is([data-estado=resultado],[data-estado=error],[data-estado=cancelado])"


def abrir(contexto, sitio):
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}muchos-casos/")
    pagina.wait_for_selector("[data-lote][data-estado=listo]")
    # Every value data-filas takes, to see the progress the page showed.
    pagina.evaluate("""() => { window.filasVistas = [];
        new MutationObserver(() => window.filasVistas.push(document.querySelector('[data-lote]').dataset.filas))
          .observe(document.querySelector('[data-lote]'), { attributes: true, attributeFilter: ['data-filas'] }); }""")
    return pagina


def soltar(pagina, ruta: Path, tipo: str = "text/csv"):
    """Drops the file on the page's drop zone, as a reader drags it there."""
    datos = list(ruta.read_bytes())
    pagina.evaluate("""([datos, nombre, tipo]) => {
        const transferencia = new DataTransfer();
        transferencia.items.add(new File([new Uint8Array(datos)], nombre, { type: tipo }));
        document.querySelector('.lote-soltar').dispatchEvent(new DragEvent('drop', { dataTransfer: transferencia, bubbles: true, cancelable: true }));
    }""", [datos, ruta.name, tipo])


def lote_cli(ruta: Path) -> str:
    proceso = subprocess.run([sys.executable, "-m", "reintegro", "lote", str(ruta), "--procesos", "1", "--sin-progreso"],
                             capture_output=True, text=True, encoding="utf-8", check=False)
    assert proceso.returncode in (0, 3), proceso.stderr
    return proceso.stdout


def descargar(pagina, texto_boton: str, destino: Path) -> Path:
    with pagina.expect_download() as descarga:
        pagina.get_by_role("button", name=texto_boton).click()
    descarga.value.save_as(destino)
    return destino


def test_mil_filas_soltadas_dan_el_archivo_de_la_linea_de_ordenes(sitio, nuevo_contexto, tmp_path):
    c = nuevo_contexto(accept_downloads=True)
    casos = tmp_path / "casos.csv"
    escribir_csv(casos, 1000)
    pagina = abrir(c, sitio)
    soltar(pagina, casos)
    pagina.wait_for_selector(FINALES, timeout=600_000)
    assert pagina.get_attribute("[data-lote]", "data-estado") == "resultado"
    vistas = [int(v) for v in pagina.evaluate("window.filasVistas") if v]
    assert vistas[-1] == 1000 and any(0 < v < 1000 for v in vistas)  # it showed progress
    assert "Calculadas 1.000 filas" in pagina.inner_text(".lote-estado")
    assert "Filas: 1.000; calculadas: 950; con errores: 50" in pagina.inner_text(".lote-resumen")
    pagina_csv = descargar(pagina, "Descargar resultados (CSV)", tmp_path / "pagina.csv").read_text(encoding="utf-8")
    assert pagina_csv == lote_cli(casos)
    # «Abrir» is the row's case on its bases page.
    primero = pagina.locator(".lote-resultados a").first
    assert "/bases/art21-umbral-75/#caso=" in primero.get_attribute("href")
    # Errors first, on demand.
    pagina.get_by_label("Mostrar primero las filas con errores").check()
    assert pagina.locator(".lote-resultados tbody tr").first.get_attribute("data-estado") == "error"
    assert not c.errores, c.errores
    assert not c.ajenas()


def test_xlsx_da_las_cifras_de_la_linea_de_ordenes(sitio, nuevo_contexto, tmp_path):
    """The page reads the XLSX itself (hoja-xlsx.js); the command line reads
    it with openpyxl: the same rows. The result's XLSX opens in openpyxl
    with the CSV's cells."""
    import csv
    import io

    from openpyxl import Workbook, load_workbook

    casos_csv = tmp_path / "casos.csv"
    escribir_csv(casos_csv, 60)
    libro = Workbook()
    for fila in csv.reader(io.StringIO(casos_csv.read_text(encoding="utf-8")), delimiter=";"):
        libro.active.append(fila)
    casos = tmp_path / "casos.xlsx"
    libro.save(casos)
    c = nuevo_contexto(accept_downloads=True)
    pagina = abrir(c, sitio)
    pagina.set_input_files("#lote-archivo", str(casos))
    pagina.wait_for_selector(FINALES, timeout=300_000)
    assert pagina.get_attribute("[data-lote]", "data-estado") == "resultado"
    esperado = lote_cli(casos)
    assert descargar(pagina, "Descargar resultados (CSV)", tmp_path / "p.csv").read_text(encoding="utf-8") == esperado
    hoja = load_workbook(descargar(pagina, "Descargar resultados (XLSX)", tmp_path / "p.xlsx")).worksheets[0]
    celdas = [["" if v is None else str(v) for v in fila] for fila in hoja.iter_rows(values_only=True)]
    assert celdas == list(csv.reader(io.StringIO(esperado)))


def test_cancelar_a_medias(sitio, contexto, tmp_path):
    casos = tmp_path / "casos.csv"
    escribir_csv(casos, 3000)
    pagina = abrir(contexto, sitio)
    pagina.set_input_files("#lote-archivo", str(casos))
    pagina.wait_for_function("() => Number(document.querySelector('[data-lote]').dataset.filas) > 0", timeout=300_000)
    pagina.get_by_role("button", name="Cancelar").click()
    pagina.wait_for_selector(FINALES, timeout=120_000)
    assert pagina.get_attribute("[data-lote]", "data-estado") == "cancelado"
    hechas = int(pagina.get_attribute("[data-lote]", "data-filas"))
    assert 0 < hechas < 3000
    assert pagina.inner_text(".lote-estado").startswith(f"Cancelado: se calcularon {hechas:,}".replace(",", "."))
    assert not contexto.errores, contexto.errores


@pytest.mark.parametrize("nombre, contenido, mensaje", [
    ("foto.csv", b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe" * 50, "no es texto UTF-8 ni un libro XLSX"),
    ("casos.csv", "bases;Importe concedido;color\nart21-umbral-75;1000;rojo\n".encode(),
     "la columna «color» no es ningún dato del caso"),
    ("libro.xlsx", b"PK\x03\x04 esto no es un libro", "no es un libro XLSX que se pueda leer"),
    ("enorme.csv", b"bases;importe_concedido\n" + b"art21-umbral-75;1000\n" * 2_500_000, "más de los 20 MB"),
])
def test_archivo_mal_formado_mensaje_en_espanol(sitio, contexto, tmp_path, nombre, contenido, mensaje):
    ruta = tmp_path / nombre
    ruta.write_bytes(contenido)
    pagina = abrir(contexto, sitio)
    pagina.set_input_files("#lote-archivo", str(ruta))
    pagina.wait_for_selector(FINALES, timeout=120_000)
    assert pagina.get_attribute("[data-lote]", "data-estado") == "error"
    assert mensaje in pagina.get_by_role("alert").inner_text()
    assert pagina.evaluate("1 + 1") == 2  # the page still answers
    # and it computes the next file.
    bueno = tmp_path / "bueno.csv"
    escribir_csv(bueno, 3)
    pagina.set_input_files("#lote-archivo", str(bueno))
    pagina.wait_for_selector("[data-lote][data-estado=resultado]", timeout=120_000)


@pytest.mark.parametrize("ancho", [375, 1280])
def test_pantallas_y_axe(sitio, nuevo_contexto, capturas, tmp_path, ancho):
    assert AXE.is_file(), f"falta {AXE}: ejecute `npm ci`"
    c = nuevo_contexto(viewport={"width": ancho, "height": 900}, bypass_csp=True)
    casos = tmp_path / "casos.csv"
    escribir_csv(casos, 40)
    pagina = abrir(c, sitio)
    pagina.set_input_files("#lote-archivo", str(casos))
    pagina.wait_for_selector("[data-lote][data-estado=resultado]", timeout=300_000)
    pagina.screenshot(path=str(capturas / f"muchos-casos-{ancho}.png"), full_page=True)
    anchura = pagina.evaluate("document.documentElement.scrollWidth")
    assert anchura <= ancho  # nothing wider than the screen
    pagina.add_script_tag(path=str(AXE))
    graves = pagina.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']}))
        .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)""")
    assert graves == []


def test_las_paginas_de_bases_no_cargan_el_lote(sitio, nuevo_contexto):
    """lote.js, hoja-xlsx.js and lote.css come only with «Muchos casos»
    (calculadora.js MODULOS_DE_PAGINA, the build's HOJAS_DE_PAGINA): a bases
    page's first visit downloads none of them."""
    c = nuevo_contexto(service_workers="block")  # its install would fetch the whole build
    pagina = c.pagina()
    propios = ("lote.js", "hoja-xlsx.js", "lote.css")

    def pedidos():
        return {m for url in c.peticiones for m in propios if url.split("?")[0].endswith("/" + m)}

    pagina.goto(f"{sitio}bases/csd-art12/")
    pagina.wait_for_selector("[data-calculadora]:is([data-estado=listo],[data-estado=resultado],[data-estado=vacio])")
    pagina.wait_for_load_state("networkidle")
    assert pedidos() == set()
    pagina.goto(f"{sitio}muchos-casos/")
    pagina.wait_for_selector("[data-lote][data-estado=listo]")
    assert pedidos() == set(propios)


def test_plantilla_descargada_es_la_de_la_linea_de_ordenes(sitio, nuevo_contexto, tmp_path):
    c = nuevo_contexto(accept_downloads=True)
    pagina = abrir(c, sitio)
    pagina.get_by_label("Bases reguladoras de la plantilla").select_option("csd-art12")
    plantilla = descargar(pagina, "Descargar la plantilla", tmp_path / "plantilla.csv").read_text(encoding="utf-8")
    esperada = subprocess.run([sys.executable, "-m", "reintegro", "plantilla", "csd-art12"], capture_output=True,
                              text=True, encoding="utf-8", check=True).stdout
    assert plantilla == esperada and "Grado de ejecución técnica (%)" in plantilla
