"""One engine, two runtimes: the engine's own tests run inside Pyodide (Node),
and 10,000 random valid cases give the same JSON text in CPython and Pyodide.

tests/pyodide/runner.mjs boots the npm Pyodide runtime with an inline empty
lock, unpacks the wheels the site serves, byte for byte (the pinned ones of
calculator/wheels.json and the engine's, built from rules/reintegro, all
with the bytecode the site build compiles: calculator/construccion/),
and, for the tests, the pinned pure wheels of tests/pyodide/wheels-test.json
(from .cache/wheels-test/, downloaded once), and copies the test files into
its file system. Two such Node processes run at once:

1. ``pytest.main`` on tests/engine (properties, golden corpus, refusals),
   tests/golden and tests/lector (the article reader), the same files as on the host, plus the in-Pyodide checks
   (tests/pyodide/dentro_de_pyodide.py: ``sys.platform == "emscripten"``...);
2. with the site's own python_stdlib.zip (without the modules the site
   leaves out), one batch call of ``reintegro.navegador.calcular`` over
   the generated cases (tests/pyodide/generador_casos.py, fixed seed),
   writing the sha256 of each
   envelope text, then a probe with deeply nested JSON (last: it may kill
   the interpreter).

Meanwhile this process computes the same cases on CPython. Equal sha256 means
equal text, every figure, note and citation included (the full texts would be
about 150 MB); on a difference the first differing cases are computed again in
Pyodide in full, and the test fails naming the first differing case and field.

The golden corpus is YAML: PyYAML's pure-Python part (from its pinned wheel,
without the C extension) is shipped into Pyodide, so the test files run there
unchanged. Nothing is skipped: without node, the runtime or a wheel, the tests
fail and say how to get it. Figures (boot, inner pytest, cases per second)
are printed in pytest's terminal summary.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generador_casos  # noqa: E402  (tests/pyodide/generador_casos.py)

RAIZ = Path(__file__).resolve().parents[2]
AQUI = Path(__file__).resolve().parent
RUNNER = AQUI / "runner.mjs"
RUNTIME = RAIZ / "node_modules" / "pyodide"
MANIFIESTO_SITIO = RAIZ / "calculator" / "wheels.json"
CACHE_SITIO = RAIZ / ".cache" / "wheels"
MANIFIESTO_PRUEBAS = AQUI / "wheels-test.json"
CACHE_PRUEBAS = RAIZ / ".cache" / "wheels-test"
DENTRO = "/home/pyodide/reintegro"  # the repository's copy inside Pyodide's FS
# The engine's test folders that run inside Pyodide (those that exist).
CARPETAS_DE_PRUEBAS = ("tests/engine", "tests/golden", "tests/lector")
# Test files that cannot run in Pyodide, and why (shown in the summary).
FUERA_DE_PYODIDE = {
    "tests/engine/test_cli.py": "ejecuta `python -m reintegro` como subprocesos reales; Pyodide no tiene procesos",
    "tests/engine/test_bases_propias.py": "ejecuta `python -m reintegro calcular --bases` y `comparar` como "
                                          "subprocesos reales; Pyodide no tiene procesos",
    "tests/engine/test_lote.py": "ejecuta `python -m reintegro lote` (y Node) como subprocesos reales; "
                                 "Pyodide no tiene procesos",
    "tests/engine/test_catalogo.py": "compara las páginas del sitio (docs/) con la herramienta del catálogo "
                                     "(calculator/catalogo.py), que no son el motor; sus casos dorados sí corren aquí",
}
# Tests that bring the Pyodide interpreter down (a fatal error ends the whole
# run, and every later test with it). The JSON ones stay deselected only while
# the probe below still crashes: test_json_muy_anidado_no_tumba_pyodide fails
# until the engine refuses deep nesting before json.loads, and then asks for
# them to be removed from this list.
CAEN_PYODIDE = {
    "tests/engine/test_rechazos.py::test_anidamiento_profundo_en_un_objeto_python":
        "la propia prueba crea una lista Python de 10.000 niveles; liberarla agota la pila de wasm "
        "(RangeError fatal, también sin el motor); en el navegador el caso llega como texto JSON",
}
# The entries above that the engine's own fix (see the probe) makes runnable.
CAEN_POR_JSON_PROFUNDO = {
    "tests/engine/test_rechazos.py::test_json_anidado_a_demasiada_profundidad",
    "tests/engine/test_fuzz.py::test_contrato_resiste_texto_arbitrario",
    "tests/engine/test_fuzz.py::test_linea_de_ordenes_resiste_texto_arbitrario",
}
# Deeply nested texts within the engine's 100,000-character limit.
SONDAS_PROFUNDAS = [
    "[" * 50_000 + "]" * 50_000,
    '{"a":' * 15_000 + "1" + "}" * 15_000,
    "[" * 10_000 + "]" * 10_000,
]
LIMITE_NODE_S = 900
MAX_DIFERENCIAS_MOSTRADAS = 5


# --- preparation --------------------------------------------------------


def _sha256(ruta: Path) -> str:
    """The file's sha256, as `make wheels` checks it (calculator/fetch_wheels.py)."""
    return _fetch_wheels().sha256(ruta)


