"""What the site build adds so that the calculator runs in the browser.

The MkDocs entry point is ``calculator/hooks/recursos.py``, a thin file that
calls these modules (``mkdocs build`` and every rebuild of ``mkdocs serve``);
nothing is written into ``docs/``. One job per module:

- ``rutas``: where the inputs live and where the outputs go; the build error;
- ``cache``: content hashes, SRI, the cache of ``.cache/sitio/``;
- ``zips``: stored (not deflated) zips, a wheel's RECORD;
- ``runtime``: the pinned Pyodide runtime from ``node_modules/pyodide``;
- ``ruedas``: the pinned wheels, checked by sha256 and pruned;
- ``rueda_motor``: the ``reintegro`` wheel, built from ``rules/reintegro``;
- ``biblioteca``: the standard-library zip as served (trimmed, bytecode);
- ``bytecode``: bytecode compiled by Pyodide itself under Node
  (``pyodide_node.mjs`` runs ``compilar_pyc.py`` inside Pyodide);
- ``servidos``: the wheels and stdlib zip the site serves, in one call;
- ``motor_aparte``: runs a program with this tree's engine in a fresh interpreter;
- ``manifiesto``: ``assets/calculadora/motor.json`` (wheel list with SRI,
  inline lock, catalogue and the forms computed on CPython);
- ``archivos``: adding a generated file to MkDocs' files;
- ``comentarios``: the page's scripts and stylesheets as served, without comments;
- ``hojas``: the stylesheets only some pages load;
- ``gemelos``: the ``.br``/``.gz`` twins beside every compressible file.

Anything missing or altered fails the build with a message naming the file
and the command that fixes it. There is never a CDN fallback.
"""
