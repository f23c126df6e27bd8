"""Fuzzing the public contract (issue "Trust"; DOMAIN.md "Bad input" and "The
public contract"). Arbitrary JSON-ish values — wrong types, huge numbers, many
decimals, negative amounts, out-of-order dates, dates outside the rate table,
unknown fields and bases, deeply nested junk, valid cases with one field
corrupted, broken JSON text — go to ``leer_caso_json``/``calcular_caso`` and to
the command line in-process (``reintegro.cli.main``). Whatever comes in:

- no exception other than CasoInvalido, never a traceback;
- an invalid case gives one clear Spanish message per offending field (exit 2,
  nothing on stdout);
- an accepted case gives a result that satisfies the engine's invariants, and
  no NaN/Infinity ever appears.

``make fuzz`` (HYPOTHESIS_PROFILE=fuzz) runs the main test with 100000 examples.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reintegro import Caso, CasoInvalido, Pago, calcular_caso, leer_caso, leer_caso_json
from reintegro.cli import main
from reintegro.motor import calcular
from reintegro.salida import resultado_a_json

from .estrategias import HOY, IDS, casos, comprobar_resultado, es_mensaje_claro_en_espanol

FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
# The main test takes the profile's number of examples (300 here, 100000 in
# "fuzz"); the secondary ones stay smaller.
PRINCIPAL = settings() if FUZZ else settings(max_examples=300)
SECUNDARIO = settings(max_examples=10_000 if FUZZ else 200)
# capsys/monkeypatch are reset by hand on every example.
CON_FIXTURES = settings(SECUNDARIO, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large,
])

CAMPOS = sorted(set(Caso.model_fields) | set(Pago.model_fields))
NO_NUMERO = re.compile(r"\b(nan|inf|infinity)\b", re.IGNORECASE)


class Crudo(str):
    """A JSON token written as is (numbers whose text matters: 1.005, 1e400, NaN)."""


def a_json(valor: object) -> str:
    """JSON text of a value that may hold Crudo tokens."""
    if isinstance(valor, Crudo):
        return str(valor)
    if isinstance(valor, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {a_json(v)}" for k, v in valor.items()) + "}"
    if isinstance(valor, list):
        return "[" + ", ".join(a_json(v) for v in valor) + "]"
    return json.dumps(valor)


def a_python(valor: object) -> object:
    """The same value as a Python object (Crudo numbers become Decimal, as the
    JSON reader would make them, NaN and Infinity included)."""
    if isinstance(valor, Crudo):
        try:
            return Decimal(str(valor))
        except InvalidOperation:
            return str(valor)
    if isinstance(valor, dict):
        return {k: a_python(v) for k, v in valor.items()}
    if isinstance(valor, list):
        return [a_python(v) for v in valor]
    return valor


# ------------------------------------------------------------------ junk

numeros_crudos = st.one_of(
    st.sampled_from([
        "1.005", "0.001", "1e400", "1E2", "-0", "-0.0", "0.10", "1E-7", "-1", "12345678901234567890.12",
        "999999999999.99", "1000000000000", "1e-400", "NaN", "Infinity", "-Infinity", "100.001",
    ]),
    st.decimals(allow_nan=False, allow_infinity=False, places=None).map(str),
    st.integers(-(10**40), 10**40).map(str),
).map(Crudo)

textos_como_importes = st.one_of(
    st.sampled_from(["abc", "", " 1 ", "1,5", "1.234,56", "-0", "1e3", "0x10", "١٢٣", "12.", ".5", "NaN", "Infinity"]),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.integers(-(10**15), 10**15).map(lambda n: f"{n // 100}.{abs(n) % 100:02d}"),
)

textos_como_fechas = st.one_of(
    st.dates(min_value=date(1900, 1, 1), max_value=date(2100, 12, 31)).map(date.isoformat),
    st.sampled_from(["2024-02-30", "2023-02-29", "30/06/2025", "2025-6-30", "2025-06-30T00:00:00", "0000-00-00",
                     "2004-12-31", "2032-01-01", "9999-12-31"]),
)

escalares = st.one_of(
    st.none(), st.booleans(),
    st.integers(-(10**30), 10**30),
    numeros_crudos, textos_como_importes, textos_como_fechas,
    st.sampled_from(IDS + ("art99", "ART21-UMBRAL-75", "cumplida", "defectuosa", "incumplida", "actual", "365")),
    st.text(max_size=12),
)

basura = st.recursive(
    escalares,
    lambda hijos: st.one_of(
        st.lists(hijos, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(CAMPOS), st.text(max_size=8)), hijos, max_size=5),
    ),
    max_leaves=20,
)


@st.composite
def casos_corrompidos(draw) -> object:
    """A valid case with one thing broken (or, sometimes, nothing)."""
    caso = draw(casos())
    que = draw(st.integers(0, 7))
    if que == 0:  # a field (given or not) gets junk
        caso[draw(st.sampled_from(CAMPOS))] = draw(basura)
    elif que == 1:  # a required field goes missing
        caso.pop(draw(st.sampled_from(["bases", "importe_concedido"])))
    elif que == 2:  # an unknown field
        caso[draw(st.text(min_size=1, max_size=10))] = draw(escalares)
    elif que == 3 and caso.get("pagos"):  # a payment gets junk or moves in time
        i = draw(st.integers(0, len(caso["pagos"]) - 1))
        pago = dict(caso["pagos"][i])
        clave = draw(st.sampled_from(["fecha", "importe", "otro"]))
        pago[clave] = draw(basura)
        caso["pagos"] = [*caso["pagos"][:i], pago, *caso["pagos"][i + 1:]]
    elif que == 4:  # out-of-order dates: the end before the payments
        caso["fecha_resolucion"] = draw(st.dates(date(2005, 1, 1), date(2031, 12, 31))).isoformat()
        if draw(st.booleans()):
            caso["pagos"] = [{"fecha": (date.fromisoformat(caso["fecha_resolucion"])
                                        + timedelta(days=draw(st.integers(1, 400)))).isoformat(),
                              "importe": "1.00"}]
    elif que == 5:  # amounts out of shape
        campo = draw(st.sampled_from(["importe_concedido", "coste_proyecto", "gasto_justificado",
                                      "gasto_sin_justificante", "otras_ayudas", "grado_cumplimiento_objetivos"]))
        caso[campo] = draw(st.one_of(numeros_crudos, textos_como_importes))
    elif que == 6:  # the whole thing nested, or not an object
        caso = draw(st.sampled_from([[caso], {"caso": caso}, list(caso.items())]))
    return caso


@st.composite
def textos(draw) -> str:
    """JSON text: of corrupted cases, of junk, broken, or deeply nested."""
    forma = draw(st.integers(0, 9))
    if forma <= 4:
        return a_json(draw(casos_corrompidos()))
    if forma == 5:
        return a_json(draw(basura))
    if forma == 6:  # a valid text cut or with a stray character
        texto = a_json(draw(casos()))
        corte = draw(st.integers(0, len(texto)))
        return texto[:corte] + draw(st.sampled_from(["", "x", "{", "]", ",", '"', "\\", "\x00", "\ufeff"])) + (
            texto[corte:] if draw(st.booleans()) else ""
        )
    if forma == 7:
        n = draw(st.integers(500, 60_000))
        return draw(st.sampled_from(["[" * n + "]" * n, '{"a":' * n + "1" + "}" * n, "[" * n]))
    if forma == 8:
        return draw(st.text(max_size=60))
    return a_json(draw(casos()))  # valid ones too: accepted results are checked


# ----------------------------------------------------------------- checks


def comprobar_errores(error: CasoInvalido) -> None:
    """One clear Spanish message per offending field (DOMAIN "Bad input")."""
    assert error.errores, "CasoInvalido sin errores"
    campos = [e.campo for e in error.errores]
    assert len(campos) == len(set(campos)), campos
    for e in error.errores:
        assert isinstance(e.campo, str) and e.campo, e
        assert es_mensaje_claro_en_espanol(e.mensaje), f"{e.campo}: {e.mensaje}"


def comprobar_sin_no_numeros(entrada: str, salida: str) -> None:
    """No NaN/Infinity appears unless the user wrote it (a message may quote it)."""
    if not NO_NUMERO.search(entrada):
        assert not NO_NUMERO.search(salida), salida


def leer_y_calcular(lector, dato) -> None:
    try:
        caso = lector(dato, HOY)
    except CasoInvalido as error:
        comprobar_errores(error)
        return
    comprobar_resultado(caso, calcular(caso, HOY))


# ------------------------------------------------------------------ tests


@PRINCIPAL
@given(textos())
def test_contrato_resiste_texto_arbitrario(texto):
    """Any text: CasoInvalido with Spanish messages per field, or a result
    that satisfies every invariant. Never any other exception."""
    leer_y_calcular(leer_caso_json, texto)


@SECUNDARIO
@given(st.one_of(casos_corrompidos(), basura))
def test_contrato_resiste_objetos_python_arbitrarios(dato):
    """The Python API (calcular_caso) with the same junk as Python objects,
    Decimal NaN/Infinity included."""
    dato = a_python(dato)
    leer_y_calcular(leer_caso, dato)
    try:
        calcular_caso(dato, hoy=HOY)
    except CasoInvalido:
        pass


@SECUNDARIO
@given(st.one_of(
    casos_corrompidos(),
    st.dictionaries(st.sampled_from(CAMPOS), st.floats(allow_nan=True, allow_infinity=True), max_size=4).map(
        lambda d: {"bases": "art21-umbral-75", "importe_concedido": "100", **d}
    ),
))
def test_contrato_resiste_floats(dato):
    """Floats (NaN, ±inf, 0.1, 1e300) in a Python case are read exactly or refused."""
    leer_y_calcular(leer_caso, dato)


@CON_FIXTURES
@given(texto=textos())
def test_linea_de_ordenes_resiste_texto_arbitrario(texto, capsys, monkeypatch):
    """``reintegro calcular -`` in-process: exit 0 with exactly the result JSON
    of the same case, or exit 2 with nothing on stdout and one Spanish line
    per field on stderr; never a traceback, never NaN/Infinity."""
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO(texto))
    codigo = main(["calcular", "-"])
    salida, errores = capsys.readouterr()
    try:
        esperado = calcular(leer_caso_json(texto))
    except CasoInvalido as error:
        assert codigo == 2
        assert salida == ""
        assert errores == "".join(f"{e}\n" for e in error.errores)
        assert errores.count("\n") == len(error.errores), "una línea por campo"
        comprobar_errores(error)
    else:
        assert (codigo, errores) == (0, "")
        assert salida == resultado_a_json(esperado) + "\n"
        json.loads(salida, parse_constant=lambda c: (_ for _ in ()).throw(AssertionError(c)))
    assert "Traceback" not in errores
    comprobar_sin_no_numeros(texto, salida + errores)


@CON_FIXTURES
@given(dato=st.one_of(casos_corrompidos(), basura))
def test_linea_de_ordenes_con_un_fichero(dato, capsys, tmp_path_factory):
    """The same through a file argument (read as UTF-8)."""
    capsys.readouterr()
    fichero = tmp_path_factory.mktemp("caso") / "caso.json"
    texto = a_json(dato)
    fichero.write_text(texto, encoding="utf-8", errors="surrogatepass")
    codigo = main(["calcular", str(fichero)])
    salida, errores = capsys.readouterr()
    assert codigo in (0, 2)
    assert (salida == "") == (codigo == 2)
    if codigo == 2:
        for linea in errores.splitlines():
            campo, _, mensaje = linea.partition(": ")
            assert campo and es_mensaje_claro_en_espanol(mensaje), linea
    assert "Traceback" not in errores
    comprobar_sin_no_numeros(texto, salida + errores)
