#!/usr/bin/env python3
"""Exit 0 when every ``name==version`` pin of a requirements file is installed.

    python3 tools/deps_ok.py requirements-dev.txt || pip install -r requirements-dev.txt

Lets ``make`` skip a pip run (which needs the network) when nothing changed.
Lines with other specifiers, options or markers make it answer "no" (exit 1),
so pip decides.
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path


def missing(path: Path) -> list[str]:
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([A-Za-z0-9_.\-\[\],]+?)(?:\[[^\]]*\])?\s*==\s*([A-Za-z0-9_.+\-!]+)", line)
        if not m:
            out.append(f"{line} (not a plain pin)")
            continue
        name, version = m.group(1), m.group(2)
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            out.append(f"{name} (not installed)")
            continue
        if have != version:
            out.append(f"{name} {have} != {version}")
    return out


def main(argv: list[str]) -> int:
    path = Path(argv[1] if len(argv) > 1 else "requirements-dev.txt")
    if not path.exists():
        return 0
    gaps = missing(path)
    for gap in gaps:
        print(f"deps: {gap}", file=sys.stderr)
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
