"""Money arithmetic: exact computation, cent rounding and Spanish formatting.

Amounts are computed exactly as rational numbers (``Racional``: a Decimal
quotient may not terminate) and rounded half up to the cent only where they
are shown (decision D1). No float is ever involved.

Percentages near a threshold are shown with as many decimals as it takes for
the sentence around them to be true: 7.499,99 of 10.000 is «74,9999 %», never
«75 %, por debajo del 75 %».
"""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache
from math import gcd, lcm


class Racional:
    """An exact rational number, always in lowest terms with a positive
    denominator: a lean stand-in for ``fractions.Fraction``. It has only the
    operations the engine uses (arithmetic and comparison with ``int`` and
    ``Racional``), without Fraction's generic dispatch, so that a result
    computed in a dozen variants stays quick: about 40 % more engine
    evaluations per second than with Fraction (benchmarks/racional.py,
    benchmarks/README.md). tests/engine/test_importes.py checks it against
    Fraction."""

    __slots__ = ("numerator", "denominator")

    def __init__(self, valor: "int | Decimal | Racional" = 0, denominador: int = 1):
        if type(valor) is int:
            numerador = valor
        elif isinstance(valor, Racional):
            numerador, denominador = valor.numerator, valor.denominator * denominador
        elif isinstance(valor, Decimal):
            numerador, partes = valor.as_integer_ratio()
            denominador *= partes
        else:
            raise TypeError(f"Racional de {type(valor).__name__}")
        if denominador == 0:
            raise ZeroDivisionError("denominador 0")
        if denominador < 0:
            numerador, denominador = -numerador, -denominador
        divisor = gcd(numerador, denominador)
        self.numerator = numerador // divisor
        self.denominator = denominador // divisor

    # -- arithmetic (each result reduced by the gcd; denominators stay > 0) ----

    def __add__(self, otro):
        if type(otro) is Racional:
            n = self.numerator * otro.denominator + otro.numerator * self.denominator
            d = self.denominator * otro.denominator
        elif type(otro) is int:
            n, d = self.numerator + otro * self.denominator, self.denominator
        else:
            return NotImplemented
        return _racional(n, d)

    __radd__ = __add__

    def __sub__(self, otro):
        if type(otro) is Racional:
            n = self.numerator * otro.denominator - otro.numerator * self.denominator
            d = self.denominator * otro.denominator
        elif type(otro) is int:
            n, d = self.numerator - otro * self.denominator, self.denominator
        else:
            return NotImplemented
        return _racional(n, d)

    def __rsub__(self, otro):
        if type(otro) is not int:
            return NotImplemented
        n, d = otro * self.denominator - self.numerator, self.denominator
        return _racional(n, d)

    def __mul__(self, otro):
        if type(otro) is Racional:
            n, d = self.numerator * otro.numerator, self.denominator * otro.denominator
        elif type(otro) is int:
            n, d = self.numerator * otro, self.denominator
        else:
            return NotImplemented
        return _racional(n, d)

    __rmul__ = __mul__

    def __truediv__(self, otro):
        if type(otro) is Racional:
            n, d = self.numerator * otro.denominator, self.denominator * otro.numerator
        elif type(otro) is int:
            n, d = self.numerator, self.denominator * otro
        else:
            return NotImplemented
        return _cociente(n, d)

    def __rtruediv__(self, otro):
        if type(otro) is not int:
            return NotImplemented
        return _cociente(otro * self.denominator, self.numerator)

    def __neg__(self):
        r = _nuevo(Racional)
        r.numerator, r.denominator = -self.numerator, self.denominator
        return r

    def __pos__(self):
        return self

    def __abs__(self):
        r = _nuevo(Racional)
        r.numerator, r.denominator = abs(self.numerator), self.denominator
        return r

    def __floor__(self) -> int:
        return self.numerator // self.denominator

    # -- comparison (cross-multiplied: denominators are positive) ---------------

    def __eq__(self, otro) -> bool:
        if type(otro) is Racional:
            return self.numerator == otro.numerator and self.denominator == otro.denominator
        if type(otro) is int:
            return self.denominator == 1 and self.numerator == otro
        return NotImplemented

    def __lt__(self, otro) -> bool:
        if type(otro) is Racional:
            return self.numerator * otro.denominator < otro.numerator * self.denominator
        if type(otro) is int:
            return self.numerator < otro * self.denominator
        return NotImplemented

    def __le__(self, otro) -> bool:
        if type(otro) is Racional:
            return self.numerator * otro.denominator <= otro.numerator * self.denominator
        if type(otro) is int:
            return self.numerator <= otro * self.denominator
        return NotImplemented

    def __gt__(self, otro) -> bool:
        if type(otro) is Racional:
            return self.numerator * otro.denominator > otro.numerator * self.denominator
        if type(otro) is int:
            return self.numerator > otro * self.denominator
        return NotImplemented

    def __ge__(self, otro) -> bool:
        if type(otro) is Racional:
            return self.numerator * otro.denominator >= otro.numerator * self.denominator
        if type(otro) is int:
            return self.numerator >= otro * self.denominator
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.numerator) if self.denominator == 1 else hash((self.numerator, self.denominator))

    def __bool__(self) -> bool:
        return self.numerator != 0

    def __repr__(self) -> str:
        return f"Racional({self.numerator}, {self.denominator})"


