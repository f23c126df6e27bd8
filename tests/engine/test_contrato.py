"""The result's public contract, key by key, and the words it carries
(DOMAIN.md, "The public contract"; CONTRIBUTING.md, "The case and the result"): every key
documented and no other, every step text a Spanish sentence with its figures
in Spanish form, every note with its placeholders filled with a value of the
right kind. Over the golden corpus and over random valid cases; the same file
runs inside Pyodide (tests/pyodide).

When the contract grows (``lecturas``, ``margen``, ``plazos``, a new case
field), update CONTRATO below, and only there.
"""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given

from reintegro import calcular_caso
from reintegro.catalogo import codigos_de_notas, nota

from tests.golden import corpus

from .estrategias import HOY, casos, es_mensaje_claro_en_espanol


class UnaDe(tuple):
    """An object with exactly the keys of one of these shapes (a threshold of
    expense or of objectives; a cause with or without the threshold's figure)."""


class Mapa(dict):
    """An object whose keys are any of a known set, each value of one shape
    (``rangos``: one entry per figure that has a range)."""

    def __init__(self, claves: tuple[str, ...], valor: object):
        super().__init__()
        self.claves = claves
        self.valor = valor


# The shape of a result. A dict: an object with exactly these keys; [dict]: a
# list of such objects; Mapa: an object with some of its keys; None: a value
# (JSON scalar, or the echoed case) whose content other tests check.
CITA = {"norma": None, "referencia": None, "ancla": None, "enlace": None, "texto": None}
CAMPOS_DEL_CASO = (
    "bases", "importe_concedido", "coste_proyecto", "pagos", "gasto_justificado", "gasto_sin_justificante",
    "gasto_sin_ofertas", "gasto_modificaciones_no_autorizadas", "grado_cumplimiento_objetivos",
    "falseamiento", "incumplimiento_total_fines", "sin_justificacion", "justificacion_inverificable",
    "otra_causa_total", "aproximacion_significativa", "publicidad", "otras_ayudas", "otras_ayudas_publicas",
    "otras_ayudas_comunicadas", "fecha_limite_justificacion", "fecha_presentacion_justificacion",
    "fecha_inicio_procedimiento", "fecha_resolucion", "fecha_notificacion_resolucion", "fecha_concesion",
    "fecha_fin_obligaciones", "fecha_ingreso", "base_dias", "criterios", "referencia",
)
# The blocks of the explanation, in the order the steps come (each block adds up on its own, D1).
BLOQUES = ("importe_final", "liquidacion", "perdida_derecho_cobro", "intereses")
FIGURAS_CON_RANGO = (
    "importe_final", "reintegro", "pendiente_de_cobro", "perdida_derecho_cobro", "intereses", "total_a_ingresar",
)
CIFRAS = ("importe_final", "reintegro", "intereses", "total_a_ingresar")
_UMBRAL = ("medida", "porcentaje_minimo", "porcentaje_actual", "cumple",
           "reintegro_al_alcanzarlo", "importe_final_al_alcanzarlo", "total_a_ingresar_al_alcanzarlo")
_GASTO = ("gasto_aceptado_minimo", "falta", "gasto_justificado_necesario")
_OBJETIVOS = ("porcentaje_necesario", "falta")
_PLAZO = {"id": None, "fecha": None, "texto": None, "cita": CITA}
_CAUSA = {"campo": None, "etiqueta": None, "texto": None, "cita": CITA, "cita_remedio": None,
          "reintegro_sin_ella": None, "importe_final_sin_ella": None, "total_a_ingresar_sin_ella": None}
