"""Marks the tests of this folder: they boot Pyodide under Node (about a
minute and a half on two idle cores). Deselect them with ``-m "not pyodide"``."""

from pathlib import Path

import pytest


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "pyodide: runs the engine inside Pyodide under Node and compares it with CPython"
    )


def pytest_collection_modifyitems(items):
    carpeta = Path(__file__).parent
    for item in items:
        if carpeta in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.pyodide)
