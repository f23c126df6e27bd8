"""How well and how fast the reader (reintegro.lector) reads its corpus.

    .venv/bin/python benchmarks/lector.py [--sin-pyodide]

Prints, over tests/lector/corpus/ (tests/lector/medida.py says how each
figure is counted):
- the seeds: their hand-written data files' clauses recognised;
- the research articles (criterios.yaml): recognised criteria (recall), the
  correct among those marked «segura» (precision), the figures marked sure
  and wrong (must be 0), the criteria of kinds the model lacks that the
  reader shows (as a criterion to check or unrecognised), and the
  researchers' hand-worked cases the reader's bases computes equally;
- the time to read an article in CPython and in Pyodide (Node, the npm
  runtime, the wheels and the standard library the site serves: what the
  page's worker runs), per article and for 1 MB of text (linear: a 1 MB
  article repeated, 100.000 nested parentheses, one 1 MB sentence).
No figure is asserted: they are printed (and in README.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ))

from tests.lector import corpus, medida  # noqa: E402

REPETICIONES = 5
MEGA = 1_000_000


def textos_de_un_mega() -> dict[str, str]:
    semilla = corpus.texto("art21-umbral-75") + "\n\n"
    frase = "no alcance el 35 % del importe concedido, reintegro total y publicidad hasta el 10 % por cada día, "
    return {
        "artículo repetido (semilla 000)": (semilla * (MEGA // len(semilla) + 1))[:MEGA],
        "paréntesis anidados": "(" * (MEGA // 2) + ")" * (MEGA // 2),
        "una sola frase de 1 MB": (frase * (MEGA // len(frase) + 1))[:MEGA],
    }


def _leer(texto: str) -> None:
    from reintegro.lector import ArticuloIlegible, leer_articulo

    try:
        leer_articulo(texto)
    except ArticuloIlegible:
        pass


def tiempos_cpython() -> tuple[dict[str, float], dict[str, float]]:
    """(ms per article, best of REPETICIONES; seconds per 1 MB text)."""
    por_articulo = {}
    for id_ in corpus.ids():
        texto = corpus.texto(id_)
        mejores = []
        for _ in range(REPETICIONES):
            inicio = time.perf_counter()
            _leer(texto)
            mejores.append(time.perf_counter() - inicio)
        por_articulo[id_] = min(mejores) * 1000
    un_mega = {}
    for nombre, texto in textos_de_un_mega().items():
        inicio = time.perf_counter()
        _leer(texto)
        un_mega[nombre] = time.perf_counter() - inicio
    return por_articulo, un_mega


# Run inside Pyodide: the same measures, returned as JSON text.
EN_PYODIDE = """
import json, pathlib, time
from reintegro.lector import ArticuloIlegible, leer_articulo

def leer(texto):
    try:
        leer_articulo(texto)
    except ArticuloIlegible:
        pass

def medir(texto, veces):
    mejores = []
    for _ in range(veces):
        inicio = time.perf_counter()
        leer(texto)
        mejores.append(time.perf_counter() - inicio)
    return min(mejores)

carpeta = pathlib.Path("/home/pyodide/lector")
articulos = {p.stem: medir(p.read_text(encoding="utf-8"), REPETICIONES) * 1000
             for p in sorted((carpeta / "corpus").glob("*.txt"))}
