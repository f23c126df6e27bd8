"""Every message a broken bases file can get (DOMAIN.md, "Their own bases";
issue 14: «Spanish messages for a broken file, one per field, with its
path»), word for word: the field's dotted path as the file writes it (the
tag of a kind of clause — «umbral», «fija»… — is not part of it) and one
sentence a person who wrote the file understands, with the values it may
take where there is a list. The command line prints them as «path: message»
(tests/engine/test_bases_propias.py runs it); the «Sus bases» page shows
them under the control of that field.

The broken files are tests/engine/bases_de_ejemplo/ayudas-culturales.toml
with one thing changed.
"""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import pytest

from reintegro.bases_propias import TAMANO_MAXIMO, BasesInvalidas, _mensaje, formato_de, leer_bases

EJEMPLO_TOML = (Path(__file__).parent / "bases_de_ejemplo" / "ayudas-culturales.toml").read_text(encoding="utf-8")
EJEMPLO = tomllib.loads(EJEMPLO_TOML)
PUBLICIDAD = EJEMPLO["minoraciones"][0]  # tipo "fija", 10 %, apartado 2
RETRASO = {"tipo": "por_dias", "desde": "fecha_limite_justificacion", "hasta": "fecha_presentacion_justificacion", "dias": 5,
           "porcentaje": "1", "maximo": "10", "ancla": "apartado-2", "texto": "Justificación fuera de plazo"}
DEDUCCION = {"campo": "gasto_sin_justificante", "ancla": "apartado-2", "texto": "Gasto sin justificante"}
PORCENTAJE = "debe ser un porcentaje entre 0 y 100"
ENTERO = "debe ser un número entero"
VERDADERO_O_FALSO = "debe ser true o false"
VACIO = "no puede estar vacío"


def errores(texto: str, formato: str = "json") -> dict[str, str]:
    with pytest.raises(BasesInvalidas) as refusal:
        leer_bases(texto, formato)
    return {e.campo: e.mensaje for e in refusal.value.errores}


def con(**cambios) -> str:
    datos = copy.deepcopy(EJEMPLO)
    datos.update(cambios)
    return json.dumps(datos, ensure_ascii=False)


def con_regimen(**cambios) -> str:
    return con(regimen={**EJEMPLO["regimen"], **cambios})


def con_minoracion(minoracion: dict) -> str:
    return con(minoraciones=[minoracion])