def _fetch_wheels():
    spec = importlib.util.spec_from_file_location("_fetch_wheels", RAIZ / "calculator" / "fetch_wheels.py")
    modulo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(modulo)
    return modulo


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("no hay `node` en el PATH: estas pruebas ejecutan Pyodide con Node 20 (instale nodejs)")
    if not (RUNTIME / "pyodide.mjs").is_file():
        pytest.fail(f"falta el runtime de Pyodide en {RUNTIME.relative_to(RAIZ)}: ejecute `npm ci` (o `make deps`)")
    return node


def _servido_por_el_sitio(carpeta: Path) -> tuple[list[Path], Path]:
    """(wheels, python_stdlib.zip) as the site serves them, byte for byte
    (STORED, with the bytecode compiled by Pyodide, the engine's wheel built
    from rules/reintegro, the stdlib without what the site leaves out: see
    calculator/construccion/servidos.py), written into ``carpeta``;
    fills the cache of pinned wheels once if needed."""
    if not MANIFIESTO_SITIO.is_file():
        pytest.fail(f"falta {MANIFIESTO_SITIO.relative_to(RAIZ)} (manifiesto de ruedas del sitio)")
    manifiesto = json.loads(MANIFIESTO_SITIO.read_text(encoding="utf-8"))
    instalado = json.loads((RUNTIME / "package.json").read_text(encoding="utf-8"))["version"]
    if manifiesto.get("pyodide") != instalado:
        pytest.fail(f"node_modules/pyodide es {instalado}, calculator/wheels.json fija {manifiesto.get('pyodide')}")

    def malas() -> list[str]:
        return [
            r["archivo"] for r in manifiesto["ruedas"]
            if not (CACHE_SITIO / r["archivo"]).is_file() or _sha256(CACHE_SITIO / r["archivo"]) != r["sha256"]
        ]

    if malas():
        proceso = subprocess.run(
            [sys.executable, str(RAIZ / "calculator" / "fetch_wheels.py")],
            cwd=RAIZ, capture_output=True, text=True,
        )
        if malas():
            pytest.fail(
                f"faltan o no cuadran con su sha256 en .cache/wheels/: {', '.join(malas())}; "
                f"`make wheels` dijo:\n{proceso.stderr}"
            )
    _, servidas, biblioteca = _del_sitio(lambda c: c.servidos.servidos(manifiesto))
    (carpeta / "ruedas").mkdir(parents=True, exist_ok=True)
    rutas = []
    for archivo, datos in servidas.items():
        (carpeta / "ruedas" / archivo).write_bytes(datos)
        rutas.append(carpeta / "ruedas" / archivo)
    (carpeta / "python_stdlib.zip").write_bytes(biblioteca)
    return rutas, carpeta / "python_stdlib.zip"


def _del_sitio(producir):
    """``producir(construccion)`` with the site build's package
    (calculator/construccion/; needs mkdocs, in requirements.txt), its
    modules imported."""
    sys.path.insert(0, str(RAIZ / "calculator"))
    try:
        import construccion.biblioteca
        import construccion.ruedas
        import construccion.servidos

        return producir(construccion)
    except Exception as e:  # mkdocs' PluginError: its message says what to do
        pytest.fail(f"no se pudo preparar lo que sirve el sitio: {e}")
    finally:
        sys.path.remove(str(RAIZ / "calculator"))


def _ruedas_de_pruebas() -> tuple[list[Path], list[Path]]:
    """(wheels to unpack, pure-Python folders to copy): pinned, cached, idempotent."""
    manifiesto = json.loads(MANIFIESTO_PRUEBAS.read_text(encoding="utf-8"))
    CACHE_PRUEBAS.mkdir(parents=True, exist_ok=True)
    ruedas, carpetas = [], []
    for rueda in manifiesto["ruedas"]:
        ruta = CACHE_PRUEBAS / rueda["archivo"]
        if not ruta.is_file() or _sha256(ruta) != rueda["sha256"]:
            _descargar(rueda, ruta)
        if "solo_python" in rueda:
            carpetas.append(_parte_python(ruta, rueda["solo_python"]))
        else:
            ruedas.append(ruta)
    return ruedas, carpetas


