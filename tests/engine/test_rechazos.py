"""Refusals (DOMAIN.md, "Bad input"): every invalid case gets a clear Spanish
message naming the field and what is wrong, never a traceback, never a NaN,
never a silent default. Each test asserts the field AND the message (exact, or
a stable substring where the message quotes figures)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from reintegro import CasoInvalido, calcular_caso, leer_caso, leer_caso_json

from .estrategias import es_mensaje_claro_en_espanol

HOY = date(2026, 11, 29)
BASE = {"bases": "art21-umbral-75", "importe_concedido": "1000.00"}

IMPORTE_NO_NUMERICO = 'debe ser un importe en euros escrito con punto decimal, por ejemplo "1234.56" (sin separador de miles)'
IMPORTE_DE_OTRO_TIPO = 'debe ser un importe en euros, por ejemplo "1234.56"'
DOS_DECIMALES = "no puede tener más de dos decimales"
FUERA_DE_TABLA = "debe estar entre el 01/01/2005 y el 31/12/2031, el periodo que cubre la tabla de tipos de interés"
FORMATO_FECHA = 'debe ser una fecha con el formato AAAA-MM-DD, por ejemplo "2025-06-30"'


def errores(caso: dict) -> dict[str, str]:
    """{field: message} of a refused case (fails if it is accepted)."""
    with pytest.raises(CasoInvalido) as info:
        calcular_caso(caso, hoy=HOY)
    return _como_dict(info.value)


def errores_json(texto: str) -> dict[str, str]:
    with pytest.raises(CasoInvalido) as info:
        leer_caso_json(texto, HOY)
    return _como_dict(info.value)


def _como_dict(error: CasoInvalido) -> dict[str, str]:
    campos = [e.campo for e in error.errores]
    assert len(campos) == len(set(campos)), f"más de un mensaje por campo: {campos}"
    for e in error.errores:
        assert es_mensaje_claro_en_espanol(e.mensaje), f"{e.campo}: {e.mensaje}"
    return {e.campo: e.mensaje for e in error.errores}


def con(**cambios) -> dict:
    caso = dict(BASE)
    for campo, valor in cambios.items():
        if valor is _QUITAR:
            caso.pop(campo)
        else:
            caso[campo] = valor
    return caso


_QUITAR = object()


# ------------------------------------------------------------------ amounts


@pytest.mark.parametrize("campo", ["importe_concedido", "coste_proyecto", "gasto_justificado", "otras_ayudas"])
def test_importe_negativo(campo):
    """"Bad input": negative amounts are refused."""
    assert errores(con(**{campo: "-5.00"})) == {campo: "no puede ser negativo"}


@pytest.mark.parametrize("valor", ["0", "0.00", "-0"])
def test_importe_concedido_cero(valor):
    """DOMAIN "A case": importe_concedido is an amount > 0; the example message
    of "Bad input" is literally "importe_concedido: debe ser mayor que 0"."""
    assert errores(con(importe_concedido=valor)) == {"importe_concedido": "debe ser mayor que 0"}


def test_pago_de_cero_euros():
    """A payment is money actually received: 0 € is not a payment."""
    caso = con(pagos=[{"fecha": "2025-01-01", "importe": "0.00"}])
    assert errores(caso) == {"pagos.0.importe": "debe ser mayor que 0"}


def test_coste_proyecto_cero():
    """DOMAIN "A case": coste_proyecto is an amount > 0 (it divides: Ee = A / C)."""
    assert errores(con(coste_proyecto="0.00")) == {"coste_proyecto": "debe ser mayor que 0"}


@pytest.mark.parametrize(
    ("valor", "mensaje"),
    [
        ("abc", IMPORTE_NO_NUMERICO),
        ("1.234,56", IMPORTE_NO_NUMERICO),
        ("1e3", IMPORTE_NO_NUMERICO),
        ("", IMPORTE_NO_NUMERICO),
        (True, IMPORTE_DE_OTRO_TIPO),
        (False, IMPORTE_DE_OTRO_TIPO),
        (None, IMPORTE_DE_OTRO_TIPO),
        (["1000"], IMPORTE_DE_OTRO_TIPO),
        ({"euros": 1000}, IMPORTE_DE_OTRO_TIPO),
    ],
)
def test_importe_no_numerico(valor, mensaje):
    """"Bad input": non-numeric amounts ("abc", true, null for a required
    field, a list) are refused, never read as 0 or as a default."""
    assert errores(con(importe_concedido=valor)) == {"importe_concedido": mensaje}


@pytest.mark.parametrize("valor", ["1000.005", "0.001", "12.340"])
def test_importe_con_mas_de_dos_decimales_como_texto(valor):
    """"Bad input": more than two decimals. A trailing zero is not a third
    significant decimal ("12.340" = 12,34 €) and is accepted."""
    if valor == "12.340":
        assert leer_caso(con(importe_concedido=valor), HOY).importe_concedido == Decimal("12.34")
    else:
        assert errores(con(importe_concedido=valor)) == {"importe_concedido": DOS_DECIMALES}


def test_importe_con_mas_de_dos_decimales_como_numero_json():
    """DOMAIN "A case": a JSON number is accepted as long as it has at most
    two decimals; 1.005 is refused (and read exactly, never as a float)."""
    texto = '{"bases": "art21-umbral-75", "importe_concedido": 1.005}'
    assert errores_json(texto) == {"importe_concedido": DOS_DECIMALES}
    aceptado = leer_caso_json('{"bases": "art21-umbral-75", "importe_concedido": 1000.10}', HOY)
    assert str(aceptado.importe_concedido) == "1000.10"


def test_importe_demasiado_grande():
    """An amount beyond the engine's maximum is refused, not overflowed."""
    assert errores(con(importe_concedido="1000000000000")) == {
        "importe_concedido": "es demasiado grande (máximo 999999999999.99)"
    }


