"""The drawing of :mod:`web.page.app.replays`: the replay viewer, the coach's review in the end-of-hand dialog,
and the dialogs to watch a hand record, to pick a past match and to share a replay link.

The positions are the engine's (``rummy-replay/1``: ``frames[i]`` is the position before action ``i``, the last
one the end); they are read here with the page's card and event readers, and nothing is decided from their words.
Plain functions of plain data, for CPython and MicroPython alike.
"""

from web.page.app.render import button, cards_row, dialog_frame
from web.page.app.text import describe_event, esc, headline, isolated, names_in, plural
from web.page.shared.cards import card_of, text_of
from web.page.shared.protocol import MAX_NAME, clean_text
from web.page.shared.viewdata import Event, Meld, Result

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

GAME_TITLES = {"gin": "Gin Rummy", "rummy": "Basic Rummy"}
SOURCE_WORDS = {"match": "this match", "past": "a past match", "record": "a hand record", "link": "a shared replay"}


# ---------------------------------------------------------------- reading the engine's replay

def _cards(v: object, where: str) -> list[int]:
    if type(v) is not list:
        raise ValueError(where + ": a list of cards was expected")
    out = []
    for t in v:
        out.append(card_of(t))
    return out


def read_frame(f: object, players: int, where: str = "frame") -> "dict[str, Any]":
    """One position of a replay, read: every hand's cards, the piles, the melds, the scores and the events."""
    if not isinstance(f, dict):
        raise ValueError(where + ": an object was expected")
    hands = f.get("hands")
    if type(hands) is not list or len(hands) != players:
        raise ValueError(where + ".hands: one hand per player was expected")
    scores = f.get("scores")
    if type(scores) is not list or len(scores) != players or [s for s in scores if type(s) is not int]:
        raise ValueError(where + ".scores: one score per player was expected")
    turn = f.get("turn")
    if turn is not None and (type(turn) is not int or not 0 <= turn < players):
        raise ValueError(where + ".turn: a seat or null was expected")
    stock = f.get("stock")
    if type(stock) is not int:
        raise ValueError(where + ".stock: a count was expected")
    table = f.get("table")
    if type(table) is not list:
        raise ValueError(where + ".table: a list of melds was expected")
    events = f.get("events")
    if type(events) is not list:
        raise ValueError(where + ".events: a list was expected")
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
            return "it is not a replay (rummy-replay/1)"
        players = data.get("players")
        if type(players) is not int or not 2 <= players <= 6:
            return "its number of players is not 2 to 6"
        if data.get("game") not in GAME_TITLES:
            return "its game is not Gin Rummy or Basic Rummy"
        frames = data.get("frames")
        if type(frames) is not list or not frames:
            return "it has no positions"
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
    return ["Player " + str(i + 1) for i in range(players)]


def step_words(frame: "dict[str, Any]", index: int, names: "Sequence[str]") -> str:
    """What happened to reach position ``index``: the deal, or the events of the action before it."""
    if index == 0:
        return "The deal"
    lines = [describe_event(e, names) for e in frame["events"]]
    if not lines and frame["action"]:
        lines = [names_in(frame["action"], names)]
    return "; ".join(lines) or "—"


def result_words(data: "dict[str, Any]", names: "Sequence[str]") -> tuple[str, str]:
    """The hand's end in words (its headline and the engine's detail), or "" when the replay does not end it."""
    if data.get("result") is None:
        return "", ""
    r = Result(data["result"], "result", data["players"])
    return headline(r, names), names_in(r.detail, names)


# ---------------------------------------------------------------- the viewer

def _btn(act: str, label: str, key: str, extra: str = "", cls: str = "btn small") -> str:
    return "".join(('<button type="button" class="', cls, '" data-act="', act, '" data-key="', key, '" ', extra, ">",
                    label, "</button>"))


