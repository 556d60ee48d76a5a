"""The drawing of :mod:`web.page.app.replays`: the replay viewer, the coach's review in the end-of-hand dialog,
and the dialogs to watch a hand record, to pick a past match and to share a replay link.

The positions are the engine's (``rummy-replay/1``: ``frames[i]`` is the position before action ``i``, the last
one the end); they are read here with the page's card and event readers, and nothing is decided from their words.
Plain functions of plain data, for CPython and MicroPython alike.
"""

from web.page.app.advice import mistake_words
from web.page.app.outcome import detail_words
from web.page.app.render import button, cards_row, dialog_frame
from web.page.app.text import describe_event, esc, headline, isolated, names_in
from web.page.i18n import N_, _, ngettext, pgettext
from web.page.shared.cards import card_of, text_of
from web.page.shared.protocol import MAX_NAME, clean_text
from web.page.shared.viewdata import Event, Meld, Result

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

GAME_TITLES = {"gin": N_("Gin Rummy"), "rummy": N_("Basic Rummy")}  # in English: translated where shown
# where a replay comes from, in the viewer's header ("Gin Rummy · this match · You, Ada"); translated where shown
SOURCE_WORDS = {
    # i18n: where the hand shown in a replay comes from, in its header ("Gin Rummy · this match · You, Ada")
    "match": N_("this match"),
    # i18n: where the hand shown in a replay comes from, in its header ("Gin Rummy · a past match · You, Ada")
    "past": N_("a past match"),
    # i18n: where the hand shown in a replay comes from, in its header: a file of a game's moves, opened or pasted
    "record": N_("a hand record"),
    # i18n: where the hand shown in a replay comes from, in its header: a link someone shared
    "link": N_("a shared replay"),
}


def game_title(game: str) -> str:
    """The game's name in the page's language ("Gin Rummy"); an unknown game as it is."""
    return _(GAME_TITLES[game]) if game in GAME_TITLES else game


# ---------------------------------------------------------------- reading the engine's replay

def _cards(v: object, where: str) -> list[int]:
    if type(v) is not list:
        # i18n: why a replay cannot be read (rarely seen): {where} names a part of its data ("frames[3].discard")
        raise ValueError(_("{where}: a list of cards was expected").format(where=where))
    out = []
    for t in v:
        out.append(card_of(t))
    return out


def read_frame(f: object, players: int, where: str = "frame") -> "dict[str, Any]":
    """One position of a replay, read: every hand's cards, the piles, the melds, the scores and the events."""
    if not isinstance(f, dict):
        # i18n: why a replay cannot be read (rarely seen): {where} names a part of its data ("frames[3]"); an
        # object: a JSON object
        raise ValueError(_("{where}: an object was expected").format(where=where))
    hands = f.get("hands")
    if type(hands) is not list or len(hands) != players:
        # i18n: why a replay cannot be read (rarely seen): {where} names a part of its data ("frames[3].hands")
        raise ValueError(_("{where}: one hand per player was expected").format(where=where + ".hands"))
    scores = f.get("scores")
    if type(scores) is not list or len(scores) != players or [s for s in scores if type(s) is not int]:
        # i18n: why a replay cannot be read (rarely seen): {where} names a part of its data ("frames[3].scores")
        raise ValueError(_("{where}: one score per player was expected").format(where=where + ".scores"))
    turn = f.get("turn")
    if turn is not None and (type(turn) is not int or not 0 <= turn < players):
        # i18n: why a replay cannot be read (rarely seen): {where} names a part of its data ("frames[3].turn");
        # null: the JSON value, kept as it is
        raise ValueError(_("{where}: a seat or null was expected").format(where=where + ".turn"))
    stock = f.get("stock")
    if type(stock) is not int:
        # i18n: why a replay cannot be read (rarely seen): {where} names a part of its data ("frames[3].stock")
        raise ValueError(_("{where}: a count was expected").format(where=where + ".stock"))
    table = f.get("table")
    if type(table) is not list:
        # i18n: why a replay cannot be read (rarely seen): {where} names a part of its data ("frames[3].table")
        raise ValueError(_("{where}: a list of melds was expected").format(where=where + ".table"))
    events = f.get("events")
    if type(events) is not list:
        # i18n: why a replay cannot be read (rarely seen): {where} names a part of its data ("frames[3].events")
        raise ValueError(_("{where}: a list was expected").format(where=where + ".events"))
    action = f.get("action")
    return {"hands": [_cards(h, where + ".hands") for h in hands], "stock": stock,
            "discard": _cards(f.get("discard"), where + ".discard"),
            "table": [Meld(m, where + ".table") for m in table], "scores": list(scores), "turn": turn,
            "phase": str(f.get("phase")), "action": action if type(action) is str else None,
            "events": [Event(e, where + ".events") for e in events]}


