"""One case under every bases (DOMAIN.md, "Their own bases, and one case under
every bases"): the same case computed under the site's five bases and,
optionally, the user's own; each value exactly the result ``calcular`` gives
for the case under that bases, or its Spanish errors.
"""

from __future__ import annotations

from datetime import date

from .catalogo import todas_las_bases
from .entrada import leer_caso
from .errores import CasoInvalido
from .modelo_bases import Bases
from .motor import calcular


def comparar(datos: dict, propias: Bases | None = None, hoy: date | None = None) -> dict[str, dict]:
    """{bases id: result or {"errores": ["campo: mensaje", …]}}; the case's own
    ``bases`` field, if any, is ignored."""
    hoy = hoy or date.today()
    sin_bases = {clave: valor for clave, valor in datos.items() if clave != "bases"}
    salida: dict[str, dict] = {}
    for b in [*todas_las_bases(), *([propias] if propias is not None else [])]:
        try:
            caso = leer_caso({"bases": b.id, **sin_bases}, hoy, propias if b is propias else None)
        except CasoInvalido as error:
            salida[b.id] = {"errores": [str(e) for e in error.errores]}
            continue
        salida[b.id] = calcular(caso, hoy, b)
    return salida
