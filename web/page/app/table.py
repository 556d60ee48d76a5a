"""The match at the table: its state, the engine's tables and refusals, the pace of the computer's moves, the end
of a hand and the next deal, pass and play's cover, and the statistics a finished hand or match counts.

The table is drawn from the seat's view alone (:mod:`web.page.shared.viewdata`); this part holds no rule and
never reads an engine message's words to decide. Written in the Python both MicroPython and CPython run.
"""

from web.page.app import core, hand, learn, looks, motion, refusals, replays
from web.page.app import stage as moments  # this module's stage() is the motion and sound of an update
from web.page.app.text import describe_event, headline, is_you, names_in, spoken, who
from web.page.i18n import _, ngettext
from web.page.shared import deal as page_deal
from web.page.shared.cards import card_of
from web.page.shared.viewdata import Event, read_view

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Config, Effects
    from web.page.app.model import App
    from web.page.shared.viewdata import View

MAX_RESTARTS = 3


class MatchState:
    """The match on this page: the seat's view and what the page keeps beside the engine's save."""

    def __init__(self) -> None:
        self.engine = "starting"  # "starting" | "ready" | "failed"
        self.restarts = 0
        self.view: View | None = None  # the seat's view, or None before the engine has dealt
        # the view as the engine wrote it (kept with the save: the first paint after a reload)
        self.view_doc: dict[str, Any] | None = None
        self.hint: dict[str, Any] = {}  # Gin: the engine's arrangement of the viewer's hand (melds, deadwood)
        self.save: Any = None  # what the engine needs to go on: its own, the page never reads it
        self.config: Config = {}  # the match's config (game, opponents, rules, seed, seats...); {} before one
        self.meta: dict[str, Any] = {"names": ["You"], "counted": 0, "match_counted": False, "log": []}
        # a saved online match's rooms on the relays, seat (as text) -> its secret (web.page.app.host)
        self.rooms: dict[str, str] = {}
        self.order: list[int] = []  # the hand order (cards) of the person whose hand shows
        self.orders: dict[int, list[int]] = {}  # seat -> hand order of each person at this device (pass and play)
        self.cover: int | None = None  # pass and play: the seat the device goes to next, hands hidden till they tap
        self.selected: set[int] = set()  # positions in the hand order
        self.new_card: int | None = None
        self.waiting: str | None = None  # the request in flight: its type, e.g. "act"; no second one meanwhile
        self.pending: tuple[str, dict[str, Any]] | None = None  # a move made before the engine was ready
        self.next: str | None = None  # what comes next, as the engine said: "you" | "computer" | "deal" | "over"
        self.token = 0  # timers of an older state are ignored
        self.asked = 0  # the id of the last request sent to the engine (its answer's "re")
        self.watched = 0  # the id of the request the stall watchdog waits on (the one ``waiting`` names)
        self.speech: dict[int, list[Any]] = {}  # seat -> [what the character said, table updates it stays]
        self.dealt_here = False  # the view on show is the first deal as the page made it: the engine's comes next
        self.landing = False  # the page's deal is still flying to the hands: the computer's first move waits
        self.starting = ""  # what the engine worker is doing as it starts, in words
        self.download: float | None = None  # the share of the engine's download in, while it downloads
        # the person's move on show before the engine's answer: the view, its document, the hand's order and the
        # selection as they were (put back if the engine refuses it)
        self.confirmed: tuple[View, dict[str, Any], list[int], set[int]] | None = None
        self.deal_flight = 0  # which deal the "landed" timer is for

    def begin(self, names: list[str]) -> None:
        """A new match, with these names at its seats: nothing of the last one is kept but the engine's state."""
        self.meta = {"names": names, "counted": 0, "match_counted": False, "log": []}
        self.rooms = {}
        self.speech = {}
        self.view = None
        self.view_doc = None
        self.save = None
        self.config = {}
        self.order = []
        self.orders = {}
        self.cover = None
        self.selected = set()
        self.new_card = None
        self.next = None
        self.token += 1
        self.dealt_here = False
        self.landing = False
        self.confirmed = None