def replay_problem(data: object) -> str | None:
    """None when ``data`` is a replay this page can show, else what is wrong with it."""
    try:
        if not isinstance(data, dict) or data.get("format") != "rummy-replay/1":
            # i18n: why a replay cannot be shown, said after "This hand cannot be replayed: its positions cannot be
            # read (...)"; rummy-replay/1 is the name of a file format, kept as it is
            return _("it is not a replay (rummy-replay/1)")
        players = data.get("players")
        if type(players) is not int or not 2 <= players <= 6:
            # i18n: why a replay cannot be shown, said after "This hand cannot be replayed: its positions cannot be
            # read (...)"
            return _("its number of players is not 2 to 6")
        if data.get("game") not in GAME_TITLES:
            # i18n: why a replay cannot be shown, said after "This hand cannot be replayed: its positions cannot be
            # read (...)"
            return _("its game is not Gin Rummy or Basic Rummy")
        frames = data.get("frames")
        if type(frames) is not list or not frames:
            # i18n: why a replay cannot be shown, said after "This hand cannot be replayed: its positions cannot be
            # read (...)"; a position: the cards at one step of the hand
            return _("it has no positions")
        for i, f in enumerate(frames):
            read_frame(f, players, "frames[" + str(i) + "]")
        if data.get("result") is not None:
            Result(data["result"], "result", players)
    except (ValueError, KeyError, TypeError, IndexError) as e:
        return str(e)
    return None


def names_for(names: object, players: int) -> list[str]:
    """The players' names (a record's, from outside: made clean, web.page.shared.protocol.clean_text): those given
    when there is one per seat, else "Player 1", "Player 2" ..."""
    clean = [clean_text(n, MAX_NAME) for n in names] if isinstance(names, list) else []
    if len(clean) == players and all(clean):
        return clean
    # i18n: the name of a player of a hand record that names nobody: Player 1, Player 2 ...
    return [_("Player {n}").format(n=i + 1) for i in range(players)]


def step_words(frame: "dict[str, Any]", index: int, names: "Sequence[str]") -> str:
    """What happened to reach position ``index``: the deal, or the events of the action before it."""
    if index == 0:
        # i18n: the first step of a replay, in its list of moves: the cards are dealt
        return _("The deal")
    lines = [describe_event(e, names) for e in frame["events"]]
    if not lines and frame["action"]:
        lines = [names_in(frame["action"], names)]
    return "; ".join(lines) or "—"


def result_words(data: "dict[str, Any]", names: "Sequence[str]") -> tuple[str, str]:
    """The hand's end in words (its headline and the engine's detail), or "" when the replay does not end it."""
    if data.get("result") is None:
        return "", ""
    r = Result(data["result"], "result", data["players"])
    return headline(r, names), detail_words(r, names)


# ---------------------------------------------------------------- the viewer

def _btn(act: str, label: str, key: str, extra: str = "", cls: str = "btn small") -> str:
    return "".join(('<button type="button" class="', cls, '" data-act="', act, '" data-key="', key, '" ', extra, ">",
                    label, "</button>"))


def _seat_html(frame: "dict[str, Any]", s: int, names: "Sequence[str]", colors_turn: bool, game: str) -> str:
    cards = frame["hands"][s]
    turn = frame["turn"] == s
    n = len(cards)
    score = frame["scores"][s]
    if turn and colors_turn:
        # i18n: a player's place in a replay, for screen readers: their name, how many cards they hold, their
        # score, and that it is their turn
        label = ngettext("{name}: {n} card, score {score}, to play", "{name}: {n} cards, score {score}, to play",
                         n).format(name=isolated(names[s]), n=n, score=score)
    else:
        # i18n: a player's place in a replay, for screen readers: their name, how many cards they hold, their score
        label = ngettext("{name}: {n} card, score {score}", "{name}: {n} cards, score {score}", n).format(
            name=isolated(names[s]), n=n, score=score)
    # i18n: in a replay, a player who holds no cards (they went out)
    body = cards_row(cards) if cards else '<p class="muted">' + esc(_("no cards")) + "</p>"
    # i18n: a player's score beside their name in a replay ("12 pts"): pts is short for points
    points = _("{points} pts").format(points=score)
    # i18n: beside a player's name in a replay: it is their turn
    to_play = ' <span class="replay-turn">' + esc(_("to play")) + "</span>" if turn and colors_turn else ""
    return "".join(('<section class="replay-seat', (" turn" if turn and colors_turn else ""), '" data-testid="replay-seat-',
                    str(s), '" data-cards="', " ".join(_texts(cards)), '" aria-label="', esc(label), '">'
                    '<h3 class="replay-who">', esc(isolated(names[s])), ' <span class="replay-score">', esc(points),
                    "</span>", to_play, "</h3>", body, "</section>"))


