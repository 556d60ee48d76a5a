"""The drawing of :mod:`web.page.app.learn`: the Hint and Undo chips, the guided hand's bar, the deal's proof,
the daily deal's lines and the Share dialog. Plain functions of plain data, for CPython and MicroPython alike.
"""

from web.page.app.render import button, dialog_frame
from web.page.app.text import esc

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

GAME_NAMES = (("gin", "Gin Rummy"), ("rummy", "Basic Rummy"))


def chips_html(can_hint: bool, practice: bool, can_undo: bool) -> str:
    """Hint (key I) and, in practice games, Undo (key U)."""
    out = "".join(('<button type="button" class="chip learn-chip" data-act="hint" data-key="chip-hint" aria-keyshortcuts="i"',
                   ("" if can_hint else " disabled"), ' title="What would the expert do now, and why (I)">Hint</button>'))
    if practice:
        out += "".join(('<button type="button" class="chip learn-chip" data-act="undo" data-key="chip-undo" '
                        'aria-keyshortcuts="u"', ("" if can_undo else " disabled"),
                        ' title="Back to the start of your last turn (U)">Undo</button>'))
    return out


def assisted_html(assisted: bool) -> str:
    """In the score line once hints or undo were used in this match."""
    if not assisted:
        return ""
    return ' <span class="assisted" data-testid="assisted" title="Hints or undo were used in this match">assisted</span>'


def fingerprint_html(deal: object) -> str:
    """The Scores dialog while a hand is played: its deck's fingerprint, for the curious to note before the end."""
    if not isinstance(deal, dict) or not deal.get("short") or deal.get("secret"):
        return ""
    return "".join(('<p class="muted fingerprint" data-testid="deal-fingerprint">This hand\'s deck was fixed before the '
                    "first card: its fingerprint is <code>", esc(str(deal["short"])), "</code>. After the hand, "
                    "<strong>Check this deal</strong> rebuilds the deck and compares.</p>"))


def lesson_html(lesson: "dict[str, Any]", seat: int, can_continue: bool) -> str:
    """The guided hand's bar: the step's sentence, where it is, and Continue when the opponent is to move."""
    step = lesson.get("step")
    index = lesson.get("index", 0)
    total = lesson.get("steps", 0)
    words = step["say"] if step is not None else ""
    intro = "".join(('<p class="lesson-intro">', esc(lesson["intro"]), "</p>")) if index == 0 and lesson.get("intro") else ""
    more = ""
    if step is not None and step["seat"] != seat:
        more = button("lesson-next", "Continue", True, 'data-testid="lesson-next"' + ("" if can_continue
                                                                                     else " disabled"))
    return "".join(('<div class="lesson" data-testid="lesson" role="status" aria-live="polite">', intro,
                    '<p class="lesson-step"><span class="lesson-count">Step ', str(min(index + 1, total)), " of ",
                    str(total), '</span> <span data-testid="lesson-say">', esc(words), "</span></p>", more, "</div>"))


def outro_html(outro: str) -> str:
    return "".join(('<p class="lesson-outro" data-testid="lesson-outro">', esc(outro), "</p>"
                    '<p>', button("new", "Play a real game", False, 'data-testid="lesson-real"'), "</p>"))


def proof_html(deal: "dict[str, Any]", check: tuple[bool, str] | None, failure: tuple[bool, str] | None,
               busy: bool) -> str:
    """The end of a hand: the deck's fingerprint, fixed before the first card, its secret now shown, and "Check this
    deal" (or its result)."""
    secret = deal.get("secret")
    out = "".join(('<div class="proof" data-testid="deal-proof"><p class="muted">Fair deal: this hand\'s deck was fixed '
                   "before the first card, with the fingerprint <code>", esc(str(deal.get("short"))), "</code>"))
    if secret:
        out += "".join(("; its secret, hidden until now, is <code>", esc(str(secret)[:16]), "…</code>"))
    out += ".</p>"
    if check is not None:
        out += "".join(('<p class="deal-check ', ("ok" if check[0] else "error"), '" data-testid="deal-check" role="status">',
                        ("✓ " if check[0] else "✗ "), esc(check[1]), "</p>"))
    elif failure is not None:
        out += "".join(('<p class="deal-check error" data-testid="deal-check" role="status">', esc(failure[1]), "</p>"))
    elif secret:
        out += button("check-deal", "Check this deal", False, 'data-testid="check-deal" title="Rebuild the deck from '
                      'its secret and compare it with the fingerprint"' + (" disabled" if busy else ""))
    return out + "</div>"