def adopt_record(app: "App", record: "dict[str, Any]") -> None:
    """A saved match from storage: draw it at once from its last view; the engine takes it over later."""
    m = app.match
    m.save = record["save"]
    m.config = record["config"]
    meta = record["meta"]
    m.meta = {"names": list(meta["names"]), "counted": meta["counted"], "match_counted": meta["match_counted"],
                 "log": list(meta["log"])}
    m.rooms = dict(meta.get("rooms") or {})
    m.orders = {}
    for s, texts in enumerate(record.get("orders") or []):
        m.orders[s] = [card_of(t) for t in texts]
    m.view = None
    m.view_doc = None
    m.cover = None
    doc = record.get("view")
    if doc is not None:
        try:
            m.view = read_view(doc)
            m.view_doc = doc
        except ValueError:
            m.view = None
    seat = m.view.seat if m.view is not None else 0
    m.order = list(m.orders.get(seat, []))
    if m.view is not None and core.pass_and_play(app) and m.view.in_hand:
        m.cover = seat  # after a reload the device may be in anyone's hands: the next player taps
    app.page.screen = "table"
    hand.sync_order(app)


def start_match(app: "App", cfg: "Config", ask: "dict[str, Any] | None" = None) -> "Effects":
    """Ask the engine for a new match (``cfg``: game, opponents, rules, seed, and every seat when people play).
    ``ask``: the message that starts it, when not ``new`` (the guided hand's ``tutorial``). With friends online
    the lobby comes first (:func:`web.page.app.host.start_online`)."""
    if [s for s in core.seats_of(cfg) if s["kind"] == "guest"]:
        from web.page.app import host  # online play: imported when first needed (not while the page starts)

        lobby: Effects = host.start_online(app, cfg)
        return lobby
    m = app.match
    m.begin(core.config_names(app, cfg))
    replays.replay_new_match(app)
    app.page.screen = "table"
    app.page.dialog = None
    m.waiting = "new"
    out: Effects = []
    if ask is None and can_deal_here(app, cfg):
        cfg = dict(cfg)
        if cfg.get("seed") is None:
            cfg["seed"] = new_seed(app)
        out = deal_here(app, cfg)
    if not m.dealt_here:
        # i18n: a new hand's cards are being dealt
        core.say(app, _("Dealing…"))
    return [core.send(app, ask or {"type": "new", "config": cfg}), core.stall_timer(app), ("dialog", None)] + out


def same_deal(page_view: "View", engine_view: "View") -> bool:
    """The engine dealt what the page showed: the dealer, the person's cards, the upcard."""
    return (page_view.dealer == engine_view.dealer and sorted(page_view.hand) == sorted(engine_view.hand)
            and page_view.discard == engine_view.discard)


def can_deal_here(app: "App", cfg: "Config") -> bool:
    """A match the page deals at once, before the engine's table comes: one person against the computer, its
    first hand dealt from its seed (a lesson's stacked deal and a match with friends wait for their dealer)."""
    seats = core.seats_of(cfg)
    people = [s for s in seats if s["kind"] != "computer"]
    return (len(people) == 1 and not cfg.get("tutorial") and cfg.get("game") in app.catalog.games
            and (cfg.get("seed") is not None or app.page.entropy != 0))


def new_seed(app: "App") -> int:
    """A new match's seed, from the page's generator (the browser's random numbers at start)."""
    app.page.entropy, x = page_deal.next64(app.page.entropy)
    return x >> 12  # 52 bits: page_deal.SEED_LIMIT