def _texts(cards: "Sequence[int]") -> list[str]:
    return [text_of(c) for c in cards]


def _middle_html(frame: "dict[str, Any]", game: str) -> str:
    top = frame["discard"][-3:]
    # i18n: in a replay: the discard pile holds no card
    pile = cards_row(top) if top else '<span class="muted">' + esc(_("empty")) + "</span>"
    # i18n: in a replay: how many cards are left in the stock (the face-down pile cards are drawn from)
    stock = ngettext("Stock: {n} card", "Stock: {n} cards", frame["stock"]).format(n=frame["stock"])
    # i18n: in a replay: the label of the discard pile, {n} how many cards it holds; its last three cards follow,
    # the top one last
    discard = _("Discard pile ({n}, top last)").format(n=len(frame["discard"]))
    out = "".join(('<div class="replay-piles"><p class="replay-stock" data-testid="replay-stock">', esc(stock),
                   '</p><div class="replay-discard" data-testid="replay-discard">'
                   '<span class="lbl">', esc(discard), '</span> ', pile,
                   "</div></div>"))
    if game == "rummy":
        rows = []
        for i, m in enumerate(frame["table"], 1):
            rows.append("".join(('<div class="meld-line"><span class="muted">', str(i), ".</span>", cards_row(m.cards, "", m.wild),
                                 "</div>")))
        # i18n: in a replay of Basic Rummy: no meld has been laid on the table yet
        none_yet = ' <span class="muted">' + esc(_("none yet")) + "</span>"
        out += "".join(('<div class="replay-melds" data-testid="replay-melds"><span class="lbl">',
                        esc(_("Melds on the table")), "</span>", ("".join(rows) if rows else none_yet), "</div>"))
    return out


def coach_note_html(mistake: "dict[str, Any] | None", names: "Sequence[str]") -> str:
    """At the position of a decision the expert would have made otherwise: what was played and its advice."""
    if mistake is None:
        return ""
    cost = mistake.get("cost") or 0
    priced = mistake.get("priced", True)
    if cost and priced:
        # i18n: what a decision the coach would have made otherwise cost: {points} a number of points, perhaps with
        # one decimal ("2.5")
        lead = _("about {points} points").format(points=_points(cost))
    else:
        # i18n: the coach would have decided otherwise, but the choice costs no points
        lead = _("a matter of style (no points counted)")
    # i18n: the coach, who reviews the person's decisions of a hand and says where an expert would have played
    # otherwise (a title)
    coach = _("Coach")
    return "".join(('<div class="coach-note" data-testid="coach-note"><p><strong>', esc(coach),
                    '</strong> · <span class="coach-cost">',
                    esc(lead), "</span></p><p>", esc(mistake_words(mistake, names)), "</p></div>"))


def _points(cost: float) -> str:
    """A cost in points as the coach says it: one decimal, without a trailing .0."""
    tenths = round(float(cost) * 10)
    whole, part = tenths // 10, tenths % 10
    return str(whole) + ("" if part == 0 else "." + str(part))


def problem_html(words: str | None) -> str:
    """Why a hand could not be replayed, said beside what asked for it."""
    if not words:
        return ""
    return "".join(('<p class="record-error" role="alert" data-testid="replay-problem">', esc(words), "</p>"))


