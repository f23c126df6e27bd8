"""The ``reintegro`` wheel the browser installs, built here from
``rules/reintegro`` (``rutas.MOTOR``) with a small deterministic builder:
sorted entries, fixed timestamps, byte-for-byte reproducible. Called by
servidos."""

from __future__ import annotations

import io
import re
import tomllib
import zipfile
from pathlib import Path

from . import rutas
from .zips import FECHA_ZIP, linea_record


def _proyecto() -> dict:
    pyproject = rutas.RAIZ / "pyproject.toml"
    try:
        return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as e:
        raise rutas.error(f"no se puede leer [project] de {pyproject}: {e}") from e


def construir_rueda_motor() -> tuple[str, bytes]:
    """Build ``reintegro-<version>-py3-none-any.whl`` in memory, byte-for-byte
    reproducible (sorted entries, fixed timestamps), from the package
    directory. Returns (file name, bytes)."""
    motor = rutas.MOTOR
    if not (motor / "__init__.py").is_file():
        raise rutas.error(
            f"falta el paquete del motor: {motor / '__init__.py'} no existe "
            "(el motor vive en rules/reintegro)"
        )
    proyecto = _proyecto()
    nombre = re.sub(r"[-_.]+", "_", proyecto["name"]).lower()
    version = proyecto["version"]
    info = f"{nombre}-{version}.dist-info"
    entradas: list[tuple[str, bytes]] = []
    for ruta in sorted(motor.rglob("*")):
        rel = ruta.relative_to(motor)
        if ruta.is_dir() or "__pycache__" in rel.parts or ruta.suffix in (".pyc", ".pyo"):
            continue
        if any(p.startswith(".") for p in rel.parts):
            continue
        entradas.append(((Path(motor.name) / rel).as_posix(), ruta.read_bytes()))
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {proyecto['name']}",
        f"Version: {version}",
        f"Summary: {proyecto.get('description', '')}",
        f"Requires-Python: {proyecto.get('requires-python', '')}",
    ] + [f"Requires-Dist: {d}" for d in proyecto.get("dependencies", [])]
    entradas.append((f"{info}/METADATA", ("\n".join(metadata) + "\n").encode("utf-8")))
    entradas.append((
        f"{info}/WHEEL",
        b"Wheel-Version: 1.0\nGenerator: calculator.construccion.rueda_motor\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n",
    ))
    record = [linea_record(nombre_zip, datos) for nombre_zip, datos in entradas]
    record.append(f"{info}/RECORD,,")
    entradas.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
    salida = io.BytesIO()
    with zipfile.ZipFile(salida, "w", zipfile.ZIP_DEFLATED) as z:
        for nombre_zip, datos in entradas:
            zi = zipfile.ZipInfo(nombre_zip, FECHA_ZIP)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, datos)
    return f"{nombre}-{version}-py3-none-any.whl", salida.getvalue()
