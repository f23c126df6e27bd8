"""MkDocs hook: puts the in-browser calculator into the built site.

Enabled in mkdocs.yml (``hooks:``). A thin file: every job is a module of
``calculator/construccion/`` (its docstring lists them). On every build it
adds, as generated files (nothing is written into ``docs/``):

- ``assets/pyodide/<version>/``: the Pyodide runtime (``runtime``), its
  python_stdlib.zip trimmed and partly compiled (``biblioteca``, ``bytecode``);
- ``assets/wheels/``: the pinned wheels, checked and pruned (``ruedas``), and
  the engine's (``rueda_motor``), with bytecode (``servidos``);
- ``assets/calculadora/``: the page's scripts and stylesheets (from
  ``calculator/web/``, without their comments: ``comentarios``) and
  ``motor.json`` (``manifiesto``).

Each page gets the stylesheets only some pages use (``hojas``); after the
build, ``.br``/``.gz`` twins beside every compressible file (``gemelos``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files

# The package lives beside this folder (calculator/construccion/).
_CALCULATOR = str(Path(__file__).resolve().parents[1])
if _CALCULATOR not in sys.path:
    sys.path.insert(0, _CALCULATOR)

from construccion import rutas  # noqa: E402
from construccion.archivos import anadir  # noqa: E402
from construccion.cache import sha256  # noqa: E402
from construccion.comentarios import servido  # noqa: E402
from construccion.gemelos import escribir_gemelos  # noqa: E402
from construccion.hojas import con_hojas_de_pagina  # noqa: E402
from construccion.manifiesto import formularios, formularios_json, motor_json, ruedas_con_integridad  # noqa: E402
from construccion.runtime import PYODIDE_ARCHIVOS, comprobar_pyodide, leer_manifiesto  # noqa: E402
from construccion.servidos import servidos  # noqa: E402


def on_files(files: Files, config) -> Files:
    manifiesto = leer_manifiesto()
    version = manifiesto["pyodide"]
    lock = comprobar_pyodide(version)
    nombre_motor, servidas, biblioteca = servidos(manifiesto)
    datos = formularios(sha256(servidas[nombre_motor]))

    destino_pyodide = rutas.DESTINO_PYODIDE.format(version=version)
    for nombre in PYODIDE_ARCHIVOS:
        if nombre == "python_stdlib.zip":
            anadir(files, config, destino_pyodide + nombre, content=biblioteca)
        else:
            anadir(files, config, destino_pyodide + nombre, abs_src_path=str(rutas.PYODIDE / nombre))
    for archivo, datos_rueda in servidas.items():
        anadir(files, config, rutas.DESTINO_RUEDAS + archivo, content=datos_rueda)

    if not (rutas.WEB / "calculadora.js").is_file():
        raise rutas.error(f"falta {rutas.WEB / 'calculadora.js'}")
    for ruta in sorted(rutas.WEB.iterdir()):
        if ruta.suffix in (".js", ".css"):
            anadir(files, config, rutas.DESTINO_CALCULADORA + ruta.name, content=servido(ruta))

    ruedas = ruedas_con_integridad(servidas, nombre_motor)
    anadir(files, config, rutas.DESTINO_CALCULADORA + "motor.json",
           content=motor_json(version, lock, biblioteca, ruedas, datos))
    for nombre, contenido in formularios_json(datos).items():
        anadir(files, config, rutas.DESTINO_CALCULADORA + nombre, content=contenido)
    return files


def on_post_page(output: str, page, config) -> str:
    return con_hojas_de_pagina(output, page.file.src_uri)


@event_priority(-200)  # after every hook that writes or rewrites files (sw.js, CSP)
def on_post_build(config):
    escribir_gemelos(Path(config["site_dir"]))


def on_serve(server, config, builder):
    # `mkdocs serve` rebuilds when the calculator or the engine changes too.
    for ruta in (rutas.WEB, rutas.MOTOR, rutas.MANIFIESTO):
        server.watch(str(ruta))
    return server
