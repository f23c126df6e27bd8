import base64
import hashlib

from construccion import cache, rutas


def test_sri_es_el_sha256_en_base64_con_su_prefijo():
    # SRI (W3C Subresource Integrity): "sha256-" + base64 of the raw digest.
    assert cache.sri(b"") == "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="
    assert cache.sri(b"abc") == "sha256-" + base64.b64encode(hashlib.sha256(b"abc").digest()).decode()


def test_la_huella_distingue_como_se_parten_los_datos():
    assert cache.huella(b"ab", b"c") != cache.huella(b"a", b"bc")
    assert cache.huella(b"ab", b"c") == cache.huella(b"ab", b"c")


def test_en_cache_produce_una_vez_y_despues_lee_el_archivo():
    llamadas = []

    def producir():
        llamadas.append(1)
        return b"datos"

    assert cache.en_cache("x.bin", producir) == b"datos"
    assert cache.en_cache("x.bin", producir) == b"datos"
    assert llamadas == [1]
    assert (rutas.CACHE_SITIO / "x.bin").read_bytes() == b"datos"
    assert not list(rutas.CACHE_SITIO.glob("*.tmp"))
