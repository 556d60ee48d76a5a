"""Guided first hands: one stacked deal for each game in which every rule comes up, one sentence a step.

    >>> t = tutorial("gin")
    >>> g = t.new_game()                 # dealt from the stacked deck: seat 0 is the learner
    >>> t.step(len(g.records[-1].actions))   # the step to play now: who, what, the sentence, what to highlight
    >>> t.to_data()                      # JSON-ready, for the page

Gin: the first upcard taken for a set, a discard, the opponent's turn, a stock draw extending a run, a knock with
deadwood 6 (gin explained), and the opponent laying off on the learner's melds. Basic Rummy: the discard pile's
top card taken for a set, two melds put down, a discard, the opponent's meld, lay-offs on the learner's own run
and on the opponent's meld, and going out by melding the last cards (going rummy explained). The opponent's moves
are scripted too, so the hand always goes this way; the learner's only accepted move at each step is the
scripted one. ``highlight`` names cards (``"9S"``), ``"stock"``, ``"discard"``, ``"meld:N"`` (table meld N)
or an action button (``"button:knock"``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .cards import new_deck, parse_cards
from .game import Game
from .rng import Rng
from .rules import hand_size, resolve_rules

LEARNER = 0


@dataclass(frozen=True)
class Step:
    """One move of the guided hand: ``seat`` plays ``action`` (text); ``say`` is the sentence shown."""

    seat: int
    action: str
    say: str
    highlight: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "say": self.say, "highlight": list(self.highlight)}


@dataclass(frozen=True)
class Tutorial:
    """A guided hand: the game, its rules, the dealer, the stacked deck and the steps."""

    game: str
    players: int
    rules: dict[str, Any]
    dealer: int
    deck: tuple[int, ...]
    steps: tuple[Step, ...]
    opponents: tuple[str, ...]  # profile ids whose names the page shows
    intro: str
    outro: str

    def new_game(self) -> Game:
        """The match of the lesson, its hand dealt."""
        full = resolve_rules(self.game, self.players, self.rules)
        g = Game(self.game, self.players, full, Rng(0), self.dealer)
        g.deal(list(self.deck))
        return g

    def step(self, index: int) -> Step | None:
        """The step at action ``index`` of the hand (None once the script is played)."""
        return self.steps[index] if 0 <= index < len(self.steps) else None

    def to_data(self) -> dict[str, Any]:
        return {"game": self.game, "intro": self.intro, "outro": self.outro,
                "steps": [s.to_data() for s in self.steps]}


def stack(game: str, players: int, dealer: int, hands: list[str], upcard: str, stock: str,
          jokers: bool = False) -> tuple[int, ...]:
    """A deck in dealing order giving seat ``i`` exactly ``hands[i]``, then ``upcard``, then the stock from the top
    (``stock`` first, the other cards after it in id order)."""
    size = hand_size(game, players)
    hs = [parse_cards(h) for h in hands]
    if any(len(h) != size for h in hs):
        raise ValueError(f"each hand has {size} cards")
    up = parse_cards(upcard)
    st = parse_cards(stock)
    full = new_deck(jokers=jokers)
    used = Counter(c for h in hs for c in h) + Counter(up) + Counter(st)
    if used - Counter(full):
        raise ValueError("a card is given twice")
    rest = sorted((Counter(full) - used).elements())
    deck = [hs[(dealer + 1 + i) % players][i // players] for i in range(players * size)]
    return tuple(deck + up + st + rest)


_GIN = Tutorial(
    game="gin", players=2, rules={"preset": "cardgames"}, dealer=1,
    deck=stack("gin", 2, 1,
               ["5C 6C 7C 9D 9H 2D 3H KS QH JD", "KH KD KC 9C 4C TS 8H 2S 6D 3S"],
               "9S", "7D 8C 5S AD"),
    steps=(
        Step(0, "draw discard", "You're not the dealer, so the first face-up card is offered to you first: take "
             "9♠, it makes a set with your 9♦ and 9♥.", ("9S", "9D", "9H", "discard")),
        Step(0, "discard KS", "Every turn ends with a discard: throw K♠, a high card that fits no meld.",
             ("KS",)),
        Step(1, "draw stock", "Now your opponent draws a card from the stock…", ("stock",)),
        Step(1, "discard TS", "…and throws 10♠ on the discard pile.", ("discard",)),
        Step(0, "draw stock", "10♠ doesn't help you, so draw from the stock instead.", ("stock",)),
        Step(0, "discard QH", "8♣ extends your run to 5♣ 6♣ 7♣ 8♣. Throw Q♥: your deadwood (the points of cards "
             "in no meld) drops to 15.", ("QH", "5C", "6C", "7C", "8C")),
        Step(1, "draw stock", "Your opponent draws from the stock…", ("stock",)),
        Step(1, "discard 8H", "…and throws 8♥.", ("discard",)),
        Step(0, "draw stock", "Draw from the stock again.", ("stock",)),
        Step(0, "knock JD", "Throwing J♦ leaves you 6 deadwood, and with 10 or less you may knock: knock with J♦ "
             "to end the hand (with no deadwood at all it would be gin, worth a 25-point bonus).",
             ("JD", "button:knock")),
    ),
    opponents=("pip",),
    intro="Gin Rummy: make melds (three or four of a kind, or three or more in a row in one suit) and keep the "
          "points of your other cards, your deadwood, low.",
    outro="Your opponent laid off 9♣ on your nines and 4♣ on your run, and still had 23 deadwood: you score "
          "the difference, 17 points. First to 100 wins the match.",
)

_RUMMY = Tutorial(
    game="rummy", players=2, rules={"preset": "cardgames"}, dealer=1,
    deck=stack("rummy", 2, 1,
               ["4H 5H 6H 8S 8D KC QD JC 2C 3C", "QS QH QC 9S 5D 7S TD 2S 6D KD"],
               "8C", "4D 7H JH AC"),
    steps=(
        Step(0, "draw discard", "Each turn starts with a draw: take 8♣ from the discard pile, it makes a set "
             "with your 8♠ and 8♦.", ("8C", "8S", "8D", "discard")),
        Step(0, "meld 8C 8D 8S", "Put the set down on the table: cards in melds no longer count against you.",
             ("8C", "8D", "8S", "button:meld")),
        Step(0, "meld 4H 5H 6H", "Your run of hearts is a meld too: put it down as well.",
             ("4H", "5H", "6H", "button:meld")),
        Step(0, "discard KC", "End your turn with a discard: K♣ is worth 10 points and fits nothing.", ("KC",)),
        Step(1, "draw stock", "Your opponent draws from the stock…", ("stock",)),
        Step(1, "meld QC QH QS", "…puts down a set of queens…", ("meld:3",)),
        Step(1, "discard 9S", "…and throws 9♠.", ("discard",)),
        Step(0, "draw stock", "9♠ is no use to you: draw from the stock.", ("stock",)),
        Step(0, "layoff 7H 2", "7♥ fits the end of your run: lay it off on meld 2.", ("7H", "meld:2")),
        Step(0, "layoff QD 3", "You may lay off on anyone's meld: put Q♦ on your opponent's queens.",
             ("QD", "meld:3")),
        Step(0, "discard JC", "Throw J♣: only 2♣ and 3♣ are left in your hand.", ("JC",)),
        Step(1, "draw stock", "Your opponent draws…", ("stock",)),
        Step(1, "discard KD", "…and throws K♦.", ("discard",)),
        Step(0, "draw stock", "Draw from the stock: A♣ would finish a run with your 2♣ and 3♣.", ("stock",)),
        Step(0, "meld AC 2C 3C", "Meld A♣ 2♣ 3♣: with no cards left you go out and win the hand.",
             ("AC", "2C", "3C", "button:meld")),
    ),
    opponents=("tilly",),
    intro="Rummy: put melds on the table (three or four of a kind, or three or more in a row in one suit) and be "
          "the first to get rid of all your cards.",
    outro="You went out and score the points left in your opponent's hand. Going out all in one turn, without "
          "having put anything down before, is going rummy: it doubles the score.",
)

TUTORIALS = {"gin": _GIN, "rummy": _RUMMY}


def tutorial(game: str) -> Tutorial:
    """The guided hand of ``game`` ("gin" or "rummy")."""
    if game not in TUTORIALS:
        raise ValueError(f"unknown game {game!r}: choose 'gin' or 'rummy'")
    return TUTORIALS[game]
