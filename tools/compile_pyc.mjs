// Compile the worker's Python to bytecode with the Pyodide the site ships (its CPython, so the magic
// number and cache tag match): the game's own modules for app.zip, and every module of Pyodide's standard
// library that Pyodide and the worker (ENTRY and the game's modules it can import) import, for the site's copy of
// that library (tools/worker_python.py).
//
//   node tools/compile_pyc.mjs PYODIDE_DIR SOURCE_ROOT OUT_DIR ENTRY rummy/cards.py web/worker/main.py ...
//
// Runs tools/compile_in_pyodide.py in that Pyodide, with SOURCE_ROOT mounted at /src and OUT_DIR at /out:
// it writes OUT_DIR/app/<dir>/<name>.pyc next to where each given source is (the layout zipimport reads: the
// worker imports straight from app.zip, see web/engine-worker.mjs) and OUT_DIR/stdlib/<path>.pyc for each
// standard library module (its path inside Pyodide's python_stdlib.zip); this prints its JSON report.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, sourceRoot, outDir, entry, ...files] = process.argv.slice(2);
if (!entry || files.length === 0) {
  console.error("usage: node tools/compile_pyc.mjs PYODIDE_DIR SOURCE_ROOT OUT_DIR ENTRY FILE.py...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
py.FS.mkdirTree("/src");
py.mountNodeFS("/src", resolve(sourceRoot));
py.FS.mkdirTree("/out");
py.mountNodeFS("/out", resolve(outDir));
const script = join(dirname(fileURLToPath(import.meta.url)), "compile_in_pyodide.py");
const globals = py.toPy({ files, entry, __name__: "compile_in_pyodide" });
console.log(py.runPython(readFileSync(script, "utf8"), { globals, filename: script }));