def deal_here(app: "App", cfg: "Config") -> "Effects":
    """Deal the match's first hand on the page (the engine's own deal, web/page/shared/deal.py) and show it: the
    person sees their cards at once, sorts and chooses; a move waits for the engine's table, which must hold the
    very same cards."""
    m = app.match
    game = cfg["game"]
    players = len(core.seats_of(cfg))
    rules = dict(cfg.get("rules") or {})
    resolved = app.catalog.resolved(game, players, rules)
    resolved["preset"] = rules.get("preset", "cardgames")
    doc = page_deal.first_view(game, players, resolved, cfg["seed"], app.catalog.games[game]["opening"])
    m.view = read_view(doc)
    m.view_doc = doc
    m.dealt_here = True
    hand.sync_order(app)
    core.say(app, "")
    out = stage(app, m.view, [], True, False, 0) + [("render",), ("focus", ".hand .card")]
    out += moments.deal_begins(app, m.view)  # the turn's prompt and buttons wait for the cards to land
    flight = deal_seconds(app, m.view)
    if flight > 0:
        m.landing = True
        m.deal_flight += 1
        out.append(("timer", "landed", flight, m.deal_flight))
    return out


def deal_landed(app: "App", flight: int) -> "Effects":
    """The page's deal has landed: if the engine's table is in and the computer is to move, it moves now."""
    m = app.match
    if flight != m.deal_flight or not m.landing:
        return []
    m.landing = False
    if m.dealt_here or m.view is None or m.next != "computer" or m.waiting is not None:
        return []  # the engine's table is not in yet (it will set the pace), or the person moves first
    return [("timer", "advance", core.delay(app), m.token)]


def start_tutorial(app: "App", game: str) -> "Effects":
    """Ask the engine for the guided first hand of ``game`` (its names come with its first table)."""
    out = start_match(app, {"game": game, "opponents": [], "rules": {}, "seed": None, "tutorial": True},
                      {"type": "tutorial", "game": game})
    app.match.meta["names"] = ["You"]
    return out + [("render",)]


def tutorial(app: "App", data: "dict[str, Any]") -> "Effects":
    """The guided first hand, from the new-game screen or Help (a match in progress is given up first, if the
    person says so)."""
    game = data.get("game") or app.setup.game
    if game not in ("gin", "rummy"):
        return []
    if core.match_in_progress(app):
        app.page.pending_config = {"tutorial": game}
        return core.open(app, "confirm-new")
    return start_tutorial(app, game)


def on_daily(app: "App", msg: "dict[str, Any]") -> "Effects":
    """The engine's config of the daily deal: the match starts."""
    app.match.waiting = None
    return start_match(app, dict(msg["config"])) + [("render",)]



def on_engine_status(app: "App", event: str, detail: "dict[str, Any]") -> "Effects":
    if event == "ready":
        app.match.engine = "ready"
        return []
    if event == "failed":
        if app.online.sealed is not None:  # a table with no dealer: the keys were in that engine
            from web.page.app import sealedplay

            return sealedplay.lost(app, None) + [("render",)]
        return engine_failed(app, str(detail.get("error", "")))
    stage = hand.STAGES.get(str(detail.get("stage")))
    if event == "progress" and stage is not None:
        m = app.match
        shown = (m.starting, m.download)
        m.starting = stage
        fraction = detail.get("fraction")
        if stage == hand.STAGES["runtime"] and isinstance(fraction, (int, float)):
            m.download = min(1.0, max(0.0, float(fraction)))
        else:
            m.download = None
        if hand.says_waiting(app):  # a move waits for the engine: say what it waits for, and how far the download is
            core.say(app, hand.waiting_words(app))
            return [("render",)] if (m.starting, m.download) != shown else []
    return []


def engine_failed(app: "App", why: str) -> "Effects":
    """The worker died, failed to start or stalled: start a new one from the last save (a few times)."""
    m = app.match
    m.restarts += 1
    m.engine = "failed"
    m.waiting = None
    hand.put_back(app)  # the move on show was never answered: the engine resumes from before it
    if m.restarts > MAX_RESTARTS:
        # i18n: the program that plays the game failed again and again; {why} is its reason (in English)
        core.say(app, _("The game engine keeps stopping ({why}). Reload the page to try again.").format(why=why),
                 "error")
        return [("render",), ("log", "engine failed: " + why)]
    core.say(app, _("The game engine stopped; starting it again from your last move…"), "error")
    out: Effects = [("restart-engine",), ("log", "engine restarted: " + why)]
    if m.save is not None:
        out.append(core.send(app, {"type": "resume", "save": m.save}))
        m.waiting = "resume"
        out.append(core.stall_timer(app))
    out.append(("render",))
    return out


