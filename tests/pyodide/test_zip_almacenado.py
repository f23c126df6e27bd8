"""calculator/web/zip-almacenado.js, the worker's wheel unpacker, run under
Node against Python's zipfile: every wheel the site serves gives the same
files with the same bytes, and what the reader does not expect (a
compressed member, a name that climbs out of the destination) is refused
with the member named."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_pyodide import _node, _servido_por_el_sitio  # noqa: E402  (tests/pyodide/test_pyodide.py)

RAIZ = Path(__file__).resolve().parents[2]
LECTOR = RAIZ / "calculator" / "web" / "zip-almacenado.js"

# Extracts each zip given on the command line into a recording stand-in for
# Emscripten's FS; prints {zip: {path: sha256} | {error: message}}.
PROGRAMA = """
import { extraerAlmacenado } from "./zip-almacenado.mjs";
import fs from "node:fs";
import crypto from "node:crypto";
const salida = {};
for (const archivo of process.argv.slice(2)) {
  const escritos = {};
  const carpetas = new Set(["/destino"]);
  const FS = {
    mkdirTree: (c) => { for (let p = c; p.length > "/destino".length; p = p.slice(0, p.lastIndexOf("/"))) carpetas.add(p); },
    writeFile: (ruta, datos) => {
      if (!carpetas.has(ruta.slice(0, ruta.lastIndexOf("/")))) throw new Error(`sin carpeta: ${ruta}`);
      escritos[ruta] = crypto.createHash("sha256").update(datos).digest("hex");
    },
  };
  try {
    extraerAlmacenado(FS, new Uint8Array(fs.readFileSync(archivo)), "/destino");
    salida[archivo] = escritos;
  } catch (e) {
    salida[archivo] = { error: e.message };
  }
}
console.log(JSON.stringify(salida));
"""


@pytest.fixture(scope="module")
def extraer(tmp_path_factory):
    carpeta = tmp_path_factory.mktemp("zip")
    shutil.copy(LECTOR, carpeta / "zip-almacenado.mjs")
    (carpeta / "extraer.mjs").write_text(PROGRAMA, encoding="utf-8")

    def ejecutar(zips: list[Path]) -> dict:
        proceso = subprocess.run(
            [_node(), str(carpeta / "extraer.mjs"), *map(str, zips)],
            cwd=carpeta, capture_output=True, text=True, timeout=120,
        )
        assert proceso.returncode == 0, proceso.stderr
        return json.loads(proceso.stdout)

    return ejecutar


def _como_python(ruta: Path) -> dict[str, str]:
    with zipfile.ZipFile(ruta) as z:
        return {
            f"/destino/{info.filename}": hashlib.sha256(z.read(info)).hexdigest()
            for info in z.infolist() if not info.is_dir()
        }


def test_cada_rueda_servida_se_extrae_igual_que_con_zipfile(extraer, tmp_path):
    ruedas, _ = _servido_por_el_sitio(tmp_path)
    extraidas = extraer(ruedas)
    for rueda in ruedas:
        esperado = _como_python(rueda)
        assert len(esperado) > 3, rueda.name
        assert extraidas[str(rueda)] == esperado, rueda.name


def _zip(ruta: Path, miembros: dict[str, bytes], metodo: int) -> Path:
    with zipfile.ZipFile(ruta, "w", compression=metodo) as z:
        for nombre, datos in miembros.items():
            z.writestr(nombre, datos)
    return ruta


def test_lo_inesperado_se_rechaza_nombrando_el_miembro(extraer, tmp_path):
    comprimido = _zip(tmp_path / "comprimido.zip", {"a/uno.py": b"x = 1\n" * 100}, zipfile.ZIP_DEFLATED)
    fuera = _zip(tmp_path / "fuera.zip", {"../fuera.py": b"x = 1\n"}, zipfile.ZIP_STORED)
    absoluto = tmp_path / "absoluto.zip"
    with zipfile.ZipFile(absoluto, "w") as z:
        z.writestr(zipfile.ZipInfo("/etc/absoluto.py"), b"x = 1\n")
    basura = tmp_path / "basura.zip"
    basura.write_bytes(b"esto no es un zip" * 10)
    bien = _zip(tmp_path / "bien.zip", {"a/b/uno.py": b"x = 1\n", "a/dos.txt": b""},
                zipfile.ZIP_STORED)

    salida = extraer([comprimido, fuera, absoluto, basura, bien])
    assert salida[str(comprimido)] == {"error": "a/uno.py: miembro comprimido o zip64, no almacenado"}
    assert salida[str(fuera)] == {"error": "../fuera.py: ruta fuera de la carpeta de destino"}
    assert salida[str(absoluto)] == {"error": "/etc/absoluto.py: ruta fuera de la carpeta de destino"}
    assert salida[str(basura)] == {"error": "no es un archivo zip"}
    assert salida[str(bien)] == _como_python(bien)