megas = json.loads((carpeta / "megas.json").read_text(encoding="utf-8"))
json.dumps({"articulos": articulos, "megas": {n: medir(t, 1) for n, t in megas.items()}})
"""


def tiempos_pyodide() -> dict | str:
    """The same timings inside Pyodide (Node), or why they could not be taken."""
    from tests.pyodide import test_pyodide as p

    with tempfile.TemporaryDirectory(prefix="bench-lector-") as carpeta:
        carpeta = Path(carpeta)
        try:
            ruedas, biblioteca = p._servido_por_el_sitio(carpeta)
        except BaseException as error:  # pytest.fail outside pytest: its message says what is missing
            return f"no se pudo preparar Pyodide: {error}"
        (carpeta / "megas.json").write_text(json.dumps(textos_de_un_mega()), encoding="utf-8")
        copias = [{"desde": str(corpus.CARPETA), "hacia": "/home/pyodide/lector/corpus"},
                  {"desde": str(carpeta / "megas.json"), "hacia": "/home/pyodide/lector/megas.json"}]
        tareas = [{"tipo": "python", "codigo": EN_PYODIDE.replace("REPETICIONES", str(REPETICIONES)),
                   "salida": str(carpeta / "salida.json")}]
        trabajo = p._trabajo(carpeta, ruedas, copias, tareas, biblioteca)
        proceso = subprocess.run(["node", str(p.RUNNER), str(trabajo)], cwd=RAIZ, capture_output=True, text=True,
                                 timeout=1800)
        if proceso.returncode != 0:
            return f"node falló ({proceso.returncode}): {(proceso.stdout + proceso.stderr)[-1500:]}"
        return json.loads((carpeta / "salida.json").read_text(encoding="utf-8"))


def casos_de_investigacion() -> tuple[int, int, list[str]]:
    """(cases computed equal, cases, names of those that differ) of the researchers' hand-worked
    cases that use only the model's fields, under the reader's bases of their article."""
    from tests.golden import corpus as dorado

    iguales, total, distintos = 0, 0, []
    for id_ in corpus.investigados():
        casos = [c for c in corpus.esperados(id_).get("casos", []) if not c.get("criterios_propios")]
        if not casos:
            continue
        try:
            b = corpus.bases_leidas(id_)
        except Exception:  # unreadable: every case counts as different
            b = None
        for caso in casos:
            total += 1
            fallos = ["sin bases"] if b is None else dorado.comprobar(caso, b)
            if fallos:
                distintos.append(f"{id_}: {caso['nombre']}: {fallos[0]}")
            else:
                iguales += 1
    return iguales, total, distintos


def _porcentaje(parte: int, todo: int) -> str:
    return f"{100 * parte / todo:.1f} %" if todo else "—"


def _ms(valores) -> str:
    valores = list(valores)
    return f"mediana {statistics.median(valores):.1f} ms, máximo {max(valores):.1f} ms"


def main(argv: list[str] | None = None) -> None:
    opciones = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    opciones.add_argument("--sin-pyodide", action="store_true", help="no mide en Pyodide")
    opciones.add_argument("--detalle", action="store_true", help="lista lo no reconocido y los casos distintos")
    argumentos = opciones.parse_args(argv)

    semillas, investigacion = medida.medir_corpus()
    print("Lector de artículos: corpus de tests/lector/corpus/")
    print(f"  semillas (5): cláusulas de sus ficheros escritos a mano reconocidas: {semillas.reconocidos}/"
          f"{semillas.esperados}; marcadas «segura» y erróneas: {len(semillas.seguros_mal)}")
    print(f"  artículos investigados: {len(corpus.investigados())} ({len(investigacion.ilegibles)} sin ningún "
          f"criterio reconocido: {', '.join(investigacion.ilegibles) or 'ninguno'})")
    print(f"    recall (criterios de tipos que el modelo tiene): {investigacion.reconocidos}/{investigacion.esperados}"
          f" = {_porcentaje(investigacion.reconocidos, investigacion.esperados)}")
    print(f"    precisión de «segura»: {investigacion.seguros_bien}/{investigacion.seguros} = "
          f"{_porcentaje(investigacion.seguros_bien, investigacion.seguros)}")
    print(f"    cifras marcadas «segura» y erróneas: {len(investigacion.seguros_mal)}")
    for linea in investigacion.seguros_mal:
        print(f"      {linea}")
    print(f"    criterios de tipos que el modelo no tiene, mostrados al usuario: {investigacion.sin_modelo_mostrados}/"
          f"{investigacion.sin_modelo}")
    iguales, total, distintos = casos_de_investigacion()
    print(f"    casos trabajados a mano (sin criterios propios) iguales con las bases leídas: {iguales}/{total}")
    if argumentos.detalle:
        for linea in investigacion.no_reconocidos:
            print(f"      no reconocido: {linea}")
        for linea in distintos:
            print(f"      caso distinto: {linea}")

    articulos, megas = tiempos_cpython()
    print(f"Tiempo de lectura en CPython {sys.version.split()[0]} (el mejor de {REPETICIONES}):")
    print(f"  por artículo ({len(articulos)}): {_ms(articulos.values())}")
    for nombre, segundos in megas.items():
        print(f"  1 MB, {nombre}: {segundos:.2f} s")
    if argumentos.sin_pyodide:
        return
    en_pyodide = tiempos_pyodide()
    if isinstance(en_pyodide, str):
        print(f"Pyodide: {en_pyodide}")
        return
    print(f"Tiempo de lectura en Pyodide (Node {subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}, "
          "ruedas y biblioteca del sitio):")
    print(f"  por artículo ({len(en_pyodide['articulos'])}): {_ms(en_pyodide['articulos'].values())}")
    for nombre, segundos in en_pyodide["megas"].items():
        print(f"  1 MB, {nombre}: {segundos:.2f} s")


if __name__ == "__main__":
    main()
