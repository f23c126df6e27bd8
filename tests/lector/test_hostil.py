"""Hostile text gets a Spanish message, never a hang nor a crash: too long,
binary, control characters, 100.000 nested parentheses, a 1 MB article. The
reader is linear in the text's length (benchmarks/lector.py measures it on
1 MB); here only what it answers is asserted, never how fast."""

from __future__ import annotations

import pytest

from reintegro.lector import ArticuloIlegible, NadaReconocido, leer_articulo
from reintegro.lector.parrafos import TAMANO_MAXIMO
from tests.lector import corpus


def _mensaje(texto: str) -> str:
    with pytest.raises(ArticuloIlegible) as error:
        leer_articulo(texto)
    return str(error.value)


def test_un_texto_mayor_que_el_maximo_se_rechaza_sin_leerlo():
    assert "demasiado largo (2.000.001 caracteres; el máximo es 2.000.000)" in _mensaje("a" * (TAMANO_MAXIMO + 1))


def test_un_megabyte_de_articulo_se_lee_entero_y_se_dice_que_no_cabe_en_unas_bases():
    """1 MB of seed 000 repeated: read to the end, then refused (a bases holds at most 200.000 characters)."""
    semilla = corpus.texto("art21-umbral-75") + "\n\n"
    mensaje = _mensaje((semilla * (1_000_000 // len(semilla) + 1))[:1_000_000])
    assert "demasiado largo para ser el artículo de unas bases" in mensaje


def test_cien_mil_parentesis_anidados_no_son_un_articulo():
    with pytest.raises(NadaReconocido, match="no se ha reconocido ningún criterio"):
        leer_articulo("(" * 100_000 + ")" * 100_000)


def test_cien_mil_parentesis_entre_dos_apartados_no_impiden_leer_el_resto():
    """Seed 000 with 100.000 nested parentheses pasted as a paragraph of its own: its threshold is still read."""
    texto = corpus.texto("art21-umbral-75").replace("\n\n3. ", "\n\n" + "(" * 100_000 + ")" * 100_000 + "\n\n3. ")
    lectura = leer_articulo(texto)
    assert lectura["bases"]["regimen"]["minimo"] == "75"


@pytest.mark.parametrize(("caracter", "codigo"), [("\x00", "U+0000"), ("\x1b", "U+001B"), ("\x7f", "U+007F"),
                                                  ("\x85", "U+0085")])
def test_un_caracter_de_control_se_nombra_con_su_linea(caracter, codigo):
    texto = "1. Procederá el reintegro.\n2. Porcentaje a reintegrar: 20 %" + caracter + ".\n"
    assert f"carácter de control ({codigo}, línea 2)" in _mensaje(texto)


def test_bytes_al_azar_leidos_como_texto_se_rechazan():
    import random

    azar = random.Random(25)
    texto = bytes(azar.randrange(256) for _ in range(20_000)).decode("latin-1")
    assert "carácter de control" in _mensaje(texto)


@pytest.mark.parametrize("texto", ["", "   \n\t\n  ", "\ufeff"])
def test_un_texto_vacio(texto):
    assert "el texto está vacío" in _mensaje(texto)


def test_un_texto_sin_criterios():
    assert "no se ha reconocido ningún criterio" in _mensaje("Artículo 3. Objeto.\n\n1. Estas bases regulan las ayudas.")


def test_los_finales_de_linea_de_windows_no_cambian_la_lectura():
    texto = corpus.texto("boe-2023-26428-art28")
    assert leer_articulo(texto.replace("\n", "\r\n")) == leer_articulo(texto)


def test_los_tabuladores_no_cambian_los_criterios():
    texto = corpus.texto("art15-proporcional")
    con_tabuladores = leer_articulo(texto.replace(" ", "\t"))["criterios"]
    assert [(c["ruta"], c["ancla"], c["certeza"]) for c in con_tabuladores] == \
        [(c["ruta"], c["ancla"], c["certeza"]) for c in leer_articulo(texto)["criterios"]]
