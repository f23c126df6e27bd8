"""How fast is a batch? A benchmark, not a test: nothing here asserts.

    .venv/bin/python benchmarks/lote.py [--filas 10000] [--procesos 2] [--perfil] [--rss 10000,100000,1000000]

It writes a CSV of generated cases (the five bases, Spanish amounts and
dates, one or two payments, one row in twenty invalid) and prints:

- rows per second of ``python -m reintegro lote`` with 1 process and with
  N, with the readings' figures (the default) and with ``--margen``, by the
  clock and per CPU-second (what one process reaches on an idle core);
- with ``--perfil``: a cProfile breakdown per row: reading (CSV and the
  cells' Spanish formats), validation (pydantic and coherence), computation
  (``motor.calcular``, split into the central result, readings, margin and
  deadlines), writing;
- with ``--rss``: the peak RSS of a whole ``lote`` run (a subprocess,
  ``resource.getrusage`` of its children) for each number of rows.

The machine is shared (2 cores, other engineers' tests): the load average
is printed beside the figures.
"""

from __future__ import annotations

import argparse
import cProfile
import csv
import io
import os
import pstats
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
BASES = ("art21-umbral-75", "art15-proporcional", "boe-2024-17269", "boe-2023-26428-art28", "csd-art12")
CABECERA = [
    "bases", "Expediente", "Importe concedido", "Coste del proyecto", "Gasto justificado", "Gasto sin justificante",
    "Grado de cumplimiento de los objetivos (%)", "Medidas de publicidad y difusión",
    "pago_1_importe", "pago_1_fecha", "pago_2_importe", "pago_2_fecha",
    "Fin del plazo de justificación", "Fecha de la resolución de reintegro",
]


def _es(centimos: int) -> str:
    """12345678 -> "123.456,78"."""
    euros, resto = divmod(centimos, 100)
    return f"{euros:,}".replace(",", ".") + f",{resto:02d}"


def fila_generada(i: int, azar: random.Random) -> list[str]:
    concedido = azar.randrange(1_000_00, 200_000_00, 100)
    coste = concedido if azar.random() < 0.6 else concedido * azar.randrange(100, 140) // 100
    justificado = coste * azar.randrange(50, 101) // 100
    sin_justificante = justificado * azar.randrange(0, 10) // 100 if azar.random() < 0.3 else 0
    primero = concedido // 2 if azar.random() < 0.5 else concedido
    anio = azar.choice((2021, 2022, 2023, 2024))
    fila = [
        BASES[i % len(BASES)], f"EXP-{i:07d}", _es(concedido), _es(coste), _es(justificado),
        _es(sin_justificante) if sin_justificante else "",
        str(azar.choice((100, 100, 90, 80, 74, 60))), azar.choice(("", "", "", "No cumplidas", "Cumplidas de forma defectuosa")),
        _es(primero), f"{azar.randrange(1, 28):02d}/{azar.randrange(1, 13):02d}/{anio}",
        _es(concedido - primero) if primero < concedido else "", f"15/12/{anio}" if primero < concedido else "",
        f"31/03/{anio + 1}", f"30/06/{anio + 2}",
    ]
    if i % 20 == 19:  # an invalid row: more spent without proof than justified
        fila[5] = _es(justificado + 100)
    return fila


def escribir_csv(ruta: Path, filas: int, semilla: int = 26) -> None:
    azar = random.Random(semilla)
    with ruta.open("w", encoding="utf-8", newline="") as f:
        escritor = csv.writer(f, delimiter=";")
        escritor.writerow(CABECERA)
        for i in range(filas):
            escritor.writerow(fila_generada(i, azar))