def refusal_words(app: "App", msg: "dict[str, Any]") -> str:
    """What to tell the person about a refused move: the engine's reason, with names for seats."""
    m = app.match
    names = core.names(app)
    if msg["code"] == "not-your-turn" and m.view is not None and m.view.turn is not None:
        return hand.not_your_turn(app, m.view.turn)
    params = msg.get("params")
    said = refusals.words(str(msg["code"]), params if type(params) is dict else {},
                          m.view.game if m.view is not None else str(m.config.get("game")))
    if said is not None:
        return said
    return names_in(msg["message"], names)  # the engine's words (in English), with the players' names


def save_refused(app: "App", why: str) -> "Effects":
    """The engine could not read the saved match: it is set aside, and the game starts clean."""
    m = app.match
    page = app.page
    m.waiting = None
    m.view = None
    m.view_doc = None
    m.save = None
    m.config = {}
    page.screen = "setup"
    # i18n: {why} is the reason the game's engine gives (in English)
    page.notices.append(_("Your saved game could not be read ({why}). It was kept aside; the game starts "
                          "clean.").format(why=why.rstrip(".")))
    return [("set-aside-match", page.slot, why)] + core.open(app, "notice")


def on_table(app: "App", msg: "dict[str, Any]") -> "Effects":
    m = app.match
    page = app.page
    try:
        view = read_view(msg["view"])
        events = [Event(e, "events") for e in msg["events"]]
    except ValueError as e:
        return [("log", "a table message was dropped: " + str(e))]
    out: Effects = []
    shown = m.view if m.confirmed is not None else None  # the table the person's move put on show
    chosen = hand.selected_cards(app) if shown is not None else []  # cards selected on it meanwhile
    before = m.view if m.confirmed is None else m.confirmed[0]  # the person's move on show is this table's
    m.confirmed = None
    by = msg["by"]
    me = view.seat  # the person whose view this is: seat 0, or, in pass and play, the one to act
    mine = before  # this person's previous view (for what their hand gained)
    if before is not None and before.seat != me:  # pass and play: another person's turn
        m.orders[before.seat] = list(m.order)
        m.order = list(m.orders.get(me, []))
        mine = None
    resumed = m.waiting == "resume"
    here = m.dealt_here and before is not None  # the page dealt this hand itself: this is the engine's deal of it
    m.dealt_here = False
    if here and before is not None and not same_deal(before, view):
        out.append(("log", "the engine dealt other cards than the page showed: the engine's are in play"))
        core.say(app, _("The cards were dealt again: these are the ones in play."), "error")
    dealt = (m.waiting in ("new", "deal") and not here) or (
        app.online.role == "guest" and view.in_hand and (before is None or before.hand_number != view.hand_number))
    m.view = view
    m.view_doc = msg["view"]
    m.hint = msg["hint"]
    if app.online.role != "guest":
        m.save = msg["save"]
        m.config = msg["config"]
    learn.learn_table(app, msg)
    m.next = msg["next"]
    m.waiting = None
    m.engine = "ready"
    m.restarts = 0
    m.token += 1
    redealt = here and page.level == "error"  # the page's deal was not the engine's: say so
    if (page.message == _("Dealing…") or hand.says_waiting(app) or by == me or mine is None) and not redealt:
        core.say(app, "")
    names = core.names(app)
    new_hand = before is not None and before.hand_number != view.hand_number
    if view.in_hand and (new_hand or ((before is None or here) and not m.meta["log"])):
        if is_you(names, view.dealer):
            # i18n: a line of the move log: a new hand, numbered {n}, that you dealt
            core.log_line(app, _("Hand {n}: You dealt.").format(n=view.hand_number))
        else:
            # i18n: a line of the move log: a new hand, numbered {n}, dealt by {name}
            core.log_line(app, _("Hand {n}: {name} dealt.").format(n=view.hand_number, name=who(names, view.dealer)))
    lines = [describe_event(e, names) for e in events]
    for t in lines:
        core.log_line(app, t)
    ended = before is not None and before.in_hand and not view.in_hand
    if ended and view.results:
        h = headline(view.results[-1], names)
        core.log_line(app, h)
        lines.append(h)
    if (by is not None and by != me) or ended:
        out.append(("announce", spoken(" ".join(lines))))
    # the hand
    drew = [e for e in events if e.seat == me and e.kind in ("draw stock", "draw discard")]
    if by == me and drew and mine is not None:
        before_hand = list(mine.hand)
        added = [c for c in view.hand if c not in before_hand]
        m.new_card = added[0] if added else None
    elif by == me or mine is None or new_hand:
        m.new_card = None
    if by == me or mine is None or new_hand:
        m.selected = set()
    hand.sync_order(app)
    if by == me and shown is not None and not new_hand and sorted(shown.hand) == sorted(view.hand):
        hand.select_cards(app, chosen)  # the move went as shown: what the person selected since stays selected
    if by == me and m.next != "you":
        m.pending = None  # a move made on the table on show, whose turn has passed
    if not view.in_hand:
        m.cover = None  # the end of a hand shows everything, as at a real table
    elif core.pass_and_play(app) and (mine is None or new_hand):
        m.cover = me  # the device goes to the next person: every hand stays hidden until they tap
    out += stage(app, view, events, dealt, ended, me)
    out += count_results(app)
    soon = automatic(app, by)
    if page.writable and m.save is not None:
        out.append(("save-match", page.slot, core.record(app)) + (("soon",) if soon else ()))
    # what comes next
    if m.next == "computer" and learn.lesson_waits(app):
        pass  # the guided hand: the opponent moves when the learner presses Continue
    elif m.landing and m.next == "computer":
        pass  # the page's deal has not landed yet: its "landed" timer lets the computer move
    elif m.next == "computer" or (m.next == "you" and page.autoplay and app.online.role == "local"):
        wait = core.delay(app)
        if dealt and wait > 0:
            wait += deal_seconds(app, view)  # the first move waits for the deal to land
        out.append(("timer", "advance", wait, m.token))
    elif m.next in ("deal", "over") and ended:
        looking_back = replays.replay_hand_over(app)  # the coach and the history: asked now, sent once drawn
        if page.autoplay and m.next == "deal":
            out.append(("timer", "deal", 0.0, m.token))
        else:
            out += core.open(app, "end")
        out += looking_back
    elif m.next == "over" and resumed:
        out += replays.keep_finished_match(app)  # a finished match opened from its save: is it in the history?
    out.append(("render", "soon") if soon else ("render",))
    if m.cover is not None:
        out.append(("focus", "[data-act=ready]"))
    elif m.next == "you":
        out += hand.run_pending(app)
        if not page.dialog:
            out.append(("focus", ".hand .card"))
    return out


