"""The reader's criteria put together into a bases under the model.

Each Hallazgo goes to its section (its path: ``regimen``,
``causas_totales.0``, ``minoraciones.2``...), the case fields it uses become
the bases' ``campos``, the paragraphs its ``parrafos``; the bases is then
validated as a user's own (``bases_propias.leer_bases``), so that what the
reader prints is what ``calcular --bases`` accepts. Every sentence that
speaks of reintegro, percentages or breaches and that no criterion used goes
to ``sin_reconocer``: none is dropped silently.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal

from ..bases_propias import TAMANO_MAXIMO, BasesInvalidas, leer_bases
from . import causas, deducciones, demora, financiacion, liquidacion, publicidad, regimen
from .hallazgo import Hallazgo, busca, patron
from .parrafos import Articulo, ArticuloIlegible, Frase

RECONOCEDORES = (regimen, causas, deducciones, publicidad, demora, financiacion, liquidacion)
_LISTAS = ("causas_totales", "deducciones", "minoraciones", "grupos")
_UNICAS = ("cofinanciacion", "concurrencia", "intereses", "liquidacion")
_DE_CRITERIO = ("regimen", *_LISTAS, "cofinanciacion", "concurrencia")
# What a sentence about the amount speaks of: one that says any of it and that no criterion used is listed.
MENCIONA = patron(r"reintegr|porcentaje|por\s?ciento|%|por\s?100\b|incumpl|minora|penaliz|pérdida\s+del?\s+derecho"
                  r"|devol|reduc|proporcional|publicidad|difusión|justifica|falsea|ocult|revoca|demora|plazo|reembols"
                  r"|desviaci|objetivo")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
_IDENTIFICADOR = re.compile(r"\b(BOE-A-\d{4}-\d{1,7})\b")
LARGO_DE_FRASE = 600  # characters of an unrecognised sentence shown


class NadaReconocido(ArticuloIlegible):
    """The text was read, and no criterion found in it."""


def _json(valor: object) -> object:
    if isinstance(valor, Decimal):
        return format(valor.normalize(), "f")
    if isinstance(valor, dict):
        return {k: _json(v) for k, v in valor.items() if k != "ruta"}
    if isinstance(valor, (list, tuple)):
        return [_json(v) for v in valor]
    return valor


def _id(articulo: Articulo, crudo: str, pedido: str | None) -> str:
    if pedido is not None:
        if not _ID.match(pedido):
            raise ArticuloIlegible("debe tener solo minúsculas sin acentos, cifras y guiones, y empezar por una letra o "
                                   "cifra, hasta 64 caracteres (por ejemplo «mis-bases»)", "id")
        return pedido
    identificador = _IDENTIFICADOR.search(crudo[:200_000])
    partes = [identificador[1].lower()] if identificador else []
    if articulo.numero:
        partes.append(f"art{articulo.numero.lower()}")
    return "-".join(partes) if partes else "bases-leidas"


def _cabecera(articulo: Articulo, crudo: str, id_: str) -> dict:
    identificador = _IDENTIFICADOR.search(crudo[:200_000])
    numero = f"Artículo {articulo.numero}" if articulo.numero else "Artículo"
    titulo = f"{numero}: {articulo.titulo}" if articulo.titulo else f"{numero} leído del texto pegado"
    norma = f"{identificador[1]}, art. {articulo.numero}" if identificador and articulo.numero else \
        (identificador[1] if identificador else f"Bases reguladoras, {numero.lower()}")
    fuente = ("Texto pegado por el usuario y leído por el lector de Reintegro: cada criterio lleva la frase de la "
              "que sale; revise los marcados «revisar».")
    if identificador:
        fuente += f" El texto cita la referencia {identificador[1]}."
    return {"id": id_, "titulo": titulo[:200], "titulo_corto": (f"{numero} (leído)" if articulo.numero
                                                                 else "Bases leídas"),
            "norma": norma, "fuente": fuente}


def _frase_mostrada(texto: str) -> str:
    return texto if len(texto) <= LARGO_DE_FRASE else texto[:LARGO_DE_FRASE] + " […]"


def _entrada(hallazgo: Hallazgo, ruta: str, referencias: dict[str, str]) -> dict:
    entrada = {"ruta": ruta, "clase": hallazgo.clase, "ancla": hallazgo.ancla,
               "referencia": referencias.get(hallazgo.ancla, hallazgo.ancla),
               "frase": _frase_mostrada(hallazgo.texto()) if hallazgo.frases else None,
               "certeza": hallazgo.certeza}
    if hallazgo.motivo:
        entrada["motivo"] = hallazgo.motivo
    return entrada


def _sin_reconocer(frase: Frase, motivo: str = "") -> dict:
    entrada = {"ancla": frase.ancla, "referencia": frase.parrafo.referencia, "frase": _frase_mostrada(frase.texto)}
    if motivo:
        entrada["motivo"] = motivo
    return entrada


def ensamblar(articulo: Articulo, crudo: str, id_: str | None = None) -> dict:
    hallazgos = [h for reconocedor in RECONOCEDORES for h in reconocedor.reconocer(articulo)]
    orden = {id(p): i for i, p in enumerate(articulo.parrafos)}
    hallazgos.sort(key=lambda h: (orden[id(h.frases[0].parrafo)], h.frases[0].inicio) if h.frases else (-1, 0))
    if not any(h.destino in _DE_CRITERIO and h.frases for h in hallazgos):
        raise NadaReconocido("no se ha reconocido ningún criterio de reintegro en el texto: compruebe que ha pegado "
                             "el artículo de las bases que regula el reintegro o la graduación de los incumplimientos")
    referencias = {p.ancla: p.referencia for p in articulo.parrafos}
    bases = _cabecera(articulo, crudo, _id(articulo, crudo, id_))
    bases["parrafos"] = {p.ancla: {"referencia": p.referencia, "texto": p.texto} for p in articulo.parrafos}
    secciones: dict[str, list] = {nombre: [] for nombre in _LISTAS}
    criterios: list[dict] = []
    sin_reconocer: list[dict] = []
    usadas: set[int] = set()
    rutas_por_campo: dict[str, str] = {}
    grupos: dict[str, str] = {}
    campos: dict[str, str] = {}
    for h in hallazgos:
        usadas.update(id(f) for f in h.frases)
        if h.destino == "sin_reconocer":
            sin_reconocer += [_sin_reconocer(f, h.motivo) for f in h.frases]
            continue
        if h.destino == "regimen" and "ruta" in h.datos:
            criterios.append(_entrada(h, h.datos["ruta"], referencias))
            continue
        if h.destino == "repetido":
            continue  # below, once the clause it repeats has its path
        if h.destino == "grupos":
            if h.datos["id"] in grupos:
                continue
            grupos[h.datos["id"]] = f"grupos.{len(secciones['grupos'])}"
        if h.destino in _LISTAS:
            ruta = f"{h.destino}.{len(secciones[h.destino])}"
            secciones[h.destino].append(_json(h.datos))
            if "campo" in h.datos:
                rutas_por_campo.setdefault(h.datos["campo"], ruta)
        else:
            ruta = h.destino
            bases[h.destino] = _json(h.datos)
        for campo, ancla in h.campos:
            campos.setdefault(campo, ancla)
        criterios.append(_entrada(h, ruta, referencias))
    criterios += [_entrada(h, rutas_por_campo[h.datos["campo"]], referencias)
                  for h in hallazgos if h.destino == "repetido" and h.datos["campo"] in rutas_por_campo]
    posicion = {p.ancla: i for i, p in enumerate(articulo.parrafos)}
    criterios.sort(key=lambda e: posicion.get(e["ancla"], -1))
    bases["campos"] = [{"campo": c, "ancla": a} for c, a in campos.items()]
    for nombre in _LISTAS:
        if secciones[nombre]:
            bases[nombre] = secciones[nombre]
    for frase in articulo.frases():
        if id(frase) not in usadas and busca(MENCIONA, frase.plano):
            sin_reconocer.append(_sin_reconocer(frase))
    sin_reconocer.sort(key=lambda e: posicion.get(e["ancla"], len(posicion)))
    _validar(bases)
    return {"bases": _ordenar(bases), "criterios": criterios, "sin_reconocer": sin_reconocer}


_ORDEN = ("id", "titulo", "titulo_corto", "norma", "fuente", "parrafos", "campos", "causas_totales", "regimen",
          "deducciones", "minoraciones", "grupos", "cofinanciacion", "concurrencia", "intereses", "liquidacion")


def _ordenar(bases: dict) -> dict:
    return {clave: bases[clave] for clave in _ORDEN if clave in bases}


def _validar(bases: dict) -> None:
    texto = json.dumps(bases, ensure_ascii=False)
    if len(texto) > TAMANO_MAXIMO:
        raise ArticuloIlegible(f"el texto es demasiado largo para ser el artículo de unas bases (sus párrafos ocupan "
                               f"{len(texto):,} caracteres; unas bases, como mucho {TAMANO_MAXIMO:,}): pegue solo el "
                               "artículo que regula el reintegro".replace(",", "."))
    try:
        leer_bases(texto, "json")
    except BasesInvalidas as error:  # a reader's bug: said, never a half-valid bases
        raise ArticuloIlegible("el lector ha compuesto unas bases que no son válidas (" + str(error) + "); "
                               "avísenos con el texto") from None
