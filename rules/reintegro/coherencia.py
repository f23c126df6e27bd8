"""Checks of a case that involve several fields (after each field is valid)."""

from __future__ import annotations

from datetime import date

from .caso import Caso
from .catalogo import bases
from .modelo_bases import Bases
from .errores import ErrorDeCampo
from .importes import importe_es

PARTES_DEL_GASTO = ("gasto_sin_justificante", "gasto_sin_ofertas", "gasto_modificaciones_no_autorizadas")


def errores_de_coherencia(caso: Caso, hoy: date, b: Bases | None = None) -> list[ErrorDeCampo]:
    """``b``: the bases the case is for, if not one of the package's."""
    return [*_pagos(caso, hoy), *_partes_del_gasto(caso, b or bases(caso.bases)), *_fechas_del_procedimiento(caso)]


def _pagos(caso: Caso, hoy: date) -> list[ErrorDeCampo]:
    errores = []
    if caso.total_pagado > caso.importe_concedido:
        errores.append(ErrorDeCampo(
            "pagos",
            f"los pagos suman {importe_es(caso.total_pagado)}, más que el importe concedido "
            f"({importe_es(caso.importe_concedido)})",
        ))
    fin = caso.fecha_fin_dada()
    for numero, pago in enumerate(caso.pagos):
        if fin is not None and pago.fecha > fin:
            errores.append(ErrorDeCampo(
                f"pagos.{numero}.fecha",
                f"el pago del {pago.fecha:%d/%m/%Y} es posterior a la fecha final de los intereses "
                f"({fin:%d/%m/%Y}, la primera de fecha_resolucion y fecha_ingreso)",
            ))
        elif fin is None and pago.fecha > hoy:
            errores.append(ErrorDeCampo(
                f"pagos.{numero}.fecha",
                f"el pago del {pago.fecha:%d/%m/%Y} es posterior a hoy; indique fecha_resolucion o fecha_ingreso",
            ))
    return errores


def _partes_del_gasto(caso: Caso, b: Bases) -> list[ErrorDeCampo]:
    """Each part of J, and all the parts this bases deducts together, fit in J."""
    justificado = caso.justificado
    usados = {d.campo for d in b.deducciones}
    errores = []
    suma = 0
    for campo in PARTES_DEL_GASTO:
        parte = getattr(caso, campo)
        if parte > justificado:
            errores.append(ErrorDeCampo(
                campo, f"no puede ser mayor que el gasto justificado ({importe_es(justificado)}); se indicó {importe_es(parte)}"
            ))
        elif campo in usados:
            suma += parte
            if parte and suma > justificado:
                errores.append(ErrorDeCampo(
                    campo,
                    f"sumado a las demás partes del gasto ({importe_es(suma)}) supera el gasto justificado "
                    f"({importe_es(justificado)})",
                ))
    return errores


def _fechas_del_procedimiento(caso: Caso) -> list[ErrorDeCampo]:
    """The procedure is resolved after it starts (LGS art. 42)."""
    inicio, resolucion = caso.fecha_inicio_procedimiento, caso.fecha_resolucion
    if inicio is not None and resolucion is not None and resolucion < inicio:
        return [ErrorDeCampo(
            "fecha_resolucion",
            f"la resolución ({resolucion:%d/%m/%Y}) no puede ser anterior al acuerdo de inicio del procedimiento "
            f"({inicio:%d/%m/%Y})",
        )]
    return []
