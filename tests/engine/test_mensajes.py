"""The message templates themselves (``mensajes``): a field named in a
message is its JSON name on the command line and «its label» on the page;
several fields read as a Spanish list («A», «B» y «C»); a placeholder
without data stays as written; a value parser's error carries its data only
where the page's words need them."""

from __future__ import annotations

from reintegro.errores import enumerar_opciones
from reintegro.mensajes import Campo, error_de_valor, redactar


def etiquetar(campo: Campo) -> str:
    return f"«{campo.ruta.upper()}»"


def test_varios_campos_se_enumeran_como_en_castellano():
    datos = {"suma": "1.200,00 €", "justificado_campo": "gasto justificado", "justificado": "1.000,00 €"}
    uno = redactar("partes_superan", {**datos, "otras": (Campo("a"),)}, etiquetar)
    dos = redactar("partes_superan", {**datos, "otras": (Campo("a"), Campo("b"))}, etiquetar)
    tres = redactar("partes_superan", {**datos, "otras": (Campo("a"), Campo("b"), Campo("c"))}, etiquetar)
    assert uno == "junto con «A» suma 1.200,00 €, más que el gasto justificado (1.000,00 €)"
    assert dos.startswith("junto con «A» y «B» suma")
    assert tres.startswith("junto con «A», «B» y «C» suma")


def test_la_linea_de_ordenes_nombra_los_campos_por_su_nombre_json():
    assert redactar("pago_tras_hoy", {"fecha": "2026-12-31", "resolucion": Campo("fecha_resolucion"),
                                      "ingreso": Campo("fecha_ingreso")}) == \
        "el pago del 2026-12-31 es posterior a hoy; indique fecha_resolucion o fecha_ingreso"


def test_un_hueco_sin_dato_queda_como_esta():
    assert redactar("maximo", {}) == "es demasiado grande (máximo {maximo})"
    assert redactar("maximo", {}, etiquetar) == "es demasiado grande (máximo {maximo_es})"


def test_el_error_de_un_valor_lleva_sus_datos_solo_si_la_pagina_los_usa():
    """«maximo» has page words of its own ({maximo_es}): its data travel; «rango»
    has none (the same words everywhere): nothing travels; an error without data
    carries none either."""
    con_pagina = error_de_valor("maximo", maximo="1000000000.00", maximo_es="1.000.000.000,00")
    assert con_pagina.context == {"maximo": "1000000000.00", "maximo_es": "1.000.000.000,00"}
    assert con_pagina.message() == "es demasiado grande (máximo 1000000000.00)"
    assert error_de_valor("rango", valor="150").context is None
    assert error_de_valor("maximo").context is None


def test_lasenumerar_opciones_de_un_campo():
    assert enumerar_opciones("'actual'") == "«actual»"
    assert enumerar_opciones("'actual' or '365'") == "«actual» o «365»"
    assert enumerar_opciones("'cumplida', 'defectuosa' or 'incumplida'") == "«cumplida», «defectuosa» o «incumplida»"
