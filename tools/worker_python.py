"""The engine worker's Python, as the build ships it: the game's modules in ``app.zip`` and Pyodide's standard
library in ``pyodide/stdlib.zip``, both with bytecode made by the shipped Pyodide (``tools/compile_pyc.mjs`` running
``tools/compile_in_pyodide.py``).

Pyodide's ``python_stdlib.zip`` holds sources only, so a start without a memory snapshot (every first visit)
compiles each module it imports: Pyodide's own start imports some 80, the engine about 60 more. The site's copy
has each of those modules as bytecode instead of source (the rest stays source, compiled on the rare first
import as before). Measured on a cold visit (2-core machine, Chromium): the engine worker's Pyodide ready in
0.85 s instead of 2.54 s, for 0.7 MB more to download (3.3 MB instead of 2.5 MB).
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
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


@dataclass
class Bytecode:
    """What compile_pyc.mjs made: {path in the zip: pyc bytes} for the game's modules and for the standard
    library's (``why``: the reason there is none, when it could not run)."""

    app: dict[str, bytes] = field(default_factory=dict)
    stdlib: dict[str, bytes] = field(default_factory=dict)
    why: str = ""


def compile_bytecode(root: Path, pyodide_dist: Path, files: list[Path]) -> Bytecode:
    """Bytecode of ``files`` (paths under ``root``) and of the standard library modules they import, compiled by
    the Pyodide in ``pyodide_dist`` under Node. Without Node, or when it fails, none (``why`` says so): the site
    then ships sources only and starts slower."""
    node = shutil.which("node")
    if node is None:
        return Bytecode(why="node not found")
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [node, str(root / "tools" / "compile_pyc.mjs"), str(root / pyodide_dist), str(root), tmp,
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

        code = Bytecode(app=read("app"), stdlib=read("stdlib"))
    expected = {rel[:-3] + ".pyc" for rel in report["stdlib"]}
    if set(code.stdlib) != expected:
        return Bytecode(app=code.app, why="the standard library's bytecode is not the modules reported")
    return code


def make_zip(root: Path, files: list[Path], extra: dict[str, bytes] | None = None) -> bytes:
    """app.zip: the sources (for tracebacks and readers) plus ``extra`` entries (the bytecode)."""
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
    """Pyodide's standard library (``library``, its python_stdlib.zip) with each module of ``bytecode`` ({path.pyc:
    bytes}) as bytecode in place of its source, the rest as it was, in the same order. Bytecode only, for those:
    zipimport takes a ``.pyc`` beside a ``.py`` all the same, and the source would add 0.8 MB to download for
    the lines of a traceback (which still names the source's path)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(library)) as src, \
            zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        names = set(src.namelist())
        missing = sorted(p for p in bytecode if p[:-4] + ".py" not in names)
        if missing:
            raise ValueError(f"bytecode for modules not in the library: {', '.join(missing[:5])}")
        for entry in src.infolist():
            pyc = entry.filename[:-3] + ".pyc" if entry.filename.endswith(".py") else ""
            name, data = (pyc, bytecode[pyc]) if pyc in bytecode else (entry.filename, src.read(entry))
            info = zipfile.ZipInfo(name, date_time=entry.date_time)
            info.compress_type = zipfile.ZIP_DEFLATED if not entry.is_dir() else zipfile.ZIP_STORED
            info.external_attr = entry.external_attr
            zf.writestr(info, data)
    return buf.getvalue()
