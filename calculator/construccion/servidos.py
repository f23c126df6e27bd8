"""The wheels and the standard-library zip exactly as the site serves them,
in one call: the pinned wheels checked and pruned (``ruedas``), the engine's
built (``rueda_motor``), the stdlib trimmed (``biblioteca``), all STORED and
with bytecode (``bytecode``). Called by the hook (recursos.py) and by
tests/pyodide, which installs these very bytes."""

from __future__ import annotations

from . import rutas
from .biblioteca import STDLIB_EXCLUIDA
from .bytecode import con_bytecode
from .rueda_motor import construir_rueda_motor
from .ruedas import comprobar_ruedas, rueda_podada
from .zips import almacenada


def servidos(manifiesto: dict) -> tuple[str, dict[str, bytes], bytes]:
    """(name of the engine wheel, {file name: bytes} of every wheel the site
    serves, python_stdlib.zip as served). The wheels in the order the worker
    unpacks them: the pinned ones, checked and pruned (``rueda_podada``),
    then the engine's; STORED, with bytecode. The stdlib zip STORED, without
    STDLIB_EXCLUIDA, the modules the engine's import loads as bytecode."""
    ruedas = comprobar_ruedas(manifiesto)
    nombre_motor, rueda_motor = construir_rueda_motor()
    servidas = {archivo: rueda_podada(ruta.read_bytes()) for archivo, ruta, _ in ruedas}
    servidas[nombre_motor] = almacenada(rueda_motor)
    biblioteca = almacenada((rutas.PYODIDE / "python_stdlib.zip").read_bytes(), sin=STDLIB_EXCLUIDA)
    servidas, biblioteca = con_bytecode(servidas, biblioteca, manifiesto["pyodide"])
    return nombre_motor, servidas, biblioteca
