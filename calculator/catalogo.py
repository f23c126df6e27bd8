"""The catalogue of published bases (issue 24): pages from data.

- ``python calculator/catalogo.py importar CARPETA`` turns a research folder
  (/work/catalogo-fuentes/<id>/: ficha.toml, texto.md, criterios.yaml,
  casos.yaml; format in its FORMATO.md) into a draft bases file
  (rules/reintegro/data/bases/<id>.toml: metadata and every paragraph,
  verbatim, its rules left to write by hand), the page notes
  (calculator/catalogo/<id>.toml: «En la práctica» per anchor) and the golden
  cases (tests/golden/<id>.yaml, to check by hand).
- ``python calculator/catalogo.py paginas`` writes docs/bases/<id>.md for every
  bases with a ``[catalogo]`` table, and docs/bases-publicadas.md. The page is
  a function of the data and the notes: tests/engine/test_catalogo.py fails if
  a page on disk differs from what this module writes, so page and data
  cannot disagree.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
DATOS = RAIZ / "rules" / "reintegro" / "data" / "bases"
NOTAS = RAIZ / "calculator" / "catalogo"
PAGINAS = RAIZ / "docs" / "bases"
LISTA = RAIZ / "docs" / "bases-publicadas.md"
GOLDEN = RAIZ / "tests" / "golden"
_ANCLA = re.compile(r"^\{#([a-z0-9-]+)\}$")


# ---------------------------------------------------------------- reading texto.md


def bloques(texto: str) -> tuple[str, list[tuple[str, str]]]:
    """(title line, [(anchor, paragraph text)]) of a research texto.md."""
    lineas = [linea.rstrip() for linea in texto.splitlines()]
    titulo = next(linea for linea in lineas if linea.strip())
    salida, actual = [], []
    for linea in lineas[lineas.index(titulo) + 1:]:
        marca = _ANCLA.match(linea.strip())
        if marca:
            salida.append((marca.group(1), "\n".join(actual).strip()))
            actual = []
        elif linea.strip() or actual:
            actual.append(linea)
    return titulo.strip(), salida


def referencia(ancla: str) -> str:
    """How the text numbers a paragraph, from its anchor: «apartado 2, letra b), 1.º»."""
    partes, salida, i = ancla.split("-"), [], 0
    while i < len(partes):
        clave, valor = partes[i], partes[i + 1] if i + 1 < len(partes) else ""
        if clave == "apartado":
            salida.append(f"apartado {valor}")
        elif clave == "letra":
            salida.append(f"letra {valor})")
        elif clave == "parrafo":
            salida.append(f"párrafo {'primero' if valor == '1' else valor + '.º'}")
        elif clave == "tabla":
            salida.append("tabla")
            i += 1
            continue
        elif clave.isdigit():
            salida.append(f"{clave}.º")
            i += 1
            continue
        i += 2
    return ", ".join(salida)


# ---------------------------------------------------------------- import


def _toml_texto(valor: str) -> str:
    return '"' + valor.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def importar(carpeta: Path) -> None:
    import yaml

    ficha = tomllib.loads((carpeta / "ficha.toml").read_text(encoding="utf-8"))
    id_bases = ficha["id"]
    titulo, parrafos = bloques((carpeta / "texto.md").read_text(encoding="utf-8"))
    lineas = [f"# {ficha['titulo']}", "# Imported from the research folder; rules written by hand below.",
              f"id = {_toml_texto(id_bases)}", f"titulo = {_toml_texto(ficha['titulo'])}",
              f"titulo_corto = {_toml_texto(ficha['identificador'] + ', ' + titulo.split('.')[0].lower())}",
              f"norma = {_toml_texto(ficha['identificador'] + ', ' + titulo.split('.')[0].lower())}",
              f"fuente = {_toml_texto(ficha['boletin'] + ' (' + ficha['identificador'] + '), ' + titulo)}", "",
              "[catalogo]"]
    for clave in ("organo", "ambito", "ley_aplicable", "ano", "identificador", "boletin", "articulo", "procedencia",
                  "version", "completo", "falta", "tipos"):
        valor = ficha.get(clave, "")
        if isinstance(valor, bool):
            lineas.append(f"{clave} = {'true' if valor else 'false'}")
        elif isinstance(valor, int):
            lineas.append(f"{clave} = {valor}")
        elif isinstance(valor, list):
            lineas.append(f"{clave} = [{', '.join(_toml_texto(v) for v in valor)}]")
        else:
            lineas.append(f"{clave} = {_toml_texto(valor)}")
    for ancla, texto in parrafos:
        lineas += ["", f"[parrafos.{ancla}]", f"referencia = {_toml_texto(referencia(ancla))}",
                   f"texto = {_toml_texto(texto)}"]
    (DATOS / f"{id_bases}.toml").write_text("\n".join(lineas) + "\n", encoding="utf-8")

    criterios = yaml.safe_load((carpeta / "criterios.yaml").read_text(encoding="utf-8")) or []
    notas: dict[str, list[str]] = {}
    for c in criterios:
        if c.get("nota_practica"):
            notas.setdefault(c["ancla"], []).append(c["nota_practica"].strip())
    salida = [f"# «En la práctica» of the page of {id_bases}, per anchor (from criterios.yaml)."]
    for ancla, textos in notas.items():
        unico = list(dict.fromkeys(textos))
        salida += ["", f"[practica.{ancla}]", f"texto = {_toml_texto(' '.join(unico))}"]
    (NOTAS / f"{id_bases}.toml").write_text("\n".join(salida) + "\n", encoding="utf-8")

    casos = yaml.safe_load((carpeta / "casos.yaml").read_text(encoding="utf-8")) or []
    golden = {"bases": id_bases, "casos": []}
    for c in casos:
        caso = dict(c["caso"])
        if c.get("criterios_propios"):
            caso["criterios"] = c["criterios_propios"]
        espera = {k: v for k, v in c["espera"].items() if k in ("regimen", "importe_final", "reintegro", "perdida_derecho_cobro", "pendiente_de_cobro", "total_a_ingresar")}
        golden["casos"].append({"nombre": c["nombre"], "calculo": c.get("calculo", ""), "caso": caso,
                                "espera": espera})
    cabecera = f"# Golden cases for {id_bases}, hand-worked from its text (research folder casos.yaml), checked by hand.\n"
    (GOLDEN / f"{id_bases}.yaml").write_text(
        cabecera + yaml.safe_dump(golden, allow_unicode=True, sort_keys=False, width=120), encoding="utf-8")


def campos_necesarios(datos: dict) -> list[tuple[str, str]]:
    """(case field, anchor) of every field the rules of a bases read, for its
    [[campos]]: the figures of every case, then each clause's own."""
    regimen = datos["regimen"]
    proporcional = regimen["ancla_proporcional"]
    intereses = datos.get("intereses", {}).get("ancla", "lgs-37-1")
    salida = [("importe_concedido", proporcional), ("coste_proyecto", proporcional), ("pagos", intereses),
              ("gasto_justificado", proporcional),
              ("grado_cumplimiento_objetivos", regimen.get("ancla_objetivos") or proporcional)]
    for clausula in (*datos.get("causas_totales", ()), *datos.get("deducciones", ())):
        salida.append((clausula["campo"], clausula["ancla"]))
    if regimen["tipo"] == "declaracion":
        salida.append((regimen["campo"], regimen["ancla"]))
    for m in datos.get("minoraciones", ()):
        if m["tipo"] in ("por_dias", "retraso"):
            salida += [(m.get("desde", "fecha_limite_justificacion"), m["ancla"]),
                       (m.get("hasta", "fecha_presentacion_justificacion"), m["ancla"])]
        else:
            salida.append((m["campo"], m["ancla"]))
    concurrencia = datos.get("concurrencia", {}).get("ancla", "lgs-19-3")
    salida += [("otras_ayudas", concurrencia), ("otras_ayudas_publicas", "rlgs-34")]
    if datos.get("concurrencia", {}).get("ancla_total"):
        salida.append(("otras_ayudas_comunicadas", datos["concurrencia"]["ancla_total"]))
    salida += [("fecha_inicio_procedimiento", "lgs-42-4"), ("fecha_resolucion", intereses),
               ("fecha_ingreso", intereses), ("base_dias", "interes-de-demora")]
    vistos: dict[str, str] = {}
    for campo, ancla in salida:
        vistos.setdefault(campo, ancla)
    return list(vistos.items())


