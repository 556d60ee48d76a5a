"""What a table update looks and sounds like: where each card flies from, which sounds play, what the
characters say. Pure functions of two views and the update's public events; the runner performs the result.

A *motion plan* (plain data, sent to ``rummyBridge.motion`` in web/bridge.js as JSON) names cards by their
``data-card`` (``7H``, ``JK``) and places by CSS selectors:

* ``from``: ``{card: selector}``: a card now on the table that came from there (an opponent's hand, the stock;
  at the end of a hand, every opponent's card, turned up out of its fan); every other card that was on the table
  before flies from where it was to where it is (the runner measures);
* ``fans``: ``[[target, origin], ...]``: a card back that joined an opponent's hand, and where it came from;
* ``leave``: ``[[card, selector], ...]``: a face-up card that left the table for an opponent's hand;
* ``deal``: the selectors of the hands in the order the dealer deals to them (a shuffle, then the deal);
* ``pop``: elements that appear with a little bounce (a speech bubble);
* ``shake``: elements that shake (a move refused);
* ``snap``: a card being dragged was refused: it goes back where it came from.

Written in the Python both MicroPython and CPython run.
"""

from web.page.app import characters
from web.page.shared.cards import JOKER, text_of

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from web.page.shared.viewdata import Event, View

STOCK = "[data-testid=stock] .pcard"
PILE_TOP = "[data-testid=discard-pile] .pcard.top"
HAND = "#rm-screen .hand .card"
SPEECH_UPDATES = 3  # a line stays in its bubble for this many table updates


def fan(seat: int) -> str:
    return "[data-testid=opponent-" + str(seat) + "] .fan"


def fan_last(seat: int) -> str:
    return fan(seat) + " .card:last-child"


def key_of(card: int, wild: bool = False) -> str:
    """The ``data-card`` of a card as it lies (a joker playing another card is still the joker)."""
    return "JK" if wild or card == JOKER else text_of(card)


def new_plan() -> "dict[str, Any]":
    return {"from": {}, "fans": [], "leave": [], "deal": None, "pop": [], "shake": [], "snap": False}


def deal_order(view: "View") -> list[str]:
    """The hands in the order the cards are dealt: from the dealer's left, the dealer last."""
    out = []
    for k in range(1, view.players + 1):
        s = (view.dealer + k) % view.players
        out.append(HAND if s == view.seat else fan(s) + " .card")
    return out


def table_plan(view: "View", events: "Iterable[Event]", dealt: bool, new_card: int | None = None) -> "dict[str, Any]":
    """The motion of one table update: ``dealt`` when this update is a new deal (then only the deal moves);
    ``new_card``: the card the person just drew (it comes from the stock when drawn there)."""
    plan = new_plan()
    if dealt and view.in_hand:
        plan["deal"] = deal_order(view)
        return plan
    for e in events:
        s = e.seat
        if s is None:
            continue
        if s == view.seat:  # the person's own cards fly from where they were (the runner measures them)
            if e.kind == "draw stock" and new_card is not None:
                plan["from"][key_of(new_card)] = STOCK
            continue
        if e.kind == "draw stock":
            plan["fans"].append([fan_last(s), STOCK])
        elif e.kind == "draw discard" and e.card is not None:
            plan["leave"].append([key_of(e.card), fan_last(s)])
        elif e.kind in ("discard", "knock") and e.card is not None:
            plan["from"][key_of(e.card)] = fan(s)
        elif e.kind in ("meld", "layoff"):
            for c in e.cards:
                plan["from"][key_of(c, c in e.wild)] = fan(s)
        elif e.kind == "swap" and e.card is not None:
            plan["from"][key_of(e.card)] = fan(s)
            plan["leave"].append(["JK", fan_last(s)])
    if not view.in_hand and view.results:  # the end of a hand: every hand is turned up, out of its owner's fan
        r = view.results[-1]
        for s in range(min(view.players, len(r.hands))):
            if s != view.seat:
                for c in r.hands[s]:
                    plan["from"].setdefault(key_of(c), fan(s))
    return plan


# ---------------------------------------------------------------- sounds

def sounds(view: "View", events: "Iterable[Event]", dealt: bool, ended: bool, me: int) -> list[tuple[str, float]]:
    """The sounds of one table update: (name, delay in seconds), in order."""
    out = []
    if dealt and view.in_hand:
        return [("shuffle", 0.0)]
    t = 0.0
    for e in events:
        name = {"draw stock": "draw", "draw discard": "draw", "discard": "discard", "knock": "knock",
                "meld": "meld", "layoff": "meld", "swap": "meld", "big gin": "gin"}.get(e.kind)
        if name is not None:
            out.append((name, t))
            t += 0.12
    if ended and view.results:
        r = view.results[-1]
        t += 0.3
        if r.end in ("gin", "big gin") and not [n for n, _ in out if n == "gin"]:
            out.append(("gin", t))
            t += 0.5
        winner = r.winner
        if view.phase == "match-over" and view.match is not None:
            winner = view.match.winner
        if winner is not None:
            out.append(("win" if winner == me else "lose", t))
    return out


# ---------------------------------------------------------------- speech

def speech(view: "View", events: "Iterable[Event]", ended: bool, ids: dict[int, str], me: int,
           salt: int) -> dict[int, str]:
    """What the characters say on this update: ``{seat: text}`` (``ids``: each seat's profile id)."""
    said: dict[int, str] = {}

    def say(seat: int | None, occasion: str) -> None:
        if seat == me or seat is None or seat in said:
            return
        pid = ids.get(seat)
        if pid is None:
            return
        text = characters.line(pid, occasion, salt + seat)
        if text:
            said[seat] = text

    result = view.results[-1] if ended and view.results else None
    for e in events:
        if e.kind == "draw discard":
            say(e.seat, "take")
        elif e.kind == "pass":
            say(e.seat, "pass")
        elif e.kind == "knock":
            if result is not None and result.end in ("gin", "big gin"):
                say(e.seat, "gin")
            elif result is None or result.end != "undercut":
                say(e.seat, "knock")
        elif e.kind == "big gin":
            say(e.seat, "gin")
        elif e.kind == "meld":
            say(e.seat, "meld")
        elif e.kind in ("layoff", "swap"):
            say(e.seat, "layoff")
    if result is not None:
        w = result.winner
        k = result.knock
        if result.end == "undercut" and k is not None:
            say(w, "undercut")
            say(k.knocker, "undercut-by")
        elif result.end == "rummy":
            say(w, "rummy")
        elif result.end in ("gin", "big gin"):
            say(w, "gin")
        elif w is not None and w != me:
            say(w, "win")
        if w == me:
            for s in range(view.players):
                if s != me:
                    say(s, "lose")
                    break
    return said


def age_speech(bubbles: "dict[int, list[Any]]", fresh: dict[int, str]) -> "dict[int, list[Any]]":
    """The bubbles after one more table update: the fresh lines, and the older ones still young enough.
    ``bubbles``: ``{seat: [text, updates left]}``."""
    out: dict[int, list[Any]] = {}
    for seat in bubbles:
        text, left = bubbles[seat]
        if left > 1:
            out[seat] = [text, left - 1]
    for seat in fresh:
        out[seat] = [fresh[seat], SPEECH_UPDATES]
    return out


def ids_by_seat(seats: "Iterable[dict[str, Any]]") -> dict[int, str]:
    """The computers' profile ids by seat (``seats``: each seat's plan, as in a match config's ``seats``;
    people have no character)."""
    out = {}
    for i, s in enumerate(seats):
        if s.get("kind") == "computer":
            out[i] = s["id"]
    return out
