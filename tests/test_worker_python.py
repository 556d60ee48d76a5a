"""The engine worker's Python as the build ships it (tools/worker_python.py): Pyodide's standard library with the
modules that Pyodide and the engine import at start as bytecode, proved under the shipped Pyodide (Node)."""

from __future__ import annotations

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


def test_the_modules_given_as_bytecode_replace_their_sources_and_the_rest_is_kept_in_order() -> None:
    library = zip_of({"abc.py": b"A = 1\n", "pkg/": b"", "pkg/__init__.py": b"", "pkg/mod.py": b"B = 2\n",
                      "pkg/data.txt": b"text", "zzz.py": b"Z = 3\n"})
    out = zipfile.ZipFile(io.BytesIO(worker_python.make_stdlib_zip(
        library, {"pkg/mod.pyc": b"CODE", "pkg/__init__.pyc": b"INIT"})))
    assert out.namelist() == ["abc.py", "pkg/", "pkg/__init__.pyc", "pkg/mod.pyc", "pkg/data.txt", "zzz.py"]
    assert out.read("pkg/mod.pyc") == b"CODE" and out.read("pkg/__init__.pyc") == b"INIT"
    assert out.read("abc.py") == b"A = 1\n" and out.read("pkg/data.txt") == b"text"
    assert out.getinfo("zzz.py").date_time == (2025, 3, 4, 5, 6, 8)
    # no bytecode: the library as it was
    same = zipfile.ZipFile(io.BytesIO(worker_python.make_stdlib_zip(library, {})))
    assert {n: same.read(n) for n in same.namelist()} == {n: zipfile.ZipFile(io.BytesIO(library)).read(n)
                                                           for n in zipfile.ZipFile(io.BytesIO(library)).namelist()}


def test_bytecode_for_a_module_the_library_does_not_have_stops_the_build() -> None:
    with pytest.raises(ValueError, match=r"not in the library: nosuch\.pyc"):
        worker_python.make_stdlib_zip(zip_of({"abc.py": b""}), {"nosuch.pyc": b"CODE"})


# Under the shipped Pyodide, as web/engine-worker.mjs starts it: the site's standard library, app.zip in the file
# system, the engine imported; then every computer opponent plays a few moves and a hint and a review are given.
# Reports where each module of the standard library was imported from.
RUNNER = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const job = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(pathToFileURL(job.pyodide + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: job.pyodide + "/", stdLibURL: job.stdlib });
py.FS.mkdirTree("/app");
py.FS.writeFile("/app/app.zip", readFileSync(job.app));
const out = py.runPython(`
import sys
sys.path.insert(0, "/app/app.zip")
import web.worker.main
import json
hello = web.worker.main.handle(json.dumps({"type": "hello"}))
played = [json.loads(web.worker.main.handle(json.dumps(m))[0])["type"]  # every opponent decides; hints, a review
          for m in ({"type": "bench-bots", "decisions": 4, "players": 3}, {"type": "bench-learn", "hints": 2, "reviews": 1})]
import difflib  # imported by neither Pyodide nor the engine: still there, as source
library = next(p for p in sys.path if p.endswith(".zip") and p != "/app/app.zip")
origins = {name: m.__spec__.origin for name, m in sys.modules.items()
           if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(library + "/")}
json.dumps({"hello": [json.loads(t) for t in hello], "played": played, "origins": origins})
`);
process.stdout.write(out + "\n");
"""


def shipped_archives(tmp: Path) -> tuple[Path, Path]:
    """The worker's two archives (app.zip, the standard library's): those of the site ``make test`` has just built
    (E2E_SITE_DIR, the browser tests' site) when there is one, else made here as the build makes them (the
    bytecode compiled by Pyodide under Node, ~12 s of CPU)."""
    given = os.environ.get("E2E_SITE_DIR")
    if given:
        site = ROOT / given
        app, stdlib = site / worker_python.APP_ARCHIVE, site / worker_python.STDLIB_ARCHIVE
        assert app.is_file() and stdlib.is_file(), f"E2E_SITE_DIR={given} has no {app.name} or {stdlib.name}"
        return app, stdlib
    sources = build_site.python_sources(ROOT)
    code = worker_python.compile_bytecode(ROOT, build_site.PYODIDE_DIST, sources)
    assert code.why == ""
    (tmp / "app.zip").write_bytes(worker_python.make_zip(ROOT, sources, code.app))
    library = (ROOT / build_site.PYODIDE_DIST / worker_python.STDLIB_SOURCE).read_bytes()
    (tmp / "stdlib.zip").write_bytes(worker_python.make_stdlib_zip(library, code.stdlib))
    return tmp / "app.zip", tmp / "stdlib.zip"


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> dict:
    app, stdlib = shipped_archives(tmp_path_factory.mktemp("worker"))
    job = {"pyodide": str(ROOT / build_site.PYODIDE_DIST), "stdlib": str(stdlib), "app": str(app)}
    run = subprocess.run(["node", "--input-type=module", "-e", RUNNER], input=json.dumps(job),
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    result: dict = json.loads(run.stdout.strip().splitlines()[-1])
    result["bytecode"] = sorted(n for n in zipfile.ZipFile(stdlib).namelist() if n.endswith(".pyc"))
    return result


@pytest.mark.needs_npm
def test_every_standard_library_module_the_engine_imports_to_start_and_play_comes_from_bytecode(started: dict) -> None:
    origins = started["origins"]
    assert started["hello"][0]["type"] == "hello" and started["played"] == ["bench-bots", "bench-learn"]
    from_source = sorted(name for name, origin in origins.items() if origin.endswith(".py") and name != "difflib")
    assert from_source == []
    # Pyodide's own start and the engine's imports, among them
    for name in ("encodings", "json", "dataclasses", "random", "typing", "pyodide.webloop"):
        assert origins[name].endswith(".pyc"), name
    assert len(started["bytecode"]) >= 100


@pytest.mark.needs_npm
def test_a_module_not_given_as_bytecode_still_imports_from_its_source(started: dict) -> None:
    assert started["origins"]["difflib"].endswith("/difflib.py")
    assert "difflib.pyc" not in started["bytecode"]
