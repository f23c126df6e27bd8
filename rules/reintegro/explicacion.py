"""The explanation of a result: exact steps and notes while computing, rounded
steps (D1) in the result.

Sentences are kept as a template and its values (``Frase``) and written only
when a result is shown: the same computation also runs, unexplained, for the
ends of the ranges, the rival readings and the margin, and those never read
their sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


from .catalogo import Nota, nota
from .importes import Racional, centimos_a_texto, es_centimo_exacto, repartir


class Frase:
    """A Spanish sentence: a ``str.format`` template and its values (``Euros``,
    ``Porcentaje``, text), written when ``str()`` is asked for."""

    __slots__ = ("plantilla", "valores")

    def __init__(self, plantilla: str, *valores: object):
        self.plantilla = plantilla
        self.valores = valores

    def __str__(self) -> str:
        return self.plantilla.format(*self.valores)


class PasoExacto(NamedTuple):
    """One step while computing: its sentence, exact signed amount, the anchor
    of the paragraph it applies (every step cites one) and the notes
    (interpretation decisions) that shape it."""

    bloque: str  # "importe_final", "liquidacion", "perdida_derecho_cobro", "intereses"
    frase: Frase | str
    importe: Racional
    ancla: str
    notas: tuple[str, ...] = ()


class Notas:
    """The notes a case touches, in the order they first apply, without
    repeats; their templates are filled only when the result is shown."""

    __slots__ = ("_datos",)

    def __init__(self) -> None:
        self._datos: dict[str, dict[str, object]] = {}

    def anadir(self, codigo: str, **datos: object) -> None:
        if codigo not in self._datos:
            self._datos[codigo] = datos

    def anadir_varias(self, codigos: tuple[str, ...] | list[str]) -> None:
        for codigo in codigos:
            self.anadir(codigo)

    def __contains__(self, codigo: str) -> bool:
        return codigo in self._datos

    def lista(self) -> list[Nota]:
        return [nota(codigo, **datos) for codigo, datos in self._datos.items()]


def redondear_pasos(citar: Callable[[str], dict], pasos: list[PasoExacto], notas: Notas) -> tuple[list[dict], bool]:
    """The steps as result dicts, each block's amounts rounded so that they add
    up to the block's rounded exact sum (D1), each with its citation
    (``citar``: anchor -> the citation as the result shows it) and the codes
    of the result's notes that shape it. Also tells whether any exact
    amount had fractions of a cent (so that D1 is worth a note)."""
    redondeados: list[int] = [0] * len(pasos)
    for bloque in dict.fromkeys(p.bloque for p in pasos):
        indices = [i for i, p in enumerate(pasos) if p.bloque == bloque]
        for i, centimos in zip(indices, repartir([pasos[i].importe for i in indices])):
            redondeados[i] = centimos
    fracciones = any(not es_centimo_exacto(p.importe) for p in pasos)
    salida = [
        {
            "orden": n,
            "bloque": p.bloque,
            "texto": str(p.frase),
            "importe": centimos_a_texto(c),
            "cita": citar(p.ancla),
            "notas": [codigo for codigo in p.notas if codigo in notas],
        }
        for n, (p, c) in enumerate(zip(pasos, redondeados), start=1)
    ]
    return salida, fracciones


