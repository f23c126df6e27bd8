"""The file map of CONTRIBUTING.md matches the tree: every file under
calculator/ and rules/ is named there, and every entry names a file that
exists (an entry with ``*`` names a family, e.g. one data file per bases, and
may match none yet: files another change adds)."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
CARPETAS = ("calculator", "rules")
ENTRADA = re.compile(r"^- `(?P<ruta>[^`]+)`")


def entradas_del_mapa() -> list[str]:
    texto = (RAIZ / "CONTRIBUTING.md").read_text(encoding="utf-8")
    mapa = texto.split("\n## File map\n", 1)[1].split("\n## ", 1)[0]
    return [m["ruta"] for m in map(ENTRADA.match, mapa.splitlines()) if m]


def archivos_del_arbol() -> list[str]:
    """What a clone holds under CARPETAS: no bytecode caches, no hidden files."""
    return sorted(
        ruta.relative_to(RAIZ).as_posix()
        for carpeta in CARPETAS for ruta in (RAIZ / carpeta).rglob("*")
        if ruta.is_file() and "__pycache__" not in ruta.parts and ruta.suffix != ".pyc"
        and not any(p.startswith(".") for p in ruta.relative_to(RAIZ).parts)
    )


def test_cada_archivo_de_calculator_y_rules_esta_en_el_mapa():
    entradas = entradas_del_mapa()
    faltan = [a for a in archivos_del_arbol() if not any(fnmatch.fnmatchcase(a, e) for e in entradas)]
    assert faltan == [], "archivos que CONTRIBUTING.md («File map») no nombra: " + ", ".join(faltan)


def test_cada_entrada_del_mapa_nombra_un_archivo_que_existe():
    entradas = entradas_del_mapa()
    assert len(entradas) > 50
    inexistentes = [e for e in entradas if "*" not in e and not (RAIZ / e).is_file()]
    assert inexistentes == [], "entradas del mapa sin archivo: " + ", ".join(inexistentes)
    fuera = [e for e in entradas if not e.startswith(tuple(c + "/" for c in CARPETAS))]
    assert fuera == [], "entradas del mapa fuera de calculator/ y rules/: " + ", ".join(fuera)
