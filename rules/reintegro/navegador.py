"""The bridge the browser's Web Worker calls through Pyodide. JSON text in,
JSON text out: amounts never cross the bridge as JavaScript numbers.

A refused case comes back in the page's words (``mensajes``): each error
names its field by the form's label (``etiqueta``) and its message names
other fields by their labels and gives examples in the form's format
(1.234,56; dd/mm/aaaa), never a JSON name.

Importing it also loads all the rule data (catalogo.cargar_todo): the worker
copies Pyodide's memory right after this import, and a returning visitor's
runtime, restored from that copy, computes its first case without reading
and validating the bases' TOML files first (about 40 ms less in Chromium,
measured with calculator/comparar.py). The copy still holds no case: nothing
is computed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from .catalogo import campos_genericos, cargar_todo, ids_de_bases, todas_las_bases
from .entrada import cargar_json, leer_caso
from .errores import CasoInvalido, ErrorDeCampo
from .formulario import formulario as _formulario
from .formulario import referencias
from .mensajes import PLANTILLAS, Campo, redactar
from .motor import calcular as _calcular
from .salida import resultado_a_json

cargar_todo()

_OTRAS = {"bases": "Bases reguladoras", "referencia": "Referencias del informe"}
_PAGO = re.compile(r"pagos\.(\d+)(?:\.(fecha|importe))?")


def calcular(texto_caso: str) -> str:
    datos = None
    try:
        datos = cargar_json(texto_caso)
        resultado = _calcular(leer_caso(datos))
    except CasoInvalido as error:
        etiqueta = etiquetas(datos.get("bases") if isinstance(datos, dict) else None)
        return json.dumps({"estado": "error", "errores": [para_la_pagina(e, etiqueta) for e in error.errores]},
                          ensure_ascii=False)
    return json.dumps(
        {"estado": "resultado", "resultado": resultado, "texto": resultado_a_json(resultado)},
        ensure_ascii=False,
    )


def etiquetas(id_bases: object) -> Callable[[str], str | None]:
    """field path -> the label the page's form shows for it (None: no such
    field), in the form of ``id_bases`` (its own labels), or the generic ones."""
    genericos = campos_genericos()
    propias = {c["campo"]: c["etiqueta"] for c in _formulario(id_bases)["campos"]} if id_bases in ids_de_bases() else {}
    de_referencia = {f"referencia.{r['campo']}": r["etiqueta"] for r in referencias()}

    def etiqueta(ruta: str) -> str | None:
        pago = _PAGO.fullmatch(ruta)
        if pago:
            numero, parte = int(pago.group(1)) + 1, pago.group(2)
            return genericos["pagos"][f"etiqueta_{parte}"].format(n=numero) if parte else f"Pago {numero}"
        if ruta in _OTRAS:
            return _OTRAS[ruta]
        if ruta in de_referencia:
            return de_referencia[ruta]
        return propias.get(ruta) or genericos.get(ruta, {}).get("etiqueta")

    return etiqueta


def para_la_pagina(error: ErrorDeCampo, etiqueta: Callable[[str], str | None]) -> dict[str, str | None]:
    """An error as the page shows it: its field's label, the message in the
    page's words (other fields named «by their labels») and its code (the
    page tells a missing field from a wrong one); also the command line's
    words, which the corpus page (/pruebas/corpus/) checks, never shown."""
    def nombrar(campo: Campo) -> str:
        return f"«{etiqueta(campo.ruta) or campo.ruta}»"

    propia = "Caso" if error.campo == "caso" else etiqueta(error.campo) or f"«{error.campo}»"
    propio = error.codigo is not None and PLANTILLAS[error.codigo].pagina is not None
    mensaje = redactar(error.codigo, error.datos, nombrar) if propio else error.mensaje
    return {"campo": error.campo, "etiqueta": propia, "mensaje": mensaje, "codigo": error.codigo,
            "linea_de_ordenes": error.mensaje}


def formulario(id_bases: str) -> str:
    return json.dumps(_formulario(id_bases), ensure_ascii=False)


def catalogo() -> str:
    return json.dumps(
        [{"id": b.id, "titulo": b.titulo, "pagina": b.pagina} for b in todas_las_bases()], ensure_ascii=False
    )
