"""The engine worker's Python as the build ships it (tools/worker_python.py): Pyodide's standard library cut down to the
modules that Pyodide and the worker import, as bytecode, proved under the shipped Pyodide (Node)."""

from __future__ import annotations

import ast
import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import worker_python  # noqa: E402


def zip_of(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=(2025, 3, 4, 5, 6, 8)), data)
    return buf.getvalue()


def test_only_the_modules_given_as_bytecode_are_kept_in_the_librarys_order_with_their_folders() -> None:
    library = zip_of({"abc.py": b"A = 1\n", "pkg/": b"", "pkg/__init__.py": b"", "pkg/mod.py": b"B = 2\n",
                      "pkg/data.txt": b"text", "other/": b"", "other/x.py": b"", "zzz.py": b"Z = 3\n"})
    out = zipfile.ZipFile(io.BytesIO(worker_python.make_stdlib_zip(
        library, {"zzz.pyc": b"ZZZ", "pkg/mod.pyc": b"CODE", "pkg/__init__.pyc": b"INIT"})))
    # no module nothing imports, no file beside them, no folder of theirs (it would import as a namespace package)
    assert out.namelist() == ["pkg/", "pkg/__init__.pyc", "pkg/mod.pyc", "zzz.pyc"]
    assert out.read("pkg/mod.pyc") == b"CODE" and out.read("pkg/__init__.pyc") == b"INIT"
    assert out.getinfo("zzz.pyc").date_time == (2025, 3, 4, 5, 6, 8)
    # no bytecode (it could not be made): the library as it was
    assert worker_python.make_stdlib_zip(library, {}) == library


def test_bytecode_for_a_module_the_library_does_not_have_stops_the_build() -> None:
    with pytest.raises(ValueError, match=r"not in the library: nosuch\.pyc"):
        worker_python.make_stdlib_zip(zip_of({"abc.py": b""}), {"nosuch.pyc": b"CODE"})


def module_of(rel: str) -> str:
    return rel[:-3].replace("/", ".").removesuffix(".__init__")