def automatic(app: "App", by: "Any") -> bool:
    """True when the table just drawn follows a computer's move at instant speed after which the computer plays
    on: its drawing and its save may wait a little (the person's own moves, and a table that waits for the
    person, are drawn and saved at once). A move by a person (any seat of pass and play) or by a friend online is
    never one; a guest's page saves nothing."""
    m = app.match
    if app.online.role == "guest" or core.delay(app) != 0 or type(by) is not int:
        return False
    robot = app.page.autoplay and app.online.role == "local"  # ?debug=autoplay: the computer plays seat 0 too
    seats = core.seats(app)
    computer = robot or (0 <= by < len(seats) and seats[by].get("kind") == "computer")
    return computer and (m.next == "computer" or (m.next == "you" and robot))


def reveal(app: "App") -> "Effects":
    """The person the device was passed to taps: their hand shows."""
    m = app.match
    if m.cover is None:
        return []
    m.cover = None
    out: Effects = [("render",)]
    if m.next == "you":
        out += hand.run_pending(app)
        out.append(("focus", ".hand .card"))
    return out


def stage(app: "App", view: "View", events: list[Event], dealt: bool, ended: bool, me: int) -> "Effects":
    """How this update moves, sounds and what the characters say (:mod:`web.page.app.motion`), seen from
    seat ``me`` (the person whose view this is)."""
    m = app.match
    plan = motion.table_plan(view, events, dealt, m.new_card)
    out: Effects = [("motion", plan)]
    ids = motion.ids_by_seat(core.seats(app))
    if dealt:
        m.speech = {}
    said = motion.speech(view, events, ended, ids, me, view.step)
    m.speech = motion.age_speech(m.speech, said)
    plan["pop"] = ["[data-testid=speech-" + str(s) + "]" for s in sorted(said)]
    if looks.sound_on(app.page.settings, app.page.embedded):
        vol = app.page.settings.get("volume", 70)
        for name, at in motion.sounds(view, events, dealt, ended, me):
            out.append(("sound", name, vol, at))
    return out