def test_parte_del_gasto_mayor_que_el_gasto_justificado():
    """"Bad input": expense parts larger than the expense they are part of."""
    assert errores(con(gasto_justificado="100.00", gasto_sin_justificante="200.00")) == {
        "gasto_sin_justificante": "no puede ser mayor que el gasto justificado (100,00 €); se indicó 200,00 €"
    }


def test_partes_del_gasto_que_juntas_superan_el_gasto_justificado():
    """"Bad input": parts of J that together exceed J (each fits alone)."""
    assert errores(con(gasto_justificado="100.00", gasto_sin_justificante="60.00", gasto_sin_ofertas="60.00")) == {
        "gasto_sin_ofertas": "sumado a las demás partes del gasto (120,00 €) supera el gasto justificado (100,00 €)"
    }


def test_pagos_que_suman_mas_que_lo_concedido():
    """DOMAIN "A case": the payments received cannot exceed the grant."""
    pagos = [{"fecha": "2025-01-01", "importe": "600.00"}, {"fecha": "2025-02-01", "importe": "600.00"}]
    assert errores(con(pagos=pagos)) == {
        "pagos": "los pagos suman 1.200,00 €, más que el importe concedido (1.000,00 €)"
    }


# -------------------------------------------------------------- percentages


@pytest.mark.parametrize("valor", [101, "100.01", -1, "-0.01"])
def test_porcentaje_fuera_de_0_a_100(valor):
    """"Bad input": percentages outside 0–100."""
    assert errores(con(grado_cumplimiento_objetivos=valor)) == {
        "grado_cumplimiento_objetivos": "debe estar entre 0 y 100"
    }


def test_porcentaje_con_mas_de_dos_decimales():
    assert errores(con(grado_cumplimiento_objetivos="50.555")) == {"grado_cumplimiento_objetivos": DOS_DECIMALES}


# -------------------------------------------------------------------- dates


@pytest.mark.parametrize("campo", ["fecha_resolucion", "fecha_ingreso"])
def test_pago_posterior_a_la_fecha_final_de_los_intereses(campo):
    """"Bad input": a payment after the interest end date (LGS 37.1: interest
    runs from the payment to the end date) is refused at pagos.N.fecha."""
    caso = con(pagos=[
        {"fecha": "2023-01-01", "importe": "100.00"},
        {"fecha": "2025-01-01", "importe": "100.00"},
    ], **{campo: "2024-01-01"})
    assert errores(caso) == {
        "pagos.1.fecha": "el pago del 01/01/2025 es posterior a la fecha final de los intereses "
        "(01/01/2024, la primera de fecha_resolucion y fecha_ingreso)"
    }


