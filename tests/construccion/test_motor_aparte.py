import pytest
from mkdocs.exceptions import PluginError

from construccion import rutas
from construccion.motor_aparte import ejecutar


def test_el_programa_ve_el_motor_de_este_arbol():
    salida = ejecutar("import reintegro, sys; print(reintegro.__file__); print(sys.stdin.read())", entrada="ñ")
    archivo, entrada = salida.splitlines()
    assert archivo == str(rutas.MOTOR / "__init__.py")
    assert entrada == "ñ"


def test_un_programa_que_falla_para_la_construccion_con_su_traza():
    with pytest.raises(PluginError, match="(?s)los formularios.*ZeroDivisionError"):
        ejecutar("1/0", que="los formularios")
