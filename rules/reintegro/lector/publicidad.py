"""Reductions for publicity (the case's field «publicidad»: cumplida,
defectuosa, incumplida): a fixed percentage («Porcentaje a reintegrar:
veinte por ciento», «una minoración del cinco por ciento»), a range up to a
maximum («de hasta el 10 %») or, without a figure, graded «en función de la
gravedad» (0 to 100 %)."""

from __future__ import annotations

from decimal import Decimal

from .hallazgo import REVISAR, SEGURA, TOTAL_O_PARCIAL, Hallazgo, busca, consecuencia_total, en_lista_parcial, patron
from .numeros import porcentajes
from .parrafos import Articulo, Frase, Parrafo
from .regimen import cifra
from .topes import grupo_de

PUBLICIDAD = patron(r"medidas\s+de\s+difusión|publicidad|imagen\s+institucional|logotipo")
_DEFECTUOSO = patron(r"cumplimiento\s+defectuoso|defectuos")
_HASTA = patron(r"(?:hasta|no\s+podrá\s+(?:ser\s+)?(?:superior|exceder)|máximo|como\s+máximo)\s*(?:de\s+)?(?:un|el|al|del)?\s*$")
_CIFRA_DE_SANCION = patron(r"porcentaje\s+a\s+reintegrar|minoraci|reintegro\s+del?|a\s+reintegrar|reducci|penalizaci"
                           r"|pérdida|\|")
_NOTAS = ["rlgs-31-3"]
_DECIDE = "el órgano concedente, según la gravedad y el grado de incumplimiento"


def _figura(parrafo: Parrafo, primera: Frase) -> tuple[Frase, object, bool] | None:
    """The figure of the publicity sentence ``primera`` or of one after it (a table's: in its row)."""
    for frase in [primera] if parrafo.tipo == "tabla" else parrafo.frases[primera.indice:]:
        if not busca(_CIFRA_DE_SANCION, frase.plano):
            continue
        for c in porcentajes(frase.texto):
            hasta = busca(_HASTA, frase.plano[max(0, c.inicio - 40):c.inicio])
            return frase, c.valor, bool(hasta)
    return None


def _con_grupo(hallazgo: Hallazgo, parrafo: Parrafo, grupos: dict) -> list[Hallazgo]:
    grupo = grupo_de(parrafo, grupos)
    if grupo is None:
        return [hallazgo]
    if hallazgo.datos["tipo"] == "fija":
        hallazgo.datos["grupo"] = grupo.datos["id"]
    return [hallazgo, grupo]


def _del_parrafo(parrafo: Parrafo, grupos: dict) -> list[Hallazgo]:
    primera = next((f for f in parrafo.frases if busca(PUBLICIDAD, f.plano)), None)
    if primera is None:
        return []
    defectuoso = bool(busca(_DEFECTUOSO, parrafo.plano))
    valores = ["defectuosa"] if defectuoso else ["incumplida"]
    etiqueta = ("Cumplimiento defectuoso de las medidas de difusión" if defectuoso
                else "Incumplimiento de las medidas de difusión")
    base = {"campo": "publicidad", "valores": valores, "ancla": parrafo.ancla, "texto": etiqueta, "notas": _NOTAS}
    figura = _figura(parrafo, primera)
    if figura is not None:
        frase, valor, hasta = figura
        frases = frase.con_las_anteriores()
        if hasta:
            datos = {"tipo": "discrecional", **base, "maximo": valor, "decide": _DECIDE}
            return _con_grupo(Hallazgo("minoraciones", "minoracion_discrecional", datos, frases, SEGURA,
                                       campos=[("publicidad", parrafo.ancla)]), parrafo, grupos)
        datos = {"tipo": "fija", **base, "porcentaje": valor}
        return _con_grupo(Hallazgo("minoraciones", "minoracion_fija", datos, frases, SEGURA,
                                   campos=[("publicidad", parrafo.ancla)]), parrafo, grupos)
    if consecuencia_total(primera) is not None:
        datos = {"tipo": "fija", **base, "porcentaje": Decimal(100)}
        return _con_grupo(Hallazgo("minoraciones", "minoracion_fija", datos, primera.con_las_anteriores(), SEGURA,
                                   campos=[("publicidad", parrafo.ancla)]), parrafo, grupos)
    graduada = busca(TOTAL_O_PARCIAL, parrafo.plano)
    if graduada or en_lista_parcial(parrafo):
        datos = {"tipo": "discrecional", **base, "valores": ["defectuosa", "incumplida"], "maximo": Decimal(100),
                 "texto": "Incumplimiento de las medidas de difusión", "decide": _DECIDE}
        frases = parrafo.frases
        certeza, motivo = (SEGURA, "") if graduada else (
            REVISAR, "el texto no da cifra: el reintegro parcial se muestra como un margen de 0 a 100 %")
        return [Hallazgo("minoraciones", "minoracion_discrecional", datos, frases, certeza, motivo,
                         [("publicidad", parrafo.ancla)])]
    return []


def _defectuoso_sin_cifra(fija: Hallazgo) -> Hallazgo:
    """A fixed % for publicity not done and nothing said of publicity done badly: the
    defective compliance is graded up to that same %, by proportionality (RLGS 31.3)."""
    maximo = fija.datos["porcentaje"]
    datos = {"tipo": "discrecional", "campo": "publicidad", "valores": ["defectuosa"], "maximo": maximo,
             "ancla": fija.datos["ancla"], "texto": "Cumplimiento defectuoso de las medidas de difusión",
             "decide": "el órgano concedente, con el principio de proporcionalidad", "notas": _NOTAS}
    return Hallazgo("minoraciones", "minoracion_discrecional", datos, fija.frases, REVISAR,
                    f"el texto no gradúa el cumplimiento defectuoso: se muestra como un margen de 0 a "
                    f"{cifra(maximo)} %, con el principio de proporcionalidad", [("publicidad", fija.datos["ancla"])])


def reconocer(articulo: Articulo) -> list[Hallazgo]:
    grupos: dict = {}
    salida: list[Hallazgo] = []
    for parrafo in articulo.parrafos:
        salida += _del_parrafo(parrafo, grupos)
    minoraciones = [h for h in salida if h.destino == "minoraciones"]
    if not any("defectuosa" in h.datos["valores"] for h in minoraciones):
        salida += [_defectuoso_sin_cifra(h) for h in minoraciones if h.datos["tipo"] == "fija"]
    return salida