def _seat_html(frame: "dict[str, Any]", s: int, names: "Sequence[str]", colors_turn: bool, game: str) -> str:
    cards = frame["hands"][s]
    turn = frame["turn"] == s
    label = "".join((isolated(names[s]), ": ", plural(len(cards), "card"), ", score ", str(frame["scores"][s]), (
        ", to play" if turn and colors_turn else "")))
    body = cards_row(cards) if cards else '<p class="muted">no cards</p>'
    return "".join(('<section class="replay-seat', (" turn" if turn and colors_turn else ""), '" data-testid="replay-seat-',
                    str(s), '" data-cards="', " ".join(_texts(cards)), '" aria-label="', esc(label), '">'
                    '<h3 class="replay-who">', esc(isolated(names[s])), ' <span class="replay-score">', str(frame["scores"][s]),
                    " pts</span>", (' <span class="replay-turn">to play</span>' if turn and colors_turn else ""),
                    "</h3>", body, "</section>"))


def _texts(cards: "Sequence[int]") -> list[str]:
    return [text_of(c) for c in cards]


def _middle_html(frame: "dict[str, Any]", game: str) -> str:
    top = frame["discard"][-3:]
    pile = cards_row(top) if top else '<span class="muted">empty</span>'
    out = "".join(('<div class="replay-piles"><p class="replay-stock" data-testid="replay-stock">Stock: ',
                   plural(frame["stock"], "card"), '</p><div class="replay-discard" data-testid="replay-discard">'
                   '<span class="lbl">Discard pile (', str(len(frame["discard"])), ', top last)</span> ', pile,
                   "</div></div>"))
    if game == "rummy":
        rows = []
        for i, m in enumerate(frame["table"], 1):
            rows.append("".join(('<div class="meld-line"><span class="muted">', str(i), ".</span>", cards_row(m.cards, "", m.wild),
                                 "</div>")))
        out += "".join(('<div class="replay-melds" data-testid="replay-melds"><span class="lbl">Melds on the table</span>',
                        ("".join(rows) if rows else ' <span class="muted">none yet</span>'), "</div>"))
    return out


