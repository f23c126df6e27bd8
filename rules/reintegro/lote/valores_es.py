"""A cell written the way the calculator's form takes it -> the value of the
JSON contract. The same rules as the page's ``normalizarNumero``
(calculator/web/caso.js), written again here because the command line has no
JavaScript: «1.234,56», «1234,56», «1234.56», «1.234» (one thousand two
hundred and thirty-four) -> "1234.56", "1234.56", "1234.56", "1234". A cell
that is not a number written in one of those ways is passed on as written,
and the engine names the error (as the page does).

Dates: «30/06/2025» (also «3/6/2025») -> "2025-06-30"; an ISO date passes as
it is. Yes/no: «sí», «si», «no», true/false, 1/0.
"""

from __future__ import annotations

import re

_MILES = re.compile(r"[1-9]\d{0,2}(\.\d{3})+")
_DIGITOS = re.compile(r"\d+")
_ESPACIOS = re.compile(r"[\s\u00a0\u202f€%]")
_FECHA_ES = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")
_SI = frozenset({"sí", "si", "s", "true", "verdadero", "1", "x"})
_NO = frozenset({"no", "n", "false", "falso", "0"})


def numero(texto: str) -> str | None:
    """The canonical number text of a Spanish or JSON-style number, or None
    when it is not written as one (caso.js normalizarNumero)."""
    t = _ESPACIOS.sub("", texto)
    if t == "":
        return None
    signo = ""
    if t[0] in "-\u2212":
        signo, t = "-", t[1:]
    elif t[0] == "+":
        t = t[1:]
    decimales = None
    if "," in t:
        partes = t.split(",")
        if len(partes) != 2:
            return None
        entero, decimales = partes
        if "." in entero:
            if not _MILES.fullmatch(entero):
                return None
            entero = entero.replace(".", "")
    elif _MILES.fullmatch(t):
        entero = t.replace(".", "")
    else:
        partes = t.split(".")
        if len(partes) > 2:
            return None
        entero = partes[0]
        decimales = partes[1] if len(partes) == 2 else None
    if entero == "":
        entero = "0"
    if not _DIGITOS.fullmatch(entero) or (decimales is not None and not _DIGITOS.fullmatch(decimales)):
        return None
    entero = entero.lstrip("0") or "0"
    return signo + entero + ("." + decimales if decimales is not None else "")


def importe(texto: str) -> str:
    """An amount or percentage cell: its canonical text, or the cell as written."""
    return numero(texto) or texto.strip()


def fecha(texto: str) -> str:
    """«30/06/2025» -> "2025-06-30"; anything else as written (the engine
    refuses what is not a date)."""
    t = texto.strip()
    m = _FECHA_ES.fullmatch(t)
    return f"{m.group(3)}-{int(m.group(2)):02d}-{int(m.group(1)):02d}" if m else t


def booleano(texto: str) -> bool | str:
    """«Sí» -> True, «No» -> False; anything else as written (refused)."""
    t = texto.strip().casefold()
    if t in _SI:
        return True
    if t in _NO:
        return False
    return texto.strip()
