"""Helpers for the «Sus bases» and «Comparar» browser tests: the #bases=
link as the page writes it (deflate-raw, base64url), and the command line
with a user's bases file."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import zlib
from pathlib import Path
from urllib.parse import urlsplit

from ayudas_calculadora import MOTOR

SELECTOR_PROPIA = "[data-bases-propias]"


def base64url(datos: bytes) -> str:
    return base64.urlsafe_b64encode(datos).decode("ascii").rstrip("=")


def de_base64url(texto: str) -> bytes:
    return base64.urlsafe_b64decode(texto + "=" * (-len(texto) % 4))


def deflate_raw(datos: bytes) -> bytes:
    compresor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compresor.compress(datos) + compresor.flush()


def fragmento_bases(bases: object, caso: dict | None = None) -> str:
    """"#bases=…[&caso=…]", as enlace-bases.js writes it."""
    fragmento = "#bases=" + base64url(deflate_raw(json.dumps(bases).encode("utf-8")))
    if caso is not None:
        fragmento += "&caso=" + base64url(json.dumps(caso).encode("utf-8"))
    return fragmento


def del_enlace(url: str) -> tuple[dict | None, dict | None]:
    """(bases, case) carried by a «Sus bases» link."""
    partes = dict(p.split("=", 1) for p in urlsplit(url).fragment.split("&") if "=" in p)
    bases = json.loads(zlib.decompress(de_base64url(partes["bases"]), -15)) if "bases" in partes else None
    caso = json.loads(de_base64url(partes["caso"])) if "caso" in partes else None
    return bases, caso


def reintegro(*argumentos: str, entrada: str | None = None) -> subprocess.CompletedProcess:
    """``python -m reintegro …`` on CPython with the engine the site was built from."""
    entorno = {**os.environ, "PYTHONPATH": str(MOTOR.parent), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "reintegro", *argumentos], input=entrada, capture_output=True,
                          text=True, encoding="utf-8", env=entorno)


def calcular_con_bases(archivo_bases: Path, caso: dict, carpeta: Path) -> dict:
    ruta = carpeta / "caso.json"
    ruta.write_text(json.dumps(caso, ensure_ascii=False), encoding="utf-8")
    proceso = reintegro("calcular", "--bases", str(archivo_bases), str(ruta))
    assert proceso.returncode == 0, proceso.stderr
    return json.loads(proceso.stdout)


def esperar(pagina, selector: str, estados: tuple[str, ...]) -> str:
    pagina.wait_for_function(
        """([selector, estados]) => {
            const r = document.querySelector(selector);
            return r && estados.includes(r.dataset.estado) && !r.hasAttribute("data-pendiente");
        }""", arg=[selector, list(estados)], timeout=90_000)
    return pagina.eval_on_selector(selector, "r => r.dataset.estado")


def rellenar_caso_del_articulo_21(calculadora, gasto_justificado: str) -> None:
    """The case both «Sus bases» paths type: 10.000 € granted and paid on
    01/03/2024, the expense given, publicity not done, resolution 30/06/2025."""
    calculadora.locator("[name='importe_concedido']").wait_for()
    calculadora.locator("[name='importe_concedido']").fill("10.000")
    calculadora.locator("[name='gasto_justificado']").fill(gasto_justificado)
    calculadora.locator("[name='publicidad']").select_option("incumplida")
    calculadora.locator("[name='fecha_resolucion']").fill("2025-06-30")
    calculadora.get_by_role("button", name="Añadir pago").click()
    calculadora.get_by_label("Fecha del pago 1", exact=True).fill("2024-03-01")
    calculadora.get_by_label("Importe del pago 1", exact=True).fill("10.000")