def deal_seconds(app: "App", view: "View") -> float:
    """How long the shuffle and the deal take on screen (web/bridge.js times them the same way)."""
    ms = core.motion_ms(app)
    if not ms:
        return 0.0
    cards = len(view.hand) * view.players
    return (ms * 2 + cards * ms * 0.12 + ms) / 1000.0


def count_results(app: "App") -> "Effects":
    """Hands and a match finished since the last count go into the statistics (once each): for the player
    against the computer, or for each person at this device by name when people play together."""
    m = app.match
    v = core.view(app)
    out: Effects = []
    opps = list(m.config["opponents"]) if m.config else []
    counted = core.counted_seats(app)
    while m.meta["counted"] < len(v.results):
        r = v.results[m.meta["counted"]]
        for seat, person in counted:
            knocked = r.knock is not None and r.knock.knocker == seat
            out.append(("stats", "hand", [v.game, opps, r.end, r.winner, r.points[seat], seat, person, knocked,
                                          r.knock.deadwood[seat] if knocked else None]))
        m.meta["counted"] += 1
    if v.phase == "match-over" and not m.meta["match_counted"] and v.match is not None:
        lowest = v.game == "rummy" and v.rules.get("scoring") == "penalty"
        assisted = bool(app.learn.extras.get("assisted"))
        for seat, person in counted:
            out.append(("stats", "match", [v.game, opps, list(v.match.final), v.match.winner, lowest, seat,
                                           person, assisted]))
        daily = app.learn.extras.get("daily")
        if isinstance(daily, dict) and counted == [(0, "")]:
            final = list(v.match.final)
            best_other = max(final[1:]) if len(final) > 1 else 0
            out.append(("stats", "daily", [v.game, str(daily["date"]), v.match.winner == 0, final[0],
                                           final[0] - best_other]))
        m.meta["match_counted"] = True
    return out


def on_tick(app: "App", name: str, token: int) -> "Effects":
    m = app.match
    if name == "stall":
        if m.waiting is None or token != m.watched:  # answered, or the watchdog of an earlier request
            return []
        if app.online.role == "guest":  # the host's page is slow or gone: the link says which
            return [("log", "the host has not answered yet")]
        if m.engine != "ready":  # still starting: the worker link reports a start that fails
            return [("timer", "stall", core.STALL_SECONDS, m.watched)]
        n = int(core.STALL_SECONDS)
        # i18n: the reason in "The game engine keeps stopping (it did not answer within 12 seconds)."
        return engine_failed(app, ngettext("it did not answer within {n} second", "it did not answer within {n} seconds",
                                           n).format(n=n))
    if name == "landed":
        return deal_landed(app, token)
    if token != m.token or m.view is None:
        return []
    if name == "advance" and m.waiting is None:
        if m.next == "computer":
            return core.request(app, {"type": "advance", "step": m.view.step}, "advance")
        if m.next == "you" and app.page.autoplay:
            return core.request(app, {"type": "advance", "step": m.view.step, "auto": True}, "advance")
    if name == "deal" and m.next == "deal":
        return deal(app)
    return []


