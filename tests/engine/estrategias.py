"""Hypothesis strategies for VALID cases, and the result invariants every
accepted case must satisfy (shared by test_propiedades and test_fuzz).

A valid case follows DOMAIN.md "A case": amounts as strings with at most two
decimals, expense parts that fit in the expense presented, payments that add
up to at most the grant, dates inside the rate table and no payment after the
interest end date. Every result is deterministic: the tests pass
``hoy=HOY`` and most cases carry their own end date.
"""

from __future__ import annotations

import json
import re
from datetime import date, timedelta
from decimal import Decimal

from hypothesis import strategies as st

from reintegro import Caso, leer_caso
from reintegro.catalogo import PAGINA_LEY_GENERAL, anclas_resolubles, bases, ids_de_bases

HOY = date(2026, 11, 29)
PRIMER_DIA = date(2005, 1, 1)
ULTIMO_DIA = date(2031, 12, 31)
IDS = ids_de_bases()
# The five bases of DOMAIN.md, drawn half of the time: with the catalogue of
# issue 24 they would otherwise be a few of many.
CINCO = ("art15-proporcional", "art21-umbral-75", "boe-2023-26428-art28", "boe-2024-17269", "csd-art12")

IMPORTE = re.compile(r"^-?\d+\.\d{2}$")
# Keys of the result whose values are amounts in euros ("1234.56").
CLAVES_IMPORTE = (
    "importe_concedido", "importe_final", "reintegro", "pendiente_de_cobro",
    "perdida_derecho_cobro", "total_a_ingresar",
)
FIGURAS_CON_RANGO = (
    "importe_final", "reintegro", "pendiente_de_cobro", "perdida_derecho_cobro",
    "intereses", "total_a_ingresar",
)


# ---------------------------------------------------------------- amounts


def texto_importe(centimos: int, forma: int = 0) -> str:
    """Cents as the JSON text of an amount: "12.30", or "12.3" / "12" when exact."""
    euros, resto = divmod(centimos, 100)
    if forma == 1 and resto % 10 == 0:
        return f"{euros}.{resto // 10}"
    if forma == 2 and resto == 0:
        return str(euros)
    return f"{euros}.{resto:02d}"


@st.composite
def importes(draw, minimo: int, maximo: int) -> str:
    """An amount between ``minimo`` and ``maximo`` cents, as a string."""
    centimos = draw(st.integers(minimo, maximo))
    return texto_importe(centimos, draw(st.integers(0, 2)))


def _centimos(texto: str) -> int:
    return int(Decimal(texto) * 100)


def fechas(desde: date = PRIMER_DIA, hasta: date = ULTIMO_DIA) -> st.SearchStrategy[date]:
    return st.dates(min_value=desde, max_value=hasta)


def _parte(draw, disponible: int) -> int:
    """A part of the expense: often none, sometimes all that is left."""
    if disponible <= 0:
        return 0
    return draw(st.one_of(st.just(0), st.integers(0, disponible), st.just(disponible)))


# ------------------------------------------------------------------ cases


