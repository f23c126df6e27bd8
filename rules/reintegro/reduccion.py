"""A reduction of the grant that applies to a case (algorithm steps 5 and 6),
whatever clause produced it: the bases' graded reductions, or its own criteria."""

from __future__ import annotations

from typing import NamedTuple

from .explicacion import Frase
from .importes import Racional


class Reduccion(NamedTuple):
    """A reduction that applies, as a fraction of the grant."""

    frase: Frase
    fraccion: Racional
    ancla: str
    grupo: str | None = None
    notas: tuple[str, ...] = ()
