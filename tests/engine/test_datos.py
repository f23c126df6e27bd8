"""The rule data (rules/reintegro/data): bases files, general law, notes,
fields, the calculator's forms and the table of interest rates (DOMAIN.md,
"Rates are data")."""

from __future__ import annotations

import importlib
from datetime import date, timedelta
from decimal import Decimal

import pytest
from pydantic import BaseModel

from reintegro import Caso, catalogo, navegador
from reintegro.catalogo import (
    bases,
    campos_genericos,
    codigos_de_notas,
    ids_de_bases,
    ley_general,
    nota,
)
from reintegro.datos import leer_toml
from reintegro.formulario import formulario
from reintegro.modelo_bases import Bases
from reintegro.tipos_interes import FECHA_MAXIMA, tabla

IDS = ids_de_bases()


def _recoger(valor: object, nombre_buscado: str, nombre: str = "") -> list:
    """Every value held under a field called ``nombre_buscado`` in a model tree."""
    encontrados = []
    if isinstance(valor, BaseModel):
        for clave, dato in valor:
            if clave == nombre_buscado:
                encontrados.append(dato)
            else:
                encontrados += _recoger(dato, nombre_buscado, clave)
    elif isinstance(valor, (tuple, list)):
        for dato in valor:
            encontrados += _recoger(dato, nombre_buscado, nombre)
    elif isinstance(valor, dict):
        for dato in valor.values():
            encontrados += _recoger(dato, nombre_buscado, nombre)
    return encontrados


# ------------------------------------------------------------------- bases


def test_estan_las_cinco_bases_con_los_ids_del_dominio():
    """DOMAIN.md "The five seeds": the stable ids of the contract (the catalogue of issue 24 adds more)."""
    assert {"art15-proporcional", "art21-umbral-75", "boe-2023-26428-art28", "boe-2024-17269", "csd-art12"} <= set(IDS)


@pytest.mark.parametrize("id_bases", IDS)
def test_cada_fichero_de_bases_valida(id_bases):
    """Each data/bases/<id>.toml validates against the Bases model and declares its own id."""
    modelo = Bases.model_validate(leer_toml("bases", f"{id_bases}.toml"))
    assert modelo.id == id_bases
    assert bases(id_bases) == modelo


@pytest.mark.parametrize("id_bases", IDS)
def test_cada_ancla_citada_existe(id_bases):
    """Every anchor a bases cites is one of its own paragraphs or a paragraph
    of the general law (so every step's citation can be shown and linked)."""
    b = bases(id_bases)
    disponibles = set(b.parrafos) | set(ley_general())
    assert b.anclas_citadas() - disponibles == set()


@pytest.mark.parametrize("id_bases", IDS)
def test_cada_campo_nombrado_es_un_campo_del_caso(id_bases):
    """Every `campo` (and every date field of a reduction per days) is a Caso field."""
    b = bases(id_bases)
    nombrados = set(_recoger(b, "campo"))
    for minoracion in b.minoraciones:
        for atributo in ("desde", "hasta"):
            if hasattr(minoracion, atributo):
                nombrados.add(getattr(minoracion, atributo))
    assert nombrados - set(Caso.model_fields) == set()


@pytest.mark.parametrize("id_bases", IDS)
def test_cada_campo_usado_tiene_descripcion_generica(id_bases):
    """The form takes label and help from data/campos.toml."""
    assert {c.campo for c in bases(id_bases).campos} - set(campos_genericos()) == set()


def test_campos_genericos_son_campos_del_caso():
    assert set(campos_genericos()) - set(Caso.model_fields) == set()


@pytest.mark.parametrize("id_bases", IDS)
def test_cada_nota_nombrada_existe(id_bases):
    """Every note code a bases names exists in data/notas.toml."""
    nombradas = {codigo for notas in _recoger(bases(id_bases), "notas") for codigo in notas}
    assert nombradas - codigos_de_notas() == set()


def test_notas_de_criterio_d1_a_d8_existen_y_se_presentan_como_criterio():
    """DOMAIN.md: every interpretation decision is shown as "Criterio aplicado"."""
    for n in range(1, 9):
        plantilla = leer_toml("notas.toml")["notas"][f"D{n}"]
        assert plantilla["titulo"].startswith(f"Criterio aplicado (D{n})")


def test_anclas_citadas_desde_el_codigo_existen_en_la_ley_general():
    """The engine cites "d5" (floor at 0 €) and "rlgs-34" (shared excess) directly."""
    assert {"d5", "rlgs-34"} <= set(ley_general())


def test_parrafos_de_la_ley_general_tienen_norma_y_texto():
    for ancla, parrafo in ley_general().items():
        assert parrafo.norma and parrafo.referencia and parrafo.texto.strip(), ancla


def test_notas_se_pueden_rellenar():
    """A note without placeholders renders; its text is not empty."""
    for codigo in codigos_de_notas():
        plantilla = leer_toml("notas.toml")["notas"][codigo]
        if "{" not in plantilla["texto"] and "{" not in plantilla["titulo"]:
            assert nota(codigo).texto


# ---------------------------------------------------------------- formularios


