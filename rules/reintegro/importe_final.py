"""The final grant F as a sequence of explained steps (algorithm steps 1–7).

The same pipeline runs in variants: the central figure (discretionary
reductions at 0, the whole excess of concurrent aid), and the ends of the
ranges (discretionary reductions at their maximum; the excess shared between
public bodies, RLGS art. 34.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .caso import Caso
from .catalogo import cita
from .ejecucion import Ejecucion
from .explicacion import Notas, PasoExacto
from .importes import CIEN, exacto, importe_es, porcentaje_es
from .minoraciones import reducciones
from .modelo_bases import Bases
from .regimen import causa_total

BLOQUE = "importe_final"


@dataclass(frozen=True)
class Variante:
    discrecional_al_maximo: bool = False
    exceso_proporcional: bool = False


@dataclass(frozen=True)
class ImporteFinal:
    pasos: tuple[PasoExacto, ...]
    total: bool  # the regime is total reintegro

    @property
    def importe(self) -> Fraction:
        return sum((p.importe for p in self.pasos), Fraction(0))


class _Pasos:
    def __init__(self, b: Bases):
        self.b = b
        self.lista: list[PasoExacto] = []

    def anadir(self, texto: str, importe: Fraction, ancla: str) -> None:
        self.lista.append(PasoExacto(BLOQUE, texto, importe, cita(self.b, ancla)))

    @property
    def suma(self) -> Fraction:
        return sum((p.importe for p in self.lista), Fraction(0))


def calcular_importe_final(b: Bases, caso: Caso, e: Ejecucion, variante: Variante, notas: Notas) -> ImporteFinal:
    pasos = _Pasos(b)
    pasos.anadir(f"Importe concedido: {importe_es(e.concedido)}", e.concedido, b.regimen.ancla)
    causa = causa_total(b, caso, e, notas)
    if causa is not None:
        pasos.anadir(f"Reintegro total. {causa.texto}", -e.concedido, causa.ancla)
        return ImporteFinal(tuple(pasos.lista), total=True)
    _proporcional(b, e, pasos, notas)
    for r in reducciones(b, caso, variante.discrecional_al_maximo, notas):
        pasos.anadir(r.texto, -e.concedido * r.fraccion, r.ancla)
    _suelo_cero(pasos, notas)
    _cofinanciacion(b, e, pasos, notas)
    _exceso(b, caso, e, variante, pasos, notas)
    return ImporteFinal(tuple(pasos.lista), total=False)


def _proporcional(b: Bases, e: Ejecucion, pasos: _Pasos, notas: Notas) -> None:
    """G × (1 − E), split by what caused the shortfall so every euro cites its letter."""
    ancla = b.regimen.ancla_proporcional
    if e.aplicado == 1:
        return
    if e.economico != e.tecnico and min(e.economico, e.tecnico) < 1:
        notas.anadir(
            "D2",
            economico=porcentaje_es(e.economico * CIEN),
            tecnico=porcentaje_es(e.tecnico * CIEN),
            aplicado=porcentaje_es(e.aplicado * CIEN),
        )
    if e.tecnico < e.economico:
        pasos.anadir(
            f"Incumplimiento parcial de los objetivos: se alcanzó el {porcentaje_es(e.tecnico * CIEN)}; "
            f"se reduce el {porcentaje_es((1 - e.tecnico) * CIEN)} del importe concedido",
            -e.concedido * (1 - e.tecnico),
            b.regimen.ancla_objetivos or ancla,
        )
        return
    cubierto = min(e.justificado, e.coste)
    if cubierto < e.coste:
        pasos.anadir(
            f"Actividad no justificada: se presentaron {importe_es(e.justificado)} de gasto "
            f"frente a un coste de {importe_es(e.coste)}; la reducción es proporcional",
            -e.concedido * (e.coste - cubierto) / e.coste,
            ancla,
        )
    restante = e.justificado
    for descuento in e.descuentos:
        antes = min(restante, e.coste)
        restante -= descuento.importe
        efecto = antes - min(restante, e.coste)
        if efecto > 0:
            pasos.anadir(
                f"{descuento.clausula.texto}: {importe_es(descuento.importe)} no se aceptan como gasto",
                -e.concedido * efecto / e.coste,
                descuento.clausula.ancla,
            )
            if e.concedido != e.coste:
                notas.anadir_varias(descuento.clausula.notas)


def _suelo_cero(pasos: _Pasos, notas: Notas) -> None:
    if len(pasos.lista) > 2:
        notas.anadir("D5")
    if pasos.suma < 0:
        pasos.anadir("El importe final no puede ser negativo", -pasos.suma, "d5")


def _cofinanciacion(b: Bases, e: Ejecucion, pasos: _Pasos, notas: Notas) -> None:
    regla = b.cofinanciacion
    if regla is None:
        return
    tope = e.aceptado * (1 - exacto(regla.aportacion_minima) / CIEN)
    if pasos.suma > tope:
        notas.anadir("cofinanciacion", minimo=porcentaje_es(exacto(regla.aportacion_minima)))
        pasos.anadir(
            f"Cofinanciación: la entidad debe aportar al menos el {porcentaje_es(exacto(regla.aportacion_minima))} "
            f"del coste ({importe_es(e.aceptado)}); la subvención no puede pasar de {importe_es(tope)}",
            tope - pasos.suma,
            regla.ancla,
        )


def _exceso(b: Bases, caso: Caso, e: Ejecucion, variante: Variante, pasos: _Pasos, notas: Notas) -> None:
    """F plus the other aid may not exceed the cost (LGS 19.3, RLGS 34)."""
    otras = exacto(caso.otras_ayudas)
    final = pasos.suma
    exceso = final + otras - e.aceptado
    if exceso <= 0 or final == 0:
        return
    compartido = caso.otras_ayudas_publicas and otras > 0
    if compartido:
        notas.anadir("exceso-rlgs-34")
    if variante.exceso_proporcional and compartido:
        parte = exceso * e.concedido / (e.concedido + otras)
        texto = (
            f"Exceso de financiación de {importe_es(exceso)} repartido entre los órganos concedentes "
            f"en proporción a lo concedido por cada uno (RLGS art. 34.1)"
        )
        pasos.anadir(texto, -min(parte, final), "rlgs-34")
        return
    fuentes = f"la subvención ({importe_es(final)}) y las otras ayudas ({importe_es(otras)}) superan" if otras else (
        f"la subvención ({importe_es(final)}) supera")
    pasos.anadir(
        f"Exceso de financiación: {fuentes} el coste aceptado ({importe_es(e.aceptado)}) en {importe_es(exceso)}",
        -min(exceso, final),
        b.concurrencia.ancla,
    )
