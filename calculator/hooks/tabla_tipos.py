"""MkDocs hook: render the interest-rate table from the engine's data file.

The page ``tipos-de-interes.md`` carries the marker line
``<!-- tabla-tipos-interes -->``. At build time this hook replaces it with a
Markdown table read from ``rules/reintegro/data/tipos_interes.toml`` (the same
file the engine reads), so the site never holds a copy of the rates.

Output, in Spanish: dates as "1 de enero de 2023", percentages with a decimal
comma ("4,0625 %"), the row in force (no ``hasta``) shown as "en vigor", the
``nota`` of a row below the table, and the ``revisado`` date and
``fuente_general`` of the file.

Only the standard library is used (``tomllib``, Python 3.11+).
"""

from __future__ import annotations

import datetime as _dt
import logging
import re
import tomllib
from decimal import Decimal, InvalidOperation
from pathlib import Path

from mkdocs.exceptions import PluginError

MARCADOR = "<!-- tabla-tipos-interes -->"
RUTA_DATOS = Path("rules") / "reintegro" / "data" / "tipos_interes.toml"

log = logging.getLogger("mkdocs.hooks.tabla_tipos")

_MESES = (
    "enero", "febrero", "marzo", "abril", "mayo", "junio",
    "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
)
_MARCADOR_RE = re.compile(r"^[ \t]*" + re.escape(MARCADOR) + r"[ \t]*$", re.MULTILINE)


# --------------------------------------------------------------------------
# Formatting helpers
# --------------------------------------------------------------------------

def _fecha(valor: object, campo: str) -> _dt.date:
    """A TOML date (or an ISO string) as a ``date``."""
    if isinstance(valor, _dt.datetime):
        return valor.date()
    if isinstance(valor, _dt.date):
        return valor
    if isinstance(valor, str):
        try:
            return _dt.date.fromisoformat(valor.strip())
        except ValueError:
            pass
    raise PluginError(f"tipos_interes.toml: «{campo}» no es una fecha válida: {valor!r}")


def fecha_larga(fecha: _dt.date) -> str:
    """1 de enero de 2023."""
    return f"{fecha.day} de {_MESES[fecha.month - 1]} de {fecha.year}"


def porcentaje(valor: object, campo: str) -> str:
    """"4.0625" -> "4,0625 %" (the digits as written in the data file)."""
    texto = str(valor).strip()
    try:
        Decimal(texto)
    except InvalidOperation:
        raise PluginError(
            f"tipos_interes.toml: «{campo}» no es un porcentaje válido: {valor!r}"
        ) from None
    return texto.replace(".", ",") + "\u00a0%"


def _celda(texto: object) -> str:
    """Text safe inside one Markdown table cell."""
    return " ".join(str(texto).split()).replace("|", "\\|")


# --------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------

def leer_datos(ruta: Path) -> dict:
    try:
        with ruta.open("rb") as fichero:
            datos = tomllib.load(fichero)
    except FileNotFoundError:
        raise PluginError(
            f"No se encuentra el fichero de tipos de interés: {ruta}"
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise PluginError(f"{ruta}: TOML no válido: {error}") from None
    if not datos.get("tramos"):
        raise PluginError(f"{ruta}: no contiene ningún tramo ([[tramos]]).")
    return datos


def tabla_markdown(datos: dict) -> str:
    """The Markdown that replaces the marker."""
    tramos = sorted(
        datos["tramos"], key=lambda t: _fecha(t.get("desde"), "desde")
    )
    filas = [
        "| Periodo | Interés legal | Interés de demora (subvenciones) "
        "| Instrumento | Confianza |",
        "| --- | ---: | ---: | --- | --- |",
    ]
    notas: list[str] = []
    anterior_hasta: _dt.date | None = None

    for numero, tramo in enumerate(tramos, start=1):
        desde = _fecha(tramo.get("desde"), f"tramos[{numero}].desde")
        hasta_bruto = tramo.get("hasta")
        hasta = None if hasta_bruto in (None, "") else _fecha(
            hasta_bruto, f"tramos[{numero}].hasta"
        )
        if anterior_hasta is not None and desde != anterior_hasta + _dt.timedelta(days=1):
            log.warning(
                "tipos_interes.toml: el tramo que empieza el %s no sigue al "
                "anterior (que termina el %s).", desde, anterior_hasta,
            )
        anterior_hasta = hasta

        if hasta is None:
            periodo = f"Desde el {fecha_larga(desde)} (**en vigor**)"
        elif hasta.year == desde.year:
            periodo = (
                f"Del {desde.day} de {_MESES[desde.month - 1]} al "
                f"{fecha_larga(hasta)}"
            )
        else:
            periodo = f"Del {fecha_larga(desde)} al {fecha_larga(hasta)}"

        confianza = _celda(tramo.get("confianza", "—"))
        nota = tramo.get("nota")
        if nota:
            ancla = f"nota-tramo-{desde.isoformat()}"
            confianza += f" [Ver nota](#{ancla})"
            notas.append(
                f'<div class="admonition warning" id="{ancla}" markdown>\n'
                f'<p class="admonition-title">Nota sobre el periodo '
                f"{periodo.replace('**', '').lower()}</p>\n\n"
                f"{' '.join(str(nota).split())}\n\n"
                "</div>"
            )

        filas.append(
            "| "
            + " | ".join(
                [
                    periodo,
                    porcentaje(tramo.get("interes_legal"), f"tramos[{numero}].interes_legal"),
                    porcentaje(tramo.get("interes_demora"), f"tramos[{numero}].interes_demora"),
                    _celda(tramo.get("instrumento", "—")),
                    confianza,
                ]
            )
            + " |"
        )

    # The wrapper lets the site's stylesheet stack the rows as cards on phones.
    partes = ['<div class="reintegro-tabla-tipos" markdown>\n\n' + "\n".join(filas) + "\n\n</div>"]
    partes.extend(notas)

    pie: list[str] = []
    if datos.get("revisado"):
        revisado = _fecha(datos["revisado"], "revisado")
        pie.append(f"**Última revisión de la tabla:** {fecha_larga(revisado)}.")
    if datos.get("fuente_general"):
        pie.append(f"**Regla general:** {' '.join(str(datos['fuente_general']).split())}")
    if pie:
        partes.append("\n\n".join(pie))

    return "\n\n".join(p for p in partes if p) + "\n"


# --------------------------------------------------------------------------
# MkDocs events
# --------------------------------------------------------------------------

def _ruta_datos(config) -> Path:
    return Path(config["config_file_path"]).resolve().parent / RUTA_DATOS


def on_page_markdown(markdown: str, page, config, files, **kwargs):
    if MARCADOR not in markdown:
        return markdown
    tabla = tabla_markdown(leer_datos(_ruta_datos(config)))
    return _MARCADOR_RE.sub(lambda _m: tabla, markdown)


def on_serve(server, config, builder, **kwargs):
    """Rebuild when the data file changes under ``mkdocs serve``."""
    ruta = _ruta_datos(config)
    if ruta.exists():
        server.watch(str(ruta))
    return server
