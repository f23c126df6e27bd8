"""The bridge the browser's Web Worker calls through Pyodide. JSON text in,
JSON text out: amounts never cross the bridge as JavaScript numbers.

Importing it also loads all the rule data (catalogo.cargar_todo): the worker
copies Pyodide's memory right after this import, and a returning visitor's
runtime, restored from that copy, computes its first case without reading
and validating the bases' TOML files first (about 40 ms less in Chromium,
measured with calculator/comparar.py). The copy still holds no case: nothing
is computed.
"""

from __future__ import annotations

import json

from .catalogo import cargar_todo, todas_las_bases
from .entrada import leer_caso_json
from .errores import CasoInvalido
from .formulario import formulario as _formulario
from .motor import calcular as _calcular

cargar_todo()


def calcular(texto_caso: str) -> str:
    try:
        resultado = _calcular(leer_caso_json(texto_caso))
    except CasoInvalido as error:
        return json.dumps(
            {"estado": "error", "errores": [e.como_dict() for e in error.errores]}, ensure_ascii=False
        )
    # One compact serialisation: the page writes the command line's indented
    # text itself (JSON.stringify(resultado, null, 2) gives the same
    # characters as salida.resultado_a_json), which costs Python more than
    # computing the case.
    return json.dumps({"estado": "resultado", "resultado": resultado}, ensure_ascii=False)


def formulario(id_bases: str) -> str:
    return json.dumps(_formulario(id_bases), ensure_ascii=False)


def catalogo() -> str:
    return json.dumps(
        [{"id": b.id, "titulo": b.titulo, "pagina": b.pagina} for b in todas_las_bases()], ensure_ascii=False
    )