def viewer_html(r: "dict[str, Any]", can_link: bool, back_words: str) -> str:
    """The replay viewer: the position at step ``r["index"]`` with every hand face up, the steps, the log."""
    if r.get("loading"):
        return "".join(('<div class="replay loading" data-testid="replay" data-loading="true"><p class="prompt" role="status">',
                        esc(_("Opening the replay…")), "</p>", _btn("replay-close", esc(back_words), "replay-close"),
                        "</div>"))
    data = r["data"]
    names = r["names"]
    players = data["players"]
    frames = data["frames"]
    last = len(frames) - 1
    index = max(0, min(last, r["index"]))
    frame = read_frame(frames[index], players)
    game = data["game"]
    marks = r.get("marks") or {}
    # the header: which hand, where it comes from, the hands to pick from
    if r["hands"] > 1:
        # i18n: the title of the replay viewer: which hand of how many (of a match or a record)
        title = _("Replay · hand {hand} of {hands}").format(hand=data["hand"] + 1, hands=r["hands"])
    else:
        # i18n: the title of the replay viewer: which hand
        title = _("Replay · hand {hand}").format(hand=data["hand"] + 1)
    picker = ""
    if r["hands"] > 1:
        picks = []
        for h in range(r["hands"]):
            here = h == data["hand"]
            # i18n: a button (shown as its number) that shows that hand in the replay viewer, for screen readers
            hand_label = esc(_("Hand {n}").format(n=h + 1))
            picks.append(_btn("replay-pick", str(h + 1), "replay-pick-" + str(h), "".join(('data-hand="', str(h), '"',
                              ' aria-label="', hand_label, '"', (' aria-current="true"' if here else ""))),
                              "chip" + (" current" if here else "")))
        if r["source"] in ("record", "link"):
            # i18n: for screen readers, the group of buttons that pick a hand of a hand record to replay
            group = _("Hands of this record")
        else:
            # i18n: for screen readers, the group of buttons that pick a hand of the match to replay
            group = _("Hands of this match")
        # i18n: the label before the buttons 1, 2, 3 ... that pick which hand the replay shows
        hand_word = _("Hand")
        picker = "".join(('<div class="replay-hands" role="group" aria-label="', esc(group), '">',
                          '<span class="lbl">', esc(hand_word), "</span>", "".join(picks), "</div>"))
    where = r["source"]
    source = r.get("from") or (_(SOURCE_WORDS[where]) if where in SOURCE_WORDS else "")
    head = "".join(('<header class="replay-head"><div><h2 id="replay-title" class="replay-title">', esc(title), "</h2>"
                    '<p class="muted replay-from">', esc(game_title(game)), " · ", esc(source), " · ",
                    esc(", ".join(isolated(n) for n in names)), "</p></div>",
                    picker, '<div class="replay-tools">',
                    # i18n: a button of the replay viewer: copies a link that shows this hand's replay to anyone
                    (_btn("replay-link", esc(_("Copy replay link")), "replay-link", 'data-testid="replay-link"')
                     if can_link else ""),
                    _btn("replay-close", esc(back_words), "replay-close", 'data-testid="replay-close"'), "</div>",
                    problem_html(r.get("problem")), "</header>"))
    # the position
    seats = "".join(_seat_html(frame, s, names, frame["phase"] in ("first-upcard", "draw", "play"), game)
                    for s in range(players))
    now = step_words(frame, index, names)
    end = ""
    if index == last:
        said, detail = result_words(data, names)
        if said:
            end = "".join(('<div class="replay-end" data-testid="replay-result"><p class="headline">', esc(said), "</p>"
                           '<p class="detail">', esc(detail), "</p></div>"))
    note = coach_note_html(marks.get(str(index)), names)
    # i18n: in the replay viewer: which step of the hand is shown (step 0 is the deal)
    count = _("Step {step} of {last}").format(step=index, last=last)
    board = "".join(('<section class="replay-board" aria-labelledby="replay-now">'
                     '<p class="replay-now" id="replay-now" data-testid="replay-now"><span class="replay-count">',
                     esc(count), "</span> ", esc(now), "</p>", note, end,
                     '<div class="replay-seats">', seats, "</div>", _middle_html(frame, game), "</section>"))
    # the steps
    at_start, at_end = index == 0, index == last
    controls = "".join(('<div class="replay-controls" role="toolbar" aria-label="',
                        # i18n: for screen readers, the toolbar of the replay viewer's buttons Start, Back, Forward, End
                        esc(_("Step through the hand")), '">',
                        # i18n: a button of the replay viewer: go to the start of the hand (keep the symbol)
                        _btn("replay-first", esc(_("⏮ Start")), "replay-first",
                             # i18n: the tooltip of the replay viewer's Start button: Home is the key of the keyboard
                             'aria-keyshortcuts="Home" title="' + esc(_("Start (Home)")) + '"'
                             + (" disabled" if at_start else ""), "btn"),
                        # i18n: a button of the replay viewer: one step back (keep the symbol)
                        _btn("replay-prev", esc(_("◀ Back")), "replay-prev",
                             # i18n: the tooltip of the replay viewer's Back button: ← is the left arrow key
                             'aria-keyshortcuts="ArrowLeft" title="' + esc(_("Back (←)")) + '"'
                             + (" disabled" if at_start else ""), "btn"),
                        # i18n: a button of the replay viewer: one step forward (keep the symbol)
                        _btn("replay-next", esc(_("Forward ▶")), "replay-next",
                             # i18n: the tooltip of the replay viewer's Forward button: → is the right arrow key
                             'aria-keyshortcuts="ArrowRight" title="' + esc(_("Forward (→)")) + '"'
                             + (" disabled" if at_end else ""), "btn primary"),
                        # i18n: a button of the replay viewer: go to the end of the hand (keep the symbol)
                        _btn("replay-last", esc(_("End ⏭")), "replay-last",
                             # i18n: the tooltip of the replay viewer's End button: the second End is the End key of
                             # the keyboard
                             'aria-keyshortcuts="End" title="' + esc(_("End (End)")) + '"'
                             + (" disabled" if at_end else ""), "btn"),
                        '<span class="muted replay-keys">',
                        # i18n: the keys of the replay viewer: the left and right arrow keys, Home and End
                        esc(_("Keys: ← → Home End")), "</span></div>"))
    # the log: one line per position, the current one marked
    lines = []
    for i in range(len(frames)):
        f = frame if i == index else read_frame(frames[i], players)
        words = step_words(f, i, names)
        m = marks.get(str(i - 1)) if i > 0 else None  # the decision made at position i - 1 led here
        badge = ""
        if m is not None:
            # i18n: the tooltip of a mark in a replay's list of moves: the coach has a note on this move
            title_words = esc(_("The coach"))
            # i18n: a mark in a replay's list of moves: the coach has a note on this move, which cost no points
            mark = "−" + _points(m.get("cost") or 0) if m.get("cost") else esc(_("coach"))
            badge = "".join((' <span class="coach-badge', (" marked" if m.get("marked") else ""), '" title="',
                             title_words, '">', mark, "</span>"))
        lines.append("".join(('<li', (' class="now"' if i == index else ""), ">", _btn(
            "replay-step", "".join(('<span class="log-no">', str(i), ".</span> ", esc(words), badge)), "replay-step-" + str(i),
            'data-index="' + str(i) + '"' + (' aria-current="step"' if i == index else ""), "replay-line"), "</li>")))
    # i18n: the heading of a replay's list of moves
    log = "".join(('<section class="replay-log" aria-labelledby="replay-log-title"><h3 id="replay-log-title">',
                   esc(_("Moves")), "</h3>"
                   '<ol class="replay-list" data-testid="replay-log">', "".join(lines), "</ol></section>"))
    return "".join(('<div class="replay game-', esc(game), '" data-testid="replay" data-hand="', str(data["hand"]),
                    '" data-index="', str(index), '" data-last="', str(last), '" data-source="', esc(r["source"]),
                    '">', head, '<div class="replay-main">', board, log, "</div>", controls, "</div>"))