def daily_end_html(daily: "dict[str, Any]", line: "dict[str, Any] | None") -> str:
    """The daily deal at the end of a hand: the day, and when the match is over the line to share."""
    out = '<div class="daily-end" data-testid="daily-end"><p><strong>Daily deal ' + esc(str(daily.get("date")))
    out += "</strong>"
    if line:
        out += " · streak " + str(line.get("streak", 0)) + " day" + ("" if line.get("streak") == 1 else "s")
    out += "</p>"
    if daily.get("share"):
        out += "".join(('<p class="share-line" data-testid="daily-share-line">', esc(daily["share"]), "</p>",
                        button("share-daily", "Share your result", False, 'data-testid="share-daily"')))
    return out + "</div>"


def share_html(share: "dict[str, Any]") -> str:
    """The Share dialog: a link or a result line, selectable, and a Copy button."""
    if share["url"]:
        field = "".join(('<label for="share-text">Anyone who opens this link plays the same cards against the same '
                         'opponents:</label><input id="share-text" class="share-text" data-testid="share-text" readonly '
                         'value="', esc(share["url"]), '">'))
    else:
        field = "".join(('<label for="share-text">Your result, without a card of the deal:</label>'
                         '<textarea id="share-text" class="share-text" data-testid="share-text" readonly rows="3">',
                         esc(share["line"]), "</textarea>"))
    status = "".join(('<p class="muted" role="status" data-testid="share-status">', esc(share["status"]), "</p>"))
    return dialog_frame(share["title"] or "Share", field + status,
                        button("copy-share", "Copy", True) + button("close", "Close"), "share-dialog")


def _btn(act: str, label: str, key: str, extra: str = "") -> str:
    return "".join(('<button type="button" class="btn" data-act="', act, '" data-key="', key, '" ', extra, ">",
                    esc(label), "</button>"))


def start_html(first_visit: bool, daily: object, busy: bool) -> str:
    """The new-game screen's second row, beside the ways to play at once: Learn to play (the guided first hands)
    and each game's daily deal with its streak."""
    learn = "".join(_btn("tutorial", "Learn " + name, "learn-" + g, "".join(('data-game="', g, '" data-testid="learn-', g,
                         '"'))) for g, name in GAME_NAMES)
    days = []
    for g, name in GAME_NAMES:
        line = daily.get(g) if isinstance(daily, dict) else None
        streak = ""
        if line and line.get("streak"):
            streak = "".join((' <span class="streak" data-testid="streak-', g, '">streak ', str(line["streak"]), ", best ",
                              str(line.get("best_streak", line["streak"])), "</span>"))
        days.append("".join(("<li>", _btn("daily", name + " daily deal", "daily-" + g, "".join(('data-game="', g,
                                           '" data-testid="daily-', g, '"', (" disabled" if busy else "")))), streak, "</li>")))
    welcome = ""
    if first_visit:
        welcome = ('<p class="welcome" data-testid="welcome"><strong>New here?</strong> Learn to play with a guided '
                   "first hand: one sentence a step, every rule comes up.</p>")
    return "".join(('<section class="learn-start" aria-label="Learn and daily deals" data-testid="learn-start">', welcome,
                    '<div class="learn-row" role="group" aria-labelledby="learn-title"><span class="row-title" '
                    'id="learn-title">Learn to play</span>', learn, "</div>",
                    '<ul class="daily-row" aria-label="Daily deals: the same cards for everyone today">', "".join(days),
                    "</ul>", '<div class="seek-row" role="group" aria-labelledby="seek-row-title"><span class="row-title" '
                    'id="seek-row-title">Play someone now</span>',
                    "".join(_btn("seek", name, "seek-" + g, "".join(('data-game="', g, '" data-testid="seek-', g, '"')))
                            for g, name in GAME_NAMES), "</div></section>"))
