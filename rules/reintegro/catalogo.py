"""The rule data of the package: the bases, the general law, notes and fields.

Loaded lazily and once. ``cita`` turns an anchor into the structured citation
every explanation step carries.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .datos import leer_toml, nombres_de_bases
from .modelo_bases import Bases, Parrafo

PAGINA_LEY_GENERAL = "como-se-calcula/"


class Cita(NamedTuple):
    """Where a step comes from: the norm, its numbering, the page anchor, the words."""

    norma: str
    referencia: str
    ancla: str
    enlace: str
    texto: str


class ParrafoLey(Parrafo):
    norma: str


class Nota(NamedTuple):
    codigo: str
    titulo: str
    texto: str


@cache
def ids_de_bases() -> tuple[str, ...]:
    return tuple(nombres_de_bases())


@cache
def bases(id_bases: str) -> Bases:
    datos = leer_toml("bases", f"{id_bases}.toml")
    modelo = Bases.model_validate(datos)
    if modelo.id != id_bases:
        raise ValueError(f"data/bases/{id_bases}.toml declara el id «{modelo.id}»")
    return modelo


def todas_las_bases() -> list[Bases]:
    return [bases(i) for i in ids_de_bases()]


@cache
def ley_general() -> dict[str, ParrafoLey]:
    datos = leer_toml("ley_general.toml")["parrafos"]
    return {ancla: ParrafoLey.model_validate(p) for ancla, p in datos.items()}


@cache
def _notas() -> dict[str, dict]:
    notas = leer_toml("notas.toml")["notas"]
    return {codigo: {**plantilla, "texto": plantilla["texto"].strip()} for codigo, plantilla in notas.items()}


def nota(codigo: str, **datos: str) -> Nota:
    """The note ``codigo`` of data/notas.toml, its placeholders filled."""
    plantilla = _notas()[codigo]
    if not datos:
        return Nota(codigo, plantilla["titulo"], plantilla["texto"])
    return Nota(codigo, plantilla["titulo"].format(**datos), plantilla["texto"].format(**datos))


def codigos_de_notas() -> set[str]:
    return set(_notas())


@cache
def _lecturas() -> dict[str, dict]:
    lecturas = leer_toml("lecturas.toml")["lecturas"]
    return {id_lectura: {**datos, "texto": datos["texto"].strip()} for id_lectura, datos in lecturas.items()}


def lectura(id_lectura: str, **datos: object) -> dict[str, str | None]:
    """Title, plain-Spanish text and rivalled note of the rival reading
    ``id_lectura`` (data/lecturas.toml), its placeholders filled."""
    plantilla = _lecturas()[id_lectura]
    return {
        "titulo": plantilla["titulo"].format(**datos),
        "texto": plantilla["texto"].format(**datos),
        "nota": plantilla.get("nota"),
    }


@cache
def _remedios() -> dict[str, dict]:
    return {campo: {**datos, "texto": datos["texto"].strip()} for campo, datos in leer_toml("remedios.toml")["remedios"].items()}


def remedio(campo: str, variante: str | None = None) -> tuple[str | None, str | None]:
    """What can still be done about the cause recorded by ``campo``, and the
    anchor of the paragraph that says so (data/remedios.toml), if known; the
    words of ``variante`` where the data has them."""
    datos = _remedios().get(campo)
    if datos is None:
        return None, None
    return datos.get(f"texto_{variante}", datos["texto"]), datos.get("ancla")


@cache
def campos_genericos() -> dict[str, dict]:
    return leer_toml("campos.toml")["campos"]


def cargar_todo() -> None:
    """Read and validate every rule data file now; each stays cached for the
    process. reintegro.navegador calls it on import (see there)."""
    todas_las_bases()
    ley_general()
    _notas()
    _lecturas()
    _remedios()
    campos_genericos()


def cita(de: Bases, ancla: str) -> Cita:
    """The citation of ``ancla``: a paragraph of the bases or of the general law."""
    if ancla in de.parrafos:
        parrafo, norma, pagina = de.parrafos[ancla], de.norma, de.pagina
    else:
        parrafo = ley_general()[ancla]
        norma, pagina = parrafo.norma, PAGINA_LEY_GENERAL
    return Cita(
        norma=norma,
        referencia=parrafo.referencia,
        ancla=ancla,
        enlace=f"{pagina}#{ancla}",
        texto=parrafo.texto,
    )


def anclas_resolubles(de: Bases) -> set[str]:
    return set(de.parrafos) | set(ley_general())
