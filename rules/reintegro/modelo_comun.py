"""What every part of a bases data file shares: frozen models that refuse
unknown keys, and the texts a person reads (never empty)."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict

def _con_algo_escrito(texto: str) -> str:
    if not texto.strip():
        raise ValueError("no puede estar vacío")
    return texto


# A text a person reads (a title, a paragraph, the words of a criterion): never
# empty or only spaces, which would leave a blank where the result cites it.
Texto = Annotated[str, AfterValidator(_con_algo_escrito)]


class _Dato(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
