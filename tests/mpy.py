"""Run Python source under the page's MicroPython (the npm build the page ships, under ``node``) from pytest.

    out = run("print(1 + 1)")                                   # "2\\n"
    out = run(source, files={"web/page/storage.py": text})      # files importable as web.page.storage

The files go to MicroPython's ``/lib`` (on its ``sys.path``). The JavaScript side also offers what the page's
runner gives the page's Python: ``js.makeStorage()``, an in-memory localStorage (``quota``: most characters of
keys and values, -1 for no limit; ``mode``: "ok", "blocked" (every call throws SecurityError) or "noset"
(setItem throws SecurityError); a write over the quota throws QuotaExceededError; ``size()``: characters
stored), and ``js.guardedStorage``,
the guard of :mod:`web.page.storage`'s docstring, so ``js.guardedStorage(js.makeStorage)`` is what the page
passes as its backend. :func:`missing` says why MicroPython cannot run here (no node, or no npm install).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

RUNNER = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const job = JSON.parse(readFileSync(0, "utf8"));
const { loadMicroPython } = await import(pathToFileURL(job.micropython).href);
const chunks = [];
const mp = await loadMicroPython({ stdout: (b) => chunks.push(Buffer.from(b)), linebuffer: false });

globalThis.makeStorage = function () {
  const items = new Map();
  const size = () => { let n = 0; for (const [k, v] of items) n += k.length + v.length; return n; };
  const insecure = () => new DOMException("The operation is insecure.", "SecurityError");
  return {
    quota: -1, mode: "ok",
    getItem(k) { if (this.mode === "blocked") throw insecure(); k = String(k); return items.has(k) ? items.get(k) : null; },
    setItem(k, v) {
      if (this.mode !== "ok") throw insecure();
      k = String(k); v = String(v);
      const before = items.has(k) ? k.length + items.get(k).length : 0;
      if (this.quota >= 0 && size() - before + k.length + v.length > this.quota)
        throw new DOMException("Setting the value of '" + k + "' exceeded the quota.", "QuotaExceededError");
      items.set(k, v);
    },
    removeItem(k) { if (this.mode === "blocked") throw insecure(); items.delete(String(k)); },
    key(i) { if (this.mode === "blocked") throw insecure(); return i < items.size ? [...items.keys()][i] : null; },
    get length() { if (this.mode === "blocked") throw insecure(); return items.size; },
    size,
  };
};

globalThis.guardedStorage = function (open) {
  const guard = (f) => { try { return f(); } catch (e) { return {error: String((e && e.name) || e)}; } };
  return {
    getItem: (k) => guard(() => open().getItem(k)),
    setItem: (k, v) => guard(() => { open().setItem(k, v); return null; }),
    removeItem: (k) => guard(() => { open().removeItem(k); return null; }),
    key: (i) => guard(() => open().key(i)),
    get length() { return guard(() => open().length); },
  };
};

for (const [path, text] of Object.entries(job.files)) {
  const dir = "/lib/" + path.split("/").slice(0, -1).join("/");
  mp.FS.mkdirTree(dir);
  mp.FS.writeFile("/lib/" + path, text);
}
let code = 0;
try {
  mp.runPython(job.source);
} catch (e) {
  process.stderr.write(String((e && e.message) || e) + "\n");
  code = 1;
}
// exit once everything is written: a pipe takes 64 KiB at a time, and process.exit() would cut the rest
process.stdout.write(Buffer.concat(chunks).toString("utf8"), () => process.exit(code));
"""


class MicroPythonError(RuntimeError):
    """The source raised (or a JavaScript error ended it): the message holds MicroPython's traceback."""


def missing() -> str | None:
    """Why MicroPython cannot run here, or None when it can (the tests that use it are marked ``needs_npm``: they
    fail with this sentence before they start, tests/conftest.py)."""
    if shutil.which("node") is None:
        return "node is not installed: install Node.js (Debian: apt-get install -y nodejs npm), then `make deps-node`"
    if not MICROPYTHON.exists():
        return f"{MICROPYTHON.relative_to(ROOT)} is missing: run `make deps-node` (npm ci)"
    return None


def page_files(*names: str) -> dict[str, str]:
    """The page's Python files ``web/page/<name>.py`` (all of them when no name is given), by path, with what
    they share with the worker (``web/page/shared``)."""
    folder = ROOT / "web" / "page"
    paths = [folder / f"{n}.py" for n in names] if names else sorted(folder.glob("*.py"))
    files = {f"web/page/{p.name}": p.read_text(encoding="utf-8") for p in paths}
    for p in sorted((folder / "shared").glob("*.py")):
        files[f"web/page/shared/{p.name}"] = p.read_text(encoding="utf-8")
    return files


def app_files() -> dict[str, str]:
    """Every Python file of the page's package (``web/page``, its ``app`` and ``shared``), by path, with the
    ``web`` package's ``__init__.py``: what the table app imports."""
    files = {"web/__init__.py": ""}
    for folder in ("web/page", "web/page/app", "web/page/shared"):
        for p in sorted((ROOT / folder).glob("*.py")):
            files[f"{folder}/{p.name}"] = p.read_text(encoding="utf-8")
    return files


def run(source: str, files: dict[str, str] | None = None, timeout: float = 300) -> str:
    """What ``source`` prints under MicroPython; :class:`MicroPythonError` when it fails."""
    why = missing()
    if why is not None:
        raise RuntimeError(why)
    job = json.dumps({"micropython": str(MICROPYTHON), "source": source, "files": files or {}})
    done = subprocess.run(["node", "--input-type=module", "-e", RUNNER], input=job, capture_output=True,
                          text=True, encoding="utf-8", timeout=timeout, cwd=ROOT)
    if done.returncode != 0:
        raise MicroPythonError(done.stderr.strip() + "\n--- stdout ---\n" + done.stdout[-2000:])
    return done.stdout
