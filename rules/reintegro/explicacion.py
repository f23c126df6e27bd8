"""The explanation of a result: exact steps and notes while computing, rounded
steps (D1) in the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .catalogo import Cita, Nota, nota
from .importes import centimos_a_texto, es_centimo_exacto, repartir


@dataclass(frozen=True)
class PasoExacto:
    """One step while computing: its sentence, exact signed amount and citation."""

    bloque: str  # "importe_final", "liquidacion", "perdida_derecho_cobro", "intereses"
    texto: str
    importe: Fraction
    cita: Cita


@dataclass
class Notas:
    """The notes a case touches, in the order they first apply, without repeats."""

    _por_codigo: dict[str, Nota] = field(default_factory=dict)

    def anadir(self, codigo: str, **datos: str) -> None:
        if codigo not in self._por_codigo:
            self._por_codigo[codigo] = nota(codigo, **datos)

    def anadir_varias(self, codigos: tuple[str, ...] | list[str]) -> None:
        for codigo in codigos:
            self.anadir(codigo)

    def lista(self) -> list[Nota]:
        return list(self._por_codigo.values())


def redondear_pasos(pasos: list[PasoExacto]) -> tuple[list[dict], bool]:
    """The steps as result dicts, each block's amounts rounded so that they add
    up to the block's rounded exact sum (D1). Also tells whether any exact
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
            "texto": p.texto,
            "importe": centimos_a_texto(c),
            "cita": p.cita.model_dump(),
        }
        for n, (p, c) in enumerate(zip(pasos, redondeados), start=1)
    ]
    return salida, fracciones
