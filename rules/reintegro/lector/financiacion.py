"""Co-financing (the beneficiary bears at least X % of the cost) and
concurrent aid (the excess over the cost is returned, LGS 19.3; total when
undeclared aid alone covers the cost)."""

from __future__ import annotations

from .hallazgo import SEGURA, Hallazgo, busca, patron
from .numeros import porcentajes
from .parrafos import Articulo

_COFINANCIACION = patron(r"contribuir\s+a\s+(?:sufragar|financiar)|aportación\s+(?:propia|mínima)|cofinanci"
                         r"|financiación\s+propia|fondos\s+propios")
_EXCESO = patron(r"exceso\s+(?:obtenido\s+)?sobre\s+el\s+coste|concurrentes?\b.{0,200}?(?:superen|supere|excedan?)\s+"
                 r"(?:el\s+)?coste")
_CUBREN = patron(r"cubr\w{1,4}\s+por\s+sí\s+(?:mismas|solas)\s+el\s+coste")
_COMUNICADAS = patron(r"comunicad")


def reconocer(articulo: Articulo) -> list[Hallazgo]:
    salida: list[Hallazgo] = []
    concurrencia: Hallazgo | None = None
    for frase in articulo.frases():
        if busca(_COFINANCIACION, frase.plano) and not any(h.destino == "cofinanciacion" for h in salida):
            cifras = [c for c in porcentajes(frase.texto) if c.valor < 100]
            if cifras:
                datos = {"aportacion_minima": cifras[0].valor, "ancla": frase.ancla}
                salida.append(Hallazgo("cofinanciacion", "cofinanciacion", datos, [frase], SEGURA,
                                       campos=[("coste_proyecto", frase.ancla)]))
        if concurrencia is None and busca(_EXCESO, frase.plano):
            campos = [("otras_ayudas", frase.ancla)]
            if busca(_COMUNICADAS, frase.plano):
                campos.append(("otras_ayudas_comunicadas", frase.ancla))
            concurrencia = Hallazgo("concurrencia", "exceso", {"ancla": frase.ancla}, [frase], SEGURA, campos=campos)
            salida.append(concurrencia)
        elif concurrencia is not None and busca(_CUBREN, frase.plano):
            concurrencia.datos["ancla_total"] = frase.ancla
            concurrencia.frases.append(frase)
    return salida
