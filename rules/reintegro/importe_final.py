"""The final grant F as a sequence of explained steps (algorithm steps 1–7).

The same pipeline runs in every variant (``variante.Variante``): the central
figure, the ends of the ranges, the rival readings and the hypotheses of the
margin.
"""

from __future__ import annotations

from typing import NamedTuple


from .caso import Caso
from .ejecucion import Descuento, Ejecucion
from .explicacion import Frase, Notas, PasoExacto
from .importes import Euros, Grado, Porcentaje, Racional, exacto, fraccion
from .minoraciones import reducciones
from .modelo_bases import Bases
from .regimen import causa_total
from .variante import Variante

BLOQUE = "importe_final"
ANCLA_IMPORTE_CONCEDIDO = "cifras"  # "Cómo se calcula", the figures involved


class ImporteFinal(NamedTuple):
    pasos: tuple[PasoExacto, ...]
    total: bool  # the regime is total reintegro
    importe: Racional  # F, the sum of the steps


class _Pasos:
    def __init__(self) -> None:
        self.lista: list[PasoExacto] = []
        self.suma = Racional(0)

    def anadir(self, frase: Frase | str, importe: Racional, ancla: str | None, notas: tuple[str, ...] = ()) -> None:
        self.lista.append(PasoExacto(BLOQUE, frase, importe, ancla, notas))
        self.suma += importe


def calcular_importe_final(b: Bases, caso: Caso, e: Ejecucion, v: Variante, notas: Notas) -> ImporteFinal:
    pasos = _Pasos()
    # The amount granted comes from the resolution of concession, not from
    # the article: the step cites where the site defines it.
    pasos.anadir(Frase("Importe concedido (resolución de concesión): {}", Euros(e.concedido)), e.concedido, ANCLA_IMPORTE_CONCEDIDO)
    if any(d.clausula.importe_fijo for d in e.descuentos):
        # A deduction the letter names as an amount is read as expense not accepted (rival: "deducciones").
        notas.anadir("gasto-no-aceptado")
    causa = causa_total(b, caso, e, v, notas)
    if causa is not None:
        pasos.anadir(Frase("Reintegro total. {}", causa.frase), -e.concedido, causa.ancla, causa.notas)
        return ImporteFinal(tuple(pasos.lista), True, pasos.suma)
    _proporcional(b, e, v, pasos, notas)
    _importes_fijos(e, pasos)
    for r in reducciones(b, caso, v, notas):
        pasos.anadir(r.frase, -e.concedido * r.fraccion, r.ancla, r.notas)
    _suelo_cero(pasos, notas)
    if not v.sin_cofinanciacion:
        _cofinanciacion(b, e, pasos, notas)
    _exceso(b, caso, e, v, pasos, notas)
    return ImporteFinal(tuple(pasos.lista), False, pasos.suma)


def _proporcional(b: Bases, e: Ejecucion, v: Variante, pasos: _Pasos, notas: Notas) -> None:
    """G × (1 − E), split by what caused the shortfall so every euro cites its
    letter. D2: E = min(Ee, Et); the rival reading adds both shortfalls."""
    if e.aplicado == 1:
        return
    decision: tuple[str, ...] = ()
    if e.economico != e.tecnico and not v.faltas_sumadas:
        notas.anadir("D2", economico=Grado(e.economico), tecnico=Grado(e.tecnico),
                     aplicado=Grado(e.aplicado))
        decision = ("D2",)
    antes = pasos.suma
    if e.tecnico < e.economico or v.faltas_sumadas:
        _objetivos(b, e, pasos, decision)
    if e.tecnico >= e.economico or v.faltas_sumadas:
        _gasto(b, e, v, pasos, notas, decision)
    _tramo_de_ejecucion(b, e, pasos, pasos.suma - antes)


def _tramo_de_ejecucion(b: Bases, e: Ejecucion, pasos: _Pasos, reduccion: Racional) -> None:
    """The band of execution the degree E falls in multiplies the proportional
    reduction (``regimen.tramos``: 0 keeps the whole aid, 2 is «el doble de la
    desviación»): one more step, the difference, citing the band."""
    grado = e.aplicado * 100
    tramo = next((t for t in b.regimen.tramos if grado >= exacto(t.desde)), None)
    if tramo is None or tramo.factor == 1 or reduccion == 0:
        return
    factor = exacto(tramo.factor)
    if factor == 0:
        frase = Frase("{}: con una ejecución del {} se mantiene toda la ayuda", tramo.texto, Grado(e.aplicado))
    else:
        frase = Frase("{}: con una ejecución del {} la reducción proporcional se multiplica por {}", tramo.texto,
                      Grado(e.aplicado), format(tramo.factor.normalize(), "f").replace(".", ","))
    pasos.anadir(frase, reduccion * (factor - 1), tramo.ancla)


