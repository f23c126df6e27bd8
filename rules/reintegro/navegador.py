"""The bridge the browser's Web Worker calls through Pyodide. JSON text in,
JSON text out: amounts never cross the bridge as JavaScript numbers.

A refused case comes back in the page's words (``mensajes``): each error
names its field by the form's label (``etiqueta``) and its message names
other fields by their labels and gives examples in the form's format
(1.234,56; dd/mm/aaaa), never a JSON name.

With a user's own bases (the JSON of the «Sus bases» page), ``calcular``,
``barrido`` and ``comparar`` compute under it; ``validar_bases`` checks it
and gives its form.

Importing it also loads all the rule data (catalogo.cargar_todo): the worker
copies Pyodide's memory right after this import, and a returning visitor's
runtime, restored from that copy, computes its first case without reading
and validating the bases' TOML files first (about 40 ms less in Chromium,
measured with benchmarks/comparar.py). The copy still holds no case: nothing
is computed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import date
from functools import lru_cache

from .barrido import barrido as _barrido
from .bases_propias import BasesInvalidas, leer_bases
from .calculo import Calculo
from .catalogo import bases as _bases
from .catalogo import campos_genericos, cargar_todo, ids_de_bases, todas_las_bases
from .comparar import comparar as _comparar
from .entrada import cargar_json, leer_caso
from .errores import CasoInvalido, ErrorDeCampo
from .formulario import formulario as _formulario
from .formulario import referencias
from .mensajes import PLANTILLAS, Campo, redactar
from .modelo_bases import Bases
from .motor import calcular as _calcular

cargar_todo()

PAGINA_BASES_PROPIAS = "sus-bases/"
_OTRAS = {"bases": "Bases reguladoras", "referencia": "Referencias del informe"}
_PAGO = re.compile(r"pagos\.(\d+)(?:\.(fecha|importe))?")


def _json(datos: object) -> str:
    # The page parses this text and never shows it: ASCII escapes (\u00e1,
    # which CPython's encoder writes about twice as fast), no spaces, and no
    # check for cycles (a result is a tree; a citation shared by two steps is
    # written twice).
    return json.dumps(datos, separators=(",", ":"), check_circular=False)


@lru_cache(maxsize=4)
def _bases_propias(texto_bases: str) -> Bases:
    """A user's own bases from the JSON the page sends (read once per text)."""
    return leer_bases(texto_bases, "json", pagina_web=PAGINA_BASES_PROPIAS)


def _errores(errores: list[ErrorDeCampo], de: object = None, estado: str = "error") -> str:
    etiqueta = etiquetas(de)
    return _json({"estado": estado, "errores": [para_la_pagina(e, etiqueta) for e in errores]})


def _caso(texto_caso: str, texto_bases: str | None):
    """(the case's JSON value, the user's bases or None); BasesInvalidas or
    CasoInvalido if either cannot be read."""
    propias = _bases_propias(texto_bases) if texto_bases else None
    return cargar_json(texto_caso), propias


def _de(datos: object, propias: Bases | None) -> object:
    """Whose labels name the fields of an error: the user's bases or the case's."""
    return propias if propias is not None else (datos.get("bases") if isinstance(datos, dict) else None)


def calcular(texto_caso: str, texto_bases: str | None = None, hoy: str | None = None) -> str:
    """The result of a case, under one of the site's bases or, with
    ``texto_bases``, under the user's own. ``hoy`` (ISO date): the day the
    result is computed on, today unless given (the golden corpus page gives
    the corpus's fixed day)."""
    datos, propias = None, None
    dia = date.fromisoformat(hoy) if hoy else None
    try:
        datos, propias = _caso(texto_caso, texto_bases)
        resultado = _calcular(leer_caso(datos, dia, b=propias), dia, b=propias)
    except BasesInvalidas as error:
        return _errores(error.errores, estado="bases-invalidas")
    except CasoInvalido as error:
        return _errores(error.errores, _de(datos, propias))
    # One compact serialisation: the page writes the command line's indented
    # text itself (JSON.stringify(resultado, null, 2) gives the same
    # characters as salida.resultado_a_json), which would cost Python more
    # than computing the case.
    return _json({"estado": "resultado", "resultado": resultado})


def barrido(texto_caso: str, texto_bases: str | None = None) -> str:
    """What must be returned against accepted expense, for the chart."""
    datos, propias = None, None
    try:
        datos, propias = _caso(texto_caso, texto_bases)
        caso = leer_caso(datos, b=propias)
    except BasesInvalidas as error:
        return _errores(error.errores, estado="bases-invalidas")
    except CasoInvalido as error:
        return _errores(error.errores, _de(datos, propias))
    c = Calculo(propias or _bases(caso.bases), caso, date.today())
    return _json({"estado": "barrido", "barrido": _barrido(c, c.computo())})


def comparar(texto_caso: str, texto_bases: str | None = None) -> str:
    """One case under every bases: {bases id: result or {"errores": […]}}."""
    try:
        datos, propias = _caso(texto_caso, texto_bases)
    except BasesInvalidas as error:
        return _errores(error.errores, estado="bases-invalidas")
    except CasoInvalido as error:
        return _errores(error.errores)
    if not isinstance(datos, dict):
        return _errores([ErrorDeCampo.de("caso", "objeto_caso")])
    return _json({"estado": "comparacion", "resultados": _comparar(datos, propias)})


def validar_bases(texto_bases: str) -> str:
    """A user's bases checked: its form, or its errors field by field."""
    try:
        propias = _bases_propias(texto_bases)
    except BasesInvalidas as error:
        return _json({"estado": "bases-invalidas", "errores": [e.como_dict() for e in error.errores]})
    return _json({"estado": "bases", "formulario": _formulario(propias)})


def leer_articulo(texto_articulo: str) -> str:
    """An article's text read into a bases (reintegro.lector): the reading
    (bases, criterios, sin_reconocer), or the Spanish message why not."""
    from .lector import ArticuloIlegible, leer_articulo as leer

    try:
        lectura = leer(texto_articulo)
    except ArticuloIlegible as error:
        return _json({"estado": "ilegible", "mensaje": error.mensaje})
    return _json({"estado": "lectura", **lectura})


def etiquetas(de: object) -> Callable[[str], str | None]:
    """field path -> the label the page's form shows for it (None: no such
    field), in the form of ``de`` (a bases id or a user's Bases: its own
    labels), or the generic ones."""
    genericos = campos_genericos()
    if isinstance(de, Bases) or de in ids_de_bases():
        propias = {c["campo"]: c["etiqueta"] for c in _formulario(de)["campos"]}
    else:
        propias = {}
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


def lote_abrir(texto: str) -> str:
    """«Muchos casos»: a batch's file opened (reintegro.lote.pagina, imported
    only by that page: it is not in the memory snapshot of every page)."""
    from .lote import pagina

    return pagina.abrir(texto)


def lote_siguientes(cuantas: str) -> str:
    from .lote import pagina

    return pagina.siguientes(cuantas)


def lote_plantilla(id_bases: str) -> str:
    from .lote.plantilla import plantilla

    return plantilla(id_bases)


def formulario(id_bases: str) -> str:
    return _json(_formulario(id_bases))


def catalogo() -> str:
    return _json([{"id": b.id, "titulo": b.titulo, "pagina": b.pagina} for b in todas_las_bases()])