def test_pago_posterior_a_hoy_sin_fecha_final():
    """Without an end date the calculator uses today: a later payment is refused."""
    caso = con(pagos=[{"fecha": "2026-12-01", "importe": "100.00"}])
    assert "es posterior a hoy" in errores(caso)["pagos.0.fecha"]


@pytest.mark.parametrize("valor", ["2004-12-31", "1999-06-30", "2032-01-01"])
@pytest.mark.parametrize("campo", ["fecha_resolucion", "fecha_limite_justificacion"])
def test_fecha_fuera_de_la_tabla_de_tipos(campo, valor):
    """"Interés de demora": a date outside the rate table (before 2005-01-01,
    after 2031-12-31) is refused with a clear error."""
    assert errores(con(**{campo: valor})) == {campo: FUERA_DE_TABLA}


def test_fecha_de_pago_fuera_de_la_tabla():
    caso = con(pagos=[{"fecha": "2004-12-31", "importe": "1.00"}])
    assert errores(caso) == {"pagos.0.fecha": FUERA_DE_TABLA}


@pytest.mark.parametrize(
    ("valor", "mensaje"),
    [
        ("2024-02-30", "«2024-02-30» no es una fecha que exista"),
        ("2023-02-29", "«2023-02-29» no es una fecha que exista"),
        ("30/06/2025", FORMATO_FECHA),
        (20250630, FORMATO_FECHA),
        ("2025-6-30", FORMATO_FECHA),
        ("2025-06-30T00:00:00", FORMATO_FECHA),
    ],
)
def test_fecha_no_valida(valor, mensaje):
    assert errores(con(fecha_resolucion=valor)) == {"fecha_resolucion": mensaje}


# ------------------------------------------------------ fields and options


def test_bases_desconocidas():
    from reintegro.catalogo import ids_de_bases

    mensaje = errores(con(bases="art99"))["bases"]
    assert mensaje == "«art99» no es ninguna de las bases disponibles: " + ", ".join(ids_de_bases())
    assert "art15-proporcional, art21-umbral-75, boe-2023-26428-art28, boe-2024-17269" in mensaje


def test_campo_desconocido():
    """A misspelt field is refused, never silently ignored (it would change the answer)."""
    assert errores(con(importe_conceddo="5")) == {
        "importe_conceddo": "no es un campo del caso (revise cómo está escrito)"
    }


def test_campo_desconocido_dentro_de_un_pago():
    caso = con(pagos=[{"fecha": "2025-01-01", "importe": "1.00", "concepto": "anticipo"}])
    assert errores(caso) == {"pagos.0.concepto": "no es un campo del caso (revise cómo está escrito)"}


@pytest.mark.parametrize("campo", ["importe_concedido", "bases"])
def test_campo_obligatorio_ausente(campo):
    assert errores(con(**{campo: _QUITAR})) == {campo: "es obligatorio"}


def test_pago_sin_importe():
    assert errores(con(pagos=[{"fecha": "2025-01-01"}])) == {"pagos.0.importe": "es obligatorio"}


@pytest.mark.parametrize("valor", ["mala", "Cumplida", None, 1, True])
def test_publicidad_no_valida(valor):
    assert errores(con(publicidad=valor)) == {
        "publicidad": "debe ser uno de estos valores: «cumplida», «defectuosa» o «incumplida»"
    }


@pytest.mark.parametrize("valor", [365, "360", "actual/actual", None])
def test_base_dias_no_valida(valor):
    """D6: base_dias is the string "actual" or "365" (the JSON number 365 is not the option)."""
    assert errores(con(base_dias=valor)) == {"base_dias": "debe ser uno de estos valores: «actual» o «365»"}


@pytest.mark.parametrize("valor", ["yes", "true", "sí", 1, 0, None])
def test_booleano_no_valido(valor):
    assert errores(con(falseamiento=valor)) == {"falseamiento": "debe ser true (sí) o false (no)"}


@pytest.mark.parametrize("valor", ["x", {"fecha": "2025-01-01", "importe": "1"}, 3])
def test_pagos_no_es_una_lista(valor):
    assert errores(con(pagos=valor)) == {"pagos": "debe ser una lista"}