def _objetivos(b: Bases, e: Ejecucion, pasos: _Pasos, decision: tuple[str, ...]) -> None:
    if e.tecnico == 1:
        return
    pasos.anadir(
        Frase("Incumplimiento parcial de los objetivos: se alcanzó el {}; se reduce el {} del importe concedido",
              Grado(e.tecnico), Grado(1 - e.tecnico)),
        -e.concedido * (1 - e.tecnico),
        b.regimen.ancla_objetivos or b.regimen.ancla_proporcional,
        decision,
    )


def _gasto(b: Bases, e: Ejecucion, v: Variante, pasos: _Pasos, notas: Notas, decision: tuple[str, ...]) -> None:
    """The economic shortfall: expense not presented, then each deduction."""
    cubierto = min(e.justificado, e.coste)
    if cubierto < e.coste:
        pasos.anadir(
            Frase("Actividad no justificada: se presentaron {} de gasto frente a un coste de {}; "
                  "la reducción es proporcional", Euros(e.justificado), Euros(e.coste)),
            -e.concedido * (e.coste - cubierto) / e.coste,
            b.regimen.ancla_proporcional,
            decision,
        )
    restante = e.justificado
    for descuento in e.descuentos:
        antes = min(restante, e.coste)
        restante -= descuento.importe
        efecto = antes - min(restante, e.coste)
        if efecto <= 0:
            continue
        if descuento.clausula.importe_fijo and v.gasto_fijo_integro:
            _importe_integro(descuento, pasos)
            continue
        pasos.anadir(
            Frase("{}: {} no se aceptan como gasto", descuento.clausula.texto, Euros(descuento.importe)),
            -e.concedido * efecto / e.coste,
            descuento.clausula.ancla,
            (*decision, *descuento.clausula.notas),
        )
        if e.concedido != e.coste:
            notas.anadir_varias(descuento.clausula.notas)


def _importes_fijos(e: Ejecucion, pasos: _Pasos) -> None:
    """Deductions read as the fixed amount their letter names, outside the
    accepted expense (rival reading "deducciones")."""
    for descuento in e.fijos:
        _importe_integro(descuento, pasos)


def _importe_integro(descuento: Descuento, pasos: _Pasos) -> None:
    pasos.anadir(
        Frase("{}: se reintegra el importe de ese gasto, {}", descuento.clausula.texto, Euros(descuento.importe)),
        -descuento.importe,
        descuento.clausula.ancla,
        descuento.clausula.notas,
    )


def _suelo_cero(pasos: _Pasos, notas: Notas) -> None:
    if len(pasos.lista) > 2:
        notas.anadir("D5")
    if pasos.suma < 0:
        pasos.anadir("El importe final no puede ser negativo", -pasos.suma, "d5", ("D5",))


def _cofinanciacion(b: Bases, e: Ejecucion, pasos: _Pasos, notas: Notas) -> None:
    regla = b.cofinanciacion
    if regla is None:
        return
    minimo = exacto(regla.aportacion_minima)
    tope = e.aceptado * (1 - fraccion(regla.aportacion_minima))
    if pasos.suma > tope:
        notas.anadir("cofinanciacion", minimo=Porcentaje(minimo))
        pasos.anadir(
            Frase("Cofinanciación: la entidad debe aportar al menos el {} del coste ({}); la subvención no puede "
                  "pasar de {}", Porcentaje(minimo), Euros(e.aceptado), Euros(tope)),
            tope - pasos.suma,
            regla.ancla,
            ("cofinanciacion",),
        )


def _exceso(b: Bases, caso: Caso, e: Ejecucion, v: Variante, pasos: _Pasos, notas: Notas) -> None:
    """F plus the other aid may not exceed the cost (LGS 19.3, RLGS 34)."""
    otras = exacto(caso.otras_ayudas)
    final = pasos.suma
    exceso = final + otras - e.aceptado
    if exceso <= 0 or final == 0:
        return
    compartido = caso.otras_ayudas_publicas and otras > 0
    if compartido:
        notas.anadir("exceso-rlgs-34")
    decision = ("exceso-rlgs-34",) if compartido else ()
    if v.exceso_proporcional and compartido:
        parte = exceso * e.concedido / (e.concedido + otras)
        pasos.anadir(
            Frase("Exceso de financiación de {} repartido entre los órganos concedentes en proporción a lo "
                  "concedido por cada uno: a este órgano le corresponde esta parte (RLGS art. 34.1)", Euros(exceso)),
            -min(parte, final),
            "rlgs-34",
            decision,
        )
        return
    if otras:
        fuentes = Frase("la subvención ({}) y las otras ayudas ({}) superan", Euros(final), Euros(otras))
    else:
        fuentes = Frase("la subvención ({}) supera", Euros(final))
    pasos.anadir(
        Frase("Exceso de financiación: {} el coste aceptado ({}) en {}", fuentes, Euros(e.aceptado), Euros(exceso)),
        -min(exceso, final),
        b.concurrencia.ancla,
        decision,
    )
