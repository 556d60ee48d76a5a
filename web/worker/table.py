"""The worker table: the engine and the computer opponents behind the page, one match at a time.

The page (MicroPython, no engine) sends the messages of :mod:`web.page.shared.protocol`; :class:`Table` answers
them from the engine. It sends the page only seat 0's view (the engine's ``SeatView`` JSON) and the public
events, so the page never holds a card it may not see; every action is checked by the engine, and one drawn
from an older view (its ``step`` is not the game's) is ignored. Computer opponents move one at a time when the
page asks (``advance``), so the page sets the pace and animates each move.

Every hand is dealt from a secret derived from the match's seed (:mod:`rummy.fairdeal`); the table shows the
hand's commitment from the deal and reveals the secret once the hand is over. Online (a match with guests) the
deal is a fair deal the guests take part in instead (:mod:`web.worker.online`). Hints and undo answer from seat 0's
view only; replays, reviews, records and deal checks are made of finished hands only (where every hand has been
shown). Those handlers live in :mod:`web.worker.learn`.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rummy import Game, SaveError, codec, seat_view
from rummy.actions import Action
from rummy.bots import Bot, get_profile, make_bot
from rummy.cards import card_str, cards_str
from rummy.compact import compact, load
from rummy.deadwood import best_arrangement, best_discards
from rummy.errors import ActionError, RecordError, RulesError
from rummy.fairdeal import deal_next, hand_secret, new_match, proof, shuffled_deck
from rummy.model import Event
from rummy.practice import undo_last_turn
from rummy.rules import resolve_rules
from rummy.tutorial import Tutorial, tutorial
from web.page.shared.protocol import page_message_problem, seats_problem
from web.worker import online

if TYPE_CHECKING:
    from rummy.coach import AdviceMemo, HandReview
    from web.worker.sealed_table import SealedTable

Message = dict[str, Any]
ME = 0  # the seat of the person at this device (the host, online)
PERSON, COMPUTER, GUEST = "person", "computer", "guest"
ADVISORS_KEPT = 6  # experts remembered (Table.advisor): one per seat of the largest pass-and-play table
SEED_BITS = 52  # a match's random seed: a whole number a URL and any JSON reader keep exactly
TABLE_FORMAT, TABLE_VERSION = "rummy-table", 1  # the save the table sends the page (Table.save_text)


def _is_daily(game: str, day: Any, seed: int) -> bool:
    from rummy.daily import daily_seed

    try:
        return daily_seed(game, day) == seed
    except ValueError:
        return False


def seat_plan(config: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """Who sits where: ``config["seats"]`` (each ``{"kind": "person"|"computer"|"guest", "name", "id"}``), or,
    without it, the person at seat 0 and the opponents (profile ids) after."""
    seats = config.get("seats")
    if isinstance(seats, list) and len(seats) == players:
        return [dict(s) for s in seats]
    return [{"kind": PERSON, "name": "You"}] + [{"kind": COMPUTER, "id": o} for o in config.get("opponents") or []]


def events_since(g: Game, sent: tuple[int, int]) -> list[Event]:
    """The hand's public events the page has not had: ``sent`` is (hand number, log length) at the last message
    that carried events (a new hand: all of its log)."""
    hand, length = sent
    return list(g.log) if hand != g.hand_number else list(g.log[length:])


def bot_seeds(base: int, players: int) -> list[int]:
    """Each seat's bot seed, from the match's base seed."""
    return [(base * 7919 + s * 104729) & 0xFFFFFFFF for s in range(players)]


def dealt_from(deck: list[int], committed: list[int]) -> bool:
    """Whether ``deck`` was dealt from the secret that shuffles ``committed``: most of its cards are where the
    secret puts them. A deck shuffled otherwise (a match dealt before its seed was kept) has about one card in its
    place; a deck changed after the deal keeps its proof, so that the check names the card that was changed."""
    return 2 * sum(a == b for a, b in zip(deck, committed)) > len(committed)


class Table:
    """One match and its computer opponents, driven by the page's messages."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.config: dict[str, Any] = {}
        self.opponents: list[str] = []
        self.seeds: list[int] = []
        self.bots: dict[int, Bot] = {}
        self.seats: list[dict[str, Any]] = []  # who sits where (seat_plan)
        self.viewer = ME  # the person at this device whose view the page shows
        self._sent = (0, 0)  # (hand number, log length) at the last table message
        self.pending: dict[str, Any] | None = None  # online: the secret committed to for the next deal
        self.fair: dict[str, Any] | None = None  # online: the proof of the hand's deal (web.worker.online)
        self.seed: int | None = None  # the match's seed: every hand's deal secret comes from it
        self.practice = False  # undo allowed (a setting of the match, off by default)
        self.assisted = False  # a hint or an undo was used in this match
        self.lesson: Tutorial | None = None  # the guided hand being played, if any
        self._proofs: dict[int, Message | None] = {}  # each hand's deal proof (see seed_proof)
        self.reviewing: HandReview | None = None  # the coach's review under way (web.worker.learn.review_message)
        self._advisors: dict[tuple[str, int], AdviceMemo] = {}  # the expert of each seat's hints and reviews
        self.sealed: SealedTable | None = None  # a match with no dealer, online (web.worker.sealed_play)
        self.sealed_cheat: Message | None = None  # what stopped it: the page, the code and the place
        self.sealed_sent = (0, 0)  # (hand number, log length) at its last answer

    # ----- the messages -----

    def handle(self, msg: Any) -> list[Message]:
        """Answer one page message (parsed JSON) with the messages to send back: checked by the protocol, then
        sent where :data:`ROUTES` says once what its route needs is there."""
        problem = page_message_problem(msg)
        if problem is not None:
            return [{"type": "error", "code": "bad-message", "error": problem}]
        route = ROUTES[msg["type"]]
        g = self.game
        if route.match and not (route.own is not None and route.own in msg):
            if g is None:
                return [{"type": "error", "code": "no-match", "error": "there is no match: start one first"}]
            if route.fresh and msg["step"] != g.step:
                return [{"type": "stale", "step": g.step}]
            if route.finished and msg["hand"] >= len(g.results):
                return [{"type": "error", "code": "not-finished",
                         "error": f"hand {msg['hand']} is not a finished hand of this match "
                                  f"(it has {len(g.results)})"}]
        return route.handler(self, msg)

    def new(self, config: dict[str, Any]) -> list[Message]:
        """Start a match: ``config`` names the game, the opponents (profile ids) or every seat (``seats``), the
        rules and the seed (and may ask for a practice match, or be the daily deal)."""
        game, opps = config["game"], list(config["opponents"])
        players = len(config["seats"]) if isinstance(config.get("seats"), list) else len(opps) + 1
        plan = seat_plan(config, players)
        problem = _plan_problem(game, plan)
        if problem is not None:
            return [{"type": "error", "code": "bad-config", "error": problem}]
        guests = online.has_guests(config)
        seed = config.get("seed")
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        rules = dict(config.get("rules") or {})
        try:
            if guests:  # online: the deal both sides can check
                g = online.new_game(self, game, players, rules, list(config.get("contributions") or []))
            else:
                g = new_match(game, players, resolve_rules(game, players, rules), seed)
        except (RulesError, ValueError) as e:
            return [{"type": "error", "code": "bad-config", "error": str(e)}]
        kept: dict[str, Any] = {"game": game, "opponents": opps, "rules": rules, "seed": seed}
        if isinstance(config.get("seats"), list):
            kept["seats"] = plan
        if config.get("practice") and not guests:
            kept["practice"] = True
        if config.get("daily") is not None and _is_daily(game, config["daily"], seed):
            kept["daily"] = config["daily"]  # only the very deal of that day (not a later match of the same config)
        fair = self.fair
        self._adopt(g, kept, bot_seeds(seed, g.players))
        self.fair = fair if guests else None
        return [self.table_message(by=None)]

    def start_tutorial(self, game: str) -> list[Message]:
        """The guided first hand of ``game``: a stacked deal and a script (rummy.tutorial); later hands of the
        match are dealt as usual."""
        t = tutorial(game)
        seed = secrets.randbits(SEED_BITS)
        config = {"game": game, "opponents": list(t.opponents), "rules": dict(t.rules), "seed": seed,
                  "tutorial": True}
        self._adopt(t.new_game(), config, bot_seeds(seed, t.players))
        return [self.table_message(by=None)]

    def resume(self, save: str | dict[str, Any]) -> list[Message]:
        """Go on with a saved match: ``save`` is the text sent with every ``table`` message, or an earlier save
        (see :func:`read_save`). A save that cannot be read is answered ``bad-save`` with the reason, and the match
        in play (if any) goes on untouched."""
        try:
            g, table = read_save(save)
            opps, seeds, config = table["opponents"], table["seeds"], table["config"]
            if not isinstance(seeds, list) or len(seeds) != g.players or any(type(s) is not int for s in seeds):
                raise SaveError("its opponents' seeds are damaged")
            try:
                problem = _plan_problem(g.game, seat_plan(config, g.players))
            except (TypeError, ValueError):  # a seat that is not an object
                problem = "its seats are damaged"
            if problem is not None or not isinstance(opps, list):
                raise SaveError(problem or "its opponents are damaged")
        except SaveError as e:
            return [{"type": "bad-save", "why": str(e)}]
        self._adopt(g, config, list(seeds))
        self.assisted = table.get("assisted") is True
        fair = table.get("fair")
        self.fair = dict(fair) if isinstance(fair, dict) and isinstance(fair.get("secret"), str) else None
        self._sent = (g.hand_number, len(g.log))  # the page has the table already: no events to replay
        return [self.table_message(by=None)]

    def act(self, text: str, seat: int | None = None) -> list[Message]:
        """A person's move: at this device (the viewer's, or ``seat``'s when people share the device), or a
        guest's (``seat``, relayed by the host's page). A computer's seat is never played this way."""
        g = self.game
        assert g is not None
        seat = self.viewer if seat is None else seat
        if not 0 <= seat < g.players or self.seats[seat]["kind"] == COMPUTER:
            return [{"type": "refused", "code": "not-your-seat", "message": "That seat is not a person's",
                     "params": {"seat": seat}, "step": g.step}]
        problem = g.problem(text, seat)
        if problem is not None:
            return [{"type": "refused", "code": problem.code.value, "message": problem.message,
                     "params": dict(problem.params), "step": g.step, "seat": seat}]
        step = self.lesson_step()
        if step is not None and Action.parse(text) != Action.parse(step["action"]):
            return [{"type": "refused", "code": "tutorial", "message": step["say"],
                     "params": {"action": step["action"]}, "step": g.step}]
        try:
            g.apply(text, seat)
        except ActionError as e:  # checked just above; kept for safety
            return [{"type": "error", "code": "bad-action", "error": str(e)}]
        return [self.table_message(by=seat)]

    def deal(self, contributions: list[str] | None = None) -> list[Message]:
        g = self.game
        assert g is not None
        if g.phase != "hand-over":
            return [{"type": "stale", "step": g.step}]
        if online.has_guests(self.config):
            try:
                online.deal_next(self, g, list(contributions or []))
            except ValueError as e:
                return [{"type": "error", "code": "not-prepared", "error": str(e)}]
            return [self.table_message(by=None)]
        if self.seed is None:  # a match saved before seeds were kept: its next hands get one
            self.seed = secrets.randbits(SEED_BITS)
            self.config["seed"] = self.seed
            self._proofs = {}
        deal_next(g, self.seed)
        return [self.table_message(by=None)]

    def advance(self, auto: bool = False) -> list[Message]:
        """The computer opponent to act makes its move (it sees its own seat's view only); with ``auto`` a
        computer player moves for the person too (benchmarks)."""
        g = self.game
        assert g is not None
        seat = g.turn
        if seat is None or (self.seats[seat]["kind"] != COMPUTER and not auto):
            return [{"type": "stale", "step": g.step}]
        if seat not in self.bots:
            self.bots[seat] = make_bot("expert", g.game, self.seeds[seat])
        view = seat_view(g, seat)
        step = self.lesson_step()
        action = Action.parse(step["action"]) if step is not None else self.bots[seat].choose(view)
        if action not in view.legal:  # a bot bug must not stop the game
            action = view.legal[0]
        g.apply(action, seat)
        return [self.table_message(by=seat)]

    def undo(self) -> list[Message]:
        """Practice games: the match as it was at the start of the person's last turn of the hand in play."""
        g = self.game
        assert g is not None
        if not self.practice or self.seed is None:
            return [{"type": "refused", "code": "no-undo", "message": "Undo is for practice games.",
                     "params": {}, "step": g.step}]
        try:
            back = undo_last_turn(g, self.seed, ME)
        except RecordError:  # hands not dealt from the seed (a lesson's stacked deal)
            back = None
        if back is None:
            return [{"type": "refused", "code": "nothing-to-undo",
                     "message": "There is no turn of yours to go back to in this hand.", "params": {},
                     "step": g.step}]
        back.step = g.step + 1  # any move drawn before the undo is stale after it (the step only grows)
        self.game = back
        self._proofs = {}
        self.assisted = True
        self._sent = (0, 0)
        msg = self.table_message(by=None)
        msg["undone"] = True
        return [msg]

    # ----- the guided hand -----

    def lesson_step(self) -> dict[str, Any] | None:
        """The scripted step to play now in a tutorial's first hand, or None."""
        g = self.game
        if self.lesson is None or g is None or len(g.records) != 1 or not g.phase.in_hand:
            return None
        step = self.lesson.step(len(g.records[0].actions))
        return None if step is None else step.to_data()

    # ----- building the answer -----

    def _adopt(self, g: Game, config: dict[str, Any], seeds: list[int]) -> None:
        self.game = g
        self.config = config
        self.opponents = list(config.get("opponents") or [])
        self.seeds = seeds
        self.seats = seat_plan(config, g.players)
        self.bots = {s: make_bot(seat["id"], g.game, seeds[s]) for s, seat in enumerate(self.seats)
                     if seat["kind"] == COMPUTER}
        self.viewer = ME
        self._follow_turn(g)
        self._sent = (0, 0)
        self.pending = None
        self.fair = None
        seed = config.get("seed")
        self.seed = seed if type(seed) is int else None
        self.practice = config.get("practice") is True
        self.assisted = False
        self.lesson = tutorial(g.game) if config.get("tutorial") is True else None
        self._proofs = {}
        self.reviewing = None

    def _follow_turn(self, g: Game) -> None:
        """When a person at this device is to act, the page shows that person's view."""
        t = g.turn
        if t is not None and self.seats[t]["kind"] == PERSON:
            self.viewer = t

    def names(self) -> list[str]:
        """Each seat's name for the reasons of hints and reviews: "You" for the viewer, a person's or guest's own
        name, a computer opponent's name."""
        out = []
        for s, seat in enumerate(self.seats):
            if s == self.viewer:
                out.append("You")
            elif seat["kind"] != COMPUTER:
                out.append(str(seat.get("name") or "Player " + str(s + 1)))
            else:
                try:
                    out.append(get_profile(seat["id"]).name)
                except KeyError:
                    out.append(str(seat["id"]))
        return out

    def advisor(self, seat: int) -> AdviceMemo:
        """The expert who gives ``seat``'s hints and reviews its hands (the seat's own bot seed), remembering its
        advice (:class:`rummy.coach.AdviceMemo`): a decision it looked at while the person thought, or gave a hint
        for, costs nothing in the coach's review. Advice depends only on the view, so one memo serves every match
        of the same game and seed."""
        from rummy.bots import expert_advisor
        from rummy.coach import AdviceMemo

        g = self.game
        assert g is not None
        key = (g.game, self.seeds[seat] if self.seeds else 0)
        memo = self._advisors.get(key)
        if memo is None:
            if len(self._advisors) >= ADVISORS_KEPT:
                self._advisors.clear()
            memo = self._advisors[key] = AdviceMemo(expert_advisor(*key))
        return memo

    def seed_proof(self, hand: int) -> Message | None:
        """Hand ``hand``'s deal proof, its secret revealed, when the hand was dealt from the match's seed (None for a
        stacked lesson, a match saved before seeds were kept, an online deal). Worked out once per hand (the shuffle
        from the secret is the costly part): a hand's deck never changes, and the cache is emptied whenever the
        game or the seed is replaced (_adopt, undo, a seed given to an old match)."""
        g = self.game
        if g is None or self.seed is None or not 0 <= hand < len(g.records):
            return None
        if hand not in self._proofs:
            secret = hand_secret(self.seed, hand)
            dealt = (self.lesson is None or hand != 0) and dealt_from(g.records[hand].deck,
                                                                      shuffled_deck(g.full_deck(), secret))
            self._proofs[hand] = proof(hand, secret, revealed=True) if dealt else None
        known = self._proofs[hand]
        return None if known is None else dict(known)  # a copy: the caller may change it

    def deal_proof(self) -> Message | None:
        """The hand's deal proof: its commitment, and its secret once the hand is over."""
        g = self.game
        assert g is not None
        full = self.seed_proof(len(g.records) - 1)
        if full is None:
            return None
        return dict(full, secret=full["secret"] if not g.phase.in_hand else None)

    def table_message(self, by: int | None) -> Message:
        g = self.game
        assert g is not None
        self._follow_turn(g)
        events = events_since(g, self._sent)
        self._sent = (g.hand_number, len(g.log))
        if g.phase == "match-over":
            nxt = "over"
        elif g.phase == "hand-over":
            nxt = "deal"
        else:
            assert g.turn is not None
            nxt = {PERSON: "you", COMPUTER: "computer", GUEST: "guest"}[self.seats[g.turn]["kind"]]
        out: Message = {
            "type": "table",
            "view": seat_view(g, self.viewer).to_data(),
            "events": [codec.encode(Event, e) for e in events],
            "by": by,
            "next": nxt,
            "hint": arrangement(g, self.viewer),
            "viewer": self.viewer,
            "save": self.save_text(),
            "config": dict(self.config),
            "deal": self.deal_proof(),
            "practice": self.practice,
            "undo": self.practice and g.phase.in_hand and any(e.seat == ME for e in g.log),
            "assisted": self.assisted,
            "undone": False,
            "tutorial": self._lesson_data(),
            "daily": self._daily_data(),
        }
        if self.fair is not None:  # online: the deal's proof
            out["fair"] = online.fair_for_page(self, g)
        guests = [s for s, seat in enumerate(self.seats) if seat["kind"] == GUEST]
        if guests:  # online: the host's page relays each guest its own seat's view and hint, and nothing else
            out["guests"] = {str(s): {"view": seat_view(g, s).to_data(), "hint": arrangement(g, s)} for s in guests}
        return out

    def save_text(self) -> str:
        """What the page keeps to go on with the match (format ``rummy-table``, version 1), as JSON text the page
        stores as it is: the game's compact save (:mod:`rummy.compact`) and the table around it."""
        g = self.game
        assert g is not None
        table: Message = {"opponents": self.opponents, "seeds": self.seeds, "config": self.config,
                          "assisted": self.assisted}
        if self.fair is not None:  # online: the deal's proof, kept so that a reload can still reveal it
            table["fair"] = dict(self.fair)
        return json.dumps({"format": TABLE_FORMAT, "version": TABLE_VERSION, "game": compact(g), "table": table},
                          separators=(",", ":"), ensure_ascii=False)

    def _daily_data(self) -> Message | None:
        """The daily deal's date, and once the match is over a spoiler-free line to share."""
        g = self.game
        day = self.config.get("daily")
        if g is None or not isinstance(day, str):
            return None
        share = None
        if g.match is not None:
            from rummy.daily import share_line

            share = share_line(g.game, day, list(g.match.final), g.match.winner, len(g.results),
                               self.names()[1] if len(self.names()) > 1 else "the computer")
        return {"date": day, "share": share}

    def _lesson_data(self) -> Message | None:
        g = self.game
        if self.lesson is None or g is None:
            return None
        index = len(g.records[0].actions)
        return {"index": index, "steps": len(self.lesson.steps), "step": self.lesson_step(),
                "intro": self.lesson.intro, "outro": self.lesson.outro,
                "done": len(g.records) > 1 or not g.phase.in_hand}


