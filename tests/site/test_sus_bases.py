"""«Sus bases» in Chromium: a bases built with the form gives, in the page,
exactly what the command line gives with the downloaded file; the link
reproduces bases and case; the engine's errors show under the form's
controls by their labels; a hostile #bases= is refused in Spanish; a case
of another of the site's bases is offered on its page, by its title."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from ayudas_bases import (SELECTOR_PROPIA, base64url, calcular_con_bases, deflate_raw, del_enlace, esperar,
                          fragmento_bases, reintegro, rellenar_caso_del_articulo_21)
from ayudas_calculadora import MOTOR, fragmento_de
from ayudas_panel import esperar_grafico, puente_cpython
from test_calculadora import SELECTOR, caso_json
from test_confianza import VIGILANTE

ANCHOS = {"movil": {"width": 375, "height": 812}, "escritorio": {"width": 1280, "height": 900}}
EJEMPLO = Path(__file__).resolve().parents[1] / "engine" / "bases_de_ejemplo" / "ayudas-culturales.toml"
TITULO_ART21 = "Artículo 21: reintegro proporcional por encima del 75 %"


def abrir(contexto, sitio, fragmento=""):
    pagina = contexto.pagina()
    pagina.add_init_script(VIGILANTE)  # the Content Security Policy's refusals, if any
    pagina.goto(f"{sitio}sus-bases/{fragmento}")
    pagina.locator(".sus-bases .fb-formulario input").first.wait_for()
    return pagina


def campo_de_bases(pagina, etiqueta: str, n: int = 0):
    return pagina.locator(".sus-bases").get_by_label(etiqueta, exact=True).nth(n)


def escribir(control, texto: str) -> None:
    control.fill("")
    control.press_sequentially(texto)


def resultado(pagina) -> dict:
    return json.loads(pagina.locator(f"{SELECTOR_PROPIA} script[data-resultado]").text_content())


@pytest.mark.parametrize("ancho", list(ANCHOS))
def test_bases_del_formulario_igual_que_la_linea_de_ordenes(ancho, sitio, nuevo_contexto, capturas, tmp_path):
    c = nuevo_contexto(viewport=ANCHOS[ancho])
    pagina = abrir(c, sitio)
    # The art. 21 model, its threshold lowered to 60 % and publicity at 10 %:
    # 70 % of execution is proportional here, total under the art. 21 itself.
    escribir(campo_de_bases(pagina, "Porcentaje mínimo (umbral)"), "60")
    escribir(campo_de_bases(pagina, "Porcentaje de la subvención"), "12,5")
    calculadora = pagina.locator(SELECTOR_PROPIA)
    rellenar_caso_del_articulo_21(calculadora, "7.000")
    assert esperar(pagina, SELECTOR_PROPIA, ("resultado", "error")) == "resultado"
    en_pagina = resultado(pagina)
    assert en_pagina["bases"] == "mis-bases"
    assert en_pagina["regimen"] == "proporcional"
    # 7.000 of 10.000 is proportional (60 %): 7.000 less 12,5 % of the grant.
    assert en_pagina["importe_final"] == "5750.00"
    assert en_pagina["reintegro"] == "4250.00"
    assert en_pagina["intereses"]["total"] != "0.00"
    assert any("12,5 %" in p["texto"] for p in en_pagina["pasos"]), [p["texto"] for p in en_pagina["pasos"]]
    # Citations reach the user's own paragraphs on this page.
    enlaces = {p["cita"]["enlace"] for p in en_pagina["pasos"] if p.get("cita")}
    assert any(e.startswith("sus-bases/#apartado-2") for e in enlaces), enlaces
    assert pagina.locator("#apartado-2").count() == 1
    # The downloaded file, through the command line, gives the same result.
    with pagina.expect_download() as descarga:
        pagina.get_by_role("button", name="Descargar sus bases (archivo)").click()
    archivo = tmp_path / descarga.value.suggested_filename
    descarga.value.save_as(archivo)
    bases_descargadas = json.loads(archivo.read_text(encoding="utf-8"))
    assert bases_descargadas["regimen"]["minimo"] == "60"
    bases_enlace, caso = del_enlace(pagina.url)
    assert bases_enlace == bases_descargadas
    assert calcular_con_bases(archivo, caso, tmp_path) == en_pagina
    # The text the page keeps is exactly what the command line prints.
    proceso = reintegro("calcular", "--bases", str(archivo), str(tmp_path / "caso.json"))
    assert pagina.locator(f"{SELECTOR_PROPIA} script[data-resultado]").text_content() == proceso.stdout.rstrip("\n")
    # The panel's chart sweeps the same case under the user's bases (threshold 60 %, not
    # art. 21's 75 %): every point as the bridge gives it on CPython with this bases file;
    # the cliff sits at 6.000 € of 10.000 € (total at 5.999,99 €, proportional at 6.000 €).
    assert esperar_grafico(pagina) == "listo"
    barrido = puente_cpython("barrido", json.dumps(caso, ensure_ascii=False), archivo.read_text(encoding="utf-8"))
    assert barrido["estado"] == "barrido", barrido
    puntos = {p["gasto_aceptado"]: p for p in barrido["barrido"]["puntos"]}
    assert puntos["5999.99"]["reintegro"] == "10000.00" and puntos["6000.00"]["reintegro"] != "10000.00"
    filas = pagina.locator(f"{SELECTOR_PROPIA} .rc-tabla-grafico tbody tr")
    assert filas.evaluate_all("ns => ns.map(n => n.dataset.gasto)") == list(puntos)
    # The printed report says these are the user's rules.
    assert "no un texto oficial" in pagina.locator(f"{SELECTOR_PROPIA} .rc-informe").text_content()
    pagina.locator(f"{SELECTOR_PROPIA} .rc-resultado h3").scroll_into_view_if_needed()
    pagina.screenshot(path=str(capturas / f"sus-bases-{ANCHOS[ancho]['width']}-resultado.png"))
    pagina.evaluate("() => window.scrollTo(0, 0)")
    pagina.locator(".sus-bases h2").scroll_into_view_if_needed()
    pagina.screenshot(path=str(capturas / f"sus-bases-{ANCHOS[ancho]['width']}.png"))
    # The link alone reproduces bases and case, in a new page.
    otra = c.pagina()
    otra.goto(pagina.url)
    assert esperar(otra, SELECTOR_PROPIA, ("resultado", "error")) == "resultado"
    assert resultado(otra) == en_pagina
    assert campo_de_bases(otra, "Porcentaje mínimo (umbral)").input_value() == "60"
    assert pagina.evaluate("() => window.__violaciones") == []
    assert not c.errores, c.errores


def test_errores_de_las_bases_por_sus_etiquetas(sitio, contexto):
    pagina = abrir(contexto, sitio)
    esperar(pagina, SELECTOR_PROPIA, ("listo", "resultado"))
    escribir(campo_de_bases(pagina, "Porcentaje mínimo (umbral)"), "150")
    assert esperar(pagina, SELECTOR_PROPIA, ("error",)) == "error"
    resumen = pagina.locator(".sb-errores")
    resumen.wait_for()
    bases, _ = del_enlace(pagina.url)
    cpython = json.loads(reintegro_validar(bases))
    assert cpython["estado"] == "bases-invalidas"
    mensaje = next(e["mensaje"] for e in cpython["errores"] if e["campo"] == "regimen.minimo")
    assert mensaje == "debe ser un porcentaje entre 0 y 100"
    assert f"Porcentaje mínimo (umbral): {mensaje}" in resumen.inner_text()
    assert "regimen.minimo" not in resumen.inner_text()
    control = campo_de_bases(pagina, "Porcentaje mínimo (umbral)")
    assert control.get_attribute("aria-invalid") == "true"
    error = pagina.locator(f"#{control.get_attribute('id')}-error")
    assert error.inner_text().strip() == mensaje
    assert "Sus bases tienen un error" in pagina.locator(SELECTOR_PROPIA).inner_text()
    # Corrected, the calculator computes again.
    escribir(control, "75")
    assert esperar(pagina, SELECTOR_PROPIA, ("listo", "resultado")) in ("listo", "resultado")
    assert pagina.locator(".sb-errores").is_hidden()


def reintegro_validar(bases: dict) -> str:
    """reintegro.navegador.validar_bases on CPython (what the page's worker runs)."""
    programa = "import sys; from reintegro import navegador; print(navegador.validar_bases(sys.stdin.read()))"
    entorno = {**os.environ, "PYTHONPATH": str(MOTOR.parent), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", programa], input=json.dumps(bases), capture_output=True, text=True,
                          encoding="utf-8", env=entorno, check=True).stdout


def _valida() -> dict:
    """The example bases a user wrote outside the project, as JSON."""
    return json.loads(json.dumps(tomllib.loads(EJEMPLO.read_text(encoding="utf-8"))))


BOMBA = "#bases=" + base64url(deflate_raw(b" " * 5_000_000))
HOSTILES = {
    "base64-roto": "#bases=%%%",
    "demasiado-largo": "#bases=" + "A" * 70_000,
    "no-deflate": "#bases=aG9sYSBtdW5kbw",
    "bomba-de-compresion": BOMBA,
    "no-json": "#bases=" + base64url(deflate_raw(b"hola mundo")),
    "no-objeto": fragmento_bases(["no", "un", "objeto"]),
    "utf8-roto": "#bases=" + base64url(deflate_raw(b'{"id": "\xff\xfe"}')),
    "caso-roto": fragmento_bases({"id": "x"}) + "&caso=%%%",
    "contaminar-prototipo": fragmento_bases(json.loads(
        '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "id": "x"}')),
}


@pytest.mark.parametrize("nombre", list(HOSTILES))
def test_enlace_de_bases_hostil(nombre, sitio, contexto):
    dialogos = []
    pagina = abrir(contexto, sitio, HOSTILES[nombre])
    pagina.on("dialog", lambda d: (dialogos.append(d.message), d.dismiss()))
    pagina.wait_for_function("""() => /El enlace no se puede abrir|Sus bases tienen/.test(
        document.querySelector(".sus-bases")?.innerText ?? "")""")
    texto = pagina.locator(".sus-bases").inner_text()
    assert "El enlace no se puede abrir" in texto or "Sus bases tienen" in texto, texto[:400]
    assert pagina.evaluate("() => window.__violaciones") == []
    assert pagina.evaluate("() => [window.polluted, ({}).polluted, Object.prototype.polluted]") == [None] * 3
    pagina.wait_for_timeout(300)
    assert dialogos == []
    assert not contexto.errores, contexto.errores


def test_textos_con_script_se_muestran_como_texto(sitio, contexto):
    bases = _valida()
    ataque = "<img src=x onerror=alert(1)></script><script>alert(2)</script>"
    bases["titulo"] = ataque
    bases["parrafos"]["apartado-1"]["referencia"] = ataque
    bases["regimen"]["texto_total"] = ataque
    caso = {"importe_concedido": "1000", "gasto_justificado": "100"}
    dialogos = []
    pagina = contexto.pagina()
    pagina.on("dialog", lambda d: (dialogos.append(d.message), d.dismiss()))
    pagina.goto(f"{sitio}sus-bases/{fragmento_bases(bases, caso)}")
    assert esperar(pagina, SELECTOR_PROPIA, ("resultado", "error")) == "resultado"
    assert campo_de_bases(pagina, "Título").input_value() == ataque
    assert ataque in pagina.locator(SELECTOR_PROPIA).inner_text()
    pagina.wait_for_timeout(300)
    assert dialogos == []
    assert pagina.locator('img[src="x"]').count() == 0
    assert not contexto.errores, contexto.errores


def test_caso_de_otras_bases_se_ofrece_por_su_titulo(sitio, contexto):
    pagina = contexto.pagina()
    caso = caso_json("art21-umbral-75")
    pagina.goto(f"{sitio}bases/csd-art12/{fragmento_de(caso)}")
    assert esperar(pagina, SELECTOR, ("error", "resultado", "listo")) == "error"
    errores = pagina.locator(f"{SELECTOR} .rc-errores-generales")
    assert f"El enlace es un caso de «{TITULO_ART21}»" in errores.inner_text()
    assert "art21-umbral-75" not in errores.inner_text()
    abrir_alli = errores.get_by_role("link", name=f"Abrirlo en la página de «{TITULO_ART21}»")
    abrir_alli.click()
    pagina.wait_for_url("**/bases/art21-umbral-75/**")
    destino = '[data-calculadora="art21-umbral-75"]'  # not the page left behind, until it is replaced
    assert esperar(pagina, destino, ("resultado", "error")) == "resultado"
    assert json.loads(pagina.locator(f"{destino} script[data-resultado]").text_content())["caso"]["bases"] == \
        "art21-umbral-75"
    assert not contexto.errores, contexto.errores


def test_bases_desde_un_archivo(sitio, contexto, tmp_path):
    bases = _valida()
    archivo = tmp_path / "ayudas-culturales.json"
    archivo.write_text(json.dumps(bases, ensure_ascii=False), encoding="utf-8")
    pagina = abrir(contexto, sitio)
    with pagina.expect_file_chooser() as eleccion:
        pagina.get_by_role("button", name="Abrir unas bases guardadas").click()
    eleccion.value.set_files(str(archivo))
    pagina.locator(".sb-mensajes").get_by_text("Bases cargadas desde el archivo").wait_for()
    assert campo_de_bases(pagina, "Porcentaje mínimo (umbral)").input_value() == "60"
    calculadora = pagina.locator(SELECTOR_PROPIA)
    pagina.wait_for_function("() => document.querySelector('[data-bases-propias]').dataset.calculadora === 'ayudas-culturales'")
    calculadora.locator("[name='importe_concedido']").fill("10.000")
    calculadora.locator("[name='gasto_justificado']").fill("5.000")
    assert esperar(pagina, SELECTOR_PROPIA, ("resultado", "error")) == "resultado"
    en_pagina = resultado(pagina)
    _, caso = del_enlace(pagina.url)
    with pagina.expect_download() as descarga:
        pagina.get_by_role("button", name="Descargar sus bases (archivo)").click()
    descargado = tmp_path / "descargado.json"
    descarga.value.save_as(descargado)
    assert calcular_con_bases(descargado, caso, tmp_path) == en_pagina
    # The same rules in the TOML a user wrote outside the project: the same
    # result, its citations to bases/<id>/ instead of this page.
    del_toml = calcular_con_bases(EJEMPLO, caso, tmp_path)
    assert json.loads(json.dumps(del_toml).replace("bases/ayudas-culturales/#", "sus-bases/#")) == en_pagina
    assert en_pagina["regimen"] == "total"
    assert not contexto.errores, contexto.errores



def test_un_enlace_con_sus_bases_en_otra_calculadora_se_ofrece_en_sus_bases(sitio, contexto):
    bases = {**_valida(), "pagina_web": "sus-bases/"}
    caso = {"importe_concedido": "8000", "gasto_justificado": "6000"}
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}bases/csd-art12/{fragmento_bases(bases, caso)}")
    assert esperar(pagina, SELECTOR, ("error", "resultado", "listo")) == "error"
    errores = pagina.locator(f"{SELECTOR} .rc-errores-generales")
    assert "unas bases descritas por el usuario" in errores.inner_text()
    errores.get_by_role("link", name="Abrirlo en «Sus bases»").click()
    pagina.wait_for_url("**/sus-bases/**")
    assert esperar(pagina, SELECTOR_PROPIA, ("resultado", "error")) == "resultado"
    assert resultado(pagina)["bases"] == "ayudas-culturales"
    assert not contexto.errores, contexto.errores


