"""The shape of a bases data file (data/bases/<id>.toml), validated by pydantic.

A bases is described once, as data: the paragraphs it can cite, the case fields
it uses, its total causes, its threshold, the parts of the expense it does not
accept, its graded reductions and their caps, co-financing, concurrent aid and
the paragraph that rules interest. Each kind of clause is implemented once
(``clausulas``) and configured here. ``python -m reintegro esquema-bases``
prints the JSON Schema of this file.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator


def _con_algo_escrito(texto: str) -> str:
    if not texto.strip():
        raise ValueError("no puede estar vacío")
    return texto


# A text a person reads (a title, a paragraph, the words of a criterion): never
# empty or only spaces, which would leave a blank where the result cites it.
Texto = Annotated[str, AfterValidator(_con_algo_escrito)]


class _Dato(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Parrafo(_Dato):
    """A paragraph that can be cited: how the text numbers it and its words."""

    referencia: Texto
    texto: Texto


class CampoUsado(_Dato):
    """A case field this bases uses, and the paragraph that makes it relevant."""

    campo: str
    ancla: str | None = None
    etiqueta: Texto | None = None  # overrides the generic label (data/campos.toml)
    ayuda: Texto | None = None


class CausaTotal(_Dato):
    """A yes/no fact that, when true, makes the final grant zero."""

    campo: str
    ancla: str
    texto: Texto
    notas: tuple[str, ...] = ()


class Deduccion(_Dato):
    """A part of the justified expense that is not accepted."""

    campo: str
    ancla: str
    texto: Texto
    notas: tuple[str, ...] = ()
    # The letter names that expense itself as the amount to pay back
    # («porcentaje a reintegrar: importe del gasto»): besides lowering the
    # accepted expense (the central reading), it can be read as a fixed
    # amount (rival readings "deducciones" and "cofinanciado-d").
    importe_fijo: bool = False


class UmbralPorcentaje(_Dato):
    """Total reintegro below ``minimo`` % of a measure; proportional above."""

    tipo: Literal["umbral"]
    medida: Literal["importe_concedido", "coste_proyecto", "ejecucion"]
    minimo: Decimal = Field(gt=0, le=100)
    # "laguna": the text says neither at exactly the threshold (D3);
    # "incluido": the text puts the threshold itself in the proportional regime.
    limite_exacto: Literal["laguna", "incluido"]
    # Whether the objectives met (the technical degree) are measured against
    # the threshold too: "si" where the words cover activities or objectives,
    # "no" where they speak of justification only, "discutible" where they
    # can be read either way (measured; rival reading "umbral-tecnico").
    objetivos_en_umbral: Literal["si", "no", "discutible"] = "si"
    ancla: str
    ancla_proporcional: str
    ancla_objetivos: str | None = None  # when objectives, not money, fell short
    texto_total: Texto


class UmbralDeclarado(_Dato):
    """No number: proportionality only when the beneficiary states a fact."""

    tipo: Literal["declaracion"]
    campo: str
    ancla: str
    ancla_proporcional: str
    ancla_objetivos: str | None = None  # when objectives, not money, fell short
    texto_total: Texto
    notas: tuple[str, ...] = ()


Regimen = Annotated[UmbralPorcentaje | UmbralDeclarado, Field(discriminator="tipo")]


class _MinoracionPorOpcion(_Dato):
    """A reduction that applies when an option field has one of ``valores``."""

    campo: str
    valores: tuple[str, ...]
    ancla: str
    texto: Texto
    notas: tuple[str, ...] = ()


class MinoracionFija(_MinoracionPorOpcion):
    """A fixed percentage of the grant."""

    tipo: Literal["fija"]
    porcentaje: Decimal = Field(gt=0, le=100)
    grupo: str | None = None


class MinoracionDiscrecional(_MinoracionPorOpcion):
    """The text gives no figure: a range from 0 to ``maximo`` % of the grant."""

    tipo: Literal["discrecional"]
    maximo: Decimal = Field(gt=0, le=100)
    decide: Texto


class MinoracionPorDias(_Dato):
    """``porcentaje`` % of the grant per complete period of ``dias`` days late."""

    tipo: Literal["por_dias"]
    desde: str
    hasta: str
    dias: int = Field(gt=0)
    porcentaje: Decimal = Field(gt=0, le=100)
    maximo: Decimal = Field(gt=0, le=100)
    ancla: str
    texto: Texto
    grupo: str | None = None
    notas: tuple[str, ...] = ()


Minoracion = Annotated[
    MinoracionFija | MinoracionDiscrecional | MinoracionPorDias, Field(discriminator="tipo")
]


class Grupo(_Dato):
    """A group of reductions capped together, as a percentage of the grant."""

    id: str
    tope: Decimal = Field(gt=0, le=100)
    ancla: str
    texto: Texto


class Cofinanciacion(_Dato):
    """The beneficiary must bear at least ``aportacion_minima`` % of the cost."""

    aportacion_minima: Decimal = Field(gt=0, lt=100)
    ancla: str


class Concurrencia(_Dato):
    """Concurrent aid: the excess over the cost is returned (LGS 19.3)."""

    ancla: str
    # Optional total cause: undeclared other aid that alone covers the cost.
    ancla_total: str | None = None


class Intereses(_Dato):
    ancla: str
    notas: tuple[str, ...] = ()


class Liquidacion(_Dato):
    """Where the text rules paying back what was received and losing the rest."""

    ancla_reintegro: str
    ancla_perdida: str
    notas: tuple[str, ...] = ()


class Bases(_Dato):
    """One set of bases reguladoras, as data."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")
    titulo: Texto
    titulo_corto: Texto
    norma: Texto
    fuente: Texto
    parrafos: dict[str, Parrafo]
    campos: tuple[CampoUsado, ...]
    causas_totales: tuple[CausaTotal, ...] = ()
    regimen: Regimen
    deducciones: tuple[Deduccion, ...] = ()
    minoraciones: tuple[Minoracion, ...] = ()
    grupos: tuple[Grupo, ...] = ()
    cofinanciacion: Cofinanciacion | None = None
    # What the general law rules when the bases say nothing of it.
    concurrencia: Concurrencia = Concurrencia(ancla="lgs-19-3")
    intereses: Intereses = Intereses(ancla="lgs-37-1")
    liquidacion: Liquidacion = Liquidacion(ancla_reintegro="lgs-37-1", ancla_perdida="rlgs-89")
    notas: tuple[str, ...] = ()  # notes shown on every result of this bases
    # Whose law of subsidies governs the grant: LGS arts. 38, 39, 41, 42 and
    # RLGS arts. 31, 70, 71, 86, 90, 94 are not basic legislation (first final
    # provision of both): they bind the State and local bodies; a regional
    # grant follows its community's law. The deadlines and the report say so.
    administracion: Literal["estatal", "local", "autonomica", "desconocida"] = "desconocida"
    ley_autonomica: Texto | None = None  # the community's law of subsidies, for "autonomica"
    # LGS art. 30.7: granted for a situation of the recipient, justified by
    # proving it; prescription then runs from the grant (LGS art. 39.2.b).
    por_situacion: bool = False
    # The page whose anchors the citations reach; the site's own bases have
    # theirs at bases/<id>/, a user's own on the page where they wrote it.
    pagina_web: str | None = None

    @property
    def pagina(self) -> str:
        return self.pagina_web or f"bases/{self.id}/"

    def anclas_con_ruta(self) -> list[tuple[str, str]]:
        """Every anchor this file cites, with the dotted path where it does
        ("regimen.ancla", "minoraciones.1.ancla")."""
        salida: list[tuple[str, str]] = []

        def recoger(valor: object, ruta: str) -> None:
            if isinstance(valor, BaseModel):
                for nombre, dato in valor:
                    camino = f"{ruta}.{nombre}" if ruta else nombre
                    if nombre.startswith("ancla") and isinstance(dato, str):
                        salida.append((camino, dato))
                    else:
                        recoger(dato, camino)
            elif isinstance(valor, (tuple, list)):
                for numero, dato in enumerate(valor):
                    recoger(dato, f"{ruta}.{numero}")

        recoger(self, "")
        return salida

    def anclas_citadas(self) -> set[str]:
        """Every anchor this file cites (tests check each resolves)."""
        return {ancla for _, ancla in self.anclas_con_ruta()}

    @model_validator(mode="after")
    def _grupos_existen(self) -> "Bases":
        ids = {g.id for g in self.grupos}
        for minoracion in self.minoraciones:
            grupo = getattr(minoracion, "grupo", None)
            if grupo is not None and grupo not in ids:
                raise ValueError(f"la minoración «{minoracion.texto}» cita el grupo desconocido «{grupo}»")
        return self