# ---------------------------------------------------------------- the end of a hand

def review_html(review: "dict[str, Any] | None", busy: bool, can_ask: bool, hand: int, names: "Sequence[str]",
                progress: "tuple[int, int] | None" = None) -> str:
    """The coach's review of the person's decisions in ``hand`` (the engine's data), or what is happening
    (``progress``: how many of the hand's decisions the coach has looked at, of how many)."""
    # i18n: the heading of the coach's review of a hand: the coach says where an expert would have played
    # otherwise (a title)
    out = "".join(('<section class="coach" data-testid="coach" aria-labelledby="coach-title"><h3 id="coach-title">',
                   esc(_("Coach")), "</h3>"))
    if busy:
        bar = ""
        if progress is not None:
            done, of = progress
            # i18n: how far the coach got in reviewing a hand: {done} of the person's {n} decisions looked at
            said = ngettext("{done} of your {n} decision", "{done} of your {n} decisions", of).format(done=done, n=of)
            bar = "".join(('<progress data-testid="coach-progress" max="', str(of), '" value="', str(done), '">',
                           "</progress> <span>", esc(said), "</span>"))
        return "".join((out, '<p class="muted" role="status" data-testid="coach-busy">',
                        esc(_("The coach is looking at your hand…")), "</p>", bar, "</section>"))
    if review is None:
        if not can_ask:
            return ""
        return out + "".join(('<p class="muted">',
                              esc(_("See where the expert would have played otherwise, and what it cost.")), "</p>",
                              # i18n: the button that asks the coach to review the hand just played
                              button("coach", pgettext("a button", "Coach"), False,
                                     'data-hand="' + str(hand) + '" data-testid="coach-ask"'),
                              "</section>"))
    if review.get("error"):
        return "".join((out, '<p class="record-error" role="alert">', esc(review["error"]), "</p></section>"))
    mistakes = review.get("mistakes") or []
    decisions = review.get("decisions", 0)
    if not mistakes:
        # i18n: what the coach's review of a hand cost, in bold in a sentence: {points} a number of points, perhaps
        # with one decimal ("2.5")
        cost_html = '<strong data-testid="coach-total">' + esc(_("{points} points").format(points=0)) + "</strong>"
        # i18n: the coach's review of a hand in which the person decided as the expert would have; {cost} is "0
        # points", in bold
        words = ngettext("You played this hand as the expert would: every one of your {n} decision matched. "
                         "Cost: {cost}.",
                         "You played this hand as the expert would: every one of your {n} decisions matched. "
                         "Cost: {cost}.", decisions)
        return out + "".join(('<p data-testid="coach-none">', esc(words).format(n=decisions, cost=cost_html),
                              "</p></section>"))
    total = review.get("total") or 0
    cost_html = "".join(('<strong data-testid="coach-total">', esc(_("{points} points").format(points=_points(total))),
                         "</strong>"))
    if total:
        # i18n: the coach's review of a hand: in how many of the person's {n} decisions the expert would have chosen
        # otherwise, and what they cost ({cost}: "2.5 points", in bold), as the engine estimates it
        words = ngettext("The expert would have chosen otherwise in {mistakes} of {n} decision, costing about {cost} "
                         "by its estimate.",
                         "The expert would have chosen otherwise in {mistakes} of {n} decisions, costing about {cost} "
                         "by its estimate.", decisions)
    else:
        # i18n: the coach's review of a hand: in how many of the person's {n} decisions the expert would have chosen
        # otherwise, and what they cost ({cost}: "0 points", in bold: choices of style)
        words = ngettext("The expert would have chosen otherwise in {mistakes} of {n} decision, costing about "
                         "{cost}.",
                         "The expert would have chosen otherwise in {mistakes} of {n} decisions, costing about "
                         "{cost}.", decisions)
    out += "".join(('<p data-testid="coach-summary">', esc(words).format(mistakes=len(mistakes), n=decisions,
                                                                      cost=cost_html),
                    "</p>"))
    items = []
    for m in mistakes:
        cost = m.get("cost") or 0
        priced = m.get("priced", True)
        marked = bool(m.get("marked"))
        if cost and priced:
            # i18n: what one decision cost in the coach's review: {points} a number of points, perhaps with one
            # decimal ("2.5"); pts is short for points
            cost_words = _("about {points} pts").format(points=_points(cost))
        else:
            # i18n: in the coach's review: a decision the expert would have made otherwise, that costs no points (a
            # matter of style)
            cost_words = _("style")
        tag = "".join(('<span class="coach-cost">', esc(cost_words), "</span>"))
        # i18n: in the coach's review: the mark of a decision that cost many points
        star = '<span class="coach-star">' + esc(_("Costly")) + "</span> " if marked else ""
        items.append("".join(('<li class="mistake', (" marked" if marked else ""), '" data-testid="mistake" data-index="',
                              str(m.get("index", 0)), '" data-cost="', esc(cost), '">', tag, " ", star,
                              '<span class="coach-words">', esc(mistake_words(m, names)), "</span> ",
                              # i18n: a button in the coach's review: shows this move in the replay of the hand
                              _btn("coach-show", esc(_("Show")), "coach-show-" + str(m.get("index", 0)), "".join((
                                  'data-hand="', str(hand), '" data-index="', str(m.get("index", 0)), '" aria-label="',
                                  # i18n: for screen readers, the button Show of the coach's review: {n} the move's
                                  # number in the hand
                                  esc(_("Show move {n} in the replay").format(n=m.get("index", 0) + 1)),
                                  '" data-testid="coach-show"')), "btn"),
                              "</li>")))
    return "".join((out, '<ol class="coach-list" data-testid="coach-list">', "".join(items), "</ol></section>"))