def _descargar(rueda: dict, ruta: Path) -> None:
    orden = [
        sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
        "--no-deps", "--only-binary=:all:",
    ]
    if "plataforma" in rueda:
        orden += ["--platform", rueda["plataforma"], "--python-version", rueda["python"], "--implementation", "cp"]
    with tempfile.TemporaryDirectory(dir=CACHE_PRUEBAS) as tmp:
        proceso = subprocess.run(
            [*orden, "-d", tmp, f"{rueda['nombre']}=={rueda['version']}"], capture_output=True, text=True
        )
        bajada = Path(tmp) / rueda["archivo"]
        if proceso.returncode != 0 or not bajada.is_file():
            pytest.fail(f"no se pudo descargar {rueda['archivo']} de PyPI:\n{proceso.stderr}")
        if _sha256(bajada) != rueda["sha256"]:
            pytest.fail(f"{rueda['archivo']}: el sha256 no es el fijado en tests/pyodide/wheels-test.json")
        shutil.move(str(bajada), ruta)


def _parte_python(rueda: Path, paquete: str) -> Path:
    """The package's .py files from a wheel with a C extension (extracted once)."""
    destino = CACHE_PRUEBAS / f"{rueda.stem}.python" / paquete
    marca = destino.parent / ".completo"
    if not marca.is_file():
        shutil.rmtree(destino.parent, ignore_errors=True)
        with zipfile.ZipFile(rueda) as z:
            for nombre in z.namelist():
                if nombre.startswith(f"{paquete}/") and nombre.endswith(".py"):
                    (destino.parent / nombre).parent.mkdir(parents=True, exist_ok=True)
                    (destino.parent / nombre).write_bytes(z.read(nombre))
        marca.touch()
    return destino


def _trabajo(carpeta: Path, ruedas: list[Path], copias: list[dict], tareas: list[dict],
             biblioteca: Path | None = None, instantanea: bool = False) -> Path:
    trabajo = {
        "pyodide": str(RUNTIME),
        "instantanea": instantanea,
        **({"biblioteca": str(biblioteca)} if biblioteca else {}),
        "ruedas": [str(r) for r in ruedas],
        "copias": copias,
        "tareas": tareas,
        "tiempos": str(carpeta / "tiempos.json"),
        "env": {"PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"},
    }
    ruta = carpeta / "trabajo.json"
    ruta.write_text(json.dumps(trabajo, indent=2), encoding="utf-8")
    return ruta


def _cpu(quien: int) -> float:
    uso = resource.getrusage(quien)
    return uso.ru_utime + uso.ru_stime


# --- CPython side --------------------------------------------------------


def _calcular_en_cpython(casos: list[str]) -> tuple[list[str], list[int], float, float]:
    """(sha256 of each envelope, indices of cases CPython refused, seconds, CPU seconds)."""
    from reintegro import navegador

    huellas, rechazados = [], []
    cpu = time.process_time()
    inicio = time.perf_counter()
    for i, texto in enumerate(casos):
        sobre = navegador.calcular(texto)
        if not sobre.startswith('{"estado":"resultado"'):  # the bridge's compact JSON
            rechazados.append(i)
        huellas.append(hashlib.sha256(sobre.encode("utf-8")).hexdigest())
    return huellas, rechazados, time.perf_counter() - inicio, time.process_time() - cpu


def _primera_diferencia(a: object, b: object, ruta: str = "") -> str | None:
    """The dotted path of the first difference between two JSON values."""
    if type(a) is not type(b):
        return f"{ruta.rstrip('.') or '(raíz)'}: CPython {a!r} ≠ Pyodide {b!r}"
    if isinstance(a, dict):
        for clave in list(a) + [k for k in b if k not in a]:
            if clave not in a or clave not in b:
                return f"{ruta}{clave}: falta en {'Pyodide' if clave in a else 'CPython'}"
            encontrada = _primera_diferencia(a[clave], b[clave], f"{ruta}{clave}.")
            if encontrada:
                return encontrada
        if list(a) != list(b):
            return f"{ruta.rstrip('.') or '(raíz)'}: el orden de las claves difiere"
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            encontrada = _primera_diferencia(x, y, f"{ruta}{i}.")
            if encontrada:
                return encontrada
        if len(a) != len(b):
            return f"{ruta.rstrip('.') or '(raíz)'}: {len(a)} elementos en CPython ≠ {len(b)} en Pyodide"
        return None
    if a != b:
        return f"{ruta.rstrip('.')}: CPython {a!r} ≠ Pyodide {b!r}"
    return None


# --- the one Node run ---------------------------------------------------


