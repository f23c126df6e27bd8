"""Deadlines the case's own dates allow (DOMAIN.md, "What the beneficiary can
still change, and by when"): prescription of the right to claim the
reintegro (LGS art. 39), caducidad of the procedure (LGS art. 42.4), and the
requerimiento to justify (RLGS art. 70.3). Periods in months or years run
«de fecha a fecha» (LPAC art. 30.4). A result whose dates fall after a
deadline gets a note.
"""

from __future__ import annotations

import calendar
from datetime import date

from .calculo import Calculo
from .explicacion import Notas

ANOS_PRESCRIPCION = 4  # LGS art. 39.1
MESES_CADUCIDAD = 12  # LGS art. 42.4


def sumar_meses(fecha: date, meses: int) -> date:
    """``fecha`` plus ``meses``, «de fecha a fecha»: the same day of the month,
    or the last day of the month where that day does not exist (LPAC 30.4)."""
    indice = fecha.year * 12 + fecha.month - 1 + meses
    ano, mes = divmod(indice, 12)
    mes += 1
    return date(ano, mes, min(fecha.day, calendar.monthrange(ano, mes)[1]))


def plazos(c: Calculo, notas: Notas) -> list[dict]:
    """The dated deadlines of the case, earliest first, and the notes they call for."""
    lista = [p for p in (_prescripcion(c, notas), _caducidad(c, notas), _requerimiento(c)) if p]
    return sorted(lista, key=lambda p: p["fecha"])


def _plazo(c: Calculo, id_plazo: str, fecha: date, texto: str, ancla: str) -> dict:
    return {"id": id_plazo, "fecha": fecha.isoformat(), "texto": texto, "cita": c.cita(ancla)}


def _prescripcion(c: Calculo, notas: Notas) -> dict | None:
    limite = c.caso.fecha_limite_justificacion
    if limite is None:
        return None
    fecha = sumar_meses(limite, 12 * ANOS_PRESCRIPCION)
    posteriores = [f for f in (c.fin, c.caso.fecha_resolucion) if f is not None and f > fecha]
    if posteriores:
        notas.anadir("posible-prescripcion", fecha=f"{fecha:%d/%m/%Y}", posterior=f"{max(posteriores):%d/%m/%Y}")
    return _plazo(
        c, "prescripcion", fecha,
        f"Prescribe el derecho de la Administración a reconocer o liquidar el reintegro: cuatro años desde que "
        f"venció el plazo de justificación ({limite:%d/%m/%Y}), salvo interrupción (art. 39.3 de la Ley 38/2003).",
        "lgs-39-1",
    )


def _caducidad(c: Calculo, notas: Notas) -> dict | None:
    inicio = c.caso.fecha_inicio_procedimiento
    if inicio is None:
        return None
    fecha = sumar_meses(inicio, MESES_CADUCIDAD)
    resolucion = c.caso.fecha_resolucion
    if resolucion is not None and resolucion > fecha:
        notas.anadir("posible-caducidad", fecha=f"{fecha:%d/%m/%Y}", resolucion=f"{resolucion:%d/%m/%Y}")
    return _plazo(
        c, "caducidad", fecha,
        f"Fin del plazo máximo para resolver y notificar el procedimiento de reintegro: doce meses desde el "
        f"acuerdo de inicio ({inicio:%d/%m/%Y}), salvo suspensión o ampliación; pasado sin resolución, el "
        "procedimiento caduca.",
        "lgs-42-4",
    )


def _requerimiento(c: Calculo) -> dict | None:
    limite = c.caso.fecha_limite_justificacion
    if limite is None or not c.caso.sin_justificacion:
        return None
    return _plazo(
        c, "requerimiento-justificacion", limite,
        "Venció el plazo de justificación sin presentarla: el órgano concedente debe requerirle para que la "
        "presente en el plazo improrrogable de quince días; si no lo hace, procede el reintegro "
        "(art. 70.3 del Reglamento de la Ley 38/2003).",
        "rlgs-70-3",
    )
