"""The runner's choice of which tables' saves may wait (web/page/app/runner.py, Runner.automatic): only a
computer's move at instant speed after which the computer plays on; never a person's move, whichever seat
(pass and play), nor a friend's online, nor anything on a guest's page."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest


@pytest.fixture(scope="module")
def runner_module() -> Any:
    """web.page.app.runner imported in CPython with a stand-in for the browser's ``js`` module."""
    before = set(sys.modules)
    sys.modules.setdefault("js", types.ModuleType("js"))
    try:
        from web.page.app import runner
        yield runner
    finally:  # the stand-in and what was imported with it are forgotten
        for name in set(sys.modules) - before:
            sys.modules.pop(name, None)


class FakeApp:
    def __init__(self, seats: list[str], speed: float = 0.0, autoplay: bool = False, role: str = "local") -> None:
        self.kinds = seats
        self.speed = speed
        self.autoplay = autoplay
        self.role = role

    def seats(self) -> list[dict[str, str]]:
        return [{"kind": k} for k in self.kinds]

    def delay(self) -> float:
        return self.speed


def automatic(runner_module: Any, app: FakeApp, by: Any, nxt: str, guest: bool = False) -> bool:
    r = runner_module.Runner.__new__(runner_module.Runner)  # no page: only the fields automatic() reads
    r.app = app
    r.guest = guest
    return bool(r.automatic({"type": "table", "by": by, "next": nxt}))


def test_a_computers_move_at_instant_speed_may_wait(runner_module: Any) -> None:
    app = FakeApp(["person", "computer", "computer"])
    assert automatic(runner_module, app, 1, "computer")
    assert not automatic(runner_module, app, 2, "you")  # the person's turn: saved at once
    assert not automatic(runner_module, app, 0, "computer")  # the person's own move
    assert not automatic(runner_module, app, None, "computer")  # a deal, a resume
    assert not automatic(runner_module, FakeApp(["person", "computer"], speed=0.7), 1, "computer")


def test_pass_and_play_and_online_moves_are_saved_at_once(runner_module: Any) -> None:
    people = FakeApp(["person", "person", "computer"])
    assert not automatic(runner_module, people, 1, "computer")  # the second person's move
    assert not automatic(runner_module, people, 2, "you")  # the computer's move before a person's turn
    host = FakeApp(["person", "guest", "computer"], role="host")
    assert not automatic(runner_module, host, 1, "computer")  # a friend's move, on the host's page
    assert not automatic(runner_module, FakeApp(["person", "computer"], autoplay=True, role="host"), 0, "computer")


def test_autoplay_plays_every_seat_and_a_guest_page_never_waits(runner_module: Any) -> None:
    robots = FakeApp(["person", "computer"], autoplay=True)
    assert automatic(runner_module, robots, 0, "computer")
    assert automatic(runner_module, robots, 1, "you")
    assert not automatic(runner_module, FakeApp(["person", "computer"]), 1, "computer", guest=True)


def test_the_decks_symbols_go_in_before_the_first_drawing_that_shows_a_card(runner_module: Any,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The deck's SVG (80 kB the page's Python makes) does not hold up a first screen without cards (the new-game
    screen), and is in the page, once, before any drawing that shows a card face or back."""
    from pathlib import Path

    from web.page.app import deck

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    try:
        import prerender
    finally:
        sys.path.pop(0)
    put: list[str] = []
    monkeypatch.setattr(runner_module.dom, "put_sprite", put.append)
    r = runner_module.Runner.__new__(runner_module.Runner)  # no page: only the field need_sprite() reads
    r.sprite_in = False
    new_game = prerender.first_visit_html(Path(__file__).resolve().parent.parent)  # a new player's first screen
    assert 'data-testid="setup"' in new_game
    r.need_sprite(new_game)
    assert put == []
    r.need_sprite('<div class="hand">' + deck.face_svg(7) + "</div>")
    assert put == [deck.sprite()]
    r.need_sprite('<div class="stock">' + deck.back_svg("red") + "</div>")
    assert put == [deck.sprite()]  # once
    fresh = runner_module.Runner.__new__(runner_module.Runner)
    fresh.sprite_in = False
    fresh.need_sprite('<div class="stock">' + deck.back_svg("red") + "</div>")  # a back alone needs it too
    assert len(put) == 2
