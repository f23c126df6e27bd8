"""The one algorithm (DOMAIN.md, "How one case is computed"), parameterised by
the bases data: final grant, outcome, interest, ranges, rival readings, the
margin, deadlines, explanation and notes, as the JSON-ready dict of the
public contract.
"""

from __future__ import annotations

from datetime import date

from .calculo import Calculo, Computo, Liquidacion
from .caso import Caso
from .catalogo import Bases, bases, campos_genericos, cita
from .criterios import hay_rango, importes_a_reintegrar
from .ejecucion import Ejecucion, objetivos_exentos
from .explicacion import Frase, Notas, PasoExacto, redondear_pasos
from .importes import CIEN, Euros, Grado, Racional, fraccion, a_centimos, centimos_a_texto, exacto, numero_json, porcentaje_json, repartir, tipo_es
from .intereses import Periodo, total
from .lecturas import lecturas
from .margen import margen
from .modelo_bases import MinoracionDiscrecional, UmbralPorcentaje
from .plazos import plazos
from .tipos_interes import tabla
from .variante import Variante
from .version import __version__


def calcular(caso: Caso, hoy: date | None = None, b: Bases | None = None, con_margen: bool = True) -> dict:
    """The result of a valid case, as the JSON-ready dict of the public contract.
    ``b``: the bases to apply, if not one of the package's (``caso.bases``).
    ``con_margen=False`` (a batch without ``--margen``): ``margen`` is None,
    the rest as always (the margin adds no note and changes no figure)."""
    b = b or bases(caso.bases)
    c = Calculo(b, caso, hoy or date.today())
    notas = Notas()
    notas.anadir_varias(b.notas)
    _no_aplicado(b, notas)
    if objetivos_exentos(b, caso):
        notas.anadir("objetivos-exentos", grado=Grado(fraccion(caso.grado_cumplimiento_objetivos)))
    central = c.computo(notas=notas)
    liquidacion = central.liquidacion
    periodos, intereses_total = c.periodos(liquidacion.reintegro), central.intereses
    _notas_de_intereses(c, periodos, notas)
    pasos = [*central.importe_final.pasos, *_pasos_de_liquidacion(c, liquidacion, notas),
             *_pasos_de_intereses(b, caso, periodos)]
    _campos_ignorados(b, caso, notas)
    resultado = {
        "bases": b.id,
        "titulo": b.titulo,
        "version_motor": __version__,
        "caso": caso.model_dump(mode="json"),
        "regimen": "total" if liquidacion.total else "proporcional",
        "ejecucion": _ejecucion(b, central.ejecucion),
        "importe_concedido": centimos_a_texto(liquidacion.concedido),
        "importe_final": centimos_a_texto(liquidacion.final),
        "reintegro": centimos_a_texto(liquidacion.reintegro),
        "pendiente_de_cobro": centimos_a_texto(liquidacion.pendiente),
        "perdida_derecho_cobro": centimos_a_texto(liquidacion.perdida),
        "intereses": {
            "total": centimos_a_texto(intereses_total),
            "fecha_fin": c.fin.isoformat() if periodos else None,
            "base_dias": caso.base_dias,
            "periodos": _periodos_json(periodos),
        },
        "total_a_ingresar": centimos_a_texto(liquidacion.reintegro + intereses_total),
        "rangos": _rangos(c, central),
        "lecturas": lecturas(c, central),
        "margen": margen(c, central) if con_margen else None,
        "plazos": plazos(c, notas),
    }
    pasos_json, con_fracciones = redondear_pasos(c.cita, pasos, notas)
    if con_fracciones or any(p.importe != a_centimos(p.importe) / CIEN for p in periodos):
        notas.anadir("D1")
    resultado["pasos"] = pasos_json
    resultado["notas"] = [n._asdict() for n in notas.lista()]
    _notas_de_lecturas(resultado)
    return resultado


def _notas_de_lecturas(resultado: dict) -> None:
    """A reading names the note of the central decision it rivals only when
    that decision applied to this case (its note is in the result): D2 with
    both degrees equal, for instance, has a rival figure but no central note."""
    codigos = {n["codigo"] for n in resultado["notas"]}
    for lectura in resultado["lecturas"]:
        if lectura["nota"] not in codigos:
            lectura["nota"] = None


def _pasos_de_liquidacion(c: Calculo, liquidacion: Liquidacion, notas: Notas) -> list[PasoExacto]:
    """Algorithm step 8 as explained steps: payments received less the final grant."""
    b = c.b
    ancla = b.liquidacion.ancla_reintegro
    pagado, final = Racional(liquidacion.pagado, 100), Racional(liquidacion.final, 100)
    pasos = [
        PasoExacto("liquidacion", Frase("Pagos recibidos: {}", Euros(pagado)), pagado, ancla),
        PasoExacto("liquidacion", "Menos el importe final de la subvención", -final, ancla),
    ]
    for criterio, importe in importes_a_reintegrar(b, c.caso):
        pasos.append(PasoExacto("liquidacion", Frase("{}: {} se añaden al reintegro", criterio.frase,
                                                     Euros(exacto(importe))), exacto(importe), criterio.ancla))
    if liquidacion.no_exigido:
        minimo = b.importe_minimo
        no_exigido = Racional(liquidacion.no_exigido, 100)
        notas.anadir("importe-minimo", importe_minimo=Euros(exacto(minimo.importe)), reintegro=Euros(no_exigido))
        pasos.append(PasoExacto(
            "liquidacion", Frase("{}: un reintegro de {} es inferior a {} y no se exige", minimo.texto,
                                 Euros(no_exigido), Euros(exacto(minimo.importe))),
            -no_exigido, minimo.ancla, ("importe-minimo",),
        ))
    if liquidacion.perdida:
        notas.anadir_varias(b.liquidacion.notas)
        pasos.append(PasoExacto(
            "perdida_derecho_cobro",
            "Pérdida del derecho al cobro: la parte concedida y no pagada que ya no se cobrará (sin intereses)",
            Racional(liquidacion.perdida, 100), b.liquidacion.ancla_perdida, tuple(b.liquidacion.notas),
        ))
    return pasos


