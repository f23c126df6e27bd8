"""The pinned wheels as the site serves them (calculator/construccion/ruedas.py,
rueda_podada) against the files downloaded from PyPI: without what Python
never reads at run time (type stubs, SBOMs, test modules, the long
description of a METADATA), with everything else, and with a RECORD that
lists exactly the members served, each with its sha256 and size. The
engine's tests and the 10,000 generated cases run on these very bytes in
tests/pyodide/test_pyodide.py."""

from __future__ import annotations

import base64
import email.parser
import hashlib
import json
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_pyodide import CACHE_SITIO, MANIFIESTO_SITIO, _del_sitio, _servido_por_el_sitio  # noqa: E402


@pytest.fixture(scope="module")
def ruedas(tmp_path_factory) -> list[tuple[zipfile.ZipFile, zipfile.ZipFile]]:
    """(as downloaded, as served) for every pinned wheel of calculator/wheels.json."""
    servidas, _ = _servido_por_el_sitio(tmp_path_factory.mktemp("servido"))
    por_nombre = {ruta.name: ruta for ruta in servidas}
    manifiesto = json.loads(MANIFIESTO_SITIO.read_text(encoding="utf-8"))
    pares = [(zipfile.ZipFile(CACHE_SITIO / r["archivo"]), zipfile.ZipFile(por_nombre[r["archivo"]]))
             for r in manifiesto["ruedas"]]
    assert len(pares) >= 5
    return pares


def _nombre(rueda: zipfile.ZipFile) -> str:
    return Path(rueda.filename).name


def _metadata(rueda: zipfile.ZipFile) -> str:
    [ruta] = [n for n in rueda.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1]
    return ruta


def test_sin_stubs_sboms_ni_modulos_de_prueba(ruedas):
    quitados = set()
    for original, servida in ruedas:
        nombres = servida.namelist()
        assert [n for n in nombres if n.endswith(".pyi")] == [], _nombre(servida)
        assert [n for n in nombres if "/sboms/" in n] == [], _nombre(servida)
        assert [n for n in nombres if Path(n).name.startswith("test_")] == [], _nombre(servida)
        quitados |= {n for n in original.namelist() if n.endswith(".pyi") or "/sboms/" in n or "/test_" in n}
    # what there was to leave out (the test would pass vacuously otherwise)
    assert {"pydantic_core/_pydantic_core/__init__.pyi", "typing_inspection/typing_objects.pyi",
            "annotated_types/test_cases.py"} <= quitados
    assert any(n.endswith(".dist-info/sboms/pydantic-core.cyclonedx.json") for n in quitados), quitados


def test_metadata_con_su_cabecera_y_sin_descripcion(ruedas):
    """importlib.metadata reads the header (Name, Version, Requires-Dist);
    the served METADATA has it, field for field and byte for byte, and no
    body. pydantic's body (its long description) was over 100 KB."""
    cuerpos = {}
    for original, servida in ruedas:
        ruta = _metadata(original)
        antes, despues = original.read(ruta).decode("utf-8"), servida.read(ruta).decode("utf-8")
        cabecera_antes = email.parser.Parser().parsestr(antes)
        cabecera_despues = email.parser.Parser().parsestr(despues)
        assert cabecera_despues.items() == cabecera_antes.items(), _nombre(servida)
        assert cabecera_despues.get_payload() == "", _nombre(servida)
        assert antes.startswith(despues), _nombre(servida)
        assert cabecera_antes["Name"] and cabecera_antes["Version"] in _nombre(servida)
        cuerpos[_nombre(servida).split("-")[0]] = len(cabecera_antes.get_payload())
    assert cuerpos["pydantic"] > 100_000, cuerpos


def test_lo_demas_sigue_igual_licencias_incluidas(ruedas):
    """Every member left is the original or its bytecode (name.pyc in place
    of name.py, see _rueda_con_bytecode); licence files are byte for byte."""
    licencias = 0
    for original, servida in ruedas:
        servidos = set(servida.namelist())
        for nombre in original.namelist():
            if nombre.endswith((".pyi", "/METADATA", "/RECORD")) or "/sboms/" in nombre or "/test_" in nombre:
                continue
            if nombre.startswith(("pydantic/v1/", "pydantic/mypy.py")):  # RUEDAS_EXCLUIDO
                continue
            if nombre in servidos:
                assert servida.read(nombre) == original.read(nombre), nombre
            else:
                assert nombre.endswith(".py") and nombre[:-3] + ".pyc" in servidos, nombre
            licencias += "/licenses/" in nombre or nombre.endswith("/LICENSE")
    assert licencias >= 5


def test_record_lista_exactamente_lo_servido(ruedas):
    for _, servida in ruedas:
        [record] = [n for n in servida.namelist() if n.endswith(".dist-info/RECORD")]
        lineas = servida.read(record).decode("utf-8").splitlines()
        assert lineas[-1] == f"{record},,", _nombre(servida)
        listados = {}
        for linea in lineas[:-1]:
            ruta, huella, tamano = linea.rsplit(",", 2)
            listados[ruta] = (huella, int(tamano))
        miembros = {i.filename for i in servida.infolist() if not i.is_dir()} - {record}
        assert set(listados) == miembros, _nombre(servida)
        assert len(listados) == len(lineas) - 1, "una ruta repetida"
        for ruta, (huella, tamano) in listados.items():
            datos = servida.read(ruta)
            digest = base64.urlsafe_b64encode(hashlib.sha256(datos).digest()).rstrip(b"=").decode()
            assert (huella, tamano) == (f"sha256={digest}", len(datos)), ruta


def test_reglas_de_lo_que_se_deja_fuera():
    fuera = _del_sitio(lambda c: c.ruedas.fuera_de_la_rueda)
    for nombre in ("pydantic_core/_pydantic_core/__init__.pyi", "paquete/modulo.pyi",
                   "paquete-1.0.dist-info/sboms/paquete.cyclonedx.json", "annotated_types/test_cases.py",
                   "paquete/tests/test_algo.py", "paquete/tests/__init__.py", "pydantic/v1/main.py", "pydantic/mypy.py"):
        assert fuera(nombre), nombre
    for nombre in ("paquete/modulo.py", "paquete-1.0.dist-info/licenses/LICENSE", "paquete-1.0.dist-info/METADATA",
                   "paquete/sboms/datos.json", "paquete/contest.py", "paquete/latest_test.py", "paquete/py.typed",
                   "paquete-1.0.dist-info/licenses/tests/LICENSE"):
        assert not fuera(nombre), nombre


def test_cabecera_de_metadata_con_continuaciones_y_crlf():
    cabecera = _del_sitio(lambda c: c.ruedas.cabecera_metadata)
    texto = (b"Metadata-Version: 2.4\r\nName: x\r\nLicense: una\r\n        dos\r\n   \r\nVersion: 1\r\n"
             b"\r\n# x\r\n\r\nm\xc3\xa1s texto\r\n")
    assert cabecera(texto) == b"Metadata-Version: 2.4\r\nName: x\r\nLicense: una\r\n        dos\r\n   \r\nVersion: 1\r\n"
    assert cabecera(b"Name: x\nVersion: 1\n") == b"Name: x\nVersion: 1\n"
    assert cabecera(b"Name: x\nVersion: 1\n\nCuerpo\n") == b"Name: x\nVersion: 1\n"
