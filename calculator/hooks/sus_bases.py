"""MkDocs hook: what the «Sus bases» page needs to build its form, from the
engine's own model (one source of truth).

Enabled in mkdocs.yml (``hooks: [calculator/hooks/sus_bases.py]``). On every
build it adds ``assets/calculadora/sus-bases.json`` (nothing is written into
``docs/``)::

    {"esquema": <JSON Schema of reintegro.modelo_bases.Bases, each property
                 with its Spanish label ("title"), help ("description"),
                 control ("x-control") and option labels ("x-opciones")>,
     "campos": {<case field>: {"etiqueta", "tipo", "opciones"}},
     "gasto": [<the parts of the justified expense a deduction can name>],
     "ley_general": {<anchor>: "<norma>, <referencia>"},
     "modelos": [{"id", "titulo", "bases": <a valid bases JSON>}]}

The form in calculator/web/formulario-bases.js walks the schema: the fields
come from the pydantic model, only their Spanish words are written here. A
property of the model without words here (a new field) fails the build, as
does a model («como el art. 21…») that the engine refuses: each is made from
a data file of rules/reintegro/data/bases/ and read back by
``bases_propias.leer_bases``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files

# calculator/construccion/ (the build's package) lives beside this folder.
_CALCULATOR = str(Path(__file__).resolve().parents[1])
if _CALCULATOR not in sys.path:
    sys.path.insert(0, _CALCULATOR)

from construccion.archivos import anadir  # noqa: E402
from construccion.motor_aparte import ejecutar  # noqa: E402

DESTINO = "assets/calculadora/sus-bases.json"

# Properties the form does not show: the fields the case form asks are
# derived from the criteria (formulario-bases.js), note codes are the
# engine's, and the page is always «Sus bases». A model keeps them as they are.
OCULTOS = {"Bases.campos", "Bases.notas", "Bases.pagina_web", "*.notas",
           # The clause kinds of issue 24 that this form does not build yet: a
           # bases file (TOML or JSON) loaded on the page keeps them, and
           # docs/desarrollo/bases.md describes them.
           "Bases.criterios", "Bases.sin_expresar", "Bases.catalogo", "Bases.importe_minimo", "*.tramos",
           "UmbralPorcentaje.solo_si", "RegimenProporcional.objetivos_exentos_si"}
DEFINICIONES_OCULTAS = {"CampoUsado",  # only reached through Bases.campos
                        # only reached through the hidden properties above
                        "Criterio", "OpcionCriterio", "TramoEjecucion", "TramoRetraso", "SinExpresar",
                        "FichaCatalogo", "ImporteMinimo"}

# "Def.propiedad": (label, help, control). Controls: "texto", "texto-largo",
# "porcentaje", "entero", "casilla", "opcion", "ancla", "campo:<tipo>",
# "valores", "grupo", "parrafos", "lista", "seccion", "tipo".
ETIQUETAS: dict[str, tuple[str, str | None, str]] = {
    "Bases.id": ("Identificador de sus bases", "Minúsculas sin acentos, cifras y guiones; los casos lo llevan en «bases».", "texto"),
    "Bases.titulo": ("Título", "Cómo se llaman sus bases en el informe, por ejemplo «Ayudas a proyectos culturales, artículo 9».", "texto"),
    "Bases.titulo_corto": ("Título corto", None, "texto"),
    "Bases.norma": ("Norma", "La norma y el artículo, como se citan en los pasos del cálculo.", "texto"),
    "Bases.fuente": ("Fuente", "De dónde procede su descripción (la orden, el boletín, la convocatoria).", "texto"),
    "Bases.parrafos": ("Párrafos de sus bases", "Cada criterio cita uno de estos párrafos; si escribe su texto, los pasos del cálculo lo citan.", "parrafos"),
    "Bases.causas_totales": ("Causas de reintegro total", "Hechos de sí o no que, si se dan, obligan a devolver toda la subvención.", "lista"),
    "Bases.regimen": ("Régimen: reintegro total o proporcional", None, "seccion"),
    "Bases.deducciones": ("Gasto que no se acepta", "Partes del gasto justificado que sus bases no aceptan.", "lista"),
    "Bases.minoraciones": ("Reducciones graduadas", "Porcentajes de la subvención por incumplimientos concretos.", "lista"),
    "Bases.grupos": ("Topes conjuntos de reducciones", "Varias reducciones que, juntas, no pasan de un porcentaje.", "lista"),
    "Bases.cofinanciacion": ("Cofinanciación", "Si sus bases exigen que la entidad pague una parte mínima del coste.", "seccion"),
    "Bases.concurrencia": ("Otras ayudas para la misma actividad", None, "seccion"),
    "Bases.intereses": ("Intereses de demora", None, "seccion"),
    "Bases.liquidacion": ("Reintegro y pérdida del derecho al cobro", None, "seccion"),
    "Bases.administracion": ("Quién concede la subvención", "Decide qué ley fija los plazos: la Ley 38/2003 rige los de "
                             "la Administración del Estado y las entidades locales; una comunidad autónoma aplica su "
                             "propia ley de subvenciones.", "opcion"),
    "Bases.ley_autonomica": ("Ley de subvenciones de su comunidad (opcional)", "Por ejemplo «Ley 5/2008, de "
                             "Subvenciones de la Comunidad de Castilla y León».", "texto"),
    "Bases.por_situacion": ("Se concede por la situación del beneficiario, sin otra justificación",
                            "Art. 30.7 de la Ley 38/2003: la prescripción se cuenta entonces desde la concesión "
                            "(art. 39.2.b).", "casilla"),
    "Parrafo.referencia": ("Cómo lo numeran sus bases", "Por ejemplo «apartado 2, letra c)»: así se cita en los pasos.", "texto"),
    "Parrafo.texto": ("Texto del párrafo (opcional)", "Cópielo si quiere que los pasos del cálculo lo citen.", "texto-largo"),
    "CausaTotal.campo": ("Hecho que la causa", None, "campo:booleano"),
    "CausaTotal.ancla": ("Párrafo que la establece", None, "ancla"),
    "CausaTotal.texto": ("Cómo la describe el resultado", None, "texto"),
    "UmbralPorcentaje.medida": ("Qué se mide", None, "opcion"),
    "UmbralPorcentaje.minimo": ("Porcentaje mínimo (umbral)", "Por debajo, reintegro total; por encima, proporcional.", "porcentaje"),
    "UmbralPorcentaje.limite_exacto": ("Si se alcanza exactamente el umbral", None, "opcion"),
    "UmbralPorcentaje.objetivos_en_umbral": ("¿Cuentan los objetivos cumplidos para el umbral?", None, "opcion"),
    "UmbralPorcentaje.ancla": ("Párrafo del umbral", None, "ancla"),
    "UmbralPorcentaje.ancla_proporcional": ("Párrafo del reintegro proporcional", None, "ancla"),
    "UmbralPorcentaje.ancla_objetivos": ("Párrafo de los objetivos no cumplidos (opcional)", None, "ancla"),
    "UmbralPorcentaje.texto_total": ("Cómo describe el resultado el reintegro total", None, "texto"),
    "UmbralDeclarado.campo": ("Hecho que permite la proporcionalidad", None, "campo:booleano"),
    "UmbralDeclarado.ancla": ("Párrafo que lo exige", None, "ancla"),
    "UmbralDeclarado.ancla_proporcional": ("Párrafo del reintegro proporcional", None, "ancla"),
    "UmbralDeclarado.ancla_objetivos": ("Párrafo de los objetivos no cumplidos (opcional)", None, "ancla"),
    "UmbralDeclarado.texto_total": ("Cómo describe el resultado el reintegro total", None, "texto"),
    "Deduccion.campo": ("Parte del gasto", None, "campo:gasto"),
    "Deduccion.ancla": ("Párrafo que la excluye", None, "ancla"),
    "Deduccion.texto": ("Cómo la describe el resultado", None, "texto"),
    "Deduccion.importe_fijo": ("El párrafo fija ese mismo gasto como importe a devolver", None, "casilla"),
    "MinoracionFija.campo": ("Incumplimiento", None, "campo:opciones"),
    "MinoracionFija.valores": ("Se aplica cuando es", None, "valores"),
    "MinoracionFija.ancla": ("Párrafo que la fija", None, "ancla"),
    "MinoracionFija.texto": ("Cómo la describe el resultado", None, "texto"),
    "MinoracionFija.porcentaje": ("Porcentaje de la subvención", None, "porcentaje"),
    "MinoracionFija.grupo": ("Tope conjunto (opcional)", None, "grupo"),
    "MinoracionDiscrecional.campo": ("Incumplimiento", None, "campo:opciones"),
    "MinoracionDiscrecional.valores": ("Se aplica cuando es", None, "valores"),
    "MinoracionDiscrecional.ancla": ("Párrafo que la prevé", None, "ancla"),
    "MinoracionDiscrecional.texto": ("Cómo la describe el resultado", None, "texto"),
    "MinoracionDiscrecional.maximo": ("Porcentaje máximo de la subvención", None, "porcentaje"),
    "MinoracionDiscrecional.decide": ("Quién decide la cifra", "Por ejemplo «el órgano concedente».", "texto"),
    "MinoracionPorDias.desde": ("Fecha desde la que cuenta el retraso", None, "campo:fecha"),
    "MinoracionPorDias.hasta": ("Fecha hasta la que cuenta el retraso", None, "campo:fecha"),
    "MinoracionPorDias.dias": ("Días de cada periodo completo", None, "entero"),
    "MinoracionPorDias.porcentaje": ("Porcentaje por periodo", None, "porcentaje"),
    "MinoracionPorDias.maximo": ("Porcentaje máximo (tope)", None, "porcentaje"),
    "MinoracionPorDias.ancla": ("Párrafo que la fija", None, "ancla"),
    "MinoracionPorDias.texto": ("Cómo la describe el resultado", None, "texto"),
    "MinoracionPorDias.grupo": ("Tope conjunto (opcional)", None, "grupo"),
    "MinoracionPorRetraso.desde": ("Fecha desde la que cuenta el retraso", None, "campo:fecha"),
    "MinoracionPorRetraso.hasta": ("Fecha hasta la que cuenta el retraso", None, "campo:fecha"),
    "MinoracionPorRetraso.unidad": ("Cómo se cuenta el retraso", None, "opcion"),
    "MinoracionPorRetraso.inicial": ("Porcentaje desde el primer día de retraso", None, "porcentaje"),
    "MinoracionPorRetraso.cada": ("Unidades de cada periodo completo (opcional)", None, "entero"),
    "MinoracionPorRetraso.porcentaje": ("Porcentaje por periodo (opcional)", None, "porcentaje"),
    "MinoracionPorRetraso.maximo": ("Porcentaje máximo (tope)", None, "porcentaje"),
    "MinoracionPorRetraso.ancla": ("Párrafo que la fija", None, "ancla"),
    "MinoracionPorRetraso.texto": ("Cómo la describe el resultado", None, "texto"),
    "MinoracionPorRetraso.grupo": ("Tope conjunto (opcional)", None, "grupo"),
    "RegimenProporcional.ancla_proporcional": ("Párrafo del reintegro proporcional", None, "ancla"),
    "RegimenProporcional.ancla_objetivos": ("Párrafo de los objetivos no cumplidos (opcional)", None, "ancla"),
    "Grupo.id": ("Nombre del tope", "Minúsculas y guiones; las reducciones lo eligen.", "texto"),
    "Grupo.tope": ("Porcentaje máximo conjunto", None, "porcentaje"),
    "Grupo.ancla": ("Párrafo del tope", None, "ancla"),
    "Grupo.texto": ("Cómo lo describe el resultado", None, "texto"),
    "Cofinanciacion.aportacion_minima": ("Aportación mínima de la entidad (% del coste)", None, "porcentaje"),
    "Cofinanciacion.ancla": ("Párrafo que la exige", None, "ancla"),
    "Concurrencia.ancla": ("Párrafo del exceso sobre el coste", None, "ancla"),
    "Concurrencia.ancla_total": ("Párrafo del reintegro total por ayudas no comunicadas (opcional)", None, "ancla"),
    "Intereses.ancla": ("Párrafo de los intereses", None, "ancla"),
    "Liquidacion.ancla_reintegro": ("Párrafo del reintegro de lo cobrado", None, "ancla"),
    "Liquidacion.ancla_perdida": ("Párrafo de la pérdida del derecho al cobro", None, "ancla"),
}

# What the general law rules when the bases say nothing: the form folds it away.
AVANZADOS = {"Bases.concurrencia", "Bases.intereses", "Bases.liquidacion", "Bases.por_situacion"}

# The kinds of a discriminated union («tipo»), as the form offers them.
TIPOS = {
    "UmbralPorcentaje": "Umbral: reintegro total por debajo de un porcentaje, proporcional por encima",
    "UmbralDeclarado": "Sin cifra: proporcional solo si se cumple un hecho",
    "MinoracionFija": "Porcentaje fijo",
    "MinoracionDiscrecional": "Sin cifra: hasta un máximo, lo decide el órgano",
    "MinoracionPorDias": "Por días de retraso, con tope",
    "MinoracionPorRetraso": "Por retraso en días hábiles, semanas o meses, o desde el primer día",
    "RegimenProporcional": "Sin umbral: todo incumplimiento cuesta en proporción",
}
# How a list names one of its items (the «Añadir …» button and each legend).
ELEMENTOS = {
    "Bases.causas_totales": "causa total", "Bases.deducciones": "gasto no aceptado",
    "Bases.minoraciones": "reducción", "Bases.grupos": "tope conjunto", "Bases.parrafos": "párrafo",
}
OPCIONES = {
    "importe_concedido": "La ejecución sobre el importe concedido",
    "coste_proyecto": "El gasto justificado sobre el coste del proyecto",
    "ejecucion": "El grado de ejecución (técnica o económica, el menor)",
    "laguna": "Sus bases no lo dicen (la calculadora da los dos resultados)",
    "incluido": "Cuenta como alcanzado (reintegro proporcional)",
    "si": "Sí", "no": "No, solo el gasto", "discutible": "Se puede leer de las dos maneras",
    "estatal": "La Administración General del Estado", "local": "Una entidad local (ayuntamiento, diputación…)",
    "autonomica": "Una comunidad autónoma", "desconocida": "No lo sé",
    "dias": "Días naturales", "dias_habiles": "Días hábiles (sin sábados, domingos ni fiestas nacionales)",
    "semanas": "Semanas completas", "meses": "Meses completos (de fecha a fecha)",
}
MEDIDAS = {"importe_concedido": "del importe concedido", "coste_proyecto": "del coste del proyecto",
           "ejecucion": "de ejecución"}


def _error(mensaje: str) -> PluginError:
    return PluginError("sus_bases: " + mensaje)


def _oculto(definicion: str, propiedad: str) -> bool:
    return f"{definicion}.{propiedad}" in OCULTOS or f"*.{propiedad}" in OCULTOS


def anotar(esquema: dict) -> dict:
    """The model's JSON Schema with the Spanish words of every property;
    a property without them fails."""
    definiciones = {**esquema.get("$defs", {}), "Bases": esquema}
    faltan = []
    for nombre, definicion in definiciones.items():
        if nombre in DEFINICIONES_OCULTAS:
            continue
        if nombre in TIPOS:
            definicion["x-tipo"] = TIPOS[nombre]
        for propiedad, sub in definicion.get("properties", {}).items():
            clave = f"{nombre}.{propiedad}"
            if _oculto(nombre, propiedad) or (propiedad == "tipo" and nombre in TIPOS):
                sub["x-oculto"] = True
                continue
            if clave not in ETIQUETAS:
                faltan.append(clave)
                continue
            etiqueta, ayuda, control = ETIQUETAS[clave]
            sub["title"], sub["x-control"] = etiqueta, control
            if ayuda:
                sub["description"] = ayuda
            if clave in AVANZADOS:
                sub["x-avanzado"] = True
            if clave in ELEMENTOS:
                sub["x-elemento"] = ELEMENTOS[clave]
            valores = sub.get("enum") or [o.get("const") for o in sub.get("anyOf", []) if "const" in o]
            if control == "opcion":
                sub["x-opciones"] = {v: OPCIONES[v] for v in valores}
    if faltan:
        raise _error("propiedades del modelo de bases sin etiqueta en calculator/hooks/sus_bases.py: "
                     + ", ".join(faltan))
    return esquema


def _regla(regimen: dict, campos: dict) -> str:
    if regimen["tipo"] == "umbral":
        return f"umbral del {regimen['minimo']} % {MEDIDAS[regimen['medida']]}"
    if regimen["tipo"] == "proporcional":
        return "proporcional, sin umbral"
    return f"proporcional solo si «{campos[regimen['campo']]['etiqueta'].lower()}»"


# Run in a fresh interpreter, with the engine of this tree
# (construccion/motor_aparte.py, as for the forms of motor.json): schema, case fields, general law and the five bases.
_PROGRAMA = """
import json, tomllib
from pathlib import Path
from decimal import Decimal
import reintegro
from reintegro.catalogo import campos_genericos, ley_general
from reintegro.coherencia import PARTES_DEL_GASTO
from reintegro.modelo_bases import Bases
carpeta = Path(reintegro.__file__).parent / "data" / "bases"
def decimal(v):
    if isinstance(v, Decimal): return str(v)
    raise TypeError(repr(v))