class _Cifras:
    """Prints the measured figures in pytest's terminal summary."""

    def __init__(self, lineas: list[str]):
        self.lineas = lineas

    def pytest_terminal_summary(self, terminalreporter):
        terminalreporter.section("Pyodide: un motor, dos runtimes")
        for linea in self.lineas:
            terminalreporter.write_line(linea)


# What the site serves, seen from inside Pyodide after the generated cases ran
# (site's stdlib zip, served wheels, restored runtime). SIN_SENTENCIA: the
# build's IMPORTADOS_SIN_SENTENCIA (construccion/biblioteca.py), as JSON.
SONDA_SERVIDO = """
import datetime, importlib.util, json, sys
import pydantic, reintegro.navegador

def archivo(nombre):
    return getattr(sys.modules[nombre], "__file__", None) or ""

def hay(nombre):
    try:
        return importlib.util.find_spec(nombre) is not None
    except ModuleNotFoundError:  # its package is missing
        return False

de_ruedas = sorted(  # Python modules (pydantic-core's .so aside)
    n for n in list(sys.modules) if "/site-packages/" in archivo(n) and archivo(n).endswith((".py", ".pyc"))
)
motor = [n for n in de_ruedas if n == "reintegro" or n.startswith("reintegro.")]
terceros = [n for n in de_ruedas if n not in motor]
json.dumps({
    "motor_sin_fuente": [n for n in motor if not archivo(n).endswith(".py")],
    "terceros_con_fuente": [n for n in terceros if not archivo(n).endswith(".pyc")],
    "terceros": terceros,
    "docstrings": {
        "reintegro.navegador": reintegro.navegador.__doc__ is not None,
        "pydantic.BaseModel": pydantic.BaseModel.__doc__ is not None,
        "json.dumps": json.dumps.__doc__ is not None,
    },
    "sin_sentencia": {n: hay(n) for n in SIN_SENTENCIA},
    "fuera": {n: hay(n) for n in ("logging.handlers", "email.mime.text", "optparse", "encodings.cp037")},
    "strptime": datetime.datetime.strptime("02/12/2026", "%d/%m/%Y").isoformat(),
    "idna": "españa.es".encode("idna").decode("ascii"),
    "cp1252": "€".encode("cp1252").hex(),
})
"""


