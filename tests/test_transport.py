"""web/page/transport.py, the page's end of the engine worker, with a fake worker: under CPython and
under the very MicroPython the page ships (run by Node), as the page's Python must run in both."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MICROPYTHON = ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"

# One scenario, in the Python both interpreters accept; prints one JSON line of what happened.
SCENARIO = r'''
import json
from web.page.transport import EngineLink

class Event:
    def __init__(self, type, data=None, message=None):
        self.type = type
        self.data = data
        self.message = message
        self.prevented = False
    def preventDefault(self):
        self.prevented = True

class FakeWorker:
    made = 0
    def __init__(self):
        FakeWorker.made += 1
        self.posted = []
        self.listeners = {}
        self.terminated = False
    def addEventListener(self, kind, fn):
        self.listeners.setdefault(kind, []).append(fn)
    def postMessage(self, text):
        self.posted.append(json.loads(text))
    def terminate(self):
        self.terminated = True
    def emit(self, kind, **kw):
        for fn in self.listeners.get(kind, []):
            fn(Event(kind, **kw))

log = {"messages": [], "status": []}
def on_message(msg):
    log["messages"].append(msg)
def on_status(event, detail):
    log["status"].append(event)

# 1. start: the transport sends worker:start, then each dict as JSON, before the engine is up too
link = EngineLink(on_message, on_status, make_worker=lambda url: FakeWorker())
link.start()
first = link.worker
link.send({"type": "ping", "data": 0})
log["state_before_ready"] = link.state
link.start()                                    # a second start() is a no-op
first.emit("message", data='{"type": "worker:progress", "stage": "runtime", "fraction": 0}')
first.emit("message", data='{"type": "worker:ready", "start": "snapshot", "ms": {}}')
first.emit("message", data='{"type": "pong", "data": 0}')
link.send({"type": "ping", "data": 1})
first.emit("message", data='{"type": "pong", "data": 1}')
first.emit("message", data="not json")                  # dropped, no crash
first.emit("message", data='["no", "type"]')            # dropped
first.emit("message", data=42)                          # not text: dropped
log["posted"] = first.posted
log["state_after_ready"] = link.state
log["sent"] = link.sent
log["received"] = link.received
log["info_start"] = link.info.get("start")

# 2. the worker dies: reported once as "failed"; send refuses; restart makes a fresh worker
first.emit("error", message="boom")
log["state_after_error"] = link.state
log["send_after_error"] = link.send({"type": "ping"})
link.restart()
fresh = link.worker
log["old_terminated"] = first.terminated
log["fresh_posted"] = fresh.posted               # the transport sent worker:start itself
first.emit("message", data='{"type": "pong", "data": "late"}')   # from the old worker: ignored
fresh.emit("message", data='{"type": "worker:error", "error": "no wasm", "fatal": true}')
log["state_after_worker_error"] = link.state
log["made"] = FakeWorker.made

print(json.dumps(log))
'''

EXPECTED = {
    "messages": [{"type": "pong", "data": 0}, {"type": "pong", "data": 1}],
    "status": ["progress", "ready", "failed", "failed"],
    "state_before_ready": "starting",
    "posted": [{"type": "worker:start", "snapshot": "auto"}, {"type": "ping", "data": 0}, {"type": "ping", "data": 1}],
    "state_after_ready": "ready",
    "sent": 2,
    "received": 2,
    "info_start": "snapshot",
    "state_after_error": "failed",
    "send_after_error": False,
    "old_terminated": True,
    "fresh_posted": [{"type": "worker:start", "snapshot": "auto"}],
    "state_after_worker_error": "failed",
    "made": 2,                         # the first and the fresh one
}


def test_transport_under_cpython(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    exec(compile(SCENARIO, "scenario", "exec"), {"__name__": "scenario"})
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == EXPECTED


@pytest.mark.needs_npm
def test_transport_under_the_pages_micropython(tmp_path: Path) -> None:
    runner = tmp_path / "run.mjs"
    runner.write_text(
        "import { readFileSync } from 'node:fs';\n"
        f"const m = await import({json.dumps(MICROPYTHON.as_uri())});\n"
        "const mp = await m.loadMicroPython({stdout: (t) => process.stdout.write(t + '\\n')});\n"
        "mp.FS.mkdirTree('/web/page');\n"
        f"mp.FS.writeFile('/web/page/transport.py', readFileSync({json.dumps(str(ROOT / 'web/page/transport.py'))}));\n"
        f"mp.runPython(readFileSync({json.dumps(str(tmp_path / 'scenario.py'))}, 'utf8'));\n",
        encoding="utf-8",
    )
    (tmp_path / "scenario.py").write_text(SCENARIO, encoding="utf-8")
    run = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout.strip().splitlines()[-1]) == EXPECTED
