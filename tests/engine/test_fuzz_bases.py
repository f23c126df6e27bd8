"""Fuzzing a user's bases file (issue 14: «fuzzing covers bases files as it
covers cases»). Arbitrary text, arbitrary JSON, and a valid bases with one
value corrupted, deleted or added, go to ``leer_bases`` (as the command line
and the browser bridge read them) and, when accepted, a case is computed
under them. Whatever comes in:

- no exception other than BasesInvalidas, never a traceback;
- a refused file gives one clear Spanish message per offending field, each
  naming its path;
- an accepted file computes a case, or refuses the case with CasoInvalido.

``make fuzz`` (HYPOTHESIS_PROFILE=fuzz) runs these with 10,000 examples each.
"""

from __future__ import annotations

import json
import os
import tomllib
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from reintegro import CasoInvalido
from reintegro.bases_propias import BasesInvalidas, leer_bases
from reintegro.entrada import leer_caso
from reintegro.motor import calcular

from .estrategias import HOY, es_mensaje_claro_en_espanol

FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
AJUSTES = settings(max_examples=10_000 if FUZZ else 150)
EJEMPLO = tomllib.loads((Path(__file__).parent / "bases_de_ejemplo" / "ayudas-culturales.toml").read_text("utf-8"))
CASO = {"importe_concedido": "10000", "gasto_justificado": "7000", "publicidad": "incumplida",
        "pagos": [{"fecha": "2025-01-10", "importe": "10000"}], "fecha_resolucion": "2025-01-10"}

escalares = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=20),
    st.sampled_from(["75", "-1", "100.5", "1e400", "umbral", "fija", "apartado-1", "publicidad", "<script>x</script>",
                     "__proto__", "gasto_sin_ofertas", "incumplida", "si", "laguna"]),
)
valores_json = st.recursive(escalares, lambda hijos: st.one_of(
    st.lists(hijos, max_size=4), st.dictionaries(st.text(max_size=12), hijos, max_size=4)), max_leaves=12)


def _rutas(valor: object, ruta: tuple = ()) -> list[tuple]:
    """Every path to a value inside the example bases."""
    salida = [ruta] if ruta else []
    if isinstance(valor, dict):
        for clave, dato in valor.items():
            salida += _rutas(dato, (*ruta, clave))
    elif isinstance(valor, list):
        for numero, dato in enumerate(valor):
            salida += _rutas(dato, (*ruta, numero))
    return salida


RUTAS = _rutas(EJEMPLO)


def _cambiar(datos: object, ruta: tuple, accion: str, nuevo: object) -> object:
    """A copy of ``datos`` with the value at ``ruta`` replaced, deleted, or a new key beside it."""
    copia = json.loads(json.dumps(datos, default=str))
    padre = copia
    for parte in ruta[:-1]:
        padre = padre[parte]
    ultimo = ruta[-1]
    if accion == "borrar":
        del padre[ultimo]
    elif accion == "anadir" and isinstance(padre, dict):
        padre[f"{ultimo}_extra"] = nuevo
    else:
        padre[ultimo] = nuevo
    return copia


def _comprobar(texto: str, formato: str) -> None:
    try:
        b = leer_bases(texto, formato)
    except BasesInvalidas as error:
        assert error.errores
        for e in error.errores:
            assert e.campo and es_mensaje_claro_en_espanol(e.mensaje), (e.campo, e.mensaje)
        return
    try:
        resultado = calcular(leer_caso(CASO, HOY, b), HOY, b)
    except CasoInvalido as error:
        assert all(es_mensaje_claro_en_espanol(e.mensaje) for e in error.errores)
        return
    assert resultado["bases"] == b.id and Decimal(resultado["total_a_ingresar"]) >= 0


@AJUSTES
@given(st.text(max_size=300), st.sampled_from(["toml", "json"]))
def test_texto_arbitrario(texto, formato):
    _comprobar(texto, formato)


@AJUSTES
@given(valores_json)
def test_json_arbitrario(valor):
    _comprobar(json.dumps(valor), "json")


@AJUSTES
@given(st.sampled_from(RUTAS), st.sampled_from(["cambiar", "borrar", "anadir"]), valores_json)
def test_unas_bases_validas_con_un_valor_estropeado(ruta, accion, nuevo):
    _comprobar(json.dumps(_cambiar(EJEMPLO, ruta, accion, nuevo)), "json")


def test_el_ejemplo_sin_estropear_es_valido():
    """Guard: the corrupted files start from a valid one."""
    assert leer_bases(json.dumps(EJEMPLO), "json").id == "ayudas-culturales"
