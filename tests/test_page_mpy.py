"""The page's storage layer under the page's own MicroPython 1.27 (node + the npm build): the self-check
(tests/page_selfcheck.py) prints the same, line for line, as under CPython."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import mpy
import pytest

ROOT = Path(__file__).resolve().parents[1]
SELFCHECK = ROOT / "tests" / "page_selfcheck.py"

# needs_npm: fails, saying what to install, without node and node_modules (conftest.py); one process runs the
# module (make test's --dist loadgroup): the online run is recorded once for both sides
pytestmark = [pytest.mark.needs_npm, pytest.mark.xdist_group("test_page_mpy")]


def cpython_output() -> str:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    done = subprocess.run([sys.executable, str(SELFCHECK)], capture_output=True, text=True, encoding="utf-8",
                          env=env, cwd=ROOT, check=True)
    return done.stdout


def micropython_output() -> str:
    files = mpy.page_files()
    files["page_samples.py"] = (ROOT / "tests" / "page_samples.py").read_text(encoding="utf-8")
    return mpy.run(SELFCHECK.read_text(encoding="utf-8"), files)


def test_the_storage_self_check_prints_the_same_under_micropython_and_cpython() -> None:
    expected = cpython_output().splitlines()
    got = micropython_output().splitlines()
    assert expected[-1] == "done" and len(expected) > 300
    for i, (want, have) in enumerate(zip(expected, got)):
        assert have == want, f"line {i + 1} differs"
    assert len(got) == len(expected)


def test_deep_and_huge_junk_under_micropython() -> None:
    """Values whose reading differs between the two interpreters (CPython's json refuses deep nesting that
    MicroPython's builds): each is still set aside, with a notice."""
    source = (
        "import js\n"
        "from web.page.storage import Store\n"
        "raw = js.makeStorage()\n"
        "s = Store(js.guardedStorage(lambda: raw), 't')\n"
        "for text in ['[' * 100000 + ']' * 100000, '{\"a\":' * 40000 + '1' + '}' * 40000, 'x' * 5000000]:\n"
        "    s.put('rummy.match', text)\n"
        "    got = s.read('rummy.match')\n"
        "    print(got.data is None, bool(got.notice), got.offer is not None)\n"
    )
    assert mpy.run(source, mpy.page_files()) == "True True False\nTrue True False\nTrue True True\n"


def test_the_helper_reports_an_error_of_micropython() -> None:
    with pytest.raises(mpy.MicroPythonError, match="ZeroDivisionError"):
        mpy.run("print(1)\n1 / 0\n")


def test_a_javascript_exception_cannot_be_caught_in_micropython_so_storage_needs_the_guard() -> None:
    """Why web/page/storage.py asks for a guarded localStorage: a JavaScript exception thrown by a function
    that Python calls ends the run; Python's except (and finally) never see it. If this starts failing, a
    newer MicroPython converts such exceptions and the guard could go."""
    source = (
        "import js\n"
        "raw = js.makeStorage()\n"
        "raw.quota = 0\n"
        "try:\n"
        "    raw.setItem('k', 'v')\n"
        "except BaseException:\n"
        "    print('caught')\n"
    )
    with pytest.raises(mpy.MicroPythonError, match="exceeded the quota") as e:
        mpy.run(source)
    assert "caught" not in str(e.value)
    guarded = "import js\nraw = js.makeStorage()\nraw.quota = 0\nprint(js.guardedStorage(lambda: raw).setItem('k', 'v').error)\n"
    assert mpy.run(guarded) == "QuotaExceededError\n"


def _app_transcript() -> str:
    """A recorded run of the table app (CPython harness): a Gin match's first hand, a Rummy hand and a pass-and-play
    Rummy hand, played by commands, keys and drops, with every message the app got, in order. The matches' seeds
    (drawn by the worker table when the page gives none) are fixed here, so the run is the same every time."""
    import random
    import types

    from page_harness import CATALOG, Harness
    from test_page_app import play_person

    import web.worker.table as worker_table

    draw = random.Random(2026)
    worker_table.secrets = types.SimpleNamespace(randbits=draw.getrandbits)  # type: ignore[assignment]
    try:
        return _record_run(CATALOG, Harness, play_person)
    finally:
        import secrets

        worker_table.secrets = secrets


def _record_run(CATALOG, Harness, play_person):  # type: ignore[no-untyped-def]
    import json
    import random

    h = Harness()
    messages: list[list[object]] = []
    real = h.app.update

    def record(msg):  # type: ignore[no-untyped-def]
        messages.append(list(msg))
        return real(msg)

    h.app.update = record  # type: ignore[method-assign]
    h.start()
    for game, players, seed in (("gin", 2, 4), ("rummy", 3, 5)):
        h.do("command", "new", {})
        h.do("command", "setup-choose", {})
        h.do("change", "game", game, True)
        h.do("change", "players", str(players), False)
        h.do("command", "start", {})
        if h.app.page.dialog == "confirm-new":
            h.do("command", "confirm-new", {})
        rnd = random.Random(seed)
        for _ in range(60):
            if h.app.match.next == "computer":
                h.fire("advance")
            elif h.app.match.next == "you":
                play_person(h, rnd)
            else:
                break
        h.do("key", "s", {"card_pos": None, "in_dialog": False, "shift": False})
        h.do("drop", "hand", 0, "hand:2")
        h.do("drop", "hand", 1, "")  # dropped on nothing: it goes back
        h.do("command", "stats", {})
    # pass and play: Ann and Bob at one device with a computer; the cover between their turns
    h.do("command", "new", {})
    h.do("command", "setup-choose", {})
    h.do("change", "game", "rummy", True)
    h.do("change", "players", "3", False)
    h.do("change", "opp0", "person", True)
    h.do("change", "name0", "Ann", True)
    h.do("change", "name1", "Bob Été", True)
    h.do("command", "start", {})
    if h.app.page.dialog == "confirm-new":
        h.do("command", "confirm-new", {})
    rnd = random.Random(9)
    for _ in range(60):
        if h.app.match.cover is not None:
            h.do("command", "ready", {})
        elif h.app.match.next == "computer":
            h.fire("advance")
        elif h.app.match.next == "you":
            play_person(h, rnd)
        else:
            break
    # the look: Settings of the cards and the table (and the Advanced part), the legend, the folded rule options
    h.do("command", "settings", {})
    for name, value, checked in (("felt", "blue", True), ("back", "gold", True), ("fourcolor", "", True),
                                 ("hints", "", False), ("volume", "40", False), ("sound", "", True)):
        h.do("change", name, value, checked)
    h.do("command", "settings-advanced", {})
    h.do("command", "close", {})
    h.do("command", "legend", {})
    h.do("command", "close", {})
    h.do("command", "new", {})
    h.do("command", "setup-choose", {})
    h.do("command", "setup-more", {})
    h.do("command", "back-to-game", {})
    # the welcome's quick game, while a match is on: asked, then dealt
    h.do("command", "new", {})
    h.do("command", "play", {"game": "gin"})
    h.do("command", "confirm-new", {})
    return json.dumps({"catalog": CATALOG.data, "messages": messages})


def test_the_deck_and_the_portraits_are_drawn_the_same_under_micropython() -> None:
    source = ("from web.page.app import characters, deck\n"
              "print(deck.sprite())\n"
              "for pid in sorted(characters.CHARACTERS):\n"
              "    print(characters.portrait(pid))\n")
    files = mpy.app_files()
    from web.page.app import characters, deck

    want = deck.sprite() + "\n" + "".join(characters.portrait(pid) + "\n" for pid in sorted(characters.CHARACTERS))
    assert mpy.run(source, files) == want


def test_the_table_app_does_the_same_under_micropython_and_cpython(tmp_path: Path) -> None:
    transcript = _app_transcript()
    (tmp_path / "app_transcript.json").write_text(transcript, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "app_replay.py")], capture_output=True,
                          text=True, encoding="utf-8", env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    cpython = done.stdout
    files = mpy.app_files()
    files["app_transcript.json"] = transcript
    source = (ROOT / "tests" / "app_replay.py").read_text(encoding="utf-8")
    micropython = mpy.run(source, files)
    want, got = cpython.splitlines(), micropython.splitlines()
    assert want[-1] == "done" and len(want) > 100
    for i, (a, b) in enumerate(zip(want, got)):
        assert b == a, f"step {i} differs"
    assert len(got) == len(want)


