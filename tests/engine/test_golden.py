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


@pytest.mark.parametrize("ejemplo", [e for e in EJEMPLOS if "errores" not in e.values[0]])
def test_las_notas_no_dejan_huecos_sin_rellenar(ejemplo):
    """Every note of data/notas.toml shown to a user has its {placeholders}
    filled, in the title as in the text."""
    from reintegro import calcular_caso

    resultado = calcular_caso(ejemplo["caso"], hoy=corpus.HOY)
    for nota in resultado["notas"]:
        assert "{" not in nota["titulo"] + nota["texto"], nota