@pytest.fixture(scope="module")
def ejecucion(request, tmp_path_factory):
    """Two Node processes at once (this machine has two cores; CPython works
    on the cases meanwhile): one runs pytest inside Pyodide, the other the
    batch of cases and then the deep-nesting probe (which may kill its
    interpreter, so it goes last and alone)."""
    inicio_total = time.perf_counter()
    node = _node()
    carpeta = tmp_path_factory.mktemp("pyodide")
    ruedas, biblioteca = _servido_por_el_sitio(carpeta)
    ruedas_pruebas, carpetas_python = _ruedas_de_pruebas()

    # Process 1: the engine's tests, the same files, inside Pyodide.
    copias = [{"desde": str(c), "hacia": f"{{site-packages}}/{c.name}"} for c in carpetas_python]
    copias += [
        {"desde": str(RAIZ / "pyproject.toml"), "hacia": f"{DENTRO}/pyproject.toml"},
        {"desde": str(MANIFIESTO_SITIO), "hacia": f"{DENTRO}/wheels.json"},
        {"desde": str(AQUI / "dentro_de_pyodide.py"), "hacia": f"{DENTRO}/tests/pyodide/test_entorno.py"},
    ]
    for nombre in ("__init__.py", "conftest.py"):  # tests/ is a package; its conftest sets Hypothesis' profile
        if (RAIZ / "tests" / nombre).is_file():
            copias.append({"desde": str(RAIZ / "tests" / nombre), "hacia": f"{DENTRO}/tests/{nombre}"})
    carpetas = [c for c in CARPETAS_DE_PRUEBAS if (RAIZ / c).is_dir()]
    copias += [{"desde": str(RAIZ / c), "hacia": f"{DENTRO}/{c}"} for c in carpetas]
    fuera = [f for f in FUERA_DE_PYODIDE if (RAIZ / f).is_file()]
    caen = [t for t in CAEN_PYODIDE if (RAIZ / t.split("::")[0]).is_file()]
    args = ["-p", "no:cacheprovider", "-q", "--color=no", *[f"--ignore={f}" for f in fuera],
            *[f"--deselect={t}" for t in caen], *carpetas, "tests/pyodide"]
    pruebas = carpeta / "pruebas"
    pruebas.mkdir()
    tareas = [{"tipo": "pytest", "cwd": DENTRO, "args": args, "resumen": str(pruebas / "resumen.json")}]
    trabajo_pruebas = _trabajo(pruebas, [*ruedas, *ruedas_pruebas], copias, tareas)

    # Process 2: the random cases, then the probe.
    casos = generador_casos.generar()
    lote = carpeta / "lote"
    lote.mkdir()
    (lote / "casos.jsonl").write_text("\n".join(casos) + "\n", encoding="utf-8")
    (lote / "sondas.jsonl").write_text("\n".join(SONDAS_PROFUNDAS) + "\n", encoding="utf-8")
    sin_sentencia = _del_sitio(lambda c: c.biblioteca.IMPORTADOS_SIN_SENTENCIA)
    tareas = [
        {"tipo": "lote", "casos": str(lote / "casos.jsonl"), "salida": str(lote / "huellas.txt"), "completo": False},
        {"tipo": "python", "codigo": SONDA_SERVIDO.replace("SIN_SENTENCIA", json.dumps(sin_sentencia)),
         "salida": str(lote / "servido.json")},
        {"tipo": "lote", "nombre": "sondas", "casos": str(lote / "sondas.jsonl"), "salida": str(lote / "sondas.txt"),
         "completo": True, "puede_caer": True},
    ]
    # The cases run with the site's own standard library (pytest, in process
    # 1, needs modules the site leaves out, such as unittest and doctest).
    # On a runtime restored from a memory snapshot taken after the engine
    # import, as a returning visitor's browser runs them.
    trabajo_lote = _trabajo(lote, ruedas, [], tareas, biblioteca, instantanea=True)

    inicio_node = time.perf_counter()
    cpu_hijos = _cpu(resource.RUSAGE_CHILDREN)
    cpu_propia = _cpu(resource.RUSAGE_SELF)
    procesos = []
    try:
        for trabajo in (trabajo_pruebas, trabajo_lote):
            salida = (trabajo.parent / "node.out").open("w+", encoding="utf-8")
            procesos.append((subprocess.Popen(
                [node, str(RUNNER), str(trabajo)], cwd=RAIZ, stdout=salida, stderr=subprocess.STDOUT
            ), salida))
        huellas_cpython, rechazados, segundos_cpython, cpu_cpython = _calcular_en_cpython(casos)
        limite = time.monotonic() + LIMITE_NODE_S
        for proceso, _ in procesos:
            try:
                proceso.wait(timeout=max(1, limite - time.monotonic()))
            except subprocess.TimeoutExpired:
                pytest.fail(f"Node/Pyodide no terminó en {LIMITE_NODE_S} s")
    finally:
        for proceso, _ in procesos:
            if proceso.poll() is None:
                proceso.kill()
                proceso.wait()
    segundos_node = time.perf_counter() - inicio_node
    cpu_hijos = _cpu(resource.RUSAGE_CHILDREN) - cpu_hijos
    cpu_propia = _cpu(resource.RUSAGE_SELF) - cpu_propia
    textos = []
    for (proceso, salida), trabajo in zip(procesos, (trabajo_pruebas, trabajo_lote)):
        salida.seek(0)
        textos.append(salida.read())
        salida.close()
        if proceso.returncode not in (0, 1) or not (trabajo.parent / "tiempos.json").is_file():
            pytest.fail(f"el runner de Node falló (código {proceso.returncode}, {trabajo}):\n{textos[-1][-6000:]}")
    texto_pruebas, _ = textos
    codigo = procesos[0][0].returncode
    tiempos = json.loads((pruebas / "tiempos.json").read_text(encoding="utf-8"))
    tiempos_lote = json.loads((lote / "tiempos.json").read_text(encoding="utf-8"))
    resumen = json.loads((pruebas / "resumen.json").read_text(encoding="utf-8"))
    huellas_pyodide = (lote / "huellas.txt").read_text(encoding="utf-8").split()

    cuentas = ", ".join(f"{n} {k}" for k, n in sorted(resumen["cuentas"].items()))
    medida = tiempos_lote["lote"]
    cifras = [
        f"Pyodide {tiempos['pyodide']} (Python {tiempos['python']}, sys.platform={tiempos['plataforma']}) en Node",
        f"arranque de Pyodide: {tiempos['arranque']:.2f} s y {tiempos_lote['arranque']:.2f} s (dos procesos a la vez; "
        f"el segundo arranca dos veces: toma la instantánea de memoria y arranca de ella, "
        f"{(tiempos_lote.get('instantanea') or {}).get('arranque', float('nan')):.2f} s); "
        f"ruedas y archivos: {tiempos['instalacion']:.2f} s; import reintegro: {tiempos['import_motor']:.2f} s",
        f"pytest dentro de Pyodide ({', '.join(carpetas + ['tests/pyodide'])}): {cuentas} "
        f"en {resumen['segundos']:.1f} s (código {resumen['codigo']})",
        *[f"no ejecutado dentro de Pyodide: {f} ({FUERA_DE_PYODIDE[f]})" for f in fuera],
        *[f"deseleccionado dentro de Pyodide: {t} ({CAEN_PYODIDE[t]})" for t in caen],
        f"{len(casos)} casos (semilla {generador_casos.SEMILLA}): "
        f"CPython {len(casos) / segundos_cpython:.0f} casos/s ({segundos_cpython:.1f} s; "
        f"{len(casos) / cpu_cpython:.0f} por segundo de CPU), "
        f"Pyodide {medida['casos'] / medida['segundos']:.0f} casos/s ({medida['segundos']:.1f} s)",
        f"procesos Node: {segundos_node:.1f} s de reloj, {cpu_hijos:.1f} s de CPU; CPython a la vez: "
        f"{cpu_propia:.1f} s de CPU; carga media del sistema: {os.getloadavg()[0]:.1f} en {os.cpu_count()} núcleos",
        f"parte Pyodide en total (preparación incluida): {time.perf_counter() - inicio_total:.1f} s",
    ]
    request.config.pluginmanager.register(_Cifras(cifras), "reintegro-pyodide-cifras")
    print("\n" + "\n".join(cifras))
    return {
        "codigo": codigo, "salida": texto_pruebas, "resumen": resumen, "casos": casos,
        "huellas_cpython": huellas_cpython, "huellas_pyodide": huellas_pyodide, "rechazados": rechazados,
        "node": node, "ruedas": [*ruedas], "biblioteca": biblioteca, "carpeta": carpeta, "caen": caen,
        "con_xml": (tiempos["con_xml"], tiempos_lote["con_xml"]),
        "instantanea": tiempos_lote.get("instantanea"),
        "biblioteca_desde_pyc": (tiempos["biblioteca_desde_pyc"], tiempos_lote["biblioteca_desde_pyc"]),
        "servido": json.loads((lote / "servido.json").read_text(encoding="utf-8")),
        "sin_sentencia": sin_sentencia,
        "sondas": (lote / "sondas.txt").read_text(encoding="utf-8").splitlines()
        if (lote / "sondas.txt").is_file() else None,
        "caida": (lote / "sondas.txt.caida").read_text(encoding="utf-8")
        if (lote / "sondas.txt.caida").is_file() else None,
    }


