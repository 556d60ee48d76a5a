"""The searching Gin Rummy opponent: determinized Monte Carlo over the seat's own guesses.

For each decision the bot lists a few candidate actions (draw from the stock or take the upcard; knock, or
throw one of the few most promising cards), then, many times over, deals itself a guess of the hidden cards
(an opponent hand consistent with everything its seat saw, and a stock order) and plays the hand out for each
candidate with the quick simulator of :mod:`rummy.bots.gin_sim`. The same guesses serve every candidate, so
their differences show with few samples. Each outcome is valued by the chance of winning the match from the
scores it leads to (:class:`~rummy.bots.gin_sim.MatchValue`), and the candidate with the best average wins.

Guesses are weighted by what the opponent did: a hand that would have let it knock when it did not, that
holds cards matching what it threw away or passed on, or that leaves a card it took from the pile
unmatched is less likely (sampling-importance-resampling over a few drawn hands per guess).

The work is counted in playouts, never in seconds: the same seed and view give the same action on any
machine. :meth:`GinSearchBot.start` returns a :class:`SearchRun` that can be advanced a few guesses at a
time (for a page that must not block); however it is sliced, it ends on the same action as :meth:`choose`.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import BIG_GIN, DISCARD, DRAW_DISCARD, DRAW_STOCK, KNOCK, PASS, Action
from ..deadwood import best_discards
from ..rng import Rng
from ..view import SeatView
from .base import decision_rng, legal_or_first, passed_cards, seat_events
from .gin import GinBot, GinStyle
from .gin_sim import (
    ASAP,
    HandRules,
    MatchValue,
    Policy,
    best_discard,
    finish_turn,
    fits,
    knock_points,
    min_deadwood_mask,
    playout,
    takes_upcard,
)

if TYPE_CHECKING:
    from .advice import Advice

# The heuristic expert (Ada's style) whose evaluation words and prices this bot's advice.
READER = GinStyle(danger=2.0, knock_ev_min=-6.0, undercut_max=0.5)


@dataclass(frozen=True)
class SearchStyle:
    """The knobs of :class:`GinSearchBot`. Defaults are the expert's."""

    samples: int = 96  # guesses of the hidden cards per decision
    budget: int = 320  # most playouts per decision (samples are cut to fit)
    candidates: int = 4  # discards searched (the best by deadwood left, then value)
    keep: int = 2  # successive halving: after the first guesses, only the best few discards go on ...
    first_share: float = 0.5  # ... this share of the guesses in
    pool: int = 6  # most hands drawn per guess, each kept with a chance equal to its likelihood
    improve: int = 12  # greedy draw-and-throw steps to age a dealt hand: one per opponent stock draw ...
    improve_extra: int = 2  # ... and this many more
    no_knock: float = 0.02  # likelihood of a guessed hand that could have knocked on its last turn
    fit_thrown: float = 0.5  # ... for each card the opponent threw that melds with it
    fit_passed: float = 0.6  # ... for each upcard the opponent passed on that melds with it
    loose_taken: float = 0.4  # ... for each card the opponent took that does not meld with it
    match_value: bool = True  # value outcomes by the chance of winning the match (else by points)
    me: Policy = field(default_factory=lambda: Policy(knock_at=10))  # our playouts
    them: Policy = ASAP  # the opponent's playouts


