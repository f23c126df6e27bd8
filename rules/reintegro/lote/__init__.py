"""Many cases at once (``python -m reintegro lote``, the «Muchos casos» page).

One module per concern:

- ``valores_es``: a cell as the form takes it («1.234,56», «30/06/2025», «Sí»)
  -> the value of the JSON contract;
- ``columnas``: a header row -> the case's fields (JSON names or the form's
  Spanish labels, payments as repeated columns or one JSON cell);
- ``lectura``: CSV, XLSX and JSONL files -> rows (numbered from 1);
- ``fila``: one row -> its case -> the output row (exactly ``calcular``'s figures);
- ``escritura``: output rows -> CSV, XLSX or JSONL, streamed;
- ``procesos``: the rows computed in N processes, in input order;
- ``resumen``: the counts and sums printed at the end;
- ``plantilla``: the template CSV of a bases;
- ``orden``: the ``lote`` and ``plantilla`` commands;
- ``pagina``: what the browser's worker calls (through ``reintegro.navegador``).
"""
