"""How well the reader reads the corpus: each expected criterion (a research
article's criterios.yaml, or a seed's hand-written data file) against the
reader's criteria. Shared by tests/lector/test_investigacion.py and
benchmarks/lector.py.

- An expected criterion of a kind the model has is *recognised* when the
  reader has a criterion of that kind on the same paragraph with the same
  figures (threshold, percentage, maximum, days) and field.
- A criterion the reader marks «segura» is *correct* when it is one of the
  expected ones in that sense; it is *sure and wrong* when it carries a
  figure that no expected criterion of its kind and paragraph has.
- An expected criterion of a kind the model lacks is *shown* when the reader
  lists a sentence of its paragraph (as a criterion to check, or unrecognised).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from tests.lector import corpus

# The catalogue's kinds the model has, and the reader's kinds that fill them.
FAMILIAS = {
    "umbral": "umbral", "umbral_declarado": "umbral_declarado", "proporcional": "proporcional",
    "causa_total": "causa_total", "deduccion": "deduccion", "minoracion_fija": "minoracion_fija",
    "minoracion_discrecional": "minoracion_discrecional", "minoracion_por_dias": "minoracion_por_dias",
    "tope_grupo": "tope_grupo", "cofinanciacion": "cofinanciacion", "exceso": "exceso",
}
CIFRAS = ("minimo", "porcentaje", "maximo", "dias", "tope", "aportacion_minima")


@dataclass
class Esperado:
    ancla: str
    clase: str  # the reader's kind (FAMILIAS' values), or the catalogue's for the kinds the model lacks
    expresable: bool
    campo: str | None = None
    cifras: dict[str, Decimal] = field(default_factory=dict)
    frase: str = ""


@dataclass
class Medida:
    esperados: int = 0
    reconocidos: int = 0
    seguros: int = 0
    seguros_bien: int = 0
    seguros_mal: list[str] = field(default_factory=list)
    sin_modelo: int = 0
    sin_modelo_mostrados: int = 0
    no_reconocidos: list[str] = field(default_factory=list)
    ilegibles: list[str] = field(default_factory=list)

    def sumar(self, otra: Medida) -> None:
        for nombre, valor in vars(otra).items():
            setattr(self, nombre, getattr(self, nombre) + valor)


def _numero(valor: object) -> Decimal | None:
    try:
        return Decimal(str(valor))
    except (InvalidOperation, ValueError):
        return None


def _cifras(parametros: dict) -> dict[str, Decimal]:
    salida = {}
    for nombre in CIFRAS:
        valor = _numero(parametros.get(nombre)) if nombre in parametros else None
        if valor is not None:
            salida[nombre] = valor
    return salida


def esperados_de_investigacion(criterios: list[dict]) -> list[Esperado]:
    salida = []
    for criterio in criterios:
        clase, parametros = criterio["clase"], criterio.get("parametros") or {}
        if clase == "sin_cifra" and parametros.get("campo") == "publicidad":  # a range 0–100 %: the model has it
            clase, parametros = "minoracion_discrecional", {**parametros, "maximo": "100"}
        expresable = clase in FAMILIAS and str(criterio.get("expresable_hoy")) in ("si", "en_parte", "True")
        campos = parametros.get("campos") or [parametros.get("campo") or parametros.get("campo_aproximado")]
        cifras = _cifras(parametros) if clase in ("umbral", "minoracion_fija", "minoracion_discrecional",
                                                   "minoracion_por_dias", "tope_grupo", "cofinanciacion") else {}
        if clase == "minoracion_discrecional":
            cifras.pop("minimo", None)
        for campo in campos if clase in ("causa_total", "deduccion") else [None]:
            salida.append(Esperado(criterio["ancla"], FAMILIAS.get(clase, clase), expresable, campo, cifras,
                                   criterio.get("frase", "")))
    return salida


def esperados_de_semilla(id_: str) -> list[Esperado]:
    """A seed's expected criteria: its hand-written data file's clauses."""
    from reintegro.catalogo import bases

    b = bases(id_)
    r = b.regimen
    salida = [Esperado(r.ancla, "umbral" if r.tipo == "umbral" else "umbral_declarado", True,
                       cifras={"minimo": r.minimo} if r.tipo == "umbral" else {}),
              Esperado(r.ancla_proporcional, "proporcional", True)]
    salida += [Esperado(c.ancla, "causa_total", True, c.campo) for c in b.causas_totales]
    salida += [Esperado(d.ancla, "deduccion", True, d.campo) for d in b.deducciones]
    for m in b.minoraciones:
        clase = {"fija": "minoracion_fija", "discrecional": "minoracion_discrecional",
                 "por_dias": "minoracion_por_dias"}[m.tipo]
        salida.append(Esperado(m.ancla, clase, True, getattr(m, "campo", None),
                               _cifras({n: getattr(m, n) for n in CIFRAS if hasattr(m, n)})))
    salida += [Esperado(g.ancla, "tope_grupo", True, cifras={"tope": g.tope}) for g in b.grupos]
    if b.cofinanciacion:
        salida.append(Esperado(b.cofinanciacion.ancla, "cofinanciacion", True,
                               cifras={"aportacion_minima": b.cofinanciacion.aportacion_minima}))
    if b.concurrencia.ancla in b.parrafos:
        salida.append(Esperado(b.concurrencia.ancla, "exceso", True))
    return salida


def _clausula(bases: dict, ruta: str) -> dict:
    actual: object = bases
    for parte in ruta.split(".")[:2]:
        actual = actual[int(parte)] if isinstance(actual, list) else actual.get(parte, {})
    return actual if isinstance(actual, dict) else {}


def _leidos(lectura: dict) -> list[tuple[dict, dict]]:
    """(criterion, its clause's figures and field) for the catalogue's kinds."""
    salida = []
    for criterio in lectura["criterios"]:
        if criterio["clase"] not in FAMILIAS.values():
            continue
        clausula = _clausula(lectura["bases"], criterio["ruta"])
        datos = {"campo": clausula.get("campo")} if "campo" in clausula else {}
        if criterio["ruta"] == criterio["ruta"].split(".")[0] or criterio["ruta"].count(".") == 1:
            datos.update(_cifras(clausula))
        salida.append((criterio, datos))
    return salida


def _coinciden(esperado: Esperado, criterio: dict, datos: dict) -> bool:
    if esperado.ancla != criterio["ancla"] or esperado.clase != criterio["clase"]:
        return False
    if esperado.campo and datos.get("campo") and esperado.campo != datos["campo"]:
        return False
    return all(datos.get(nombre) == valor for nombre, valor in esperado.cifras.items() if nombre in datos)


def medir(lectura: dict | None, esperados: list[Esperado], nombre: str) -> Medida:
    medida = Medida()
    if lectura is None:
        medida.ilegibles.append(nombre)
        lectura = {"criterios": [], "sin_reconocer": [], "bases": {}}
    leidos = _leidos(lectura)
    mostradas = {e["ancla"] for e in lectura["criterios"] + lectura["sin_reconocer"]}
    for esperado in esperados:
        if not esperado.expresable:
            medida.sin_modelo += 1
            medida.sin_modelo_mostrados += esperado.ancla in mostradas
            continue
        medida.esperados += 1
        if any(_coinciden(esperado, c, d) for c, d in leidos):
            medida.reconocidos += 1
        else:
            medida.no_reconocidos.append(f"{nombre}: {esperado.clase} {esperado.campo or ''} en {esperado.ancla}")
    for criterio, datos in leidos:
        if criterio["certeza"] != "segura":
            continue
        medida.seguros += 1
        if any(_coinciden(e, criterio, datos) for e in esperados if e.expresable):
            medida.seguros_bien += 1
        elif any(nombre in datos for nombre in CIFRAS):
            medida.seguros_mal.append(f"{nombre}: {criterio['ruta']} ({criterio['clase']}) en {criterio['ancla']}: "
                                      + ", ".join(f"{k} {v}" for k, v in datos.items()))
    return medida


def lectura_o_nada(id_: str) -> dict | None:
    from reintegro.lector import ArticuloIlegible

    try:
        return corpus.leer(id_)
    except ArticuloIlegible:
        return None


def medir_corpus() -> tuple[Medida, Medida]:
    """(the seeds, the research articles)."""
    semillas, investigacion = Medida(), Medida()
    for id_ in corpus.SEMILLAS:
        semillas.sumar(medir(lectura_o_nada(id_), esperados_de_semilla(id_), id_))
    for id_ in corpus.investigados():
        esperados = esperados_de_investigacion(corpus.esperados(id_)["criterios"])
        investigacion.sumar(medir(lectura_o_nada(id_), esperados, id_))
    return semillas, investigacion