def arrangement(g: Game, me: int) -> Message:
    """Gin: the engine's arrangement of ``me``'s hand, for sorting and marks: its melds, its deadwood cards and
    count, and with 11 cards the deadwood after the best discard; on ``me``'s turn, the deadwood each legal knock
    would leave (``knocks``: card -> deadwood), which the page says before a knock is sent. (The table's ``hint``;
    from ``me``'s own cards and legal moves only.)"""
    hand = g.hands[me]
    if g.game != "gin" or not hand:
        return {}
    dw, melds, unmatched = best_arrangement(hand)
    out: Message = {"deadwood": dw, "melds": [cards_str(m) for m in melds], "unmatched": cards_str(unmatched),
                    "after_discard": None}
    out["best_knock"] = None
    out["knocks"] = {}
    if len(hand) == 11 and g.phase == "play":
        ranked = best_discards(hand)
        out["after_discard"] = ranked[0][0]
        knocks = {str(a) for a in g.legal_actions() if a.kind == "knock"} if g.turn == me else set()
        for dw_left, c in ranked:  # best first: the knock that leaves the least deadwood
            if f"knock {card_str(c)}" in knocks:
                out["knocks"][card_str(c)] = dw_left
                if out["best_knock"] is None:
                    out["best_knock"] = f"knock {card_str(c)}"
    return out