def end_tools_html(hand: int, busy_export: bool, note: str, problem: str | None = None) -> str:
    """The end-of-hand buttons of this part: replay the hand, export the record (and why the hand could not be
    replayed)."""
    return "".join((problem_html(problem), '<div class="replay-tools end" data-testid="replay-tools">',
                    button("replay-hand", _("Replay this hand"), False,
                           'data-hand="' + str(hand) + '" data-testid="replay-hand"'),
                    # i18n: a button at the end of a hand: saves a file of the match's moves (a hand record)
                    button("export-record", _("Export hand record"), False, 'data-testid="export-record"'
                           + (" disabled" if busy_export else "")),
                    ("".join(('<span class="muted" role="status">', esc(note), "</span>")) if note else ""), "</div>"))


def scores_replays_html(hands: int, problems: "dict[str, str] | None" = None) -> str:
    """The Scores dialog: a Replay button for each finished hand (and why one could not be replayed)."""
    if not hands:
        return ""
    said = problems or {}
    # i18n: for screen readers, the group of buttons 1, 2, 3 ... that replay a hand of the match
    group = esc(_("Replay a hand"))
    # i18n: the label before the buttons 1, 2, 3 ... that replay a hand of the match
    lead = esc(_("Replay hand"))
    return "".join(('<div class="replay-picks" role="group" aria-label="', group, '"><span class="lbl">', lead,
                    "</span> ",
                    # i18n: for screen readers, a button (shown as its number) that replays that hand of the match
                    "".join(_btn("replay-hand", str(h + 1), "scores-replay-" + str(h), "".join((
                        'data-hand="', str(h), '" aria-label="', esc(_("Replay hand {n}").format(n=h + 1)), '"')),
                        "chip") for h in range(hands)), "</div>",
                    "".join(problem_html(said.get("match:" + str(h))) for h in range(hands))))


