"""Tests of the site build's package (calculator/construccion/): each module
on small inputs made here. What needs Pyodide under Node (bytecode,
servidos) is tested on the real wheels in tests/pyodide/."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

import pytest

CALCULATOR = str(Path(__file__).resolve().parents[2] / "calculator")
if CALCULATOR not in sys.path:
    sys.path.insert(0, CALCULATOR)

from construccion import rutas  # noqa: E402


@pytest.fixture(autouse=True)
def cache_aparte(tmp_path, monkeypatch):
    """Every test with its own .cache/sitio/ (never the tree's)."""
    monkeypatch.setattr(rutas, "CACHE_SITIO", tmp_path / "cache-sitio")


def zip_de(miembros: dict[str, bytes], comprimido: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A zip with these members, in this order."""
    salida = io.BytesIO()
    with zipfile.ZipFile(salida, "w", comprimido) as z:
        for nombre, datos in miembros.items():
            z.writestr(nombre, datos)
    return salida.getvalue()


def contenido(datos: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(datos)) as z:
        return {n: z.read(n) for n in z.namelist()}