@dataclass(frozen=True)
class Route:
    """Where a message of the protocol goes, and what must be there first (else the answer says what is not)."""

    handler: Callable[[Table, Message], list[Message]]
    match: bool = False  # a match in play ("no-match" error)
    fresh: bool = False  # ... and the message drawn from its present step ("stale")
    finished: bool = False  # ... and its "hand" a finished hand of the match ("not-finished" error)
    own: str | None = None  # a message with this field brings what it needs (an imported record): none of the above


def _sealed(name: str) -> Callable[[Table, Message], list[Message]]:
    """The handler ``name`` of web.worker.sealed_play (a table with no dealer), imported with its first message."""
    def run(t: Table, m: Message) -> list[Message]:
        from web.worker import sealed_play

        handler: Callable[[Table, Message], list[Message]] = getattr(sealed_play, name)
        return handler(t, m)

    run.__qualname__ = "sealed_play." + name
    return run


def _learning(name: str) -> Callable[[Table, Message], list[Message]]:
    """The handler ``name`` of web.worker.learn, imported with the first learning message: starting the engine does
    not need it (the coach, replays and the daily deal are a few more modules to load at a first start)."""
    def run(t: Table, m: Message) -> list[Message]:
        from web.worker import learn

        handler: Callable[[Table, Message], list[Message]] = getattr(learn, name)
        return handler(t, m)

    run.__qualname__ = "learn." + name
    return run


