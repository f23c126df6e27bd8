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

from pydantic import AfterValidator, BaseModel, Field, model_validator

from .modelo_comun import Texto, _Dato
from .modelo_criterios import (  # noqa: F401 (OpcionCriterio: imported from here by other modules)
    ADMINISTRACION_DE_AMBITO, Criterio, FichaCatalogo, ImporteMinimo, OpcionCriterio, SinExpresar,
)


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


class TramoEjecucion(_Dato):
    """A band of execution above the threshold: from ``desde`` % of execution
    (the degree E the proportional reduction uses), the shortfall 1 − E is
    multiplied by ``factor`` (0: the whole aid is kept; 1: proportional; 2:
    «el doble de la desviación»)."""

    desde: Decimal = Field(ge=0, le=100)
    factor: Decimal = Field(ge=0, le=10)
    ancla: str
    texto: Texto


def _tramos_ordenados(tramos: tuple[TramoEjecucion, ...]) -> tuple[TramoEjecucion, ...]:
    desdes = [t.desde for t in tramos]
    if len(set(desdes)) != len(desdes):
        raise ValueError("dos tramos de ejecución empiezan en el mismo porcentaje")
    return tuple(sorted(tramos, key=lambda t: t.desde, reverse=True))


TramosEjecucion = Annotated[tuple[TramoEjecucion, ...], AfterValidator(_tramos_ordenados)]


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
    # The threshold binds only when this yes/no criterion of the bases is
    # true (e.g. «en el caso de haber solicitado un anticipo», «proyectos no
    # finalizados»); otherwise the regime is proportional.
    solo_si: str | None = None
    tramos: TramosEjecucion = ()


class RegimenProporcional(_Dato):
    """No threshold: every shortfall costs in proportion (bands optional)."""

    tipo: Literal["proporcional"]
    ancla_proporcional: str
    ancla_objetivos: str | None = None
    tramos: TramosEjecucion = ()
    # A yes/no case field that, when true, exempts the objectives' shortfall
    # («este inciso no resultará de aplicación cuando el cumplimiento se
    # aproxime significativamente al cumplimiento total»).
    objetivos_exentos_si: str | None = None


class UmbralDeclarado(_Dato):
    """No number: proportionality only when the beneficiary states a fact."""

    tipo: Literal["declaracion"]
    campo: str
    ancla: str
    ancla_proporcional: str
    ancla_objetivos: str | None = None  # when objectives, not money, fell short
    texto_total: Texto
    notas: tuple[str, ...] = ()
    tramos: TramosEjecucion = ()


Regimen = Annotated[UmbralPorcentaje | UmbralDeclarado | RegimenProporcional, Field(discriminator="tipo")]


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


class TramoRetraso(_Dato):
    """A tier of delay: up to ``hasta`` units late (the last tier has none),
    ``porcentaje`` % of the grant, or the whole grant (``total``)."""

    hasta: int | None = Field(default=None, gt=0)
    porcentaje: Decimal | None = Field(default=None, gt=0, le=100)
    total: bool = False

    @model_validator(mode="after")
    def _un_efecto(self) -> "TramoRetraso":
        if (self.porcentaje is None) == (not self.total):
            raise ValueError("cada tramo de retraso lleva «porcentaje» o «total = true», uno de los dos")
        return self