ROTAS = [
    # percentages: one sentence whatever is wrong (zero, above 100, not a number, not finite, a list)
    pytest.param(con_regimen(minimo="0"), {"regimen.minimo": PORCENTAJE}, id="umbral en 0"),
    pytest.param(con_regimen(minimo="abc"), {"regimen.minimo": PORCENTAJE}, id="umbral que no es un número"),
    pytest.param(con_minoracion({**PUBLICIDAD, "porcentaje": "101"}), {"minoraciones.0.porcentaje": PORCENTAJE},
                 id="minoración fija del 101 %"),
    pytest.param(con_minoracion({**PUBLICIDAD, "porcentaje": "NaN"}), {"minoraciones.0.porcentaje": PORCENTAJE},
                 id="minoración fija NaN"),
    pytest.param(con_minoracion({**PUBLICIDAD, "porcentaje": [1]}), {"minoraciones.0.porcentaje": PORCENTAJE},
                 id="minoración fija en una lista"),
    pytest.param(con_minoracion({**PUBLICIDAD, "tipo": "discrecional", "maximo": "0", "decide": "El órgano"}),
                 {"minoraciones.0.maximo": PORCENTAJE,
                  "minoraciones.0.porcentaje": "no es un dato de unas bases (revise cómo está escrito)"},
                 id="minoración discrecional con máximo 0 y un porcentaje que no le toca"),
    pytest.param(con_minoracion({**RETRASO, "maximo": "150"}), {"minoraciones.0.maximo": PORCENTAJE},
                 id="minoración por días con máximo del 150 %"),
    pytest.param(con(cofinanciacion={"aportacion_minima": "100", "ancla": "apartado-1"}),
                 {"cofinanciacion.aportacion_minima": "debe ser un porcentaje mayor que 0 y menor que 100"},
                 id="cofinanciación del 100 %"),
    pytest.param(con(cofinanciacion={"aportacion_minima": "0", "ancla": "apartado-1"}),
                 {"cofinanciacion.aportacion_minima": "debe ser un porcentaje mayor que 0 y menor que 100"},
                 id="cofinanciación del 0 %"),
    # whole numbers and yes/no
    pytest.param(con_minoracion({**RETRASO, "dias": 0}), {"minoraciones.0.dias": "debe ser mayor que 0"},
                 id="periodo de 0 días"),
    pytest.param(con_minoracion({**RETRASO, "dias": "cinco"}), {"minoraciones.0.dias": ENTERO}, id="días en letra"),
    pytest.param(con_minoracion({**RETRASO, "dias": 1.5}), {"minoraciones.0.dias": ENTERO}, id="días con decimales"),
    pytest.param(con_minoracion({**RETRASO, "dias": [5]}), {"minoraciones.0.dias": ENTERO}, id="días en una lista"),
    pytest.param(con(deducciones=[{**DEDUCCION, "importe_fijo": "tal vez"}]),
                 {"deducciones.0.importe_fijo": VERDADERO_O_FALSO}, id="sí o no escrito como texto"),
    pytest.param(con(deducciones=[{**DEDUCCION, "importe_fijo": [1]}]),
                 {"deducciones.0.importe_fijo": VERDADERO_O_FALSO}, id="sí o no en una lista"),
    # a value from a list, a kind of clause
    pytest.param(con_regimen(limite_exacto="justo"),
                 {"regimen.limite_exacto": "debe ser uno de estos valores: «laguna» o «incluido»"},
                 id="dos valores posibles"),
    pytest.param(con_regimen(medida="gasto"),
                 {"regimen.medida": "debe ser uno de estos valores: «importe_concedido», «coste_proyecto» o "
                                    "«ejecucion»"}, id="tres valores posibles"),
    pytest.param(con_regimen(tipo="escalon"),
                 {"regimen": "debe ser uno de estos tipos: «umbral», «declaracion» o «proporcional»"}, id="tipo de régimen"),
    pytest.param(con_minoracion({**PUBLICIDAD, "tipo": "rara"}),
                 {"minoraciones.0": "debe ser uno de estos tipos: «fija», «discrecional», «por_dias» o «retraso»"},
                 id="tipo de minoración"),
    pytest.param(con_minoracion({k: v for k, v in PUBLICIDAD.items() if k != "tipo"}),
                 {"minoraciones.0": "falta el campo «tipo»"}, id="minoración sin tipo"),
    pytest.param(con(regimen={"tipo": "declaracion", "campo": 5, "ancla": "apartado-1",
                              "ancla_proporcional": "apartado-1", "texto_total": "No se declara"}),
                 {"regimen.campo": "debe ser un texto"}, id="régimen por declaración con un número por campo"),
    # shapes
    pytest.param(con(titulo=5), {"titulo": "debe ser un texto"}, id="título numérico"),
    pytest.param(con(parrafos=[1]), {"parrafos": "debe ser una tabla (un objeto) de párrafos"}, id="párrafos en lista"),
    pytest.param(con(regimen=5), {"regimen": "debe ser una tabla (un objeto)"}, id="régimen numérico"),
    pytest.param(con(cofinanciacion=5), {"cofinanciacion": "debe ser una tabla (un objeto)"},
                 id="cofinanciación numérica"),
    pytest.param(con(campos=5), {"campos": "debe ser una lista"}, id="campos numérico"),
    pytest.param(con(titulo_corto=None, raro=1),
                 {"titulo_corto": "debe ser un texto", "raro": "no es un dato de unas bases (revise cómo está escrito)"},
                 id="un dato que no es de unas bases"),
    pytest.param(json.dumps({k: v for k, v in EJEMPLO.items() if k != "titulo"}), {"titulo": "es obligatorio"},
                 id="sin título"),
    # texts a person reads: never blank
    pytest.param(con(titulo="   "), {"titulo": VACIO}, id="título en blanco"),
    pytest.param(con(parrafos={**EJEMPLO["parrafos"], "apartado-2": {"referencia": "apartado 2", "texto": ""}}),
                 {"parrafos.apartado-2.texto": VACIO}, id="párrafo sin texto"),
    pytest.param(con_minoracion({**PUBLICIDAD, "texto": "\n"}), {"minoraciones.0.texto": VACIO},
                 id="minoración sin texto"),
    # what only the whole file can say
    pytest.param(con_minoracion({**PUBLICIDAD, "grupo": "nadie"}),
                 {"bases": "la minoración «Incumplimiento de las medidas de difusión» cita el grupo desconocido «nadie»"},
                 id="grupo desconocido"),
]