# ---------------------------------------------------------------- dialogs

def watch_html(watch: "dict[str, Any]") -> str:
    """Watch a hand record: open a file or paste its text; the engine's error when it cannot be read."""
    error = ""
    if watch.get("error"):
        error = "".join(('<p class="record-error" role="alert" data-testid="record-error">', esc(watch["error"]), "</p>"))
    busy = watch.get("busy")
    # i18n: {format} is the name of the file format (rummy-record/1); a hand record is a file of a match's moves
    about = _("Watch any hand of a hand record ({format}), such as one exported at the end of a hand: every hand face "
              "up, step by step.")
    body = "".join(("<p>", esc(about).format(format="<code>rummy-record/1</code>"), "</p>",
                    # i18n: a button that opens a hand record from a file on the device
                    button("record-file", _("Open a file…"), False,
                           'data-testid="record-file"' + (" disabled" if busy else "")),
                    '<label class="field block" for="record-text">', esc(_("Or paste the record here")), "</label>"
                    '<textarea id="record-text" name="record-text" rows="6" spellcheck="false" autocomplete="off" '
                    'data-key="record-text" data-testid="record-text">', esc(watch.get("text", "")), "</textarea>",
                    error,
                    ('<p class="muted" role="status">' + esc(_("Reading the record…")) + "</p>" if busy else "")))
    # i18n: the title of the dialog that shows a hand record's hands (and a button of Help that opens it)
    return dialog_frame(_("Watch a hand record"), body,
                        # i18n: the button that shows the hand record pasted or opened, in the replay viewer
                        button("record-paste", _("Watch"), True, 'data-field="record-text" data-testid="record-watch"'
                               + (" disabled" if busy else "")) + button("close", _("Close")), "watch-dialog")


