"""tools/page_imports.py: the order in which the page imports its modules one by one as it starts."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import page_imports  # noqa: E402


def write(root: Path, files: dict[str, str]) -> list[str]:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return sorted(files)


def test_the_order_is_the_one_python_finishes_the_imports_in(tmp_path: Path) -> None:
    files = write(tmp_path, {
        "p/__init__.py": "",
        "p/main.py": "import js\n\nasync def start():\n    from p.app import run\n    import p.extra\n",
        "p/app.py": "from p import b, a\nfrom .c import thing\n\ndef later():\n    import p.lazy\n",
        "p/a.py": "import json\nfrom p.c import x\n",
        "p/b.py": "try:\n    import p.d\nexcept ImportError:\n    pass\n",
        "p/c.py": "x = 1\nthing = 2\n",
        "p/d.py": "class K:\n    import p.e\n",
        "p/e.py": "",
        "p/extra.py": "",
        "p/lazy.py": "",
        "p/unused.py": "",
    })
    order = page_imports.start_imports(tmp_path, files, "p/main.py")
    # the package first; app's imports in the order written (b, then a, then c), each one's own before it;
    # imports inside functions of modules are not run at start (lazy, unused), those of the entry are (extra)
    assert order == ["p", "p.e", "p.d", "p.b", "p.c", "p.a", "p.app", "p.extra"]


def test_a_circle_of_imports_is_refused(tmp_path: Path) -> None:
    files = write(tmp_path, {
        "q/main.py": "import q.a\n",
        "q/a.py": "import q.b\n",
        "q/b.py": "from q import a\n",
    })
    with pytest.raises(SystemExit, match=re.escape("circle: q.main -> q.a -> q.b -> q.a")):
        page_imports.start_imports(tmp_path, files, "q/main.py")


def test_the_pages_own_modules_have_an_order() -> None:
    files = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "web" / "page").rglob("*.py"))]
    order = page_imports.start_imports(ROOT, files, "web/page/start.py")
    assert order[-1] == "web.page.app.runner"
    assert order.index("web.page.app.model") < order.index("web.page.app.runner")
    assert "web.page.start" not in order and "web.page.main" not in order