class _Position:
    """What the seat knows, in masks and counts: the start of every playout."""

    def __init__(self, view: SeatView) -> None:
        me = view.seat
        opp = 1 - me
        self.view = view
        self.hand = sum(1 << c for c in view.hand)
        pile = set(view.discard)
        self.up = view.top_discard
        held = set(view.hand)
        known = sorted(set(view.known_cards(opp)) - pile - held)
        self.known = sum(1 << c for c in known)
        self.unseen = [c for c in range(52) if c not in held and c not in pile and c not in known]
        n_opp = view.hand_counts[opp] if view.hand_counts else 10
        self.need = max(0, min(len(self.unseen), n_opp - len(known)))
        self.stock_count = min(view.stock_count, len(self.unseen) - self.need)
        self.rules = HandRules.from_view(view.rules, view.knock_limit, view.upcard)
        events = seat_events(view)
        self.turns = [0, 0]  # turns played this hand: index 0 is this seat, 1 the opponent
        self.opp_draws = 0  # the opponent's draws from the stock this hand
        opp_discarded = False
        self.thrown: list[int] = []
        for s, act, card in events:
            if act in (DRAW_STOCK, DRAW_DISCARD) and s is not None:
                self.turns[0 if s == me else 1] += 1
                if s == opp and act == DRAW_STOCK:
                    self.opp_draws += 1
            if s == opp and act in (DISCARD, KNOCK) and card is not None:
                self.thrown.append(card)
                opp_discarded = True
        self.could_have_knocked = opp_discarded
        self.passed = passed_cards(view, opp)
        self.taken = known
        scores = view.scores if len(view.scores) == 2 else (0, 0)
        self.my_score, self.opp_score = scores[me], scores[opp]
        self.target = int(view.rules.get("target", 100) or 100)


@dataclass
class _Arm:
    action: Action
    kind: str  # "knock", "discard", "take", "stock", "pass"
    card: int = -1
    total: float = 0.0
    n: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else float("-inf")


class SearchRun:
    """One decision's search, advanced by :meth:`advance`; :attr:`action` is set once it is done."""

    def __init__(self, bot: GinSearchBot, view: SeatView) -> None:
        self.view = view
        self.playouts = 0
        self.samples = 0
        self.action: Action | None = None
        self.arms: list[_Arm] = []
        self._steps = bot._search(view, self)

    @property
    def done(self) -> bool:
        return self.action is not None

    def advance(self, samples: int = 1) -> bool:
        """Run up to ``samples`` more guesses; True once the decision is made."""
        for _ in range(max(1, samples)):
            if self.action is not None:
                break
            try:
                next(self._steps)
            except StopIteration as stop:
                self.action = legal_or_first(self.view, stop.value)
        return self.action is not None

    def finish(self) -> Action:
        """Run to the end and return the action."""
        while not self.advance(64):
            pass
        assert self.action is not None
        return self.action