_nuevo = object.__new__


def _racional(numerador: int, denominador: int) -> Racional:
    """A Racional from a numerator and a positive denominator, reduced."""
    divisor = gcd(numerador, denominador)
    nuevo = _nuevo(Racional)
    nuevo.numerator = numerador // divisor
    nuevo.denominator = denominador // divisor
    return nuevo


def _cociente(numerador: int, denominador: int) -> Racional:
    if denominador == 0:
        raise ZeroDivisionError("división por 0")
    if denominador < 0:
        numerador, denominador = -numerador, -denominador
    return _racional(numerador, denominador)


UNO = Racional(1)
CIEN = Racional(100)
DECIMALES_MAXIMOS = 20  # enough for any quotient of two amounts of at most 999.999.999.999,99 €


def exacto(valor: Decimal | int | Racional) -> Racional:
    """An exact Racional from a Decimal, int or Racional."""
    if type(valor) is Racional:
        return valor
    if type(valor) is Decimal:
        return _de_decimal(valor)
    return Racional(valor)


@lru_cache(maxsize=1024)
def fraccion(porcentaje: Decimal | int) -> Racional:
    """A percentage as a fraction of one (75 -> 3/4), worked out once: the
    bases' percentages recur in every variant of every result."""
    return exacto(porcentaje) / 100


@lru_cache(maxsize=4096)
def _de_decimal(valor: Decimal) -> Racional:
    """The case's amounts recur in every variant of a result: converted once."""
    return Racional(valor)


def _entero_medio_arriba(numerador: int, denominador: int) -> int:
    """numerador / denominador (> 0) rounded to an integer, half away from zero."""
    cociente, resto = divmod(abs(numerador), denominador)
    if 2 * resto >= denominador:
        cociente += 1
    return cociente if numerador >= 0 else -cociente


def centimos_de(numerador: int, denominador: int) -> int:
    """The cents numerador / denominador (> 0), given in cents, rounded half up."""
    return _entero_medio_arriba(numerador, denominador)


def a_centimos(valor: Racional) -> int:
    """Whole cents of ``valor``, rounded half up (away from zero at .5)."""
    return _entero_medio_arriba(valor.numerator * 100, valor.denominator)


