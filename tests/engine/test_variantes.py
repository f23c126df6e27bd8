"""Every computation behind a result explains itself as the central one does.

A result runs the same pipeline several times (``calculo.Calculo.computo``):
the central figure, the ends of its ranges, each rival reading and each
hypothesis of the margin. Only the central steps are shown today, but each
of the others is a figure the page shows (a reading's total, what a cause
costs), and its steps are its justification: a step without a sentence, a
paragraph or with notes that do not exist would be a figure nobody can
check. So every step of every computation of a result is held to the
contract of a shown step: a Spanish sentence, a paragraph of the bases or of
the general law, known notes, and steps that add up exactly to the final
grant of that computation.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from reintegro import motor
from reintegro.calculo import Calculo
from reintegro.catalogo import cita, codigos_de_notas
from reintegro.entrada import leer_caso
from reintegro.importes import Racional
from reintegro.variante import CENTRAL

from tests.golden import corpus

from .estrategias import HOY, casos
from .test_contrato import EJEMPLOS, fallos_de_texto  # the valid golden cases


class _Espia(Calculo):
    """A Calculo that remembers itself, so the test can read its computations."""

    ultimo: Calculo | None = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _Espia.ultimo = self


@pytest.fixture(autouse=True)
def espia(monkeypatch):
    monkeypatch.setattr(motor, "Calculo", _Espia)


def _computos(caso: dict, hoy) -> Calculo:
    _Espia.ultimo = None
    motor.calcular(leer_caso(caso), hoy=hoy)
    assert _Espia.ultimo is not None
    return _Espia.ultimo


def fallos_de_los_computos(c: Calculo) -> list[str]:
    fallos = []
    notas_conocidas = set(codigos_de_notas())
    for (variante, cambio), computo in c._computos.items():
        donde = f"{variante}, cambio {dict(cambio)}"
        pasos = computo.importe_final.pasos
        suma = sum((p.importe for p in pasos), Racional(0))
        if suma != computo.importe_final.importe:
            fallos.append(f"{donde}: los pasos suman {suma}, no el importe final {computo.importe_final.importe}")
        for p in pasos:
            texto = str(p.frase) if p.frase is not None else None
            fallos += [f"{donde}, paso «{texto}»: {f}" for f in fallos_de_texto(texto, cifras=False)]
            if p.ancla is None:
                fallos.append(f"{donde}, paso «{texto}»: sin párrafo")
            else:
                try:
                    cita(c.b, p.ancla)
                except KeyError:
                    fallos.append(f"{donde}, paso «{texto}»: el párrafo {p.ancla!r} no existe")
            if p.importe == 0 and "rango-discrecional" not in p.notas:
                # Only the lower end of a discretionary range is a step of 0 € (it says so).
                fallos.append(f"{donde}, paso «{texto}»: un paso de 0 € que no cambia nada")
            if not isinstance(p.notas, tuple) or not set(p.notas) <= notas_conocidas:
                fallos.append(f"{donde}, paso «{texto}»: notas desconocidas {p.notas!r}")
    return fallos


@pytest.mark.parametrize("caso", EJEMPLOS)
def test_cada_computo_de_un_caso_del_corpus_se_explica(caso):
    """Golden cases: the readings (D2, D3, D4, deducciones of art. 21 d and e,
    cofinanciado-d…), the range ends and the margin's hypotheses."""
    c = _computos(caso, corpus.HOY)
    assert len(c._computos) >= 1
    assert fallos_de_los_computos(c) == []


@given(casos())
def test_cada_computo_de_cualquier_caso_se_explica(caso):
    assert fallos_de_los_computos(_computos(caso, HOY)) == []


def _pasos_integros(caso: dict, flag: str):
    c = _computos(caso, corpus.HOY)
    rivales = [computo for (v, _), computo in c._computos.items() if getattr(v, flag)]
    assert len(rivales) == 1, f"la lectura de {flag} no se calculó una vez"
    rival = rivales[0]
    return rival, [p for p in rival.importe_final.pasos if "se reintegra el importe de ese gasto" in str(p.frase)]


