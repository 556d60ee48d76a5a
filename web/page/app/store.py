"""What the runner asks of storage, in one place: the data to start from, each kind of save, statistics, tabs,
export and import.

A thin front over :mod:`web.page.storage` (formats, bad data set aside, failed writes told, two tabs) and
:mod:`web.page.stats` (counting). Its answers are plain values for the app. Written in the Python both
MicroPython and CPython run (the browser's calls are the runner's).
"""

from web.page import stats as stats_mod
from web.page.formats import default_settings
from web.page.shared.viewdata import read_view
from web.page.storage import KEY_STATS, Store, match_key

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.storage import Offer, Saved
    from web.page.tabs import Out, Tab
    from web.page.transfer import Plan


def view_problem(doc: "Any") -> str | None:
    """The stored view's reader: None when ``doc`` is a seat's view, else what is wrong."""
    try:
        read_view(doc)
    except (ValueError, IndexError, KeyError, TypeError) as e:
        return "its table is damaged (" + str(e) + ")"
    return None


class PageStore:
    """The page's storage for one tab: wraps :class:`web.page.storage.Store`."""

    def __init__(self, backend: "Any", framed: bool, tab_id: str) -> None:
        self.store = Store(backend, tab_id, self.view_problem)
        # the view document the app has just read (the same reader need not run again)
        self.known_view: dict[str, Any] | None = None
        self.framed = framed
        self.slot = ""
        self.offers: list[Offer] = []
        self.notice: str | None = None  # the state of all writes: a sentence to show, or None
        self.problem: str | None = None  # "full" or "blocked" when the notice says storage is (else None)
        self.download = False  # a match waits to be written: "Download my game" is offered
        self.retry_due = False
        self.plan: Plan | None = None  # an import waiting for the player's yes

    def view_problem(self, doc: "Any") -> str | None:
        """The stored view's reader, run once per view document: the one the app has read is known good."""
        if doc is not None and doc is self.known_view:
            return None
        return view_problem(doc)

    # ----- starting -----

    def boot(self, slot: str) -> "dict[str, Any]":
        """Settings, statistics and the match of ``slot``, with sentences for anything set aside."""
        self.slot = slot
        o = self.store.open(slot, self.framed)
        past = o.take(self.store.history())
        self.offers = list(o.offers)
        # a first visit: nothing of the game's stored yet (the new-game screen then offers the guided hand)
        first = o.match is None and o.settings == default_settings() and o.stats == stats_mod.empty()
        return {"settings": o.settings, "stats": o.stats, "match": o.match, "notices": list(o.notices),
                "banner": o.banner or "", "first": first, "past": past}

    def offered(self, offer: "Offer") -> None:
        self.store.offered(offer)

    # ----- writing -----

    def _saved(self, saved: "Saved") -> "Saved":
        self.notice = saved.notice
        self.problem = saved.problem
        self.download = saved.download
        self.retry_due = saved.retry
        return saved

    def save_match(self, slot: str, record: "dict[str, Any]", read_view: "dict[str, Any] | None" = None) -> "Saved":
        """Write ``record``; ``read_view``: the view document the app read successfully (not read again)."""
        self.known_view = read_view
        try:
            return self._saved(self.store.write_match(slot, record))
        finally:
            self.known_view = None

    def save_settings(self, settings: "dict[str, Any]") -> "Saved":
        return self._saved(self.store.write_settings(settings))

    def retry(self) -> "Saved":
        return self._saved(self.store.retry())

    def set_aside_match(self, slot: str, why: str) -> None:
        loaded = self.store.refused(match_key(slot), why)
        if loaded.offer is not None:
            self.offers.append(loaded.offer)

    def download_game(self) -> "Offer | None":
        return self.store.download_game(self.slot)

    # ----- past matches -----

    def keep_match(self, entry: "dict[str, Any]", when: str | None = None) -> "list[dict[str, Any]]":
        """Keep a finished match in the history (``when``: the time it ended, as text); the history now."""
        entry = dict(entry)
        entry["when"] = when or None
        saved, matches = self.store.keep_match(entry)
        self._saved(saved)
        return matches

    # ----- statistics -----

    def count(self, op: str, args: "list[Any]") -> "dict[str, Any]":
        """Count a finished hand, a finished match or an abandoned one; the statistics to show after it."""
        if op == "reset":
            self.store.events = []
            self._saved(self.store.write(KEY_STATS, stats_mod.empty()))
        else:
            # hand: [game, opponents, end, winner, points, seat, person]; match: [game, opponents, final,
            # winner, lowest_wins, seat, person]; abandoned: [game, opponents, seat, person] (the seat and the
            # person's name may be left out: seat 0, playing the computer)
            # hand: [..., person, knocked, deadwood] and match: [..., person, assisted] may say more
            if op == "daily":  # [game, date, won, score, margin]
                self._saved(self.store.count(stats_mod.daily_event(args[0], args[1], bool(args[2]), args[3],
                                                                   args[4])))
                return self.store.stats()
            game, opps = args[0], list(args[1])
            tail = args[2:] if op == "abandoned" else args[5:]
            seat, person = (tail[0], tail[1]) if len(tail) >= 2 else (0, "")
            if op == "hand":
                end, winner, points = args[2], args[3], args[4]
                knocked = len(args) > 7 and args[7] is True
                event = stats_mod.hand_event(game, opps, winner == seat, end, points, person, knocked,
                                             args[8] if knocked else None)
            elif op == "match":
                event = stats_mod.match_event(game, opps, list(args[2]), args[3], bool(args[4]), person, seat,
                                              len(args) > 7 and args[7] is True)
            else:
                event = stats_mod.abandoned_event(game, opps, person)
            self._saved(self.store.count(event))
        return self.store.stats()

    def stats(self) -> "dict[str, Any]":
        return self.store.stats()

    # ----- tabs -----

    def tab(self) -> "Tab":
        return self.store.tab(self.slot)

    def on_message(self, text: "Any") -> "list[Out]":
        return self.store.on_message(text)

    def on_storage(self, key: str | None, value: str | None) -> "list[Out]":
        return self.store.on_storage(key, value)

    # ----- export and import -----
    # web.page.transfer is imported when first needed: a page that is starting has no use for it (every module
    # loaded before the first drawing costs its start, in MicroPython more so as it interns more names).

    def export_offer(self) -> "Offer":
        from web.page import transfer

        return transfer.export(self.store)

    def import_plan(self, text: str) -> "Plan":
        from web.page import transfer

        self.plan = transfer.plan_import(self.store, text)
        return self.plan

    def apply_import(self) -> "Saved | None":
        if self.plan is None or self.plan.problems:
            return None
        from web.page import transfer

        saved = transfer.apply_import(self.store, self.plan)
        self.plan = None
        return self._saved(saved)
