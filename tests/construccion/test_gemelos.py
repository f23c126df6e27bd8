import gzip

import brotli

from construccion import gemelos


def test_gemelos_solo_donde_ahorran_y_nunca_viejos(tmp_path):
    tmp_path = tmp_path / "site"
    tmp_path.mkdir()
    texto = ("<p>Reintegro de la subvención</p>\n" * 100).encode()
    (tmp_path / "index.html").write_bytes(texto)
    (tmp_path / "corto.js").write_bytes(b"x" * (gemelos.MINIMO_COMPRIMIR - 1))
    (tmp_path / "corto.js.gz").write_bytes(b"de una construccion anterior")
    (tmp_path / "foto.png").write_bytes(texto)
    (tmp_path / "sitemap.xml").write_bytes(texto)
    azar = __import__("os").urandom(4096)
    (tmp_path / "azar.wasm").write_bytes(azar)
    gemelos.escribir_gemelos(tmp_path)
    assert brotli.decompress((tmp_path / "index.html.br").read_bytes()) == texto
    assert gzip.decompress((tmp_path / "index.html.gz").read_bytes()) == texto
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "azar.wasm", "corto.js", "foto.png", "index.html", "index.html.br", "index.html.gz", "sitemap.xml"]
