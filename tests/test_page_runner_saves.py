"""Which tables' drawing and save may wait (web/page/app/table.py, automatic; the runner performs it): only a
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


def app_at(seats: list[str], speed: str = "instant", autoplay: bool = False, role: str = "local",
           nxt: str = "computer") -> Any:
    """A table app whose match has these seats (kinds), at this speed, the engine having said ``nxt``."""
    from rummy.catalog import catalog
    from web.page.app.model import App
    from web.page.app.setup import Catalog

    app = App(Catalog(catalog()))
    plan = [{"kind": k, "name": "P" + str(i)} if k != "computer" else {"kind": k, "id": "rex"}
            for i, k in enumerate(seats)]
    app.match.save = "{}"
    app.match.config = {"game": "gin", "opponents": ["rex"], "seats": plan}
    app.page.settings["speed"] = speed
    app.page.autoplay = autoplay
    app.online.role = role
    app.match.next = nxt
    return app


def automatic(app: Any, by: Any, nxt: str) -> bool:
    from web.page.app import table

    app.match.next = nxt
    return bool(table.automatic(app, by))


def test_a_computers_move_at_instant_speed_may_wait() -> None:
    app = app_at(["person", "computer", "computer"])
    assert automatic(app, 1, "computer")
    assert not automatic(app, 2, "you")  # the person's turn: saved at once
    assert not automatic(app, 0, "computer")  # the person's own move
    assert not automatic(app, None, "computer")  # a deal, a resume
    assert not automatic(app_at(["person", "computer"], speed="normal"), 1, "computer")


def test_pass_and_play_and_online_moves_are_saved_at_once() -> None:
    people = app_at(["person", "person", "computer"])
    assert not automatic(people, 1, "computer")  # the second person's move
    assert not automatic(people, 2, "you")  # the computer's move before a person's turn
    host = app_at(["person", "guest", "computer"], role="host")
    assert not automatic(host, 1, "computer")  # a friend's move, on the host's page
    assert not automatic(app_at(["person", "computer"], autoplay=True, role="host"), 0, "computer")


def test_autoplay_plays_every_seat_and_a_guest_page_never_waits() -> None:
    robots = app_at(["person", "computer"], autoplay=True)
    assert automatic(robots, 0, "computer")
    assert automatic(robots, 1, "you")
    assert not automatic(app_at(["person", "computer"], role="guest"), 1, "computer")


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