CONTRATO = {
    "bases": None,
    "titulo": None,
    "version_motor": None,
    "caso": dict.fromkeys(CAMPOS_DEL_CASO),
    "regimen": None,
    "ejecucion": dict.fromkeys(
        ("gasto_justificado", "gasto_aceptado", "grado_economico", "grado_tecnico", "grado_aplicado")
    ),
    "importe_concedido": None,
    "importe_final": None,
    "reintegro": None,
    "pendiente_de_cobro": None,
    "perdida_derecho_cobro": None,
    "intereses": {
        "total": None,
        "fecha_fin": None,
        "base_dias": None,
        "periodos": [dict.fromkeys(
            ("pago", "desde", "hasta", "dias", "divisor", "tipo", "tipo_texto", "principal", "importe")
        )],
    },
    "total_a_ingresar": None,
    "rangos": Mapa(FIGURAS_CON_RANGO, {"minimo": None, "maximo": None}),
    "lecturas": [{"id": None, "titulo": None, "texto": None, "nota": None, "cita": CITA, "regimen": None,
                  **dict.fromkeys(CIFRAS)}],
    "margen": {
        "umbrales": [UnaDe((
            dict.fromkeys((*_UMBRAL, *_GASTO)),
            dict.fromkeys((*_UMBRAL, *_OBJETIVOS)),
            # where D3 decides, the rival reading's least figure (DOMAIN.md, "margen")
            {**dict.fromkeys((*_UMBRAL, *_GASTO)), "otra_lectura": {"id": None, **dict.fromkeys(_GASTO)}},
            {**dict.fromkeys((*_UMBRAL, *_OBJETIVOS)), "otra_lectura": {"id": None, **dict.fromkeys(_OBJETIVOS)}},
        ))],
        "por_causa": [UnaDe((_CAUSA, {**_CAUSA, "reintegro_sin_ella_al_alcanzar_umbrales": None}))],
        "interes_diario": None,
        "si_ingresa_el": None,  # null, or {"fecha", "intereses", ...}: checked below
        "tras_resolucion": None,  # null, or the voluntary period and the recargos: checked below
    },
    "plazos": [UnaDe((
        _PLAZO,
        {**_PLAZO, "inicio": {"fecha": None, "cita": CITA}, "interrupciones": [{"fecha": None, "motivo": None}]},
        {**_PLAZO, "otra_lectura": None},  # null, or {"fecha", "texto", "cita"}: checked below
    ))],
    "pasos": [{"orden": None, "bloque": None, "texto": None, "importe": None, "cita": CITA, "notas": None}],
    "notas": [{"codigo": None, "titulo": None, "texto": None}],
}


def diferencias_de_forma(valor: object, forma: object, ruta: str = "resultado") -> list[str]:
    """Where ``valor`` departs from ``forma`` (missing, extra or renamed keys)."""
    if forma is None:
        return []
    if isinstance(forma, UnaDe):
        intentos = [diferencias_de_forma(valor, una, ruta) for una in forma]
        return [] if [] in intentos else min(intentos, key=len)
    if isinstance(forma, Mapa):
        if not isinstance(valor, dict):
            return [f"{ruta}: se esperaba un objeto"]
        fallos = [f"{ruta}.{k}: clave no documentada" for k in valor if k not in forma.claves]
        for k, v in valor.items():
            fallos += diferencias_de_forma(v, forma.valor, f"{ruta}.{k}") if k in forma.claves else []
        return fallos
    if isinstance(forma, list):
        if not isinstance(valor, list):
            return [f"{ruta}: se esperaba una lista"]
        return [f for i, v in enumerate(valor) for f in diferencias_de_forma(v, forma[0], f"{ruta}.{i}")]
    if not isinstance(valor, dict):
        return [f"{ruta}: se esperaba un objeto"]
    fallos = [f"{ruta}.{k}: falta" for k in forma if k not in valor]
    fallos += [f"{ruta}.{k}: clave no documentada" for k in valor if k not in forma]
    for k in forma:
        if k in valor:
            fallos += diferencias_de_forma(valor[k], forma[k], f"{ruta}.{k}")
    return fallos


# ------------------------------------------------------------- Spanish words

# A figure as the page shows it: 1.234,56 € (a minus sign "−" for negatives),
# 75 % or 74,99 %, 01/07/2025.
IMPORTE_ES = r"(?<![\d.,])−?\d{1,3}(?:\.\d{3})*,\d{2} €"
PORCENTAJE_ES = r"(?<![\d.,])\d{1,3}(?:,\d+)? %"
FECHA_ES = r"\d{2}/\d{2}/\d{4}"
UNIDADES_ES = r"\d+ (?:día natural|días naturales|día hábil|días hábiles|semanas? completas?|mes(?:es)? completos?)"
# Letters of Spanish, digits, the punctuation the texts use.
_CARACTERES = re.compile(r"[A-Za-zÁÉÍÓÚÜÑáéíóúüñ0-9 .,;:()«»/%€ºª°−–—'\"¿?¡!-]+")
_RESTOS_DE_PYTHON = re.compile(r"\b(?:None|True|False|nan|inf|Fraction|Decimal)\b|\dE[+-]|[{}\[\]\\]")


