"""Mutation testing of the engine (issue 15): how many deliberate small bugs
in ``rules/reintegro`` the engine's tests notice.

Run by ``make mutacion`` (not part of ``make test``: about an hour on two
cores for the whole package), inside its own environment
(``.cache/mutacion/venv``: requirements.txt plus requirements-mutacion.txt,
which pins mutmut 3.8). Steps:

1. A scratch folder (``--trabajo``, default ``.cache/mutacion/trabajo``) gets
   a copy of ``rules/reintegro`` under ``src/``, of the engine and golden
   tests (``tests/engine``, ``tests/golden``, ``tests/conftest.py``) and a
   ``pyproject.toml`` configuring mutmut: only the modules asked for
   (``--modulos``), pytest with ``-m "not pyodide and not navegador"``.
2. The mutants are generated, and those listed as equivalent
   (``--equivalentes``: a mutant that changes no behaviour, so no test can
   kill it) are marked "skipped" before anything runs. An entry names the
   module, the function and the changed source lines, not mutmut's number,
   so it survives edits elsewhere in the engine; entries that match nothing
   are listed at the end (the code they describe changed: check them).
3. ``mutmut run``. ``tests/engine/test_cli.py`` runs ``python -m reintegro``
   in a subprocess: PYTHONPATH puts the mutated copy first, so that
   subprocess runs the mutant under test too (mutmut passes it in the
   environment), and a ``sitecustomize`` hands the functions it called back
   to mutmut's statistics (otherwise cli.py would count as untested).
4. The table per module (mutants, killed, survived, out of CPU time or of
   memory, untested, equivalent; score = (killed + out of time or memory) /
   (mutants − equivalent)) is
   printed and written to ``--salida`` (default ``benchmarks/mutacion.md``)
   with the diff of every mutant that was not killed.

Usage:
    make mutacion
    make mutacion MODULOS=regimen.py,ejecucion.py
    .cache/mutacion/venv/bin/python benchmarks/mutacion.py --modulos regimen.py --procesos 1
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import resource
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
PAQUETE = RAIZ / "rules" / "reintegro"
EQUIVALENTES = RAIZ / "benchmarks" / "mutacion-equivalentes.toml"
SALIDA = RAIZ / "benchmarks" / "mutacion.md"
TRABAJO = RAIZ / ".cache" / "mutacion" / "trabajo"
# What the tests of the measurement are: the engine's own, on CPython.
PRUEBAS = ("tests/engine", "tests/golden")
ARCHIVOS_DE_PRUEBAS = ("tests/__init__.py", "tests/conftest.py")
MARCAS = "not pyodide and not navegador"
# The property and fuzz tests (Hypothesis, hundreds of random cases each):
# --sin-propiedades leaves them out, so that a surviving mutant costs seconds
# instead of minutes. They can only kill more mutants, never fewer: a score
# measured without them is a lower bound.
PROPIEDADES = ("tests/engine/test_fuzz.py", "tests/engine/test_fuzz_bases.py", "tests/engine/test_propiedades.py")
MEMORIA = 3 * 1024**3  # address space of each process of the run (see _limitar_memoria)
# Modules without a function to mutate, or that only start another.
SIN_MUTAR = ("__init__.py", "__main__.py", "version.py")
# The five modules issue 15 measures one by one; the rest is "the rest of the package".
PRINCIPALES = ("regimen.py", "importe_final.py", "intereses.py", "minoraciones.py", "ejecucion.py")

# mutmut's exit codes per mutant, grouped as the table counts them.
# "tiempo": the mutant's tests ran out of CPU time (SIGXCPU) or of memory (the
# limit set by _limitar_memoria: Python aborts, SIGABRT), as a mutant that loops
# forever does; like mutmut, the score counts it as detected.
MUTADO = {1: "muertos", 3: "muertos", 0: "sobreviven", 33: "sin_pruebas", 5: "sin_pruebas",
          34: "equivalentes", 36: "tiempo", 24: "tiempo", -24: "tiempo", 152: "tiempo", 255: "tiempo",
          -6: "tiempo", None: "sin_ejecutar"}

# Loaded by every Python process whose PYTHONPATH holds the scratch folder's
# "arranque": inert unless mutmut is collecting statistics and the process is
# one a test started (the command line), whose calls it writes down at exit.
SITECUSTOMIZE = '''\
import os

if os.environ.get("MUTANT_UNDER_TEST") == "stats" and os.environ.get("MUTACION_ACIERTOS"):
    import atexit

    def _anotar_aciertos():
        from mutmut.state import state

        if state()._stats:
            with open(os.environ["MUTACION_ACIERTOS"], "a", encoding="utf-8") as f:
                f.write("".join(nombre + "\\n" for nombre in state()._stats))

    atexit.register(_anotar_aciertos)
'''

# The scratch folder's root conftest. Three things, none of which changes a
# verdict (a mutant is killed when any of its tests fails):
# - a "mutacion" Hypothesis profile, the project's "default" one without the
#   shrink and explain phases: the same examples are generated (derandomized),
#   but a failure is not shrunk, which for a mutant only costs time;
# - the tests of a mutant run cheapest first (mutmut stops at the first failure);
# - before mutmut's statistics hook reads what a test called, it gets what the
#   test's subprocesses (python -m reintegro) called.
CONFTEST = '''\
import os

import pytest
from hypothesis import Phase, settings


def pytest_plugin_registered(plugin, manager):
    """Once tests/conftest.py has loaded the project's profile, and before any
    test module is imported, load the same profile without shrinking."""
    if str(getattr(plugin, "__file__", "")).endswith(os.path.join("tests", "conftest.py")):
        settings.register_profile("mutacion", parent=settings.default,
                                  phases=[f for f in Phase if f not in (Phase.shrink, Phase.explain)])
        settings.load_profile("mutacion")


def pytest_sessionstart(session):
    """mutmut forks each mutant's tests from a process whose earlier runs
    (statistics, clean tests) filled the engine's caches (rate rows, interest
    per euro, fractions, the loaded data): empty them, so that a mutant inside
    a cached function runs instead of its remembered unmutated result."""
    import sys

    for nombre, modulo in list(sys.modules.items()):
        if nombre == "reintegro" or nombre.startswith("reintegro."):
            for valor in list(vars(modulo).values()):
                limpiar = getattr(valor, "cache_clear", None)
                if callable(limpiar):
                    limpiar()


# Cheapest first: the golden corpus and the single checks, then the command
# line (subprocesses), then the property and fuzz tests (Hypothesis).
_ORDEN = {"test_golden.py": 0, "test_contrato": 1, "test_rechazos.py": 2, "test_mensajes": 2, "test_navegador.py": 2,
          "test_formulario.py": 2, "test_bases_propias_mensajes.py": 2, "test_datos.py": 3,
          "test_cli.py": 5, "test_bases_propias.py": 5, "test_propiedades.py": 6, "test_fuzz.py": 7}


def _coste(item):
    nombre = os.path.basename(str(item.fspath))
    return min((v for k, v in _ORDEN.items() if nombre.startswith(k)), default=4)


def pytest_collection_modifyitems(items):
    items.sort(key=_coste)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    ruta = os.environ.get("MUTACION_ACIERTOS")
    if os.environ.get("MUTANT_UNDER_TEST") != "stats" or not ruta or not os.path.exists(ruta):
        return
    from mutmut.state import state

    with open(ruta, encoding="utf-8") as f:
        state()._stats.update(linea.strip() for linea in f if linea.strip())
    os.remove(ruta)
'''


def _argumentos(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--modulos", default="", help="modules of rules/reintegro to mutate, comma-separated "
                   "(regimen.py,intereses.py); default: all")
    p.add_argument("--equivalentes", type=Path, default=EQUIVALENTES, help="TOML list of equivalent mutants")
    p.add_argument("--salida", type=Path, default=SALIDA, help="where the table is written (Markdown)")
    p.add_argument("--trabajo", type=Path, default=TRABAJO, help="scratch folder (emptied first)")
    p.add_argument("--procesos", type=int, default=os.cpu_count() or 2, help="mutants tested at once")
    p.add_argument("--reanudar", action="store_true", help="go on with an interrupted run in --trabajo "
                   "(the mutants already tested keep their result)")
    p.add_argument("--informe", action="store_true", help="only write the table of the run in --trabajo again")
    p.add_argument("--repetir-vivos", action="store_true", help="in the run of --trabajo, take the tests and "
                   "the list of equivalents afresh and test again the mutants that were not killed")
    p.add_argument("--sin-propiedades", action="store_true", help="leave out the property and fuzz tests "
                   "(PROPIEDADES): much quicker, and the score a lower bound; kept by --reanudar")
    return p.parse_args(argv)


def modulos_pedidos(texto: str) -> list[str]:
    """The module file names asked for, checked against the package."""
    todos = sorted(p.name for p in PAQUETE.glob("*.py") if p.name not in SIN_MUTAR)
    if not texto.strip():
        return todos
    pedidos = [m.strip() if m.strip().endswith(".py") else m.strip() + ".py" for m in texto.split(",") if m.strip()]
    desconocidos = [m for m in pedidos if m not in todos]
    if desconocidos:
        raise SystemExit(f"--modulos: no existen en rules/reintegro: {', '.join(desconocidos)} "
                         f"(hay: {', '.join(todos)})")
    return pedidos


# ------------------------------------------------------------ scratch folder


def _pyproject(modulos: list[str], sin_propiedades: bool = False) -> str:
    lista = lambda valores: "[" + ", ".join(json.dumps(v) for v in valores) + "]"  # noqa: E731
    argumentos = ["-m", MARCAS, "-p", "no:cacheprovider", *(f"--ignore={p}" for p in PROPIEDADES if sin_propiedades)]
    return f"""\