def test_pago_que_no_es_un_objeto():
    assert errores(con(pagos=["2025-01-01"])) == {"pagos.0": "debe ser un objeto JSON con los campos del caso"}


def test_demasiados_pagos():
    pagos = [{"fecha": "2025-01-01", "importe": "1.00"}] * 101
    assert errores(con(pagos=pagos)) == {"pagos": "no puede tener más de 100 elementos"}


# ---------------------------------------------------------------- JSON text


@pytest.mark.parametrize("constante", ["NaN", "Infinity", "-Infinity"])
def test_nan_e_infinito_en_el_texto_json(constante):
    texto = f'{{"bases": "art21-umbral-75", "importe_concedido": {constante}}}'
    assert errores_json(texto) == {"caso": f"no es un JSON válido: {constante} no es un número válido"}


def test_claves_repetidas():
    """A repeated key would silently keep one of the values: refused."""
    texto = '{"bases": "art21-umbral-75", "importe_concedido": "1", "importe_concedido": "2"}'
    assert errores_json(texto) == {"caso": "no es un JSON válido: el campo «importe_concedido» aparece dos veces"}


@pytest.mark.parametrize(
    ("texto", "mensaje"),
    [
        ('{"bases": ', "no es un JSON válido: falta un valor (línea 1, columna 11)"),
        ("", "no es un JSON válido: falta un valor (línea 1, columna 1)"),
        ('{"bases": "x"} x', "no es un JSON válido: hay texto de más tras el objeto (línea 1, columna 16)"),
        ("{bases: 1}", "no es un JSON válido: los nombres de campo van entre comillas dobles (línea 1, columna 2)"),
        ('{"bases": "x}', "no es un JSON válido: un texto entre comillas no se cierra (línea 1, columna 11)"),
        ('{"a": 1 "b": 2}', "no es un JSON válido: falta una coma (línea 1, columna 9)"),
    ],
)
def test_json_no_valido(texto, mensaje):
    assert errores_json(texto) == {"caso": mensaje}


@pytest.mark.parametrize(
    "texto",
    [
        '{"bases" "x"}',  # Expecting ':' delimiter
        '{"bases": "\x01"}',  # Invalid control character
        '{"bases": "\\q"}',  # Invalid \escape
        '{"bases": "\\u12"}',  # Invalid \uXXXX escape
    ],
)
def test_json_no_valido_mensaje_en_espanol_sin_repetir_la_posicion(texto):
    """"Bad input": every JSON syntax error is explained in Spanish, with its
    line and column given once."""
    mensaje = errores_json(texto)["caso"]  # errores_json checks the Spanish
    assert mensaje.startswith("no es un JSON válido: ")


def test_marca_de_orden_de_bytes_inicial_se_acepta():
    """A case file saved with a UTF-8 byte-order mark (common from Windows
    editors) is read as the same case, not refused."""
    caso = leer_caso_json('\ufeff{"bases": "art21-umbral-75", "importe_concedido": "10"}', HOY)
    assert caso.importe_concedido == Decimal("10.00")


def test_numero_json_con_demasiadas_cifras():
    """An integer literal with thousands of digits is refused in Spanish (not
    with Python's "Exceeds the limit (4300 digits)" message)."""
    texto = '{"bases": "art21-umbral-75", "importe_concedido": 1' + "0" * 5000 + "}"
    assert errores_json(texto) == {"caso": "no es un JSON válido: un número tiene demasiadas cifras"}


def test_json_anidado_a_demasiada_profundidad():
    """Deep nesting (100000 nested lists) is refused, never a RecursionError."""
    assert errores_json("[" * 50_000 + "]" * 50_000) == {"caso": "el JSON está anidado a demasiada profundidad"}
    largo = errores_json("[" * 100_000 + "]" * 100_000)
    assert largo == {"caso": "el texto del caso es demasiado largo (máximo 100000 caracteres)"}


def test_anidamiento_profundo_en_un_objeto_python():
    """The same through calcular_caso with an already-parsed deep structure."""
    profundo: list = []
    for _ in range(10_000):
        profundo = [profundo]
    assert set(errores(con(pagos=profundo))) == {"pagos.0"}


@pytest.mark.parametrize("texto", ["[]", '["bases"]', '"caso"', "null", "42", "true"])
def test_json_que_no_es_un_objeto(texto):
    assert errores_json(texto) == {"caso": "debe ser un objeto JSON con los campos del caso"}


