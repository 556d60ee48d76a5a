"""The page's end of the engine worker (runs in MicroPython on the page's thread; CPython for tests).

    link = EngineLink(on_message, on_status)
    link.start()                        # starts web/engine-worker.mjs (Pyodide + the engine)
    link.send({"type": "hello"})        # any time: before the engine is up the worker queues it
    ...
    on_message(msg)                     # each message of the engine, a dict
    on_status(event, detail)            # "progress" {"stage", "fraction"}, "ready" {"start", "ms", ...},
                                        # "failed" {"error"}: the worker died or could not start
    link.restart()                      # a new worker (after "failed", or a stalled engine)

The page starts the worker right after its first paint (not before: on a 2-core machine a worker started
while MicroPython starts delayed the first paint by ~190 ms and the engine's readiness not measurably,
``python -m bench.responsive``).

Messages are JSON texts over ``postMessage`` only (no SharedArrayBuffer, no synchronous bridge:
GitHub Pages cannot send the headers those need, and an embedded page is never isolated).
Written in the Python that both MicroPython and CPython run: no typing, dataclasses, enum.
"""

import json

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

try:
    from jsffi import create_proxy  # type: ignore[import-not-found]  # MicroPython's own (what pyscript.ffi hands on)
except ImportError:  # CPython (tests)
    def create_proxy(fn: "Any") -> "Any":
        return fn

WORKER_URL = "./web/engine-worker.mjs"
MAX_TEXT = 1000000  # characters: a longer message is dropped unread (web.page.shared.protocol.MAX_MESSAGE)


def _log(*args: "Any") -> None:
    try:
        import js  # type: ignore[import-not-found, unused-ignore]
        js.console.warn(*args)
    except ImportError:
        print(*args)


def _browser_worker(url: str) -> "Any":
    """A module Web Worker for ``url`` (only in the browser)."""
    import js  # type: ignore[import-not-found, unused-ignore]
    return js.Worker.new(url, js.JSON.parse('{"type": "module"}'))


class EngineLink:
    """Start the engine worker, send it dicts as JSON, hand its messages to callbacks."""

    def __init__(self, on_message: "Callable[[dict[str, Any]], None]",
                 on_status: "Callable[[str, dict[str, Any]], None] | None" = None, url: str = WORKER_URL,
                 snapshot: str = "auto", make_worker: "Callable[[str], Any] | None" = None) -> None:
        self.on_message = on_message
        self.on_status = on_status
        self.url = url
        self.snapshot = snapshot          # "auto" (use and make the memory snapshot) or "off"
        self.make_worker = make_worker or _browser_worker
        self.worker: Any = None
        self.state = "idle"               # "idle" | "starting" | "ready" | "failed"
        self.info: dict[str, Any] = {}    # the worker's "ready" report
        self.sent = 0
        self.received = 0
        self._generation = 0
        self._listeners: list[Any] = []

    # ---------------------------------------------------------------- control
    def start(self) -> None:
        """Start a worker (once; use restart() for another)."""
        if self.worker is not None:
            return
        self._generation += 1
        generation = self._generation
        self.state = "starting"
        self.info = {}
        try:
            worker = self.make_worker(self.url)
        except Exception as e:
            self._failed("the engine worker could not be created: " + str(e))
            return
        self.worker = worker

        def on_message(event: "Any") -> None:
            if generation == self._generation:
                self._receive(event.data)

        def on_error(event: "Any") -> None:
            if generation != self._generation:
                return
            text = ""
            try:
                text = str(event.message or "")
            except Exception:
                text = ""
            try:
                event.preventDefault()
            except Exception:
                pass
            self._failed(text or "the engine worker stopped (its script failed to load or crashed)")

        def on_message_error(event: "Any") -> None:
            _log("engine: a message could not be read and was dropped")

        handlers = {"message": on_message, "error": on_error, "messageerror": on_message_error}
        for kind in ("message", "error", "messageerror"):
            proxy = create_proxy(handlers[kind])
            self._listeners.append(proxy)
            worker.addEventListener(kind, proxy)
        self._post({"type": "worker:start", "snapshot": self.snapshot})

    def restart(self) -> None:
        """Stop the current worker (if any) and start a fresh one. Messages in flight are lost."""
        self.stop()
        self.start()

    def stop(self) -> None:
        """Terminate the worker; its late messages are ignored."""
        self._generation += 1
        if self.worker is not None:
            try:
                self.worker.terminate()
            except Exception:
                pass
        self.worker = None
        self._listeners = []
        if self.state != "failed":
            self.state = "idle"

    def send(self, message: "dict[str, Any]") -> bool:
        """Send a dict (as JSON). Before the engine is up the worker queues it; False if no worker."""
        if self.worker is None or self.state == "failed":
            return False
        self._post(message)
        self.sent += 1
        return True

    # ---------------------------------------------------------------- internals
    def _post(self, message: "dict[str, Any]") -> None:
        self.worker.postMessage(json.dumps(message))

    def _status(self, event: str, detail: "dict[str, Any]") -> None:
        if self.on_status is not None:
            self.on_status(event, detail)

    def _failed(self, error: str) -> None:
        self.state = "failed"
        self._status("failed", {"error": error})

    def _receive(self, data: "Any") -> None:
        if not isinstance(data, str):
            _log("engine: a message that is not text was dropped")
            return
        if len(data) > MAX_TEXT:
            _log("engine: an oversized message was dropped (" + str(len(data)) + " characters)")
            return
        try:
            msg = json.loads(data)
        except ValueError:
            _log("engine: a malformed message was dropped:", data[:200])
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            _log("engine: a message without a type was dropped:", data[:200])
            return
        kind = msg["type"]
        if kind.startswith("worker:"):
            if kind == "worker:progress":
                self._status("progress", msg)
            elif kind == "worker:ready":
                self.state = "ready"
                self.info = msg
                self._status("ready", msg)
            elif kind == "worker:error":
                self._failed(str(msg.get("error", "the engine could not start")))
            elif kind == "worker:snapshot":
                self.info["snapshot_saved"] = msg.get("saved")
                self._status("snapshot", msg)
            return
        self.received += 1
        self.on_message(msg)