class GinSearchBot:
    """A Gin Rummy opponent that searches: ``GinSearchBot(style, seed).choose(view)`` returns one of ``view.legal``."""

    game = "gin"

    def __init__(self, style: SearchStyle = SearchStyle(), seed: int = 0) -> None:
        self.style = style
        self.seed = seed

    def __repr__(self) -> str:
        return f"GinSearchBot({self.style!r}, seed={self.seed})"

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise ValueError("it is not this seat's turn: view.legal is empty")
        return self.start(view).finish()

    def evaluate(self, view: SeatView) -> tuple[Action, Any]:
        """The search's choice, with the heuristic expert's (Ada's) evaluation of the same view: the numbers
        :mod:`rummy.bots.gin_advice` words and prices advice with."""
        return self.choose(view), self._reader().evaluate(view)[1]

    def discard_value(self, ctx: Any, dw: int, card: int) -> float:
        return self._reader().discard_value(ctx, dw, card)

    def advise(self, view: SeatView, names: Sequence[str] | None = None) -> Advice:
        """The search's own choice for ``view``, worded and priced by Ada's evaluation of the same view
        (:func:`~rummy.bots.gin_advice.advise_gin`; :class:`~rummy.bots.base.Advisor`)."""
        from .gin_advice import advise_gin

        return advise_gin(self, view, names)

    def _reader(self) -> GinBot:
        return GinBot(READER, self.seed)

    def start(self, view: SeatView) -> SearchRun:
        """The search for ``view``, to be advanced by the caller (see :class:`SearchRun`)."""
        if not view.legal:
            raise ValueError("it is not this seat's turn: view.legal is empty")
        return SearchRun(self, view)

    # ----- candidates -----

    def _arms(self, view: SeatView, pos: _Position) -> tuple[list[_Arm], Action | None]:
        """The candidate actions, or an action that needs no search."""
        legal = view.legal
        if view.phase in ("first-upcard", "draw"):
            take = Action(DRAW_DISCARD)
            other = Action(PASS) if view.phase == "first-upcard" else Action(DRAW_STOCK)
            if take not in legal:
                return [], other
            return [_Arm(other, "pass" if other.kind == PASS else "stock"), _Arm(take, "take")], None
        if Action(BIG_GIN) in legal:
            return [], Action(BIG_GIN)
        ranked = best_discards(list(view.hand))
        knocks = [(dw, c) for dw, c in ranked if Action(KNOCK, (c,)) in legal]
        if knocks and knocks[0][0] == 0:
            return [], Action(KNOCK, (knocks[0][1],))  # gin
        arms = []
        if knocks:
            arms.append(_Arm(Action(KNOCK, (knocks[0][1],)), "knock", knocks[0][1]))
        discards = [(dw, c) for dw, c in ranked if Action(DISCARD, (c,)) in legal]
        for _dw, c in discards[: self.style.candidates]:
            arms.append(_Arm(Action(DISCARD, (c,)), "discard", c))
        if len(arms) == 1:
            return [], arms[0].action
        if not arms:
            return [], legal[0]
        return arms, None

    # ----- guesses -----

    def _guess(self, pos: _Position, rng: Rng) -> tuple[int, list[int]]:
        """An opponent hand (mask) and a stock consistent with the seat's view.

        Hands are drawn by :meth:`_deal` and kept with a chance equal to their likelihood (rejection
        sampling, at most ``pool`` tries; when every try is refused, the likeliest is kept)."""
        tries = max(1, self.style.pool)
        best: tuple[int, list[int]] | None = None
        best_w = -1.0
        for _ in range(tries):
            hand, rest = self._deal(pos, rng)
            if tries == 1:
                best = hand, rest
                break
            w = self._likelihood(pos, hand)
            if w > best_w:
                best, best_w = (hand, rest), w
            if w >= 1.0 or rng.random() < w:
                best = hand, rest
                break
        assert best is not None
        hand, rest = best
        for i in range(len(rest) - 1, 0, -1):  # shuffle the stock
            j = (rng.next64() * (i + 1)) >> 64
            rest[i], rest[j] = rest[j], rest[i]
        return hand, rest[: pos.stock_count]

    def _deal(self, pos: _Position, rng: Rng) -> tuple[int, list[int]]:
        """A hand dealt at random from the unseen cards to join the cards the opponent is known to hold, then
        improved as the opponent would have improved it: a greedy draw-and-throw for each stock draw it has
        made this hand, and ``improve_extra`` more (thrown cards go back among the unseen). Returns the hand
        (a mask) and the unseen cards left."""
        st = self.style
        unseen = list(pos.unseen)
        need = pos.need
        n = len(unseen)
        for j in range(need):
            k = j + ((rng.next64() * (n - j)) >> 64)
            unseen[j], unseen[k] = unseen[k], unseen[j]
        hand = pos.known
        for c in unseen[:need]:
            hand |= 1 << c
        rest = unseen[need:]
        known = pos.known
        m = len(rest)
        # a hand that could knock is one the opponent would have knocked with (when it has had a turn)
        floor = pos.rules.knock_limit if pos.could_have_knocked and st.no_knock < 1.0 else -1
        for _ in range(min(pos.opp_draws + st.improve_extra, st.improve) if need and m else 0):
            i = (rng.next64() * m) >> 64
            x = rest[i]
            dw, out = best_discard(hand | 1 << x)
            if out == x or known >> out & 1 or dw <= floor:
                continue
            hand = (hand | 1 << x) & ~(1 << out)
            rest[i] = out
        return hand, rest

    def _likelihood(self, pos: _Position, opp: int) -> float:
        st = self.style
        w = 1.0
        if pos.could_have_knocked and min_deadwood_mask(opp) <= pos.rules.knock_limit:
            w *= st.no_knock
        for c in pos.thrown:
            if not opp >> c & 1 and fits(c, opp):
                w *= st.fit_thrown
        for c in pos.passed:
            if not opp >> c & 1 and fits(c, opp):
                w *= st.fit_passed
        for c in pos.taken:
            if not fits(c, opp):
                w *= st.loose_taken
        return w

    # ----- the search -----

    def _search(self, view: SeatView, run: SearchRun) -> Generator[None, None, Action]:
        pos = _Position(view)
        arms, sure = self._arms(view, pos)
        run.arms = arms
        if sure is not None:
            return sure
        st = self.style
        rng = decision_rng(self.seed, view, salt=0x5EA5C4)
        value = MatchValue(pos.target) if st.match_value else None
        n, n_first, keep = self._plan(arms)
        if pos.need > len(pos.unseen):
            n = 0
        policies = (st.me, st.them)
        me_first_offer = view.phase == "first-upcard" and not any(
            act == PASS for _, act, _ in seat_events(view))
        active = list(arms)
        for i in range(n):
            if i == n_first:  # successive halving: the rest of the guesses go to the best few
                ranked = sorted((a for a in arms if a.kind != "knock"), key=lambda a: -a.mean)
                finalists = {id(a) for a in ranked[:keep]}
                active = [a for a in arms if a.kind == "knock" or id(a) in finalists]
            opp, stock = self._guess(pos, rng)
            for arm in active:
                pts = self._play_arm(arm, pos, opp, stock, policies, me_first_offer)
                if arm.kind != "knock":
                    run.playouts += 1
                if value is None:
                    v = float(pts)
                elif pts > 0:
                    v = value(pos.my_score + pts, pos.opp_score)
                elif pts < 0:
                    v = value(pos.my_score, pos.opp_score - pts)
                else:
                    v = value(pos.my_score, pos.opp_score)
                arm.total += v
                arm.n += 1
            run.samples += 1
            yield None
        best = active[0]
        for arm in active[1:]:
            if arm.mean > best.mean:
                best = arm
        return best.action

    def _plan(self, arms: list[_Arm]) -> tuple[int, int, int]:
        """(guesses, guesses for every candidate before the rest go to the best ``keep``, keep): as many
        guesses as fit the playout budget."""
        st = self.style
        width = sum(1 for a in arms if a.kind != "knock")
        keep = max(1, min(st.keep, width))
        n = max(1, st.samples)
        while True:
            n_first = n if width <= keep else max(1, round(n * st.first_share))
            if n <= 1 or n_first * width + (n - n_first) * keep <= st.budget:
                return n, n_first, keep
            n -= 1

    def _play_arm(self, arm: _Arm, pos: _Position, opp: int, stock: list[int],
                  policies: tuple[Policy, Policy], first_offer: bool) -> int:
        """Points to this seat (negative: to the opponent) of playing ``arm`` against one guess."""
        rules = pos.rules
        me = pos.hand
        turns = list(pos.turns)
        hi = len(stock) - 1
        if arm.kind == "knock":
            return knock_points(me & ~(1 << arm.card), opp, rules)
        if arm.kind == "discard":
            return playout([me & ~(1 << arm.card), opp], stock, 0, hi, arm.card, 1, False, turns, policies, rules)
        up = pos.up
        assert up is not None
        if arm.kind == "take":
            return finish_turn([me | 1 << up, opp], stock, 0, hi, up, 0, turns, policies, rules)
        if arm.kind == "stock":
            return playout([me, opp], stock, 0, hi, up, 0, True, turns, policies, rules)
        # pass on the first upcard
        if first_offer:
            if takes_upcard(opp, up, rules.knock_limit):  # the opponent takes it and plays on
                return finish_turn([me, opp | 1 << up], stock, 0, hi, up, 1, turns, policies, rules)
            return playout([me, opp], stock, 0, hi, up, 0, True, turns, policies, rules)
        return playout([me, opp], stock, 0, hi, up, 1, True, turns, policies, rules)
