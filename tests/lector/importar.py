"""Brings the researchers' ready articles (/work/catalogo-fuentes/<id>/ with a
LISTO file; format in its FORMATO.md) into the reader's corpus:
tests/lector/corpus/<id>.txt is texto.md without its anchor lines (the
researchers' «{#apartado-1}», which a pasted article does not have), and
<id>.yaml keeps the source (ficha.toml), the criteria (criterios.yaml: each
sentence's paragraph, kind and parameters) and the hand-worked cases
(casos.yaml). Run: .venv/bin/python -m tests.lector.importar [FOLDER]"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import yaml

from tests.lector.corpus import CARPETA, SEMILLAS

ORIGEN = Path("/work/catalogo-fuentes")
_ANCLA = re.compile(r"^\{#[a-z0-9-]+\}\n?", re.MULTILINE)
_FICHA = ("titulo", "identificador", "boletin", "articulo", "procedencia", "version", "completo", "falta")


def importar(carpeta: Path) -> None:
    id_ = carpeta.name
    if id_ in SEMILLAS:
        return
    texto = _ANCLA.sub("", (carpeta / "texto.md").read_text(encoding="utf-8"))
    (CARPETA / f"{id_}.txt").write_text(texto, encoding="utf-8")
    ficha = tomllib.loads((carpeta / "ficha.toml").read_text(encoding="utf-8"))
    datos = {
        "fuente": {clave: ficha[clave] for clave in _FICHA if clave in ficha},
        "criterios": yaml.safe_load((carpeta / "criterios.yaml").read_text(encoding="utf-8")) or [],
        "casos": yaml.safe_load((carpeta / "casos.yaml").read_text(encoding="utf-8")) or [],
    }
    cabecera = (f"# {id_}: texto y criterios del catálogo de bases reales (issue 24), copiados de\n"
                f"# /work/catalogo-fuentes/{id_}/ por tests/lector/importar.py; fuente abajo.\n")
    (CARPETA / f"{id_}.yaml").write_text(cabecera + yaml.safe_dump(datos, allow_unicode=True, sort_keys=False,
                                                                    width=120), encoding="utf-8")


def main(argv: list[str]) -> None:
    origen = Path(argv[0]) if argv else ORIGEN
    for carpeta in sorted(origen.iterdir()):
        if (carpeta / "LISTO").exists():
            importar(carpeta)


if __name__ == "__main__":
    main(sys.argv[1:])
