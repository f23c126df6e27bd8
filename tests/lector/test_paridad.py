"""The reader's bases of each seed gives the same golden cases as the site's
hand-written data file: every case of tests/golden/ that names that bases
(its own files, their edge cases, and the shared files) is computed under the
bases the reader wrote from the seed's text, and must give the same figures,
regime, notes and citations.

Two things are compared differently, and only them:
- texts (paths ending in .texto, .titulo, .etiqueta) carry the bases' own
  labels, written by hand in the data file and by the reader from the text:
  they must give the same figures (amounts, percentages, days), in order;
- the notes «otro-incumplimiento-total» and «perdida-o-reintegro» speak of
  their seed's own paragraphs («El apartado 2.d)», «El artículo 28»): the
  reader does not attach them to a text it reads, where they could be false.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from tests.golden import corpus as dorado
from tests.lector import corpus

NOTAS_DE_UNA_SEMILLA = {"otro-incumplimiento-total", "perdida-o-reintegro"}
# Which law sets the deadlines comes from who grants the aid (the bases'
# `administracion`), which an article's text does not say: not the reader's.
NOTAS_DE_LA_ADMINISTRACION = {"ley-estatal", "ley-local", "ley-autonomica", "ley-desconocida"}
_CIFRA = re.compile(r"\d[\d.,]*\s?(?:%|€|días?\b|periodos?\b)")


def mismas_cifras(esperado: object, obtenido: object) -> bool:
    return isinstance(obtenido, str) and _CIFRA.findall(str(esperado)) == _CIFRA.findall(obtenido)


@cache
def _bases(id_: str):
    return corpus.bases_leidas(id_)


def _casos():
    for fichero, ejemplos in dorado.cargar().items():
        for ejemplo in ejemplos:
            id_ = ejemplo["caso"].get("bases")
            if id_ in corpus.SEMILLAS:
                yield pytest.param(id_, ejemplo, id=f"{fichero}: {ejemplo['nombre']}")


@pytest.mark.parametrize(("id_", "ejemplo"), list(_casos()))
def test_el_caso_dorado_da_lo_mismo_con_las_bases_leidas(id_, ejemplo):
    fuera = NOTAS_DE_UNA_SEMILLA | NOTAS_DE_LA_ADMINISTRACION
    ejemplo = {**ejemplo, "notas": [n for n in ejemplo.get("notas", []) if n not in fuera],
               "sin_notas": [n for n in ejemplo.get("sin_notas", []) if n not in fuera]}
    assert dorado.comprobar(ejemplo, _bases(id_), mismas_cifras) == []


def test_cada_semilla_tiene_casos_dorados():
    por_bases = {id_ for id_, _ in (p.values for p in _casos())}
    assert por_bases == set(corpus.SEMILLAS)


def test_las_cifras_de_un_texto_se_comparan_en_orden():
    assert mismas_cifras("suman el 15 % y no pueden superar el 10 %", "Tope: suman el 15 % y no superan el 10 %")
    assert not mismas_cifras("suman el 15 % y no pueden superar el 10 %", "suman el 10 % y no superan el 15 %")
    assert not mismas_cifras("5 % del importe", None)
