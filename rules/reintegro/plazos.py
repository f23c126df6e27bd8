"""Deadlines the case's own dates allow (DOMAIN.md, "What the beneficiary can
still change, and by when"):

- ``prescripcion``: the Administration's four years to recognise or
  liquidate the reintegro (LGS art. 39), from the start LGS 39.2 gives the
  grant, restarted by the interruptions the case records (LGS 39.3; restart:
  LGP art. 15.2, LGT art. 68.6); never moved by non-working days (Código
  Civil art. 5.2);
- ``prescripcion-cobro``: once liquidated, four years to collect it from the
  notification (LGP art. 15.1.b);
- ``caducidad``: twelve months from the agreement that starts the procedure
  to the notification of the resolution (LGS art. 42.4, LPAC art. 40.4); the
  move of its last day to a working day (LPAC art. 30.5) is disputed and
  shown as another reading, with both dates;
- ``requerimiento-justificacion``: with the justification deadline still
  ahead, what can still be done (RLGS art. 70.1–70.2); passed without a
  justification, the requerimiento of RLGS art. 70.3 (DOMAIN.md names one
  entry for both).

Periods in months or years run «de fecha a fecha» (LPAC art. 30.4). A result
whose dates fall after a deadline gets a note. These articles are not basic
legislation: every result with deadlines says whose law governs the grant.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import NamedTuple

from .calculo import Calculo
from .calendario import festivos_conocidos, siguiente_habil, sumar_meses
from .explicacion import Notas

ANOS_PRESCRIPCION = 4  # LGS art. 39.1; LGP art. 15.1
MESES_CADUCIDAD = 12  # LGS art. 42.4


def plazos(c: Calculo, notas: Notas) -> list[dict]:
    """The dated deadlines of the case, earliest first, and the notes they call for."""
    lista = [p for p in (_prescripcion(c, notas), _prescripcion_cobro(c), _caducidad(c, notas), _justificacion(c))
             if p]
    if lista:
        administracion, ley = c.b.ley_de_los_plazos
        notas.anadir(f"ley-{administracion}",
                     **({"ley": ley or "la de su comunidad autónoma"} if administracion == "autonomica" else {}))
    return sorted(lista, key=lambda p: p["fecha"])


def _plazo(c: Calculo, id_plazo: str, fecha: date, texto: str, ancla: str, **mas: object) -> dict:
    return {"id": id_plazo, "fecha": fecha.isoformat(), "texto": texto, "cita": c.cita(ancla), **mas}


def _dia(fecha: date) -> str:
    return f"{fecha:%d/%m/%Y}"


# ------------------------------------------------------------- prescription


class Inicio(NamedTuple):
    """Where the four years of LGS art. 39 start, and why."""

    fecha: date
    motivo: str
    ancla: str


def inicio_prescripcion(c: Calculo) -> Inicio | None:
    """LGS art. 39.2: the grant (b, grants for a situation of the recipient),
    the end of a lasting duty (c), or the end of the justification period (a)."""
    caso = c.caso
    if c.b.por_situacion:
        if caso.fecha_concesion is None:
            return None
        return Inicio(caso.fecha_concesion, f"desde la concesión ({_dia(caso.fecha_concesion)}), porque la "
                      "subvención se concedió por la situación del perceptor (art. 39.2.b", "lgs-39-2-b")
    if caso.fecha_fin_obligaciones is not None:
        return Inicio(caso.fecha_fin_obligaciones, "desde que terminó el periodo en que debía mantener las "
                      f"condiciones u obligaciones ({_dia(caso.fecha_fin_obligaciones)}; art. 39.2.c", "lgs-39-2-c")
    if caso.fecha_limite_justificacion is not None:
        return Inicio(caso.fecha_limite_justificacion, "desde que venció el plazo de justificación "
                      f"({_dia(caso.fecha_limite_justificacion)}; art. 39.2.a", "lgs-39-2-a")
    return None


def _procedimiento_caducado(c: Calculo) -> bool:
    """Whether the procedure started by ``fecha_inicio_procedimiento`` is
    known to have lapsed: notified (or, failing that, resolved) after its
    twelve months, or still unresolved when they are over. Moving the last
    day (LPAC 30.5) is disputed; the later date is taken here, so that an
    interruption is only denied when both readings deny it."""
    caso = c.caso
    limite = siguiente_habil(sumar_meses(caso.fecha_inicio_procedimiento, MESES_CADUCIDAD))
    final = caso.fecha_notificacion_resolucion or caso.fecha_resolucion
    return final > limite if final is not None else c.hoy > limite


def interrupciones(c: Calculo) -> list[tuple[date, str]]:
    """The interruptions of the prescription the case records (LGS art. 39.3):
    the agreement starting the procedure (RLGS art. 94.3), unless the
    procedure lapsed (LGS art. 42.4), and a payment by the beneficiary
    (letter c)."""
    caso = c.caso
    lista = []
    if caso.fecha_inicio_procedimiento is not None and not _procedimiento_caducado(c):
        lista.append((caso.fecha_inicio_procedimiento, "acuerdo de inicio del procedimiento de reintegro"))
    if caso.fecha_ingreso is not None and (caso.fecha_resolucion is None or caso.fecha_ingreso <= caso.fecha_resolucion):
        lista.append((caso.fecha_ingreso, "ingreso del reintegro por la entidad"))
    return sorted(lista)


def fecha_prescripcion(inicio: date, cortes: list[tuple[date, str]]) -> tuple[date, list[tuple[date, str]]]:
    """The last day of the four years, each interruption on or before the
    running last day starting them again (LGT art. 68.6); and the
    interruptions that counted."""
    fin, contadas = sumar_meses(inicio, 12 * ANOS_PRESCRIPCION), []
    for fecha, motivo in cortes:
        if inicio <= fecha <= fin:
            fin = sumar_meses(fecha, 12 * ANOS_PRESCRIPCION)
            contadas.append((fecha, motivo))
    return fin, contadas


def _prescripcion(c: Calculo, notas: Notas) -> dict | None:
    inicio = inicio_prescripcion(c)
    if inicio is None:
        return None
    fecha, contadas = fecha_prescripcion(inicio.fecha, interrupciones(c))
    frases = [f"Último día para que la Administración reconozca o liquide el reintegro: {_dia(fecha)} (prescrito "
              f"desde el {_dia(fecha + timedelta(days=1))}). Son cuatro años {inicio.motivo} de la Ley 38/2003)."]
    frases += [f"El {_dia(dia)} el plazo se interrumpió ({motivo}) y volvió a empezar (art. 39.3 de la Ley 38/2003; "
               "art. 15.2 de la Ley 47/2003 y art. 68.6 de la Ley 58/2003)." for dia, motivo in contadas]
    frases.append("Otras actuaciones que el caso no recoge también lo interrumpen. Los días inhábiles no lo alargan "
                  "(art. 5.2 del Código Civil).")
    _nota_de_prescripcion(c, notas, fecha)
    return _plazo(c, "prescripcion", fecha, " ".join(frases), "lgs-39-1", inicio={
        "fecha": inicio.fecha.isoformat(), "cita": c.cita(inicio.ancla)},
        interrupciones=[{"fecha": dia.isoformat(), "motivo": motivo} for dia, motivo in contadas])


def _nota_de_prescripcion(c: Calculo, notas: Notas, fecha: date) -> None:
    """The resolution, or today while none is given, after the last day."""
    resolucion = c.caso.fecha_resolucion
    if resolucion is not None and resolucion > fecha:
        posterior = f"la resolución ({_dia(resolucion)})"
    elif resolucion is None and c.hoy > fecha:
        posterior = f"hoy ({_dia(c.hoy)}), sin resolución,"
    else:
        return
    notas.anadir("posible-prescripcion", fecha=_dia(fecha), posterior=posterior)


def _prescripcion_cobro(c: Calculo) -> dict | None:
    """LGP art. 15.1.b: the reintegro liquidated, four years to collect it."""
    notificacion = c.caso.fecha_notificacion_resolucion
    if notificacion is None:
        return None
    fecha = sumar_meses(notificacion, 12 * ANOS_PRESCRIPCION)
    return _plazo(
        c, "prescripcion-cobro", fecha,
        f"Último día para que la Administración cobre el reintegro ya liquidado: {_dia(fecha)}. Son cuatro años "
        f"desde la notificación de la resolución ({_dia(notificacion)}), salvo interrupción (art. 15.1.b de la "
        "Ley 47/2003, General Presupuestaria).",
        "lgp-15-1",
    )


# --------------------------------------------------------------- caducidad


def _caducidad(c: Calculo, notas: Notas) -> dict | None:
    inicio = c.caso.fecha_inicio_procedimiento
    if inicio is None:
        return None
    fecha = sumar_meses(inicio, MESES_CADUCIDAD)
    movida = siguiente_habil(fecha)
    _nota_de_caducidad(c, notas, fecha, movida)
    lectura = None
    if movida != fecha:
        festivos = "" if festivos_conocidos(fecha) else " (los festivos nacionales de ese año aún no están en la tabla)"
        lectura = {
            "fecha": movida.isoformat(),
            "texto": f"El {_dia(fecha)} es inhábil. Si se aplica a este plazo el art. 30.5 de la Ley 39/2015, lo "
                     "que se discute, el último día pasa al primer día hábil siguiente: el "
                     f"{_dia(movida)}. Solo se cuentan sábados, domingos y festivos nacionales{festivos}; un "
                     "festivo de su comunidad o de su municipio lo alargaría más.",
            "cita": c.cita("lpac-30-5"),
        }
    return _plazo(
        c, "caducidad", fecha,
        f"Último día para que la Administración resuelva el procedimiento de reintegro y le notifique la "
        f"resolución: {_dia(fecha)}, doce meses desde el acuerdo de inicio ({_dia(inicio)}). Cuenta la "
        "notificación, o su intento acreditado (art. 40.4 de la Ley 39/2015). El plazo se alarga si se suspende "
        "(art. 22), se amplía (art. 23) o se paraliza por causa imputable a usted (art. 25.2). Pasado sin "
        "notificación, el procedimiento caduca.",
        "lgs-42-4", otra_lectura=lectura,
    )


def _nota_de_caducidad(c: Calculo, notas: Notas, fecha: date, movida: date) -> None:
    caso = c.caso
    notificada = caso.fecha_notificacion_resolucion
    final = notificada or caso.fecha_resolucion
    datos = {"fecha": _dia(fecha), "movida": _dia(movida)}
    if final is None:
        if c.hoy > movida:
            notas.anadir("caducidad-sin-resolucion", hoy=_dia(c.hoy), **datos)
        return
    acto = f"La notificación de la resolución ({_dia(final)})" if notificada else f"La resolución ({_dia(final)})"
    if final > movida:
        notas.anadir("posible-caducidad", acto=acto, **datos)
    elif final > fecha:
        notas.anadir("caducidad-discutida", acto=acto, **datos)
    elif notificada is None and c.hoy > fecha:
        notas.anadir("caducidad-notificacion", **datos)


# ----------------------------------------------------------- justification


def _justificacion(c: Calculo) -> dict | None:
    caso = c.caso
    limite = caso.fecha_limite_justificacion
    if limite is None:
        return None
    if limite >= c.hoy and caso.fecha_presentacion_justificacion is None:
        return _plazo(
            c, "requerimiento-justificacion", limite,
            f"Último día para justificar: {_dia(limite)}. Antes de esa fecha: presente la justificación; si "
            "necesita más tiempo, pida una ampliación de hasta la mitad del plazo antes de que venza (art. 70.1 y "
            "70.2 del Reglamento de la Ley 38/2003; art. 32.3 de la Ley 39/2015); pague todos los gastos, porque "
            "solo cuenta el gasto pagado antes de que termine el plazo de justificación (art. 31.2 de la "
            "Ley 38/2003), y comunique las otras ayudas que reciba para la misma actividad (art. 14.1.d).",
            "rlgs-70-1",
        )
    if limite < c.hoy and caso.sin_justificacion:
        return _plazo(
            c, "requerimiento-justificacion", limite,
            "Venció el plazo de justificación sin presentarla: el órgano concedente debe requerirle para que la "
            "presente en el plazo improrrogable de quince días hábiles; si no lo hace, procede el reintegro "
            "(art. 70.3 del Reglamento de la Ley 38/2003).",
            "rlgs-70-3",
        )
    return None
