"""Checks of a case that involve several fields (after each field is valid)."""

from __future__ import annotations

from datetime import date

from .caso import Caso
from .criterios import errores_de_criterios
from .catalogo import bases
from .modelo_bases import Bases
from .errores import ErrorDeCampo
from .importes import importe_es
from .mensajes import Campo

PARTES_DEL_GASTO = ("gasto_sin_justificante", "gasto_sin_ofertas", "gasto_modificaciones_no_autorizadas")


def errores_de_coherencia(caso: Caso, hoy: date, b: Bases | None = None) -> list[ErrorDeCampo]:
    """``b``: the bases the case is for, if not one of the package's."""
    b = b or bases(caso.bases)
    return [*_pagos(caso, hoy), *_partes_del_gasto(caso, b), *_fechas_del_procedimiento(caso),
            *errores_de_criterios(caso.criterios, b)]


def _pagos(caso: Caso, hoy: date) -> list[ErrorDeCampo]:
    errores = []
    if caso.total_pagado > caso.importe_concedido:
        errores.append(ErrorDeCampo.de(
            "pagos", "pagos_superan", pagado=importe_es(caso.total_pagado),
            concedido=importe_es(caso.importe_concedido), concedido_campo=Campo("importe_concedido"),
        ))
    fin = caso.fecha_fin_dada()
    fechas_finales = {"resolucion": Campo("fecha_resolucion"), "ingreso": Campo("fecha_ingreso")}
    for numero, pago in enumerate(caso.pagos):
        if fin is not None and pago.fecha > fin:
            errores.append(ErrorDeCampo.de(
                f"pagos.{numero}.fecha", "pago_tras_fin", fecha=f"{pago.fecha:%d/%m/%Y}", fin=f"{fin:%d/%m/%Y}",
                campo_fin=Campo("fecha_resolucion" if fin == caso.fecha_resolucion else "fecha_ingreso"),
                **fechas_finales,
            ))
        elif fin is None and pago.fecha > hoy:
            errores.append(ErrorDeCampo.de(
                f"pagos.{numero}.fecha", "pago_tras_hoy", fecha=f"{pago.fecha:%d/%m/%Y}", **fechas_finales,
            ))
    return errores


def _partes_del_gasto(caso: Caso, b: Bases) -> list[ErrorDeCampo]:
    """Each part of J, and all the parts this bases deducts together, fit in J."""
    justificado = caso.justificado
    usados = {d.campo for d in b.deducciones}
    cifras = {"justificado": importe_es(justificado), "justificado_campo": Campo("gasto_justificado")}
    errores = []
    suma = 0
    sumados: list[str] = []
    for campo in PARTES_DEL_GASTO:
        parte = getattr(caso, campo)
        if parte > justificado:
            errores.append(ErrorDeCampo.de(campo, "parte_mayor", parte=importe_es(parte), **cifras))
        elif campo in usados:
            suma += parte
            if parte and suma > justificado:
                errores.append(ErrorDeCampo.de(
                    campo, "partes_superan", suma=importe_es(suma),
                    otras=tuple(Campo(c) for c in sumados), **cifras,
                ))
            if parte:
                sumados.append(campo)
    return errores


def _fechas_del_procedimiento(caso: Caso) -> list[ErrorDeCampo]:
    """The procedure is resolved after it starts (LGS art. 42), and a
    resolution is notified on or after its own date."""
    errores = []
    inicio, resolucion = caso.fecha_inicio_procedimiento, caso.fecha_resolucion
    if inicio is not None and resolucion is not None and resolucion < inicio:
        errores.append(ErrorDeCampo.de("fecha_resolucion", "resolucion_antes_del_inicio",
                                       resolucion=f"{resolucion:%d/%m/%Y}", inicio=f"{inicio:%d/%m/%Y}",
                                       inicio_campo=Campo("fecha_inicio_procedimiento")))
    notificacion = caso.fecha_notificacion_resolucion
    if notificacion is not None and resolucion is None:
        errores.append(ErrorDeCampo.de("fecha_notificacion_resolucion", "notificacion_sin_resolucion",
                                       resolucion_campo=Campo("fecha_resolucion")))
    elif notificacion is not None and notificacion < resolucion:
        errores.append(ErrorDeCampo.de("fecha_notificacion_resolucion", "notificacion_antes_de_resolucion",
                                       notificacion=f"{notificacion:%d/%m/%Y}", resolucion=f"{resolucion:%d/%m/%Y}",
                                       resolucion_campo=Campo("fecha_resolucion")))
    return errores