[tool.mutmut]
source_paths = ["src"]
only_mutate = {lista(f"src/reintegro/{m}" for m in modulos)}
pytest_add_cli_args = {lista(argumentos)}
pytest_add_cli_args_test_selection = {lista(PRUEBAS)}
also_copy = ["conftest.py"]
use_git_change_detection = false
# A mutant's tests may take (their time in the statistics run + 1 s) × 6 of wall
# time (twice that of CPU time). mutmut's default (15) lets a mutant that loops
# forever run for most of an hour; a mutant that loops appending is stopped
# sooner by the memory limit. The limit is wall-clock: on a machine much busier
# than during the statistics run a slow survivor can be cut short and counted
# as out of time, so the report lists those mutants too.
timeout_multiplier = 6.0

[tool.pytest.ini_options]
testpaths = {lista(PRUEBAS)}
"""


def preparar(trabajo: Path, modulos: list[str], sin_propiedades: bool) -> None:
    """The scratch folder: the package under src/, the tests, mutmut's config."""
    if trabajo.exists():
        shutil.rmtree(trabajo)
    ignorar = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(PAQUETE, trabajo / "src" / "reintegro", ignore=ignorar)
    copiar_pruebas(trabajo)
    (trabajo / "pyproject.toml").write_text(_pyproject(modulos, sin_propiedades), encoding="utf-8")
    escribir_ayudas(trabajo)