def test_la_lectura_deducciones_explica_el_importe_integro_de_los_contratos():
    """Art. 21, apartado 2, letter e) (DOMAIN.md, rival reading «deducciones»):
    100.000 € granted and justified, 30.000 € in contracts without the
    offers that LGS 31.3 requires. Read as a fixed amount outside the threshold test, the reading
    takes back the contracts' 30.000 € themselves: one step that says so,
    cites letter e) with its notes and leaves F = 100.000 − 30.000 = 70.000 €."""
    caso = {"bases": "art21-umbral-75", "importe_concedido": "100000", "gasto_justificado": "100000",
            "gasto_sin_ofertas": "30000", "pagos": [{"fecha": "2025-01-10", "importe": "100000"}],
            "fecha_resolucion": "2025-01-10"}
    rival, integros = _pasos_integros(caso, "gasto_fijo_fuera_del_umbral")
    assert [(str(p.frase), p.importe, p.ancla, p.notas) for p in integros] == [(
        "Gasto en contratos sin las ofertas del art. 31.3 de la Ley 38/2003: se reintegra el importe de ese gasto, 30.000,00 €",
        Racional(-30000), "apartado-2-letra-e", ("gasto-no-aceptado", "importe-del-gasto"))]
    assert rival.importe_final.importe == Racional(70000)


def test_la_lectura_cofinanciado_d_explica_el_gasto_sin_justificante_entero():
    """Art. 21, apartado 2, letter d), co-financed (rival reading
    «cofinanciado-d»): G 10.000, C 20.000, 2.000 € without a receipt. The whole
    2.000 € goes back instead of the grant's share (10.000 × 2.000 / 20.000 =
    1.000): F = 10.000 × 90 % ... = 8.000 €, one step citing letter d)."""
    caso = {"bases": "art21-umbral-75", "importe_concedido": "10000", "coste_proyecto": "20000",
            "gasto_sin_justificante": "2000"}
    rival, integros = _pasos_integros(caso, "gasto_fijo_integro")
    assert [(p.importe, p.ancla, tuple(p.notas)) for p in integros] == [
        (Racional(-2000), "apartado-2-letra-d", ("gasto-no-aceptado", "importe-del-gasto"))]
    assert str(integros[0].frase).endswith(": se reintegra el importe de ese gasto, 2.000,00 €")
    assert rival.importe_final.importe == Racional(8000)


def _pasos_de(caso: dict, flag: str) -> list[tuple]:
    """The steps (sentence, amount, paragraph, notes) of the computation under
    the variant ``flag`` of the unchanged case."""
    c = _computos(caso, corpus.HOY)
    [computo] = [computo for (v, cambio), computo in c._computos.items() if getattr(v, flag) and not cambio]
    return [(str(p.frase), p.importe, p.ancla, tuple(p.notas)) for p in computo.importe_final.pasos]


CONCEDIDO = ("Importe concedido (resolución de concesión): 10.000,00 €", Racional(10000), "cifras", ())


def test_el_extremo_superior_de_una_graduacion_discrecional_se_explica():
    """Art. 21, apartado 2, letra f), defective publicity: «hasta un 20 %», left to the
    granting body. The upper end of the range takes 20 % × 10.000 = 2.000 €: F 8.000 €."""
    caso = {"bases": "art21-umbral-75", "importe_concedido": "10000", "publicidad": "defectuosa"}
    assert _pasos_de(caso, "discrecional_al_maximo") == [CONCEDIDO, (
        "Cumplimiento defectuoso de las medidas de difusión: máximo del rango, 20 % del importe concedido",
        Racional(-2000), "apartado-2-letra-f", ("rlgs-31-3", "rango-discrecional"))]


