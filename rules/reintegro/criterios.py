"""The bases' own criteria (``Bases.criterios``): breaches the case contract
has no field for, declared by the bases (label, help, paragraph, yes/no,
options or a measure) and carried by the case in ``criterios: {id: valor}``.

Here, once for every bases: reading and checking a case's values, the
reductions they give (a fixed percentage, a range up to a maximum, the share
of a measure not met), the total causes (a yes/no or an option that makes the
reintegro total, a measure below its minimum), whether the threshold of the
regime binds (``regimen.solo_si``), and the causes the margin lists.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import NamedTuple

from pydantic_core import PydanticCustomError

from .errores import ErrorDeCampo
from .explicacion import Frase, Notas
from .importes import Euros, Grado, Porcentaje, exacto
from .modelo_bases import Bases, Criterio, OpcionCriterio
from .minoraciones import reduccion_discrecional, reduccion_fija
from .reduccion import Reduccion
from .valores import leer_importe
from .variante import Variante

class ValorNoValido(ValueError):
    """A criterion's value that its kind does not take: the code of
    ``mensajes`` and its data."""

    def __init__(self, codigo: str, **datos: object):
        super().__init__(codigo)
        self.codigo, self.datos = codigo, datos


def campo(criterio: Criterio) -> str:
    """The criterion's name in the case and in messages: "criterios.<id>"."""
    return f"criterios.{criterio.id}"


def leer_valor(criterio: Criterio, bruto: object) -> bool | str | Decimal:
    """The value of the criterion in a case, or ValorNoValido."""
    if criterio.tipo == "si_no":
        if not isinstance(bruto, bool):
            raise ValorNoValido("criterio_booleano")
        return bruto
    if criterio.tipo == "opciones":
        valores = [o.valor for o in criterio.opciones]
        if bruto not in valores:
            raise ValorNoValido("criterio_opcion", opciones=", ".join(f"«{v}»" for v in valores))
        return bruto
    if criterio.tipo == "importe":
        try:
            return leer_importe(bruto)
        except PydanticCustomError:
            raise ValorNoValido("criterio_importe") from None
    return _leer_medida(criterio, bruto)


def _leer_medida(criterio: Criterio, bruto: object) -> Decimal:
    maximo = format(criterio.maximo.normalize(), "f")
    datos = {"maximo": maximo, "unidad": criterio.unidad}
    if isinstance(bruto, bool) or not isinstance(bruto, (int, str, Decimal)):
        raise ValorNoValido("criterio_medida", **datos)
    try:
        valor = Decimal(str(bruto).strip())
    except InvalidOperation:
        raise ValorNoValido("criterio_medida", **datos) from None
    if not valor.is_finite() or not 0 <= valor <= criterio.maximo or valor != valor.quantize(Decimal("0.01")):
        raise ValorNoValido("criterio_medida", **datos)
    return valor


def errores_de_criterios(dados: dict, b: Bases) -> list[ErrorDeCampo]:
    """One Spanish message per criterion the case gives that this bases does
    not know or whose value its kind does not take."""
    errores = []
    conocidos = ", ".join(f"«{c.id}»" for c in b.criterios) or "ninguno"
    for id_criterio, bruto in dados.items():
        criterio = b.criterio(id_criterio)
        ruta = f"criterios.{id_criterio}"[:80]
        if criterio is None:
            errores.append(ErrorDeCampo.de(ruta, "criterio_desconocido", conocidos=conocidos))
            continue
        try:
            leer_valor(criterio, bruto)
        except ValorNoValido as error:
            errores.append(ErrorDeCampo.de(ruta, error.codigo, etiqueta=criterio.etiqueta, **error.datos))
    return errores


def valor(caso, criterio: Criterio) -> bool | str | Decimal:
    """The criterion's value in a valid case (its default when not given)."""
    dados = dict(caso.criterios)
    return leer_valor(criterio, dados[criterio.id]) if criterio.id in dados else criterio.valor_por_defecto


def presente(caso, criterio: Criterio) -> bool:
    """Whether the case records a breach of this criterion."""
    return valor(caso, criterio) != criterio.valor_por_defecto


def umbral_activo(b: Bases, caso) -> bool:
    """Whether the regime's threshold binds: always, or when its ``solo_si``
    criterion is true."""
    condicion = getattr(b.regimen, "solo_si", None)
    return condicion is None or valor(caso, b.criterio(condicion)) is True


class _Efecto(NamedTuple):
    texto: str
    porcentaje: Decimal | None
    hasta: Decimal | None
    total: bool


def _efecto(criterio: Criterio, dado: bool | str | Decimal) -> _Efecto | None:
    """What a yes/no or options criterion costs with the value given."""
    if criterio.tipo == "si_no":
        return _Efecto(criterio.frase, criterio.porcentaje, criterio.hasta, criterio.total) if dado else None
    if criterio.tipo == "opciones":
        opcion: OpcionCriterio = next(o for o in criterio.opciones if o.valor == dado)
        return _Efecto(f"{criterio.frase}: {dado}", opcion.porcentaje, opcion.hasta, opcion.total)
    return None