def fallos_de_texto(texto: object, cifras: bool = True) -> list[str]:
    """Why ``texto`` is not a Spanish sentence a beneficiary can read (empty
    list if it is). ``cifras``: also check the form of every amount, percentage
    and decimal number (notes check theirs against their template instead)."""
    if not isinstance(texto, str) or not texto.strip():
        return [f"texto vacío o no textual: {texto!r}"]
    fallos = []
    if texto != texto.strip() or "  " in texto or " ," in texto or " ." in texto:
        fallos.append("espacios sobrantes")
    inicio = texto.lstrip("«¿¡")[:1]
    if not (inicio.isupper() and inicio.isalpha()):
        fallos.append("no empieza con mayúscula")
    if not _CARACTERES.fullmatch(texto):
        fallos.append("caracteres ajenos a un texto en español: "
                      + "".join(sorted(set(_CARACTERES.sub("", texto)))))
    if _RESTOS_DE_PYTHON.search(texto):
        fallos.append(f"restos de Python: {_RESTOS_DE_PYTHON.search(texto).group()}")
    if not es_mensaje_claro_en_espanol(texto):
        fallos.append("palabras en inglés")
    if cifras:
        fallos += _fallos_de_cifras(texto)
    return fallos


def _fallos_de_cifras(texto: str) -> list[str]:
    fallos = []
    # Every euro sign follows a Spanish amount, every percent sign a Spanish number.
    sin_importes = re.sub(IMPORTE_ES, "", texto)
    if "€" in sin_importes:
        fallos.append("un importe sin el formato 1.234,56 €")
    sin_porcentajes = re.sub(PORCENTAJE_ES, "", texto)
    if "%" in sin_porcentajes:
        fallos.append("un porcentaje sin el formato 75 % o 74,99 %")
    if re.search(r"\d\.\d{1,2}(?!\d)", re.sub(r"\d{1,3}(?:\.\d{3})+,\d{2}", "", texto)) and not re.search(
        r"(art\.|arts\.|apartado|artículo|RLGS|LGS|Ley) \d", texto
    ):
        fallos.append("un número con punto decimal")
    return fallos


# What each note placeholder holds, as a pattern of the text shown.
VALORES_DE_NOTAS = {
    "economico": PORCENTAJE_ES, "tecnico": PORCENTAJE_ES, "aplicado": PORCENTAJE_ES,
    "umbral": PORCENTAJE_ES, "minimo": PORCENTAJE_ES, "maximo": PORCENTAJE_ES,
    "dias": r"\d+", "periodos": r"1 periodo|\d+ periodos",
    "fecha": FECHA_ES, "revisado": FECHA_ES, "resolucion": FECHA_ES, "movida": FECHA_ES, "hoy": FECHA_ES,
    "posterior": rf"la resolución \({FECHA_ES}\)|hoy \({FECHA_ES}\), sin resolución,",
    "acto": rf"La (?:notificación de la )?resolución \({FECHA_ES}\)",
    "ley": r"[A-ZÁÉÍÓÚa-záéíóú][^{}]+",
    "base": r"365 días|365 o 366 días según el año",
    "campos": r"«[^«»]+»(?:, «[^«»]+»)*",  # by their labels, never JSON names
    "concepto": r"[a-záéíóúñ][a-záéíóúüñ .,()0-9]+",
    "decide": r"(?:el|la|los|las) [^{}]+",
    "texto": r"[A-ZÁÉÍÓÚ][^{}]+",
    # the bases' own clause kinds (criterios, delay scales, minimum amount, what is not expressed)
    "importe_minimo": IMPORTE_ES, "reintegro": IMPORTE_ES,
    "retraso": UNIDADES_ES, "cada": UNIDADES_ES,
    "anos": r"\d{4}(?:, \d{4})*",
    "lista": r"[A-ZÁÉÍÓÚ¿][^{}]+",
    "condicion": r"[A-ZÁÉÍÓÚ¿][^{}]+",
    "criterios": r"«[a-z0-9_]+»(?:, «[a-z0-9_]+»)*", "grado": PORCENTAJE_ES,
}