@pytest.mark.parametrize("texto, esperados", ROTAS)
def test_cada_error_con_su_ruta_y_su_frase(texto, esperados):
    assert errores(texto) == esperados


def test_un_error_de_cada_campo_en_el_mismo_mensaje():
    """The error as a whole (what the command line's exception carries): every
    field's «path: message», in the file's order, joined by «; »."""
    with pytest.raises(BasesInvalidas) as refusal:
        leer_bases(con(titulo=5, fuente=" "), "json")
    assert str(refusal.value) == "titulo: debe ser un texto; fuente: no puede estar vacío"


@pytest.mark.parametrize("texto, formato, mensaje", [
    ('id = "x"\ntitulo = \n', "toml", "el fichero no es un TOML válido (línea 2, columna 10)"),
    ('id = "x"\ntitulo = "', "toml", "el fichero no es un TOML válido"),  # broken at its very end: no line to name
    ('{"id": "x",\n "titulo": }', "json", "el fichero no es un JSON válido (línea 2, columna 12)"),
    ("[" * 100_000, "json", "el fichero está anidado a demasiada profundidad"),
    ("a = " + "[" * 21 + "]" * 21, "toml", "el fichero está anidado a demasiada profundidad"),
    ("[1, 2]", "json", "debe ser un objeto con los datos de las bases"),
    ("x" * (TAMANO_MAXIMO + 1), "toml", "el fichero de bases es demasiado largo (máximo 200000 caracteres)"),
])
def test_un_fichero_que_no_se_lee(texto, formato, mensaje):
    assert errores(texto, formato) == {"bases": mensaje}


def test_un_fichero_con_marca_de_orden_de_bytes_se_lee():
    assert leer_bases("\ufeff" + EJEMPLO_TOML).id == leer_bases("\ufeff" + con(), "json").id == "ayudas-culturales"


@pytest.mark.parametrize("nombre, texto, formato", [
    ("mis-bases.JSON", "id = 1", "json"),
    ("mis-bases.toml", "{}", "toml"),
    ("bases", "\ufeff \n\t{", "json"),
    ("bases.txt", 'id = "x"', "toml"),
    ("bases", 'X{"id": "x"}', "toml"),  # only spaces and the byte-order mark are skipped
])
def test_el_formato_por_la_extension_o_el_primer_caracter(nombre, texto, formato):
    assert formato_de(nombre, texto) == formato



def test_un_error_sin_frase_propia_dice_valor_no_valido():
    """A kind of error no bases field can produce today gets a generic sentence,
    never pydantic's English."""
    assert _mensaje({"type": "string_too_long", "msg": "String should have at most 5 characters"}, "titulo") == \
        "valor no válido"


# --- what only the whole file can say: anchors, case fields, notes ----------

CAMPOS_DEL_EJEMPLO = EJEMPLO["campos"]  # importe_concedido, gasto_justificado, publicidad
NO_FIGURA = "no figura en «campos», así que el formulario no lo pediría"
PARTES = "gasto_sin_justificante, gasto_sin_ofertas, gasto_modificaciones_no_autorizadas"


