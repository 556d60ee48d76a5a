"""The worker's part of online play: fair deals the guests can check, and a dropped guest's seat given to a
computer opponent. Used by :class:`web.worker.table.Table`.

A fair deal (:mod:`rummy.fairdeal`): before each deal of a match with guests the host's page asks to
``prepare``; the table draws a fresh secret and, for a new match, the first dealer, and answers ``prepared`` with
the secret's commitment (and the dealer). The host's page sends the commitment to every guest, gathers each
guest's random value, and sends ``new`` or ``deal`` with them as ``contributions``; the deck is shuffled from the
secret and the contributions together, so neither the host (committed before seeing the values) nor a guest (who
never knows the secret) could choose it. After the hand the table message carries the secret, which the host's
page passes on, and each guest's page checks its own cards against it (web.page.shared.online.check_deal).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from rummy import Game
from rummy.bots import get_profile, make_bot
from rummy.fairdeal import commitment, deal_hand, new_secret
from rummy.rng import Rng
from rummy.rules import resolve_rules

if TYPE_CHECKING:
    from web.worker.table import Table

Message = dict[str, Any]
GUEST, COMPUTER = "guest", "computer"


def has_guests(config: dict[str, Any]) -> bool:
    seats = config.get("seats")
    return isinstance(seats, list) and any(isinstance(s, dict) and s.get("kind") == GUEST for s in seats)


def prepare(t: Table, players: int | None) -> list[Message]:
    """Commit to the next deal: a new secret, and for a new match of ``players`` the first dealer."""
    dealer = secrets.randbelow(players) if players else None
    secret = new_secret()
    t.pending = {"secret": secret, "dealer": dealer, "players": players}
    return [{"type": "prepared", "commitment": commitment(secret), "dealer": dealer}]


def new_game(t: Table, game: str, players: int, rules: dict[str, Any], contributions: list[str]) -> Game:
    """The first hand of an online match, dealt from the prepared secret and the guests' contributions.
    Raises ValueError when nothing was prepared for a match of this size."""
    p = t.pending
    if p is None or p["players"] != players or p["dealer"] is None:
        raise ValueError("the deal was not prepared: ask to prepare it first")
    g = Game(game, players, resolve_rules(game, players, rules), Rng(0), p["dealer"])
    deal_hand(g, p["secret"], contributions)
    _dealt(t, g, p["secret"], contributions)
    return g


def deal_next(t: Table, g: Game, contributions: list[str]) -> None:
    """The next hand of an online match, from the prepared secret and the contributions."""
    p = t.pending
    if p is None or p["players"] is not None:
        raise ValueError("the deal was not prepared: ask to prepare it first")
    deal_hand(g, p["secret"], contributions)
    _dealt(t, g, p["secret"], contributions)


def _dealt(t: Table, g: Game, secret: str, contributions: list[str]) -> None:
    t.pending = None
    t.fair = {"hand": g.hand_number, "commitment": commitment(secret), "secret": secret,
              "contributions": list(contributions)}


def fair_for_page(t: Table, g: Game) -> Message | None:
    """The deal's proof as the host's page relays it: its secret only once the hand is over."""
    if t.fair is None or t.fair["hand"] != g.hand_number:
        return None
    out = {"hand": t.fair["hand"], "commitment": t.fair["commitment"], "contributions": t.fair["contributions"]}
    if not g.phase.in_hand:
        out["secret"] = t.fair["secret"]
    return out


def replace_seat(t: Table, seat: Any, pid: Any) -> list[Message]:
    """A guest's seat goes to the computer opponent ``pid`` for the rest of the match (the guest dropped)."""
    g = t.game
    assert g is not None
    if type(seat) is not int or not 0 <= seat < g.players or t.seats[seat]["kind"] != GUEST:
        return [{"type": "error", "code": "bad-seat", "error": "only a guest's seat can go to a computer"}]
    try:
        if type(pid) is not str or get_profile(pid).game != g.game:
            raise KeyError(pid)
    except KeyError:
        return [{"type": "error", "code": "bad-seat", "error": f"no {g.game} opponent called {pid!r}"}]
    t.seats[seat] = {"kind": COMPUTER, "id": pid}
    t.config["seats"] = [dict(s) for s in t.seats]
    t.opponents = [s["id"] for s in t.seats if s["kind"] == COMPUTER]
    t.config["opponents"] = list(t.opponents)
    t.bots[seat] = make_bot(pid, g.game, t.seeds[seat])
    return [t.table_message(by=None)]