@functools.cache
def _online_transcripts() -> tuple[str, str]:
    """Recorded runs of a host's app and its guest's app through a Gin hand online (tests/online_harness.py), with
    the host's secrets from a seeded generator."""
    import json
    import random

    from online_harness import Net, Page
    from page_harness import CATALOG
    from test_online_play import hand_over, play_until
    from test_pass_and_play import set_up

    from web.worker import online as worker_online

    rnd = random.Random(5)
    real_secret, real_below = worker_online.new_secret, worker_online.secrets.randbelow
    worker_online.new_secret = lambda: f"{rnd.getrandbits(256):064x}"  # type: ignore[assignment]
    worker_online.secrets.randbelow = lambda n: rnd.randrange(n)  # type: ignore[assignment]
    logs: dict[str, list[list[object]]] = {"host": [], "guest": []}

    def recording(page: Page, name: str) -> Page:
        real = page.app.update

        def record(msg):  # type: ignore[no-untyped-def]
            logs[name].append(list(msg))
            return real(msg)

        page.app.update = record  # type: ignore[method-assign]
        return page

    try:
        net = Net()
        host = recording(Page(net, "host"), "host")
        net.host = host
        host.start()
        set_up(host, "gin", ["guest"], ["Ann", "Bob"])
        host.do("command", "start", {})
        net.run()
        real_join = Page.start

        def start(self, **boot):  # type: ignore[no-untyped-def]
            if self.name.startswith("guest"):
                recording(self, "guest")
            real_join(self, **boot)

        Page.start = start  # type: ignore[method-assign]
        try:
            bob = net.join(1)
        finally:
            Page.start = real_join  # type: ignore[method-assign]
        play_until(net, {1: bob}, random.Random(8), hand_over(host))
        bob.do("command", "talk", {"say": 3})
        net.run()
    finally:
        worker_online.new_secret = real_secret  # type: ignore[assignment]
        worker_online.secrets.randbelow = real_below  # type: ignore[assignment]
    return (json.dumps({"catalog": CATALOG.data, "messages": logs["host"]}),
            json.dumps({"catalog": CATALOG.data, "messages": logs["guest"]}))


@pytest.mark.parametrize("side", ["host", "guest"])
def test_online_play_does_the_same_under_micropython_and_cpython(tmp_path: Path, side: str) -> None:
    host, guest = _online_transcripts()
    transcript = host if side == "host" else guest
    (tmp_path / "app_transcript.json").write_text(transcript, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "app_replay.py")], capture_output=True,
                          text=True, encoding="utf-8", env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    files = mpy.app_files()
    files["app_transcript.json"] = transcript
    micropython = mpy.run((ROOT / "tests" / "app_replay.py").read_text(encoding="utf-8"), files)
    want, got = done.stdout.splitlines(), micropython.splitlines()
    assert want[-1] == "done" and len(want) > 30
    for i, (a, b) in enumerate(zip(want, got)):
        assert b == a, f"step {i} differs"
    assert len(got) == len(want)
