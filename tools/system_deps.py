#!/usr/bin/env python3
"""Install the Debian packages the tests need, or say the one command that does it.

    python3 tools/system_deps.py chromium          # the browser of the e2e tests
    python3 tools/system_deps.py chromium cross    # + Firefox ESR, WebKitGTK's driver, Xvfb
    python3 tools/system_deps.py rtc               # the online-play browser tests: iproute2, libzbar0
    python3 tools/system_deps.py --check cross     # exit 1 when something is missing; install nothing

Each group is a list of (Debian package, file it provides). A group whose files all exist costs nothing
(no apt, no network). When some are missing: as root, ``apt-get update`` then ``apt-get install -y``
the missing packages; as another user, stop at once (exit 1) printing the single command to run.
Never downloads a browser of its own (no ``playwright install``): the browsers are Debian's.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

_LIBDIR = "/usr/lib/" + (sysconfig.get_config_var("MULTIARCH") or "x86_64-linux-gnu")

__all__ = ["GROUPS", "install_command", "main", "missing", "os", "shutil", "subprocess"]

# group -> ((package, file that shows it is installed), ...)
GROUPS: dict[str, tuple[tuple[str, str], ...]] = {
    # Chromium: the e2e tests and the benchmarks (Playwright drives it; never `playwright install`).
    "chromium": (("chromium", os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")),),
    # The cross-browser smoke tests: Firefox over WebDriver BiDi (npm puppeteer-core), WebKit (Safari's
    # engine) through WebKitGTK's WebDriver and its MiniBrowser (Selenium), on a virtual X screen.
    "cross": (
        ("firefox-esr", "/usr/bin/firefox-esr"),
        ("webkit2gtk-driver", "/usr/bin/WebKitWebDriver"),
        ("xvfb", "/usr/bin/xvfb-run"),
        ("xauth", "/usr/bin/xauth"),  # xvfb-run needs it (only a Recommends of xvfb)
    ),
    # The online-play browser tests (e2e/netns.py): `ip` makes the test's own network namespace; the zbar
    # library reads back the QR codes of invite links.
    "rtc": (
        ("iproute2", "/sbin/ip"),
        ("libzbar0", _LIBDIR + "/libzbar.so.0"),
    ),
}


def missing(groups: list[str]) -> list[str]:
    """Debian packages of ``groups`` whose marker file is absent, in order, without duplicates."""
    out: list[str] = []
    for group in groups:
        for package, path in GROUPS[group]:
            if not Path(path).exists() and package not in out:
                out.append(package)
    return out


def install_command(packages: list[str], root: bool) -> list[str]:
    """The command that installs ``packages`` (with sudo when not root)."""
    cmd = ["apt-get", "install", "-y", "-q", *packages]
    return cmd if root else ["sudo", *cmd]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("groups", nargs="+", choices=sorted(GROUPS))
    ap.add_argument("--check", action="store_true", help="only report; exit 1 when a package is missing")
    args = ap.parse_args(argv)
    need = missing(args.groups)
    if not need:
        return 0
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    command = " ".join(install_command(need, root))
    if args.check:
        print(f"missing Debian packages: {' '.join(need)} (run: {command})", file=sys.stderr)
        return 1
    if shutil.which("apt-get") is None:
        print(f"missing: {' '.join(need)}. This is not a Debian-like system: install them with your package "
              "manager (the tests need Debian's chromium; the cross-browser tests firefox-esr, "
              "webkit2gtk-driver, xvfb, xauth).", file=sys.stderr)
        return 1
    if not root:
        print(f"missing Debian packages: {' '.join(need)}. Run this once, then again the make command:\n"
              f"    sudo apt-get update && {command}", file=sys.stderr)
        return 1
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print(f"deps: apt-get install {' '.join(need)}", flush=True)
    subprocess.run(["apt-get", "update", "-q"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(install_command(need, True), check=True, env=env, stdout=subprocess.DEVNULL)
    still = missing(args.groups)
    if still:
        print(f"deps: apt-get ran but these are still missing: {' '.join(still)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
