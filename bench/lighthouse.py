"""Lighthouse 12 on the game page, served gzipped as GitHub Pages serves it. A benchmark, not a test.

    python -m bench.lighthouse [--runs 3] [--site _site] [--json] [--keep DIR]

Runs the npm ``lighthouse`` (pinned in package.json; version 12, the last for Node 20) in Debian's Chromium
(``CHROME_PATH``, headless), mobile (its default: a mid-range phone, simulated 4G and a 4x slower CPU) and
desktop (``--preset=desktop``), each ``--runs`` times from a cold start (Lighthouse clears the origin's
storage first), and reports the median score of performance, accessibility and best practices with the
performance metrics behind the score, and the audits that failed. Goals: performance >= 90
mobile and >= 95 desktop, accessibility 100, best practices >= 95.

The site is served from a loopback port with gzip (``Content-Encoding``) for every text and WebAssembly file,
like GitHub Pages.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import serve  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CATEGORIES = ("performance", "accessibility", "best-practices")
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "speed-index",
           "cumulative-layout-shift", "interactive")
GOALS = {"mobile": {"performance": 90, "accessibility": 100, "best-practices": 95},
         "desktop": {"performance": 95, "accessibility": 100, "best-practices": 95}}


def serve_gzipped(site: Path) -> tuple[serve.Server, str]:
    server = serve.Server(("127.0.0.1", 0), functools.partial(serve.GzipHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def lighthouse(url: str, form: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run; its JSON report."""
    node = shutil.which("node")
    if node is None or not LIGHTHOUSE.exists():
        raise SystemExit("bench.lighthouse: node and node_modules/lighthouse are needed (npm ci)")
    cmd = [node, str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
           "--only-categories=" + ",".join(CATEGORIES), "--chrome-flags=--headless=new --no-sandbox --disable-gpu"]
    if form == "desktop":
        cmd.append("--preset=desktop")
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    if run.returncode != 0 or not out.exists():
        raise RuntimeError(f"lighthouse failed ({run.returncode}):\n{run.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return report


def summary(report: dict[str, Any]) -> dict[str, Any]:
    cats = report["categories"]
    audits = report["audits"]
    failed = {}
    for cat in CATEGORIES:
        for ref in cats[cat]["auditRefs"]:
            a = audits[ref["id"]]
            if ref.get("weight", 0) > 0 and a.get("score") is not None and a["score"] < 1 and cat != "performance":
                failed[ref["id"]] = a.get("title", "")
    return {
        "scores": {cat: round(100 * (cats[cat]["score"] or 0)) for cat in CATEGORIES},
        "metrics": {m: audits[m].get("numericValue") for m in METRICS if m in audits},
        "failed": failed,
        "lighthouse": report.get("lighthouseVersion"),
        "chrome": report.get("environment", {}).get("hostUserAgent", ""),
    }


def run(site: Path, runs: int, keep: Path | None) -> dict[str, Any]:
    server, base = serve_gzipped(site)
    out: dict[str, Any] = {"load": {"before": [round(x, 2) for x in os.getloadavg()]}}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = keep or Path(tmp)
            folder.mkdir(parents=True, exist_ok=True)
            for form in ("mobile", "desktop"):
                results = []
                for i in range(runs):
                    report = lighthouse(base + "index.html", form, folder / f"lighthouse-{form}-{i + 1}.json")
                    results.append(summary(report))
                out[form] = {
                    "scores": {c: statistics.median(r["scores"][c] for r in results) for c in CATEGORIES},
                    "metrics": {m: round(statistics.median(r["metrics"][m] for r in results), 3 if m.startswith("cum")
                                          else None) for m in results[0]["metrics"]},
                    "samples": [r["scores"] for r in results],
                    "failed": sorted({k: v for r in results for k, v in r["failed"].items()}.items()),
                }
                out["lighthouse"] = results[0]["lighthouse"]
    finally:
        server.shutdown()
        server.server_close()
    out["load"]["after"] = [round(x, 2) for x in os.getloadavg()]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Lighthouse 12 scores of the game page, mobile and desktop.")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--site", default=str(ROOT / "_site"))
    ap.add_argument("--json", action="store_true", help="print the result as JSON only")
    ap.add_argument("--keep", help="keep the Lighthouse reports (JSON) in this folder")
    args = ap.parse_args(argv)
    site = Path(args.site)
    if not (site / "index.html").exists():
        build_site.build(site, quiet=args.json)
    result = run(site, args.runs, Path(args.keep) if args.keep else None)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Lighthouse {result['lighthouse']}, Chromium {CHROMIUM}, site served gzipped, median of {args.runs} runs; "
          f"machine load before {result['load']['before']}, after {result['load']['after']}")
    for form in ("mobile", "desktop"):
        r, g = result[form], GOALS[form]
        cells = "  ".join(f"{c} {r['scores'][c]:g} (>= {g[c]})" for c in CATEGORIES)
        m = r["metrics"]
        print(f"  {form:<8} {cells}")
        print(f"           FCP {m['first-contentful-paint']:.0f} ms, LCP {m['largest-contentful-paint']:.0f} ms, "
              f"TBT {m['total-blocking-time']:.0f} ms, SI {m['speed-index']:.0f} ms, "
              f"CLS {m['cumulative-layout-shift']}, TTI {m['interactive']:.0f} ms; runs {r['samples']}")
        for audit, title in r["failed"]:
            print(f"           not passed: {audit} ({title})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