def lista_de_errores(texto: str) -> list[tuple[str, str]]:
    with pytest.raises(BasesInvalidas) as refusal:
        leer_bases(texto, "json")
    return [(e.campo, e.mensaje) for e in refusal.value.errores]


def con_campos(*nombres: str, **cambios) -> str:
    return con(campos=[*CAMPOS_DEL_EJEMPLO, *({"campo": n} for n in nombres)], **cambios)


def causa(campo: str) -> dict:
    return {"campo": campo, "ancla": "apartado-1", "texto": "Causa de reintegro total"}


def deduccion(campo: str) -> dict:
    return {"campo": campo, "ancla": "apartado-2", "texto": "Gasto no aceptado"}


REFERENCIAS_ROTAS = [
    pytest.param(con_regimen(ancla="apartado-9"),
                 [("regimen.ancla", "«apartado-9» no es ninguno de los párrafos de las bases (parrafos) ni de la ley "
                                    "general")], id="un párrafo que no existe"),
    pytest.param(con(campos=[*CAMPOS_DEL_EJEMPLO, {"campo": "gasto_presentado"}, {"campo": "bases"}]),
                 [("campos.3.campo", "«gasto_presentado» no es un campo del caso"),
                  ("campos.4.campo", "«bases» no es un campo del caso")], id="campos que el formulario no tiene"),
    pytest.param(con_campos("falseamiento", causas_totales=[causa("publicidad"), causa("otra"), causa("falseamiento"),
                                                            causa("sin_justificacion")]),
                 [("causas_totales.0.campo", "«publicidad» no es un campo de sí o no"),
                  ("causas_totales.1.campo", "«otra» no es un campo del caso"),
                  ("causas_totales.3.campo", f"«sin_justificacion» {NO_FIGURA}")], id="causas totales"),
    pytest.param(con_campos("gasto_sin_ofertas", deducciones=[deduccion("otras_ayudas"), deduccion("gasto_sin_ofertas"),
                                                             deduccion("gasto_sin_justificante")]),
                 [("deducciones.0.campo", f"«otras_ayudas» no es una parte del gasto justificado ({PARTES})"),
                  ("deducciones.2.campo", f"«gasto_sin_justificante» {NO_FIGURA}")], id="deducciones"),
    pytest.param(con(regimen={"tipo": "declaracion", "campo": "publicidad", "ancla": "apartado-1",
                              "ancla_proporcional": "apartado-1", "texto_total": "No se declara"},
                     causas_totales=[causa("otra")]),
                 [("causas_totales.0.campo", "«otra» no es un campo del caso"),
                  ("regimen.campo", "«publicidad» no es un campo de sí o no")], id="régimen por declaración"),
    pytest.param(con_campos("fecha_limite_justificacion",
                            minoraciones=[{**RETRASO, "desde": "importe_concedido"}, RETRASO,
                                          {**RETRASO, "hasta": "gasto_justificado"}]),
                 [("minoraciones.0.desde", "«importe_concedido» no es una fecha"),
                  ("minoraciones.0.hasta", f"«fecha_presentacion_justificacion» {NO_FIGURA}"),
                  ("minoraciones.1.hasta", f"«fecha_presentacion_justificacion» {NO_FIGURA}"),
                  ("minoraciones.2.hasta", "«gasto_justificado» no es una fecha")],
                 id="minoraciones por días"),
    pytest.param(con_campos("falseamiento", minoraciones=[{**PUBLICIDAD, "campo": "falseamiento"},
                                                          {**PUBLICIDAD, "valores": ["regular", "incumplida", "mala"]}]),
                 [("minoraciones.0.campo", "«falseamiento» no es un campo de opciones"),
                  ("minoraciones.1.valores", "«regular» no es un valor de «publicidad»: «cumplida», «defectuosa», "
                                             "«incumplida»"),
                  ("minoraciones.1.valores", "«mala» no es un valor de «publicidad»: «cumplida», «defectuosa», "
                                             "«incumplida»")], id="minoraciones por opción"),
    pytest.param(con_campos("falseamiento", "gasto_sin_ofertas", "aproximacion_significativa",
                            notas=["D1", "nada"],
                            regimen={"tipo": "declaracion", "campo": "aproximacion_significativa", "ancla": "apartado-1",
                                     "ancla_proporcional": "apartado-1", "texto_total": "No se declara",
                                     "notas": ["nada-1"]},
                            causas_totales=[{**causa("falseamiento"), "notas": ["nada-2"]}],
                            deducciones=[{**deduccion("gasto_sin_ofertas"), "notas": ["nada-3"]}],
                            minoraciones=[{**PUBLICIDAD, "notas": ["nada-4"]}],
                            intereses={"ancla": "lgs-37-1", "notas": ["nada-5"]},
                            liquidacion={"ancla_reintegro": "lgs-37-1", "ancla_perdida": "rlgs-89", "notas": ["nada-6"]}),
                 [("notas", "«nada» no es ninguna de las notas del motor"),
                  ("regimen.notas", "«nada-1» no es ninguna de las notas del motor"),
                  ("causas_totales.0.notas", "«nada-2» no es ninguna de las notas del motor"),
                  ("deducciones.0.notas", "«nada-3» no es ninguna de las notas del motor"),
                  ("minoraciones.0.notas", "«nada-4» no es ninguna de las notas del motor"),
                  ("intereses.notas", "«nada-5» no es ninguna de las notas del motor"),
                  ("liquidacion.notas", "«nada-6» no es ninguna de las notas del motor")], id="notas que no existen"),
]


