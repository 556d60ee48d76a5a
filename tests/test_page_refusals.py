"""A refused move in the page's words (web/page/app/refusals.py): every refusal the engine makes, with the
parameters it gives, is worded by the page from its code (so that it can be said in the player's language), and
the words name the cards and numbers of the parameters."""

from __future__ import annotations

import random

import pytest

from rummy.cards import card_str, new_deck
from rummy.errors import Refusal
from rummy.game import Game
from rummy.model import Phase
from web.page.app import refusals

# the engine's own, never the player's: a text that is not an action, a record's restock, the page's own wording
NOT_WORDED = {Refusal.SYNTAX, Refusal.RESTOCK_MISMATCH, Refusal.NOT_YOUR_TURN}
MELD_NAMED = {Refusal.ALREADY_ON_TABLE, Refusal.NO_SUCH_MELD, Refusal.NO_JOKER_THERE}  # the words say which meld


def candidates(g: Game, rnd: random.Random) -> list[str]:
    """Moves to try now: the legal ones and many that are not."""
    deck = sorted(set(new_deck(jokers=True)))
    hand = list(g.hands[g.turn]) if g.turn is not None else []
    out = [str(a) for a in g.legal_actions()]
    out += ["draw stock", "draw discard", "pass", "big gin"]
    for c in rnd.sample(deck, 8) + hand:
        out += [f"discard {card_str(c)}", f"knock {card_str(c)}"]
        for m in range(1, len(g.table) + 2):
            out += [f"layoff {card_str(c)} {m}", f"swap {card_str(c)} {m}"]
    for _i in range(12):
        picked = rnd.sample(hand or deck, min(3, len(hand or deck)))
        out.append("meld " + " ".join(card_str(c) for c in picked))
    if hand:
        out.append("meld " + " ".join(card_str(c) for c in hand[:2]))
        out.append(f"meld JK={card_str(hand[0])} " + " ".join(card_str(c) for c in hand[1:3]))
    return out


def refusals_seen(game: str, players: int, rules: dict, seed: int) -> dict[Refusal, list[dict]]:
    rnd = random.Random(seed)
    g = Game.new(game, players, rules, seed=seed)
    seen: dict[Refusal, list[dict]] = {}
    for _step in range(400):
        if g.turn is None:
            if g.phase == Phase.MATCH_OVER:
                break
            g.deal()
            continue
        for text in candidates(g, rnd):
            try:
                p = g.problem(text)
            except ValueError:
                continue
            if p is not None:
                seen.setdefault(p.code, []).append(dict(p.params))
        g.apply(rnd.choice(g.legal_actions()))
    return seen


GAMES = [("gin", 2, {}, 1), ("gin", 2, {"preset": "oklahoma"}, 2), ("rummy", 2, {"layoff_needs_meld": True}, 3),
         ("rummy", 4, {"jokers": True, "aces": "high-or-low", "melds_per_turn": 1}, 4),
         ("rummy", 3, {"discard_to_go_out": True, "jokers": True}, 5)]


@pytest.mark.parametrize(("game", "players", "rules", "seed"), GAMES)
def test_every_refusal_the_engine_makes_is_worded_by_the_page(game, players, rules, seed):
    seen = refusals_seen(game, players, rules, seed)
    assert len(seen) >= 8  # the sweep reaches many rules
    for code, all_params in seen.items():
        if code in NOT_WORDED:
            continue
        for params in all_params:
            said = refusals.words(str(code), params, game)
            assert said, (code, params)
            named = list(params.get("cards") or []) + ([params["card"]] if "card" in params else [])
            if (code == Refusal.TAKEN_THIS_TURN and named == ["JK"]) or params.get("why") == "set-full":
                named = []  # "that joker", the one taken from the table; a full set, whatever the card
            for c in named:
                assert refusals.card_shown(c) in said, (code, params, said)
            numbers = ("deadwood", "limit") + (("meld",) if code in MELD_NAMED else ())
            for k in numbers:
                if k in params:
                    assert str(params[k]) in said, (code, params, said)


def test_the_faults_of_melds_and_lay_offs_are_each_worded():
    from rummy.melds import LAYOFF_FAULTS, MELD_FAULTS

    for why in MELD_FAULTS:
        assert refusals.meld_fault_words(why, "7♥ 8♥") is not None
    for why in LAYOFF_FAULTS:
        assert refusals.layoff_fault_words(why, "7♥", "7") is not None


def test_a_hosts_refusals_of_a_friends_move_are_worded_on_the_friends_page():
    for code in ("no-match", "busy", "stale"):
        assert refusals.words(code, {}, "gin")


def test_what_the_page_cannot_word_is_left_to_the_engine():
    assert refusals.words("syntax", {}, "gin") is None
    assert refusals.words("some-new-rule", {}, "gin") is None
    assert refusals.words("not-held", {"cards": ["ZZ"]}, "gin") is None  # parameters that are not what they should be
    assert refusals.words("knock-too-high", {"card": "7H"}, "gin") is None
    assert refusals.card_shown("JK") == "Joker" and refusals.card_shown("TS") == "10♠"
    assert refusals.card_shown("JK=9C") == "Joker as 9♣"