@st.composite
def casos(draw, bases_id: str | None = None, con_fin: bool | None = None,
          con_gasto: bool = False) -> dict:
    """A valid case as the JSON-like dict of the public contract.

    ``con_fin``: True always gives fecha_resolucion and/or fecha_ingreso, False
    never (the engine then uses HOY), None either. ``con_gasto``: always give
    gasto_justificado explicitly.
    """
    caso: dict = {"bases": bases_id or draw(st.one_of(st.sampled_from(CINCO), st.sampled_from(IDS)))}
    g = draw(st.integers(100, 10_000_000_00))  # 1 € .. 10 M €
    caso["importe_concedido"] = texto_importe(g, draw(st.integers(0, 2)))

    # C: default G; sometimes above, sometimes below the grant.
    c = g
    if draw(st.booleans()):
        c = draw(st.one_of(st.integers(max(1, g // 2), g), st.just(g), st.integers(g, g * 3)))
        caso["coste_proyecto"] = texto_importe(c)

    # J and its parts.
    j = c
    if con_gasto or draw(st.booleans()):
        j = draw(st.one_of(
            st.integers(0, c * 3 // 2), st.just(c),
            st.integers(c * 6 // 10, c),  # near the thresholds 70 % / 75 %
        ))
        caso["gasto_justificado"] = texto_importe(j, draw(st.integers(0, 2)))
    restante = j
    for campo in ("gasto_sin_justificante", "gasto_sin_ofertas", "gasto_modificaciones_no_autorizadas"):
        parte = _parte(draw, restante // 2 if draw(st.booleans()) else restante)
        if parte or draw(st.booleans()):
            caso[campo] = texto_importe(parte)
            restante -= parte

    if draw(st.booleans()):
        grado = draw(st.one_of(
            st.integers(0, 10_000), st.sampled_from([3500, 7000, 7500, 10_000, 0])
        ))
        caso["grado_cumplimiento_objetivos"] = draw(st.sampled_from([
            str(Decimal(grado) / 100), grado // 100 if grado % 100 == 0 else str(Decimal(grado) / 100),
        ]))

    for campo, verdad in (
        ("falseamiento", 0.05), ("incumplimiento_total_fines", 0.05), ("sin_justificacion", 0.05),
        ("justificacion_inverificable", 0.05), ("otra_causa_total", 0.05),
        ("aproximacion_significativa", 0.85), ("otras_ayudas_publicas", 0.5),
        ("otras_ayudas_comunicadas", 0.7),
    ):
        if draw(st.booleans()):
            # Rare total causes keep the proportional regime well exercised.
            caso[campo] = draw(st.integers(0, 99)) < verdad * 100
    if draw(st.booleans()):
        caso["publicidad"] = draw(st.sampled_from(["cumplida", "defectuosa", "incumplida"]))
    if draw(st.booleans()):
        caso["otras_ayudas"] = texto_importe(draw(st.one_of(st.just(0), st.integers(0, c * 2))))
    if draw(st.booleans()):
        caso["base_dias"] = draw(st.sampled_from(["actual", "365"]))

    # Late justification: both dates, one of them (a note), or none.
    forma_retraso = draw(st.integers(0, 3))
    if forma_retraso:
        limite = draw(fechas(PRIMER_DIA, ULTIMO_DIA - timedelta(days=120)))
        presentacion = max(limite + timedelta(days=draw(st.integers(-30, 120))), PRIMER_DIA)
        if forma_retraso in (1, 2):
            caso["fecha_limite_justificacion"] = limite.isoformat()
        if forma_retraso in (1, 3):
            caso["fecha_presentacion_justificacion"] = presentacion.isoformat()

    # Payments: up to four, adding up to at most G.
    pagos = []
    pagado = 0
    for _ in range(draw(st.integers(0, 4))):
        if pagado >= g:
            break
        importe = draw(st.one_of(st.just(g - pagado), st.integers(1, g - pagado)))
        pagado += importe
        pagos.append({"fecha": draw(fechas(PRIMER_DIA, HOY)).isoformat(), "importe": texto_importe(importe)})
    if pagos or draw(st.booleans()):
        caso["pagos"] = pagos

    # End of interest: at or after every payment, inside the table.
    if con_fin is None:
        con_fin = draw(st.booleans())
    if con_fin:
        ultimo_pago = max((date.fromisoformat(p["fecha"]) for p in pagos), default=PRIMER_DIA)
        forma_fin = draw(st.integers(0, 2))
        if forma_fin in (0, 2):
            caso["fecha_resolucion"] = draw(fechas(ultimo_pago, ULTIMO_DIA)).isoformat()
        if forma_fin in (1, 2):
            caso["fecha_ingreso"] = draw(fechas(ultimo_pago, ULTIMO_DIA)).isoformat()
    return caso


# ------------------------------------------------------------- invariants


def euros(texto: str) -> Decimal:
    return Decimal(texto)


def total_pagado(caso: Caso) -> Decimal:
    return caso.total_pagado.quantize(Decimal("0.01"))


def recorrer(valor: object, ruta: str = "resultado"):
    """Every (path, value) of a JSON-like tree."""
    yield ruta, valor
    if isinstance(valor, dict):
        for clave, dato in valor.items():
            assert isinstance(clave, str), f"{ruta}: clave no textual {clave!r}"
            yield from recorrer(dato, f"{ruta}.{clave}")
    elif isinstance(valor, list):
        for i, dato in enumerate(valor):
            yield from recorrer(dato, f"{ruta}.{i}")


def suma_de_bloque(resultado: dict, bloque: str) -> Decimal:
    return sum((euros(p["importe"]) for p in resultado["pasos"] if p["bloque"] == bloque), Decimal(0))


def comprobar_resultado(caso: Caso, resultado: dict) -> None:
    """The invariants of DOMAIN.md every result satisfies, whatever the case."""
    # Only JSON types, no float (DOMAIN "Amounts": money is never float).
    for ruta, valor in recorrer(resultado):
        assert valor is None or isinstance(valor, (str, int, bool, list, dict)), f"{ruta}: {type(valor)}"
        assert not isinstance(valor, float), ruta
    texto = json.dumps(resultado, ensure_ascii=False, allow_nan=False)
    assert not re.search(r"\b(NaN|Infinity)\b", texto)

    for clave in CLAVES_IMPORTE:
        assert IMPORTE.match(resultado[clave]), (clave, resultado[clave])
    assert IMPORTE.match(resultado["intereses"]["total"])

    g = euros(resultado["importe_concedido"])
    f = euros(resultado["importe_final"])
    r = euros(resultado["reintegro"])
    pendiente = euros(resultado["pendiente_de_cobro"])
    perdida = euros(resultado["perdida_derecho_cobro"])
    intereses = euros(resultado["intereses"]["total"])
    p = total_pagado(caso)

    assert g == caso.importe_concedido
    assert Decimal(0) <= f <= g
    assert Decimal(0) <= r <= p
    assert pendiente >= 0
    assert r - pendiente == p - f
    assert perdida == g - max(p, f)
    assert intereses >= 0
    assert euros(resultado["total_a_ingresar"]) == r + intereses
    if r == 0:
        assert intereses == 0 and resultado["intereses"]["periodos"] == []

    # The explanation adds up to the cent (D1).
    assert suma_de_bloque(resultado, "importe_final") == f
    assert suma_de_bloque(resultado, "liquidacion") == p - f
    assert suma_de_bloque(resultado, "intereses") == intereses
    if perdida:
        assert suma_de_bloque(resultado, "perdida_derecho_cobro") == perdida
    periodos = resultado["intereses"]["periodos"]
    assert sum((euros(x["importe"]) for x in periodos), Decimal(0)) == intereses
    for paso in resultado["pasos"]:
        assert IMPORTE.match(paso["importe"]), paso
    for periodo in periodos:
        assert IMPORTE.match(periodo["importe"]) and IMPORTE.match(periodo["principal"]), periodo
        assert periodo["dias"] > 0

    # Citations resolve.
    comprobar_citas(resultado)

    # Ranges: minimo <= central <= maximo.
    for nombre, rango in resultado["rangos"].items():
        assert nombre in FIGURAS_CON_RANGO, nombre
        central = intereses if nombre == "intereses" else euros(resultado[nombre])
        assert IMPORTE.match(rango["minimo"]) and IMPORTE.match(rango["maximo"]), rango
        assert euros(rango["minimo"]) <= central <= euros(rango["maximo"]), (nombre, rango, central)


def comprobar_citas(resultado: dict) -> None:
    b = bases(resultado["bases"])
    resolubles = anclas_resolubles(b)
    for paso in resultado["pasos"]:
        ancla = paso["cita"]["ancla"]
        assert ancla in resolubles, (paso["texto"], ancla)
        pagina = b.pagina if ancla in b.parrafos else PAGINA_LEY_GENERAL
        assert paso["cita"]["enlace"] == f"{pagina}#{ancla}", paso["cita"]


def leer(caso: dict) -> Caso:
    return leer_caso(caso, HOY)


# ------------------------------------------------------- Spanish messages

_INGLES = re.compile(
    r"\b(the|is|are|should|input|valid|invalid|expecting|exceeds|limit|field|required|value|"
    r"must|string|integer|object|character|escape|delimiter|unterminated|digits|type|missing|"
    r"not|with|for|to|of|at)\b",
    re.IGNORECASE,
)


def es_mensaje_claro_en_espanol(mensaje: str) -> bool:
    """A Spanish message that says what is wrong: no English words, not the
    generic fallback, no position repeated (DOMAIN "Bad input")."""
    sin_citas = re.sub(r"«[^»]*»", "«»", mensaje)  # values the user wrote are echoed
    return (
        bool(mensaje.strip())
        and not _INGLES.search(sin_citas)
        and mensaje != "valor no válido"
        and mensaje.count("(posición") <= 1
        and "Traceback" not in mensaje
    )
