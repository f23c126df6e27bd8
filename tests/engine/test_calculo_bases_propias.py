"""Computations under a user's own bases that the golden corpus cannot reach
(the site's five bases never put two reductions on the same answer, nor a
reduction per days late after another kind).

tests/engine/bases_de_ejemplo/ayudas-culturales.toml, apartado 2: 10 % of the
grant for publicity not done; here a second reduction of 5 % on the same
answer (the logo missing). G = J = 10.000, paid on the day of the resolution:
F = 10.000 − 10 % − 5 % = 8.500, 1.500 back.
"""

from __future__ import annotations

import json
import tomllib
from datetime import date
from pathlib import Path

from reintegro.bases_propias import leer_bases
from reintegro.entrada import leer_caso
from reintegro.motor import calcular

EJEMPLO = Path(__file__).parent / "bases_de_ejemplo" / "ayudas-culturales.toml"
HOY = date(2026, 11, 29)


def test_dos_minoraciones_de_la_misma_respuesta_son_una_sola_causa():
    """One field, one cause: answering «cumplidas» remedies both reductions at once (1.500 → 0 €)."""
    datos = tomllib.loads(EJEMPLO.read_text(encoding="utf-8"))
    datos["minoraciones"].append({**datos["minoraciones"][0], "porcentaje": "5", "texto": "Difusión sin el logotipo"})
    b = leer_bases(json.dumps(datos), "json")
    caso = {"importe_concedido": "10000", "gasto_justificado": "10000", "publicidad": "incumplida",
            "pagos": [{"fecha": "2025-01-10", "importe": "10000"}], "fecha_resolucion": "2025-01-10"}
    resultado = calcular(leer_caso(caso, HOY, b), HOY, b)
    assert resultado["reintegro"] == "1500.00"
    assert [(c["campo"], c["reintegro_sin_ella"]) for c in resultado["margen"]["por_causa"]] == [("publicidad", "0.00")]


def test_la_lectura_d4_aparece_aunque_otra_minoracion_vaya_antes():
    """D4 (DOMAIN.md): a reduction per days late counted by started periods. Here it comes after the publicity
    reduction: 1 % per 3 days, at most 10 %; justified 10 days late (31/03 → 10/04/2025): 3 complete periods
    (3 % = 300 €) centrally, 4 started periods (400 €) in the rival reading."""
    datos = tomllib.loads(EJEMPLO.read_text(encoding="utf-8"))
    datos["minoraciones"].append({"tipo": "por_dias", "desde": "fecha_limite_justificacion",
                                  "hasta": "fecha_presentacion_justificacion", "dias": 3, "porcentaje": "1",
                                  "maximo": "10", "ancla": "apartado-2", "texto": "Justificación fuera de plazo"})
    datos["campos"] += [{"campo": "fecha_limite_justificacion"}, {"campo": "fecha_presentacion_justificacion"}]
    b = leer_bases(json.dumps(datos), "json")
    caso = {"importe_concedido": "10000", "gasto_justificado": "10000", "fecha_limite_justificacion": "2025-03-31",
            "fecha_presentacion_justificacion": "2025-04-10", "pagos": [{"fecha": "2025-01-10", "importe": "10000"}],
            "fecha_resolucion": "2025-01-10"}
    resultado = calcular(leer_caso(caso, HOY, b), HOY, b)
    assert resultado["reintegro"] == "300.00"
    assert [(l["id"], l["reintegro"]) for l in resultado["lecturas"]] == [("D4", "400.00")]
