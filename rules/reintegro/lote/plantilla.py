"""The template CSV of a bases: one column per field its form asks, named by
the form's label (payments as two pairs of columns), the ``bases`` column
first and the references last. ``;`` as separator and a BOM, as a Spanish
spreadsheet writes and reads CSV."""

from __future__ import annotations

import csv
import io

from ..catalogo import campos_genericos
from ..formulario import formulario

PAGOS_EN_PLANTILLA = 2


def columnas_de_plantilla(id_bases: str) -> list[str]:
    pagos = campos_genericos()["pagos"]
    columnas = ["bases"]
    for campo in formulario(id_bases)["campos"]:
        if campo["tipo"] == "pagos":
            for n in range(1, PAGOS_EN_PLANTILLA + 1):
                columnas += [pagos["etiqueta_importe"].format(n=n), pagos["etiqueta_fecha"].format(n=n)]
        else:
            columnas.append(campo["etiqueta"])
    return columnas + [r["etiqueta"] for r in formulario(id_bases)["referencia"]]


def plantilla(id_bases: str) -> str:
    salida = io.StringIO()
    csv.writer(salida, delimiter=";", lineterminator="\r\n").writerow(columnas_de_plantilla(id_bases))
    return "\ufeff" + salida.getvalue()