def _textos_en_pyodide(ejecucion: dict, indices: list[int]) -> list[str]:
    """The full envelopes of some cases, computed again in Pyodide."""
    carpeta = ejecucion["carpeta"] / "diferencias"
    carpeta.mkdir(exist_ok=True)
    entrada = carpeta / "casos.jsonl"
    entrada.write_text("\n".join(ejecucion["casos"][i] for i in indices) + "\n", encoding="utf-8")
    tareas = [{"tipo": "lote", "casos": str(entrada), "salida": str(carpeta / "textos.txt"), "completo": True}]
    trabajo = _trabajo(carpeta, ejecucion["ruedas"], [], tareas, ejecucion["biblioteca"], instantanea=True)
    proceso = subprocess.run([ejecucion["node"], str(RUNNER), str(trabajo)], capture_output=True, text=True)
    if proceso.returncode != 0:
        pytest.fail(f"no se pudieron recalcular los casos distintos en Pyodide:\n{proceso.stderr[-4000:]}")
    return (carpeta / "textos.txt").read_text(encoding="utf-8").splitlines()


# --- the tests ------------------------------------------------------------


def test_pruebas_del_motor_dentro_de_pyodide(ejecucion):
    """tests/engine (properties, golden corpus) and the in-Pyodide checks pass
    inside Pyodide, with the same test files as on the host."""
    resumen = ejecucion["resumen"]
    cuentas = resumen["cuentas"]
    salida = ejecucion["salida"]
    assert ejecucion["codigo"] == 0 and resumen["codigo"] == 0, (
        f"pytest dentro de Pyodide terminó con código {resumen['codigo']} ({cuentas}):\n{salida[-8000:]}"
    )
    por_archivo = resumen["pasadas_por_archivo"]
    propias = (AQUI / "dentro_de_pyodide.py").read_text(encoding="utf-8").count("\ndef test_")
    assert por_archivo.get("tests/pyodide/test_entorno.py") == propias, (
        f"las comprobaciones de entorno (sys.platform == 'emscripten') no pasaron todas: {por_archivo}"
    )
    print("\npytest dentro de Pyodide, pruebas pasadas por archivo:")
    for archivo, n in sorted(por_archivo.items()):
        print(f"  {archivo}: {n}")
    print("  " + (salida.strip().splitlines() or ["(sin salida)"])[-1])