def test_cada_modelo_da_unas_bases_validas_que_calculan(sitio, contexto, tmp_path):
    """Each model («como el art. 21…»), through the form, is accepted by the
    engine and computes a case as the command line does with its file; the
    case in the calculator stays as the model changes."""
    pagina = abrir(contexto, sitio)
    modelos = pagina.locator("#sb-modelo option")
    valores = modelos.evaluate_all("os => os.map((o) => [o.value, o.textContent])")
    assert len(valores) == 5
    assert any(t.startswith("Como Art. 21 (umbral del 75 %): umbral del 75 % del importe concedido") for _, t in valores)
    esperar(pagina, SELECTOR_PROPIA, ("listo",))
    calculadora = pagina.locator(SELECTOR_PROPIA)
    calculadora.locator("[name='importe_concedido']").fill("20.000")
    calculadora.locator("[name='coste_proyecto']").fill("25.000")
    calculadora.locator("[name='gasto_justificado']").fill("15.000")
    calculadora.get_by_role("button", name="Añadir pago").click()
    calculadora.get_by_label("Fecha del pago 1", exact=True).fill("2024-01-10")
    calculadora.get_by_label("Importe del pago 1", exact=True).fill("20.000")
    calculadora.locator("[name='fecha_resolucion']").fill("2025-02-01")
    for valor, titulo in valores:
        pagina.locator("#sb-modelo").select_option(valor)
        pagina.get_by_role("button", name="Usar este modelo").click()
        pagina.locator(".sb-mensajes").get_by_text(titulo).wait_for()
        assert esperar(pagina, SELECTOR_PROPIA, ("resultado", "error")) == "resultado", titulo
        bases, caso = del_enlace(pagina.url)
        assert caso["importe_concedido"] == "20000.00" and caso["pagos"], caso
        archivo = tmp_path / f"{valor}.json"
        archivo.write_text(json.dumps(bases, ensure_ascii=False), encoding="utf-8")
        assert calcular_con_bases(archivo, caso, tmp_path) == resultado(pagina), titulo
    assert not contexto.errores, contexto.errores


def test_renombrar_un_parrafo_lleva_sus_citas_y_el_foco_sigue(sitio, contexto):
    pagina = abrir(contexto, sitio)
    esperar(pagina, SELECTOR_PROPIA, ("listo", "resultado"))
    identificador = pagina.locator("#apartado-2 > .fb-campo input").first
    identificador.fill("umbral")
    identificador.press("Tab")
    # The paragraph takes its new anchor, the criteria citing it follow,
    # and the focus is where Tab took it (the paragraph's next field).
    pagina.locator("#umbral").wait_for()
    assert pagina.locator("#apartado-2").count() == 0
    assert pagina.evaluate("() => document.activeElement.closest('#umbral') !== null")
    assert pagina.evaluate("() => document.activeElement.tagName") in ("INPUT", "TEXTAREA")
    umbral = campo_de_bases(pagina, "Párrafo del umbral")
    assert umbral.input_value() == "umbral"
    assert esperar(pagina, SELECTOR_PROPIA, ("listo", "resultado")) in ("listo", "resultado")
    bases, _ = del_enlace(pagina.url)
    assert "umbral" in bases["parrafos"] and bases["regimen"]["ancla"] == "umbral"
    assert not contexto.errores, contexto.errores
