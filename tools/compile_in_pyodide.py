"""Run by ``tools/compile_pyc.mjs`` inside the shipped Pyodide (under Node), never by CPython: compiles the worker's
Python to bytecode with Pyodide's own CPython, so the magic number and cache tag are the browser's.

Expects ``files`` (the game's sources, paths relative to /src, where the source root is mounted) in its globals;
writes /out/app/<path>.pyc for each, then /out/stdlib/<path>.pyc for every module of Pyodide's standard library
that they import (see tools/worker_python.py), all as "unchecked hash" pycs (used whatever the source's timestamp,
which a zip does not keep), and ends with a JSON report: the cache tag and the standard library modules compiled.

Which standard library modules: those in ``sys.modules`` once Pyodide has started (its own start imports some 80)
and every given module has been imported, plus every module named by an import statement anywhere in the given
sources (imports inside functions too). A module imported only by another path stays source in the archive and is
compiled by the browser when first imported, as before.
"""

import ast
import contextlib
import importlib
import json
import os
import py_compile
import sys
import zipfile

UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH
files: list[str] = globals()["files"]


def compile_to(source: str, cfile: str, dfile: str) -> None:
    os.makedirs(os.path.dirname(cfile), exist_ok=True)
    py_compile.compile(source, cfile=cfile, dfile=dfile, doraise=True, invalidation_mode=UNCHECKED)


def imported_names(rel: str) -> set[str]:
    """Every absolute module name an import statement of the source at ``rel`` names (``from x import a`` gives
    ``x`` and ``x.a``, in case ``a`` is a submodule)."""
    with open("/src/" + rel, encoding="utf-8") as f:
        tree = ast.parse(f.read(), rel)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(node.module + "." + alias.name for alias in node.names)
    return names


def compile_library_modules(library: str) -> list[str]:
    """Bytecode of every module in ``sys.modules`` imported from ``library`` (Pyodide's python_stdlib.zip, as
    mounted), named in its code by the same path as before (tracebacks read alike); their paths in the zip."""
    compiled = []
    with zipfile.ZipFile(library) as lib:
        for name in sorted(sys.modules):
            spec = getattr(sys.modules[name], "__spec__", None)
            origin = getattr(spec, "origin", None) or ""
            if not (origin.startswith(library + "/") and origin.endswith(".py")):
                continue
            rel = origin[len(library) + 1:]
            source = "/tmp/stdlib/" + rel
            os.makedirs(os.path.dirname(source), exist_ok=True)
            with open(source, "wb") as f:
                f.write(lib.read(rel))
            compile_to(source, "/out/stdlib/" + rel[:-3] + ".pyc", origin)
            compiled.append(rel)
    return compiled


def main() -> str:
    for rel in files:  # 1. the game's own modules
        compile_to("/src/" + rel, "/out/app/" + rel[:-3] + ".pyc", rel)
    library = next(p for p in sys.path if p.endswith(".zip"))
    ours = [m for m in (rel[:-3].replace("/", ".").removesuffix(".__init__") for rel in files)
            if not m.endswith("__main__")]  # a package's command line is not imported by the worker
    named = set().union(*(imported_names(rel) for rel in files))
    sys.path.insert(0, "/src")
    for module in ours:
        importlib.import_module(module)  # the game's own: each must import
    for module in sorted(named - set(ours)):
        # a name that is not a module (from x import a function), or a module Pyodide lacks, is passed over
        with contextlib.suppress(Exception):
            importlib.import_module(module)
    return json.dumps({"cache_tag": sys.implementation.cache_tag, "stdlib": compile_library_modules(library)})


main()
