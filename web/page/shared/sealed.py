"""The sealed deal: a deck that no single page can see through (mental poker), for an online table with no
trusted dealer.

Every card is a point of the prime-order group ristretto255 (``Group.card_points``: hashed from the card's
number, so nobody knows a relation between two cards' points). Locking a point with a secret scalar ``k`` is
multiplying it by ``k``; locks commute, and a lock is lifted by multiplying by ``1/k``. Nobody can tell which card
a locked point holds without every key on it.

1. **Shuffle**, each page in turn (page 0 first): it locks every card of the deck it gets with one key of its own
   and puts them in an order of its own; it sends the deck on (``shuffle``).
2. **Lock**, each page in turn again: it lifts its shuffle key and locks each place of the deck with a key of its
   own for that place (``lock``). The last page's deck is the *sealed deck*: a place's card is locked by one key of
   every page, and nobody knows the order.
3. **Dealing and showing**: a place given to a page (``give``) is opened by every other page sending its key for
   it (``keys``); the page alone lifts its own key and reads the card. Showing a card (a discard, a meld, the
   upcard) is its holder sending its own key too, so that every page reads it. A key that opens a place on
   something that is not a card is caught at once; so is a card shown from a place its page does not hold, or a
   card other than the one the keys open.
4. **Audit**, when the hand is over: every page sends every key it used (``audit``); every page checks each step
   of every page (each shuffle a reordering of the deck it got, each lock the keys it claims, each key sent during
   the hand the one it used) and reads the whole deck: ``verify`` returns it, or names the page and the step that
   broke.

A page that breaks the protocol raises :class:`Cheat` (the page, a code, the place) on every honest page, with the
messages as evidence; a page that keeps a key back is named by :meth:`SealedDeal.overdue`. A message of the wrong
shape raises :class:`Malformed` (to be dropped and logged). The group is injected (``Group``): the browser's is
@noble/curves through web/seal.js, the tests' is libsodium's. Everything here is plain data, in the Python that
MicroPython and CPython both run; a point or a scalar is 64 lowercase hex digits (32 bytes, RFC 9496 encoding and
little-endian scalars).

Messages, ``{"t": TYPE, "page": SENDER, ...}``, sent to every page:
    ``shuffle``  ``{"deck": [point, ...]}``            a page's shuffle step (pages in order)
    ``lock``     ``{"deck": [point, ...]}``            a page's lock step (pages in order); the last one is sealed
    ``keys``     ``{"places": [i, ...], "keys": [scalar, ...]}``  the sender's keys for these places
    ``audit``    ``{"key": scalar, "keys": [scalar, ...]}``       the sender's shuffle key and every lock key
"""

FORMAT = "rummy-sealed-deal/1"
DECK = 52
TABLE = -1  # the holder of a place shown to every page (the upcard)
MESSAGES = ("shuffle", "lock", "keys", "audit")
_HEX = "0123456789abcdef"

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any, Protocol

    class Group(Protocol):
        """ristretto255's operations, points and scalars as hex (a GroupError for anything invalid)."""

        def card_points(self, count: int) -> list[str]:
            """Card i's point, for i in range(count): from SHA-512 of ``FORMAT + "|card|" + str(i)``."""

        def random_scalar(self) -> str:
            """A fresh, uniform, non-zero secret scalar."""

        def inverse(self, scalar: str) -> str:
            """1/scalar."""

        def product(self, a: str, b: str) -> str:
            """a·b."""

        def times(self, points: list[str], scalar: str) -> list[str]:
            """Each point multiplied by ``scalar``."""

        def times_each(self, points: list[str], scalars: list[str]) -> list[str]:
            """Point i multiplied by scalar i."""


class GroupError(Exception):
    """A group operation refused its input: not a point's encoding, not a scalar, an identity result."""


class Malformed(ValueError):
    """A message that is not one of the protocol's shapes: dropped and logged, nothing changes."""


