"""The regime: when the reintegro is total and when proportional.

A threshold is a comparison and a percentage close together («inferior al
70 por ciento», «superior al setenta y cinco por ciento», «al menos un 75 %»,
«en caso de no alcanzar este límite»). A comparison «below» in a sentence of
total reintegro is the total side; «above» / «at least» the proportional
side. Whether exactly the threshold counts follows from the two sides' words
(«inferior» and «igual o superior»: the threshold is proportional, D3 shut;
«no alcance» and «superior»: neither says, D3). Without a figure, «se
aproxime de modo significativo» (LGS 37.2) is a regime of stated
approximation; without either, the general law's 37.2 applies, to check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .hallazgo import REVISAR, SEGURA, TOTAL, Hallazgo, busca, patron, plano
from .numeros import Cifra, porcentajes
from .parrafos import Articulo, Frase

_COMPARADOR = patron(
    r"(?P<menor_igual>igual\s+o\s+inferior|inferior\s+o\s+igual|no\s+supere|no\s+exceda)"
    r"|(?P<no_al_menos>no\s+(?:[a-záéíóú]{2,14}\s+){1,3}(?:al\s+menos|como\s+mínimo|un\s+mínimo\s+del?))"
    r"|(?P<mayor_igual>igual\s+o\s+superior|superior\s+o\s+igual|mayor\s+o\s+igual|al\s+menos|como\s+mínimo"
    r"|un\s+mínimo\s+del?|no\s+inferior)"
    r"|(?P<menor>inferior|menor|no\s+(?:se\s+)?(?:haya\s+|hubiera\s+|ha\s+)?(?:alcanzad\w|alcanc\w{1,4}|alcanz\w{1,4}|lleg\w{1,4})"
    r"|por\s+debajo|sin\s+alcanzar)"
    r"|(?P<mayor>superior|mayor|supere|por\s+encima|exceda)"
)
# A comparison just before the percentage, joined by a few small words («inferior al», «al menos un»).
_COMPARADOR_ANTES = patron(rf"(?:{_COMPARADOR.pattern})\s*(?:(?:a|al|el|del|de|un|una|que|la|lo|en)\s+){{0,3}}\Z")
_ANAFORA = patron(r"no\s+alcanzar\s+(?:este|dicho|ese|tal)\s+(?:límite|porcentaje|umbral|mínimo)")
_TOTAL_DEL_UMBRAL = patron(r"incumplimiento\s+total|reintegro\s+total|pérdida\s+total|no\s+se\s+abonará"
                           r"|se\s+considerará\s+total")
_DE = patron(r"\s*(?:del?|de\s+la|de\s+los)\s")
_MEDIDAS = (
    ("coste_proyecto", patron(r"coste|presupuesto|inversión|gasto\s+(?:subvencionable|aprobado|elegible)")),
    ("importe_concedido", patron(r"importe|subvención|ayuda|cuantía")),
)
_EJECUCION = patron(r"ejecución\s+técnica|grado\s+de\s+ejecución")
_OBJETIVOS = patron(r"objetivos|ejecución\s+técnica|actividades\s+concretas")
_JUSTIFICACION = patron(r"justifi[cq]")
_INFERIDA = patron(r"subvención\s+(?:inicialmente\s+)?aprobada")
_INEQUIVOCA = patron(r"inequívoca")
_EXCEPCION = patron(r"no\s+(?:resultará|será)\s+de\s+aplicación|no\s+se\s+aplicará")
_DECLARADA = patron(r"aproxim\w{1,6}\s+(?:de\s+modo\s+)?significativ\w{0,6}|aproximación\s+significativa")
PROPORCIONAL = patron(r"proporcional(?:mente)?\b|en\s+(?:el|la)\s+(?:porcentaje|parte|proporción)\s+correspondiente"
                      r"|minoración\s+correspondiente|parte\s+(?:de\s+la\s+(?:subvención|ayuda)\s+)?no\s+justificad"
                      r"|porcentaje\s+no\s+ejecutado|reintegro\s+parcial|devolución\s+de\s+aquella\s+parte"
                      r"|cantidades\s+no\s+justificadas|importe\s+no\s+justificado|se\s+minorará\s+en\s+el\s+porcentaje"
                      r"|principio\s+de\s+proporcionalidad")
_EXPLICITO = patron(r"proporcional(?:mente)?\b|correspondiente|no\s+justificad|no\s+ejecutad|aquella\s+parte"
                    r"|porcentaje|reintegro\s+parcial")
_DE_JUSTIFICACION = patron(r"justifi[cq]|no\s+realizad|gasto")
_DE_OBJETIVOS = patron(r"objetivos|resultados|fines|no\s+ejecutad|actividad|inversión|indicadores|objeto|actuaciones"
                       r"|incumplimiento")

_TEXTO_MEDIDA = {
    "importe_concedido": "No se alcanza el {} % del importe concedido",
    "coste_proyecto": "No se alcanza el {} % del coste del proyecto",
    "ejecucion": "El grado de ejecución es inferior al {} %",
}


@dataclass
class Mencion:
    frase: Frase
    valor: Decimal
    lado: str  # "total" | "proporcional"
    inclusivo: bool
    medida: str | None
    antes: str  # the words before the comparison: what is measured


def cifra(valor: Decimal) -> str:
    return format(valor.normalize(), "f")


def _medida(texto: str, comparador: re.Match, cifra_: Cifra) -> str | None:
    despues = texto[cifra_.fin:cifra_.fin + 80]
    if _DE.match(despues):
        ventana = re.split(r"[.;,(]", despues, maxsplit=1)[0]
        encontradas = [(m.start(), nombre) for nombre, p in _MEDIDAS if (m := p.search(ventana))]
        if encontradas:
            return min(encontradas)[1]
    if busca(_EJECUCION, texto[max(0, comparador.start() - 80):comparador.start()]):
        return "ejecucion"
    return None


def menciones(frase: Frase) -> list[Mencion]:
    texto = frase.plano
    cifras = [c for c in porcentajes(texto) if c.valor < 100]
    if not cifras:
        return []
    total = bool(_TOTAL_DEL_UMBRAL.search(texto) or TOTAL.search(texto))
    salida: list[Mencion] = []
    for cifra_ in cifras:
        comparador = _COMPARADOR_ANTES.search(texto, max(0, cifra_.inicio - 50), cifra_.inicio)
        if comparador is None:
            continue
        tipo = comparador.lastgroup
        lado = "total" if tipo.startswith(("menor", "no_al_menos")) else "proporcional"
        if lado == "total" and not total:
            continue  # «below» without total reintegro: a band, not this model's threshold
        antes = texto[max(0, comparador.start() - 120):comparador.start()]
        salida.append(Mencion(frase, cifra_.valor, lado, tipo.endswith("igual"), _medida(texto, comparador, cifra_),
                              antes))
    return salida


def _anaforas(frase: Frase, previas: list[Mencion]) -> list[Mencion]:
    if not previas or not busca(_ANAFORA, frase.plano) or not busca(_TOTAL_DEL_UMBRAL, frase.plano):
        return []
    ultima = previas[-1]
    return [Mencion(frase, ultima.valor, "total", False, ultima.medida, ultima.antes)]


def candidatos_proporcionales(articulo: Articulo) -> list[tuple[tuple[bool, bool], Frase]]:
    """Sentences of proportional reintegro with their weight: (of what was not justified,
    in explicit words rather than «el principio de proporcionalidad»). Sentences of neither
    justification nor objectives («proporcional a las condiciones no cumplidas») are left out."""
    salida = []
    for frase in articulo.frases():
        if not busca(PROPORCIONAL, frase.plano):
            continue
        de_justificacion = bool(busca(_DE_JUSTIFICACION, frase.plano))
        if de_justificacion or busca(_DE_OBJETIVOS, frase.plano):
            salida.append(((de_justificacion, bool(busca(_EXPLICITO, frase.plano))), frase))
    return salida


def elegir_proporcional(articulo: Articulo, ancla_regimen: str | None, de_justificacion: bool | None = None,
                        candidatos: list | None = None) -> Frase | None:
    """The sentence that rules proportional reintegro: outside the regime's own paragraph if
    any is; of justification before objectives, explicit before a principle; the first."""
    if candidatos is None:
        candidatos = candidatos_proporcionales(articulo)
    candidatos = [(p, f) for p, f in candidatos if de_justificacion is None or p[0] == de_justificacion]
    fuera = [(p, f) for p, f in candidatos if f.ancla != ancla_regimen] or candidatos
    if not fuera:
        return None
    mejor = max(p for p, _ in fuera)
    return next(f for p, f in fuera if p == mejor)


def _objetivos(lista: list[Mencion]) -> str:
    if any(busca(_OBJETIVOS, m.antes) for m in lista):
        return "si"
    if all(busca(_JUSTIFICACION, m.antes) for m in lista):
        return "no"
    return "discutible"


def _auxiliar(ruta: str, clase: str, frase: Frase, certeza: str = SEGURA, motivo: str = "") -> Hallazgo:
    """A sentence the regime was read from, with the ones before it in its paragraph."""
    return Hallazgo("regimen", clase, {"ruta": ruta}, frase.con_las_anteriores(), certeza, motivo)


def _umbral(articulo: Articulo, lista: list[Mencion]) -> list[Hallazgo]:
    totales = [m for m in lista if m.lado == "total"]
    minimo = totales[0].valor
    propias = [m for m in lista if m.valor == minimo]
    otras = [m for m in lista if m.valor != minimo]
    if any(m.inclusivo for m in totales if m.valor == minimo):
        return [Hallazgo("sin_reconocer", "umbral", {}, [totales[0].frase], REVISAR,
                         "el umbral mismo da reintegro total («igual o inferior»): el modelo solo admite que el "
                         "umbral sea proporcional o que el texto no lo diga")]
    proporcionales = [m for m in propias if m.lado == "proporcional"]
    limite = "laguna" if any(not m.inclusivo for m in proporcionales) else "incluido"
    medida = next((m.medida for m in totales if m.medida and m.valor == minimo), None) or \
        next((m.medida for m in propias if m.medida), None)
    motivos = []
    if medida is None:
        medida = "importe_concedido"
        motivos.append("el texto no dice sobre qué se mide el porcentaje: se toma el importe concedido")
    elif any(busca(_INFERIDA, f.plano) for f in {id(m.frase): m.frase for m in totales}.values()):
        motivos.append("«subvención aprobada»: se mide sobre el importe concedido; revise si el texto quiere decir "
                       "el coste del proyecto")
    objetivos = _objetivos(propias)
    total = next(m for m in totales if m.valor == minimo)
    datos = {
        "tipo": "umbral", "medida": medida, "minimo": minimo, "limite_exacto": limite,
        "objetivos_en_umbral": objetivos, "ancla": total.frase.ancla,
        "texto_total": _TEXTO_MEDIDA[medida].format(cifra(minimo)),
    }
    if objetivos == "si":
        de_objetivos = next((m for m in propias if busca(_OBJETIVOS, m.antes) and m.frase.ancla != total.frase.ancla),
                            None)
        if de_objetivos is not None:
            datos["ancla_objetivos"] = de_objetivos.frase.ancla
    principal = Hallazgo("regimen", "umbral", datos, [total.frase], REVISAR if motivos else SEGURA, "; ".join(motivos))
    salida = [principal]
    vistas = {id(total.frase)}
    for m in propias:
        if id(m.frase) not in vistas:
            vistas.add(id(m.frase))
            salida.append(_auxiliar("regimen.limite_exacto" if m.lado == "proporcional" else "regimen", "umbral",
                                    m.frase))
    for m in otras:
        if id(m.frase) not in vistas:
            vistas.add(id(m.frase))
            salida.append(Hallazgo("sin_reconocer", "umbral_multiple", {}, [m.frase], REVISAR,
                                   f"otro umbral ({cifra(m.valor)} %): el modelo admite uno solo"))
    return salida


def _certeza_de(frase: Frase, candidatos: list) -> tuple[str, str]:
    """Sure when the sentence says «proporcional» in so many words and no other of its kind does."""
    peso = next(p for p, f in candidatos if f is frase)
    if peso[1] and sum(1 for p, _ in candidatos if p == peso) == 1:
        return SEGURA, ""
    return REVISAR, "se ha elegido esta frase entre las que hablan de reintegro proporcional"


def _proporcional(articulo: Articulo, regimen: Hallazgo) -> list[Hallazgo]:
    datos = regimen.datos
    candidatos = candidatos_proporcionales(articulo)
    frase = elegir_proporcional(articulo, datos["ancla"], candidatos=candidatos)
    salida = []
    if frase is None:
        datos["ancla_proporcional"] = "lgs-37-2"
        return salida
    datos["ancla_proporcional"] = frase.ancla
    if datos.get("ancla_objetivos") == frase.ancla:
        del datos["ancla_objetivos"]  # the same paragraph: cited for both already
    salida.append(_auxiliar("regimen.ancla_proporcional", "proporcional", frase, *_certeza_de(frase, candidatos)))
    elegidas = {id(frase)}
    if datos["tipo"] == "declaracion":
        objetivos = elegir_proporcional(articulo, datos["ancla"], de_justificacion=False, candidatos=candidatos)
        if objetivos is not None and objetivos is not frase:
            datos["ancla_objetivos"] = objetivos.ancla
            salida.append(_auxiliar("regimen.ancla_objetivos", "proporcional", objetivos,
                                    *_certeza_de(objetivos, candidatos)))
            elegidas.add(id(objetivos))
    salida += [_auxiliar("regimen", "proporcional", f, REVISAR,
                         f"también habla de reintegro proporcional; el resultado cita {frase.parrafo.referencia}")
               for _, f in candidatos if id(f) not in elegidas]
    return salida


_TEXTO_DECLARADO = ("El cumplimiento no se aproxima de modo significativo al total con una actuación "
                    "inequívocamente tendente a cumplir")


def _declarado(frase: Frase | None) -> Hallazgo:
    datos = {"tipo": "declaracion", "campo": "aproximacion_significativa",
             "ancla": frase.ancla if frase else "lgs-37-2", "texto_total": _TEXTO_DECLARADO,
             "notas": ["aproximacion-significativa"]}
    if frase is not None:
        certeza, motivo = (SEGURA, "") if busca(_INEQUIVOCA, frase.plano) and not busca(_EXCEPCION, frase.plano) else (
            REVISAR, "habla de aproximación significativa sin la fórmula completa del artículo 37.2 de la Ley 38/2003, "
                     "o como excepción a otra regla")
        return Hallazgo("regimen", "umbral_declarado", datos, [frase], certeza, motivo,
                        campos=[("aproximacion_significativa", frase.ancla)])
    return Hallazgo("regimen", "umbral_declarado", datos, [], REVISAR,
                    "el artículo no dice cuándo el reintegro es total: se aplica el artículo 37.2 de la Ley 38/2003 "
                    "(proporcional si el cumplimiento se aproxima de modo significativo al total)",
                    campos=[("aproximacion_significativa", "lgs-37-2")])


def reconocer(articulo: Articulo) -> list[Hallazgo]:
    lista: list[Mencion] = []
    for parrafo in articulo.parrafos:
        del_parrafo: list[Mencion] = []
        for frase in parrafo.frases:
            del_parrafo += menciones(frase) or _anaforas(frase, del_parrafo)
        lista += del_parrafo
    if any(m.lado == "total" for m in lista):
        salida = _umbral(articulo, lista)
        if salida[0].destino != "regimen":
            salida = _reconocer_sin_cifra(articulo) + salida
        else:
            salida += [_auxiliar("regimen", "umbral_declarado", f, REVISAR,
                                 "aproximación significativa: la cifra del umbral decide cuándo se da")
                       for f in articulo.frases() if busca(_DECLARADA, f.plano)]
    else:
        salida = _reconocer_sin_cifra(articulo)
        salida += [Hallazgo("sin_reconocer", "umbral", {}, [m.frase], REVISAR,
                            "un porcentaje mínimo sin decir qué pasa por debajo de él") for m in lista]
    return salida + _proporcional(articulo, salida[0])


def _reconocer_sin_cifra(articulo: Articulo) -> list[Hallazgo]:
    frase = next((f for f in articulo.frases() if busca(_DECLARADA, f.plano)), None)
    return [_declarado(frase)]
