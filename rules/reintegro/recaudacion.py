"""What follows a resolution of reintegro that is already dated (DOMAIN.md,
"What the beneficiary can still change, and by when", ``interes_diario``):
interest ran to the resolution (LGS art. 37.1) and no longer grows by the
day; the debt is paid in the voluntary period (LGT art. 62.2) and, unpaid,
enters the executive period with the recargos of LGT art. 28 (5 / 10 / 20 %,
interest of the executive period only with the 20 %).
"""

from __future__ import annotations

from datetime import date

from .calculo import Calculo, Computo
from .calendario import dia_del_mes, siguiente_habil
from .importes import Racional, centimos_a_texto, centimos_de, importe_es

# LGT art. 28.2–28.4: the recargos of the executive period, in percent of the debt.
RECARGOS = (("ejecutivo", 5), ("apremio-reducido", 10), ("apremio-ordinario", 20))


def fin_periodo_voluntario(notificacion: date) -> date:
    """LGT art. 62.2: notified from the 1st to the 15th, to the 20th of the
    next month; from the 16th, to the 5th of the second month; the next
    working day where that day is not one."""
    if notificacion.day <= 15:
        dia = dia_del_mes(notificacion.year, notificacion.month + 1, 20)
    else:
        dia = dia_del_mes(notificacion.year, notificacion.month + 2, 5)
    return siguiente_habil(dia)


def tras_resolucion(c: Calculo, central: Computo) -> dict | None:
    """The voluntary period and the recargos, once the resolution is dated
    today or earlier, interest ran to it and something is to be paid back;
    else None."""
    resolucion = c.caso.fecha_resolucion
    deuda = central.total_a_ingresar
    if resolucion is None or resolucion > c.hoy or deuda == 0 or c.fin < resolucion:
        return None
    notificacion = c.caso.fecha_notificacion_resolucion
    fin = fin_periodo_voluntario(notificacion) if notificacion else None
    recargos = [(tipo, porcentaje, centimos_de(deuda * porcentaje, 100)) for tipo, porcentaje in RECARGOS]
    return {
        "fecha_resolucion": resolucion.isoformat(),
        "fecha_notificacion": notificacion.isoformat() if notificacion else None,
        "fin_periodo_voluntario": fin.isoformat() if fin else None,
        "deuda": centimos_a_texto(deuda),
        "recargos": [{"tipo": tipo, "porcentaje": str(porcentaje), "importe": centimos_a_texto(importe)}
                     for tipo, porcentaje, importe in recargos],
        "texto": _texto(resolucion, fin, deuda, [importe for _, _, importe in recargos]),
        "cita": c.cita("lgt-62-2"),
        "cita_recargos": c.cita("lgt-28"),
    }


def _texto(resolucion: date, fin: date | None, deuda: int, recargos: list[int]) -> str:
    plazo = (f"hasta el {fin:%d/%m/%Y}" if fin else
             "desde que le notifican la resolución hasta el día 20 del mes siguiente, si la recibe entre los días 1 "
             "y 15, o hasta el día 5 del segundo mes siguiente, si la recibe del 16 al final del mes (si ese día no "
             "es hábil, hasta el siguiente hábil)")
    cinco, diez, veinte = (importe_es(Racional(importe, 100)) for importe in recargos)
    return (f"Los intereses de demora se calcularon hasta la resolución ({resolucion:%d/%m/%Y}) y ya no crecen por "
            f"días (art. 37.1 de la Ley 38/2003). Debe ingresar {importe_es(Racional(deuda, 100))} en el periodo "
            f"voluntario: {plazo} (art. 62.2 de la Ley 58/2003, General Tributaria). Si no paga a tiempo, empieza el "
            f"periodo ejecutivo con un recargo sobre esa deuda (art. 28): del 5 % ({cinco}) si paga antes de que le "
            f"notifiquen la providencia de apremio; del 10 % ({diez}) si paga en el plazo que esta le da; del 20 % "
            f"({veinte}) en otro caso, más los intereses de demora desde entonces. Puede pedir aplazamiento o "
            "fraccionamiento antes de que termine el periodo voluntario.")
