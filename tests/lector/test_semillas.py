"""The reader's bases of each seed against the site's hand-written data file
(rules/reintegro/data/bases/<id>.toml), clause by clause: the same paragraphs
(anchors), the same clauses with the same figures, fields and anchors. What
differs by design is left out and said here: the labels written by hand
(titles, ``texto``, ``decide``, ``etiqueta``, ``ayuda``), the excerpts of the
paragraphs (the reader keeps them whole), the fields' list (the reader lists
the fields its criteria use) and the two notes that speak of their own seed
(test_paridad.py)."""

from __future__ import annotations

import pytest

from reintegro.catalogo import bases as bases_del_sitio
from tests.lector import corpus
from tests.lector.test_paridad import NOTAS_DE_UNA_SEMILLA

ETIQUETAS = {"texto", "texto_total", "decide", "titulo", "titulo_corto", "norma", "fuente", "etiqueta", "ayuda"}


def _sin_etiquetas(valor: object) -> object:
    if isinstance(valor, dict):
        return {k: _sin_etiquetas(v) for k, v in valor.items()
                if k not in ETIQUETAS and not (k == "notas" and not _notas(v))}
    if isinstance(valor, list):
        return [_sin_etiquetas(v) for v in valor]
    return valor


def _notas(notas: list) -> list:
    return [n for n in notas if n not in NOTAS_DE_UNA_SEMILLA]


def _clausulas(datos: dict) -> dict:
    # who grants the aid and how prescription starts are the bases' record, not the article's words
    limpio = {k: v for k, v in datos.items() if k not in {"parrafos", "campos", "id", "notas", "pagina_web",
                                                          "administracion", "ley_autonomica", "por_situacion",
                                                          *ETIQUETAS}}
    limpio = _sin_etiquetas(limpio)
    for seccion in limpio.values():
        for clausula in seccion if isinstance(seccion, list) else [seccion]:
            if isinstance(clausula, dict) and "notas" in clausula:
                clausula["notas"] = _notas(clausula["notas"])
    limpio["causas_totales"].sort(key=lambda c: c["campo"])  # one cause each: their order decides nothing
    return limpio


@pytest.mark.parametrize("id_", corpus.SEMILLAS)
def test_las_clausulas_leidas_son_las_escritas_a_mano(id_):
    a_mano = bases_del_sitio(id_).model_dump(mode="json", exclude_defaults=False)
    leidas = corpus.bases_leidas(id_).model_dump(mode="json", exclude_defaults=False)
    assert _clausulas(leidas) == _clausulas(a_mano)


@pytest.mark.parametrize("id_", corpus.SEMILLAS)
def test_cada_parrafo_escrito_a_mano_esta_entre_los_leidos_con_su_ancla(id_):
    """The hand-written file quotes an excerpt of each paragraph («[…]» where it cuts): each piece is in the
    reader's paragraph of the same anchor."""
    leidos = corpus.leer(id_)["bases"]["parrafos"]
    for ancla, parrafo in bases_del_sitio(id_).parrafos.items():
        for trozo in parrafo.texto.split("[…]"):
            assert " ".join(trozo.split()) in " ".join(leidos[ancla]["texto"].split()), (ancla, trozo)
