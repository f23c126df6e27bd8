"""One case under every bases (DOMAIN.md, "Their own bases, and one case under
every bases"): the same case computed under the site's five bases and,
optionally, the user's own; each value exactly the result ``calcular`` gives
for the case under that bases, or its Spanish errors.
"""

from __future__ import annotations

from datetime import date

from .catalogo import nota, todas_las_bases
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
        datos_b, ajenos = _sin_criterios_ajenos(sin_bases, b)
        try:
            caso = leer_caso({"bases": b.id, **datos_b}, hoy, propias if b is propias else None)
        except CasoInvalido as error:
            salida[b.id] = {"errores": [str(e) for e in error.errores]}
            continue
        salida[b.id] = calcular(caso, hoy, b)
        if ajenos:
            salida[b.id]["notas"].append(nota("criterios-ignorados", criterios=", ".join(ajenos))._asdict())
    return salida


def _sin_criterios_ajenos(datos: dict, b: Bases) -> tuple[dict, list[str]]:
    """The case without the criteria this bases does not declare (another
    bases' own), and their ids: ignored here, like any field a bases does not use."""
    criterios = datos.get("criterios")
    if not isinstance(criterios, dict):
        return datos, []
    ajenos = [f"«{i}»" for i in criterios if b.criterio(i) is None]
    if not ajenos:
        return datos, []
    suyos = {i: v for i, v in criterios.items() if b.criterio(i) is not None}
    return {**datos, "criterios": suyos}, ajenos
