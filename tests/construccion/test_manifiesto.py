import json

from construccion import cache, manifiesto


def test_motor_json_lista_las_ruedas_con_su_integridad_y_la_del_motor_con_version():
    servidas = {"pydantic-2.whl": b"p", "reintegro-0.1.0-py3-none-any.whl": b"r"}
    ruedas = manifiesto.ruedas_con_integridad(servidas, "reintegro-0.1.0-py3-none-any.whl")
    assert ruedas == [
        {"url": "../wheels/pydantic-2.whl", "integridad": cache.sri(b"p")},
        {"url": f"../wheels/reintegro-0.1.0-py3-none-any.whl?v={cache.sha256(b'r')[:16]}",
         "integridad": cache.sri(b"r")},
    ]
    datos = {"version_motor": "0.1.0", "catalogo": [{"id": "a"}], "formularios": {"a": {"campos": []}}}
    texto = manifiesto.motor_json("314.0.7", {"info": {}, "packages": {}}, b"zip", ruedas, datos)
    motor = json.loads(texto)
    assert motor["pyodide"]["biblioteca"] == f"../pyodide/314.0.7/python_stdlib.zip?v={cache.sha256(b'zip')[:16]}"
    assert motor["pyodide"]["modulo"] == "../pyodide/314.0.7/pyodide.mjs"
    assert motor["ruedas"] == ruedas and "formularios" not in motor
    assert ", " not in texto  # compact


def test_cada_bases_tiene_su_formulario_en_un_archivo_propio():
    """Issue 24: a page carries its own bases' form description, not every bases'."""
    datos = {"formularios": {"a": {"campos": [1]}, "b": {"campos": []}}}
    archivos = manifiesto.formularios_json(datos)
    assert set(archivos) == {"formularios/a.json", "formularios/b.json"}
    assert json.loads(archivos["formularios/a.json"]) == {"campos": [1]}


def test_los_formularios_vienen_del_motor_de_este_arbol():
    datos = manifiesto.formularios("prueba")
    ids = [b["id"] for b in datos["catalogo"]]
    assert "art21-umbral-75" in ids and set(datos["formularios"]) == set(ids)
    assert manifiesto.formularios("prueba") is datos
