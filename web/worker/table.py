"""The worker table: the engine and the computer opponents behind the page, one match at a time.

The page (MicroPython, no engine) sends the messages of :mod:`web.page.shared.protocol`; :class:`Table` answers
them from the engine. It sends the page only seat 0's view (the engine's ``SeatView`` JSON) and the public
events, so the page never holds a card it may not see; every action is checked by the engine, and one drawn
from an older view (its ``step`` is not the game's) is ignored. Computer opponents move one at a time when the
page asks (``advance``), so the page sets the pace and animates each move.
"""

from __future__ import annotations

import secrets
from typing import Any

from rummy import Game, SaveError, codec, seat_view
from rummy.bots import Bot, get_profile, make_bot
from rummy.cards import card_str, cards_str
from rummy.deadwood import best_arrangement, best_discards
from rummy.errors import ActionError, RulesError
from rummy.model import Event
from web.page.shared.protocol import page_message_problem, seats_problem
from web.worker import online

Message = dict[str, Any]
ME = 0  # the seat of the person at this device (the host, online)
PERSON, COMPUTER, GUEST = "person", "computer", "guest"


def seat_plan(config: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """Who sits where: ``config["seats"]`` (each ``{"kind": "person"|"computer"|"guest", "name", "id"}``), or,
    without it, the person at seat 0 and the opponents (profile ids) after."""
    seats = config.get("seats")
    if isinstance(seats, list) and len(seats) == players:
        return [dict(s) for s in seats]
    return [{"kind": PERSON, "name": "You"}] + [{"kind": COMPUTER, "id": o} for o in config.get("opponents") or []]


def bot_seeds(base: int, players: int) -> list[int]:
    """Each seat's bot seed, from the match's base seed."""
    return [(base * 7919 + s * 104729) & 0xFFFFFFFF for s in range(players)]


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

    # ----- the messages -----

    def handle(self, msg: Any) -> list[Message]:
        """Answer one page message (parsed JSON) with the messages to send back."""
        problem = page_message_problem(msg)
        if problem is not None:
            return [{"type": "error", "code": "bad-message", "error": problem}]
        kind = msg["type"]
        if kind == "new":
            return self.new(msg["config"])
        if kind == "resume":
            return self.resume(msg["save"])
        if kind == "hello":
            return []
        if kind == "prepare":
            return online.prepare(self, msg.get("players"))
        g = self.game
        if g is None:
            return [{"type": "error", "code": "no-match", "error": "there is no match: start one first"}]
        if msg["step"] != g.step:
            return [{"type": "stale", "step": g.step}]
        if kind == "act":
            return self.act(msg["action"], msg.get("seat"))
        if kind == "deal":
            return self.deal(msg.get("contributions"))
        if kind == "seat":
            return online.replace_seat(self, msg.get("seat"), msg.get("id"))
        return self.advance(bool(msg.get("auto", False)))

    def new(self, config: dict[str, Any]) -> list[Message]:
        """Start a match: ``config`` names the game, the opponents (profile ids) or every seat (``seats``), the
        rules and the seed."""
        game, opps = config["game"], list(config["opponents"])
        players = len(config["seats"]) if isinstance(config.get("seats"), list) else len(opps) + 1
        plan = seat_plan(config, players)
        problem = _plan_problem(game, plan)
        if problem is not None:
            return [{"type": "error", "code": "bad-config", "error": problem}]
        seed = config.get("seed")
        base = secrets.randbits(48) if seed is None else seed
        rules = dict(config.get("rules") or {})
        try:
            if online.has_guests(config):  # online: the deal both sides can check
                g = online.new_game(self, game, players, rules, list(config.get("contributions") or []))
            else:
                g = Game.new(game, players, rules, seed=seed)
        except (RulesError, ValueError) as e:
            return [{"type": "error", "code": "bad-config", "error": str(e)}]
        kept = {"game": game, "opponents": opps, "rules": rules, "seed": seed}
        if isinstance(config.get("seats"), list):
            kept["seats"] = plan
        proof = self.fair
        self._adopt(g, kept, bot_seeds(base, g.players))
        self.fair = proof if online.has_guests(config) else None
        return [self.table_message(by=None)]

    def resume(self, save: dict[str, Any]) -> list[Message]:
        """Go on with a saved match (``save`` as sent with every ``table`` message)."""
        table = save["table"]
        try:
            g = Game.from_dict(save["engine"])
            opps, seeds, config = table["opponents"], table["seeds"], table["config"]
            if not isinstance(config, dict):
                raise SaveError("its configuration is damaged")
            if not isinstance(seeds, list) or len(seeds) != g.players or any(type(s) is not int for s in seeds):
                raise SaveError("its opponents' seeds are damaged")
            problem = _plan_problem(g.game, seat_plan(config, g.players))
            if problem is not None or not isinstance(opps, list):
                raise SaveError(problem or "its opponents are damaged")
        except KeyError as e:
            return [{"type": "bad-save", "why": f"it names an opponent this version does not have ({e.args[0]})"}]
        except SaveError as e:
            return [{"type": "bad-save", "why": str(e)}]
        self._adopt(g, config, list(seeds))
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
        else:
            g.deal()
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
        action = self.bots[seat].choose(view)
        if action not in view.legal:  # a bot bug must not stop the game
            action = view.legal[0]
        g.apply(action, seat)
        return [self.table_message(by=seat)]

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

    def _follow_turn(self, g: Game) -> None:
        """When a person at this device is to act, the page shows that person's view."""
        t = g.turn
        if t is not None and self.seats[t]["kind"] == PERSON:
            self.viewer = t

    def _new_events(self, g: Game) -> list[Event]:
        hand, length = self._sent
        log = g.log
        return list(log) if hand != g.hand_number else list(log[length:])

    def table_message(self, by: int | None) -> Message:
        g = self.game
        assert g is not None
        self._follow_turn(g)
        events = self._new_events(g)
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
            "hint": self._hint(g),
            "viewer": self.viewer,
            "save": {"engine": g.to_dict(),
                     "table": {"opponents": self.opponents, "seeds": self.seeds, "config": self.config}},
        }
        if self.fair is not None:  # online: the deal's proof (kept with the save: a reload can still reveal it)
            out["save"]["table"]["fair"] = dict(self.fair)
            out["fair"] = online.fair_for_page(self, g)
        guests = [s for s, seat in enumerate(self.seats) if seat["kind"] == GUEST]
        if guests:  # online: the host's page relays each guest its own seat's view and hint, and nothing else
            out["guests"] = {str(s): {"view": seat_view(g, s).to_data(), "hint": self._hint(g, s)} for s in guests}
        return out

    def _hint(self, g: Game, seat: int | None = None) -> Message:
        """Gin: the engine's arrangement of the viewer's hand (or ``seat``'s), for sorting and marks: its melds,
        its deadwood cards and count, and with 11 cards the deadwood after the best discard."""
        me = self.viewer if seat is None else seat
        hand = g.hands[me]
        if g.game != "gin" or not hand:
            return {}
        dw, melds, unmatched = best_arrangement(hand)
        out: Message = {"deadwood": dw, "melds": [cards_str(m) for m in melds], "unmatched": cards_str(unmatched),
                        "after_discard": None}
        out["best_knock"] = None
        if len(hand) == 11 and g.phase == "play":
            ranked = best_discards(hand)
            out["after_discard"] = ranked[0][0]
            knocks = {str(a) for a in g.legal_actions() if a.kind == "knock"} if g.turn == me else set()
            for _, c in ranked:  # the knock that leaves the least deadwood
                if f"knock {card_str(c)}" in knocks:
                    out["best_knock"] = f"knock {card_str(c)}"
                    break
        return out


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
