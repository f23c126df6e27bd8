"""The parts of a bases data file that published articles needed beyond the
five seeds (issue 24): a bases' own criteria (``Criterio``, its options),
the minimum amount below which nothing is claimed, the criteria the model
cannot express, and the catalogue record of a published article. The rest
of the file's shape is in ``modelo_bases``."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import Field, model_validator

from .modelo_comun import Texto, _Dato


class OpcionCriterio(_Dato):
    """One value of a criterion of options, and what it costs: nothing, a
    fixed ``porcentaje`` of the grant, up to ``hasta`` % (a range), or all."""

    valor: Texto
    porcentaje: Decimal | None = Field(default=None, gt=0, le=100)
    hasta: Decimal | None = Field(default=None, gt=0, le=100)
    total: bool = False


def _como_mucho_un_efecto(dato: "OpcionCriterio | Criterio") -> int:
    efectos = (dato.porcentaje is not None) + (dato.hasta is not None) + bool(dato.total)
    if efectos > 1:
        raise ValueError("un criterio (o una opción) tiene un solo efecto: «porcentaje», «hasta» o «total»")
    return efectos


class Criterio(_Dato):
    """A criterion of the bases' own, for a breach the case contract has no
    field for; the case carries its value in ``criterios.<id>``.

    - ``si_no``: when true, ``porcentaje`` % of the grant, up to ``hasta`` %
      (a range the body decides), or total reintegro;
    - ``opciones``: each option with its own effect; ``defecto`` is the value
      of a case that says nothing (no breach);
    - ``medida``: a figure from 0 to ``maximo`` (100 %, 5 años…), fully met
      by default; below ``minimo`` the reintegro is total (several measures
      each with its minimum must each reach it), and with ``proporcional``
      the missing part costs its share of the grant ((maximo − valor) / maximo;
      assets kept 2 of 5 years: 3/5);
    - ``importe``: an amount in euros that is added to the reintegro (income
      the grant generated and was not applied, interest it earned), or with
      ``al_reintegro = false`` lowers the grant by that amount; 0 by default.
    """

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    etiqueta: Texto
    ayuda: Texto
    ancla: str
    tipo: Literal["si_no", "opciones", "medida", "importe"]
    texto: Texto | None = None  # the words of the explanation step; the label if absent
    porcentaje: Decimal | None = Field(default=None, gt=0, le=100)
    hasta: Decimal | None = Field(default=None, gt=0, le=100)
    total: bool = False
    decide: Texto = "el órgano concedente, según la gravedad del incumplimiento"
    grupo: str | None = None
    opciones: tuple[OpcionCriterio, ...] = ()
    defecto: str | None = None
    maximo: Decimal = Field(default=Decimal(100), gt=0, le=1000)
    unidad: Texto = "%"
    minimo: Decimal | None = Field(default=None, gt=0)
    limite_exacto: Literal["incluido", "laguna"] = "incluido"
    proporcional: bool = False
    # An «importe» is added to the reintegro (true) or lowers the grant (false:
    # «minoración de la subvención en la cuantía del gasto afectado»).
    al_reintegro: bool = True
    notas: tuple[str, ...] = ()

    @property
    def frase(self) -> str:
        return self.texto or self.etiqueta

    @property
    def valor_por_defecto(self) -> bool | str | Decimal:
        """The value of a case that does not give it: no breach."""
        if self.tipo == "si_no":
            return False
        if self.tipo == "opciones":
            return self.defecto
        return Decimal(0) if self.tipo == "importe" else self.maximo

    @model_validator(mode="after")
    def _coherente(self) -> "Criterio":
        efectos = _como_mucho_un_efecto(self)
        # A yes/no criterion without effect is a condition (``regimen.solo_si``).
        if self.tipo == "opciones":
            valores = [o.valor for o in self.opciones]
            for opcion in self.opciones:
                _como_mucho_un_efecto(opcion)
            if len(valores) < 2 or len(set(valores)) != len(valores) or self.defecto not in valores or efectos:
                raise ValueError(f"el criterio «{self.id}» (opciones) necesita dos o más opciones distintas, "
                                 "su «defecto» entre ellas y el efecto en cada opción")
        if self.tipo == "importe" and efectos:
            raise ValueError(f"el criterio «{self.id}» (importe) se suma al reintegro: no lleva otro efecto")
        if self.tipo == "medida":
            if efectos or not (self.minimo is not None or self.proporcional):
                raise ValueError(f"el criterio «{self.id}» (medida) necesita «minimo» o «proporcional = true»")
            if self.minimo is not None and self.minimo > self.maximo:
                raise ValueError(f"el criterio «{self.id}»: «minimo» no puede superar «maximo»")
        return self


class ImporteMinimo(_Dato):
    """Below this amount no reintegro is claimed."""

    importe: Decimal = Field(gt=0)
    ancla: str
    texto: Texto


class SinExpresar(_Dato):
    """A criterion of the text the model cannot express: the calculator
    leaves it out, visibly (a notice on the page, a note in every result)."""

    ancla: str
    texto: Texto


# The catalogue's scope as the deadlines' law names it.
ADMINISTRACION_DE_AMBITO = {"estatal": "estatal", "autonómico": "autonomica", "local": "local"}


class FichaCatalogo(_Dato):
    """Where a published article comes from, for the catalogue."""

    organo: Texto
    ambito: Literal["estatal", "autonómico", "local"]
    ley_aplicable: Texto
    ano: int = Field(ge=1950, le=2100)
    identificador: Texto
    boletin: Texto
    articulo: Texto
    procedencia: Texto
    version: Texto
    completo: bool
    falta: str = ""
    tipos: tuple[Texto, ...]
