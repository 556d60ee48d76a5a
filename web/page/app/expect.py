"""The person's own move shown at once: the table as it will look once the engine has played the move, drawn
before the engine answers (a move answers within a frame), and put back if the engine refuses it.

This is no rule: it only moves the cards the move names, from where the view shows them to where the move
says they go (a discard onto the pile, a meld onto the table...), and closes every action until the engine's
table comes. Whether the move is legal, and everything else it does (scores, the turn after a knock, the card
drawn from the stock), is the engine's answer, which replaces this view. Written in the Python both MicroPython
and CPython run.
"""

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any


def _take(hand: list[str], cards: list[str]) -> bool:
    """Remove ``cards`` from ``hand`` (each once); False (and ``hand`` unchanged) when one is not there."""
    left = list(hand)
    for c in cards:
        if c not in left:
            return False
        left.remove(c)
    hand[:] = left
    return True


def expected(doc: "dict[str, Any]", action: str) -> "dict[str, Any] | None":
    """The view document ``doc`` (a ``rummy-view``) as it will look after the viewer's ``action`` (its text,
    e.g. ``"discard 7H"``, ``"meld JK=5H 5C 5D"``, ``"layoff 8S 2"``, ``"swap 5H 1"``), every action closed meanwhile; None when
    the move moves no card this view can show (the engine's table will)."""
    v = dict(doc["view"])
    words = action.split()
    if not words:
        return None
    kind = " ".join(words[:2]) if words[0] in ("draw", "big") else words[0]
    args = words[2:] if kind in ("draw stock", "draw discard", "big gin") else words[1:]
    seat = v["seat"]
    hand = list(v["hand"])
    counts = list(v["hand_counts"])
    if kind == "draw discard" and v["discard"]:
        top = v["discard"][-1]
        v["discard"] = v["discard"][:-1]
        hand.append(top)
        counts[seat] += 1
        v["phase"] = "play"
    elif kind == "draw stock" and v["stock_count"] > 0:
        v["stock_count"] -= 1  # the card itself comes with the engine's table
        v["phase"] = "play"
    elif kind in ("discard", "knock") and len(args) == 1 and _take(hand, args):
        v["discard"] = v["discard"] + args
        counts[seat] -= 1
    elif kind == "meld" and args:
        cards = [a.split("=")[0] for a in args]  # "JK=5H": the joker plays the five of hearts
        if not _take(hand, cards):
            return None
        v["table"] = v["table"] + [args]
        counts[seat] -= len(cards)
    elif kind == "layoff" and len(args) == 2 and args[1].isdigit() and 1 <= int(args[1]) <= len(v["table"]):
        card = args[0].split("=")[0]
        if not _take(hand, [card]):
            return None
        melds = [list(m) for m in v["table"]]
        melds[int(args[1]) - 1].append(args[0])
        v["table"] = melds
        counts[seat] -= 1
    elif kind == "swap" and len(args) == 2 and args[1].isdigit() and 1 <= int(args[1]) <= len(v["table"]):
        melds = [list(m) for m in v["table"]]
        meld = melds[int(args[1]) - 1]
        played = "JK=" + args[0]  # the joker that plays this very card gives its place to it
        if played not in meld or not _take(hand, [args[0]]):
            return None
        meld[meld.index(played)] = args[0]
        hand.append("JK")
        v["table"] = melds
    else:
        return None
    v["hand"] = hand
    v["hand_counts"] = counts
    v["legal"] = []
    return {"format": doc["format"], "version": doc["version"], "view": v}
