import json
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files

from construccion import runtime, rutas
from construccion.archivos import anadir


def test_un_pyodide_de_otra_version_para_la_construccion(tmp_path, monkeypatch):
    monkeypatch.setattr(rutas, "PYODIDE", tmp_path)
    with pytest.raises(PluginError, match="npm ci"):
        runtime.comprobar_pyodide("314.0.7")
    (tmp_path / "package.json").write_text(json.dumps({"version": "0.27.0"}))
    with pytest.raises(PluginError, match="0.27.0.*314.0.7"):
        runtime.comprobar_pyodide("314.0.7")
    (tmp_path / "package.json").write_text(json.dumps({"version": "314.0.7"}))
    for nombre in runtime.PYODIDE_ARCHIVOS:
        (tmp_path / nombre).write_bytes(b"")
    (tmp_path / "pyodide-lock.json").write_text(json.dumps({"info": {"version": "314.0.7"}, "packages": {"x": {}}}))
    assert runtime.comprobar_pyodide("314.0.7") == {"info": {"version": "314.0.7"}, "packages": {}}


def test_anadir_reemplaza_el_archivo_de_la_misma_direccion(tmp_path):
    config = SimpleNamespace(docs_dir=str(tmp_path), site_dir=str(tmp_path / "site"), use_directory_urls=True,
                             plugins=SimpleNamespace(_current_plugin=None))
    files = Files([])
    anadir(files, config, "assets/x.json", content="1")
    anadir(files, config, "assets/x.json", content="2")
    assert [f.content_string for f in files] == ["2"]