def _patron_de_plantilla(plantilla: str) -> re.Pattern:
    """The template of a note as a pattern, each placeholder as the kind of value it holds."""
    partes = []
    for literal, campo, _, _ in string.Formatter().parse(plantilla):
        partes.append(re.escape(literal))
        if campo is not None:
            partes.append(f"(?:{VALORES_DE_NOTAS[campo]})")
    return re.compile("".join(partes), re.DOTALL)


def fallos_de_nota(n: dict) -> list[str]:
    """Why a note of a result is not its template with every placeholder filled."""
    from reintegro.catalogo import _notas  # the templates of data/notas.toml

    plantilla = _notas().get(n["codigo"])
    if plantilla is None:
        return [f"nota {n['codigo']}: no existe en data/notas.toml"]
    fallos = []
    for parte, texto in (("titulo", plantilla["titulo"]), ("texto", plantilla["texto"].strip())):
        if not _patron_de_plantilla(texto).fullmatch(n[parte]):
            fallos.append(f"nota {n['codigo']}, {parte}: algún hueco sin rellenar o mal rellenado: {n[parte]!r}")
        fallos += [f"nota {n['codigo']}, {parte}: {f}" for f in fallos_de_texto(n[parte], cifras=False)
                   if not f.startswith(("caracteres", "restos"))]
    return fallos


def fallos_del_resultado(resultado: dict) -> list[str]:
    fallos = diferencias_de_forma(resultado, CONTRATO)
    pasos = resultado["pasos"]
    if [p["orden"] for p in pasos] != list(range(1, len(pasos) + 1)):
        fallos.append(f"pasos: los números de orden no van de 1 a {len(pasos)}")
    bloques = [p["bloque"] for p in pasos]
    if any(b not in BLOQUES for b in bloques) or bloques != sorted(bloques, key=BLOQUES.index):
        fallos.append(f"pasos: bloques desconocidos o fuera de orden: {bloques}")
    for paso in resultado["pasos"]:
        fallos += [f"paso {paso['orden']} «{paso['texto']}»: {f}" for f in fallos_de_texto(paso["texto"])]
        fallos += [f"paso {paso['orden']}: la nota {c} no está en el resultado" for c in paso["notas"]
                   if c not in {n["codigo"] for n in resultado["notas"]}]
    codigos = {n["codigo"] for n in resultado["notas"]}
    for lectura in resultado["lecturas"]:
        if lectura.get("nota") is not None and lectura["nota"] not in codigos:
            fallos.append(f"lectura {lectura['id']}: su nota {lectura['nota']} no está en el resultado")
        for parte in ("titulo", "texto"):
            fallos += [f"lectura {lectura['id']}, {parte}: {f}" for f in fallos_de_texto(lectura[parte])]
    for causa in resultado["margen"]["por_causa"]:
        fallos += [f"causa {causa['campo']}: {f}" for f in fallos_de_texto(causa["texto"])]
    for plazo in resultado["plazos"]:
        fallos += [f"plazo {plazo['id']}: {f}" for f in fallos_de_texto(plazo["texto"])]
    hoy = resultado["margen"]["si_ingresa_el"]
    if hoy is not None:
        fallos += diferencias_de_forma(hoy, {**dict.fromkeys(("fecha", "intereses", "total_a_ingresar", "ahorro",
                                                              "voluntaria")), "cita": CITA},
                                       "resultado.margen.si_ingresa_el")
    for plazo in resultado["plazos"]:
        if plazo.get("otra_lectura") is not None:
            fallos += diferencias_de_forma(plazo["otra_lectura"], {"fecha": None, "texto": None, "cita": CITA},
                                           f"resultado.plazos.{plazo['id']}.otra_lectura")
    tras = resultado["margen"]["tras_resolucion"]
    if tras is not None:
        fallos += diferencias_de_forma(tras, {
            **dict.fromkeys(("fecha_resolucion", "fecha_notificacion", "fin_periodo_voluntario", "deuda", "texto")),
            "recargos": [dict.fromkeys(("tipo", "porcentaje", "importe"))], "cita": CITA, "cita_recargos": CITA,
        }, "resultado.margen.tras_resolucion")
    for n in resultado["notas"]:
        fallos += fallos_de_nota(n)
    return fallos


# ------------------------------------------------------------------- tests

EJEMPLOS = [
    pytest.param(ejemplo["caso"], id=f"{fichero}: {ejemplo['nombre']}")
    for fichero, ejemplos in corpus.cargar().items()
    for ejemplo in ejemplos
    if "errores" not in ejemplo
]