def coach_note_html(mistake: "dict[str, Any] | None", names: "Sequence[str]") -> str:
    """At the position of a decision the expert would have made otherwise: what was played and its advice."""
    if mistake is None:
        return ""
    cost = mistake.get("cost") or 0
    priced = mistake.get("priced", True)
    lead = ("about " + _points(cost) + " points" if cost and priced else "a matter of style (no points counted)")
    return "".join(('<div class="coach-note" data-testid="coach-note"><p><strong>Coach</strong> · <span class="coach-cost">',
                    esc(lead), "</span></p><p>", esc(names_in(str(mistake.get("words", "")), names)), "</p></div>"))


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
        return "".join(('<div class="replay loading" data-testid="replay" data-loading="true"><p class="prompt" role="status">'
                        "Opening the replay…</p>", _btn("replay-close", esc(back_words), "replay-close"), "</div>"))
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
    title = "Replay · hand " + str(data["hand"] + 1) + (" of " + str(r["hands"]) if r["hands"] > 1 else "")
    picker = ""
    if r["hands"] > 1:
        picks = []
        for h in range(r["hands"]):
            here = h == data["hand"]
            picks.append(_btn("replay-pick", str(h + 1), "replay-pick-" + str(h), "".join(('data-hand="', str(h), '"',
                              ' aria-label="Hand ', str(h + 1), '"', (' aria-current="true"' if here else ""))),
                              "chip" + (" current" if here else "")))
        picker = "".join(('<div class="replay-hands" role="group" aria-label="Hands of this ', (
            "record" if r["source"] in ("record", "link") else "match"), '">', '<span class="lbl">Hand</span>',
            "".join(picks), "</div>"))
    head = "".join(('<header class="replay-head"><div><h2 id="replay-title" class="replay-title">', esc(title), "</h2>"
                    '<p class="muted replay-from">', esc(GAME_TITLES.get(game, game)), " · ", esc(
                        r.get("from") or SOURCE_WORDS.get(r["source"], "")), " · ", esc(", ".join(isolated(n) for n in names)), "</p></div>",
                    picker, '<div class="replay-tools">',
                    (_btn("replay-link", "Copy replay link", "replay-link", 'data-testid="replay-link"') if can_link else ""),
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
    board = "".join(('<section class="replay-board" aria-labelledby="replay-now">'
                     '<p class="replay-now" id="replay-now" data-testid="replay-now"><span class="replay-count">Step ',
                     str(index), " of ", str(last), "</span> ", esc(now), "</p>", note, end,
                     '<div class="replay-seats">', seats, "</div>", _middle_html(frame, game), "</section>"))
    # the steps
    at_start, at_end = index == 0, index == last
    controls = "".join(('<div class="replay-controls" role="toolbar" aria-label="Step through the hand">',
                        _btn("replay-first", "⏮ Start", "replay-first", 'aria-keyshortcuts="Home" title="Start (Home)"'
                               + (" disabled" if at_start else ""), "btn"),
                        _btn("replay-prev", "◀ Back", "replay-prev", 'aria-keyshortcuts="ArrowLeft" title="Back (←)"'
                               + (" disabled" if at_start else ""), "btn"),
                        _btn("replay-next", "Forward ▶", "replay-next", 'aria-keyshortcuts="ArrowRight" title="Forward (→)"'
                               + (" disabled" if at_end else ""), "btn primary"),
                        _btn("replay-last", "End ⏭", "replay-last", 'aria-keyshortcuts="End" title="End (End)"'
                               + (" disabled" if at_end else ""), "btn"),
                        '<span class="muted replay-keys">Keys: ← → Home End</span></div>'))
    # the log: one line per position, the current one marked
    lines = []
    for i in range(len(frames)):
        f = frame if i == index else read_frame(frames[i], players)
        words = step_words(f, i, names)
        m = marks.get(str(i - 1)) if i > 0 else None  # the decision made at position i - 1 led here
        badge = ""
        if m is not None:
            badge = "".join((' <span class="coach-badge', (" marked" if m.get("marked") else ""), '" title="The coach">',
                             ("−" + _points(m.get("cost") or 0) if m.get("cost") else "coach"), "</span>"))
        lines.append("".join(('<li', (' class="now"' if i == index else ""), ">", _btn(
            "replay-step", "".join(('<span class="log-no">', str(i), ".</span> ", esc(words), badge)), "replay-step-" + str(i),
            'data-index="' + str(i) + '"' + (' aria-current="step"' if i == index else ""), "replay-line"), "</li>")))
    log = "".join(('<section class="replay-log" aria-labelledby="replay-log-title"><h3 id="replay-log-title">Moves</h3>'
                   '<ol class="replay-list" data-testid="replay-log">', "".join(lines), "</ol></section>"))
    return "".join(('<div class="replay game-', esc(game), '" data-testid="replay" data-hand="', str(data["hand"]),
                    '" data-index="', str(index), '" data-last="', str(last), '" data-source="', esc(r["source"]),
                    '">', head, '<div class="replay-main">', board, log, "</div>", controls, "</div>"))


# ---------------------------------------------------------------- the end of a hand

def review_html(review: "dict[str, Any] | None", busy: bool, can_ask: bool, hand: int, names: "Sequence[str]") -> str:
    """The coach's review of the person's decisions in ``hand`` (the engine's data), or what is happening."""
    out = '<section class="coach" data-testid="coach" aria-labelledby="coach-title"><h3 id="coach-title">Coach</h3>'
    if busy:
        return out + '<p class="muted" role="status" data-testid="coach-busy">The coach is looking at your hand…</p>' \
            "</section>"
    if review is None:
        if not can_ask:
            return ""
        return out + "".join(('<p class="muted">See where the expert would have played otherwise, and what it cost.</p>',
                              button("coach", "Coach", False, 'data-hand="' + str(hand) + '" data-testid="coach-ask"'),
                              "</section>"))
    if review.get("error"):
        return "".join((out, '<p class="record-error" role="alert">', esc(review["error"]), "</p></section>"))
    mistakes = review.get("mistakes") or []
    decisions = review.get("decisions", 0)
    if not mistakes:
        return out + "".join(('<p data-testid="coach-none">You played this hand as the expert would: every one of your ',
                              plural(decisions, "decision"), ' matched. Cost: <strong data-testid="coach-total">0 points'
                              "</strong>.</p></section>"))
    total = review.get("total") or 0
    out += "".join(('<p data-testid="coach-summary">The expert would have chosen otherwise in ', str(len(mistakes)), " of ",
                    plural(decisions, "decision"), ', costing about <strong data-testid="coach-total">', _points(total),
                    " points</strong>", (" by its estimate" if total else ""), ".</p>"))
    items = []
    for m in mistakes:
        cost = m.get("cost") or 0
        priced = m.get("priced", True)
        marked = bool(m.get("marked"))
        tag = "".join(('<span class="coach-cost">', ("about " + _points(cost) + " pts" if cost and priced else "style"),
                       "</span>"))
        star = '<span class="coach-star">Costly</span> ' if marked else ""
        items.append("".join(('<li class="mistake', (" marked" if marked else ""), '" data-testid="mistake" data-index="',
                              str(m.get("index", 0)), '" data-cost="', esc(cost), '">', tag, " ", star,
                              '<span class="coach-words">', esc(names_in(str(m.get("words", "")), names)), "</span> ",
                              _btn("coach-show", "Show", "coach-show-" + str(m.get("index", 0)), "".join(('data-hand="', str(hand),
                                     '" data-index="', str(m.get("index", 0)), '" aria-label="Show move ',
                                     str(m.get("index", 0) + 1), ' in the replay" data-testid="coach-show"')), "btn"),
                              "</li>")))
    return "".join((out, '<ol class="coach-list" data-testid="coach-list">', "".join(items), "</ol></section>"))


def end_tools_html(hand: int, busy_export: bool, note: str, problem: str | None = None) -> str:
    """The end-of-hand buttons of this part: replay the hand, export the record (and why the hand could not be
    replayed)."""
    return "".join((problem_html(problem), '<div class="replay-tools end" data-testid="replay-tools">',
                    button("replay-hand", "Replay this hand", False, 'data-hand="' + str(hand) + '" data-testid="replay-hand"'),
                    button("export-record", "Export hand record", False, 'data-testid="export-record"'
                             + (" disabled" if busy_export else "")),
                    ("".join(('<span class="muted" role="status">', esc(note), "</span>")) if note else ""), "</div>"))


def scores_replays_html(hands: int, problems: "dict[str, str] | None" = None) -> str:
    """The Scores dialog: a Replay button for each finished hand (and why one could not be replayed)."""
    if not hands:
        return ""
    said = problems or {}
    return "".join(('<div class="replay-picks" role="group" aria-label="Replay a hand"><span class="lbl">Replay hand</span> ',
                    "".join(_btn("replay-hand", str(h + 1), "scores-replay-" + str(h), "".join(('data-hand="', str(h),
                                   '" aria-label="Replay hand ', str(h + 1), '"')), "chip") for h in range(hands)), "</div>",
                    "".join(problem_html(said.get("match:" + str(h))) for h in range(hands))))


# ---------------------------------------------------------------- dialogs

def watch_html(watch: "dict[str, Any]") -> str:
    """Watch a hand record: open a file or paste its text; the engine's error when it cannot be read."""
    error = ""
    if watch.get("error"):
        error = "".join(('<p class="record-error" role="alert" data-testid="record-error">', esc(watch["error"]), "</p>"))
    busy = watch.get("busy")
    body = "".join(('<p>Watch any hand of a hand record (<code>rummy-record/1</code>), such as one exported at the end of a '
                    "hand: every hand face up, step by step.</p>",
                    button("record-file", "Open a file…", False, 'data-testid="record-file"' + (" disabled" if busy else "")),
                    '<label class="field block" for="record-text">Or paste the record here</label>'
                    '<textarea id="record-text" name="record-text" rows="6" spellcheck="false" autocomplete="off" '
                    'data-key="record-text" data-testid="record-text">', esc(watch.get("text", "")), "</textarea>",
                    error, ('<p class="muted" role="status">Reading the record…</p>' if busy else "")))
    return dialog_frame("Watch a hand record", body,
                        button("record-paste", "Watch", True, 'data-field="record-text" data-testid="record-watch"'
                               + (" disabled" if busy else "")) + button("close", "Close"), "watch-dialog")


def past_html(past: "Sequence[dict[str, Any]]", problems: "dict[str, str] | None" = None) -> str:
    """The last finished matches kept in this browser, each with a button per hand (and why one of its hands could
    not be replayed)."""
    said = problems or {}
    if not past:
        body = "".join(('<p data-testid="past-none">No finished match yet. The last ', "10",
                        " matches you finish are kept here, in this browser, to replay.</p>"))
    else:
        rows = []
        for i, m in enumerate(past):
            names = [clean_text(n, MAX_NAME) for n in m["names"]]
            final = " · ".join(esc(isolated(names[s])) + " " + str(m["final"][s]) for s in range(len(names)))
            w = m.get("winner")
            won = ("draw" if w is None else ("you won" if names[w] == "You" else isolated(names[w]) + " won"))
            when = (esc(m["when"]) + " · ") if m.get("when") else ""
            picks = "".join("".join(('<button type="button" class="chip" data-act="past-replay" data-match="', str(i),
                                     '" data-hand="', str(h), '" data-key="past-', str(i), "-", str(h),
                                     '" aria-label="Replay hand ', str(h + 1), " of this match", '">', str(h + 1),
                                     "</button>")) for h in range(m["hands"]))
            rows.append("".join(('<li class="past-match" data-testid="past-match"><p><strong>',
                                 esc(GAME_TITLES.get(m["game"], m["game"])), "</strong> · ", when, final, " · ",
                                 esc(won), " · ", plural(m["hands"], "hand"), '</p><div class="replay-picks" role="group"'
                                 ' aria-label="Replay a hand"><span class="lbl">Replay hand</span> ', picks, "</div>",
                                 "".join(problem_html(said.get("past:" + str(i) + ":" + str(h))) for h in range(m["hands"])),
                                 "</li>")))
        body = "".join(('<p class="muted">Your last finished matches, newest first, kept in this browser.</p>'
                        '<ol class="past-list" data-testid="past-list">', "".join(rows), "</ol>"))
    return dialog_frame("Past matches", body, button("close", "Close", True), "past-dialog")


def link_html(box: "dict[str, Any]") -> str:
    """A replay's link, selectable, and Copy."""
    body = "".join(('<label for="replay-link-text">Anyone who opens this link watches this hand, every card face up:</label>'
                    '<input id="replay-link-text" class="share-text" data-testid="replay-link-text" readonly value="',
                    esc(box["url"]), '">'
                    '<p class="muted" role="status" data-testid="replay-link-status">', esc(box["status"]), "</p>"))
    return dialog_frame("Share this replay", body,
                        button("copy-replay-link", "Copy", True) + button("close", "Close"), "replay-link-dialog")


def help_text_html() -> str:
    """The Help dialog's words on this part (its buttons are in the dialog's row: the text scrolls alone)."""
    return ('<h3>Replays</h3><p>After a hand: <strong>Replay this hand</strong>, the <strong>Coach</strong> (or '
            "turn it on for every hand in Settings) and <strong>Export hand record</strong>. In a replay, ← → step "
            "through the hand, Home and End jump to its start and end, Esc goes back. <strong>Watch a hand "
            "record</strong> plays a record from a file or pasted text; <strong>Past matches</strong> keeps your "
            "last 10 finished matches.</p>")


def help_buttons_html() -> str:
    """The Help dialog's way into this part."""
    return (button("watch-record", "Watch a hand record", False, 'data-testid="watch-record"')
            + button("past-matches", "Past matches", False, 'data-testid="past-matches"'))
