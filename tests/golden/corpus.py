"""The golden corpus: hand-derived cases in YAML, one file per bases.

Shared by the CPython test (tests/engine/test_golden.py) and the Pyodide run
(tests/pyodide): ``cargar`` reads the YAML files (or, where PyYAML is absent,
the JSON the host wrote from them); ``comprobar`` returns what differs.
"""

from __future__ import annotations

import json
import operator
from datetime import date
from pathlib import Path

CARPETA = Path(__file__).parent
HOY = date(2026, 11, 29)  # fixed "today", so no case depends on the day it runs


def cargar() -> dict[str, list[dict]]:
    """{file name: [cases]}, the bases of each file merged into its cases."""
    import yaml

    corpus = {}
    for ruta in sorted(CARPETA.glob("*.yaml")):
        datos = yaml.safe_load(ruta.read_text(encoding="utf-8"))
        corpus[ruta.stem] = [_con_bases(datos.get("bases"), c) for c in datos["casos"]]
    return corpus


def cargar_json(ruta: Path) -> dict[str, list[dict]]:
    return json.loads(ruta.read_text(encoding="utf-8"))


def _con_bases(bases: str | None, caso: dict) -> dict:
    if bases is None:
        return caso
    return {**caso, "caso": {"bases": bases, **caso["caso"]}}


def valor_en(resultado: object, ruta: str) -> object:
    """The value at a dotted path ("intereses.periodos.0.dias")."""
    actual = resultado
    for parte in ruta.split("."):
        actual = actual[int(parte)] if isinstance(actual, list) else actual[parte]
    return actual


def comprobar(ejemplo: dict, b=None, igual_texto=None) -> list[str]:
    """Differences between a golden case and what the engine computes. Under
    ``b``, a user's own bases instead of the site's one the case names, the
    result's first note (bases-propias: «bases descritas por usted») is left
    out, so that the notes' paths hold; ``igual_texto(esperado, obtenido)``
    then compares the texts (paths ending in .texto, .titulo, .etiqueta),
    which carry the bases' own labels."""
    from reintegro import CasoInvalido, calcular, calcular_caso, leer_caso

    try:
        if b is None:
            resultado = calcular_caso(ejemplo["caso"], hoy=HOY)
        else:
            resultado = calcular(leer_caso({**ejemplo["caso"], "bases": b.id}, HOY, b), HOY, b)
            resultado["notas"] = [n for n in resultado["notas"] if n["codigo"] != "bases-propias"]
    except CasoInvalido as error:
        obtenidos = {e.campo: e.mensaje for e in error.errores}
        if "errores" not in ejemplo:
            return [f"caso rechazado: {obtenidos}"]
        return [
            f"{campo}: se esperaba un mensaje con «{texto}», se obtuvo «{obtenidos.get(campo)}»"
            for campo, texto in ejemplo["errores"].items()
            if texto not in (obtenidos.get(campo) or "")
        ]
    if "errores" in ejemplo:
        return ["se esperaba un rechazo y el caso se calculó"]
    fallos = []
    for ruta, esperado in ejemplo.get("espera", {}).items():
        try:
            obtenido = valor_en(resultado, ruta)
        except (KeyError, IndexError):
            obtenido = "(no existe)"
        de_texto = igual_texto is not None and ruta.rsplit(".", 1)[-1] in ("texto", "titulo", "etiqueta")
        if not (igual_texto if de_texto else operator.eq)(esperado, obtenido):
            fallos.append(f"{ruta}: se esperaba {esperado!r}, se obtuvo {obtenido!r}")
    codigos = [n["codigo"] for n in resultado["notas"]]
    fallos += [f"falta la nota {c}" for c in ejemplo.get("notas", []) if c not in codigos]
    fallos += [f"sobra la nota {c}" for c in ejemplo.get("sin_notas", []) if c in codigos]
    if "citas" in ejemplo:
        citas = [p["cita"]["ancla"] for p in resultado["pasos"] if p["bloque"] == "importe_final"]
        if citas != ejemplo["citas"]:
            fallos.append(f"citas: se esperaba {ejemplo['citas']}, se obtuvo {citas}")
    return fallos