@pytest.mark.parametrize("texto, esperados", REFERENCIAS_ROTAS)
def test_cada_referencia_rota_con_su_ruta_y_su_frase(texto, esperados):
    assert lista_de_errores(texto) == esperados


def test_referencias_correctas_se_aceptan():
    """The same clauses, each field listed in «campos» and of its kind, a
    general-law paragraph cited (LGS art. 37.1), known notes: accepted."""
    b = leer_bases(con_campos("falseamiento", "gasto_sin_ofertas", "fecha_limite_justificacion",
                              "fecha_presentacion_justificacion", notas=["D1"],
                              causas_totales=[causa("falseamiento")], deducciones=[deduccion("gasto_sin_ofertas")],
                              minoraciones=[PUBLICIDAD, {**RETRASO, "ancla": "lgs-37-1"}]), "json")
    assert [m.tipo for m in b.minoraciones] == ["fija", "por_dias"] and b.notas[-1] == "D1"


def test_un_fichero_de_justo_el_tamano_maximo_se_lee():
    """200.000 characters are accepted (one more is refused, above): the example padded with a comment."""
    relleno = "# " + "x" * (TAMANO_MAXIMO - len(EJEMPLO_TOML) - 3) + "\n"
    texto = EJEMPLO_TOML + relleno
    assert len(texto) == TAMANO_MAXIMO
    assert leer_bases(texto).id == "ayudas-culturales"


def test_un_porcentaje_escrito_como_numero_toml_se_lee_exacto():
    """A TOML number is read as the decimal it writes, never through a binary float: a threshold of
    60,00000000000000001 % is not 60 % (apartado 1)."""
    texto = EJEMPLO_TOML.replace('minimo = "60"', "minimo = 60.00000000000000001")
    assert str(leer_bases(texto).regimen.minimo) == "60.00000000000000001"


def test_un_porcentaje_escrito_como_numero_json_se_lee_exacto():
    """The same in a JSON file: 60.00000000000000001 is read as written."""
    texto = con_regimen(minimo="__numero__").replace('"__numero__"', "60.00000000000000001")
    assert str(leer_bases(texto, "json").regimen.minimo) == "60.00000000000000001"
