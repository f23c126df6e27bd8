"""The one algorithm (DOMAIN.md, "How one case is computed"), parameterised by
the bases data: final grant, outcome, interest, ranges, explanation, notes.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from .caso import Caso
from .catalogo import Bases, bases, campos_genericos, cita
from .ejecucion import Ejecucion, medir
from .explicacion import Notas, PasoExacto, redondear_pasos
from .importe_final import ImporteFinal, Variante, calcular_importe_final
from .importes import CIEN, a_centimos, centimos_a_texto, exacto, importe_es, porcentaje_json, repartir, tipo_es
from .intereses import Orden, Periodo, calcular_periodos, total
from .tipos_interes import tabla
from .version import __version__


def calcular(caso: Caso, hoy: date | None = None) -> dict:
    """The result of a valid case, as the JSON-ready dict of the public contract."""
    b = bases(caso.bases)
    hoy = hoy or date.today()
    notas = Notas()
    notas.anadir_varias(b.notas)
    e = medir(b, caso)
    central = calcular_importe_final(b, caso, e, Variante(), notas)
    alto = calcular_importe_final(b, caso, e, Variante(discrecional_al_maximo=True), Notas())
    bajo = calcular_importe_final(b, caso, e, Variante(exceso_proporcional=True), Notas())
    salida = _Liquidacion(b, caso, central)
    fin = caso.fecha_fin_dada() or hoy
    periodos = _intereses(b, caso, salida.reintegro, fin, "proporcional")
    _notas_de_intereses(caso, periodos, fin, notas)
    pasos = [*central.pasos, *salida.pasos(notas), *_pasos_de_intereses(b, caso, periodos)]
    pasos_json, con_fracciones = redondear_pasos(pasos)
    if con_fracciones or any(p.importe != a_centimos(p.importe) / CIEN for p in periodos):
        notas.anadir("D1")
    _campos_ignorados(b, caso, notas)
    intereses_total = a_centimos(total(periodos))
    return {
        "bases": b.id,
        "titulo": b.titulo,
        "version_motor": __version__,
        "caso": caso.model_dump(mode="json"),
        "regimen": "total" if central.total else "proporcional",
        "ejecucion": _ejecucion(e),
        "importe_concedido": centimos_a_texto(salida.concedido),
        "importe_final": centimos_a_texto(salida.final),
        "reintegro": centimos_a_texto(salida.reintegro),
        "pendiente_de_cobro": centimos_a_texto(salida.pendiente),
        "perdida_derecho_cobro": centimos_a_texto(salida.perdida),
        "intereses": {
            "total": centimos_a_texto(intereses_total),
            "fecha_fin": fin.isoformat() if periodos else None,
            "base_dias": caso.base_dias,
            "periodos": _periodos_json(periodos),
        },
        "total_a_ingresar": centimos_a_texto(salida.reintegro + intereses_total),
        "rangos": _rangos(b, caso, fin, alto, bajo),
        "pasos": pasos_json,
        "notas": [n.model_dump() for n in notas.lista()],
    }


class _Liquidacion:
    """Outcome in cents (algorithm step 8), from the final grant as shown."""

    def __init__(self, b: Bases, caso: Caso, final: ImporteFinal):
        self.b = b
        self.concedido = a_centimos(exacto(caso.importe_concedido))
        self.pagado = a_centimos(exacto(caso.total_pagado))
        self.final = a_centimos(final.importe)
        self.reintegro = max(self.pagado - self.final, 0)
        self.pendiente = max(self.final - self.pagado, 0)
        self.perdida = self.concedido - max(self.pagado, self.final)

    def pasos(self, notas: Notas) -> list[PasoExacto]:
        ancla = self.b.liquidacion.ancla_reintegro
        pasos = [
            PasoExacto("liquidacion", f"Pagos recibidos: {importe_es(Fraction(self.pagado, 100))}",
                       Fraction(self.pagado, 100), cita(self.b, ancla)),
            PasoExacto("liquidacion", "Menos el importe final de la subvención",
                       -Fraction(self.final, 100), cita(self.b, ancla)),
        ]
        if self.perdida:
            notas.anadir_varias(self.b.liquidacion.notas)
            pasos.append(PasoExacto(
                "perdida_derecho_cobro",
                "Pérdida del derecho al cobro: la parte concedida y no pagada que ya no se cobrará (sin intereses)",
                Fraction(self.perdida, 100), cita(self.b, self.b.liquidacion.ancla_perdida),
            ))
        return pasos


def _intereses(b: Bases, caso: Caso, reintegro: int, fin: date, orden: Orden) -> list[Periodo]:
    return calcular_periodos(Fraction(reintegro, 100), caso.pagos, fin, caso.base_dias, tabla(), orden)


def _pasos_de_intereses(b: Bases, caso: Caso, periodos: list[Periodo]) -> list[PasoExacto]:
    pasos = []
    for numero, pago in enumerate(caso.pagos, start=1):
        suyos = [p for p in periodos if p.pago == numero]
        if suyos:
            pasos.append(PasoExacto(
                "intereses",
                f"Interés de demora del pago n.º {numero} ({pago.fecha:%d/%m/%Y}) sobre "
                f"{importe_es(suyos[0].principal)} reintegrados, del {suyos[0].desde:%d/%m/%Y} "
                f"al {suyos[-1].hasta:%d/%m/%Y} ({sum(p.dias for p in suyos)} días)",
                total(suyos), cita(b, b.intereses.ancla),
            ))
    return pasos


def _notas_de_intereses(caso: Caso, periodos: list[Periodo], fin: date, notas: Notas) -> None:
    if not periodos:
        return
    b = bases(caso.bases)
    notas.anadir_varias(b.intereses.notas)
    if caso.fecha_fin_dada() is None:
        notas.anadir("fecha-hoy", fecha=f"{fin:%d/%m/%Y}")
    elif caso.fecha_ingreso is not None and caso.fecha_ingreso == fin:
        notas.anadir("devolucion-voluntaria", fecha=f"{fin:%d/%m/%Y}")
    notas.anadir("D6", base="365 días" if caso.base_dias == "365" else "365 o 366 días según el año")
    if len(periodos) > 1:
        notas.anadir("D7")
    if len(caso.pagos) > 1:
        notas.anadir("D8")
    for periodo in periodos:
        if periodo.tramo.nota:
            notas.anadir("tipo-abierto", texto=periodo.tramo.nota)
    if fin > tabla().revisado:
        notas.anadir("tabla-revision", revisado=f"{tabla().revisado:%d/%m/%Y}")


def _periodos_json(periodos: list[Periodo]) -> list[dict]:
    return [
        {
            "pago": p.pago,
            "desde": p.desde.isoformat(),
            "hasta": p.hasta.isoformat(),
            "dias": p.dias,
            "divisor": p.divisor,
            "tipo": format(p.tramo.interes_demora.normalize(), "f"),
            "tipo_texto": tipo_es(p.tramo.interes_demora),
            "principal": centimos_a_texto(a_centimos(p.principal)),
            "importe": centimos_a_texto(c),
        }
        for p, c in zip(periodos, repartir([p.importe for p in periodos]))
    ]


def _ejecucion(e: Ejecucion) -> dict:
    return {
        "gasto_justificado": centimos_a_texto(a_centimos(e.justificado)),
        "gasto_aceptado": centimos_a_texto(a_centimos(e.aceptado)),
        "grado_economico": porcentaje_json(e.economico * CIEN),
        "grado_tecnico": porcentaje_json(e.tecnico * CIEN),
        "grado_aplicado": porcentaje_json(e.aplicado * CIEN),
    }


def _rangos(b: Bases, caso: Caso, fin: date, alto: ImporteFinal, bajo: ImporteFinal) -> dict:
    """Figures that the text leaves open: discretionary grading (alto), the share
    of an excess between public bodies (bajo) and the order of payments (D8)."""
    extremos = {
        nombre: _Liquidacion(b, caso, variante) for nombre, variante in (("alto", alto), ("bajo", bajo))
    }
    interes = {
        "minimo": a_centimos(total(_intereses(b, caso, extremos["bajo"].reintegro, fin, "ultimos"))),
        "maximo": a_centimos(total(_intereses(b, caso, extremos["alto"].reintegro, fin, "primeros"))),
    }
    cifras = {
        "importe_final": (extremos["alto"].final, extremos["bajo"].final),
        "reintegro": (extremos["bajo"].reintegro, extremos["alto"].reintegro),
        "pendiente_de_cobro": (extremos["alto"].pendiente, extremos["bajo"].pendiente),
        "perdida_derecho_cobro": (extremos["bajo"].perdida, extremos["alto"].perdida),
        "intereses": (interes["minimo"], interes["maximo"]),
        "total_a_ingresar": (
            extremos["bajo"].reintegro + interes["minimo"],
            extremos["alto"].reintegro + interes["maximo"],
        ),
    }
    return {
        nombre: {"minimo": centimos_a_texto(minimo), "maximo": centimos_a_texto(maximo)}
        for nombre, (minimo, maximo) in cifras.items()
        if minimo != maximo
    }


def _campos_ignorados(b: Bases, caso: Caso, notas: Notas) -> None:
    usados = {c.campo for c in b.campos} | {"bases"}
    ignorados = sorted(caso.campos_dados() - usados)
    if ignorados:
        etiquetas = ", ".join(f"«{campos_genericos()[c]['etiqueta']}» ({c})" for c in ignorados)
        notas.anadir("campos-ignorados", campos=etiquetas)
