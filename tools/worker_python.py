"""The engine worker's Python, as the build ships it: the game's modules in ``app.zip`` and Pyodide's standard
library in ``pyodide/stdlib.zip``, both with bytecode made by the shipped Pyodide (``tools/compile_pyc.mjs`` running
``tools/compile_in_pyodide.py``).

Pyodide's ``python_stdlib.zip`` holds the whole standard library as sources, so a start without a memory snapshot
(every first visit) compiled each module it imports: Pyodide's own start imports some 125, the engine a few more.
The site's copy holds those modules only, as bytecode: the ones in ``sys.modules`` once Pyodide has started and
imported every module the worker can import, with everything those name in an import statement (see
compile_in_pyodide.py). Measured on a cold visit (2-core machine, Chromium): the engine worker's Pyodide ready in
0.85 s instead of 2.54 s with the bytecode; the ~420 modules nothing imports (1.7 MB of sources) are left out of
every first visit's download. A module left out cannot be imported by the worker (ModuleNotFoundError):
tests/test_worker_python.py imports every module the worker can import, and plays, from the archive the build makes.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

APP_ARCHIVE = "app.zip"
STDLIB_SOURCE = "python_stdlib.zip"  # Pyodide's, in its npm package
STDLIB_ARCHIVE = "pyodide/stdlib.zip"  # the site's, with bytecode (web/engine-worker.mjs loads it)
WORKER_ENTRY = "web.worker.main"  # the module the worker imports (web/engine-worker.mjs)
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


@dataclass
class Bytecode:
    """What compile_pyc.mjs made: {path in the zip: pyc bytes} for the game's modules and for the standard
    library's, and the game's modules the worker can import (``why``: the reason there is none, when it could not
    run)."""

    app: dict[str, bytes] = field(default_factory=dict)
    stdlib: dict[str, bytes] = field(default_factory=dict)
    worker: list[str] = field(default_factory=list)
    why: str = ""


def compile_bytecode(root: Path, pyodide_dist: Path, files: list[Path], entry: str = WORKER_ENTRY) -> Bytecode:
    """Bytecode of ``files`` (paths under ``root``) and of the standard library modules that Pyodide and the worker
    (``entry`` and the modules of ``files`` it can import) import, compiled by the Pyodide in ``pyodide_dist`` under
    Node. Without Node, or when it fails, none (``why`` says so): the site then ships the standard library as
    Pyodide has it, sources only, and starts slower."""
    node = shutil.which("node")
    if node is None:
        return Bytecode(why="node not found")
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [node, str(root / "tools" / "compile_pyc.mjs"), str(root / pyodide_dist), str(root), tmp, entry,
               *(f.as_posix() for f in files)]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            return Bytecode(why=run.stderr.strip() or f"exit code {run.returncode}")
        try:
            report = json.loads(run.stdout.strip().splitlines()[-1])
        except (IndexError, ValueError):
            return Bytecode(why=f"compile_pyc.mjs printed no report: {run.stdout[-500:]!r}")
        out = Path(tmp)

        def read(part: str) -> dict[str, bytes]:
            return {p.relative_to(out / part).as_posix(): p.read_bytes() for p in sorted((out / part).rglob("*.pyc"))}

        code = Bytecode(app=read("app"), stdlib=read("stdlib"), worker=list(report["worker"]))
    expected = {rel[:-3] + ".pyc" for rel in report["stdlib"]}
    if set(code.stdlib) != expected:
        return Bytecode(app=code.app, why="the standard library's bytecode is not the modules reported")
    return code


def module_name(rel: str) -> str:
    """``rummy/bots/__init__.py`` (or its ``.pyc``) is ``rummy.bots``."""
    return rel.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")


def worker_part(code: Bytecode, files: list[Path]) -> tuple[list[Path], dict[str, bytes]]:
    """What app.zip holds of ``files`` and ``code.app``: the bytecode of the modules the worker can import
    (``code.worker``; the command line, the benchmarks and the page's own shared modules are never imported by the
    worker), and the source of any of them with no bytecode. Bytecode only where there is some, as in the standard
    library's archive: zipimport takes a ``.pyc`` alone, and the sources would add about 160 kB to every first visit
    for the lines of a traceback (which still names the source's path). Without that list (no bytecode could be made),
    every file's source."""
    if not code.worker:
        return files, code.app
    wanted = set(code.worker)
    pycs = {rel: pyc for rel, pyc in code.app.items() if module_name(rel) in wanted}
    compiled = {module_name(rel) for rel in pycs}
    return ([rel for rel in files if module_name(rel.as_posix()) in wanted - compiled], pycs)


def make_zip(root: Path, files: list[Path], extra: dict[str, bytes] | None = None) -> bytes:
    """app.zip: the sources of ``files`` (modules with no bytecode) plus ``extra`` entries (the bytecode)."""
    entries = [(rel.as_posix(), (root / rel).read_bytes()) for rel in files] + sorted((extra or {}).items())
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return buf.getvalue()


def make_stdlib_zip(library: bytes, bytecode: dict[str, bytes]) -> bytes:
    """Pyodide's standard library (``library``, its python_stdlib.zip) with only the modules of ``bytecode`` ({path.pyc:
    bytes}), as bytecode in place of their sources, in the library's order, and the folders that hold them (a folder
    entry with nothing in it would import as an empty namespace package). Every other module and file is left out:
    nothing imports it. Bytecode only, for those kept: zipimport takes a ``.pyc`` beside a ``.py`` all the same, and
    the source would add 0.8 MB to download for the lines of a traceback (which still names the source's path).
    With no bytecode (it could not be made), the library as it was."""
    if not bytecode:
        return library
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(library)) as src, \
            zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        names = set(src.namelist())
        missing = sorted(p for p in bytecode if p[:-4] + ".py" not in names)
        if missing:
            raise ValueError(f"bytecode for modules not in the library: {', '.join(missing[:5])}")
        folders = {pyc[:i + 1] for pyc in bytecode for i, c in enumerate(pyc) if c == "/"}
        for entry in src.infolist():
            name = entry.filename
            pyc = name[:-3] + ".pyc" if name.endswith(".py") else ""
            if pyc in bytecode:
                name, data = pyc, bytecode[pyc]
            elif entry.is_dir() and name in folders:
                data = b""
            else:
                continue
            info = zipfile.ZipInfo(name, date_time=entry.date_time)
            info.compress_type = zipfile.ZIP_DEFLATED if not entry.is_dir() else zipfile.ZIP_STORED
            info.external_attr = entry.external_attr
            zf.writestr(info, data)
    return buf.getvalue()
