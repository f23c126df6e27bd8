"""One row of a batch -> its case -> the output row.

The figures are those of ``motor.calcular`` for the same case and the same
day (``hoy``, fixed once for the whole batch, as ``calcular`` takes today's
date): the row only picks them out of the result. A row that cannot be
computed gets, in ``errores``, the Spanish messages the page would show,
each after its field's label (``navegador.para_la_pagina``).
"""

from __future__ import annotations

import base64
import json
from datetime import date
from decimal import Decimal

from ..caso import Caso
from ..catalogo import bases as bases_del_sitio
from ..datos import leer_toml
from ..entrada import cargar_json, leer_caso
from ..errores import CasoInvalido, ErrorDeCampo
from ..modelo_bases import Bases
from ..motor import calcular
from ..navegador import etiquetas, para_la_pagina

SEPARADOR_DE_ERRORES = " | "
PLAZOS_PRIMEROS = ("prescripcion", "caducidad")
IDS_DE_LECTURAS: tuple[str, ...] = tuple(leer_toml("lecturas.toml")["lecturas"])

COLUMNAS = (
    "fila", "expediente", "bases", "importe_concedido", "estado", "total_a_ingresar", "reintegro", "intereses", "regimen",
    *IDS_DE_LECTURAS,  # each rival reading's total a ingresar, under its id
    "notas", "primer_plazo", "primer_plazo_fecha", "enlace",
)
COLUMNAS_MARGEN = (
    "margen_gasto_aceptado_minimo", "margen_falta", "margen_reintegro_al_alcanzarlo",
    "margen_interes_diario", "margen_si_ingresa_hoy",
)


def columnas(con_margen: bool) -> tuple[str, ...]:
    return (*COLUMNAS, *(COLUMNAS_MARGEN if con_margen else ()), "errores")


def _base64url(texto: str) -> str:
    return base64.urlsafe_b64encode(texto.encode("utf-8")).decode("ascii").rstrip("=")


def enlace(caso: Caso, como_json: dict) -> str:
    """The case on its bases page, relative to the site's root: the fields
    the row gives, as the JSON of the contract, compact, base64url without
    padding (caso.js codificarCaso, DOMAIN.md «The calculator in the page»).
    ``como_json``: the case as the result holds it (every field), from which
    the fields given are taken (``model_dump(exclude_unset=True)`` again
    would cost a second serialisation of the case)."""
    dados = {k: v for k, v in como_json.items() if k in caso.model_fields_set}
    if dados.get("referencia"):
        dados["referencia"] = {k: v for k, v in dados["referencia"].items() if k in caso.referencia.model_fields_set}
    texto = json.dumps(dados, ensure_ascii=False, separators=(",", ":"))
    return f"{bases_del_sitio(caso.bases).pagina}#caso={_base64url(texto)}"


def _primer_plazo(resultado: dict) -> tuple[str, str]:
    plazos = [p for p in resultado["plazos"] if p["id"] in PLAZOS_PRIMEROS]
    if not plazos:
        return "", ""
    primero = min(plazos, key=lambda p: p["fecha"])
    return primero["id"], primero["fecha"]


def _margen(resultado: dict) -> dict[str, str]:
    margen = resultado["margen"]
    de_gasto = [u for u in margen["umbrales"] if "gasto_aceptado_minimo" in u]
    umbral = de_gasto[0] if de_gasto else {}
    hoy = margen.get("si_ingresa_el") or {}
    return {
        "margen_gasto_aceptado_minimo": umbral.get("gasto_aceptado_minimo", ""),
        "margen_falta": umbral.get("falta", ""),
        "margen_reintegro_al_alcanzarlo": umbral.get("reintegro_al_alcanzarlo", ""),
        "margen_interes_diario": margen.get("interes_diario") or "",
        "margen_si_ingresa_hoy": hoy.get("total_a_ingresar", ""),
    }


def fila_calculada(numero: int, caso: Caso, resultado: dict, propia: bool, con_margen: bool) -> dict[str, str | int]:
    """The row of a computed case (``propia``: under a user's own bases,
    which no page of the site holds: no link)."""
    lecturas = {lectura["id"]: lectura["total_a_ingresar"] for lectura in resultado["lecturas"]}
    plazo, fecha_plazo = _primer_plazo(resultado)
    fila = {
        "fila": numero,
        "expediente": (resultado["caso"].get("referencia") or {}).get("expediente") or "",
        "bases": resultado["bases"],
        "importe_concedido": resultado["importe_concedido"],
        "estado": "ok",
        "total_a_ingresar": resultado["total_a_ingresar"],
        "reintegro": resultado["reintegro"],
        "intereses": resultado["intereses"]["total"],
        "regimen": resultado["regimen"],
        **{i: lecturas.get(i, "") for i in IDS_DE_LECTURAS},
        "notas": " ".join(n["codigo"] for n in resultado["notas"]),
        "primer_plazo": plazo,
        "primer_plazo_fecha": fecha_plazo,
        "enlace": "" if propia else enlace(caso, resultado["caso"]),
    }
    if con_margen:
        fila.update(_margen(resultado))
    fila["errores"] = ""
    return fila


def _expediente(datos: object) -> str:
    referencia = datos.get("referencia") if isinstance(datos, dict) else None
    valor = referencia.get("expediente") if isinstance(referencia, dict) else None
    return valor[:100] if isinstance(valor, str) else ""


def fila_con_errores(numero: int, datos: object, errores: list[ErrorDeCampo], propias: Bases | None,
                     con_margen: bool) -> dict[str, str | int]:
    """The row of a case that cannot be computed: its messages in the page's words."""
    de = propias if propias is not None else (datos.get("bases") if isinstance(datos, dict) else None)
    etiqueta = etiquetas(de)
    mensajes = [para_la_pagina(e, etiqueta) for e in errores]
    fila: dict[str, str | int] = dict.fromkeys(columnas(con_margen), "")
    fila.update({
        "fila": numero, "expediente": _expediente(datos), "estado": "error",
        "bases": propias.id if propias is not None else (de if isinstance(de, str) else ""),
        "errores": SEPARADOR_DE_ERRORES.join(f"{m['etiqueta']}: {m['mensaje']}" for m in mensajes),
    })
    return fila


def calcular_fila(numero: int, datos: object, hoy: date, propias: Bases | None = None,
                  con_margen: bool = False) -> dict[str, str | int]:
    """The output row of one case (its JSON value, or a CasoInvalido already
    raised while reading its cells)."""
    try:
        if isinstance(datos, CasoInvalido):
            raise datos
        if isinstance(datos, str):  # a JSONL line: calcular's own input text
            datos = cargar_json(datos)
        caso = leer_caso(datos, hoy, b=propias)
        resultado = calcular(caso, hoy, b=propias, con_margen=con_margen)
    except CasoInvalido as error:
        return fila_con_errores(numero, datos, error.errores, propias, con_margen)
    return fila_calculada(numero, caso, resultado, propias is not None, con_margen)


def total(fila: dict) -> Decimal:
    return Decimal(fila["total_a_ingresar"]) if fila["estado"] == "ok" else Decimal(0)