def copiar_pruebas(trabajo: Path) -> None:
    """The engine's tests, as they are now in the repository."""
    ignorar = shutil.ignore_patterns("__pycache__", "*.pyc")
    for carpeta in PRUEBAS:
        for destino in (trabajo / carpeta, trabajo / "mutants" / carpeta):
            if destino.exists():
                shutil.rmtree(destino)
        shutil.copytree(RAIZ / carpeta, trabajo / carpeta, ignore=ignorar)
    for archivo in ARCHIVOS_DE_PRUEBAS:
        shutil.copy2(RAIZ / archivo, trabajo / archivo)


def escribir_ayudas(trabajo: Path) -> None:
    """The root conftest and the sitecustomize of the scratch folder."""
    (trabajo / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (trabajo / "arranque").mkdir(exist_ok=True)
    (trabajo / "arranque" / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")


def entorno(trabajo: Path) -> dict[str, str]:
    """The environment of mutmut and of every process a test starts: the
    mutated copy first on the path, so ``python -m reintegro`` runs it."""
    rutas = [str(trabajo / "mutants" / "src"), str(trabajo / "arranque")]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(rutas + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["MUTACION_ACIERTOS"] = str(trabajo / "aciertos.txt")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


# --------------------------------------------------------------- equivalents


@dataclass(frozen=True)
class Firma:
    """What a mutant changes: module, function and the changed source lines."""

    modulo: str
    funcion: str
    antes: tuple[str, ...]
    despues: tuple[str, ...]


@dataclass
class Equivalente:
    firma: Firma
    porque: str
    usado: int = 0


def cargar_equivalentes(ruta: Path) -> list[Equivalente]:
    if not ruta.is_file():
        return []
    datos = tomllib.loads(ruta.read_text(encoding="utf-8"))
    lineas = lambda v: tuple(x.strip() for x in ([v] if isinstance(v, str) else v))  # noqa: E731
    return [
        Equivalente(Firma(e["modulo"], e["funcion"], lineas(e["antes"]), lineas(e["despues"])), e["porque"])
        for e in datos.get("equivalente", [])
    ]


def diferencia(nombre: str, ruta: Path) -> str:
    """The unified diff of one mutant (mutmut's own), run inside the scratch folder."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    return get_diff_for_mutant(nombre, path=ruta)


def firma(nombre: str, ruta: Path, diff: str) -> Firma:
    from mutmut.utils.format_utils import orig_function_and_class_names_from_key

    funcion, clase = orig_function_and_class_names_from_key(nombre)
    lineas = [l for l in diff.splitlines() if not l.startswith(("---", "+++", "@@"))]
    return Firma(
        ruta.name,
        f"{clase}.{funcion}" if clase else funcion,
        tuple(l[1:].strip() for l in lineas if l.startswith("-")),
        tuple(l[1:].strip() for l in lineas if l.startswith("+")),
    )


# ------------------------------------------------------------------ running


def generar(procesos: int) -> None:
    """Generate the mutants with mutmut's own functions, in this process."""
    from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants

    os.makedirs("mutants", exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    create_mutants(procesos)


def marcar(equivalentes: list[Equivalente], repetir_vivos: bool = False) -> None:
    """Mark the equivalent mutants as skipped (exit code 34) so ``mutmut run``
    leaves them; with ``repetir_vivos``, forget the result of every other
    mutant that was not killed, so it is tested again."""
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.utils.file_utils import walk_mutatable_files

    por_firma = {e.firma: e for e in equivalentes}
    for ruta in walk_mutatable_files():
        datos = SourceFileMutationData(path=ruta)
        datos.load()
        for nombre, codigo in datos.exit_code_by_key.items():
            equivalente = por_firma.get(firma(nombre, ruta, diferencia(nombre, ruta)))
            if equivalente is not None:
                datos.exit_code_by_key[nombre] = 34
            elif repetir_vivos and codigo is not None and MUTADO.get(codigo, "otros") not in ("muertos", "tiempo"):
                datos.exit_code_by_key[nombre] = None
        datos.save()


def _limitar_memoria() -> None:
    """Each process of the run may take at most MEMORIA bytes: a mutant that
    loops forever appending (interest periods, steps) fails with MemoryError
    instead of filling the machine's memory."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORIA, MEMORIA))


def ejecutar_mutmut(trabajo: Path, procesos: int) -> float:
    inicio = time.monotonic()
    mutmut = Path(sys.executable).with_name("mutmut")
    orden = [str(mutmut) if mutmut.exists() else "mutmut", "run", "--max-children", str(procesos)]
    proceso = subprocess.run(orden, cwd=trabajo, env=entorno(trabajo), check=False, preexec_fn=_limitar_memoria)
    if proceso.returncode != 0:
        raise SystemExit(f"mutmut run terminó con código {proceso.returncode} (carpeta {trabajo})")
    return time.monotonic() - inicio


# ------------------------------------------------------------------ the table


@dataclass
class Fila:
    modulo: str
    cuentas: dict[str, int] = field(default_factory=dict)
    no_muertos: list[tuple[str, str, str]] = field(default_factory=list)  # (name, state, diff)

    def n(self, clave: str) -> int:
        return self.cuentas.get(clave, 0)

    @property
    def mutantes(self) -> int:
        return sum(self.cuentas.values())

    @property
    def puntuacion(self) -> float | None:
        base = self.mutantes - self.n("equivalentes") - self.n("sin_ejecutar")
        return 100 * (self.n("muertos") + self.n("tiempo")) / base if base else None


def contar_equivalentes(equivalentes: list[Equivalente]) -> None:
    """How many mutants of the run each entry of the list marked."""
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.utils.file_utils import walk_mutatable_files

    por_firma = {e.firma: e for e in equivalentes}
    for ruta in walk_mutatable_files():
        datos = SourceFileMutationData(path=ruta)
        datos.load()
        for nombre, codigo in datos.exit_code_by_key.items():
            if codigo == 34 and (e := por_firma.get(firma(nombre, ruta, diferencia(nombre, ruta)))):
                e.usado += 1


def leer_resultados(trabajo: Path) -> list[Fila]:
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.utils.file_utils import walk_mutatable_files

    filas = []
    for ruta in sorted(walk_mutatable_files()):
        datos = SourceFileMutationData(path=ruta)
        datos.load()
        if not datos.exit_code_by_key:
            continue
        fila = Fila(ruta.name)
        for nombre, codigo in sorted(datos.exit_code_by_key.items(), key=lambda kv: _numero(kv[0])):
            clase = MUTADO.get(codigo, "otros")
            fila.cuentas[clase] = fila.cuentas.get(clase, 0) + 1
            if clase in ("sobreviven", "sin_pruebas", "otros", "tiempo"):
                estado = {"tiempo": "tiempo o memoria agotados", "sin_pruebas": "sin pruebas"}.get(clase, clase)
                fila.no_muertos.append((nombre, estado, diferencia(nombre, ruta)))
        filas.append(fila)
    return filas


def _numero(nombre: str) -> tuple[str, int]:
    base, _, n = nombre.rpartition("__mutmut_")
    return base, int(n) if n.isdigit() else 0


def _pct(valor: float | None) -> str:
    return "—" if valor is None else f"{valor:.1f} %".replace(".", ",")


def tabla(filas: list[Fila]) -> list[str]:
    cabecera = ["| módulo | mutantes | muertos | sobreviven | tiempo o memoria agotados | sin pruebas | equivalentes | otros "
                "| sin ejecutar | puntuación (sin equivalentes) |",
                "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    resto = Fila("resto del paquete")
    for f in filas:
        if f.modulo not in PRINCIPALES:
            for k, v in f.cuentas.items():
                resto.cuentas[k] = resto.cuentas.get(k, 0) + v
    orden = sorted(filas, key=lambda f: (f.modulo not in PRINCIPALES, PRINCIPALES.index(f.modulo)
                                          if f.modulo in PRINCIPALES else 0, f.modulo))
    if resto.cuentas and any(f.modulo in PRINCIPALES for f in filas):
        orden.append(resto)
    lineas = []
    for f in orden:
        nombre = f"**{f.modulo}**" if f is resto else f"`{f.modulo}`"
        lineas.append(f"| {nombre} | {f.mutantes} | {f.n('muertos')} | {f.n('sobreviven')} | {f.n('tiempo')} "
                      f"| {f.n('sin_pruebas')} | {f.n('equivalentes')} | {f.n('otros')} | {f.n('sin_ejecutar')} "
                      f"| {_pct(f.puntuacion)} |")
    return cabecera + lineas


def _commit() -> str:
    salida = subprocess.run(["git", "-C", str(RAIZ), "log", "-1", "--format=%h %cs"], capture_output=True, text=True)
    sucio = subprocess.run(["git", "-C", str(RAIZ), "status", "--porcelain", "rules", "tests"],
                           capture_output=True, text=True).stdout.strip()
    return (salida.stdout.strip() or "?") + (" (con cambios sin confirmar en rules/ o tests/)" if sucio else "")


def informe(filas: list[Fila], modulos: list[str], equivalentes: list[Equivalente], segundos: float | None,
            procesos: int, sin_propiedades: bool = False) -> str:
    sin_uso = [e for e in equivalentes if e.usado == 0 and e.firma.modulo in modulos]
    partes = [
        "# Pruebas de mutación del motor",
        "",
        f"Medido el {datetime.date.today():%d/%m/%Y} sobre el commit {_commit()} con `make mutacion` "
        f"(`benchmarks/mutacion.py`, mutmut 3.8; pruebas `{' '.join(PRUEBAS)}` con `-m \"{MARCAS}\"`, "
        f"la línea de órdenes de `test_cli.py` cargando el código mutado): "
        f"{len(modulos)} módulos, {procesos} procesos"
        + (f", {segundos / 60:.0f} min (la última ejecución de mutmut)." if segundos is not None else "."),
        "",
        *([f"Sin las pruebas de propiedades y de fuzzing ({', '.join(f'`{Path(p).name}`' for p in PROPIEDADES)}; "
           "`--sin-propiedades`): solo podrían matar más mutantes, así que la puntuación es una cota inferior.", ""]
          if sin_propiedades else []),
        "Puntuación = (muertos + tiempo o memoria agotados) / (mutantes − equivalentes): un mutante que agota "
        "el tiempo de CPU o la memoria (3 GiB por proceso) no deja pasar las pruebas. Los equivalentes "
        "(`benchmarks/mutacion-equivalentes.toml`) no cambian ningún comportamiento: se marcan y no se ejecutan.",
        "",
        *tabla(filas),
        "",
    ]
    usados = [e for e in equivalentes if e.usado]
    if usados:
        partes += ["## Equivalentes marcados", "",
                   "Revíselos cuando cambie el código que describen: un mutante equivalente hoy puede dejar de "
                   "serlo (por ejemplo, si el resultado pasa a mostrar una cifra que hoy solo se compara).", ""]
        for e in usados:
            cambio = " / ".join(e.firma.antes) + " → " + " / ".join(e.firma.despues)
            partes.append(f"- `{e.firma.modulo}` `{e.firma.funcion}` ({e.usado}): `{cambio}`. "
                          + " ".join(e.porque.split()))
        partes.append("")
    if sin_uso:
        partes += ["## Equivalentes que ya no corresponden a ningún mutante", "",
                   "El código que describen cambió: revíselos en `benchmarks/mutacion-equivalentes.toml`.", ""]
        partes += [f"- `{e.firma.modulo}` `{e.firma.funcion}`: {' / '.join(e.firma.antes)}" for e in sin_uso]
        partes.append("")
    no_muertos = [(f.modulo, *m) for f in filas for m in f.no_muertos]
    if no_muertos:
        partes += ["## Mutantes no muertos", "",
                   "Cada uno es un error que ninguna prueba nota, o un equivalente aún sin anotar. Los que agotaron "
                   "el tiempo o la memoria cuentan como detectados; el límite de tiempo es de reloj, así que en una "
                   "máquina muy cargada un superviviente lento puede aparecer así: revíselos.", ""]
        for modulo, nombre, estado, diff in no_muertos:
            cuerpo = "\n".join(l for l in diff.splitlines() if not l.startswith(("---", "+++")))
            partes += [f"### `{nombre}` ({estado})", "", "```diff", cuerpo, "```", ""]
    return "\n".join(partes)


def main(argv: list[str] | None = None) -> int:
    args = _argumentos(argv)
    try:
        import mutmut  # noqa: F401
    except ImportError:
        raise SystemExit("falta mutmut: ejecute `make mutacion` (instala requirements-mutacion.txt en "
                         ".cache/mutacion/venv)") from None
    modulos = modulos_pedidos(args.modulos)
    equivalentes = cargar_equivalentes(args.equivalentes)
    trabajo = args.trabajo.resolve()
    salida = args.salida.resolve()
    reanudar = (args.reanudar or args.repetir_vivos or args.informe) and (trabajo / "mutants").is_dir()
    if args.informe and not reanudar:
        raise SystemExit(f"--informe: no hay ninguna ejecución en {trabajo}")
    if reanudar:
        escribir_ayudas(trabajo)
        if args.repetir_vivos:
            copiar_pruebas(trabajo)
        configuracion = tomllib.loads((trabajo / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
        modulos = [Path(m).name for m in configuracion["only_mutate"]]
        sin_propiedades = args.sin_propiedades or any(a.startswith("--ignore=") for a in configuracion["pytest_add_cli_args"])
        (trabajo / "pyproject.toml").write_text(_pyproject(modulos, sin_propiedades), encoding="utf-8")
    else:
        sin_propiedades = args.sin_propiedades
        preparar(trabajo, modulos, sin_propiedades)
    os.chdir(trabajo)
    os.environ.update(entorno(trabajo))
    if not reanudar:
        generar(args.procesos)
    if not reanudar or args.repetir_vivos:
        marcar(equivalentes, repetir_vivos=args.repetir_vivos)
    segundos = None if args.informe else ejecutar_mutmut(trabajo, args.procesos)
    filas = leer_resultados(trabajo)
    contar_equivalentes(equivalentes)
    texto = informe(filas, modulos, equivalentes, segundos, args.procesos, sin_propiedades)
    print("\n".join(tabla(filas)))
    salida.write_text(texto, encoding="utf-8")
    print(f"\nTabla y mutantes no muertos en {salida}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
