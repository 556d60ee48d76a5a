"""Test driver for WebKit (Safari's engine): Debian's WebKitWebDriver and MiniBrowser.

    xvfb-run -a python3 e2e/cross/webkit.py URL

The same two visits as e2e/cross/firefox.mjs, on the plain page: first visit, wait for
``<html data-ready="true">`` (or the boot error), click *Play Gin Rummy* on the new-game screen, wait for the
person's turn, play it (take the upcard or draw from the stock), wait until the engine answered (one card more),
the engine's memory snapshot is stored and the service worker is active; second visit, reload: the hand at the
first paint, then once ready. Prints one JSON line per visit. MiniBrowser needs a display: run it under ``xvfb-run`` (Debian's xvfb).
"""

from __future__ import annotations

import json
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 180

STATE = """
const h = document.documentElement;
const err = document.getElementById('boot-error-text');
const t = document.querySelector('[data-testid=table-screen]');
return {ready: h.dataset.ready === 'true', drawn: h.hasAttribute('data-drawn'),
        engineStart: h.getAttribute('data-engine-start'),
        error: h.hasAttribute('data-boot-error') ? (err ? err.textContent : '?') : null,
        hand: [...document.querySelectorAll('[data-testid=hand] .card')].map((c) => c.getAttribute('aria-label')),
        phase: t ? t.dataset.phase : null, step: t ? t.dataset.step : null,
        setup: !!document.querySelector('[data-testid=setup]')};
"""

MY_TURN = """
const h = document.documentElement;
if (h.hasAttribute('data-boot-error')) return true;
const t = document.querySelector('[data-testid=table-screen]');
return !!t && h.dataset.ready === 'true' && t.dataset.waiting === 'false' && t.dataset.turn === '0' &&
  ['first-upcard', 'draw', 'play'].includes(t.dataset.phase);
"""

ANSWERED = """
const t = document.querySelector('[data-testid=table-screen]');
return document.querySelectorAll('[data-testid=hand] .card').length === arguments[0] && !!t &&
  t.dataset.waiting === 'false';
"""

# The first visit is complete once the engine's snapshot is stored (the page says so when the worker's put has
# resolved) and the service worker is active: WebKitGTK's automation session keeps no Cache Storage entry across
# the reload of a page that no service worker has been installed for (seen with WebKitGTK 2.50).
SNAPSHOT_STORED = """
const done = arguments[arguments.length - 1];
if (document.documentElement.dataset.engineSnapshot !== 'stored') done(false);
else navigator.serviceWorker.getRegistration().then((r) => done(!!(r && r.active)), () => done(false));
"""


def minibrowser() -> str:
    """The MiniBrowser that Debian's libwebkit2gtk-4.1-0 ships."""
    listing = subprocess.run(["dpkg", "-L", "libwebkit2gtk-4.1-0"], capture_output=True, text=True, check=True)
    return next(line for line in listing.stdout.splitlines() if line.endswith("/MiniBrowser"))


def main(argv: list[str]) -> int:
    url = argv[1]
    options = webdriver.WebKitGTKOptions()
    options.binary_location = minibrowser()
    options.add_argument("--automation")
    driver = webdriver.WebKitGTK(options=options)
    wait = WebDriverWait(driver, TIMEOUT, poll_frequency=0.1)
    try:
        version = driver.capabilities.get("browserVersion")
        # 1. first visit: the new-game screen, Play Gin Rummy, a turn
        driver.get(url)
        wait.until(lambda d: (lambda s: s["ready"] or s["error"] is not None)(d.execute_script(STATE)))
        state = driver.execute_script(STATE)
        if state["error"] is None:
            driver.find_element(By.CSS_SELECTOR, "[data-key=play-gin]").click()
            wait.until(lambda d: d.execute_script(MY_TURN))
            state = driver.execute_script(STATE)
            act = "take" if state["phase"] == "first-upcard" else "draw"
            driver.find_element(By.CSS_SELECTOR, f"[data-act={act}]").click()
            cards = len(state["hand"]) + 1
            wait.until(lambda d: d.execute_script(ANSWERED, cards))
            state = driver.execute_script(STATE)
            WebDriverWait(driver, TIMEOUT, poll_frequency=0.2).until(lambda d: d.execute_async_script(SNAPSHOT_STORED))
        print(json.dumps({"visit": 1, "browser": version, **state}), flush=True)
        # 2. reload: the same hand at once (from the saved view), then from the engine
        driver.refresh()
        WebDriverWait(driver, TIMEOUT, poll_frequency=0.02).until(lambda d: d.execute_script(
            "return document.documentElement.hasAttribute('data-drawn') || "
            "document.documentElement.hasAttribute('data-boot-error')"))
        at_drawn = driver.execute_script(STATE)
        wait.until(lambda d: d.execute_script(MY_TURN))
        state = driver.execute_script(STATE)
        print(json.dumps({"visit": 2, "browser": version, **state, "handAtDrawn": at_drawn["hand"]}), flush=True)
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
