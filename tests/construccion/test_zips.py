import zipfile

import pytest
from mkdocs.exceptions import PluginError

from construccion import zips

from .conftest import contenido, zip_de


def test_almacenada_guarda_sin_comprimir_en_el_mismo_orden_y_es_determinista():
    origen = zip_de({"b.py": b"x = 1\n" * 100, "a/__init__.py": b"", "a/datos.txt": b"hola"})
    servida = zips.almacenada(origen)
    with zipfile.ZipFile(__import__("io").BytesIO(servida)) as z:
        assert [i.filename for i in z.infolist()] == ["b.py", "a/__init__.py", "a/datos.txt"]
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
    assert contenido(servida) == contenido(origen)
    assert zips.almacenada(origen) == servida


def test_almacenada_deja_fuera_los_modulos_de_primer_nivel_pedidos():
    origen = zip_de({"xml/dom/minidom.py": b"", "pdb.py": b"", "json/__init__.py": b"", "pdbx.py": b""})
    servida = zips.almacenada(origen, sin=frozenset({"xml", "pdb"}))
    assert sorted(contenido(servida)) == ["json/__init__.py", "pdbx.py"]


@pytest.mark.parametrize("nombre, primero", [
    ("xml/dom/minidom.py", "xml"), ("pdb.py", "pdb"), ("json/", "json"), ("datos.txt", "datos.txt"),
])
def test_primer_nivel(nombre, primero):
    assert zips.primer_nivel(nombre) == primero


def _info(nombre: str) -> zipfile.ZipInfo:
    return zipfile.ZipInfo(nombre, zips.FECHA_ZIP)


def test_con_record_lista_cada_miembro_con_su_hash_y_su_tamano_y_record_al_final():
    miembros = [(_info("p/__init__.py"), b"x = 1\n"), (_info("p-1.dist-info/RECORD"), b"viejo"),
                (_info("p-1.dist-info/METADATA"), b"Name: p\n")]
    nuevos = dict((i.filename, d) for i, d in zips.con_record(miembros))
    lineas = nuevos["p-1.dist-info/RECORD"].decode().splitlines()
    # PEP 376/427: path,sha256=<urlsafe b64 without padding>,size; RECORD's own line without either.
    assert lineas == [zips.linea_record("p/__init__.py", b"x = 1\n"),
                      zips.linea_record("p-1.dist-info/METADATA", b"Name: p\n"), "p-1.dist-info/RECORD,,"]
    assert lineas[0] == "p/__init__.py,sha256=nia_NpkRxFwkPGhBR7I_yeHc_PJX0pmhxjIBam_NM_Q,6"
    assert "=," not in lineas[0]


def test_una_rueda_sin_record_para_la_construccion():
    with pytest.raises(PluginError, match="sin RECORD"):
        zips.con_record([(_info("p/__init__.py"), b"")])