class MinoracionPorRetraso(_Dato):
    """Late fulfilment of a duty, counted in ``unidad`` (natural or working
    days, weeks, months) from ``desde`` to ``hasta`` (two dates of the case).
    Either a scale — ``inicial`` % from the first unit late, plus
    ``porcentaje`` % per complete period of ``cada`` units, up to ``maximo`` —
    or ``tramos`` (tiers: «hasta 15 días: 5 %; de 16 a 30: 10 %; más: total»)."""

    tipo: Literal["retraso"]
    desde: str = "fecha_limite_justificacion"
    hasta: str = "fecha_presentacion_justificacion"
    unidad: Literal["dias", "dias_habiles", "semanas", "meses"]
    inicial: Decimal = Field(default=Decimal(0), ge=0, le=100)
    cada: int | None = Field(default=None, gt=0)
    porcentaje: Decimal | None = Field(default=None, gt=0, le=100)
    maximo: Decimal = Field(default=Decimal(100), gt=0, le=100)
    tramos: tuple[TramoRetraso, ...] = ()
    ancla: str
    texto: Texto
    grupo: str | None = None
    notas: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _escala_o_tramos(self) -> "MinoracionPorRetraso":
        escala = self.cada is not None or self.porcentaje is not None or self.inicial > 0
        if escala == bool(self.tramos):
            raise ValueError("una minoración por retraso lleva una escala («inicial», «cada» y «porcentaje») "
                             "o «tramos», una de las dos")
        if (self.cada is None) != (self.porcentaje is None):
            raise ValueError("«cada» y «porcentaje» van juntos: tanto por ciento por cada tantas unidades")
        limites = [t.hasta for t in self.tramos]
        if self.tramos and (None in limites[:-1] or limites != sorted(limites, key=lambda x: x or 10**9)):
            raise ValueError("los tramos de retraso van de menor a mayor «hasta»; solo el último puede no tenerlo")
        return self


Minoracion = Annotated[
    MinoracionFija | MinoracionDiscrecional | MinoracionPorDias | MinoracionPorRetraso, Field(discriminator="tipo")
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
    criterios: tuple[Criterio, ...] = ()
    importe_minimo: ImporteMinimo | None = None
    sin_expresar: tuple[SinExpresar, ...] = ()
    catalogo: FichaCatalogo | None = None
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

    @property
    def ley_de_los_plazos(self) -> tuple[str, str | None]:
        """Whose law sets the deadlines (``administracion``) and the
        community's law, if any: a published article's catalogue record says
        it; any other bases, its own ``administracion``."""
        if self.catalogo is not None:
            return ADMINISTRACION_DE_AMBITO[self.catalogo.ambito], self.catalogo.ley_aplicable
        return self.administracion, self.ley_autonomica

    @model_validator(mode="after")
    def _una_sola_administracion(self) -> "Bases":
        """A catalogue record and ``administracion`` may not say two things."""
        if self.catalogo is not None and self.administracion != "desconocida" and (
                self.administracion != ADMINISTRACION_DE_AMBITO[self.catalogo.ambito]):
            raise ValueError(f"«administracion» ({self.administracion}) no coincide con el ámbito del catálogo "
                             f"({self.catalogo.ambito})")
        return self

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

    def criterio(self, id_criterio: str) -> Criterio | None:
        return next((c for c in self.criterios if c.id == id_criterio), None)

    @model_validator(mode="after")
    def _grupos_existen(self) -> "Bases":
        ids = {g.id for g in self.grupos}
        for clausula in (*self.minoraciones, *self.criterios):
            grupo = getattr(clausula, "grupo", None)
            if grupo is not None and grupo not in ids:
                nombre = (f"el criterio «{clausula.id}»" if isinstance(clausula, Criterio)
                          else f"la minoración «{clausula.texto}»")
                raise ValueError(f"{nombre} cita el grupo desconocido «{grupo}»")
        return self

    @model_validator(mode="after")
    def _criterios_unicos(self) -> "Bases":
        ids = [c.id for c in self.criterios]
        repetidos = sorted({i for i in ids if ids.count(i) > 1})
        if repetidos:
            raise ValueError(f"criterios repetidos: {', '.join(repetidos)}")
        condicion = getattr(self.regimen, "solo_si", None)
        if condicion is not None:
            criterio = self.criterio(condicion)
            if criterio is None or criterio.tipo != "si_no":
                raise ValueError(f"regimen.solo_si: «{condicion}» no es un criterio de sí o no de estas bases")
        for c in self.criterios:
            sin_efecto = c.tipo == "si_no" and c.porcentaje is None and c.hasta is None and not c.total
            if sin_efecto and c.id != condicion:
                raise ValueError(f"el criterio «{c.id}» (sí o no) necesita «porcentaje», «hasta» o «total», "
                                 "o ser la condición del umbral (regimen.solo_si)")
        return self