def reducciones_de_criterios(b: Bases, caso, v: Variante, notas: Notas) -> list[Reduccion]:
    """The reductions the case's criteria give (group caps apply after)."""
    salida = []
    for criterio in b.criterios:
        dado = valor(caso, criterio)
        efecto = _efecto(criterio, dado)
        if efecto is not None and efecto.porcentaje is not None:
            salida.append(reduccion_fija(efecto.texto, efecto.porcentaje, criterio.ancla, criterio.grupo,
                                         criterio.notas, notas))
        elif efecto is not None and efecto.hasta is not None:
            salida.append(reduccion_discrecional(efecto.texto, efecto.hasta, criterio.decide, criterio.ancla,
                                                 criterio.notas, v.discrecional_al_maximo, notas))
        elif criterio.tipo == "medida" and criterio.proporcional and dado < criterio.maximo:
            salida.append(_parte_no_cumplida(criterio, dado, notas))
        elif criterio.tipo == "importe" and not criterio.al_reintegro and dado > 0:
            notas.anadir_varias(criterio.notas)
            salida.append(Reduccion(Frase("{}: {}", criterio.frase, Euros(exacto(dado))),
                                    exacto(dado) / exacto(caso.importe_concedido), criterio.ancla, criterio.grupo,
                                    criterio.notas))
    return salida


def importes_a_reintegrar(b: Bases, caso) -> list[tuple[Criterio, Decimal]]:
    """The amounts the case's «importe» criteria add to the reintegro."""
    return [(c, d) for c in b.criterios if c.tipo == "importe" and c.al_reintegro and (d := valor(caso, c)) > 0]


def _medida_es(criterio: Criterio, dado: Decimal) -> str:
    cifra = format(dado.normalize(), "f").replace(".", ",")
    return f"{cifra} %" if criterio.unidad == "%" else f"{cifra} {criterio.unidad}"


def _parte_no_cumplida(criterio: Criterio, dado: Decimal, notas: Notas) -> Reduccion:
    """(maximo − valor) / maximo of the grant: the share of the duty not met."""
    notas.anadir_varias(criterio.notas)
    falta = (exacto(criterio.maximo) - exacto(dado)) / exacto(criterio.maximo)
    return Reduccion(
        Frase("{}: {} de {}; se reduce la parte no cumplida, el {} del importe concedido", criterio.frase,
              _medida_es(criterio, dado), _medida_es(criterio, criterio.maximo), Grado(falta)),
        falta, criterio.ancla, criterio.grupo, criterio.notas,
    )


def causa_total_de_criterios(b: Bases, caso, v: Variante, notas: Notas) -> tuple[Frase | str, str] | None:
    """(words, anchor) of the first criterion that makes the reintegro total."""
    for criterio in b.criterios:
        dado = valor(caso, criterio)
        efecto = _efecto(criterio, dado)
        if efecto is not None and efecto.total:
            notas.anadir_varias(criterio.notas)
            return efecto.texto, criterio.ancla
        if criterio.tipo == "medida" and criterio.minimo is not None:
            debajo = _bajo_su_minimo(criterio, dado, v, notas)
            if debajo is not None:
                return debajo, criterio.ancla
    return None


def _bajo_su_minimo(criterio: Criterio, dado: Decimal, v: Variante, notas: Notas) -> Frase | None:
    minimo = criterio.minimo
    exacto_en_el_limite = dado == minimo and criterio.limite_exacto == "laguna"
    if exacto_en_el_limite and not v.umbral_exacto_total:
        notas.anadir("D3", umbral=Porcentaje(exacto(minimo)) if criterio.unidad == "%" else _medida_es(criterio, minimo))
    if dado < minimo or (exacto_en_el_limite and v.umbral_exacto_total):
        notas.anadir_varias(criterio.notas)
        return Frase("{}: {}, por debajo del mínimo de {}", criterio.frase, _medida_es(criterio, dado),
                     _medida_es(criterio, minimo))
    return None


def hay_rango(b: Bases, caso) -> bool:
    """Whether a criterion of the case is graded up to a maximum (a range)."""
    return any((e := _efecto(c, valor(caso, c))) is not None and e.hasta is not None for c in b.criterios)


class CausaDeCriterio(NamedTuple):
    """A criterion present in the case and the change that remedies it."""

    criterio: Criterio
    descripcion: str
    cambio: dict


def causas_de_criterios(b: Bases, caso) -> list[CausaDeCriterio]:
    """The criteria with an effect that the case records, each with the case
    change that puts it back to its default (no breach)."""
    salida = []
    condicion = getattr(b.regimen, "solo_si", None)
    for criterio in b.criterios:
        if criterio.id == condicion or not presente(caso, criterio):
            continue
        dado = valor(caso, criterio)
        descripcion = (f"{criterio.frase}: {_medida_es(criterio, dado)}" if criterio.tipo == "medida"
                       else Frase("{}: {}", criterio.frase, Euros(exacto(dado))) if criterio.tipo == "importe"
                       else f"{criterio.frase}: {dado}" if criterio.tipo == "opciones" else criterio.frase)
        salida.append(CausaDeCriterio(criterio, descripcion, {"criterios": sin_criterio(caso, criterio)}))
    return salida


def sin_criterio(caso, criterio: Criterio) -> tuple[tuple[str, object], ...]:
    """The case's criteria with this one at its default, in the hashable form
    a case change takes (``Calculo.computo`` keys its variants by it)."""
    dados = {**dict(caso.criterios), criterio.id: criterio.valor_por_defecto}
    return tuple(sorted(dados.items()))
