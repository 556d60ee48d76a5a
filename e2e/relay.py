"""A real Nostr relay for the online-play browser tests, inside their network namespace.

The relay is PyPI's ``nostr-relay`` (requirements-relay.txt, installed by ``make deps-relay`` into ``.relay-venv``),
run by uvicorn inside the namespace of e2e/netns.py, at ``ws://127.0.0.1:PORT`` of that namespace: the pages
(whose Chromium runs there too) reach it, and nothing leaves the machine. No test contacts a public relay.

Use it from a test module with ``pytest_plugins = ["netns", "relay"]``:

``nostr_relay`` (session)
    the relay's address (``ws://127.0.0.1:PORT``), once it accepts connections.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from netns import ROOT, NetNs

VENV = Path(os.environ.get("RELAY_VENV", ROOT / ".relay-venv"))
CONFIG = """\
DEBUG: false
relay_name: rummy test relay
relay_description: the online-play browser tests' relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
verification:
  nip05_verification: disabled
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
authentication:
  enabled: false
message_timeout: 1800
subscription_limit: 32
max_limit: 6000
"""


def relay_problem(venv: Path = VENV) -> str | None:
    """Why the relay cannot be started here, or None."""
    if not (venv / "bin" / "nostr-relay").exists():
        return f"the online tests' Nostr relay is not installed in {venv}: run `make deps-relay`"
    return None


def free_port(ns: NetNs) -> int:
    """A port nothing listens on inside the namespace (asked of the namespace's own kernel)."""
    out = subprocess.run([*ns.exec_prefix(), "python3", "-c",
                          "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"],
                         capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


def accepts(ns: NetNs, port: int) -> bool:
    """Whether something accepts connections at 127.0.0.1:port inside the namespace."""
    probe = f"import socket; socket.create_connection(('127.0.0.1', {port}), 2).close()"
    return subprocess.run([*ns.exec_prefix(), "python3", "-c", probe], capture_output=True).returncode == 0


class Relay:
    """The relay running inside namespace ``ns`` (its files in ``work``): ``url`` once it accepts connections."""

    def __init__(self, ns: NetNs, work: Path, venv: Path = VENV) -> None:
        problem = relay_problem(venv)
        if problem:
            raise RuntimeError(problem)
        port = free_port(ns)
        config = work / "relay.yaml"
        config.write_text(CONFIG.format(db=work / "relay.sqlite3", port=port))
        self.log_path = work / "relay.log"
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen([*ns.exec_prefix(), str(venv / "bin" / "nostr-relay"), "-c", str(config),
                                      "serve", "--use-uvicorn"], cwd=work, stdout=self.log, stderr=subprocess.STDOUT)
        # started when it accepts a connection (its database made first); a relay that exits fails at once
        deadline = time.monotonic() + 120
        while not accepts(ns, port):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the test relay did not start: " + self.log_path.read_text()[-2000:])
            time.sleep(0.3)
        self.url = f"ws://127.0.0.1:{port}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=10)
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


@pytest.fixture(scope="session")
def nostr_relay(rtc_netns: NetNs, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    try:
        relay = Relay(rtc_netns, tmp_path_factory.mktemp("relay"))
    except RuntimeError as e:
        pytest.fail(str(e))
    try:
        yield relay.url
    finally:
        relay.stop()
