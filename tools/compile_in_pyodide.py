"""Run by ``tools/compile_pyc.mjs`` inside the shipped Pyodide (under Node), never by CPython: compiles the worker's
Python to bytecode with Pyodide's own CPython, so the magic number and cache tag are the browser's.

Expects ``files`` (the game's sources, paths relative to /src, where the source root is mounted) and ``entry`` (the
module the worker imports, ``web.worker.main``) in its globals; writes /out/app/<path>.pyc for each file, then
/out/stdlib/<path>.pyc for every module of Pyodide's standard library that the worker can import (see
tools/worker_python.py), all as "unchecked hash" pycs (used whatever the source's timestamp, which a zip does not
keep), and ends with a JSON report: the cache tag, the standard library modules compiled, and the game's modules the
worker can import.

Which standard library modules: those in ``sys.modules`` once Pyodide has started (its own start imports some 125)
and the worker's modules have been imported with every module an import statement of theirs names (imports inside
functions too: what a learning message or online play imports when it first comes). The worker's modules: ``entry``
and every module of the game that an import statement of one of them names, again and again. Nothing else is
imported before that list is taken (this script's own tools come after), so that it holds what the worker imports
and no more.
"""

import _ast  # the compiler's own tree (ast, the module, would be imported for this script only)
import sys

files: list[str] = globals()["files"]
entry: str = globals()["entry"]


def walk(node: "_ast.AST") -> "list[_ast.AST]":
    out = [node]
    for item in out:
        for name in item._fields:
            value = getattr(item, name, None)
            children = value if isinstance(value, list) else [value]
            out.extend(child for child in children if isinstance(child, _ast.AST))
    return out


def module_of(rel: str) -> str:
    return rel[:-3].replace("/", ".").removesuffix(".__init__")


def imported_names(rel: str) -> set[str]:
    """Every absolute module name an import statement of the source at ``rel`` names (``from x import a`` gives
    ``x`` and ``x.a``, in case ``a`` is a submodule; relative imports made absolute)."""
    with open("/src/" + rel, encoding="utf-8") as f:
        tree = compile(f.read(), rel, "exec", _ast.PyCF_ONLY_AST, dont_inherit=True)
    package = module_of(rel) if rel.endswith("/__init__.py") else module_of(rel).rpartition(".")[0]
    names: set[str] = set()
    for node in walk(tree):
        if isinstance(node, _ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, _ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package
                for _ in range(node.level - 1):
                    parent = parent.rpartition(".")[0]
                base = parent + ("." + base if base else "")
            if base:
                names.add(base)
                names.update(base + "." + alias.name for alias in node.names)
    return names


def worker_modules() -> tuple[list[str], set[str]]:
    """The game's modules the worker can import (``entry``, what they import, and so on), and every other module
    name their import statements name."""
    ours = {module_of(rel): rel for rel in files}
    reached: set[str] = set()
    others: set[str] = set()
    todo = [entry]
    while todo:
        module = todo.pop()
        if module in reached or module not in ours:
            continue
        reached.add(module)
        parts = module.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))  # its packages are imported first
        for name in imported_names(ours[module]):
            if name in ours:
                todo.append(name)
            else:
                others.add(name)
    return sorted(reached), others


def library_modules(library: str) -> dict[str, str]:
    """{module name: path in the library} of every module in ``sys.modules`` imported from ``library`` (Pyodide's
    python_stdlib.zip, as mounted) from source."""
    found = {}
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        if origin.startswith(library + "/") and origin.endswith(".py"):
            found[name] = origin[len(library) + 1:]
    return found


def main() -> str:
    import importlib

    library = next(p for p in sys.path if p.endswith(".zip"))
    reached, named = worker_modules()
    sys.path.insert(0, "/src")
    for module in reached:
        importlib.import_module(module)  # the worker's own: each must import
    for module in sorted(named):
        # a name that is not a module (from x import a function), or a module Pyodide lacks, is passed over
        # (no contextlib.suppress: nothing is imported for this script before the list is taken)
        try:  # noqa: SIM105
            importlib.import_module(module)
        except Exception:
            pass
    needed = library_modules(library)

    # the list is taken: from here on, this script's own tools
    import json
    import os
    import py_compile
    import zipfile

    def compile_to(source: str, cfile: str, dfile: str) -> None:
        os.makedirs(os.path.dirname(cfile), exist_ok=True)
        py_compile.compile(source, cfile=cfile, dfile=dfile, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)

    for rel in files:  # the game's own modules, every one (app.zip holds them all)
        compile_to("/src/" + rel, "/out/app/" + rel[:-3] + ".pyc", rel)
    with zipfile.ZipFile(library) as lib:
        for rel in sorted(needed.values()):
            # named in its code by the same path as before (tracebacks read alike)
            source = "/tmp/stdlib/" + rel
            os.makedirs(os.path.dirname(source), exist_ok=True)
            with open(source, "wb") as f:
                f.write(lib.read(rel))
            compile_to(source, "/out/stdlib/" + rel[:-3] + ".pyc", library + "/" + rel)
    return json.dumps({"cache_tag": sys.implementation.cache_tag, "stdlib": sorted(needed.values()),
                       "worker": reached})


main()
