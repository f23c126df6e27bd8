"""The calculator's form, derived from the bases data: only the fields a bases
uses, each with its Spanish label, help, symbol and the paragraph that makes
it relevant ("¿Por qué se pregunta?"); the bases' source, and the optional
references of the printed report."""

from __future__ import annotations

from .caso import MAXIMOS_REFERENCIA, Caso
from .catalogo import bases, campos_genericos, cita
from .datos import leer_toml
from .criterios import campo as campo_de_criterio
from .modelo_bases import Bases, Criterio

# Keys of data/campos.toml that the page takes as they are.
_EXTRAS = ("simbolo", "etiqueta_fecha", "etiqueta_importe")


def _defecto(campo: str) -> object:
    informacion = Caso.model_fields[campo]
    if informacion.is_required():
        return None
    valor = informacion.default
    if valor is None or isinstance(valor, (bool, str)):
        return valor
    if isinstance(valor, tuple):
        return []
    return str(valor)


def referencias() -> list[dict]:
    """The fields of a case's ``referencia``: name, label, help, longest length."""
    textos = leer_toml("campos.toml")["referencia"]
    return [{"campo": campo, **textos[campo], "maximo": maximo} for campo, maximo in MAXIMOS_REFERENCIA.items()]


def _por_que(b: Bases, ancla: str | None) -> dict | None:
    """The paragraph that makes a field relevant («¿Por qué se pregunta?»)."""
    if not ancla:
        return None
    c = cita(b, ancla)
    return {"referencia": f"{c.norma}, {c.referencia}", "ancla": c.ancla, "enlace": c.enlace, "texto": c.texto}


def _campo_de_criterio(b: Bases, criterio: Criterio) -> dict:
    """A criterion of the bases' own as a field of the form («criterios.<id>»):
    yes/no, options, a percentage, or a number up to its maximum."""
    tipo = {"si_no": "booleano", "opciones": "opciones", "importe": "importe"}.get(criterio.tipo)
    if tipo is None:
        tipo = "porcentaje" if criterio.unidad == "%" and criterio.maximo == 100 else "numero"
    defecto = criterio.valor_por_defecto
    return {
        "campo": campo_de_criterio(criterio),
        "tipo": tipo,
        "etiqueta": criterio.etiqueta,
        "ayuda": criterio.ayuda,
        "obligatorio": False,
        "defecto": defecto if isinstance(defecto, (bool, str)) or defecto is None else format(defecto.normalize(), "f"),
        "opciones": [{"valor": o.valor, "etiqueta": o.valor} for o in criterio.opciones] or None,
        "grupo": "incumplimientos",
        "por_que": _por_que(b, criterio.ancla),
        "criterio": True,
        **({"maximo": format(criterio.maximo.normalize(), "f"), "unidad": criterio.unidad} if tipo == "numero" else {}),
    }


def formulario(de: str | Bases) -> dict:
    """The form of a bases: one of the package's, by id, or a user's own."""
    b = bases(de) if isinstance(de, str) else de
    campos = []
    for usado in b.campos:
        generico = campos_genericos()[usado.campo]
        por_que = _por_que(b, usado.ancla)
        campos.append({
            "campo": usado.campo,
            "tipo": generico["tipo"],
            "etiqueta": usado.etiqueta or generico["etiqueta"],
            "ayuda": usado.ayuda or generico["ayuda"],
            "obligatorio": generico.get("obligatorio", False),
            "defecto": _defecto(usado.campo),
            "opciones": generico.get("opciones"),
            "grupo": generico["grupo"],
            "por_que": por_que,
            **{clave: generico[clave] for clave in _EXTRAS if clave in generico},
        })
    campos += [_campo_de_criterio(b, criterio) for criterio in b.criterios]
    return {
        "bases": b.id, "titulo": b.titulo, "pagina": b.pagina, "norma": b.norma, "fuente": b.fuente,
        "campos": campos, "referencia": referencias(),
        "sin_expresar": [{"texto": s.texto, "referencia": cita(b, s.ancla).referencia, "ancla": s.ancla}
                         for s in b.sin_expresar],
    }