def worker_imports() -> tuple[list[str], set[str]]:
    """The game's modules the worker can import (web.worker.main, the game's modules its import statements name,
    and theirs, imports inside functions too), and every other module name those statements name: found here
    with CPython's ast, apart from the build's own search (tools/compile_in_pyodide.py)."""
    ours = {module_of(rel.as_posix()): rel for rel in build_site.python_sources(ROOT)}
    reached: set[str] = set()
    others: set[str] = set()
    todo = [worker_python.WORKER_ENTRY]
    while todo:
        module = todo.pop()
        if module in reached or module not in ours:
            continue
        reached.add(module)
        todo.append(module.rpartition(".")[0])  # its package is imported first
        rel = ours[module]
        package = module if rel.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse((ROOT / rel).read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package
                    for _ in range(node.level - 1):
                        parent = parent.rpartition(".")[0]
                    base = parent + ("." + base if base else "")
                names = [base] + [base + "." + alias.name for alias in node.names]
            for name in names:
                if name in ours:
                    todo.append(name)
                else:
                    others.add(name)
    return sorted(reached), others


# Under the shipped Pyodide, as web/engine-worker.mjs starts it: the site's standard library and lock file (no
# package), app.zip in the file system, the engine imported; then every computer opponent plays a few moves and a hint and a review are given,
# and every module of job.imports is imported. Reports where each module of the standard library was imported from,
# and the imports that failed.
RUNNER = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const job = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(pathToFileURL(job.pyodide + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: job.pyodide + "/", stdLibURL: job.stdlib, lockFileContents: job.lock });
py.FS.mkdirTree("/app");
py.FS.writeFile("/app/app.zip", readFileSync(job.app));
py.globals.set("wanted", py.toPy(job.imports));
let out;
try {
  out = py.runPython(`
import sys
sys.path.insert(0, "/app/app.zip")
import web.worker.main
import importlib
import json
hello = web.worker.main.handle(json.dumps({"type": "hello"}))
played = [json.loads(web.worker.main.handle(json.dumps(m))[0])["type"]  # every opponent decides; hints, a review
          for m in ({"type": "bench-bots", "decisions": 4, "players": 3}, {"type": "bench-learn", "hints": 2, "reviews": 1})]
failed = {}
for name in wanted:
    try:
        importlib.import_module(name)
    except Exception as e:
        failed[name] = repr(e)
try:
    import difflib  # imported by neither Pyodide nor the worker
    failed["difflib"] = "imported"
except ModuleNotFoundError:
    pass
library = next(p for p in sys.path if p.endswith(".zip") and p != "/app/app.zip")
origins = {name: m.__spec__.origin for name, m in sys.modules.items()
           if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(library + "/")}
json.dumps({"hello": [json.loads(t) for t in hello], "played": played, "origins": origins, "failed": failed,
            "library": library})
`);
} catch (e) {  // Python's traceback, which Node would print after a line of Pyodide's minified code
  out = JSON.stringify({ error: String(e.message || e) });
}
process.stdout.write(out + "\n");
"""


def shipped_archives(tmp: Path) -> tuple[Path, Path, list[str]]:
    """The worker's two archives (app.zip, the standard library's) and the game's modules the build found the
    worker can import: those of the site ``make test`` has just built (E2E_SITE_DIR, the browser tests' site) when
    there is one, else made here as the build makes them (the bytecode compiled by Pyodide under Node, ~12 s of
    CPU)."""
    given = os.environ.get("E2E_SITE_DIR")
    if given:
        site = ROOT / given
        app, stdlib = site / worker_python.APP_ARCHIVE, site / worker_python.STDLIB_ARCHIVE
        assert app.is_file() and stdlib.is_file(), f"E2E_SITE_DIR={given} has no {app.name} or {stdlib.name}"
        return app, stdlib, sorted({worker_python.module_name(n) for n in zipfile.ZipFile(app).namelist()})
    sources = build_site.python_sources(ROOT)
    code = worker_python.compile_bytecode(ROOT, build_site.PYODIDE_DIST, sources)
    assert code.why == ""
    (tmp / "app.zip").write_bytes(worker_python.make_zip(ROOT, *worker_python.worker_part(code, sources)))
    library = (ROOT / build_site.PYODIDE_DIST / worker_python.STDLIB_SOURCE).read_bytes()
    (tmp / "stdlib.zip").write_bytes(worker_python.make_stdlib_zip(library, code.stdlib))
    return tmp / "app.zip", tmp / "stdlib.zip", sorted(code.worker)


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> dict:
    app, stdlib, worker = shipped_archives(tmp_path_factory.mktemp("worker"))
    library = (ROOT / build_site.PYODIDE_DIST / worker_python.STDLIB_SOURCE).read_bytes()
    in_library = {module_of(n) for n in zipfile.ZipFile(io.BytesIO(library)).namelist() if n.endswith(".py")}
    reached, named = worker_imports()
    job = {"pyodide": str(ROOT / build_site.PYODIDE_DIST), "stdlib": str(stdlib),
           "app": str(app), "imports": reached + sorted(named & in_library),
           "lock": json.loads(build_site.pyodide_lock(ROOT / build_site.PYODIDE_DIST))}
    run = subprocess.run(["node", "--input-type=module", "-e", RUNNER], input=json.dumps(job),
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    result: dict = json.loads(run.stdout.strip().splitlines()[-1])
    assert "error" not in result, result["error"]
    loaded = {origin[len(result["library"]) + 1:] for origin in result["origins"].values()}
    shipped = zipfile.ZipFile(stdlib).namelist()
    result.update(bytecode=sorted(n for n in shipped if n.endswith(".pyc")), worker=worker, reached=reached, imports=job["imports"],
                  unused=sorted(n for n in shipped if not n.endswith("/") and n not in loaded),
                  app=sorted({worker_python.module_name(n) for n in zipfile.ZipFile(app).namelist()}),
                  library=len(in_library))
    return result


@pytest.mark.needs_npm
def test_every_standard_library_module_the_engine_imports_to_start_and_play_comes_from_bytecode(started: dict) -> None:
    origins = started["origins"]
    assert started["hello"][0]["type"] == "hello" and started["played"] == ["bench-bots", "bench-learn"]
    from_source = sorted(name for name, origin in origins.items() if origin.endswith(".py"))
    assert from_source == []
    # Pyodide's own start and the engine's imports, among them
    for name in ("encodings", "json", "dataclasses", "random", "typing", "pyodide.webloop"):
        assert origins[name].endswith(".pyc"), name
    assert len(started["bytecode"]) >= 100


@pytest.mark.needs_npm
def test_every_module_the_worker_can_import_is_in_the_archive(started: dict) -> None:
    # the build found the same modules of the game as this test did, and each of them, and every module of the
    # standard library that an import statement of theirs names, imports from the archives the build made
    assert started["worker"] == started["reached"]
    assert "web.worker.online" in started["reached"] and "rummy.coach" in started["reached"]
    assert "hashlib" in started["imports"] and "secrets" in started["imports"]
    assert started["failed"] == {}


@pytest.mark.needs_npm
def test_the_archives_hold_nothing_that_nothing_imports(started: dict) -> None:
    # every module of the standard library's was imported by Pyodide's start or the worker's modules; the rest of
    # the library is not shipped (difflib, above, did not import)
    assert started["unused"] == []
    assert len(started["bytecode"]) < started["library"] / 3
    # the game's: the modules the worker can import, not the command line nor the page's own shared modules
    assert started["app"] == started["reached"]
    assert "rummy.cli" not in started["app"] and "web.page.shared.rtc" not in started["app"]
