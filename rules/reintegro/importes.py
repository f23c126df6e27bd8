"""Money arithmetic: exact computation, cent rounding and Spanish formatting.

Amounts are computed exactly as ``fractions.Fraction`` (a Decimal quotient may
not terminate) and rounded half up to the cent only where they are shown
(decision D1). No float is ever involved.

Percentages near a threshold are shown with as many decimals as it takes for
the sentence around them to be true: 7.499,99 of 10.000 is «74,9999 %», never
«75 %, por debajo del 75 %».
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

CIEN = Fraction(100)
DECIMALES_MAXIMOS = 20  # enough for any quotient of two amounts of at most 999.999.999.999,99 €


def exacto(valor: Decimal | int | Fraction) -> Fraction:
    """An exact Fraction from a Decimal, int or Fraction."""
    return Fraction(valor)


def _redondeo_medio_arriba(valor: Fraction) -> int:
    """``valor`` rounded to an integer, half away from zero."""
    signo = -1 if valor < 0 else 1
    cociente, resto = divmod(abs(valor.numerator), valor.denominator)
    if 2 * resto >= valor.denominator:
        cociente += 1
    return signo * cociente


def a_centimos(valor: Fraction) -> int:
    """Whole cents of ``valor``, rounded half up (away from zero at .5)."""
    return _redondeo_medio_arriba(valor * 100)


def centimos_a_texto(centimos: int) -> str:
    """The JSON form of an amount: "-1234.56" (no thousands separator)."""
    signo = "-" if centimos < 0 else ""
    euros, resto = divmod(abs(centimos), 100)
    return f"{signo}{euros}.{resto:02d}"


def redondear(valor: Fraction) -> str:
    """``valor`` rounded half up to the cent, in JSON form."""
    return centimos_a_texto(a_centimos(valor))


def repartir(partes: list[Fraction]) -> list[int]:
    """Round ``partes`` to cents so that they add up to the rounded exact sum.

    Largest-remainder method (D1, D7): every part is floored to the cent, then
    the cents still missing go, one each, to the parts with the largest
    remainders (earlier parts first on ties). Works for signed parts.
    """
    total = a_centimos(sum(partes, Fraction(0)))
    suelos = [(p * 100).__floor__() for p in partes]
    restos = [p * 100 - s for p, s in zip(partes, suelos)]
    faltan = total - sum(suelos)
    orden = sorted(range(len(partes)), key=lambda i: (-restos[i], i))
    for i in orden[:faltan]:
        suelos[i] += 1
    return suelos


def es_centimo_exacto(valor: Fraction) -> bool:
    return (valor * 100).denominator == 1


def importe_es(valor: Fraction | int) -> str:
    """Spanish display of an amount: "1.234,56 €"."""
    centimos = a_centimos(Fraction(valor))
    signo = "−" if centimos < 0 else ""
    euros, resto = divmod(abs(centimos), 100)
    miles = f"{euros:,}".replace(",", ".")
    return f"{signo}{miles},{resto:02d} €"


def decimales_veraces(valor: Fraction, umbrales: tuple[Fraction, ...] = (), minimo: int = 2) -> int:
    """How many decimals ``valor`` (in hundredths) needs, at least ``minimo``,
    so that, rounded half up, it compares with every threshold of
    ``umbrales`` as the exact value does (below stays below, equal stays
    equal, above stays above)."""
    decimales = minimo
    while decimales < DECIMALES_MAXIMOS:
        escala = 10**decimales
        mostrado = Fraction(_redondeo_medio_arriba(valor * escala), escala)
        if all((mostrado > u) - (mostrado < u) == (valor > u) - (valor < u) for u in umbrales):
            return decimales
        decimales += 1
    return decimales


def _con_decimales(valor: Fraction, decimales: int) -> Decimal:
    return Decimal(_redondeo_medio_arriba(valor * 10**decimales)).scaleb(-decimales)


def porcentaje_es(valor: Fraction, decimales: int = 2, frente_a: tuple[Fraction, ...] = ()) -> str:
    """Spanish display of a percentage given as a number of hundredths: "75 %",
    "4,0625 %", "33,33 %" (rounded half up, trailing zeros dropped). With
    ``frente_a``, as many more decimals as it takes to stay on the right side
    of each of those thresholds ("74,9999 %")."""
    texto = str(_con_decimales(valor, decimales_veraces(valor, frente_a, decimales)))
    if "." in texto:
        texto = texto.rstrip("0").rstrip(".")
    return texto.replace(".", ",") + " %"


def tipo_es(tipo: Decimal) -> str:
    """Spanish display of a rate given in the table, all its digits: "4,0625 %"."""
    texto = format(tipo.normalize(), "f")
    return texto.replace(".", ",") + " %"


def porcentaje_json(valor: Fraction, frente_a: tuple[Fraction, ...] = ()) -> str:
    """A percentage for the JSON result: two decimals ("75.00"), more where a
    threshold of ``frente_a`` needs them ("74.9999")."""
    return str(_con_decimales(valor, decimales_veraces(valor, frente_a)))


def numero_json(valor: Decimal) -> str:
    """A percentage or rate from the data, as JSON text without exponent: "75", "4.0625"."""
    return format(valor.normalize(), "f")


class Euros:
    """An amount shown in a sentence, formatted only when the sentence is read."""

    __slots__ = ("valor",)

    def __init__(self, valor: Fraction | int):
        self.valor = valor

    def __format__(self, especificacion: str) -> str:
        return importe_es(self.valor)


class Porcentaje:
    """A percentage (in hundredths) shown in a sentence, truthful next to the
    thresholds ``frente_a``; formatted only when the sentence is read."""

    __slots__ = ("valor", "frente_a")

    def __init__(self, valor: Fraction, frente_a: tuple[Fraction, ...] = ()):
        self.valor = valor
        self.frente_a = frente_a

    def __format__(self, especificacion: str) -> str:
        return porcentaje_es(self.valor, frente_a=self.frente_a)
