import io
import zipfile

from construccion import rueda_motor, rutas, zips


def test_la_rueda_del_motor_es_reproducible_y_su_record_cuadra():
    nombre, datos = rueda_motor.construir_rueda_motor()
    assert nombre == "reintegro-0.1.0-py3-none-any.whl"
    assert rueda_motor.construir_rueda_motor()[1] == datos
    with zipfile.ZipFile(io.BytesIO(datos)) as z:
        nombres = z.namelist()
        record = z.read("reintegro-0.1.0.dist-info/RECORD").decode().splitlines()
        lineas = {linea.split(",")[0]: linea for linea in record}
        for n in nombres[:-1]:
            assert lineas[n] == zips.linea_record(n, z.read(n))
        assert {i.date_time for i in z.infolist()} == {zips.FECHA_ZIP}
    assert "reintegro/navegador.py" in nombres
    assert "reintegro/data/bases/art21-umbral-75.toml" in nombres
    assert not [n for n in nombres if "__pycache__" in n or n.endswith(".pyc")]
    assert nombres == sorted(nombres[:-3]) + [f"reintegro-0.1.0.dist-info/{m}" for m in ("METADATA", "WHEEL", "RECORD")]


def test_la_rueda_se_construye_desde_el_paquete_que_se_le_da(tmp_path, monkeypatch):
    paquete = tmp_path / "reintegro"
    (paquete / "__pycache__").mkdir(parents=True)
    (paquete / "__init__.py").write_text("__version__ = 'x'\n")
    (paquete / "__pycache__" / "__init__.cpython-311.pyc").write_bytes(b"")
    (paquete / ".oculto").write_text("")
    monkeypatch.setattr(rutas, "MOTOR", paquete)
    _, datos = rueda_motor.construir_rueda_motor()
    with zipfile.ZipFile(io.BytesIO(datos)) as z:
        assert [n for n in z.namelist() if not n.startswith("reintegro-0.1.0.dist-info/")] == ["reintegro/__init__.py"]