def _pasos_de_intereses(b: Bases, caso: Caso, periodos: list[Periodo]) -> list[PasoExacto]:
    pasos = []
    decisiones = ("D6", "D7", "D8", "tipo-abierto")
    for numero, pago in enumerate(caso.pagos, start=1):
        suyos = [p for p in periodos if p.pago == numero]
        if suyos:
            pasos.append(PasoExacto(
                "intereses",
                Frase("Interés de demora del pago n.º {} ({:%d/%m/%Y}) sobre {} reintegrados, del {:%d/%m/%Y} "
                      "al {:%d/%m/%Y} ({})", numero, pago.fecha, Euros(suyos[0].principal), suyos[0].desde,
                      suyos[-1].hasta, _dias_es(sum(p.dias for p in suyos))),
                total(suyos), b.intereses.ancla, decisiones,
            ))
    return pasos


def _dias_es(dias: int) -> str:
    """"1 día", "480 días"."""
    return "1 día" if dias == 1 else f"{dias} días"


def _notas_de_intereses(c: Calculo, periodos: list[Periodo], notas: Notas) -> None:
    if not periodos:
        return
    caso, fin = c.caso, c.fin
    notas.anadir_varias(c.b.intereses.notas)
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
            "tipo": numero_json(p.tipo),
            "tipo_texto": tipo_es(p.tipo),
            "principal": centimos_a_texto(a_centimos(p.principal)),
            "importe": centimos_a_texto(c),
        }
        for p, c in zip(periodos, repartir([p.importe for p in periodos]))
    ]


def _ejecucion(b: Bases, e: Ejecucion) -> dict:
    """The execution degrees, with the decimals a threshold of the bases needs
    for the figure to be on its right side ("74.9999", not "75.00")."""
    umbral = (exacto(b.regimen.minimo),) if isinstance(b.regimen, UmbralPorcentaje) else ()
    return {
        "gasto_justificado": centimos_a_texto(a_centimos(e.justificado)),
        "gasto_aceptado": centimos_a_texto(a_centimos(e.aceptado)),
        "grado_economico": porcentaje_json(e.economico * CIEN, umbral),
        "grado_tecnico": porcentaje_json(e.tecnico * CIEN, umbral),
        "grado_aplicado": porcentaje_json(e.aplicado * CIEN, umbral),
    }


def _rangos(c: Calculo, central: Computo) -> dict:
    """Figures that the text leaves open: discretionary grading (alto), the share
    of an excess between public bodies (bajo) and the order of payments (D8).
    An end is computed only where the case can make it differ from the
    central figure."""
    discrecional = any(isinstance(m, MinoracionDiscrecional) and getattr(c.caso, m.campo) in m.valores
                       for m in c.b.minoraciones) or hay_rango(c.b, c.caso)
    compartido = c.caso.otras_ayudas_publicas and c.caso.otras_ayudas > 0
    alto = c.computo(Variante(discrecional_al_maximo=True)) if discrecional else central
    bajo = c.computo(Variante(exceso_proporcional=True)) if compartido else central
    varios_pagos = len(c.caso.pagos) > 1
    interes_minimo = c.intereses(bajo.liquidacion.reintegro, "ultimos") if varios_pagos else bajo.intereses
    interes_maximo = c.intereses(alto.liquidacion.reintegro, "primeros") if varios_pagos else alto.intereses
    cifras = {
        "importe_final": (alto.liquidacion.final, bajo.liquidacion.final),
        "reintegro": (bajo.liquidacion.reintegro, alto.liquidacion.reintegro),
        "pendiente_de_cobro": (alto.liquidacion.pendiente, bajo.liquidacion.pendiente),
        "perdida_derecho_cobro": (bajo.liquidacion.perdida, alto.liquidacion.perdida),
        "intereses": (interes_minimo, interes_maximo),
        "total_a_ingresar": (bajo.liquidacion.reintegro + interes_minimo, alto.liquidacion.reintegro + interes_maximo),
    }
    return {
        nombre: {"minimo": centimos_a_texto(minimo), "maximo": centimos_a_texto(maximo)}
        for nombre, (minimo, maximo) in cifras.items()
        if minimo != maximo
    }


def _no_aplicado(b: Bases, notas: Notas) -> None:
    """What the bases rules and this calculator cannot express: a note on every result."""
    if b.sin_expresar:
        lista = "; ".join(f"{s.texto} ({cita(b, s.ancla).referencia})" for s in b.sin_expresar)
        notas.anadir("sin-expresar", lista=lista)


def _campos_ignorados(b: Bases, caso: Caso, notas: Notas) -> None:
    """A note naming, by their labels, the fields given that this bases does not use."""
    usados = {c.campo for c in b.campos} | {"bases"} | ({"criterios"} if b.criterios else set())
    ignorados = sorted(caso.campos_dados() - usados)
    if ignorados:
        etiquetas = ", ".join(f"«{campos_genericos()[c]['etiqueta']}»" for c in ignorados)
        notas.anadir("campos-ignorados", campos=etiquetas)