def past_html(past: "Sequence[dict[str, Any]]", problems: "dict[str, str] | None" = None) -> str:
    """The last finished matches kept in this browser, each with a button per hand (and why one of its hands could
    not be replayed)."""
    said = problems or {}
    if not past:
        # i18n: the Past matches dialog when no match is kept yet; {n} is 10
        none = _("No finished match yet. The last {n} matches you finish are kept here, in this browser, to "
                 "replay.").format(n=10)
        body = "".join(('<p data-testid="past-none">', esc(none), "</p>"))
    else:
        rows = []
        for i, m in enumerate(past):
            names = [clean_text(n, MAX_NAME) for n in m["names"]]
            final = " · ".join(esc(isolated(names[s])) + " " + str(m["final"][s]) for s in range(len(names)))
            w = m.get("winner")
            if w is None:
                # i18n: in the list of past matches: the match ended in a tie
                won = pgettext("a tie", "draw")
            elif names[w] == "You":  # seat 0 against the computer (core's name, not a shown text)
                # i18n: in the list of past matches: the person won the match
                won = _("you won")
            else:
                # i18n: in the list of past matches: who won the match
                won = _("{name} won").format(name=isolated(names[w]))
            when = (esc(m["when"]) + " · ") if m.get("when") else ""
            # i18n: for screen readers, a button (shown as its number) that replays that hand of a past match; {n} as
            # a number standing on its own (the name must say what the button shows)
            picks = "".join("".join(('<button type="button" class="chip" data-act="past-replay" data-match="', str(i),
                                     '" data-hand="', str(h), '" data-key="past-', str(i), "-", str(h),
                                     '" aria-label="', esc(_("Replay hand {n} of this match").format(n=h + 1)), '">',
                                     str(h + 1), "</button>")) for h in range(m["hands"]))
            # i18n: in the list of past matches: how many hands the match had
            hands = ngettext("{n} hand", "{n} hands", m["hands"]).format(n=m["hands"])
            rows.append("".join(('<li class="past-match" data-testid="past-match"><p><strong>',
                                 esc(game_title(m["game"])), "</strong> · ", when, final, " · ",
                                 esc(won), " · ", esc(hands), '</p><div class="replay-picks" role="group"'
                                 ' aria-label="', esc(_("Replay a hand")), '"><span class="lbl">', esc(_("Replay hand")),
                                 "</span> ", picks, "</div>",
                                 "".join(problem_html(said.get("past:" + str(i) + ":" + str(h))) for h in range(m["hands"])),
                                 "</li>")))
        body = "".join(('<p class="muted">', esc(_("Your last finished matches, newest first, kept in this browser.")),
                        '</p><ol class="past-list" data-testid="past-list">', "".join(rows), "</ol>"))
    # i18n: the title of the dialog of the last finished matches, to replay (and a button of Help that opens it)
    return dialog_frame(_("Past matches"), body, button("close", _("Close"), True), "past-dialog")


def link_html(box: "dict[str, Any]") -> str:
    """A replay's link, selectable, and Copy."""
    body = "".join(('<label for="replay-link-text">',
                    esc(_("Anyone who opens this link watches this hand, every card face up:")), "</label>"
                    '<input id="replay-link-text" class="share-text" data-testid="replay-link-text" readonly value="',
                    esc(box["url"]), '">'
                    '<p class="muted" role="status" data-testid="replay-link-status">', esc(box["status"]), "</p>"))
    # i18n: the title of the dialog that shows a replay's link, to copy
    return dialog_frame(_("Share this replay"), body,
                        # i18n: the button that copies the replay's link
                        button("copy-replay-link", _("Copy"), True) + button("close", _("Close")),
                        "replay-link-dialog")


def help_text_html() -> str:
    """The Help dialog's words on this part (its buttons are in the dialog's row: the text scrolls alone)."""
    def bold(words: str) -> str:
        return "<strong>" + esc(words) + "</strong>"

    # i18n: Help on the replays: {replay}, {coach} and {export} are the names of the buttons shown after a hand
    # ("Replay this hand", "Coach", "Export hand record"), in bold
    after = esc(_("After a hand: {replay}, the {coach} (or turn it on for every hand in Settings) and {export}.")).format(
        replay=bold(_("Replay this hand")), coach=bold(pgettext("a button", "Coach")),
        export=bold(_("Export hand record")))
    # i18n: Help on the replays: ← → are the arrow keys; Home, End and Esc the keys of the keyboard
    keys = esc(_("In a replay, ← → step through the hand, Home and End jump to its start and end, Esc goes back."))
    # i18n: Help on the replays: {watch} and {past} are the names of two buttons of Help ("Watch a hand record",
    # "Past matches"), in bold
    more = esc(_("{watch} plays a record from a file or pasted text; {past} keeps your last 10 finished "
                 "matches.")).format(watch=bold(_("Watch a hand record")), past=bold(_("Past matches")))
    # i18n: the heading of Help's part on replays
    return "".join(("<h3>", esc(_("Replays")), "</h3><p>", after, " ", keys, " ", more, "</p>"))


def help_buttons_html() -> str:
    """The Help dialog's way into this part."""
    return (button("watch-record", _("Watch a hand record"), False, 'data-testid="watch-record"')
            + button("past-matches", _("Past matches"), False, 'data-testid="past-matches"'))
