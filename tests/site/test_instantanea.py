"""The returning visit boots from a memory snapshot.

On a first visit the engine worker (calculator/web/motor-worker.js) boots
Pyodide with pydantic-core's library preloaded (calculator/web/instantanea.js),
imports the engine, copies Pyodide's memory before any case is computed and
stores it in Cache Storage. A later page of the same browser restores it: the
engine comes back already imported. These tests check, in Chromium, that the
later pages do boot from it and compute what CPython computes for all five
bases, that no typed figure is in it, and that a snapshot that does not match
the runtime is dropped, the worker boots the ordinary way and stores a good one.
(tests/pyodide/test_pyodide.py runs the 10,000 generated cases on a runtime
restored the same way under Node.)
"""

from __future__ import annotations

import json
import time

from ayudas_calculadora import calcular_en_cpython, esperar_estado, fragmento_de
from test_calculadora import CASOS, SELECTOR, caso_json

CACHE = "motor-instantanea"
ESPERA_INSTANTANEA_S = 60
# A figure that appears nowhere in the site or the engine: it must not be in
# the snapshot, taken before the first case reaches the engine.
CIFRA_PROPIA = "987654.31"

LEER_INSTANTANEA = """async ([cache, cifra]) => {
    const c = await caches.open(cache);
    const claves = await c.keys();
    if (claves.length !== 1) return null;
    const r = await c.match(claves[0]);
    const bytes = new Uint8Array(await r.arrayBuffer());
    const buscada = new TextEncoder().encode(cifra);
    let contiene = false;
    fuera: for (let i = bytes.indexOf(buscada[0]); i >= 0; i = bytes.indexOf(buscada[0], i + 1)) {
        for (let j = 1; j < buscada.length; j++) if (bytes[i + j] !== buscada[j]) continue fuera;
        contiene = true;
        break;
    }
    return {clave: r.headers.get("x-clave"), disposicion: JSON.parse(r.headers.get("x-disposicion")),
            tamano: bytes.length, contiene};
}"""

ARRANQUE = """async () => {
    const m = (await import(new URL("../../assets/calculadora/motor.js", location.href))).motor();
    await m.listo;
    return {desdeInstantanea: m.desdeInstantanea, descartada: m.instantaneaDescartada};
}"""

# Rewrites the stored snapshot with a function-table size one larger than
# the runtime's (same key, same memory): the restored runtime cannot match it.
ESTROPEAR_DISPOSICION = """async (cache) => {
    const c = await caches.open(cache);
    const [clave] = await c.keys();
    const r = await c.match(clave);
    const disposicion = JSON.parse(r.headers.get("x-disposicion"));
    disposicion.tabla += 1;
    const cabeceras = new Headers(r.headers);
    cabeceras.set("x-disposicion", JSON.stringify(disposicion));
    await c.put(clave, new Response(await r.arrayBuffer(), {headers: cabeceras}));
    return disposicion.tabla;
}"""


def esperar_instantanea(pagina, condicion=lambda leida: True) -> dict:
    """The snapshot the worker stored (it waits 1.5 s after the first result)."""
    limite = time.monotonic() + ESPERA_INSTANTANEA_S
    while time.monotonic() < limite:
        leida = pagina.evaluate(LEER_INSTANTANEA, [CACHE, CIFRA_PROPIA])
        if leida and condicion(leida):
            return leida
        time.sleep(0.5)
    raise AssertionError(f"el motor no guardó su instantánea en {ESPERA_INSTANTANEA_S} s")


def abrir_y_calcular(contexto, sitio: str, caso: dict):
    pagina = contexto.pagina()
    pagina.goto(f"{sitio}bases/{caso['bases']}/{fragmento_de(caso)}")
    estado = esperar_estado(pagina, ("resultado", "error"))
    assert estado == "resultado", pagina.locator(SELECTOR).inner_text()[:800]
    codigo, salida, _ = calcular_en_cpython(caso)
    assert codigo == 0
    assert json.loads(pagina.locator(f"{SELECTOR} script[data-resultado]").text_content()) == json.loads(salida)
    return pagina


def test_la_visita_de_vuelta_arranca_de_la_instantanea_y_calcula_lo_mismo(sitio, contexto):
    primero = {**caso_json("art21-umbral-75"), "importe_concedido": CIFRA_PROPIA}
    pagina = abrir_y_calcular(contexto, sitio, primero)
    assert pagina.evaluate(ARRANQUE) == {"desdeInstantanea": False, "descartada": None}  # nothing stored yet
    guardada = esperar_instantanea(pagina)
    assert guardada["clave"].startswith("4 "), guardada["clave"]  # format 4: after the engine import
    disposicion = guardada["disposicion"]
    assert [r.rsplit("/", 1)[1].split(".")[0] for r in disposicion["bibliotecas"]] == ["_pydantic_core"]
    assert [ruta for _, ruta in disposicion["manejadores"]] == disposicion["bibliotecas"]
    assert guardada["tamano"] > 16 * 2**20
    assert guardada["contiene"] is False, "la instantánea guarda una cifra del caso"
    for bases in CASOS:
        otra = abrir_y_calcular(contexto, sitio, caso_json(bases))
        assert otra.evaluate(ARRANQUE) == {"desdeInstantanea": True, "descartada": None}, bases
        otra.close()
    assert not contexto.errores, contexto.errores


def test_una_instantanea_que_no_cuadra_se_descarta_y_se_rehace(sitio, contexto):
    pagina = abrir_y_calcular(contexto, sitio, caso_json("csd-art12"))
    buena = esperar_instantanea(pagina)["disposicion"]["tabla"]
    assert pagina.evaluate(ESTROPEAR_DISPOSICION, CACHE) == buena + 1
    otra = abrir_y_calcular(contexto, sitio, caso_json("boe-2024-17269"))
    arranque = otra.evaluate(ARRANQUE)
    assert arranque["desdeInstantanea"] is False
    assert arranque["descartada"] == f"tabla de funciones de {buena} entradas; la instantánea espera {buena + 1}"
    rehecha = esperar_instantanea(otra, lambda leida: leida["disposicion"]["tabla"] == buena)
    assert rehecha["contiene"] is False
    tercera = abrir_y_calcular(contexto, sitio, caso_json("art15-proporcional"))
    assert tercera.evaluate(ARRANQUE) == {"desdeInstantanea": True, "descartada": None}
    assert not contexto.errores, contexto.errores
