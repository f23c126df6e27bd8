"""Paired comparison of two built sites in Debian's Chromium (not a test).

    .venv/bin/python benchmarks/comparar.py SITIO_A SITIO_B [--vueltas 12] [--frias 8]

Build each variant first (``.venv/bin/mkdocs build -d /tmp/sitio-a``...).

This machine's speed changes by up to 1.7x from one minute to the next (see
the CPython evaluations per second in benchmarks/ultimas-cifras.md), more than
most changes worth measuring. Medians of two series taken one after the other
cannot tell 50 ms apart. So the two sites are measured visit by visit,
alternately (the order swapped every round), each on its own static server
and browser profile, and the verdict is per pair: the median and mean of
B - A, and how many pairs B won.

- Returning visits (``--vueltas``): the profile holds the offline copy and
  the engine's memory snapshot; the browser is restarted for every visit and
  the link opened once the browser is at rest, as benchmarks/benchmark.py
  does. Also reported: from "engine ready" to the first result (the first
  calculation and its rendering).
- First visits (``--frias``): a new profile each time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchmark as b  # noqa: E402  (this script's sibling, not a package)


def url_del_caso(servidor) -> str:
    return f"{servidor.origen}bases/art21-umbral-75/{b.fragmento_de(b.CASO)}"


def preparar_perfil(p, perfil: Path, url: str) -> float:
    """A first visit that leaves the offline copy and the snapshot behind."""
    contexto, pagina, _, segundos = b.abrir_enlace(p, perfil, url, en_reposo=True)
    b.esperar_copia_sin_conexion(pagina)
    b.esperar_reposo()
    contexto.close()
    return segundos


def vuelta(p, perfil: Path, url: str) -> tuple[float, float]:
    """(seconds to the first result, seconds from engine ready to it)."""
    contexto, pagina, _, segundos = b.abrir_enlace(p, perfil, url, en_reposo=True)
    tiempos = b.tiempos_motor(pagina)
    if not tiempos["instantanea"]:
        raise SystemExit(f"{url}: la visita de vuelta no arrancó de la instantánea")
    listo = (tiempos["listo"] - tiempos["origen"]) / 1000
    b.esperar_reposo(1.0)
    contexto.close()
    return segundos, segundos - listo


def primera_visita(p, url: str) -> float:
    with tempfile.TemporaryDirectory(prefix="comparar-") as d:
        contexto, _, _, segundos = b.abrir_enlace(p, Path(d), url, en_reposo=True)
        b.esperar_reposo(2.0)
        contexto.close()
    return segundos


def alternando(rondas: int, medir) -> list[list]:
    """medir(k) for k = 0 (A) and 1 (B), ``rondas`` times, the order swapped
    every round; [results of A, results of B]."""
    resultados = [[], []]
    for i in range(rondas):
        for k in (0, 1) if i % 2 == 0 else (1, 0):
            resultados[k].append(medir(k))
        print(f"  ronda {i + 1}: A {redondeado(resultados[0][-1])}  B {redondeado(resultados[1][-1])}", flush=True)
    return resultados


def redondeado(valor):
    return tuple(round(v, 3) for v in valor) if isinstance(valor, tuple) else round(valor, 3)


def fila(medida: str, a: list[float], bs: list[float]) -> str:
    diferencias = [y - x for x, y in zip(a, bs)]
    ganadas = sum(d < 0 for d in diferencias)
    return (f"| {medida} | {statistics.median(a):.3f} s | {statistics.median(bs):.3f} s "
            f"| {statistics.median(diferencias):+.3f} s | {statistics.mean(diferencias):+.3f} s "
            f"| {ganadas} de {len(diferencias)} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sitio_a", type=Path)
    parser.add_argument("sitio_b", type=Path)
    parser.add_argument("--vueltas", type=int, default=12, help="pares de visitas de vuelta (0: ninguna)")
    parser.add_argument("--frias", type=int, default=0, help="pares de primeras visitas (0: ninguna)")
    args = parser.parse_args()
    sitios = [args.sitio_a, args.sitio_b]
    for sitio in sitios:
        if not (sitio / "assets" / "calculadora" / "motor.json").is_file():
            parser.error(f"{sitio}: no es un sitio construido (falta assets/calculadora/motor.json)")
    servidores = [b.ServidorEstatico(s).arrancar() for s in sitios]
    urls = [url_del_caso(s) for s in servidores]
    filas = []
    with sync_playwright() as p:
        if args.vueltas:
            with tempfile.TemporaryDirectory(prefix="comparar-a-") as da, \
                    tempfile.TemporaryDirectory(prefix="comparar-b-") as db:
                perfiles = [Path(da), Path(db)]
                for k in (0, 1):
                    preparar_perfil(p, perfiles[k], urls[k])
                print("visitas de vuelta:")
                a, bs = alternando(args.vueltas, lambda k: vuelta(p, perfiles[k], urls[k]))
                filas.append(fila("visita de vuelta, primer resultado", [x[0] for x in a], [x[0] for x in bs]))
                filas.append(fila("  · de «motor listo» al resultado", [x[1] for x in a], [x[1] for x in bs]))
        if args.frias:
            print("primeras visitas:")
            a, bs = alternando(args.frias, lambda k: primera_visita(p, urls[k]))
            filas.append(fila("primera visita, primer resultado", a, bs))
    for servidor in servidores:
        servidor.shutdown()
    print(f"\nA = {sitios[0]}\nB = {sitios[1]}\n")
    print("| medida | mediana A | mediana B | B − A, mediana por pares | B − A, media | pares que B gana |")
    print("| --- | --- | --- | --- | --- | --- |")
    print("\n".join(filas))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
