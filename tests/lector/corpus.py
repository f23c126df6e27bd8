"""The reader's corpus (tests/lector/corpus/): the five seeds, read into a
bases and checked against the golden cases of their hand-written data file,
and the research articles with their expected criteria and hand-worked cases.
Shared by the tests and benchmarks/lector.py."""

from __future__ import annotations

import json
from pathlib import Path

CARPETA = Path(__file__).parent / "corpus"
SEMILLAS = ("art21-umbral-75", "art15-proporcional", "boe-2024-17269", "boe-2023-26428-art28", "csd-art12")


def texto(id_: str) -> str:
    return (CARPETA / f"{id_}.txt").read_text(encoding="utf-8")


def leer(id_: str, id_bases: str | None = None) -> dict:
    from reintegro.lector import leer_articulo

    return leer_articulo(texto(id_), id_bases or f"{id_}-leidas")


def bases_leidas(id_: str):
    """The reader's bases of a corpus article, as the engine reads a user's own."""
    from reintegro.bases_propias import leer_bases

    return leer_bases(json.dumps(leer(id_)["bases"], ensure_ascii=False), "json")


def esperados(id_: str) -> dict:
    """The article's expectations (<id>.yaml): criterios, and casos for research articles."""
    import yaml

    return yaml.safe_load((CARPETA / f"{id_}.yaml").read_text(encoding="utf-8"))


def ids() -> list[str]:
    return sorted(ruta.stem for ruta in CARPETA.glob("*.txt"))


def investigados() -> list[str]:
    return [i for i in ids() if i not in SEMILLAS]
