"""The page's scripts and stylesheets as served: without their comments.

The files of ``calculator/web/`` keep, for whoever reads them, an opening
comment saying what each owns and who calls it, and comments on the why of
their code; the browser needs none of it (about 10 KB brotli of the 50 KB a
bases page's own scripts and stylesheets weigh). A JavaScript line that is
only a ``//`` comment goes, and so does every CSS ``/* … */`` comment; code
stays byte for byte, comments after code on the same line too. A small
lexer knows strings, template literals (with ``${…}``), regular expression
literals and block comments, so that a ``//`` inside any of them is never
taken for a comment; and every script is checked by Node (``node --check``)
after the cut: a script it refuses fails the build. Called by the hook
(recursos.py) for every ``.js`` and ``.css`` of calculator/web/; cached by
content hash in .cache/sitio/.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import cache, rutas

VERSION = b"comentarios 1"  # part of the cache key: change it when the cut changes
# After these characters (or words) a "/" starts a regular expression, not a division.
_ANTES_DE_REGEX = set("(,=:[!&|?{};+-*%<>~^")
_PALABRAS_ANTES_DE_REGEX = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void",
                            "throw", "instanceof", "yield", "await"}


def lineas_solo_comentario(texto: str) -> set[int]:
    """Indices of the lines that hold nothing but a ``//`` comment, found
    by a lexer of the code (strings, templates, regular expressions, block
    comments). A line that starts inside any of those is never one."""
    lineas: set[int] = set()
    i, n, linea = 0, len(texto), 0
    plantillas: list[int] = []  # per open template literal: depth of ${ } braces (0: in its text)
    previo = ""  # last significant character or word of code
    inicio_de_linea = True
    while i < n:
        c = texto[i]
        en_texto_de_plantilla = bool(plantillas) and plantillas[-1] == 0
        if en_texto_de_plantilla:
            if c == "\\":
                i += 2
                continue
            if c == "`":
                plantillas.pop()
                previo = "`"
            elif texto.startswith("${", i):
                plantillas[-1] = 1
                i += 2
                previo = "{"
                continue
            elif c == "\n":
                linea += 1
            i += 1
            continue
        if c == "\n":
            linea += 1
            inicio_de_linea = True
            i += 1
            continue
        if c in " \t\r":
            i += 1
            continue
        if texto.startswith("//", i):
            if inicio_de_linea and not plantillas:
                lineas.add(linea)
            fin = texto.find("\n", i)
            i = n if fin < 0 else fin
            continue
        inicio_de_linea = False
        if texto.startswith("/*", i):
            fin = texto.find("*/", i + 2)
            if fin < 0:
                raise ValueError("comentario /* sin cerrar")
            linea += texto.count("\n", i, fin)
            i = fin + 2
            continue
        if c in "'\"":
            j = i + 1
            while j < n and texto[j] != c:
                if texto[j] == "\n":
                    raise ValueError(f"cadena sin cerrar en la línea {linea + 1}")
                j += 2 if texto[j] == "\\" else 1
            i = j + 1
            previo = c
            continue
        if c == "`":
            plantillas.append(0)
            i += 1
            continue
        if c == "/" and (previo == "" or previo in _ANTES_DE_REGEX or previo in _PALABRAS_ANTES_DE_REGEX):
            j, en_clase = i + 1, False
            while j < n and (en_clase or texto[j] != "/"):
                if texto[j] == "\n":
                    raise ValueError(f"expresión regular sin cerrar en la línea {linea + 1}")
                if texto[j] == "\\":
                    j += 1
                elif texto[j] == "[":
                    en_clase = True
                elif texto[j] == "]":
                    en_clase = False
                j += 1
            i = j + 1
            while i < n and (texto[i].isalnum()):
                i += 1
            previo = "/regex"
            continue
        if plantillas and c in "{}":
            plantillas[-1] += 1 if c == "{" else -1
            if plantillas[-1] == 0:  # the } that closes ${: back to the template's text
                i += 1
                continue
        palabra = re.match(r"[A-Za-z_$][\w$]*", texto[i:i + 64])
        if palabra:
            previo = palabra.group(0)
            i += len(previo)
            continue
        previo = c
        i += 1
    return lineas


def js_sin_comentarios(texto: str) -> str:
    quitar = lineas_solo_comentario(texto)
    return "\n".join(linea for k, linea in enumerate(texto.split("\n")) if k not in quitar)


def css_sin_comentarios(texto: str) -> str:
    """Every ``/* … */`` outside a string goes; a line left empty by it too."""
    salida, i, n = [], 0, len(texto)
    while i < n:
        c = texto[i]
        if texto.startswith("/*", i):
            fin = texto.find("*/", i + 2)
            if fin < 0:
                raise ValueError("comentario /* sin cerrar")
            i = fin + 2
            continue
        if c in "'\"":
            j = i + 1
            while j < n and texto[j] != c:
                j += 2 if texto[j] == "\\" else 1
            salida.append(texto[i:j + 1])
            i = j + 1
            continue
        salida.append(c)
        i += 1
    return "\n".join(linea for linea in "".join(salida).split("\n") if linea.strip() or not linea)


def _comprobar_js(nombre: str, texto: str) -> None:
    node = shutil.which("node")
    if node is None:
        raise rutas.error("falta `node` en el PATH: comprueba los guiones del sitio tras quitarles los comentarios")
    with tempfile.TemporaryDirectory(prefix="calculadora-js-") as tmp:
        ruta = Path(tmp) / (Path(nombre).stem + ".mjs")
        ruta.write_text(texto, encoding="utf-8")
        proceso = subprocess.run([node, "--check", str(ruta)], capture_output=True, text=True)
    if proceso.returncode != 0:
        raise rutas.error(f"{nombre} sin comentarios no es JavaScript válido:\n{proceso.stderr.strip()[-2000:]}")


def servido(ruta: Path) -> bytes:
    """A script or stylesheet of calculator/web/ as the site serves it."""
    datos = ruta.read_bytes()

    def producir() -> bytes:
        texto = datos.decode("utf-8")
        try:
            if ruta.suffix == ".css":
                return css_sin_comentarios(texto).encode("utf-8")
            cortado = js_sin_comentarios(texto)
        except ValueError as e:
            raise rutas.error(f"{ruta.name}: {e}") from e
        _comprobar_js(ruta.name, cortado)
        return cortado.encode("utf-8")

    return cache.en_cache(f"sin-comentarios-{cache.huella(VERSION, datos)}{ruta.suffix}", producir)
