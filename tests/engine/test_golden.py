"""The golden corpus (tests/golden/*.yaml) on CPython: every hand-derived
figure, note and citation, case by case. The same corpus runs in Pyodide."""

import pytest

from tests.golden import corpus

EJEMPLOS = [
    pytest.param(ejemplo, id=f"{fichero}: {ejemplo['nombre']}")
    for fichero, ejemplos in corpus.cargar().items()
    for ejemplo in ejemplos
]


@pytest.mark.parametrize("ejemplo", EJEMPLOS)
def test_caso_del_corpus(ejemplo):
    assert corpus.comprobar(ejemplo) == []


def test_el_corpus_cubre_las_cinco_bases():
    from reintegro.catalogo import ids_de_bases

    ficheros = set(corpus.cargar())
    assert set(ids_de_bases()) <= ficheros