def test_python_que_no_es_un_diccionario():
    with pytest.raises(CasoInvalido) as info:
        calcular_caso([("bases", "art21-umbral-75")], hoy=HOY)
    assert [(e.campo, e.mensaje) for e in info.value.errores] == [
        ("caso", "debe ser un objeto JSON con los campos del caso")
    ]


# ------------------------------------------------------------ several errors


def test_varios_errores_se_informan_todos_uno_por_campo():
    """"Bad input": all the problems of a case at once, one message per field."""
    caso = con(
        importe_concedido="-5",
        publicidad="mala",
        fecha_resolucion="30/06/2025",
        falseamiento="yes",
        grado_cumplimiento_objetivos=150,
        pagos=[{"fecha": "2025-02-30", "importe": "1.001"}],
        campo_raro=1,
    )
    assert errores(caso) == {
        "importe_concedido": "no puede ser negativo",
        "publicidad": "debe ser uno de estos valores: «cumplida», «defectuosa» o «incumplida»",
        "fecha_resolucion": FORMATO_FECHA,
        "falseamiento": "debe ser true (sí) o false (no)",
        "grado_cumplimiento_objetivos": "debe estar entre 0 y 100",
        "pagos.0.fecha": "«2025-02-30» no es una fecha que exista",
        "pagos.0.importe": DOS_DECIMALES,
        "campo_raro": "no es un campo del caso (revise cómo está escrito)",
    }


def test_varios_errores_de_coherencia_a_la_vez():
    """Checks across fields are all reported together too."""
    caso = con(
        gasto_justificado="100.00",
        gasto_sin_justificante="150.00",
        gasto_sin_ofertas="150.00",
        fecha_resolucion="2024-01-01",
        pagos=[{"fecha": "2025-01-01", "importe": "600.00"}, {"fecha": "2023-01-01", "importe": "600.00"}],
    )
    assert set(errores(caso)) == {"pagos", "pagos.0.fecha", "gasto_sin_justificante", "gasto_sin_ofertas"}


def test_el_mensaje_del_error_nombra_el_campo():
    """str(CasoInvalido) reads "campo: mensaje" for each field."""
    with pytest.raises(CasoInvalido) as info:
        calcular_caso(con(importe_concedido="-1"), hoy=HOY)
    assert str(info.value) == "importe_concedido: no puede ser negativo"
    assert str(info.value.errores[0]) == "importe_concedido: no puede ser negativo"


def test_el_texto_json_se_comprueba_contra_el_dia_dado_y_las_bases_dadas():
    """``leer_caso_json`` checks dates against the day it is given (a payment
    after it is refused, the same payment accepted a day later) and reads the
    case for a user's own bases when given one (its ``bases`` may be omitted)."""
    import json as json_
    import tomllib
    from pathlib import Path

    from reintegro.bases_propias import leer_bases
    texto = '{"bases": "art21-umbral-75", "importe_concedido": "1000", "pagos": [{"fecha": "2026-11-30", "importe": "10"}]}'
    assert set(errores_json(texto)) == {"pagos.0.fecha"}
    assert leer_caso_json(texto, date(2026, 11, 30)).pagos[0].fecha == date(2026, 11, 30)
    ejemplo = Path(__file__).parent / "bases_de_ejemplo" / "ayudas-culturales.toml"
    propias = leer_bases(ejemplo.read_text(encoding="utf-8"))
    caso = leer_caso_json(json_.dumps({"importe_concedido": "1000"}), HOY, propias)
    assert caso.bases == "ayudas-culturales"
    assert tomllib.loads(ejemplo.read_text(encoding="utf-8"))["id"] == caso.bases


def test_un_campo_desconocido_se_nombra_en_una_linea_imprimible():
    """A field name as the user spelt it, made printable (a tab reads «\\t») and
    cut at 80 characters (77 and «…»): the message stays one readable line."""
    con_tabulador = errores({**BASE, "a\tb": 1})
    assert "a\\tb" in con_tabulador and "a\tb" not in con_tabulador
    assert "a\\b" in errores({**BASE, "a\\b": 1})  # a printable backslash stays one backslash
    assert "a\\\\b" not in errores({**BASE, "a\\b": 1})
    justo = "x" * 80
    assert justo in errores({**BASE, justo: 1})
    largo = errores({**BASE, "y" * 81: 1})
    assert "y" * 77 + "…" in largo and "y" * 78 not in largo


