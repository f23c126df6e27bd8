"""Does ``importes.Racional`` pay against ``fractions.Fraction``? A benchmark,
not a test: nothing here asserts.

    .venv/bin/python benchmarks/racional.py [--rondas 3] [--segundos 3]

It copies ``rules/`` into a scratch folder with ``Racional`` replaced by the
standard library's ``Fraction`` (the class and its constructor helper; every
caller unchanged), builds the site from each engine (``mkdocs build`` with
``REINTEGRO_MOTOR_DIR``), and measures engine evaluations per second with
benchmark.py's own functions (``navegador.calcular`` on its 50 cases) on
CPython and in Pyodide under Node, the two engines alternated round by round
(this machine's speed varies minute to minute). Prints the medians.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import benchmark

RAIZ = Path(__file__).resolve().parents[1]


def con_fraction(destino: Path) -> Path:
    """A copy of the tree's rules/ whose importes.Racional is fractions.Fraction."""
    shutil.copytree(RAIZ / "rules", destino / "rules", ignore=shutil.ignore_patterns("__pycache__"))
    importes = destino / "rules" / "reintegro" / "importes.py"
    texto = importes.read_text(encoding="utf-8")
    clase, ayudante = texto.index("class Racional:"), texto.index("def _racional(")
    texto = texto[:clase] + "from fractions import Fraction as Racional  # noqa: E402\n\n\n" + texto[ayudante:]
    cuerpo = texto.index("    divisor = gcd(numerador, denominador)", texto.index("def _racional("))
    fin = texto.index("    return nuevo\n", cuerpo) + len("    return nuevo\n")
    importes.write_text(texto[:cuerpo] + "    return Racional(numerador, denominador)\n" + texto[fin:], encoding="utf-8")
    return destino


def construir(motor: Path, sitio: Path) -> None:
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(sitio)], cwd=RAIZ,
                   env={**os.environ, "REINTEGRO_MOTOR_DIR": str(motor)}, check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rondas", type=int, default=3)
    ap.add_argument("--segundos", type=float, default=3.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="racional-") as tmp:
        tmp = Path(tmp)
        arboles = {"Racional": RAIZ, "Fraction": con_fraction(tmp / "fraction")}
        sitios = {}
        for nombre, arbol in arboles.items():
            sitios[nombre] = tmp / f"sitio-{nombre}"
            construir(arbol / "rules" / "reintegro", sitios[nombre])
        cifras = {n: {"CPython": [], "Pyodide": []} for n in arboles}
        for ronda in range(args.rondas):
            for nombre, arbol in arboles.items():
                benchmark.RAIZ = arbol  # evaluaciones_cpython puts <RAIZ>/rules on PYTHONPATH
                cifras[nombre]["CPython"].append(benchmark.evaluaciones_cpython(args.segundos))
                benchmark.RAIZ = RAIZ  # the npm runtime of this tree
                cifras[nombre]["Pyodide"].append(benchmark.evaluaciones_pyodide(sitios[nombre], args.segundos))
                print(f"ronda {ronda + 1} {nombre}: " + ", ".join(f"{k} {v[-1]:.0f}/s" for k, v in cifras[nombre].items()),
                      flush=True)
    print("\n| importes | CPython, evaluaciones/s | Pyodide, evaluaciones/s |\n| --- | ---: | ---: |")
    for nombre, c in cifras.items():
        print(f"| {nombre} | {statistics.median(c['CPython']):.0f} | {statistics.median(c['Pyodide']):.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