def completar_campos(id_bases: str) -> None:
    """Append to a bases file the [[campos]] its rules need and it lacks."""
    ruta = DATOS / f"{id_bases}.toml"
    texto = ruta.read_text(encoding="utf-8")
    datos = tomllib.loads(texto)
    tiene = {c["campo"] for c in datos.get("campos", ())}
    nuevos = [f'\n[[campos]]\ncampo = "{campo}"\nancla = "{ancla}"' for campo, ancla in campos_necesarios(datos)
              if campo not in tiene]
    ruta.write_text(texto.rstrip("\n") + "\n" + "".join(nuevos) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- pages


def _markdown_literal(texto: str) -> str:
    """Verbatim text as Markdown that renders as written: a leading «1.» or
    «-» would start a list, «*», «_», «<» and «[» would be markup."""
    texto = re.sub(r"([\\`*_<\[\]])", r"\\\1", texto)
    return re.sub(r"^(\d+)\.(\s)", r"\1\\.\2", re.sub(r"^([-+#>])", r"\\\1", texto, flags=re.M), flags=re.M)


def _sangrado(texto: str) -> str:
    return "\n".join(("    " + linea) if linea else "" for linea in texto.splitlines())


def bases_del_catalogo() -> list[dict]:
    """The bases data files with a [catalogo] table, by identifier."""
    datos = [tomllib.loads(r.read_text(encoding="utf-8")) for r in sorted(DATOS.glob("*.toml"))]
    return sorted((d for d in datos if "catalogo" in d), key=lambda d: (d["catalogo"]["identificador"], d["id"]))


def notas_de(id_bases: str) -> dict[str, str]:
    ruta = NOTAS / f"{id_bases}.toml"
    datos = tomllib.loads(ruta.read_text(encoding="utf-8")) if ruta.is_file() else {}
    return {ancla: n["texto"] for ancla, n in datos.get("practica", {}).items()}


def pagina(datos: dict) -> str:
    """docs/bases/<id>.md of a catalogue bases."""
    ficha, id_bases = datos["catalogo"], datos["id"]
    practica = notas_de(id_bases)
    descripcion = f"Texto anotado de {ficha['articulo'].rstrip('.')} ({ficha['identificador']}) y su calculadora."
    nombre = f"{ficha['identificador']}, {ficha['articulo'].rstrip('.')}"
    lineas = [
        "---", f"title: {_yaml(nombre)}",
        f"description: {_yaml(descripcion)}", "---", "",
        "<!-- Generated by calculator/catalogo.py from rules/reintegro/data/bases/"
        f"{id_bases}.toml and calculator/catalogo/{id_bases}.toml: edit those, then run "
        "`python calculator/catalogo.py paginas`. -->", "",
        f"# {_markdown_literal(nombre)}", "",
        f"**{_markdown_literal(datos['titulo'])}**", "",
        f"- **Órgano:** {ficha['organo']}",
        f"- **Ámbito:** {ficha['ambito']}; **ley que lo rige:** {ficha['ley_aplicable']}",
        f"- **Publicación:** {ficha['boletin']} ({ficha['identificador']})",
        f"- **Versión:** {ficha['version']}",
        f"- **Procedencia de la copia:** {ficha['procedencia']}",
        f"- **Tipo de reglas:** {', '.join(ficha['tipos'])}", "",
        "[¿No está su bases? Descríbala](../sus-bases.md){ .md-button }", "",
    ]
    if not ficha["completo"]:
        lineas += ['!!! warning "Texto incompleto"', "", _sangrado(ficha["falta"] or "La copia no es completa."), ""]
    if datos.get("sin_expresar"):
        lineas += ['!!! warning "Esta calculadora no aplica"', "",
                   "    Estos criterios del artículo quedan fuera del cálculo; léalos en el texto:", ""]
        for s in datos["sin_expresar"]:
            referencia_s = datos["parrafos"][s["ancla"]]["referencia"]
            lineas.append(f"    - {s['texto']} ([{referencia_s}](#{s['ancla']})).")
        lineas.append("")
    lineas += ["Las notas «En la práctica» no forman parte del artículo: son explicaciones de este sitio. "
               "El texto se reproduce literalmente.", "",
               '<div class="reintegro-pagina" markdown>', '<div class="reintegro-ley" markdown>', "",
               f"## {_markdown_literal(ficha['articulo'])} {{#articulo}}", ""]
    for ancla, parrafo in datos["parrafos"].items():
        if parrafo["texto"].startswith("|"):  # a table: its anchor on a block around it
            lineas += [f'<div id="{ancla}" markdown>', "", parrafo["texto"], "", "</div>", ""]
        else:
            lineas += [_markdown_literal(parrafo["texto"]), f"{{#{ancla}}}", ""]
        if ancla in practica:
            lineas += ['!!! note "En la práctica"', "", _sangrado(practica[ancla]), ""]
    lineas += [
        '<p class="reintegro-otras-bases"><a href="../../sus-bases/">¿No está su bases? Descríbala</a> · '
        '<a href="../../bases-publicadas/">Bases publicadas</a></p>', "",
        "</div>",
        f'<section class="reintegro-calculadora" data-calculadora="{id_bases}" aria-label="Calculadora de reintegro">',
        "<noscript><p>La calculadora necesita JavaScript, que está desactivado en su navegador. El texto del "
        "artículo y sus explicaciones siguen disponibles en esta página.</p></noscript>",
        "</section>", "</div>", "",
    ]
    return "\n".join(lineas)


def _yaml(texto: str) -> str:
    return '"' + texto.replace("\\", "\\\\").replace('"', '\\"') + '"'


def lista() -> str:
    """docs/bases-publicadas.md: every catalogue bases, filtered as one types."""
    filas = []
    for d in bases_del_catalogo():
        f = d["catalogo"]
        filas.append(
            f'<tr data-texto="{_atributo(" ".join([d["titulo"], f["organo"], f["identificador"], str(f["ano"]), *f["tipos"]]).lower())}">'
            f'<td><a href="../bases/{d["id"]}/">{_html(d["titulo"])}</a></td><td>{_html(f["organo"])}</td>'
            f'<td>{f["ano"]}</td><td>{_html(f["identificador"])}</td><td>{_html(", ".join(f["tipos"]))}</td></tr>')
    return "\n".join([
        "---", 'title: "Bases publicadas"',
        'description: "Artículos reales de bases reguladoras publicadas en boletines oficiales, cada uno con su '
        'texto anotado y su calculadora."', "---", "",
        "<!-- Generated by calculator/catalogo.py from the bases data: run `python calculator/catalogo.py paginas`. -->",
        "", "# Bases publicadas", "",
        "Artículos de bases reguladoras publicadas (boletines estatales, autonómicos y provinciales) que deciden "
        "cuánto se devuelve de una subvención. Cada uno tiene su texto literal anotado y la calculadora. "
        "Escriba para filtrar la lista por título, órgano, año, identificador o tipo de reglas.", "",
        "[¿No está su bases? Descríbala](sus-bases.md){ .md-button }", "",
        '<div class="reintegro-catalogo" data-catalogo>',
        '<label for="filtro-catalogo">Filtrar las bases</label>',
        '<input id="filtro-catalogo" type="search" autocomplete="off" data-filtro-catalogo '
        'aria-describedby="cuenta-catalogo">',
        f'<p id="cuenta-catalogo" role="status" data-cuenta-catalogo>{len(filas)} bases</p>',
        '<div class="reintegro-tabla-catalogo"><table>',
        "<caption>Bases publicadas en el catálogo</caption>",
        '<thead><tr><th scope="col">Título</th><th scope="col">Órgano</th><th scope="col">Año</th>'
        '<th scope="col">Identificador</th><th scope="col">Reglas</th></tr></thead>',
        "<tbody>", *filas, "</tbody></table></div>", "</div>", "",
    ])


def _html(texto: str) -> str:
    return texto.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _atributo(texto: str) -> str:
    return _html(texto).replace('"', "&quot;")


MKDOCS = RAIZ / "mkdocs.yml"
_NAV = re.compile(r"(  # catalogo: inicio[^\n]*\n).*?(  # catalogo: fin)", re.S)


def navegacion(texto_mkdocs: str) -> str:
    """mkdocs.yml with the catalogue's pages listed in ``not_in_nav`` between
    its markers: «Bases publicadas» is their index, not the site's menu."""
    entradas = "".join(f"  /bases/{d['id']}.md\n" for d in bases_del_catalogo())
    return _NAV.sub(lambda m: m.group(1) + entradas + m.group(2), texto_mkdocs)


def escribir_paginas() -> None:
    for d in bases_del_catalogo():
        (PAGINAS / f"{d['id']}.md").write_text(pagina(d), encoding="utf-8")
    LISTA.write_text(lista(), encoding="utf-8")
    MKDOCS.write_text(navegacion(MKDOCS.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:2] == ["importar"]:
        for carpeta in sys.argv[2:]:
            importar(Path(carpeta))
    elif sys.argv[1:2] == ["campos"]:
        for id_bases in sys.argv[2:]:
            completar_campos(id_bases)
    elif sys.argv[1:2] == ["paginas"]:
        escribir_paginas()
    else:
        sys.exit("uso: python calculator/catalogo.py importar CARPETA… | campos ID… | paginas")