def start_from_setup(app: "App") -> "Effects":
    page = app.page
    why = app.setup.problem()
    if why is not None:
        app.setup.error = why
        return [("render",), ("focus", "#setup-title")]
    cfg = app.setup.config()
    last = dict(cfg)
    last.pop("practice", None)  # a practice game is chosen each time
    page.settings["last"] = last
    out: Effects = [("save-settings", page.settings)]
    if core.match_in_progress(app):
        page.pending_config = cfg
        return out + core.open(app, "confirm-new")
    return out + start_match(app, cfg) + [("render",)]


def confirm_new(app: "App") -> "Effects":
    m = app.match
    cfg = app.page.pending_config or app.setup.config()
    out: Effects = []
    if core.match_in_progress(app):
        opps = list(m.config["opponents"]) if m.config else []
        game = m.view.game if m.view else m.config["game"]
        for seat, person in core.counted_seats(app):
            out.append(("stats", "abandoned", [game, opps, seat, person]))
    app.page.pending_config = None
    if "tutorial" in cfg:
        return out + start_tutorial(app, cfg["tutorial"])
    return out + start_match(app, cfg) + [("render",)]


def next_hand(app: "App") -> "Effects":
    m = app.match
    if m.view is None or app.online.role == "guest":
        return []  # a guest's host deals
    if app.online.role == "host" and m.view.phase != "match-over":
        from web.page.app import host

        deal_online: Effects = host.host_next_hand(app)
        return deal_online
    if m.view.phase == "match-over":
        cfg = dict(m.config) if m.config else app.setup.config()
        cfg["seed"] = None
        return start_match(app, cfg) + [("render",)]
    return deal(app)


def deal(app: "App") -> "Effects":
    m = app.match
    if m.view is None or m.next != "deal" or m.waiting is not None:
        return []  # a second click on "Next hand" finds the deal already asked for
    app.page.dialog = None
    m.selected = set()
    m.new_card = None
    core.say(app, "")
    return core.request(app, {"type": "deal", "step": m.view.step}, "deal")


# ---------------------------------------------------------------- the engine's answers

def on_hello(app: "App", msg: "dict[str, Any]") -> "Effects":
    app.match.engine = "ready"
    return []


def on_refused(app: "App", msg: "dict[str, Any]") -> "Effects":
    """A move of this page was refused: the reason is said, and the cards go back."""
    m = app.match
    m.waiting = None
    hand.put_back(app)
    if m.view is None or msg["step"] != m.view.step:
        return []
    core.say(app, refusal_words(app, msg), "error")
    return [("motion", hand.refused_motion()), ("render",)]


def on_stale(app: "App", msg: "dict[str, Any]") -> "Effects":
    """A move drawn from an older view: the engine ignored it."""
    app.match.waiting = None
    if app.match.confirmed is None:
        return []
    hand.put_back(app)
    return [("render",)]


def on_bad_save(app: "App", msg: "dict[str, Any]") -> "Effects":
    return save_refused(app, msg["why"])


def on_error(app: "App", msg: "dict[str, Any]") -> "Effects":
    """An engine fault or a message it could not read: logged; a new match it could not start goes back to the
    new-game screen with the reason."""
    m = app.match
    out: Effects = [("log", "engine: " + str(msg.get("code")) + ": " + str(msg.get("error")))]
    if m.waiting == "new" and msg.get("code") == "bad-config":
        m.waiting = None
        app.page.screen = "setup"
        # i18n: a new match the game could not start; {error} is the engine's reason (in English)
        app.setup.error = _("That game could not start: {error}.").format(error=str(msg.get("error")))
        out.append(("render",))
    return out
