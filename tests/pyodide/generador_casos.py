"""A fixed-seed generator of random VALID cases, for the CPython/Pyodide comparison.

    python tests/pyodide/generador_casos.py [N] [SEED]   # JSON lines on stdout

Every case names its bases (all of them, round robin) and exercises every field
of the public contract (DOMAIN.md, "A case") and every option the engine
accepts: total causes, the three expense parts (whose sum never exceeds the
expense presented, so every bases accepts them), thresholds hit exactly
(35 %, 70 %, 75 %), publicity, concurrent aid, justification dates, several
payments, both day-count conventions, the references of the printed report,
amounts as strings and as JSON numbers, omitted fields and explicit defaults. There is always an explicit end date
(fecha_resolucion and/or fecha_ingreso, never before a payment), so "today"
never changes a result. Only the standard library and the engine's own date
limits are used; the same seed gives the same cases, byte for byte.
"""

from __future__ import annotations

import json
import random
import sys
from datetime import date, timedelta
from decimal import Decimal

SEMILLA = 20251129
CANTIDAD = 10_000

# Every bases of the package: the five and the published ones of the catalogue (issue 24).
from reintegro.catalogo import ids_de_bases  # noqa: E402  (after the constants it sits among)

BASES = ids_de_bases()
PRIMER_DIA = date(2005, 1, 1)      # first day of the rate table
ULTIMO_DIA = date(2031, 12, 31)    # last accepted day (table review year + 5)
UMBRALES = ("35", "70", "75")      # percentages where a bases changes regime
MAXIMO = 99_999_999_999_999        # the largest amount accepted, in cents


