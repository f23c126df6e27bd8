"""Fill .cache/wheels/ with the wheels pinned in calculator/wheels.json.

    python calculator/fetch_wheels.py

Downloads each pinned wheel from PyPI with ``pip download`` (only when it is
not already in the cache with the right sha256), verifies its sha256 and
exits non-zero with a clear message on any mismatch. Idempotent: when every
wheel is there, it only hashes the files (well under a second).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
MANIFIESTO = RAIZ / "calculator" / "wheels.json"
CACHE = RAIZ / ".cache" / "wheels"


def sha256(ruta: Path) -> str:
    h = hashlib.sha256()
    with ruta.open("rb") as f:
        for bloque in iter(lambda: f.read(1 << 20), b""):
            h.update(bloque)
    return h.hexdigest()


def leer_manifiesto() -> list[dict]:
    return json.loads(MANIFIESTO.read_text(encoding="utf-8"))["ruedas"]


def descargar(rueda: dict, destino: Path) -> None:
    orden = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
        "--disable-pip-version-check", "--only-binary=:all:", "-d", str(destino),
    ]
    if "plataforma" in rueda:
        orden += [
            "--platform", rueda["plataforma"],
            "--python-version", rueda["python"],
            "--implementation", "cp",
        ]
    orden.append(f'{rueda["nombre"]}=={rueda["version"]}')
    subprocess.run(orden, check=True)


def main() -> int:
    CACHE.mkdir(parents=True, exist_ok=True)
    fallos = []
    for rueda in leer_manifiesto():
        ruta = CACHE / rueda["archivo"]
        if ruta.is_file() and sha256(ruta) == rueda["sha256"]:
            continue
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            print(f'descargando {rueda["archivo"]}', file=sys.stderr)
            try:
                descargar(rueda, Path(tmp))
            except subprocess.CalledProcessError as e:
                fallos.append(f'{rueda["archivo"]}: pip download falló ({e.returncode})')
                continue
            bajada = Path(tmp) / rueda["archivo"]
            if not bajada.is_file():
                otros = ", ".join(p.name for p in Path(tmp).iterdir()) or "nada"
                fallos.append(f'{rueda["archivo"]}: pip descargó {otros} en lugar del archivo fijado')
                continue
            real = sha256(bajada)
            if real != rueda["sha256"]:
                fallos.append(f'{rueda["archivo"]}: sha256 {real} distinto del fijado {rueda["sha256"]}')
                continue
            shutil.move(str(bajada), ruta)
    if fallos:
        print("fetch_wheels: ERROR\n  " + "\n  ".join(fallos), file=sys.stderr)
        return 1
    print(f"fetch_wheels: {len(leer_manifiesto())} ruedas verificadas en {CACHE.relative_to(RAIZ)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