#: Every message the page sends (web.page.shared.protocol.PAGE_TYPES) and where it goes: the match (this module),
#: online play (web.worker.online) and learning (web.worker.learn).
ROUTES: dict[str, Route] = {
    "hello": Route(lambda t, m: []),  # the worker answers hello itself (web.worker.main)
    "new": Route(lambda t, m: t.new(m["config"])),
    "resume": Route(lambda t, m: t.resume(m["save"])),
    "tutorial": Route(lambda t, m: t.start_tutorial(m["game"])),
    "act": Route(lambda t, m: t.act(m["action"], m.get("seat")), match=True, fresh=True),
    "deal": Route(lambda t, m: t.deal(m.get("contributions")), match=True, fresh=True),
    "advance": Route(lambda t, m: t.advance(bool(m.get("auto", False))), match=True, fresh=True),
    "undo": Route(lambda t, m: t.undo(), match=True, fresh=True),
    "prepare": Route(lambda t, m: online.prepare(t, m.get("players"))),
    "seat": Route(lambda t, m: online.replace_seat(t, m.get("seat"), m.get("opponent")), match=True, fresh=True),
    "hint": Route(_learning("hint"), match=True, fresh=True),
    "review": Route(_learning("review_message"), match=True, finished=True),
    "replay": Route(_learning("replay"), match=True, finished=True, own="record"),
    "record": Route(_learning("record_message"), match=True),
    "verify": Route(_learning("verify_message"), match=True, finished=True, own="record"),
    "link": Route(_learning("link_message"), match=True),
    "daily": Route(_learning("daily_message")),
    "sealed-new": Route(_sealed("new")),
    "sealed-in": Route(_sealed("receive")),
    "sealed-play": Route(_sealed("play")),
    "sealed-next": Route(_sealed("next_hand")),
    "sealed-check": Route(_sealed("check")),
}


