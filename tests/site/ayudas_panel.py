"""Helpers for the tests of «Qué puede hacer» and «Otras lecturas del texto»
(test_panel.py, test_lecturas.py): open a case from its link, read the
page's result, and the same case through the bridge on CPython."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from decimal import Decimal

from ayudas_calculadora import MOTOR, esperar_estado, fragmento_de

ANCHOS = {
    375: {"viewport": {"width": 375, "height": 812}, "is_mobile": True, "has_touch": True},
    1280: {"viewport": {"width": 1280, "height": 900}},
}
ESPERA_MS = 90_000


def euros(importe: str) -> str:
    """"-1234.5" -> "-1.234,50 €" (the page's formatearEuros)."""
    valor = Decimal(str(importe)).quantize(Decimal("0.01"))
    signo = "-" if valor < 0 else ""
    entero, decimales = f"{abs(valor):.2f}".split(".")
    grupos = f"{int(entero):,}".replace(",", ".")
    return f"{signo}{grupos},{decimales}\u00a0€"


def puente_cpython(funcion: str, *argumentos: str | None) -> dict:
    """``reintegro.navegador.<funcion>(*argumentos)`` on CPython, with the
    engine the site was built from: the bridge the page's worker calls."""
    entorno = {**os.environ, "PYTHONPATH": str(MOTOR.parent), "PYTHONDONTWRITEBYTECODE": "1"}
    programa = (
        "import json, sys; from reintegro import navegador; "
        f"print(getattr(navegador, {funcion!r})(*json.loads(sys.stdin.read())))"
    )
    proceso = subprocess.run(
        [sys.executable, "-c", programa], input=json.dumps(list(argumentos), ensure_ascii=False),
        capture_output=True, text=True, encoding="utf-8", env=entorno, check=True,
    )
    return json.loads(proceso.stdout)


def resultado_cpython(caso: dict, hoy: str) -> dict:
    respuesta = puente_cpython("calcular", json.dumps(caso, ensure_ascii=False), None, hoy)
    assert respuesta["estado"] == "resultado", respuesta
    return respuesta["resultado"]


def barrido_cpython(caso: dict) -> dict:
    respuesta = puente_cpython("barrido", json.dumps(caso, ensure_ascii=False))
    assert respuesta["estado"] == "barrido", respuesta
    return respuesta["barrido"]


def abrir_caso(nuevo_contexto, sitio: str, caso: dict, ancho: int, **opciones):
    """A shared link #caso=… opened in a fresh context; returns (context,
    page) once the result and the panel's chart are on screen."""
    c = nuevo_contexto(**ANCHOS[ancho], **opciones)
    pagina = c.pagina()
    pagina.goto(f"{sitio}bases/{caso['bases']}/{fragmento_de(caso)}")
    assert esperar_estado(pagina, ("resultado", "error")) == "resultado"
    esperar_grafico(pagina)
    return c, pagina


def esperar_grafico(pagina) -> str:
    pagina.wait_for_function(
        "() => { const g = document.querySelector('.rc-grafico'); return g && g.dataset.estado !== 'cargando'; }",
        timeout=ESPERA_MS,
    )
    return pagina.eval_on_selector(".rc-grafico", "g => g.dataset.estado")


def resultado_de_la_pagina(pagina) -> dict:
    return json.loads(pagina.eval_on_selector("[data-calculadora] script[data-resultado]", "s => s.textContent"))


def hoy_de_la_pagina(resultado: dict) -> str:
    """The day the page computed on: the engine names it where it uses it
    (a voluntary payment today, interest up to today); otherwise the result
    does not depend on it and today will do."""
    si_ingresa = (resultado.get("margen") or {}).get("si_ingresa_el")
    if si_ingresa:
        return si_ingresa["fecha"]
    if any(n["codigo"] == "fecha-hoy" for n in resultado.get("notas", [])):
        return resultado["intereses"]["fecha_fin"]
    return date.today().isoformat()


def mismo_resultado_que_cpython(pagina, caso: dict) -> dict:
    """The page's result is exactly CPython's for the same case and day."""
    del_navegador = resultado_de_la_pagina(pagina)
    de_cpython = resultado_cpython(caso, hoy_de_la_pagina(del_navegador))
    assert del_navegador == de_cpython
    return de_cpython