@pytest.mark.parametrize("caso", EJEMPLOS)
def test_resultado_del_corpus_cumple_el_contrato(caso):
    """Every golden case: the documented keys and no other, Spanish steps,
    notes with their placeholders filled."""
    assert fallos_del_resultado(calcular_caso(caso, hoy=corpus.HOY)) == []


@given(casos())
def test_resultado_de_cualquier_caso_cumple_el_contrato(caso):
    """The same for random valid cases of every bases (estrategias.casos)."""
    assert fallos_del_resultado(calcular_caso(caso, hoy=HOY)) == []


def test_el_echo_del_caso_tiene_los_campos_del_modelo():
    """The echoed case carries every field of the case model, and CONTRATO
    names them all: a field added to the model must be added here too."""
    from reintegro import Caso

    assert set(CAMPOS_DEL_CASO) == set(Caso.model_fields)


@pytest.mark.parametrize("codigo", sorted(codigos_de_notas()))
def test_cada_hueco_de_las_notas_tiene_su_forma(codigo):
    """Every {placeholder} of data/notas.toml is one VALORES_DE_NOTAS knows,
    so the checks above can tell a filled note from a badly filled one."""
    from reintegro.catalogo import _notas

    plantilla = _notas()[codigo]
    for texto in (plantilla["titulo"], plantilla["texto"]):
        for _, campo, _, _ in string.Formatter().parse(texto):
            assert campo is None or campo in VALORES_DE_NOTAS, (codigo, campo)


# The checks themselves catch what they are for (a check that cannot fail proves nothing).


@pytest.mark.parametrize("texto, motivo", [
    ("", "vacío"),
    ("None", "Python"),
    ("«importe» concedido", "mayúscula"),
    ("importe concedido: 10.000,00 €", "mayúscula"),
    ("Importe concedido: 10000.00 €", "importe"),
    ("Importe concedido: 1,234.56 €", "importe"),
    ("Se reduce el 0.2 % del importe concedido", "porcentaje"),
    ("Se reduce el 20.00 del importe concedido", "punto decimal"),
    ("Se alcanzó el 1E+2 %", "Python"),
    ("Reduction of the grant: 20 %", "inglés"),
    ("Se alcanzó el {tecnico}", "Python"),
    ("Importe  concedido", "espacios"),
])
def test_la_comprobacion_de_textos_detecta_lo_que_no_es_espanol(texto, motivo):
    fallos = fallos_de_texto(texto)
    assert any(motivo in f for f in fallos), fallos


def test_la_comprobacion_de_notas_detecta_huecos_mal_rellenados():
    buena = nota("D2", economico="95 %", tecnico="60 %", aplicado="60 %")._asdict()
    assert fallos_de_nota(buena) == []
    for mala in (
        nota("D2", economico="", tecnico="60 %", aplicado="60 %"),
        nota("D2", economico="0.95", tecnico="60 %", aplicado="60 %"),
        nota("D4", dias="None", periodos="1"),
        nota("fecha-hoy", fecha="2026-11-29"),
    ):
        assert fallos_de_nota(mala._asdict()) != [], mala


def test_la_comprobacion_de_forma_detecta_claves_renombradas_o_que_faltan():
    resultado = calcular_caso({"bases": "art21-umbral-75", "importe_concedido": "100"}, hoy=HOY)
    assert diferencias_de_forma(resultado, CONTRATO) == []
    renombrado = dict(resultado, importe_final_=resultado["importe_final"])
    del renombrado["importe_final"]
    assert diferencias_de_forma(renombrado, CONTRATO) == [
        "resultado.importe_final: falta", "resultado.importe_final_: clave no documentada",
    ]
    paso = dict(resultado["pasos"][0], cita={**resultado["pasos"][0]["cita"], "pagina": "x"})
    assert diferencias_de_forma(dict(resultado, pasos=[paso]), CONTRATO) == [
        "resultado.pasos.0.cita.pagina: clave no documentada",
    ]
    assert diferencias_de_forma(dict(resultado, rangos={"otra": {}}), CONTRATO) == [
        "resultado.rangos.otra: clave no documentada",
    ]