def test_un_error_de_pydantic_sin_mensaje_propio_es_valor_no_valido():
    """An error of a kind no message covers reads «valor no válido», for its
    field, never pydantic's English."""
    from reintegro.errores import _error
    error = _error("gasto_justificado", {"type": "algo_nuevo", "msg": "Something new"})
    assert (error.campo, error.mensaje, error.codigo) == ("gasto_justificado", "valor no válido", "valor_no_valido")


PROFUNDO = "el JSON está anidado a demasiada profundidad"


def anidado(niveles: int) -> str:
    """A case whose reference notes nest ``niveles`` levels deep in all (the case's own object included)."""
    return ('{"bases": "art21-umbral-75", "importe_concedido": "10", "referencia": {"notas": '
            + "[" * (niveles - 2) + "]" * (niveles - 2) + "}}")


def test_veinte_niveles_de_anidamiento_se_leen_y_veintiuno_no():
    """The limit is 20 levels of arrays and objects (entrada.PROFUNDIDAD_MAXIMA; a case has 3): at 20 the text
    is read (the notes are then refused for what they are, not for their depth); at 21 it is refused whole."""
    assert errores_json(anidado(20)) == {"referencia.notas": "debe ser un texto"}
    assert errores_json(anidado(21)) == {"caso": PROFUNDO}
    # Depth is counted where the nesting is: an array closed before (its level given back) and then 21 levels.
    tras_un_hermano = ('{"bases": "art21-umbral-75", "importe_concedido": "10", "referencia": {"expediente": [], '
                       '"notas": ' + "[" * 19 + "]" * 19 + "}}")
    assert errores_json(tras_un_hermano) == {"caso": PROFUNDO}


def test_los_corchetes_dentro_de_un_texto_no_anidan():
    """Brackets inside a string, also after an escaped quote, are text: 300 of them in the notes are accepted;
    and 101 objects side by side (two levels) are many payments, not deep nesting."""
    notas = '\\"' + "[{" * 150 + '\\\\'
    caso = leer_caso_json('{"bases": "art21-umbral-75", "importe_concedido": "10", "referencia": {"notas": "'
                          + notas + '"}}', HOY)
    assert caso.referencia.notas == '"' + "[{" * 150 + "\\"
    pagos = ",".join(['{"fecha": "2025-01-10", "importe": "0.01"}'] * 101)
    assert errores_json('{"bases": "art21-umbral-75", "importe_concedido": "10", "pagos": [' + pagos + "]}") == {
        "pagos": "no puede tener más de 100 elementos"}
    cerrados = ",".join(["[]"] * 120)  # many brackets, never deeper than 4 levels
    assert errores_json('{"bases": "art21-umbral-75", "importe_concedido": "10", "referencia": {"notas": ['
                        + cerrados + "]}}") == {"referencia.notas": "debe ser un texto"}


def test_un_campo_repetido_se_nombra_con_sus_primeros_60_caracteres():
    clave = "c" * 70
    texto = '{"bases": "art21-umbral-75", "' + clave + '": 1, "' + clave + '": 2}'
    assert errores_json(texto) == {"caso": f"no es un JSON válido: el campo «{'c' * 60}» aparece dos veces"}


def test_el_error_de_un_caso_reune_cada_campo():
    """The exception's own text (what Python shows if nobody catches it): «field: message; field: message»."""
    with pytest.raises(CasoInvalido) as info:
        calcular_caso({"bases": "art21-umbral-75", "importe_concedido": "-1", "publicidad": "mala"}, hoy=HOY)
    assert str(info.value) == "; ".join(f"{e.campo}: {e.mensaje}" for e in info.value.errores)
    assert str(info.value).count("; ") == 1


