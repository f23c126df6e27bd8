"""Money arithmetic: exact computation, cent rounding and Spanish formatting.

Amounts are computed exactly as ``fractions.Fraction`` (a Decimal quotient may
not terminate) and rounded half up to the cent only where they are shown
(decision D1). No float is ever involved.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

CIEN = Fraction(100)


def exacto(valor: Decimal | int | Fraction) -> Fraction:
    """An exact Fraction from a Decimal, int or Fraction."""
    return Fraction(valor)


def a_centimos(valor: Fraction) -> int:
    """Whole cents of ``valor``, rounded half up (away from zero at .5)."""
    centimos = valor * 100
    signo = -1 if centimos < 0 else 1
    cociente, resto = divmod(abs(centimos.numerator), centimos.denominator)
    if 2 * resto >= centimos.denominator:
        cociente += 1
    return signo * cociente


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


def porcentaje_es(valor: Fraction, decimales: int = 2) -> str:
    """Spanish display of a percentage given as a number of hundredths: "75 %",
    "4,0625 %", "33,33 %" (rounded half up, trailing zeros dropped)."""
    escala = 10**decimales
    escalado = valor * escala
    entero, resto = divmod(escalado.numerator, escalado.denominator)
    if 2 * resto >= escalado.denominator:
        entero += 1
    texto = str(Decimal(entero).scaleb(-decimales))
    if "." in texto:
        texto = texto.rstrip("0").rstrip(".")
    return texto.replace(".", ",") + " %"


def tipo_es(tipo: Decimal) -> str:
    """Spanish display of a rate given in the table, all its digits: "4,0625 %"."""
    texto = format(tipo.normalize(), "f")
    return texto.replace(".", ",") + " %"


def porcentaje_json(valor: Fraction) -> str:
    """A percentage for the JSON result, 2 decimals: "75.00"."""
    return redondear(valor)