@pytest.mark.parametrize("id_bases", IDS)
def test_formulario_solo_nombra_campos_del_caso_y_sus_anclas_resuelven(id_bases):
    """The calculator's form asks only for Caso fields, and each "¿Por qué se
    pregunta?" links to a paragraph that exists."""
    form = formulario(id_bases)
    b = bases(id_bases)
    assert form["bases"] == id_bases
    nombres = [c["campo"] for c in form["campos"]]
    assert len(nombres) == len(set(nombres))
    propios = {f"criterios.{c.id}" for c in b.criterios}  # the bases' own criteria (issue 24)
    assert set(nombres) <= set(Caso.model_fields) | propios
    assert propios <= set(nombres)
    assert "importe_concedido" in nombres
    for campo in form["campos"]:
        if campo["por_que"] is not None:
            ancla = campo["por_que"]["ancla"]
            assert ancla in set(b.parrafos) | set(ley_general()), campo
            assert campo["por_que"]["enlace"].endswith(f"#{ancla}")


# ------------------------------------------------------------- rate table


def _dias(desde: date, hasta: date):
    dia = desde
    while dia <= hasta:
        yield dia
        dia += timedelta(days=1)


def test_tabla_de_tipos_cubre_cada_dia_una_sola_vez():
    """Temporal coverage: every day from the table's first day to its
    `revisado` date (and on to the last accepted date, 31/12/2031) falls in
    exactly one row. This does NOT prove that the rates are right, nor that no
    new Ley de Presupuestos changed the rate after `revisado`."""
    t = tabla()
    assert t.primer_dia == date(2005, 1, 1)
    for dia in _dias(t.primer_dia, FECHA_MAXIMA):
        filas = [tramo for tramo in t.tramos if tramo.cubre(dia)]
        assert len(filas) == 1, (dia, filas)
    assert t.revisado <= FECHA_MAXIMA


def test_filas_de_la_tabla_son_contiguas():
    """Each row starts the day after the previous one ends; only the last is open."""
    tramos = tabla().tramos
    for anterior, siguiente in zip(tramos, tramos[1:]):
        assert anterior.hasta is not None
        assert siguiente.desde == anterior.hasta + timedelta(days=1)
        assert anterior.desde <= anterior.hasta
    assert tramos[-1].hasta is None


@pytest.mark.parametrize("tramo", tabla().tramos, ids=lambda t: str(t.desde))
def test_tipo_de_demora_es_el_legal_mas_un_25_por_ciento(tramo):
    """LGS art. 38.2: interés de demora = interés legal × 1.25 (no LPGE in the
    table sets another subsidy rate)."""
    assert tramo.interes_demora == tramo.interes_legal * Decimal("1.25")
    assert tramo.instrumento.strip() and tramo.confianza.strip()


@pytest.mark.parametrize(
    ("dia", "legal", "demora"),
    [
        (date(2005, 1, 1), "4.00", "5.00"),
        (date(2006, 12, 31), "4.00", "5.00"),
        (date(2007, 6, 1), "5.00", "6.25"),
        (date(2008, 1, 1), "5.50", "6.875"),
        (date(2009, 3, 31), "5.50", "6.875"),
        (date(2009, 4, 1), "4.00", "5.00"),
        (date(2012, 7, 1), "4.00", "5.00"),
        (date(2015, 6, 1), "3.50", "4.375"),
        (date(2016, 1, 1), "3.00", "3.75"),
        (date(2022, 12, 31), "3.00", "3.75"),
        (date(2023, 1, 1), "3.25", "4.0625"),
        (date(2026, 11, 30), "3.25", "4.0625"),
    ],
)
def test_tabla_coincide_con_la_del_dominio(dia, legal, demora):
    """The rows of DOMAIN.md's rate table, checked at their edges."""
    tramo = tabla().tramo_de(dia)
    assert (tramo.interes_legal, tramo.interes_demora) == (Decimal(legal), Decimal(demora))


def test_solo_el_primer_trimestre_de_2009_queda_abierto_y_lleva_nota():
    """Issue 13.6: the LPGE 2008 (Ley 51/2007, DA 34.ª) sets no rate for LGS 38.2,
    so 2008 is 6,875 % without doubt; the original wording of the LPGE 2009
    (Ley 2/2008, DA 27.ª, replaced from 1 April 2009) could not be read, so
    1 January – 31 March 2009 stays open, with a note and the 7 % reading."""
    abierto = tabla().tramo_de(date(2009, 2, 1))
    assert abierto.nota and (abierto.desde, abierto.hasta) == (date(2009, 1, 1), date(2009, 3, 31))
    assert (abierto.interes_demora_alternativo, abierto.lectura) == (Decimal("7.00"), "tipo-2008")
    assert tabla().tramo_de(date(2008, 6, 1)).nota is None
    assert all(t.nota is None and t.lectura is None for t in tabla().tramos if t is not abierto)


def test_fecha_de_revision():
    """DOMAIN.md: last reviewed 2026-11."""
    assert tabla().revisado.year == 2026 and tabla().revisado.month == 11


def test_el_puente_del_navegador_carga_todos_los_datos_al_importarse():
    """Importing reintegro.navegador reads and validates every bases, the
    general law, the notes and the fields (catalogo.cargar_todo): the browser's
    worker copies Pyodide's memory right after that import, so a restored
    runtime's first case reads no file. (In-process, so that it also runs
    inside Pyodide: the caches are emptied and the module executed again.)"""
    cacheadas = (bases, ley_general, catalogo._notas, campos_genericos)
    for funcion in cacheadas:
        funcion.cache_clear()
    importlib.reload(navegador)
    assert [f.cache_info().currsize for f in cacheadas] == [len(IDS), 1, 1, 1]
