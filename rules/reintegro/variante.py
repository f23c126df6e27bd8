"""How a case is computed: the central reading, or a variant of it.

The engine has one algorithm. A ``Variante`` switches, one by one, the points
where the text leaves a choice: the ends of the ranges the text leaves to the
granting body (``rangos``), each rival reading of DOMAIN.md ("Rival
readings"), and the hypotheses of the margin (a cause remedied). The default
is the central computation.
"""

from __future__ import annotations

from typing import NamedTuple


class Variante(NamedTuple):
    # Ends of the ranges.
    discrecional_al_maximo: bool = False  # discretionary grading at its maximum (step 6)
    exceso_proporcional: bool = False  # the excess shared between public bodies (RLGS 34.1)
    # Rival readings (lecturas.py names them).
    faltas_sumadas: bool = False  # D2: 1 − E = (1 − Ee) + (1 − Et)
    umbral_exacto_total: bool = False  # D3: exactly at a "laguna" threshold ⇒ total
    periodos_iniciados: bool = False  # D4: every period of days begun counts
    umbral_sobre_coste: bool = False  # umbral-base: the threshold measured on A / C
    umbral_sin_objetivos: bool = False  # umbral-tecnico: only the economic execution is measured
    gasto_fijo_fuera_del_umbral: bool = False  # deducciones: a fixed amount, outside the threshold test
    gasto_fijo_integro: bool = False  # cofinanciado-d: the whole expense, not the grant's share
    tipo_alternativo: bool = False  # tipo-2008: the alternative rate a table row records
    # Hypotheses of the margin.
    sin_cofinanciacion: bool = False  # the beneficiary's own contribution is met


CENTRAL = Variante()
