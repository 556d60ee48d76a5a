"""Smoke test driver for WebKit (Safari's engine): Debian's WebKitWebDriver and MiniBrowser.

    xvfb-run -a python3 e2e/cross/webkit.py URL [VISITS]

Opens URL VISITS times (default 2: a first visit, then a reload), waits each time for
``<html data-ready="true">`` (or the boot error), prints one JSON line per visit. Before each
reload it waits until the engine's memory snapshot is stored, so the reload restores it.
MiniBrowser needs a display: run it under ``xvfb-run`` (Debian's xvfb).
"""

from __future__ import annotations

import json
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.support.ui import WebDriverWait

STATE = """
const h = document.documentElement;
const err = document.getElementById('boot-error-text');
return {ready: h.dataset.ready === 'true', drawn: h.hasAttribute('data-drawn'),
        engineStart: h.getAttribute('data-engine-start'),
        error: h.hasAttribute('data-boot-error') ? (err ? err.textContent : '?') : null};
"""

SNAPSHOT_STORED = """
const done = arguments[arguments.length - 1];
(async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith('rummy-snapshot-') && (await (await caches.open(name)).keys()).length) return true;
  }
  return false;
})().then(done, () => done(false));
"""


def minibrowser() -> str:
    """The MiniBrowser that Debian's libwebkit2gtk-4.1-0 ships."""
    listing = subprocess.run(["dpkg", "-L", "libwebkit2gtk-4.1-0"], capture_output=True, text=True, check=True)
    return next(line for line in listing.stdout.splitlines() if line.endswith("/MiniBrowser"))


def main(argv: list[str]) -> int:
    url = argv[1]
    visits = int(argv[2]) if len(argv) > 2 else 2
    options = webdriver.WebKitGTKOptions()
    options.binary_location = minibrowser()
    options.add_argument("--automation")
    driver = webdriver.WebKitGTK(options=options)
    try:
        for i in range(visits):
            if i == 0:
                driver.get(url)
            else:
                WebDriverWait(driver, 180, poll_frequency=0.2).until(
                    lambda d: d.execute_async_script(SNAPSHOT_STORED))
                driver.refresh()
            WebDriverWait(driver, 180, poll_frequency=0.1).until(
                lambda d: (lambda s: s["ready"] or s["error"] is not None)(d.execute_script(STATE)))
            state = driver.execute_script(STATE)
            print(json.dumps({"visit": i + 1, "browser": driver.capabilities.get("browserVersion"), **state}),
                  flush=True)
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