def read_save(save: Any) -> tuple[Game, dict[str, Any]]:
    """The game and the table of a saved match: the JSON text of a ``rummy-table`` save (what every ``table``
    message carries), or of an earlier save ``{"engine": <rummy-save>, "table": {...}}`` (the page wraps its older
    stored matches so); the earlier protocol's object (an earlier save not made text) is read too. Raises
    :class:`SaveError` saying what is wrong."""
    data = save
    if isinstance(save, str):
        try:
            data = json.loads(save)
        except ValueError as e:
            raise SaveError(f"it is not JSON ({e})") from None
    if not isinstance(data, dict):
        raise SaveError("it is not a saved match (a JSON object was expected)")
    if data.get("format") == TABLE_FORMAT:
        version = data.get("version")
        if type(version) is not int or version < 1:
            raise SaveError("it has no readable version")
        if version > TABLE_VERSION:
            raise SaveError(f"it comes from a newer version (format {TABLE_FORMAT} {version}; "
                            f"this one reads up to {TABLE_VERSION})")
        if set(data) != {"format", "version", "game", "table"}:
            raise SaveError("it is damaged (its fields are not those of a saved match)")
        g = load(data["game"])
    elif "engine" in data and "table" in data:
        g = Game.from_dict(data["engine"])
    else:
        raise SaveError("it is not a saved match")
    table = data["table"]
    if not isinstance(table, dict):
        raise SaveError("its table is damaged")
    for key in ("opponents", "seeds", "config"):
        if key not in table:
            raise SaveError(f"its table is damaged (no {key})")
    if not isinstance(table["config"], dict):
        raise SaveError("its configuration is damaged")
    return g, table


def _plan_problem(game: str, plan: list[dict[str, Any]]) -> str | None:
    """Why a seat plan cannot be played, or None: its shape (the protocol's check), and real opponents."""
    ids = [str(seat.get("id")) for seat in plan if seat.get("kind") == COMPUTER]
    problem = seats_problem(plan, ids)
    if problem is not None:
        return problem
    for pid in ids:
        try:
            if get_profile(pid).game != game:
                raise KeyError(pid)
        except KeyError:
            return f"no {game} opponent called {pid!r}"
    return None
