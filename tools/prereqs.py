"""What a test needs beyond the Python packages, and the command that installs it, said once for tests/ and e2e/.

Tests marked ``needs_npm`` run code of the npm packages under Node (the page's MicroPython, the worker's Pyodide,
PyScript's files, the site's build); tests marked ``needs_chromium`` drive Debian's Chromium. Their conftests
fail such a test at its set-up with :func:`npm_missing`'s or :func:`chromium_missing`'s sentence when the thing
is not there: not a skip (``make test`` installs everything, so a missing piece there is a fault), and not a
traceback from deep inside a helper.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import system_deps

ROOT = Path(__file__).resolve().parent.parent

# One file of each npm package the tests run or read (package.json pins them; `npm ci` installs them).
NPM_FILES = (
    Path("node_modules/@pyscript/core/dist/core.js"),
    Path("node_modules/pyodide/pyodide.mjs"),
    Path("node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"),
    Path("node_modules/qrcode-generator/dist/qrcode.js"),
)


def npm_missing(root: Path = ROOT) -> str | None:
    """Why the npm packages cannot run here (no ``node``, or no ``npm ci``), with the command to fix it; None
    when they can."""
    if shutil.which("node") is None:
        return ("node is not installed (Node.js runs the npm packages in these tests): install it "
                "(Debian: apt-get install -y nodejs npm), then run `make deps-node`")
    gone = [p.as_posix() for p in NPM_FILES if not (root / p).exists()]
    if gone:
        return (f"the npm packages are not installed ({gone[0]} is missing{' among others' if len(gone) > 1 else ''}): "
                "run `make deps-node` (npm ci, the versions of package-lock.json)")
    return None


def chromium_missing() -> str | None:
    """Why Chromium cannot be driven here, with the command to install it; None when it can."""
    need = system_deps.missing(["chromium"])
    if not need:
        return None
    browser = system_deps.GROUPS["chromium"][0][1]
    return (f"Chromium is not installed ({browser} not found): run `make browsers` "
            f"(as root: apt-get install -y {' '.join(need)}; never `playwright install`)")