def _centimos(r: random.Random, maximo: int) -> int:
    """An amount in cents: mostly ordinary, sometimes round, tiny or huge."""
    tipo = r.random()
    if tipo < 0.10:
        return r.randint(1, 100)
    if tipo < 0.30:
        return r.randint(1, max(1, maximo // 100_000)) * 100_000  # round thousands
    if tipo < 0.33:
        return r.randint(1, 99_999_999_999_999)  # up to 999.999.999.999,99
    return r.randint(1, maximo)


def _texto(centimos: int) -> str:
    return f"{Decimal(centimos) / 100:.2f}"


def _importe(r: random.Random, centimos: int) -> object:
    """The JSON form of an amount: usually a string, sometimes a number."""
    forma = r.random()
    if forma < 0.70:
        return _texto(centimos)
    if forma < 0.80 and centimos % 100 == 0:
        return centimos // 100  # JSON integer
    if forma < 0.90 and centimos < 10**13:
        return float(_texto(centimos))  # JSON number with ≤ 2 decimals (repr is exact here)
    texto = _texto(centimos)
    return texto.rstrip("0").rstrip(".") if "." in texto else texto  # "1234.5", "1234"


def _porcentaje(r: random.Random) -> object:
    tipo = r.random()
    if tipo < 0.15:
        valor = r.choice(UMBRALES)
    elif tipo < 0.22:
        valor = r.choice(("0", "100"))
    elif tipo < 0.32:
        base = Decimal(r.choice(UMBRALES))
        valor = str(base + r.choice((Decimal("-0.01"), Decimal("0.01"))))
    elif tipo < 0.45:
        valor = str(r.randint(0, 100))
    elif tipo < 0.75:
        valor = f"{Decimal(r.randint(7_000, 10_000)) / 100:.2f}"
    else:
        valor = f"{Decimal(r.randint(0, 10_000)) / 100:.2f}"
    forma = r.random()
    if forma < 0.6:
        return valor
    numero = Decimal(valor)
    return int(numero) if numero == numero.to_integral_value() else float(valor)


def _fecha(r: random.Random, desde: date, hasta: date) -> date:
    return desde + timedelta(days=r.randint(0, (hasta - desde).days))


def _booleano_raro(r: random.Random, caso: dict, campo: str, probabilidad: float) -> None:
    tirada = r.random()
    if tirada < probabilidad:
        caso[campo] = True
    elif tirada < probabilidad + 0.15:
        caso[campo] = False  # the explicit default


# The references of the printed report: what a person writes (accents,
# quotes, new lines), empty or null, up to each one's longest length.
TEXTOS = ("SUB/2023/0457", "Asociación «El Parque»", "Exp. nº 12-B", "", "Línea 1\nLínea 2", "ñ€\u00a0✓")
MAXIMOS_REFERENCIA = {"expediente": 100, "entidad": 200, "notas": 2000}


def _referencia(r: random.Random) -> dict:
    referencia: dict = {}
    for campo, maximo in MAXIMOS_REFERENCIA.items():
        tirada = r.random()
        if tirada < 0.5:
            referencia[campo] = r.choice(TEXTOS)
        elif tirada < 0.6:
            referencia[campo] = "x" * maximo
        elif tirada < 0.7:
            referencia[campo] = None
    return referencia


def _criterios(r: random.Random, caso: dict, bases: str) -> None:
    """The bases' own criteria (issue 24): a valid value of each, at random;
    an empty object now and then (valid under every bases)."""
    from reintegro.catalogo import bases as bases_de

    propios = bases_de(bases).criterios
    if not propios:
        if r.random() < 0.05:
            caso["criterios"] = {}
        return
    valores: dict = {}
    for criterio in propios:
        if r.random() < 0.5:
            continue
        if criterio.tipo == "si_no":
            valores[criterio.id] = r.random() < 0.5
        elif criterio.tipo == "opciones":
            valores[criterio.id] = r.choice([o.valor for o in criterio.opciones])
        elif criterio.tipo == "medida":
            valores[criterio.id] = f"{r.randint(0, int(criterio.maximo * 100)) / 100:.2f}"
        else:
            valores[criterio.id] = _importe(r, r.randint(0, 100_000))
    caso["criterios"] = valores


def generar_caso(r: random.Random, bases: str) -> dict:
    caso: dict = {"bases": bases}
    escala = r.choice((10_000_00, 100_000_00, 2_500_000_00, 50_000_000_00))
    concedido = _centimos(r, escala)
    caso["importe_concedido"] = _importe(r, concedido)

    coste = concedido
    if r.random() < 0.55:
        coste = min(MAXIMO, max(1, concedido + r.randint(-concedido // 2, concedido)))
        caso["coste_proyecto"] = _importe(r, coste)

    justificado = coste
    if r.random() < 0.65:
        tipo = r.random()
        if tipo < 0.10:
            justificado = 0
        elif tipo < 0.30:  # right at a threshold of the grant or the cost
            referencia = r.choice((concedido, coste))
            justificado = referencia * int(r.choice(UMBRALES)) // 100 + r.choice((-1, 0, 0, 1))
        elif tipo < 0.75:  # mostly above the thresholds: the proportional regime
            justificado = r.randint(coste * 7 // 10, coste + coste // 5)
        else:
            justificado = r.randint(0, coste + coste // 5)
        justificado = min(MAXIMO, max(0, justificado))
        caso["gasto_justificado"] = _importe(r, justificado)

    # The three parts of J: their sum never exceeds J (valid in every bases).
    resto = justificado
    for campo in ("gasto_sin_justificante", "gasto_sin_ofertas", "gasto_modificaciones_no_autorizadas"):
        tirada = r.random()
        if tirada < 0.25 and resto > 0:
            parte = r.randint(0, resto // 2 if r.random() < 0.8 else resto)
            resto -= parte
            caso[campo] = _importe(r, parte)
        elif tirada < 0.32:
            caso[campo] = _importe(r, 0)

    if r.random() < 0.6:
        caso["grado_cumplimiento_objetivos"] = _porcentaje(r)

    for campo, probabilidad in (
        ("falseamiento", 0.03),
        ("incumplimiento_total_fines", 0.03),
        ("sin_justificacion", 0.03),
        ("justificacion_inverificable", 0.04),
        ("otra_causa_total", 0.04),
        ("otras_ayudas_publicas", 0.30),
    ):
        _booleano_raro(r, caso, campo, probabilidad)
    if r.random() < 0.35:
        caso["aproximacion_significativa"] = r.random() < 0.6
    if r.random() < 0.3:
        caso["otras_ayudas_comunicadas"] = r.random() < 0.5
    _criterios(r, caso, bases)

    publicidad = r.random()
    if publicidad < 0.6:
        caso["publicidad"] = r.choice(("cumplida", "defectuosa", "incumplida"))

    if r.random() < 0.35:
        tipo = r.random()
        if tipo < 0.3:  # the other aid alone covers the cost, or nearly
            otras = coste + r.randint(-coste // 10, coste // 10)
        else:
            otras = r.randint(0, coste)
        caso["otras_ayudas"] = _importe(r, min(MAXIMO, max(0, otras)))

    # Dates. The end of interest is always explicit and never before a payment.
    inicio = _fecha(r, PRIMER_DIA, date(2029, 12, 31))
    fin = _fecha(r, inicio, min(ULTIMO_DIA, inicio + timedelta(days=r.choice((60, 400, 1500, 4000)))))
    if r.random() < 0.7:
        pagos = []
        restante = concedido
        for _ in range(r.choice((1, 1, 1, 2, 2, 3, 4))):
            if restante <= 0:
                break
            importe = restante if r.random() < 0.4 else r.randint(1, restante)
            restante -= importe
            pagos.append({"fecha": _fecha(r, inicio, fin).isoformat(), "importe": _importe(r, importe)})
        if r.random() < 0.5:
            pagos.sort(key=lambda p: p["fecha"])
        caso["pagos"] = pagos
    elif r.random() < 0.3:
        caso["pagos"] = []
    cierre = r.random()
    if cierre < 0.45:
        caso["fecha_resolucion"] = fin.isoformat()
    elif cierre < 0.75:
        caso["fecha_ingreso"] = fin.isoformat()
    else:  # both: the earlier one ends the interest
        otra = _fecha(r, fin, min(ULTIMO_DIA, fin + timedelta(days=400)))
        primero, segundo = ("fecha_resolucion", "fecha_ingreso") if r.random() < 0.5 else ("fecha_ingreso", "fecha_resolucion")
        caso[primero] = fin.isoformat()
        caso[segundo] = otra.isoformat()

    if r.random() < 0.4:
        limite = _fecha(r, PRIMER_DIA, ULTIMO_DIA - timedelta(days=400))
        caso["fecha_limite_justificacion"] = limite.isoformat()
        if r.random() < 0.9:
            retraso = r.choice((0, 1, 2, 3, 5, 10, 29, 30, 31, 200, -5))
            caso["fecha_presentacion_justificacion"] = (limite + timedelta(days=retraso)).isoformat()
    elif r.random() < 0.05:
        caso["fecha_presentacion_justificacion"] = _fecha(r, PRIMER_DIA, ULTIMO_DIA).isoformat()

    if r.random() < 0.3:  # the reintegro procedure's start: before its resolution, sometimes over 12 months before
        resolucion = date.fromisoformat(caso.get("fecha_resolucion", fin.isoformat()))
        inicio_procedimiento = _fecha(r, max(PRIMER_DIA, resolucion - timedelta(days=700)), resolucion)
        caso["fecha_inicio_procedimiento"] = inicio_procedimiento.isoformat()
        if "fecha_resolucion" in caso and r.random() < 0.5:  # notified on the day or up to 60 days later (LPAC 40.4)
            notificada = min(ULTIMO_DIA, resolucion + timedelta(days=r.randint(0, 60)))
            caso["fecha_notificacion_resolucion"] = notificada.isoformat()

    # The start of prescription (LGS 39.2): the grant (c. 30.7 grants only, but
    # accepted under every bases), the end of a lasting duty (LGS 31.4).
    if r.random() < 0.1:
        caso["fecha_concesion"] = _fecha(r, PRIMER_DIA, ULTIMO_DIA - timedelta(days=400)).isoformat()
    if r.random() < 0.1:
        caso["fecha_fin_obligaciones"] = _fecha(r, PRIMER_DIA, ULTIMO_DIA).isoformat()

    if r.random() < 0.4:
        caso["base_dias"] = r.choice(("actual", "365"))

    if r.random() < 0.1:
        caso["referencia"] = _referencia(r)

    # The order of the keys must not matter either.
    claves = list(caso)
    if r.random() < 0.3:
        r.shuffle(claves)
    return {clave: caso[clave] for clave in claves}


def generar(cantidad: int = CANTIDAD, semilla: int = SEMILLA) -> list[str]:
    """`cantidad` case texts (JSON), the same for the same seed."""
    r = random.Random(semilla)
    return [
        json.dumps(generar_caso(r, BASES[i % len(BASES)]), ensure_ascii=False)
        for i in range(cantidad)
    ]


if __name__ == "__main__":
    argumentos = sys.argv[1:]
    cantidad = int(argumentos[0]) if argumentos else CANTIDAD
    semilla = int(argumentos[1]) if len(argumentos) > 1 else SEMILLA
    sys.stdout.write("\n".join(generar(cantidad, semilla)) + "\n")
