"""The case: what a beneficiary tells the calculator (DOMAIN.md, "A case").

Field names are the public JSON contract. Scalar parsing lives in ``valores``;
checks that involve several fields live in ``coherencia``.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated, Literal

from typing import Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainValidator, ValidationInfo, WithJsonSchema

from .catalogo import campos_genericos, ids_de_bases
from .mensajes import error_de_valor
from .valores import Booleano, Fecha, Importe, ImportePositivo, Porcentaje

MAXIMO_PAGOS = 100
# The optional reference texts of a case (its ``referencia``) and their
# longest length in characters.
MAXIMOS_REFERENCIA = {"expediente": 100, "entidad": 200, "notas": 2000}


def leer_bases(valor: object, info: ValidationInfo) -> str:
    """The id of one of the package's bases or, when the case is read for a
    user's own bases (context "bases"), that bases' id."""
    mostrado = f"«{valor}»" if isinstance(valor, str) and len(valor) <= 60 else "el valor dado"
    propias = (info.context or {}).get("bases")
    if propias is not None:
        if valor == propias.id:
            return valor
        raise error_de_valor("bases_del_fichero", mostrado=mostrado, propias=propias.id)
    ids = ids_de_bases()
    if isinstance(valor, str) and valor in ids:
        return valor
    raise error_de_valor("bases", mostrado=mostrado, ids=", ".join(ids))


IdBases = Annotated[
    str,
    PlainValidator(leer_bases),
    WithJsonSchema({"type": "string", "enum": list(ids_de_bases())}),
]


def _describir_caso(esquema: dict) -> None:
    """Spanish descriptions in the published JSON Schema, from data/campos.toml."""
    esquema["description"] = "Caso de reintegro de una subvención: los datos que se introducen en la calculadora o en la línea de órdenes."
    for nombre, propiedad in esquema.get("properties", {}).items():
        campo = campos_genericos().get(nombre)
        if campo:
            propiedad["description"] = f"{campo['etiqueta']}. {campo['ayuda']}"


class Pago(BaseModel):
    """A payment actually received (pago, anticipo)."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, json_schema_extra={"description": "Pago recibido: fecha e importe."}
    )

    fecha: Fecha
    importe: ImportePositivo


def _objeto_de_referencia(valor: object) -> object:
    if valor is None or isinstance(valor, (dict, Referencia)):
        return valor
    raise error_de_valor("referencia_objeto")


MAXIMO_CRITERIOS = 50


def _objeto_de_criterios(valor: object) -> object:
    """The bases' own criteria: an object of at most MAXIMO_CRITERIOS values;
    each id and value is checked against the bases (``coherencia``)."""
    if valor is None:
        return {}
    if not isinstance(valor, dict):
        raise error_de_valor("criterios_objeto")
    if len(valor) > MAXIMO_CRITERIOS:
        raise error_de_valor("criterios_demasiados", maximo=str(MAXIMO_CRITERIOS))
    return valor


Criterios = Annotated[
    dict[str, Any],
    BeforeValidator(_objeto_de_criterios),
    WithJsonSchema({
        "type": "object",
        "maxProperties": MAXIMO_CRITERIOS,
        "additionalProperties": {"type": ["boolean", "string", "number"]},
        "description": "Valores de los criterios propios de las bases (su «id»: sí o no, una opción o una "
                       "medida), como los declara el fichero de las bases en «criterios».",
    }),
]


class Referencia(BaseModel):
    """How the beneficiary names the case, for the printed report only: the
    file number, the entity, free notes. Never read by the computation."""

    model_config = ConfigDict(
        extra="forbid", frozen=True,
        json_schema_extra={"description": "Referencias del caso para el informe impreso; no cambian ninguna cifra."},
    )

    expediente: Annotated[str, Field(max_length=MAXIMOS_REFERENCIA["expediente"],
                                     description="Número o código del expediente.")] | None = None
    entidad: Annotated[str, Field(max_length=MAXIMOS_REFERENCIA["entidad"],
                                  description="Entidad beneficiaria.")] | None = None
    notas: Annotated[str, Field(max_length=MAXIMOS_REFERENCIA["notas"],
                                description="Notas libres.")] | None = None


class Caso(BaseModel):
    """A beneficiary's case. Optional fields take the defaults of DOMAIN.md."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, title="Caso de reintegro", json_schema_extra=_describir_caso
    )

    bases: IdBases
    importe_concedido: ImportePositivo
    coste_proyecto: ImportePositivo | None = None
    pagos: tuple[Pago, ...] = Field(default=(), max_length=MAXIMO_PAGOS)
    gasto_justificado: Importe | None = None
    gasto_sin_justificante: Importe = Decimal(0)
    gasto_sin_ofertas: Importe = Decimal(0)
    gasto_modificaciones_no_autorizadas: Importe = Decimal(0)
    grado_cumplimiento_objetivos: Porcentaje = Decimal(100)
    falseamiento: Booleano = False
    incumplimiento_total_fines: Booleano = False
    sin_justificacion: Booleano = False
    justificacion_inverificable: Booleano = False
    otra_causa_total: Booleano = False
    aproximacion_significativa: Booleano = True
    publicidad: Literal["cumplida", "defectuosa", "incumplida"] = "cumplida"
    otras_ayudas: Importe = Decimal(0)
    otras_ayudas_publicas: Booleano = False
    otras_ayudas_comunicadas: Booleano = True
    fecha_limite_justificacion: Fecha | None = None
    fecha_presentacion_justificacion: Fecha | None = None
    fecha_inicio_procedimiento: Fecha | None = None
    fecha_resolucion: Fecha | None = None
    fecha_notificacion_resolucion: Fecha | None = None
    fecha_concesion: Fecha | None = None
    fecha_fin_obligaciones: Fecha | None = None
    fecha_ingreso: Fecha | None = None
    base_dias: Literal["actual", "365"] = "actual"
    criterios: Criterios = Field(default_factory=dict)
    referencia: Annotated[Referencia | None, BeforeValidator(_objeto_de_referencia)] = Field(
        default=None, description="Referencias del caso para el informe impreso (expediente, entidad, notas); "
        "no cambian ninguna cifra.")

    # Derived values with the defaults of DOMAIN.md applied.

    @property
    def coste(self) -> Decimal:
        """C: the project's cost, the grant when not given."""
        return self.importe_concedido if self.coste_proyecto is None else self.coste_proyecto

    @property
    def justificado(self) -> Decimal:
        """J: the expense presented, the cost when not given."""
        return self.coste if self.gasto_justificado is None else self.gasto_justificado

    @property
    def total_pagado(self) -> Decimal:
        """P: the sum of the payments received."""
        return sum((p.importe for p in self.pagos), Decimal(0))

    def campos_dados(self) -> set[str]:
        """Names of the fields the case sets to something other than the
        default (``referencia`` aside: it describes the case, never a figure)."""
        campos = type(self).model_fields
        return {
            nombre
            for nombre in self.model_fields_set
            if nombre != "referencia"
            and getattr(self, nombre) != campos[nombre].get_default(call_default_factory=True)
        }

    def fecha_fin_dada(self) -> date | None:
        """The earlier of fecha_resolucion and fecha_ingreso, if any (LGS 37.1)."""
        dadas = [f for f in (self.fecha_resolucion, self.fecha_ingreso) if f is not None]
        return min(dadas) if dadas else None
