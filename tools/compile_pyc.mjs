// Compile the game's Python to bytecode with the Pyodide the site ships (its CPython, so the magic
// number and cache tag match), for app.zip: the browser then imports without compiling source.
//
//   node tools/compile_pyc.mjs PYODIDE_DIR SOURCE_ROOT OUT_DIR rummy/cards.py web/worker/main.py ...
//
// Writes OUT_DIR/<dir>/<name>.pyc next to where each source is (the layout zipimport reads: the worker
// imports straight from app.zip, see web/engine-worker.mjs), as "unchecked hash" pycs (used whatever
// the source's timestamp, which app.zip does not keep), and prints the cache tag.
import { resolve, join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, sourceRoot, outDir, ...files] = process.argv.slice(2);
if (!outDir || files.length === 0) {
  console.error("usage: node tools/compile_pyc.mjs PYODIDE_DIR SOURCE_ROOT OUT_DIR FILE.py...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
py.FS.mkdirTree("/src");
py.mountNodeFS("/src", resolve(sourceRoot));
py.FS.mkdirTree("/out");
py.mountNodeFS("/out", resolve(outDir));
py.globals.set("files", py.toPy(files));
const tag = py.runPython(`
import importlib.util, os, py_compile, sys
for rel in files:
    cfile = "/out/" + rel[:-3] + ".pyc"
    os.makedirs(os.path.dirname(cfile), exist_ok=True)
    py_compile.compile("/src/" + rel, cfile=cfile, dfile=rel, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
sys.implementation.cache_tag
`);
console.log(tag);
