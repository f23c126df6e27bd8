"""Adding a generated file to MkDocs' files (replacing one of the same
address, as a rebuild of ``mkdocs serve`` needs). Used by every hook that
puts a file into the site: recursos.py, corpus.py, sus_bases.py."""

from __future__ import annotations

from mkdocs.structure.files import File, Files


def anadir(files: Files, config, src_uri: str, **fuente) -> None:
    """``fuente``: ``content=`` (text or bytes) or ``abs_src_path=``."""
    anterior = files.src_uris.get(src_uri)
    if anterior is not None:
        files.remove(anterior)
    files.append(File.generated(config, src_uri, **fuente))
