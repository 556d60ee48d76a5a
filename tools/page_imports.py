"""The order in which the page's Python imports its own modules as it starts (for tools/build_site.py).

web/page/start.py imports these one by one, ending its task every few milliseconds, so no part of the page's
start is a long task, even on a slow phone: see ``web/page/start.py``. The order is the one in which Python
itself finishes the imports that the entry makes (each module's top-level imports first, in the order they
are written, depth first), so importing them one by one runs the same module bodies in the same order.

A circle of top-level imports among the page's modules is refused: with one, the order would change what a
module sees of another half-imported one (and control should flow one way anyway).
"""

from __future__ import annotations

import ast
from pathlib import Path


def module_name(rel: str) -> str:
    """``web/page/app/dom.py`` -> ``web.page.app.dom``; a package's ``__init__.py`` -> the package."""
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(name: str, rel: str, tree: ast.Module, modules: set[str], everywhere: bool) -> list[str]:
    """The page modules that the module ``name`` (file ``rel``) imports, in the order written: at its top
    level (also inside ``if``, ``try``, ``with`` and class bodies, which run on import), or ``everywhere``;
    not those under ``if TYPE_CHECKING:``, which never run (they are for the annotations)."""
    package = name if rel.endswith("/__init__.py") else name.rsplit(".", 1)[0]
    found: list[str] = []

    def walk(nodes: list[ast.AST]) -> None:
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and not everywhere:
                continue
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                walk(list(node.orelse))
                continue
            if isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                found.append(base)
                found.extend(base + "." + alias.name for alias in node.names)  # submodules, when they are
            walk(list(ast.iter_child_nodes(node)))

    walk(list(tree.body))
    return [m for m in found if m in modules]


def start_imports(root: Path, files: list[str], entry: str) -> list[str]:
    """The modules of ``files`` (site paths of the page's Python) that ``entry`` imports as it starts (any
    import in the entry, top-level ones in the modules), in the order Python finishes importing them; the
    entry itself is not in it. SystemExit on a circle of imports."""
    names = {module_name(rel): rel for rel in files}
    modules = set(names)
    deps = {}
    for name, rel in names.items():
        tree = ast.parse((root / rel).read_text(encoding="utf-8"), rel)
        deps[name] = imports_of(name, rel, tree, modules, everywhere=rel == entry)
    order: list[str] = []
    state: dict[str, str] = {}

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == "done":
            return
        if state.get(name) == "open":
            raise SystemExit("build: the page's modules import each other in a circle: " + " -> ".join(path + [name]))
        state[name] = "open"
        parts = name.split(".")
        for i in range(1, len(parts)):  # a module's packages run first (a package importing its own module is fine)
            package = ".".join(parts[:i])
            if package in modules and state.get(package) != "open":
                visit(package, path + [name])
        for dep in deps[name]:
            visit(dep, path + [name])
        state[name] = "done"
        order.append(name)

    entry_name = module_name(entry)
    visit(entry_name, [])
    return [name for name in order if name != entry_name]
