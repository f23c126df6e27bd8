"""The researchers' real articles (tests/lector/corpus/, from the catalogue's
issue): what the reader promises on every text, checked on each. How much it
recognises is measured, not asserted (benchmarks/lector.py prints recall and
precision); here: it never breaks, never marks a wrong figure «segura», never
drops a sentence the researchers found a criterion in, and reads the five
seeds whole."""

from __future__ import annotations

import pytest

from reintegro.lector import ArticuloIlegible, leer_articulo
from tests.lector import corpus, medida


@pytest.fixture(scope="module")
def medidas():
    return medida.medir_corpus()


@pytest.mark.parametrize("id_", corpus.investigados())
def test_el_articulo_se_lee_o_se_dice_por_que_no(id_):
    try:
        lectura = leer_articulo(corpus.texto(id_))
    except ArticuloIlegible as error:
        assert str(error).startswith("no se ha reconocido ningún criterio")
        return
    assert lectura["criterios"]
    assert all(c["certeza"] in ("segura", "revisar") for c in lectura["criterios"])


def test_ninguna_cifra_marcada_segura_es_erronea(medidas):
    semillas, investigacion = medidas
    assert semillas.seguros_mal + investigacion.seguros_mal == []


def test_las_semillas_se_reconocen_enteras(medidas):
    semillas, _ = medidas
    assert (semillas.reconocidos, semillas.no_reconocidos) == (semillas.esperados, [])


@pytest.mark.parametrize("id_", corpus.investigados())
def test_ninguna_frase_con_un_criterio_se_pierde(id_):
    """Each paragraph where the researchers found a criterion (of any kind) is shown to the user: as a
    criterion, or among the unrecognised sentences («Añadir a mano»)."""
    try:
        lectura = corpus.leer(id_)
    except ArticuloIlegible as error:  # nothing read: the user is told so, and the whole text is to add by hand
        assert str(error).startswith("no se ha reconocido ningún criterio")
        return
    leidos = set(lectura["bases"]["parrafos"])
    mostrados = {e["ancla"] for e in lectura["criterios"] + lectura["sin_reconocer"]}
    perdidos = [c["ancla"] for c in corpus.esperados(id_)["criterios"]
                if c["ancla"] in leidos and c["ancla"] not in mostrados]
    assert perdidos == []
