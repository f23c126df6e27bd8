"""The margin's list of causes under a user's own bases (what the golden
corpus cannot reach: the site's five bases never put two reductions on the
same answer).

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
