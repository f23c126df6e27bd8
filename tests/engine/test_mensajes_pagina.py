"""A refused case in the page's words (reintegro.navegador, the bridge the
page's worker calls): each error names its field by the form's label, its
message names other fields «by their labels» and gives examples in the
form's own format (1.234,56; dd/mm/aaaa), and no JSON name appears. The
command line keeps its own words (tests/engine/test_rechazos.py pins them)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from reintegro import Caso, navegador
from reintegro.caso import MAXIMOS_REFERENCIA
from reintegro.catalogo import ids_de_bases
from reintegro.formulario import formulario
from reintegro.mensajes import PLANTILLAS

# Every name the case's JSON uses (its fields and the references' keys).
NOMBRES_JSON = set(Caso.model_fields) | set(MAXIMOS_REFERENCIA) | {"fecha", "importe"}
# Two payments and an end date: interest, nothing depends on today.
PAGOS = [{"fecha": "2023-02-17", "importe": "6000.00"}, {"fecha": "2023-06-01", "importe": "4000.00"}]


def errores_en_la_pagina(caso: dict, bases: str | None = None) -> list[dict]:
    respuesta = json.loads(navegador.calcular(json.dumps(caso, ensure_ascii=False), bases))
    assert respuesta["estado"] == "error", respuesta
    return respuesta["errores"]


def por_campo(caso: dict) -> dict[str, tuple[str, str]]:
    return {e["campo"]: (e["etiqueta"], e["mensaje"]) for e in errores_en_la_pagina(caso)}


def nombres_json_en(texto: str) -> set[str]:
    sin_citas = re.sub(r"«[^»]*»", "«»", texto)  # a value the user wrote may be echoed
    return {palabra for palabra in re.findall(r"[a-z_]+", sin_citas) if palabra in NOMBRES_JSON and "_" in palabra}


# Refused cases that reach every message of mensajes.PLANTILLAS that a case
# can produce (the last test checks the coverage).
RECHAZADOS = [
    {"bases": "art21-umbral-75", "importe_concedido": "abc", "coste_proyecto": True, "gasto_justificado": "-5",
     "otras_ayudas": "100.005", "grado_cumplimiento_objetivos": "x", "publicidad": "mala", "falseamiento": "sí",
     "fecha_resolucion": "fecha incompleta", "fecha_ingreso": "2024-02-30", "raro": 1},
    {"bases": "art21-umbral-75", "importe_concedido": "0", "grado_cumplimiento_objetivos": None,
     "fecha_limite_justificacion": "2004-12-31", "gasto_sin_justificante": "1000000000000",
     "referencia": {"notas": "x" * 2001, "expediente": 5, "otro": "y"}},
    {"bases": "art21-umbral-75", "grado_cumplimiento_objetivos": "150", "pagos": "x", "referencia": "SUB/1"},
    {"bases": "art21-umbral-75", "importe_concedido": "1000", "pagos": [{"fecha": "2025-01-01", "importe": "1"}] * 101},
    {"bases": "art21-umbral-75", "importe_concedido": "1000", "pagos": ["2025-01-01"], "base_dias": {"a": 1}},
    {"bases": "csd-art12", "importe_concedido": "1000", "pagos": [{"fecha": "2025-03-10", "importe": "2000"}],
     "fecha_resolucion": "2025-03-01", "gasto_justificado": "100", "gasto_sin_justificante": "600"},
    {"bases": "art21-umbral-75", "importe_concedido": "1000", "gasto_justificado": "100",
     "gasto_sin_justificante": "60", "gasto_sin_ofertas": "60"},
    {"bases": "art21-umbral-75", "importe_concedido": "1000", "pagos": [{"fecha": "2026-12-31", "importe": "1000"}]},
    {"bases": "art99", "importe_concedido": "1000"},
    {"bases": "art21-umbral-75", "importe_concedido": "1000", "referencia": {"notas": "x"}, "pagos": [{"importe": []}]},
    {"bases": "art21-umbral-75", "importe_concedido": "1000", "fecha_notificacion_resolucion": "2025-03-01"},
    {"bases": "art21-umbral-75", "importe_concedido": "1000", "fecha_resolucion": "2025-03-10",
     "fecha_notificacion_resolucion": "2025-03-01"},
    {"bases": "csd-art12", "importe_concedido": "1000", "fecha_inicio_procedimiento": "2025-03-01",
     "fecha_resolucion": "2025-02-28"},
]
# A user's own bases (the «Sus bases» page) and a case that names other bases.
BASES_PROPIAS = json.dumps(tomllib.loads(
    (Path(__file__).parent / "bases_de_ejemplo" / "ayudas-culturales.toml").read_text(encoding="utf-8")))
CON_OTRAS_BASES = {"bases": "art21-umbral-75", "importe_concedido": "1000"}
# The bases' own criteria (issue 24): an unknown one, and a bad value of each kind.
BASES_CON_CRITERIOS = json.dumps(tomllib.loads(
    (Path(__file__).parent / "bases_de_ejemplo" / "clausulas-nuevas.toml").read_text(encoding="utf-8")))
CRITERIOS_MALOS = [
    {"importe_concedido": "1000", "criterios": {"no_existe": True, "memoria_final": "sí", "documentacion": "mala",
                                                "anos_mantenidos": "9", "intereses_devengados": "x"}},
    {"importe_concedido": "1000", "criterios": [True]},
]


def test_ningun_mensaje_de_la_pagina_lleva_un_nombre_json_ni_un_hueco():
    for caso in RECHAZADOS:
        for error in errores_en_la_pagina(caso):
            texto = f"{error['etiqueta']}: {error['mensaje']}"
            assert not nombres_json_en(texto), texto
            assert "{" not in texto and "AAAA-MM-DD" not in texto and "1234.56" not in texto, texto


def test_los_ejemplos_van_en_el_formato_del_formulario():
    errores = por_campo(RECHAZADOS[0])
    assert errores["importe_concedido"] == ("Importe concedido", "debe ser un importe en euros, por ejemplo 1.234,56")
    assert errores["grado_cumplimiento_objetivos"][1] == "debe ser un porcentaje entre 0 y 100, por ejemplo 85 o 92,5"
    assert errores["fecha_resolucion"] == (
        "Fecha de la resolución de reintegro", "debe ser una fecha completa, con día, mes y año: por ejemplo 30/06/2025")
    assert errores["fecha_ingreso"][1] == "«30/02/2024» no es una fecha que exista"
    assert errores["falseamiento"][1] == "debe ser sí o no"
    assert errores["raro"][0] == "«raro»"
    assert por_campo(RECHAZADOS[1])["gasto_sin_justificante"][1] == "es demasiado grande (máximo 999.999.999.999,99 €)"


def test_un_pago_tras_la_fecha_final_nombra_la_fecha_que_la_fija():
    """LGS 37.1: interest runs to the earlier of the resolution and the
    payment back. The page says which of the two dates it was, by its label."""
    caso = {"bases": "csd-art12", "importe_concedido": "1000", "pagos": [{"fecha": "2025-03-10", "importe": "1000"}]}
    resolucion = por_campo({**caso, "fecha_resolucion": "2025-03-01"})
    assert resolucion["pagos.0.fecha"] == (
        "Fecha del pago 1",
        "el pago del 10/03/2025 es posterior al 01/03/2025, la «Fecha de la resolución de reintegro», "
        "día en que acaban los intereses")
    ingreso = por_campo({**caso, "fecha_resolucion": "2025-04-01", "fecha_ingreso": "2025-03-01"})
    assert "la «Fecha del ingreso (devolución)», día en que acaban" in ingreso["pagos.0.fecha"][1]


def test_las_partes_del_gasto_nombran_los_campos_por_su_etiqueta():
    errores = por_campo(RECHAZADOS[6])
    assert errores["gasto_sin_ofertas"][1] == (
        "junto con «Gasto sin justificante» suma 120,00 €, más que el «Gasto justificado» (100,00 €)")
    mayor = por_campo(RECHAZADOS[5])
    assert mayor["gasto_sin_justificante"][1] == "no puede ser mayor que el «Gasto justificado» (100,00 €); se indicó 600,00 €"
    assert mayor["pagos"][1] == "los pagos suman 2.000,00 €, más que el «Importe concedido» (1.000,00 €)"


def test_sin_fecha_final_pide_las_fechas_por_su_etiqueta():
    errores = por_campo(RECHAZADOS[7])
    assert errores["pagos.0.fecha"][1] == (
        "el pago del 31/12/2026 es posterior a hoy; indique la «Fecha de la resolución de reintegro» "
        "o la «Fecha en que pide formalmente ingresar el reintegro»")


@pytest.mark.parametrize("id_bases", ids_de_bases())
def test_las_etiquetas_son_las_del_formulario_de_esas_bases(id_bases):
    """An error is named as the field is on that page (a bases may give a
    field its own label: csd-art12's technical execution)."""
    caso = {"bases": id_bases, "importe_concedido": "1000"}
    for campo in formulario(id_bases)["campos"]:
        if campo["tipo"] in ("importe", "porcentaje"):
            caso[campo["campo"]] = "no es un número"
    etiquetas = {c["campo"]: c["etiqueta"] for c in formulario(id_bases)["campos"]}
    for campo, (etiqueta, _) in por_campo(caso).items():
        assert etiqueta == etiquetas[campo]


def test_los_pagos_y_las_referencias_se_nombran_como_en_el_formulario():
    caso = {"bases": "art21-umbral-75", "importe_concedido": "1000", "fecha_resolucion": "2024-06-11",
            "pagos": [PAGOS[0], {"fecha": "2023-13-01", "importe": "x"}], "referencia": {"entidad": 1}}
    errores = por_campo(caso)
    assert errores["pagos.1.fecha"][0] == "Fecha del pago 2"
    assert errores["pagos.1.importe"][0] == "Importe del pago 2"
    assert errores["referencia.entidad"][0] == "Entidad beneficiaria"


def test_la_linea_de_ordenes_conserva_sus_palabras():
    """Same case, both flavours: the command line's message names JSON fields
    (pinned in test_rechazos.py); the page's does not."""
    from reintegro import CasoInvalido, calcular_caso

    caso = {"bases": "art21-umbral-75", "importe_concedido": "1000", "pagos": [{"fecha": "2026-12-31", "importe": "1000"}]}
    with pytest.raises(CasoInvalido) as info:
        calcular_caso(caso)
    assert "indique fecha_resolucion o fecha_ingreso" in info.value.errores[0].mensaje
    assert "fecha_resolucion" not in por_campo(caso)["pagos.0.fecha"][1]


def test_cada_mensaje_que_la_pagina_reescribe_se_ha_visto():
    """Every code with its own page wording appears in RECHAZADOS (so the
    checks above read each of them at least once)."""
    vistos = {e["mensaje"] for caso in RECHAZADOS for e in errores_en_la_pagina(caso)}
    vistos |= {e["mensaje"] for e in errores_en_la_pagina(CON_OTRAS_BASES, BASES_PROPIAS)}
    vistos |= {e["mensaje"] for caso in CRITERIOS_MALOS for e in errores_en_la_pagina(caso, BASES_CON_CRITERIOS)}
    propios = {codigo for codigo, p in PLANTILLAS.items() if p.pagina is not None}
    sin_ver = set()
    for codigo in propios:
        patron = re.escape(PLANTILLAS[codigo].pagina)
        patron = re.sub(r"\\\{[a-z_]+\\\}", ".+", patron)
        if not any(re.fullmatch(patron, m) for m in vistos):
            sin_ver.add(codigo)
    # "valor_no_valido" is the fallback of an error type no case produces.
    assert sin_ver == {"valor_no_valido"}


def test_la_notificacion_y_la_resolucion_se_nombran_por_su_etiqueta():
    """LPAC 40.4: a resolution is notified on or after its own date; a
    notification date needs the resolution it notifies."""
    antes = por_campo(RECHAZADOS[-2])["fecha_notificacion_resolucion"]
    assert antes == ("Fecha de notificación de la resolución de reintegro",
                     "la notificación (01/03/2025) no puede ser anterior a la «Fecha de la resolución de reintegro» "
                     "(10/03/2025)")
    sola = por_campo(RECHAZADOS[-3])["fecha_notificacion_resolucion"]
    assert sola[1] == "indique también la «Fecha de la resolución de reintegro» que se notificó"


def test_un_criterio_propio_se_nombra_por_su_etiqueta():
    por_ruta = {e["campo"]: e for e in errores_en_la_pagina(CRITERIOS_MALOS[0], BASES_CON_CRITERIOS)}
    assert por_ruta["criterios.memoria_final"]["etiqueta"] == "No se presentó la memoria final"
    assert por_ruta["criterios.memoria_final"]["mensaje"] == "debe ser sí o no"
    assert por_ruta["criterios.anos_mantenidos"]["mensaje"] == (
        "debe ser un número entre 0 y 5 (años), dos decimales como máximo")


def test_el_inicio_del_procedimiento_y_la_resolucion_se_nombran_por_su_etiqueta():
    errores = por_campo(RECHAZADOS[-1])
    assert errores["fecha_resolucion"][1] == (
        "la resolución (28/02/2025) no puede ser anterior a la «Fecha del acuerdo de inicio del procedimiento de "
        "reintegro» (01/03/2025)")


def test_un_caso_de_otras_bases_en_la_pagina_de_sus_bases():
    (error,) = errores_en_la_pagina(CON_OTRAS_BASES, BASES_PROPIAS)
    assert (error["campo"], error["etiqueta"]) == ("bases", "Bases reguladoras")
    assert error["mensaje"] == "«art21-umbral-75» no son las bases descritas en esta página («ayudas-culturales»)"
