"""The calculator's form as the engine describes it (``formulario``, sent to
the page in motor.json and by ``navegador.validar_bases``): per field, the
label and help a person reads (the bases' own where it gives them, the
generic ones otherwise), whether it must be filled, what it holds when left
alone, its options, its group, and the paragraph that explains why it is
asked («¿Por qué se pregunta?»), with the link to that paragraph.

Art. 21 (seed 000) asks the publicity measures because of its apartado 2,
letra f), and names the early-payment date in its own words (apartado 1).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from reintegro.bases_propias import leer_bases
from reintegro.caso import MAXIMOS_REFERENCIA
from reintegro.catalogo import bases, campos_genericos
from reintegro.formulario import formulario, referencias



# Computed inside each test (never at import), so that mutation testing knows
# which tests call ``formulario``.
def art21() -> dict:
    return formulario("art21-umbral-75")


def campos_art21() -> dict[str, dict]:
    return {c["campo"]: c for c in art21()["campos"]}


def test_cabecera_del_formulario():
    b, formulario_art21 = bases("art21-umbral-75"), art21()
    assert {k: v for k, v in formulario_art21.items() if k != "campos"} == {
        "bases": "art21-umbral-75", "titulo": b.titulo, "pagina": "bases/art21-umbral-75/", "norma": b.norma,
        "fuente": b.fuente, "referencia": referencias(), "sin_expresar": []}
    assert [c["campo"] for c in formulario_art21["campos"]] == [u.campo for u in b.campos]


def test_un_campo_de_opciones_con_su_parrafo():
    """«Medidas de publicidad y difusión»: three options, «cumplida» by default,
    asked because of apartado 2, letra f)."""
    letra_f = bases("art21-umbral-75").parrafos["apartado-2-letra-f"]
    assert campos_art21()["publicidad"] == {
        "campo": "publicidad", "tipo": "opciones", "etiqueta": "Medidas de publicidad y difusión",
        "ayuda": campos_genericos()["publicidad"]["ayuda"], "obligatorio": False, "defecto": "cumplida",
        "opciones": [{"valor": "cumplida", "etiqueta": "Cumplidas"},
                     {"valor": "defectuosa", "etiqueta": "Cumplidas de forma defectuosa"},
                     {"valor": "incumplida", "etiqueta": "No cumplidas"}],
        "grupo": "incumplimientos",
        "por_que": {"referencia": "Bases reguladoras, art. 21, apartado 2, letra f)", "ancla": "apartado-2-letra-f",
                    "enlace": "bases/art21-umbral-75/#apartado-2-letra-f", "texto": letra_f.texto},
    }


def test_las_bases_dan_su_propia_etiqueta_y_ayuda():
    propio = campos_art21()["fecha_ingreso"]
    assert propio["etiqueta"] == "Fecha en que pide formalmente ingresar el reintegro"
    assert propio["ayuda"].startswith("Día en que pide formalmente ingresar el reintegro")
    assert propio["etiqueta"] != campos_genericos()["fecha_ingreso"]["etiqueta"]


def test_obligatorio_y_valores_por_defecto_de_cada_clase():
    """The amount granted must be given (no default); payments start empty;
    a percentage starts at its default as text (100 % of objectives); a yes/no
    at its boolean."""
    campos = campos_art21()
    assert (campos["importe_concedido"]["obligatorio"], campos["importe_concedido"]["defecto"]) == (True, None)
    assert (campos["pagos"]["obligatorio"], campos["pagos"]["defecto"]) == (False, [])
    assert campos["grado_cumplimiento_objetivos"]["defecto"] == "100"
    assert campos["falseamiento"]["defecto"] is False
    assert campos["coste_proyecto"]["defecto"] is None and campos["coste_proyecto"]["simbolo"] == "C"
    assert campos["pagos"]["etiqueta_fecha"] == "Fecha del pago {n}"
    assert campos["importe_concedido"]["opciones"] is None


def test_un_campo_sin_parrafo_no_dice_por_que():
    """A user's bases that lists the amount granted without a paragraph."""
    texto = (Path(__file__).parent / "bases_de_ejemplo" / "ayudas-culturales.toml").read_text(encoding="utf-8")
    assert all("ancla" not in c for c in tomllib.loads(texto)["campos"] if c["campo"] == "importe_concedido")
    campos = {c["campo"]: c for c in formulario(leer_bases(texto))["campos"]}
    assert campos["importe_concedido"]["por_que"] is None
    assert campos["publicidad"]["por_que"]["ancla"] == "apartado-2"
    # The fields the general law makes relevant under any bases are added with its paragraph (LGS 37.1 for the
    # payments and their interest), so the form asks for them.
    assert campos["pagos"]["por_que"]["ancla"] == "lgs-37-1"
    assert campos["otras_ayudas"]["por_que"]["ancla"] == "lgs-19-3"


def test_las_referencias_del_informe_con_su_longitud_maxima():
    assert [(r["campo"], r["maximo"]) for r in referencias()] == list(MAXIMOS_REFERENCIA.items())
    assert all(r["etiqueta"] and r["ayuda"] for r in referencias())
