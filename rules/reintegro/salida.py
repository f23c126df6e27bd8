"""The one JSON text of a result, shared by the command line and the browser."""

from __future__ import annotations

import json


def resultado_a_json(resultado: dict) -> str:
    return json.dumps(resultado, ensure_ascii=False, indent=2)
