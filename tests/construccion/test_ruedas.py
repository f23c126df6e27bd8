import hashlib

import pytest
from mkdocs.exceptions import PluginError

from construccion import rutas, ruedas

from .conftest import contenido, zip_de


@pytest.mark.parametrize("nombre, fuera", [
    ("pydantic/v1/main.py", True),                      # RUEDAS_EXCLUIDO
    ("pydantic/mypy.py", True),
    ("pydantic_core/core_schema.pyi", True),            # type stub
    ("pydantic_core-2.50.4.dist-info/sboms/x.json", True),
    ("annotated_types/test_cases.py", True),            # a test module
    ("paquete/tests/conftest.py", True),
    ("pydantic/main.py", False),
    ("pydantic-2.14.3.dist-info/licenses/LICENSE", False),
    ("test_algo-1.0.dist-info/METADATA", False),        # test-like name inside .dist-info stays
    ("pydantic/v1.py", False),
])
def test_fuera_de_la_rueda(nombre, fuera):
    assert ruedas.fuera_de_la_rueda(nombre) is fuera


def test_la_cabecera_de_metadata_acaba_en_la_primera_linea_vacia():
    metadata = b"Name: p\r\nVersion: 1\r\nDescription: a\r\n  continued\r\n\r\n# Long\r\n\r\ntext\r\n"
    assert ruedas.cabecera_metadata(metadata) == b"Name: p\r\nVersion: 1\r\nDescription: a\r\n  continued\r\n"
    assert ruedas.cabecera_metadata(b"Name: p\n") == b"Name: p\n"


def test_rueda_podada_quita_lo_que_python_no_lee_y_reescribe_record():
    origen = zip_de({
        "p/__init__.py": b"import p.sub\n", "p/__init__.pyi": b"", "p/tests/test_p.py": b"",
        "p-1.dist-info/METADATA": b"Name: p\nVersion: 1\n\nlarga descripcion\n",
        "p-1.dist-info/sboms/p.cdx.json": b"{}", "p-1.dist-info/RECORD": b"",
    })
    servida = contenido(ruedas.rueda_podada(origen))
    assert sorted(servida) == ["p-1.dist-info/METADATA", "p-1.dist-info/RECORD", "p/__init__.py"]
    assert servida["p-1.dist-info/METADATA"] == b"Name: p\nVersion: 1\n"
    assert [linea.split(",")[0] for linea in servida["p-1.dist-info/RECORD"].decode().splitlines()] == [
        "p/__init__.py", "p-1.dist-info/METADATA", "p-1.dist-info/RECORD"]


def test_una_rueda_que_no_cuadra_con_su_sha256_para_la_construccion(tmp_path, monkeypatch):
    monkeypatch.setattr(rutas, "RAIZ", tmp_path)
    monkeypatch.setattr(rutas, "CACHE_RUEDAS", tmp_path / "wheels")
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "p-1-py3-none-any.whl").write_bytes(b"otra cosa")
    bien = {"ruedas": [{"archivo": "p-1-py3-none-any.whl", "sha256": hashlib.sha256(b"otra cosa").hexdigest()}]}
    assert ruedas.comprobar_ruedas(bien)[0][0] == "p-1-py3-none-any.whl"
    mal = {"ruedas": [{"archivo": "p-1-py3-none-any.whl", "sha256": "0" * 64}]}
    with pytest.raises(PluginError, match="fetch_wheels.py"):
        ruedas.comprobar_ruedas(mal)
    falta = {"ruedas": [{"archivo": "q-1-py3-none-any.whl", "sha256": "0" * 64}]}
    with pytest.raises(PluginError, match="falta la rueda"):
        ruedas.comprobar_ruedas(falta)