def test_casos_aleatorios_iguales_en_cpython_y_pyodide(ejecucion):
    casos = ejecucion["casos"]
    assert len(casos) >= 10_000
    assert not ejecucion["rechazados"], (
        f"el generador produjo {len(ejecucion['rechazados'])} casos no válidos; el primero: "
        f"{casos[ejecucion['rechazados'][0]]}"
    )
    # pytest ran with the runtime's standard library, the cases with the site's.
    assert ejecucion["con_xml"] == (True, False), ejecucion["con_xml"]
    cpython, pyodide = ejecucion["huellas_cpython"], ejecucion["huellas_pyodide"]
    assert len(pyodide) == len(cpython), f"Pyodide devolvió {len(pyodide)} resultados para {len(cpython)} casos"
    distintos = [i for i, (a, b) in enumerate(zip(cpython, pyodide)) if a != b]
    if not distintos:
        return
    from reintegro import navegador

    mostrados = distintos[:MAX_DIFERENCIAS_MOSTRADAS]
    textos = _textos_en_pyodide(ejecucion, mostrados)
    lineas = []
    for i, texto_pyodide in zip(mostrados, textos):
        texto_cpython = navegador.calcular(casos[i])
        campo = _primera_diferencia(json.loads(texto_cpython), json.loads(texto_pyodide)) or (
            "el mismo JSON con distinto texto (espacios o escapes)"
        )
        lineas.append(f"caso n.º {i}: {casos[i]}\n    primera diferencia: {campo}")
    pytest.fail(
        f"{len(distintos)} de {len(casos)} casos dan un resultado distinto en CPython y en Pyodide:\n"
        + "\n".join(lineas)
    )


def test_los_casos_corren_en_un_runtime_restaurado_de_la_instantanea(ejecucion):
    """The generated cases (compared with CPython above) ran on a runtime
    restored from a memory snapshot taken after ``import reintegro.navegador``,
    with pydantic-core preloaded before Python started
    (calculator/web/instantanea.js, the engine worker's own module): the
    engine came back already imported, with every bases' rule data read and
    validated before any case ran (reintegro.navegador loads it on import),
    pydantic-core's library at the place the snapshot expects, and Python's
    dlopen handle to it registered again."""
    instantanea = ejecucion["instantanea"]
    assert instantanea, "el lote no corrió sobre un runtime restaurado de una instantánea"
    assert instantanea["motor_ya_importado"] is True
    en_memoria, todas = instantanea["bases_en_memoria"]
    assert todas >= 5 and en_memoria == todas, instantanea["bases_en_memoria"]
    assert [Path(r).name.split(".")[0] for r in instantanea["bibliotecas"]] == ["_pydantic_core"], instantanea
    assert [ruta for _, ruta in instantanea["manejadores"]] == instantanea["bibliotecas"], instantanea
    assert instantanea["bytes"] > 16 * 2**20, instantanea  # the whole linear memory


def test_la_biblioteca_del_sitio_llega_compilada(ejecucion):
    """The site's python_stdlib.zip carries bytecode (unchecked hash-based
    ``.pyc``, made by Pyodide's own Python at build time) in place of the
    source of the modules Python's start and the engine's import load
    (calculator/construccion/biblioteca.py, biblioteca_con_bytecode), and zipimport
    loads them: the generated cases above ran on it. The runtime's own zip,
    used by the pytest run, has none."""
    del_runtime, del_sitio = ejecucion["biblioteca_desde_pyc"]
    assert del_runtime == 0
    assert del_sitio >= 100, del_sitio


def test_las_ruedas_de_terceros_llegan_sin_fuente_y_el_motor_con_ella(ejecucion):
    """The served wheels carry pydantic, pydantic-core's Python part,
    typing_extensions... as bytecode alone, compiled -OO (``name.pyc`` in
    place of ``name.py``: no docstrings, no asserts), and the engine with its
    source and docstrings (its pyc in __pycache__): construccion/bytecode.py,
    rueda_con_bytecode. The generated cases, equal to CPython's above, ran
    on them."""
    servido = ejecucion["servido"]
    assert servido["motor_sin_fuente"] == []
    assert servido["terceros_con_fuente"] == []
    cada_rueda = {"pydantic.main", "pydantic_core.core_schema", "typing_extensions", "typing_inspection.introspection",
                  "annotated_types"}
    assert cada_rueda <= set(servido["terceros"]), servido["terceros"]
    assert servido["docstrings"] == {"reintegro.navegador": True, "pydantic.BaseModel": False, "json.dumps": False}