def centimos_hacia_arriba(valor: Racional) -> int:
    """Whole hundredths of ``valor``, rounded up: the least amount in cents (or
    percentage with two decimals) that reaches it."""
    centesimas = valor * 100
    return -(-centesimas.numerator // centesimas.denominator)


def decimal_de_centimos(centimos: int) -> Decimal:
    """Cents as the Decimal a case field holds: 123456 -> Decimal("1234.56")."""
    return Decimal(centimos).scaleb(-2)


def centimos_a_texto(centimos: int) -> str:
    """The JSON form of an amount: "-1234.56" (no thousands separator)."""
    signo = "-" if centimos < 0 else ""
    euros, resto = divmod(abs(centimos), 100)
    return f"{signo}{euros}.{resto:02d}"


def redondear(valor: Racional) -> str:
    """``valor`` rounded half up to the cent, in JSON form."""
    return centimos_a_texto(a_centimos(valor))


def repartir(partes: list[Racional]) -> list[int]:
    """Round ``partes`` to cents so that they add up to the rounded exact sum.

    Largest-remainder method (D1, D7): every part is floored to the cent, then
    the cents still missing go, one each, to the parts with the largest
    remainders (earlier parts first on ties). Works for signed parts. In
    integers: every part over one common denominator.
    """
    comun = lcm(*(p.denominator for p in partes)) if partes else 1
    escalados = [p.numerator * 100 * (comun // p.denominator) for p in partes]  # cents × comun
    total = _entero_medio_arriba(sum(escalados), comun)
    suelos = [e // comun for e in escalados]
    restos = [e - s * comun for e, s in zip(escalados, suelos)]
    faltan = total - sum(suelos)
    orden = sorted(range(len(partes)), key=lambda i: (-restos[i], i))
    for i in orden[:faltan]:
        suelos[i] += 1
    return suelos


def es_centimo_exacto(valor: Racional) -> bool:
    return (valor * 100).denominator == 1


def importe_es(valor: Racional | int) -> str:
    """Spanish display of an amount: "1.234,56 €"."""
    centimos = valor * 100 if type(valor) is int else a_centimos(exacto(valor))
    signo = "−" if centimos < 0 else ""
    euros, resto = divmod(abs(centimos), 100)
    miles = f"{euros:,}".replace(",", ".")
    return f"{signo}{miles},{resto:02d} €"


def decimales_veraces(valor: Racional, umbrales: tuple[Racional, ...] = (), minimo: int = 2) -> int:
    """How many decimals ``valor`` (in hundredths) needs, at least ``minimo``,
    so that, rounded half up, it compares with every threshold of
    ``umbrales`` as the exact value does (below stays below, equal stays
    equal, above stays above)."""
    n, d = valor.numerator, valor.denominator
    exactos = [((n * u.denominator > u.numerator * d) - (n * u.denominator < u.numerator * d), u) for u in umbrales]
    decimales = minimo
    while decimales < DECIMALES_MAXIMOS:
        escala = 10**decimales
        mostrado = _entero_medio_arriba(n * escala, d)  # in units of 10**-decimales
        if all((mostrado * u.denominator > u.numerator * escala) - (mostrado * u.denominator < u.numerator * escala)
               == signo for signo, u in exactos):
            return decimales
        decimales += 1
    return decimales


def _con_decimales(valor: Racional, decimales: int) -> Decimal:
    return Decimal(_entero_medio_arriba(valor.numerator * 10**decimales, valor.denominator)).scaleb(-decimales)


def porcentaje_es(valor: Racional, frente_a: tuple[Racional, ...] = ()) -> str:
    """Spanish display of a percentage given as a number of hundredths: "75 %",
    "4,0625 %", "33,33 %" (rounded half up, trailing zeros dropped). With
    ``frente_a``, as many more decimals as it takes to stay on the right side
    of each of those thresholds ("74,9999 %")."""
    texto = str(_con_decimales(valor, decimales_veraces(valor, frente_a)))
    if "." in texto:
        texto = texto.rstrip("0").rstrip(".")
    return texto.replace(".", ",") + " %"


@lru_cache(maxsize=64)
def tipo_es(tipo: Decimal) -> str:
    """Spanish display of a rate given in the table, all its digits: "4,0625 %"."""
    texto = format(tipo.normalize(), "f")
    return texto.replace(".", ",") + " %"


def porcentaje_json(valor: Racional, frente_a: tuple[Racional, ...] = ()) -> str:
    """A percentage for the JSON result: two decimals ("75.00"), more where a
    threshold of ``frente_a`` needs them ("74.9999")."""
    return str(_con_decimales(valor, decimales_veraces(valor, frente_a)))


@lru_cache(maxsize=256)
def numero_json(valor: Decimal) -> str:
    """A percentage or rate from the data, as JSON text without exponent: "75", "4.0625"."""
    return format(valor.normalize(), "f")


class Euros:
    """An amount shown in a sentence, formatted only when the sentence is read."""

    __slots__ = ("valor",)

    def __init__(self, valor: Racional | int):
        self.valor = valor

    def __format__(self, especificacion: str) -> str:
        return importe_es(self.valor)


class Porcentaje:
    """A percentage (in hundredths) shown in a sentence, truthful next to the
    thresholds ``frente_a``; formatted only when the sentence is read."""

    __slots__ = ("valor", "frente_a")

    def __init__(self, valor: Racional, frente_a: tuple[Racional, ...] = ()):
        self.valor = valor
        self.frente_a = frente_a

    def __format__(self, especificacion: str) -> str:
        return porcentaje_es(exacto(self.valor), frente_a=self.frente_a)


class Grado(Porcentaje):
    """A degree or share given as a fraction of one (0,75), shown as a
    percentage ("75 %"); multiplied only when the sentence is read."""

    __slots__ = ()

    def __format__(self, especificacion: str) -> str:
        return porcentaje_es(exacto(self.valor) * 100, frente_a=self.frente_a)
