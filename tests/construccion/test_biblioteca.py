import pytest
from mkdocs.exceptions import PluginError

from construccion import biblioteca

from .conftest import contenido, zip_de


@pytest.mark.parametrize("ruta, modulo", [
    ("email/mime/text.py", "email.mime.text"), ("email/__init__.py", "email"), ("json/tool.pyc", None),
    ("encodings/", None),
])
def test_modulo_de(ruta, modulo):
    assert biblioteca.modulo_de(ruta) == modulo


def test_sobrantes_quita_modulos_y_las_carpetas_que_solo_ellos_llenaban():
    nombres = {"a/", "a/__init__.py", "a/uno.py", "a/datos.txt", "b/", "b/__init__.py", "b/b.py",
               "b/plantilla.txt", "c/", "c/datos.bin", "suelto.py"}
    quedan = {"a/__init__.py", "a/uno.py"}
    # b/ only held modules that go: its folder entry and data go too; c/ never held a module: it stays.
    assert biblioteca.sobrantes(nombres, quedan) == {
        "b/", "b/__init__.py", "b/b.py", "b/plantilla.txt", "suelto.py"}


def test_la_biblioteca_servida_lleva_bytecode_de_lo_cargado_y_nada_inalcanzable(monkeypatch):
    monkeypatch.setattr(biblioteca, "IMPORTADOS_SIN_SENTENCIA", ("enc.utf_8",))
    origen = zip_de({"os.py": b"source", "enc/__init__.py": b"", "enc/utf_8.py": b"", "lejos.py": b""})
    compilados = {biblioteca.PREFIJO_BIBLIOTECA + "os.pyc": b"bytecode"}
    servida = contenido(biblioteca.biblioteca_con_bytecode(
        origen, ["os.py"], ["enc/__init__.py", "enc/utf_8.py"], compilados))
    assert servida == {"os.pyc": b"bytecode", "enc/__init__.py": b"", "enc/utf_8.py": b""}


def test_un_modulo_cargado_que_falta_o_una_raiz_sin_modulo_paran_la_construccion(monkeypatch):
    origen = zip_de({"os.py": b""})
    monkeypatch.setattr(biblioteca, "IMPORTADOS_SIN_SENTENCIA", ())
    with pytest.raises(PluginError, match="deja fuera"):
        biblioteca.biblioteca_con_bytecode(origen, ["xml/__init__.py"], [], {})
    monkeypatch.setattr(biblioteca, "IMPORTADOS_SIN_SENTENCIA", ("_strptime",))
    with pytest.raises(PluginError, match="_strptime"):
        biblioteca.biblioteca_con_bytecode(origen, [], ["os.py"], {})