print(json.dumps({
    "esquema": Bases.model_json_schema(),
    "campos": {c: {"etiqueta": d["etiqueta"], "tipo": d["tipo"],
                   "opciones": d.get("opciones", [])} for c, d in campos_genericos().items()},
    "gasto": list(PARTES_DEL_GASTO),
    "ley_general": {a: f"{p.norma}, {p.referencia}" for a, p in ley_general().items()},
    # the models: the site's example bases (the catalogue's published ones are not offered as models)
    "bases": [b for r in sorted(carpeta.glob("*.toml"))
              if "catalogo" not in (b := tomllib.loads(r.read_text(encoding="utf-8"), parse_float=Decimal))],
}, ensure_ascii=False, default=decimal))
"""

_COMPROBAR = """
import json, sys
from reintegro.bases_propias import leer_bases
for texto in json.loads(sys.stdin.read()):
    leer_bases(texto, "json")
"""


def modelo(b: dict, campos: dict) -> dict:
    """One of the site's bases as the start of a user's own: the same
    clauses and paragraphs, named as theirs."""
    bases = {**b, "id": "mis-bases", "titulo": f"Mis bases (como {b['titulo_corto']})",
             "titulo_corto": "Mis bases", "norma": "Mis bases reguladoras",
             "fuente": f"Descritas por el usuario a partir del modelo «{b['titulo_corto']}»"}
    bases.pop("pagina_web", None)
    return {"id": b["id"], "titulo": f"Como {b['titulo_corto']}: {_regla(b['regimen'], campos)}", "bases": bases}


def datos() -> dict:
    d = json.loads(ejecutar(_PROGRAMA))
    modelos = [modelo(b, d["campos"]) for b in d.pop("bases")]
    ejecutar(_COMPROBAR, json.dumps([json.dumps(m["bases"], ensure_ascii=False) for m in modelos]))
    return {**d, "esquema": anotar(d["esquema"]), "modelos": modelos}


def on_files(files: Files, config) -> Files:
    contenido = json.dumps(datos(), ensure_ascii=False, separators=(",", ":"))
    anadir(files, config, DESTINO, content=contenido)
    return files