@pytest.mark.parametrize(("presentada", "frase", "importe"), [
    # 10 days: periods of 3 days begun, ceil(10 / 3) = 4, 4 × 1 % × 10.000 = 400 €.
    ("2025-01-11", "10 días naturales de retraso, 4 periodos iniciados de 3 días, 4 % del importe concedido", -400),
    # 2 days: no complete period (central: nothing), one begun: 1 % = 100 €.
    ("2025-01-03", "2 días naturales de retraso, 1 periodo iniciado de 3 días, 1 % del importe concedido", -100),
])
def test_la_lectura_d4_cuenta_cada_periodo_empezado_y_lo_dice(presentada, frase, importe):
    """BOE-A-2023-26428 art. 28, letra d) 1.º: 1 % per three days late (rival reading D4)."""
    caso = {"bases": "boe-2023-26428-art28", "importe_concedido": "10000",
            "fecha_limite_justificacion": "2025-01-01", "fecha_presentacion_justificacion": presentada}
    assert _pasos_de(caso, "periodos_iniciados") == [CONCEDIDO, (
        f"Demora en la presentación de la justificación: {frase}", Racional(importe), "letra-d-1", ("D4",))]


def test_la_lectura_d3_dice_que_no_da_por_superado_el_umbral_exacto():
    """Art. 21, apartado 2: 7.500 € of 10.000 € is exactly 75 %; rival reading D3
    («no alcanzar» read as «superar»): total, F = 0, the step carries its note."""
    caso = {"bases": "art21-umbral-75", "importe_concedido": "10000", "gasto_justificado": "7500"}
    assert _pasos_de(caso, "umbral_exacto_total") == [CONCEDIDO, (
        "Reintegro total. No se alcanza el 75 % del importe concedido que exige el apartado 2: el gasto aceptado es "
        "el 75 % del importe concedido, justo el 75 % y no más, y esta lectura no lo da por superado",
        Racional(-10000), "apartado-2", ("D3",))]


def test_el_reparto_del_exceso_entre_organos_se_explica_con_su_nota():
    """RLGS art. 34.1 (art. 21 bases, other public aid): F 10.000 + other aid 2.000
    over an accepted cost of 10.000 = excess 2.000. The lower end of the range
    gives back this body's share only, 2.000 × 10.000 / 12.000 = 1.666,67 €;
    the central step gives back the whole excess (LGS 19.3). Both carry the note
    «exceso-rlgs-34»; without public aid the excess step carries none."""
    publicas = {"bases": "art21-umbral-75", "importe_concedido": "10000", "otras_ayudas": "2000",
                "otras_ayudas_publicas": True}
    assert _pasos_de(publicas, "exceso_proporcional") == [CONCEDIDO, (
        "Exceso de financiación de 2.000,00 € repartido entre los órganos concedentes en proporción a lo "
        "concedido por cada uno: a este órgano le corresponde esta parte (RLGS art. 34.1)",
        Racional(-5000, 3), "rlgs-34", ("exceso-rlgs-34",))]
    central = _computos(publicas, corpus.HOY)._computos[(CENTRAL, ())]
    assert [tuple(p.notas) for p in central.importe_final.pasos] == [(), ("exceso-rlgs-34",)]
    privadas = {**publicas, "otras_ayudas_publicas": False}
    central = _computos(privadas, corpus.HOY)._computos[(CENTRAL, ())]
    assert [(p.importe, tuple(p.notas)) for p in central.importe_final.pasos] == [
        (Racional(10000), ()), (Racional(-2000), ())]


def test_un_cambio_del_caso_no_toca_lo_que_fija_las_cifras_de_partida():
    """Calculo.computo refuses a change of the grant, the payments, the bases or the end of the interest (worked
    out once per case), naming them."""
    from datetime import date

    from reintegro import leer_caso
    from reintegro.calculo import Calculo
    from reintegro.catalogo import bases

    c = Calculo(bases("art21-umbral-75"), leer_caso({"bases": "art21-umbral-75", "importe_concedido": "10"}),
                date(2026, 11, 29))
    with pytest.raises(ValueError, match=r"^un cambio del caso no puede tocar \['fecha_resolucion', 'pagos'\]$"):
        c.computo(cambio={"pagos": (), "gasto_justificado": 1, "fecha_resolucion": None})
