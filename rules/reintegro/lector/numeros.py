"""Spanish numbers as bases write them: in digits or in words.

``porcentajes`` finds every percentage of a sentence («75 %», «75 por 100»,
«setenta y cinco por ciento», «el 5 por ciento», «cien por cien», «la
mitad»), ``periodos`` every period («quince días naturales», «un mes»),
``importes`` every amount in euros. Each finding keeps where it was read
(``inicio``, ``fin``) so that a criterion can show the words it came from.
Every pattern is a bounded alternation of words: linear in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

_UNIDADES = {
    "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
    "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15,
    "dieciséis": 16, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18, "diecinueve": 19, "veinte": 20,
    "veintiuno": 21, "veintiún": 21, "veintiuna": 21, "veintidós": 22, "veintidos": 22, "veintitrés": 23,
    "veintitres": 23, "veinticuatro": 24, "veinticinco": 25, "veintiséis": 26, "veintiseis": 26,
    "veintisiete": 27, "veintiocho": 28, "veintinueve": 29,
}
_DECENAS = {"treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80,
            "noventa": 90}
_UNIDAD_SIMPLE = {k: v for k, v in _UNIDADES.items() if v < 10}


def _alternativa(palabras) -> str:
    return "(?:" + "|".join(sorted(palabras, key=len, reverse=True)) + ")"


_PALABRA_UNIDAD = _alternativa(_UNIDADES)
_PALABRA_DECENA = _alternativa(_DECENAS)
_PALABRA_SIMPLE = _alternativa(_UNIDAD_SIMPLE)
# One to one hundred and ninety-nine, in words: «setenta y cinco», «ciento veinte», «cien».
EN_LETRAS = (rf"(?:(?:ciento\s+)?(?:{_PALABRA_DECENA}(?:\s+y\s+{_PALABRA_SIMPLE})?|{_PALABRA_UNIDAD})"
             r"|cien|ciento)")
EN_CIFRAS = r"(?<![\d.,])\d{1,3}(?:[.,]\d{1,4})?(?![\d])"
NUMERO = rf"(?:{EN_CIFRAS}|\b{EN_LETRAS}\b)"

# A percentage ends in its sign («%», «por 100», «por ciento», «por cien») or is a
# fraction; its number is looked for only in the few characters before the sign,
# so that a long text is scanned once for the signs.
_SIGNO = re.compile(r"%|por\s{0,3}100\b|por\s+cien(?:to)?\b|\b(?P<fraccion>la\s+mitad|una\s+cuarta\s+parte)\b")
_NUMERO_ANTES = re.compile(rf"(?P<numero>{NUMERO})\s{{0,3}}\Z")
_ANTES = 40  # characters before the sign where its number can start («ciento noventa y nueve »)
_FRACCIONES = {"la mitad": Decimal(50), "una cuarta parte": Decimal(25)}

_PERIODO = re.compile(
    rf"(?P<numero>{NUMERO})\s+(?P<unidad>días?|semanas?|mes(?:es)?|años?)"
    r"(?:\s+(?P<clase>naturales|natural|hábiles|hábil|laborables|laborable))?\b",
)
_IMPORTE = re.compile(r"(?<![\d.,])(?P<entero>\d{1,3}(?:\.\d{3})+|\d+)(?:,(?P<decimales>\d{1,2}))?\s*(?:euros?\b|€)")


@dataclass(frozen=True)
class Cifra:
    valor: Decimal
    inicio: int
    fin: int
    texto: str


@dataclass(frozen=True)
class Periodo:
    cantidad: int
    unidad: str  # "dia" | "semana" | "mes" | "ano"
    clase: str | None  # "naturales" | "habiles" | None (the text does not say)
    inicio: int
    fin: int
    texto: str


def plano(texto: str) -> str:
    """The text as the patterns read it: in lower case, no-break spaces as spaces, and
    the same length, so that every offset found in it holds in the original."""
    bajo = texto.lower().replace("\xa0", " ").replace("\u202f", " ")
    if len(bajo) != len(texto):  # «İ» and a few others lengthen in lower case
        bajo = "".join(c.lower()[:1] or c for c in texto).replace("\xa0", " ").replace("\u202f", " ")
    return bajo


def _espacios(texto: str) -> str:
    return re.sub(r"\s+", " ", texto.strip().lower())


def en_letras(texto: str) -> int | None:
    """«setenta y cinco» → 75; None when the words are not a number."""
    palabras = _espacios(texto).split(" ")
    total = 0
    if palabras[0] in ("cien", "ciento"):
        total, palabras = 100, palabras[1:]
        if not palabras:
            return total
    if palabras[0] in _DECENAS:
        total += _DECENAS[palabras[0]]
        if len(palabras) == 3 and palabras[1] == "y" and palabras[2] in _UNIDAD_SIMPLE:
            return total + _UNIDAD_SIMPLE[palabras[2]]
        return total if len(palabras) == 1 else None
    if len(palabras) == 1 and palabras[0] in _UNIDADES:
        return total + _UNIDADES[palabras[0]]
    return None


def numero(texto: str) -> Decimal | None:
    """A number written in digits («75», «7,5») or in words («setenta y cinco»)."""
    limpio = texto.strip()
    if limpio[:1].isdigit():
        return Decimal(limpio.replace(",", "."))
    valor = en_letras(limpio)
    return None if valor is None else Decimal(valor)


def porcentajes(texto: str) -> list[Cifra]:
    """Every percentage in ``texto``, in order."""
    bajo = plano(texto)
    cifras = []
    for signo in _SIGNO.finditer(bajo):
        if signo["fraccion"]:
            inicio, valor = signo.start(), _FRACCIONES[_espacios(signo["fraccion"])]
        else:
            desde = max(0, signo.start() - _ANTES)
            # The window starts after a space, so that no number is cut in two.
            desde = desde if desde == 0 or bajo[desde - 1].isspace() else bajo.find(" ", desde, signo.start()) + 1
            antes = _NUMERO_ANTES.search(bajo[desde:signo.start()]) if desde > 0 or signo.start() <= _ANTES else None
            if antes is None:
                continue
            inicio, valor = desde + antes.start(), numero(antes["numero"])
        if valor is not None and 0 < valor <= 100:
            cifras.append(Cifra(valor, inicio, signo.end(), texto[inicio:signo.end()]))
    return cifras


_UNIDADES_DE_TIEMPO = {"dí": "dia", "se": "semana", "me": "mes", "añ": "ano"}


def periodos(texto: str) -> list[Periodo]:
    """Every period in ``texto`` («quince días naturales», «un mes»), in order."""
    salida = []
    for encontrado in _PERIODO.finditer(plano(texto)):
        cantidad = numero(encontrado["numero"])
        if cantidad is None or cantidad != cantidad.to_integral_value() or cantidad <= 0:
            continue
        clase = encontrado["clase"]
        if clase:
            clase = "naturales" if clase.lower().startswith("natural") else "habiles"
        unidad = _UNIDADES_DE_TIEMPO[encontrado["unidad"].lower()[:2]]
        salida.append(Periodo(int(cantidad), unidad, clase, encontrado.start(), encontrado.end(),
                              texto[encontrado.start():encontrado.end()]))
    return salida


def importes(texto: str) -> list[Cifra]:
    """Every amount in euros («3.000 euros», «1.500,50 €»), in order."""
    salida = []
    for encontrado in _IMPORTE.finditer(plano(texto)):
        entero = encontrado["entero"].replace(".", "")
        valor = Decimal(entero + ("." + encontrado["decimales"] if encontrado["decimales"] else ""))
        salida.append(Cifra(valor, encontrado.start(), encontrado.end(), texto[encontrado.start():encontrado.end()]))
    return salida