def carga() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def lote(ruta: Path, procesos: int, *extra: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds of it and its workers) of one lote run. On
    a shared machine the CPU seconds give the rate one process reaches
    whatever the load: rows per CPU-second."""
    antes, cpu_antes = time.perf_counter(), _cpu_de_los_hijos()
    subprocess.run([PYTHON, "-m", "reintegro", "lote", str(ruta), "--procesos", str(procesos), "--sin-progreso",
                    "--salida", str(ruta.with_suffix(".salida.csv")), *extra],
                   check=False, stderr=subprocess.DEVNULL)
    return time.perf_counter() - antes, _cpu_de_los_hijos() - cpu_antes


def _cpu_de_los_hijos() -> float:
    uso = resource.getrusage(resource.RUSAGE_CHILDREN)
    return uso.ru_utime + uso.ru_stime


def rss_de(ruta: Path, procesos: int) -> int:
    """Peak RSS (KiB) of one lote run: a fresh interpreter runs it and
    reports its children's peak (getrusage)."""
    programa = (
        "import resource, subprocess, sys;"
        f"subprocess.run([sys.executable, '-m', 'reintegro', 'lote', {str(ruta)!r}, '--procesos', '{procesos}',"
        f" '--sin-progreso', '--salida', {str(ruta.with_suffix('.salida.csv'))!r}], stderr=subprocess.DEVNULL);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    return int(subprocess.run([PYTHON, "-c", programa], capture_output=True, text=True, check=True).stdout)


def perfil(ruta: Path, filas: int) -> None:
    """Where a row's time goes, in one process (cProfile; its own overhead
    inflates every figure alike)."""
    from datetime import date

    from reintegro.lote.escritura import Escritor
    from reintegro.lote.fila import columnas, calcular_fila
    from reintegro.lote.lectura import leer

    hoy = date.today()
    perfilador = cProfile.Profile()
    perfilador.enable()
    escritor = Escritor(str(ruta.with_suffix(".perfil.csv")), columnas(False))
    for numero, datos in leer(str(ruta)):
        escritor.escribir(calcular_fila(numero, datos, hoy))
    escritor.cerrar()
    perfilador.disable()
    estadisticas = pstats.Stats(perfilador)
    total = estadisticas.total_tt
    partes = {
        "leer (CSV y formatos españoles)": ("lectura.py", "filas_de_celdas"),
        "validar (pydantic y coherencia)": ("entrada.py", "leer_caso"),
        "calcular: todo motor.calcular": ("motor.py", "calcular"),
        "  · resultado central (Calculo.computo)": ("calculo.py", "computo"),
        "  · lecturas rivales": ("lecturas.py", "lecturas"),
        "  · margen": ("margen.py", "margen"),
        "  · plazos": ("plazos.py", "plazos"),
        "  · caso.model_dump (el caso en el resultado)": ("main.py", "model_dump"),
        "fila de salida (enlace, errores)": ("fila.py", "fila_calculada"),
        "  · errores en palabras de la página": ("fila.py", "fila_con_errores"),
        "escribir (CSV)": ("escritura.py", "escribir"),
    }
    print(f"\nPerfil de {filas} filas en un proceso: {total:.2f} s con cProfile ({filas / total:.0f} filas/s)")
    print("| parte | s acumulados | % | µs por fila |\n| --- | ---: | ---: | ---: |")
    for nombre, (archivo, funcion) in partes.items():
        acumulado = sum(
            datos[3] for (ruta_f, _, nombre_f), datos in estadisticas.stats.items()
            if ruta_f.endswith(archivo) and nombre_f == funcion
        )
        print(f"| {nombre} | {acumulado:.2f} | {100 * acumulado / total:.0f} % | {1e6 * acumulado / filas:.0f} |")
    # Own time (tottime) by module: how much is exact arithmetic (importes.py's
    # rationals and the gcd, divmod and object creation under them).
    por_modulo: dict[str, float] = {}
    for (ruta_f, _, nombre_f), datos in estadisticas.stats.items():
        clave = Path(ruta_f).name if "reintegro" in ruta_f else ("pydantic" if "pydantic" in ruta_f + nombre_f else nombre_f)
        por_modulo[clave] = por_modulo.get(clave, 0.0) + datos[2]
    print("\n| tiempo propio por módulo | s | % |\n| --- | ---: | ---: |")
    for clave, segundos in sorted(por_modulo.items(), key=lambda x: -x[1])[:12]:
        print(f"| {clave} | {segundos:.2f} | {100 * segundos / total:.1f} % |")


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    argumentos.add_argument("--filas", type=int, default=10_000)
    argumentos.add_argument("--procesos", type=int, default=os.cpu_count() or 2)
    argumentos.add_argument("--perfil", action="store_true")
    argumentos.add_argument("--rss", default="", help="rows for the peak RSS runs, e.g. 10000,100000,1000000")
    argumentos.add_argument("--solo-rss", action="store_true")
    a = argumentos.parse_args()
    with tempfile.TemporaryDirectory(prefix="lote-bench-") as tmp:
        ruta = Path(tmp) / "casos.csv"
        escribir_csv(ruta, a.filas)
        print(f"{a.filas} filas generadas; carga de la máquina: {carga()}")
        if not a.solo_rss:
            print("| procesos | con --margen | s | filas/s | s de CPU | filas por s de CPU |\n"
                  "| ---: | --- | ---: | ---: | ---: | ---: |")
            for procesos in sorted({1, a.procesos}):
                for extra in ((), ("--margen",)):
                    segundos, cpu = lote(ruta, procesos, *extra)
                    print(f"| {procesos} | {'sí' if extra else 'no'} | {segundos:.1f} | {a.filas / segundos:.0f} "
                          f"| {cpu:.1f} | {a.filas / cpu:.0f} |")
            print(f"carga de la máquina al acabar: {carga()}")
        if a.perfil:
            perfil(ruta, a.filas)
        for filas in (int(n) for n in a.rss.split(",") if n):
            grande = Path(tmp) / f"casos-{filas}.csv"
            escribir_csv(grande, filas)
            antes = time.perf_counter()
            kib = rss_de(grande, 1)
            segundos = time.perf_counter() - antes
            print(f"RSS máximo, {filas} filas, 1 proceso: {kib / 1024:.0f} MiB ({segundos:.0f} s, {filas / segundos:.0f} filas/s;"
                  f" carga {carga()})")
            grande.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