def test_la_profundidad_se_cuenta_solo_fuera_de_los_textos():
    """The walk behind the depth limit (entrada.demasiado_profundo, used when there are more than 20 brackets):
    exactly 20 levels with one more array beside them is read; an empty first name and an escaped quote early in
    a text do not make it lose track of what is text; letters outside texts are not levels (the text is then
    refused for its syntax, not its depth)."""
    con_hermano = ('{"bases": "art21-umbral-75", "importe_concedido": "10", "referencia": {"expediente": [], '
                   '"notas": ' + "[" * 18 + "]" * 18 + "}}")
    assert errores_json(con_hermano) == {"referencia.expediente": "debe ser un texto", "referencia.notas": "debe ser un texto"}
    vacio_primero = '{"": 0, "notas": ' + "[" * 21 + "]" * 21 + "}"
    assert errores_json(vacio_primero) == {"caso": PROFUNDO}
    escape_antes = '{"bases": "a\\"b", "notas": ' + "[" * 21 + "]" * 21 + "}"
    assert errores_json(escape_antes) == {"caso": PROFUNDO}
    letras = "[" + ",".join(["[]"] * 30) + ", " + "X" * 30 + "]"
    assert errores_json(letras)["caso"].startswith("no es un JSON válido: falta un valor")
    letras_antes = '{"a": ' + "X" * 30 + ', "b": ' + "[" * 21 + "]" * 21 + "}"
    assert errores_json(letras_antes) == {"caso": PROFUNDO}


def test_un_numero_enorme_es_demasiado_grande_no_un_formato_raro():
    """JSON numbers are read exactly (Decimal), never as binary floats: 1e400 is an amount too large, not an
    infinite value in a strange format."""
    assert errores_json('{"bases": "art21-umbral-75", "importe_concedido": 1e400}') == {
        "importe_concedido": "es demasiado grande (máximo 999999999999.99)"}


def test_un_error_de_sintaxis_sin_frase_propia(monkeypatch):
    """A JSON error this Python version does not produce, or a later one words differently, still reads in
    Spanish, with its line and column."""
    import json as json_

    from reintegro import entrada

    def falla(texto, **_):
        raise json_.JSONDecodeError("Something new", texto, 3)
    monkeypatch.setattr(entrada.json, "loads", falla)
    assert errores_json('{"a": 1}') == {"caso": "no es un JSON válido: el texto no sigue la sintaxis JSON (línea 1, columna 4)"}


@pytest.mark.parametrize("mensaje, frase", [
    ("Illegal trailing comma before end of object", "sobra una coma antes de cerrar el objeto"),
    ("Illegal trailing comma before end of array", "sobra una coma antes de cerrar la lista"),
])
def test_la_coma_final_en_python_3_13_y_posteriores(monkeypatch, mensaje, frase):
    """Pyodide runs Python 3.14, whose JSON decoder names a trailing comma (the command line here, 3.11, calls
    it a missing name or value): the page's message says it in Spanish too."""
    import json as json_

    from reintegro import entrada

    def falla(texto, **_):
        raise json_.JSONDecodeError(mensaje, texto, 7)
    monkeypatch.setattr(entrada.json, "loads", falla)
    assert errores_json('{"a": 1,}') == {"caso": f"no es un JSON válido: {frase} (línea 1, columna 8)"}


def test_la_resolucion_el_mismo_dia_del_inicio_se_acepta():
    """LGS art. 42: the procedure is resolved after it starts; the same day is not before it."""
    caso = leer_caso({**BASE, "fecha_inicio_procedimiento": "2025-03-10", "fecha_resolucion": "2025-03-10"}, HOY)
    assert caso.fecha_resolucion == caso.fecha_inicio_procedimiento
    assert set(errores({**BASE, "fecha_inicio_procedimiento": "2025-03-10", "fecha_resolucion": "2025-03-09"})) == {
        "fecha_resolucion"}


@pytest.mark.parametrize("valor, mostrado", [
    ("a" * 60, "«" + "a" * 60 + "»"),
    ("a" * 61, "el valor dado"),
    (5, "el valor dado"),
])
def test_unas_bases_desconocidas_se_citan_si_son_un_texto_corto(valor, mostrado):
    """The unknown bases is quoted when it is a text of at most 60 characters; otherwise «el valor dado»."""
    from reintegro.catalogo import ids_de_bases

    ids = ", ".join(ids_de_bases())
    assert errores({"bases": valor, "importe_concedido": "10"}) == {
        "bases": f"{mostrado} no es ninguna de las bases disponibles: {ids}"}
