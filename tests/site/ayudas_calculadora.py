"""Helpers for the browser tests (imported by test_calculadora.py)."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from urllib.parse import urlsplit

RAIZ = Path(__file__).resolve().parents[2]
MOTOR = Path(os.environ.get("REINTEGRO_MOTOR_DIR") or RAIZ / "rules" / "reintegro").resolve()
ESPERA_MOTOR_MS = 90_000

def calcular_en_cpython(caso: dict) -> tuple[int, str, str]:
    """``python -m reintegro calcular -`` on CPython, with the engine the
    site was built from. Returns (exit code, stdout, stderr)."""
    entorno = {**os.environ, "PYTHONPATH": str(MOTOR.parent), "PYTHONDONTWRITEBYTECODE": "1"}
    proceso = subprocess.run(
        [sys.executable, "-m", "reintegro", "calcular", "-"],
        input=json.dumps(caso, ensure_ascii=False), capture_output=True, text=True,
        encoding="utf-8", env=entorno,
    )
    return proceso.returncode, proceso.stdout, proceso.stderr


def caso_del_fragmento(url: str) -> dict:
    fragmento = urlsplit(url).fragment
    assert fragmento.startswith("caso="), f"la dirección no lleva el caso: {url}"
    datos = fragmento[len("caso="):]
    return json.loads(base64.urlsafe_b64decode(datos + "=" * (-len(datos) % 4)).decode("utf-8"))


def fragmento_de(caso: dict) -> str:
    datos = base64.urlsafe_b64encode(json.dumps(caso).encode("utf-8")).decode("ascii").rstrip("=")
    return "#caso=" + datos


def esperar_estado(pagina, estados: tuple[str, ...], selector: str = "[data-calculadora]") -> str:
    pagina.wait_for_function(
        """([selector, estados]) => {
            const r = document.querySelector(selector);
            // data-pendiente: an edit not computed yet; the state would be stale.
            return r && estados.includes(r.dataset.estado) && !r.hasAttribute("data-pendiente");
        }""",
        arg=[selector, list(estados)],
        timeout=ESPERA_MOTOR_MS,
    )
    return pagina.eval_on_selector(selector, "r => r.dataset.estado")



def errores_de_la_pagina_en_cpython(caso: dict) -> list[dict]:
    """The errors the page shows for ``caso``: ``reintegro.navegador.calcular``
    (the bridge the page's worker calls) run on CPython with the engine the
    site was built from. [{campo, etiqueta, mensaje, codigo}]"""
    entorno = {**os.environ, "PYTHONPATH": str(MOTOR.parent), "PYTHONDONTWRITEBYTECODE": "1"}
    programa = "import sys; from reintegro import navegador; print(navegador.calcular(sys.stdin.read()))"
    proceso = subprocess.run(
        [sys.executable, "-c", programa], input=json.dumps(caso, ensure_ascii=False),
        capture_output=True, text=True, encoding="utf-8", env=entorno, check=True,
    )
    respuesta = json.loads(proceso.stdout)
    assert respuesta["estado"] == "error", respuesta
    return respuesta["errores"]


def importe_de(texto: str) -> Decimal:
    """"−1.234,56 €" (as the page writes it) -> Decimal("-1234.56")."""
    limpio = texto.replace("\u00a0", "").replace("€", "").replace(" ", "").replace("−", "-")
    return Decimal(limpio.replace(".", "").replace(",", "."))