def test_la_biblioteca_del_sitio_deja_fuera_lo_que_nada_importa(ejecucion):
    """The site's stdlib keeps what no import statement names but Python
    imports anyway (IMPORTADOS_SIN_SENTENCIA: C code, codecs looked up by
    name, Pyodide's packages), and they work: strptime (C imports
    _strptime), IDNA (RFC 3490: «españa.es» is «xn--espaa-rta.es»), the
    euro sign in Windows-1252 (0x80). Modules no import statement reaches
    are left out: logging.handlers, email.mime, optparse, EBCDIC."""
    servido = ejecucion["servido"]
    assert servido["sin_sentencia"] == {n: True for n in ejecucion["sin_sentencia"]}
    assert servido["strptime"] == "2026-12-02T00:00:00"
    assert servido["idna"] == "xn--espaa-rta.es"
    assert servido["cp1252"] == "80"
    assert servido["fuera"] == {n: False for n in servido["fuera"]}


def test_lo_que_sobra_de_la_biblioteca_con_sus_carpetas():
    """What the site's stdlib leaves out when only some modules stay
    (construccion/biblioteca.py, sobrantes): the other modules, and a folder that only
    they filled, with its entry and its data files; a folder that keeps a
    module, or never held one, stays whole."""
    nombres = {
        "ctypes/", "ctypes/__init__.py", "ctypes/util.py",
        "ctypes/macholib/", "ctypes/macholib/__init__.py", "ctypes/macholib/README.ctypes",
        "site-packages/", "site-packages/README.txt", "os.py", "optparse.py",
    }
    quedan = {"ctypes/__init__.py", "os.py"}
    sobrantes = _del_sitio(lambda c: c.biblioteca.sobrantes(nombres, quedan))
    assert sobrantes == {
        "ctypes/util.py", "optparse.py",
        "ctypes/macholib/", "ctypes/macholib/__init__.py", "ctypes/macholib/README.ctypes",
    }


def test_json_muy_anidado_no_tumba_pyodide(ejecucion):
    """A deeply nested case text (a crafted link) gets the same Spanish error
    in Pyodide as in CPython, instead of a fatal error of the interpreter."""
    from reintegro import navegador

    if ejecucion["caida"] is not None:
        primera = ejecucion["caida"].strip().splitlines()[0]
        pytest.fail(
            "reintegro.navegador.calcular con JSON anidado a mucha profundidad (p. ej. 50.000 «[») tumba "
            f"Pyodide: {primera}. En CPython da «el JSON está anidado a demasiada profundidad» porque "
            "json.loads lanza RecursionError; en Pyodide (Python 3.14, wasm) la pila de JavaScript se agota "
            "antes y el error es fatal: el intérprete queda inservible. Arreglo en el motor: rechazar la "
            "profundidad excesiva ANTES de json.loads (un recorrido lineal que cuente «[» y «{» fuera de "
            "las cadenas, con un máximo holgado como 100), en rules/reintegro/entrada.py (cargar_json)."
        )
    esperados = [navegador.calcular(t) for t in SONDAS_PROFUNDAS]
    assert ejecucion["sondas"] == esperados
    assert not CAEN_POR_JSON_PROFUNDO & set(ejecucion["caen"]), (
        "el motor ya rechaza el JSON profundo en Pyodide: vacíe CAEN_PYODIDE en tests/pyodide/test_pyodide.py "
        f"para que estas pruebas vuelvan a ejecutarse dentro de Pyodide: {sorted(CAEN_POR_JSON_PROFUNDO)}"
    )


def test_el_generador_cubre_cada_bases_campo_y_opcion():
    """The random cases exercise every bases, every field of the case and every
    value of each option; each has an explicit end date (no "today")."""
    from typing import Literal, get_args, get_origin

    from reintegro import Caso
    from reintegro.catalogo import ids_de_bases

    casos = [json.loads(t) for t in generador_casos.generar()]
    assert len(casos) >= 10_000
    assert {c["bases"] for c in casos} == set(ids_de_bases())
    vistos: dict[str, set] = {}
    for caso in casos:
        assert "fecha_resolucion" in caso or "fecha_ingreso" in caso, caso
        for campo, valor in caso.items():
            vistos.setdefault(campo, set()).add(json.dumps(valor, sort_keys=True))
    assert set(Caso.model_fields) <= set(vistos), set(Caso.model_fields) - set(vistos)
    for campo, info in Caso.model_fields.items():
        opciones = [a for a in get_args(info.annotation) if get_origin(a) is Literal] or (
            [info.annotation] if get_origin(info.annotation) is Literal else []
        )
        for opcion in opciones:
            for valor in get_args(opcion):
                assert json.dumps(valor) in vistos[campo], (campo, valor)
        if info.annotation is bool or "Booleano" in str(info.annotation):
            assert {"true", "false"} <= vistos[campo], campo
    assert generador_casos.generar(50) == generador_casos.generar(50)  # the fixed seed reproduces them
