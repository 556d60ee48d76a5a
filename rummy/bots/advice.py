"""Advice from a computer opponent's own evaluation: :class:`Advice`, :class:`Reason`, :class:`Option`, and
the words they are said in.

A bot that can explain itself implements :class:`~rummy.bots.base.Advisor`: ``advise(view, names)`` returns
the action the bot itself would choose for that view (always one of ``view.legal``), the reasons its own
evaluation gives for it (each a code, parameters and words tied to the position), and what every other legal
action costs by the same evaluation, in points (the coach reads these costs). Nothing here guesses: the
advisors of :mod:`rummy.bots.gin_advice` and :mod:`rummy.bots.rummy_advice` read the numbers the bots decided
with.

Reason codes (``params`` hold cards as text, seats as numbers, amounts as numbers; a reason's ``words`` say its
params and nothing else, rounded as they are, so that the page may word them in the player's language):

========================  ===============================================================================
``deadwood``              Gin: the deadwood the action leaves (``deadwood``, ``before``: before the draw)
``no-meld``               the card cannot join a meld (``card``, ``chances``: 0 unseen cards would help)
``few-chances``           the card has few ways left into a meld (``card``, ``chances``, Gin: ``cards``)
``opponent-signals``      Gin: what the opponent threw or passed on near the card (``seat``, ``card``,
                          ``threw``, ``passed``)
``safe``                  little chance the card helps an opponent (``card``, ``chance`` 0..1, ``seat``)
``avoid-feeding``         the discard keeps another card away from an opponent (``card``, ``seat``; Gin
                          ``chance`` and ``took``; Rummy ``took`` and ``fits_table``)
``lookahead``             Gin: the expected deadwood after the next draw (``expected``)
``knock``                 Gin: knocking's expected points (``card``, ``deadwood``, ``ev``, ``undercut`` 0..1,
                          ``seat``)
``gin``                   Gin: no deadwood left (``card``, ``bonus``, ``seat``: no lay-offs for that opponent)
``big-gin``               Gin: all eleven cards in melds (``bonus``)
``stock-low``             Gin: the stock is running out (``stock``)
``knock-wait``            Gin: not knocking yet (``deadwood``, ``ev``, ``undercut``, ``seat``; ``why``:
                          ``undercut`` the opponent may undercut, ``points`` knocking is worth too little)
``makes-meld``            the card taken makes a meld (``card``, ``meld``)
``can-knock``             Gin: the card taken lets you knock (``deadwood``)
``deny``                  Gin: the card taken keeps it from the opponent (``card``, ``seat``, ``chance``)
``upcard-no-help``        the face-up card does not help enough (``card``; Gin ``deadwood``, Rummy ``points``;
                          ``meld``: it would make a meld, yet leave too much)
``stock-expect``          Gin: the expected deadwood after a stock draw (``expected``)
``must-stock``            Gin: both players passed the first upcard
``go-out``                Rummy: you can go out this turn (``rummy``: going rummy, which doubles)
``lay-down``              Rummy: put melds down now (``why``: ``close`` an opponent is close to going out,
                          with ``seat`` and ``cards``; ``stock`` the stock is low; ``played`` rummy is no
                          longer possible; ``style``)
``hold``                  Rummy: keep melds in hand for rummy (``cards``, ``fewest`` cards of any opponent)
``points``                Rummy: points the discard sheds (``card``, ``points``)
``points-left``           Rummy: points the plan leaves in hand (``points``, ``before``)
``fits-table``            Rummy: the card taken fits a table meld (``card``)
``joker``                 Rummy: take a joker back from the table (``card``, ``meld``)
``tutorial``              the worker's hint during a tutorial: the lesson's own step
========================  ===============================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..actions import BIG_GIN, DISCARD, DRAW_DISCARD, DRAW_STOCK, KNOCK, LAYOFF, MELD, PASS, SWAP, Action
from ..cards import JOKER, card_str

_RANK_FACE = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_SYMBOL = "♣♦♥♠"
_SUIT_NAME = ("club", "diamond", "heart", "spade")
_NUMBER = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@dataclass(frozen=True)
class Reason:
    """One reason for a piece of advice: a stable ``code`` (see the module's table), its ``params`` (JSON-ready)
    and the ``words`` said to the player."""

    code: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    words: str = ""

    def to_data(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params), "words": self.words}


@dataclass(frozen=True)
class Option:
    """A legal action as the advisor values it: ``cost`` is what it gives up against the advice, in points by
    the bot's own evaluation (0 for the advice itself; None when the bot has no number for it); ``same`` when
    the bot counts it as the advice itself (a step of the same plan, like the other meld of a turn)."""

    action: Action
    cost: float | None
    same: bool = False


#: How an advisor prices one legal action against its advice (called only when asked: pricing every action of
#: a turn can cost more than the advice itself).
Pricer = Callable[[Action], Option]


@dataclass(frozen=True)
class Advice:
    """What the bot would do for a view, and why: ``action`` (one of ``view.legal``, the bot's own choice),
    ``reasons`` (most telling first), ``words`` (one sentence), and the cost of any legal action by the same
    evaluation (:meth:`option`, :meth:`cost_of`, :attr:`options`: priced when first asked, then kept)."""

    action: Action
    reasons: tuple[Reason, ...]
    words: str
    legal: tuple[Action, ...] = ()
    pricer: Pricer | None = field(default=None, compare=False, repr=False)
    _priced: dict[Action, Option] = field(default_factory=dict, compare=False, repr=False)

    def option(self, action: Action) -> Option | None:
        """``action`` as the advisor values it (None when it is not one of the view's legal actions)."""
        if action not in self.legal:
            return None
        if action == self.action:
            return Option(action, 0.0)
        got = self._priced.get(action)
        if got is None:
            got = self.pricer(action) if self.pricer is not None else Option(action, None)
            self._priced[action] = got
        return got

    @property
    def options(self) -> tuple[Option, ...]:
        """Every legal action with its cost, in the view's order."""
        out = []
        for a in self.legal:
            o = self.option(a)
            assert o is not None
            out.append(o)
        return tuple(out)

    def cost_of(self, action: Action) -> float | None:
        """What ``action`` gives up against the advice (0.0 for the advice, or a step of the same plan)."""
        if action == self.action:
            return 0.0
        o = self.option(action)
        if o is None:
            return None
        return 0.0 if o.same else o.cost

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: the action's text, the reasons, the words, and the cards it is about (for highlights)."""
        return {"action": str(self.action), "reasons": [r.to_data() for r in self.reasons], "words": self.words,
                "cards": [card_str(c) for c in self.action.hand_cards()]}


# ----- words -----


def face(card: int) -> str:
    """A card as people read it: ``9♥``, ``10♠``, ``joker``."""
    if card == JOKER:
        return "joker"
    return _RANK_FACE[card % 13] + _SUIT_SYMBOL[card // 13]


def faces(cards: Sequence[int]) -> str:
    return " ".join(face(c) for c in cards)


def number(n: int) -> str:
    """Small numbers in words ("two"), larger ones in figures."""
    return _NUMBER[n] if 0 <= n < len(_NUMBER) else str(n)


def points(x: float) -> str:
    """A number of points for people: whole when close to whole, else one decimal."""
    r = round(x, 1)
    return str(round(r)) if abs(r - round(r)) < 0.05 else f"{r:.1f}"


def percent(p: float) -> str:
    return f"{round(100 * p)}%"


def suit_plural(suit: int, n: int) -> str:
    return f"{number(n)} {_SUIT_NAME[suit]}{'s' if n != 1 else ''}"


def card_list(cards: Sequence[int]) -> str:
    """``9♥``, ``9♥ and 10♥``, ``9♥, 10♥ and J♥``."""
    fs = [face(c) for c in cards]
    if len(fs) <= 1:
        return "".join(fs)
    return ", ".join(fs[:-1]) + " and " + fs[-1]


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """The name of ``seat`` for the player's words ("Ada"), or "your opponent" / "seat 2"."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"seat {seat}" if names is not None else "your opponent"


def action_words(a: Action) -> str:
    """An action as an instruction: "Discard 9♥", "Knock with 6♣", "Take 7♦", "Draw from the stock"."""
    k = a.kind
    if k == DISCARD:
        return f"Discard {face(a.card)}"
    if k == KNOCK:
        return f"Knock with {face(a.card)}"
    if k == DRAW_STOCK:
        return "Draw from the stock"
    if k == DRAW_DISCARD:
        return "Take the discard"
    if k == PASS:
        return "Pass"
    if k == BIG_GIN:
        return "Go big gin"
    if k == MELD:
        return f"Meld {faces(a.hand_cards())}"
    if k == LAYOFF:
        return f"Lay off {face(a.hand_cards()[0])} on meld {a.meld}"
    if k == SWAP:
        return f"Swap {face(a.card)} for the joker in meld {a.meld}"
    return str(a)


def sentence(head: str, reasons: Sequence[Reason], most: int = 3) -> str:
    """``head: a, b, and c.`` from the first ``most`` reasons that have words."""
    parts = [r.words for r in reasons if r.words][:most]
    if not parts:
        return head + "."
    if len(parts) == 1:
        return f"{head}: {parts[0]}."
    if len(parts) == 2:
        joint = ", and " if " and " in parts[0] else " and "  # no "a and b and c"
        return f"{head}: {parts[0]}{joint}{parts[1]}."
    return f"{head}: " + ", ".join(parts[:-1]) + ", and " + parts[-1] + "."


def chosen(bot: Any, view: Any, explain: Action | None) -> tuple[Action, Any]:
    """The action to advise on and the bot's evaluation of ``view``: the bot's own choice, or ``explain`` (which
    must be one of ``view.legal``: ValueError otherwise)."""
    action, evaluation = bot.evaluate(view)
    if explain is not None:
        if explain not in view.legal:
            raise ValueError(f"{explain} is not a legal action of this view")
        action = explain
    return action, evaluation


def make_advice(action: Action, reasons: Sequence[Reason], legal: Sequence[Action], pricer: Pricer | None,
                head: str | None = None) -> Advice:
    """An :class:`Advice` whose words are the action's instruction and its reasons."""
    words = sentence(head or action_words(action), reasons)
    return Advice(action, tuple(reasons), words, tuple(legal), pricer)


def fixed_pricer(costs: dict[Action, Option]) -> Pricer:
    """A pricer from costs already known (anything else: no number)."""
    return lambda a: costs.get(a, Option(a, None))