class Cheat(Exception):
    """Evidence that a page broke the protocol: ``page`` (-1 when the keys cannot say which of several pages),
    ``code`` (``out-of-turn``, ``duplicate``, ``not-a-point``, ``wrong-key``, ``changed-key``, ``not-held``,
    ``wrong-card``, ``withheld``, ``bad-shuffle``, ``bad-lock``, ``bad-key``), ``place`` (-1 for the whole deck) and
    ``evidence`` (the messages that show it)."""

    def __init__(self, page: int, code: str, place: int = -1, evidence: "list[dict[str, Any]] | None" = None):
        super().__init__(page, code, place)
        self.page = page
        self.code = code
        self.place = place
        self.evidence = evidence or []


def _is_hex(v: "Any") -> bool:
    if type(v) is not str or len(v) != 64:
        return False
    return all(c in _HEX for c in v)


def _hex_list(v: "Any", length: int) -> bool:
    if type(v) is not list or len(v) != length:
        return False
    return all(_is_hex(x) for x in v)


class SealedDeal:
    """One page's side of one hand's sealed deal among ``pages`` pages (this one is ``me``)."""

    def __init__(self, group: "Group", pages: int, me: int, cards: int = DECK):
        if pages < 2 or not 0 <= me < pages or cards < 2:
            raise ValueError("a sealed deal needs two pages or more and a deck")
        self.group = group
        self.pages = pages
        self.me = me
        self.cards = cards
        self.points = group.card_points(cards)
        self._card_of = {p: i for i, p in enumerate(self.points)}
        self.shuffles: list[list[str]] = []  # the deck after each page's shuffle step, page order
        self.locks: list[list[str]] = []  # the deck after each page's lock step, page order; the last is sealed
        self.messages: list[dict[str, Any]] = []  # every message of the hand, in the order taken (the evidence)
        self._key = ""  # this page's shuffle key
        self._keys: list[str] = []  # this page's lock key of each place
        self.holder: dict[int, int] = {}  # place -> the page it was given to, or TABLE
        self.sent: dict[int, dict[int, str]] = {}  # page -> place -> the key it sent during the hand
        self.opened: dict[int, int] = {}  # place -> the card this page has read there
        self.waits: dict[tuple[int, int], float] = {}  # (page, place) -> since when this page waits for its key
        self.audits: dict[int, dict[str, Any]] = {}  # page -> its audit message

    # --- the deal ---------------------------------------------------------------------------------------------

    def due(self) -> int:
        """The page whose shuffle or lock step comes next, or -1 once the deck is sealed."""
        if len(self.shuffles) < self.pages:
            return len(self.shuffles)
        return len(self.locks) if len(self.locks) < self.pages else -1

    @property
    def sealed(self) -> bool:
        return len(self.locks) == self.pages

    def start(self) -> "list[dict[str, Any]]":
        """This page's messages once the hand starts: page 0's shuffle; nothing for the others."""
        return self._my_step()

    def receive(self, msg: "Any") -> "list[dict[str, Any]]":
        """Take another page's message; returns what this page sends in reply (its step when due). Raises
        Malformed for a message of the wrong shape (nothing changes) and Cheat for one that breaks the protocol."""
        page = self._check_shape(msg)
        t = msg["t"]
        if t in ("shuffle", "lock"):
            if self.due() != page or (t == "lock") != (len(self.shuffles) == self.pages):
                raise Cheat(page, "out-of-turn", -1, [msg])
            deck: list[str] = msg["deck"]
            if len(set(deck)) != self.cards:
                raise Cheat(page, "duplicate", -1, [msg])
            self.messages.append(msg)
            (self.shuffles if t == "shuffle" else self.locks).append(list(deck))
            return self._my_step()
        if t == "keys":
            self.messages.append(msg)
            self._take_keys(page, msg["places"], msg["keys"], msg)
            return []
        if page in self.audits:
            raise Cheat(page, "out-of-turn", -1, [msg])
        self.messages.append(msg)
        self.audits[page] = msg
        return []

    def _check_shape(self, msg: "Any") -> int:
        if type(msg) is not dict or msg.get("t") not in MESSAGES:
            raise Malformed("not a message of the sealed deal")
        page = msg.get("page")
        if type(page) is not int or not 0 <= page < self.pages or page == self.me:
            raise Malformed("no such page")
        t = msg["t"]
        if t in ("shuffle", "lock"):
            if not _hex_list(msg.get("deck"), self.cards):
                raise Malformed("a deck is " + str(self.cards) + " points")
        elif t == "keys":
            places, keys = msg.get("places"), msg.get("keys")
            if type(places) is not list or not places or not _hex_list(keys, len(places)):
                raise Malformed("keys are places and a scalar for each")
            for i in places:
                if type(i) is not int or not 0 <= i < self.cards:
                    raise Malformed("no such place")
            if len(set(places)) != len(places):
                raise Malformed("a place named twice")
        elif not _is_hex(msg.get("key")) or not _hex_list(msg.get("keys"), self.cards):
            raise Malformed("an audit is a shuffle key and a key for every place")
        return page

    def _my_step(self) -> "list[dict[str, Any]]":
        if self.due() != self.me:
            return []
        g = self.group
        if len(self.shuffles) < self.pages:
            before = self.shuffles[-1] if self.shuffles else self.points
            self._key = g.random_scalar()
            locked = g.times(before, self._key)
            order = sorted(range(self.cards), key=lambda i: g.random_scalar())
            deck = [locked[i] for i in order]
            self.shuffles.append(deck)
            t = "shuffle"
        else:
            before = self.locks[-1] if self.locks else self.shuffles[-1]
            unlock = g.inverse(self._key)
            self._keys = [g.random_scalar() for _i in range(self.cards)]
            deck = g.times_each(before, [g.product(unlock, k) for k in self._keys])
            self.locks.append(deck)
            t = "lock"
        msg: dict[str, Any] = {"t": t, "page": self.me, "deck": deck}
        self.messages.append(msg)
        return [msg] + self._my_step()

    # --- dealing and showing ----------------------------------------------------------------------------------

    def give(self, places: "list[int]", to: int, now: float = 0.0) -> "list[dict[str, Any]]":
        """Places go to page ``to`` (or TABLE: shown to all). Every page calls this with the same arguments in the
        same order (the game's deal and draws say which); returns this page's keys for them, to send (none when
        the places are this page's own). ``now`` starts the wait for the keys this page needs."""
        if not self.sealed:
            raise ValueError("the deck is not sealed yet")
        for i in places:
            if i in self.holder:
                raise ValueError("place " + str(i) + " was already given")
            self.holder[i] = to
            if to in (self.me, TABLE):
                for p in range(self.pages):
                    if p != self.me and i not in self.sent.get(p, {}):
                        self.waits[(p, i)] = now
        out = [] if to == self.me else self._release(places)
        self._open(places)
        return out

    def show(self, places: "list[int]") -> "list[dict[str, Any]]":
        """This page shows cards it holds (a discard, a meld): its own keys for those places, to send."""
        for i in places:
            if self.holder.get(i) != self.me:
                raise ValueError("place " + str(i) + " is not this page's")
        return self._release(places)

    def expect_shown(self, page: int, places: "list[int]", now: float = 0.0) -> None:
        """Page ``page`` is to show these places (it said it discards or melds them): wait for its keys."""
        for i in places:
            if self.holder.get(i) != page:
                raise Cheat(page, "not-held", i)
            if i not in self.sent.get(page, {}):
                self.waits[(page, i)] = now
        self._open(places)

    def _release(self, places: "list[int]") -> "list[dict[str, Any]]":
        keys = [self._keys[i] for i in places]
        msg: dict[str, Any] = {"t": "keys", "page": self.me, "places": list(places), "keys": keys}
        self.messages.append(msg)
        mine = self.sent.setdefault(self.me, {})
        for i, k in zip(places, keys):
            mine[i] = k
        return [msg]

    def _take_keys(self, page: int, places: "list[int]", keys: "list[str]", msg: "dict[str, Any]") -> None:
        if not self.sealed:
            raise Cheat(page, "out-of-turn", -1, [msg])
        got = self.sent.setdefault(page, {})
        for i, k in zip(places, keys):
            if i in got and got[i] != k:
                raise Cheat(page, "changed-key", i, [msg])
        for i, k in zip(places, keys):
            got[i] = k
            self.waits.pop((page, i), None)
        self._open(places, msg)

    def _readable(self, place: int) -> bool:
        """Whether this page may read ``place``: given to it or to the table, or shown by its holder. A key that
        comes for another place (early, before the game gives it) is kept, not used."""
        holder = self.holder.get(place)
        if holder is None:
            return False
        return holder in (self.me, TABLE) or place in self.sent.get(holder, {})

    def _open(self, places: "list[int]", msg: "dict[str, Any] | None" = None) -> None:
        """Read every place among ``places`` that this page may read and whose keys it now has all of."""
        g = self.group
        final = self.locks[-1]
        blamed = 1 - self.me if self.pages == 2 else -1  # with more pages, the audit names the page
        for i in places:
            if i in self.opened or not self._readable(i):
                continue
            keys = [self._keys[i]]
            for p in range(self.pages):
                k = self.sent.get(p, {}).get(i)
                if p != self.me and k is not None:
                    keys.append(k)
            if len(keys) < self.pages:
                continue
            try:
                lift = keys[0]
                for k in keys[1:]:
                    lift = g.product(lift, k)
                point = g.times([final[i]], g.inverse(lift))[0]
            except GroupError:
                raise Cheat(blamed, "wrong-key", i, [msg] if msg else []) from None
            card = self._card_of.get(point)
            if card is None:
                raise Cheat(blamed, "wrong-key", i, [msg] if msg else [])
            self.opened[i] = card

    def card(self, place: int) -> int:
        """The card this page has read at ``place``, or -1 when it cannot (yet)."""
        return self.opened.get(place, -1)

    def check_shown(self, page: int, place: int, card: int) -> None:
        """Page ``page`` said it shows ``card`` from ``place``: true only if it holds the place and its keys open
        that card there (call once its keys have come)."""
        if self.holder.get(place) != page:
            raise Cheat(page, "not-held", place)
        if place not in self.opened:
            raise ValueError("the keys of place " + str(place) + " have not all come")
        if self.opened[place] != card:
            raise Cheat(page, "wrong-card", place, [m for m in self.messages if m["t"] == "keys"])

    def overdue(self, now: float, limit: float) -> None:
        """Raise Cheat ``withheld`` for the first page whose key this page has waited for longer than ``limit``."""
        for (page, place), since in sorted(self.waits.items()):
            if now - since > limit:
                raise Cheat(page, "withheld", place)

    # --- the audit --------------------------------------------------------------------------------------------

    def audit(self) -> "list[dict[str, Any]]":
        """Every key this page used, for every page to check the hand (send it when the hand is over)."""
        msg: dict[str, Any] = {"t": "audit", "page": self.me, "key": self._key, "keys": list(self._keys)}
        self.audits[self.me] = msg
        self.messages.append(msg)
        return [msg]

    def verify(self) -> "list[int]":
        """Check the whole hand once every page's audit is in; returns the card of each place of the sealed deck.
        Raises Cheat naming the first page and step that broke (pages and steps in order)."""
        if not self.sealed or len(self.audits) < self.pages:
            raise ValueError("the audit needs the sealed deck and every page's keys")
        g = self.group
        lift_all: list[str] = []
        for p in range(self.pages):
            audit = self.audits[p]
            evidence = [audit]
            try:
                unlock = g.inverse(audit["key"])
                before = self.shuffles[p - 1] if p else self.points
                if sorted(g.times(self.shuffles[p], unlock)) != sorted(before):
                    raise Cheat(p, "bad-shuffle", -1, evidence)
                before = self.locks[p - 1] if p else self.shuffles[-1]
                relock = g.times_each(before, [g.product(unlock, k) for k in audit["keys"]])
            except GroupError:
                raise Cheat(p, "bad-key", -1, evidence) from None
            for i in range(self.cards):
                if relock[i] != self.locks[p][i]:
                    raise Cheat(p, "bad-lock", i, evidence)
            for i, k in sorted(self.sent.get(p, {}).items()):
                if audit["keys"][i] != k:
                    raise Cheat(p, "changed-key", i, evidence)
            keys: list[str] = audit["keys"]
            lift_all = [g.product(a, b) for a, b in zip(lift_all, keys)] if lift_all else list(keys)
        # every lock checked: lifting every page's key of a place leaves its card's point
        points = g.times_each(self.locks[-1], [g.inverse(k) for k in lift_all])
        deck = [self._card_of.get(x, -1) for x in points]
        for i, card in sorted(self.opened.items()):
            if deck[i] != card:
                raise Cheat(-1, "wrong-card", i)
        return deck
