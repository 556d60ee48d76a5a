// Compile the worker's Python to bytecode with the Pyodide the site ships (its CPython, so the magic
// number and cache tag match): the game's own modules for app.zip, and every module of Pyodide's standard
// library that they import, for the site's copy of that library (tools/worker_python.py).
//
//   node tools/compile_pyc.mjs PYODIDE_DIR SOURCE_ROOT OUT_DIR rummy/cards.py web/worker/main.py ...
//
// Writes OUT_DIR/app/<dir>/<name>.pyc next to where each given source is (the layout zipimport reads: the
// worker imports straight from app.zip, see web/engine-worker.mjs), and OUT_DIR/stdlib/<path>.pyc for each
// standard library module (its path inside Pyodide's python_stdlib.zip), all as "unchecked hash" pycs (used
// whatever the source's timestamp, which a zip does not keep), and prints a JSON line: the cache tag and the
// standard library modules compiled.
//
// Which standard library modules: those in sys.modules once Pyodide has started (its own start imports some
// 80) and every given module has been imported, plus every module named by an import statement anywhere in
// the given sources (imports inside functions too). A module imported only by another path is still found in
// the library's sources and compiled by the browser when first imported, as before.
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
const report = py.runPython(`
import ast, importlib, json, os, py_compile, sys, zipfile

UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH

def compile_to(source, cfile, dfile):
    os.makedirs(os.path.dirname(cfile), exist_ok=True)
    py_compile.compile(source, cfile=cfile, dfile=dfile, doraise=True, invalidation_mode=UNCHECKED)

# 1. the game's own modules
for rel in files:
    compile_to("/src/" + rel, "/out/app/" + rel[:-3] + ".pyc", rel)

# 2. the standard library modules they import
library = next(p for p in sys.path if p.endswith(".zip"))  # Pyodide's python_stdlib.zip, as mounted
ours, named = [], set()
for rel in files:
    module = rel[:-3].replace("/", ".").removesuffix(".__init__")
    if not module.endswith("__main__"):  # a package's command line is not imported by the worker
        ours.append(module)
    with open("/src/" + rel, encoding="utf-8") as f:
        tree = ast.parse(f.read(), rel)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            named.add(node.module)
            named.update(node.module + "." + alias.name for alias in node.names)  # submodules, if any
sys.path.insert(0, "/src")
for module in ours:
    importlib.import_module(module)  # the game's own: must import
for module in sorted(named - set(ours)):
    try:
        importlib.import_module(module)
    except Exception:  # a name that is not a module (from x import a function), or not in Pyodide
        pass
compiled = []
with zipfile.ZipFile(library) as lib:
    for name, module in sorted(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        if not (origin.startswith(library + "/") and origin.endswith(".py")):
            continue
        rel = origin[len(library) + 1:]
        source = "/tmp/stdlib/" + rel
        os.makedirs(os.path.dirname(source), exist_ok=True)
        with open(source, "wb") as f:
            f.write(lib.read(rel))
        compile_to(source, "/out/stdlib/" + rel[:-3] + ".pyc", origin)  # tracebacks name the same file as before
        compiled.append(rel)
json.dumps({"cache_tag": sys.implementation.cache_tag, "stdlib": compiled})
`);
console.log(report);
