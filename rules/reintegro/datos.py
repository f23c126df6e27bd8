"""Access to the package's own data files (TOML), read once and cached.

Only ``importlib.resources`` and ``tomllib``: the data travel inside the wheel
and are read the same way on CPython and in Pyodide.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources


def _carpeta():
    return resources.files("reintegro").joinpath("data")


@cache
def leer_toml(*ruta: str) -> dict:
    """The parsed TOML file at ``data/<ruta...>``."""
    recurso = _carpeta()
    for parte in ruta:
        recurso = recurso.joinpath(parte)
    return tomllib.loads(recurso.read_text(encoding="utf-8"))


def nombres_de_bases() -> list[str]:
    """File names (without .toml) of the bases data files, sorted."""
    carpeta = _carpeta().joinpath("bases")
    return sorted(p.name[: -len(".toml")] for p in carpeta.iterdir() if p.name.endswith(".toml"))