def test_la_comprobacion_de_pasos_detecta_orden_y_bloques_cambiados():
    resultado = calcular_caso({"bases": "art21-umbral-75", "importe_concedido": "100",
                               "grado_cumplimiento_objetivos": "80"}, hoy=HOY)
    assert fallos_del_resultado(resultado) == []
    pasos = resultado["pasos"]
    renumerados = [dict(p, orden=p["orden"] + 1) for p in pasos]
    assert any("orden" in f for f in fallos_del_resultado(dict(resultado, pasos=renumerados)))
    desordenados = [pasos[-1], *pasos[:-1]]
    assert any("bloques" in f for f in fallos_del_resultado(dict(resultado, pasos=desordenados)))


# Cases that depend on the day they are computed: not in the golden corpus,
# which the browser's /pruebas/corpus/ page also runs with the real today.

HOY_FIJO = corpus.HOY  # 29/11/2026


def test_un_pago_de_hoy_sin_fecha_final_se_acepta_y_no_devenga_intereses():
    """Coherence of the case (DOMAIN.md, "Bad input": a payment after the end
    of interest is refused): with no resolution or payment date the end is
    today, and a payment dated today is not after it. Days of interest: 0."""
    caso = {"bases": "art21-umbral-75", "importe_concedido": "1000", "sin_justificacion": True,
            "pagos": [{"fecha": "2026-11-29", "importe": "1000"}]}
    resultado = calcular_caso(caso, hoy=HOY_FIJO)
    assert resultado["reintegro"] == "1000.00"
    assert resultado["intereses"] == {"total": "0.00", "fecha_fin": None, "base_dias": "actual", "periodos": []}
    assert resultado["total_a_ingresar"] == "1000.00"
    assert not {"fecha-hoy", "D6"} & {n["codigo"] for n in resultado["notas"]}


def test_un_pago_de_manana_sin_fecha_final_se_rechaza():
    from reintegro import CasoInvalido

    caso = {"bases": "art21-umbral-75", "importe_concedido": "1000",
            "pagos": [{"fecha": "2026-11-30", "importe": "1000"}]}
    with pytest.raises(CasoInvalido) as error:
        calcular_caso(caso, hoy=HOY_FIJO)
    assert [(e.campo, "es posterior a hoy" in e.mensaje) for e in error.value.errores] == [("pagos.0.fecha", True)]


def test_sin_fecha_final_los_intereses_corren_hasta_hoy_y_la_nota_da_la_fecha():
    """DOMAIN.md, "Interés de demora": with neither date the calculator uses
    today and says so. Payment of 1.000 on 29/10/2026, F = 0, today 29/11/2026:
    31 days, 1.000 × 4,0625 % × 31/365 = 3,4503 -> 3,45."""
    caso = {"bases": "art21-umbral-75", "importe_concedido": "1000", "sin_justificacion": True,
            "pagos": [{"fecha": "2026-10-29", "importe": "1000"}]}
    resultado = calcular_caso(caso, hoy=HOY_FIJO)
    assert resultado["intereses"]["total"] == "3.45"
    assert resultado["intereses"]["fecha_fin"] == "2026-11-29"
    assert resultado["intereses"]["periodos"][0]["dias"] == 31
    notas = {n["codigo"]: n["texto"] for n in resultado["notas"]}
    assert notas["fecha-hoy"] == (
        "No se indicó la fecha de la resolución ni la del ingreso: los intereses se calculan hasta hoy, "
        "29/11/2026. El importe definitivo depende de la fecha en que se acuerde el reintegro o se ingrese."
    )


def test_la_nota_del_requerimiento_de_publicidad_dice_lo_que_pide_domain():
    """DOMAIN.md, step 5 (publicity): the note says that RLGS art. 31.3 asks
    the body first to require compliance «en un plazo no superior a 15 días»,
    that where the activity has ended it may ask for alternative measures
    (31.3.b), that no revocation or reintegro may be decided without that
    step, and that the reduction applies only if the beneficiary still does
    not comply. data/notas.toml [notas.rlgs-31-3] says the first and the last
    only (defect reported in issue 15)."""
    texto = nota("rlgs-31-3").texto
    assert "no superior a 15 días" in texto
    assert "sigue sin cumplir" in texto
    assert "alternativas" in texto, "falta la posibilidad de medidas alternativas (art. 31.3.b)"
    assert "revocación" in texto, "falta que sin el requerimiento no cabe revocación ni reintegro"
