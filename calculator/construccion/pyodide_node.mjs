// Runs one Python file inside the npm Pyodide runtime under Node, with a host
// folder mounted at /trabajo (read and write). Used at build time by
// calculator/construccion/bytecode.py to compile the served wheels to bytecode
// with the very interpreter the browser runs (see compilar_pyc.py).
//
//     node calculator/construccion/pyodide_node.mjs PYODIDE_DIR PROGRAM.py WORK_DIR
//
// Exit status 0 when the program ran without an exception; 3 otherwise (the
// Python traceback goes to stderr). The lock is inline and empty: the npm
// package ships no wheels, and a package named in a lock makes Pyodide try a
// CDN (see /work/shared/PLATFORM.md).

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [carpeta, programa, trabajo] = process.argv.slice(2);
if (!carpeta || !programa || !trabajo) {
  process.stderr.write("uso: node pyodide_node.mjs PYODIDE_DIR PROGRAM.py WORK_DIR\n");
  process.exit(3);
}
try {
  const { loadPyodide } = await import(pathToFileURL(path.join(carpeta, "pyodide.mjs")).href);
  const lock = JSON.parse(fs.readFileSync(path.join(carpeta, "pyodide-lock.json"), "utf8"));
  const pyodide = await loadPyodide({
    indexURL: path.resolve(carpeta) + path.sep,
    lockFileContents: { info: lock.info, packages: {} },
    packages: [],
    stdout: (linea) => process.stdout.write(linea + "\n"),
    stderr: (linea) => process.stderr.write(linea + "\n"),
  });
  pyodide.FS.mkdirTree("/trabajo");
  pyodide.mountNodeFS("/trabajo", path.resolve(trabajo));
  pyodide.runPython(fs.readFileSync(programa, "utf8"), { filename: path.basename(programa) });
} catch (e) {
  process.stderr.write(`pyodide_node.mjs: ${e && e.message ? e.message : e}\n`);
  process.exit(3);
}
