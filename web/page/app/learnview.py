"""The drawing of :mod:`web.page.app.learn`: the Hint and Undo chips, the guided hand's bar, the deal's proof,
the daily deal's lines and the Share dialog. Plain functions of plain data, for CPython and MicroPython alike.
"""

from web.page.app.render import button, dialog_frame
from web.page.app.text import esc
from web.page.i18n import N_, _, ngettext

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

GAME_NAMES = (("gin", N_("Gin Rummy")), ("rummy", N_("Basic Rummy")))  # in English: translated where shown


def esc_text(text: str) -> str:
    """Text for an element's content (never an attribute): ``& < >`` escaped, quotes kept as written."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def engine_words(text: object) -> str:
    """Words of the engine the page shows as they are (the guided hand's sentences), in the page's language when
    its catalogue has them (tools/i18n.py puts them there), else as the engine wrote them."""
    words = str(text or "")
    return _(words) if words else ""


def chips_html(can_hint: bool, practice: bool, can_undo: bool) -> str:
    """Hint (key I) and, in practice games, Undo (key U)."""
    out = "".join(('<button type="button" class="chip learn-chip" data-act="hint" data-key="chip-hint" aria-keyshortcuts="i"',
                   ("" if can_hint else " disabled"), ' title="',
                   # i18n: the tooltip of the Hint button at the table; (I) is its key on the keyboard
                   esc(_("What would the expert do now, and why (I)")), '">',
                   # i18n: the button at the table that asks what the expert would do now
                   esc(_("Hint")), "</button>"))
    if practice:
        out += "".join(('<button type="button" class="chip learn-chip" data-act="undo" data-key="chip-undo" '
                        'aria-keyshortcuts="u"', ("" if can_undo else " disabled"), ' title="',
                        # i18n: the tooltip of the Undo button of practice games; (U) is its key on the keyboard
                        esc(_("Back to the start of your last turn (U)")), '">',
                        # i18n: the button of practice games that takes back the person's last turn
                        esc(_("Undo")), "</button>"))
    return out


def assisted_html(assisted: bool) -> str:
    """In the score line once hints or undo were used in this match."""
    if not assisted:
        return ""
    return "".join((' <span class="assisted" data-testid="assisted" title="',
                    esc(_("Hints or undo were used in this match")), '">',
                    # i18n: a mark in the score line: hints or undo were used in this match
                    esc(_("assisted")), "</span>"))


def fingerprint_html(deal: object) -> str:
    """The Scores dialog while a hand is played: its deck's fingerprint, for the curious to note before the end."""
    if not isinstance(deal, dict) or not deal.get("short") or deal.get("secret"):
        return ""
    # i18n: in Scores during a hand: {fingerprint} is a short code of letters and digits; {check} is the name of the
    # button "Check this deal" shown after the hand, in bold
    words = _("This hand's deck was fixed before the first card: its fingerprint is {fingerprint}. After the hand, "
              "{check} rebuilds the deck and compares.")
    return "".join(('<p class="muted fingerprint" data-testid="deal-fingerprint">',
                    esc_text(words).format(fingerprint="<code>" + esc(str(deal["short"])) + "</code>",
                                      check="<strong>" + esc(_("Check this deal")) + "</strong>"), "</p>"))


def lesson_html(lesson: "dict[str, Any]", seat: int, can_continue: bool) -> str:
    """The guided hand's bar: the step's sentence, where it is, and Continue when the opponent is to move."""
    step = lesson.get("step")
    index = lesson.get("index", 0)
    total = lesson.get("steps", 0)
    words = engine_words(step["say"]) if step is not None else ""
    intro = "".join(('<p class="lesson-intro">', esc(engine_words(lesson["intro"])), "</p>")) \
        if index == 0 and lesson.get("intro") else ""
    more = ""
    if step is not None and step["seat"] != seat:
        # i18n: the button of the guided first hand: the learner has read the sentence, the opponent moves
        more = button("lesson-next", _("Continue"), True, 'data-testid="lesson-next"' + ("" if can_continue
                                                                                        else " disabled"))
    # i18n: where the guided first hand is: one sentence a step
    count = _("Step {step} of {steps}").format(step=min(index + 1, total), steps=total)
    return "".join(('<div class="lesson" data-testid="lesson" role="status" aria-live="polite">', intro,
                    '<p class="lesson-step"><span class="lesson-count">', esc(count),
                    '</span> <span data-testid="lesson-say">', esc(words), "</span></p>", more, "</div>"))


def outro_html(outro: str) -> str:
    return "".join(('<p class="lesson-outro" data-testid="lesson-outro">', esc(engine_words(outro)), "</p>"
                    # i18n: the button after the guided first hand: a new game, no longer guided
                    '<p>', button("new", _("Play a real game"), False, 'data-testid="lesson-real"'), "</p>"))


def proof_html(deal: "dict[str, Any]", check: tuple[bool, str] | None, failure: tuple[bool, str] | None,
               busy: bool) -> str:
    """The end of a hand: the deck's fingerprint, fixed before the first card, its secret now shown, and "Check this
    deal" (or its result)."""
    secret = deal.get("secret")
    fingerprint = "<code>" + esc(str(deal.get("short"))) + "</code>"
    if secret:
        # i18n: at the end of a hand: {fingerprint} a short code of letters and digits fixed before the deal;
        # {secret} the start of the secret (hex digits) the deck was shuffled with
        words = _("Fair deal: this hand's deck was fixed before the first card, with the fingerprint {fingerprint}; "
                  "its secret, hidden until now, is {secret}.")
        said = esc_text(words).format(fingerprint=fingerprint, secret="<code>" + esc(str(secret)[:16]) + "…</code>")
    else:
        # i18n: at the end of a hand: {fingerprint} a short code of letters and digits fixed before the deal
        words = _("Fair deal: this hand's deck was fixed before the first card, with the fingerprint {fingerprint}.")
        said = esc_text(words).format(fingerprint=fingerprint)
    out = "".join(('<div class="proof" data-testid="deal-proof"><p class="muted">', said, "</p>"))
    if check is not None:
        out += "".join(('<p class="deal-check ', ("ok" if check[0] else "error"), '" data-testid="deal-check" role="status">',
                        ("✓ " if check[0] else "✗ "), esc(check[1]), "</p>"))
    elif failure is not None:
        out += "".join(('<p class="deal-check error" data-testid="deal-check" role="status">', esc(failure[1]), "</p>"))
    elif secret:
        # i18n: the button at the end of a hand that proves the deal was fair
        out += button("check-deal", _("Check this deal"), False, 'data-testid="check-deal" title="'
                      # i18n: the tooltip of the button Check this deal
                      + esc(_("Rebuild the deck from its secret and compare it with the fingerprint")) + '"'
                      + (" disabled" if busy else ""))
    return out + "</div>"


def daily_end_html(daily: "dict[str, Any]", line: "dict[str, Any] | None") -> str:
    """The daily deal at the end of a hand: the day, and when the match is over the line to share."""
    # i18n: at the end of a hand of the daily deal (the same cards for everyone that day): {date} is its day
    # (2026-01-31)
    out = '<div class="daily-end" data-testid="daily-end"><p><strong>' + esc(_("Daily deal {date}").format(
        date=str(daily.get("date"))))
    out += "</strong>"
    if line:
        streak = line.get("streak", 0)
        # i18n: after "Daily deal 2026-01-31 · ": how many days in a row the daily deal was won
        out += " · " + esc(ngettext("streak {n} day", "streak {n} days", streak if type(streak) is int else 0).format(
            n=streak))
    out += "</p>"
    if daily.get("share"):
        out += "".join(('<p class="share-line" data-testid="daily-share-line">', esc(daily["share"]), "</p>",
                        # i18n: the button that shows the daily deal's result as a line to copy and share
                        button("share-daily", _("Share your result"), False, 'data-testid="share-daily"')))
    return out + "</div>"


def share_html(share: "dict[str, Any]") -> str:
    """The Share dialog: a link or a result line, selectable, and a Copy button."""
    if share["url"]:
        field = "".join(('<label for="share-text">',
                         esc(_("Anyone who opens this link plays the same cards against the same opponents:")),
                         '</label><input id="share-text" class="share-text" data-testid="share-text" readonly '
                         'value="', esc(share["url"]), '">'))
    else:
        # i18n: the label of a daily deal's result, a line to copy and share that shows none of the deal's cards
        field = "".join(('<label for="share-text">', esc(_("Your result, without a card of the deal:")), "</label>"
                         '<textarea id="share-text" class="share-text" data-testid="share-text" readonly rows="3">',
                         esc(share["line"]), "</textarea>"))
    status = "".join(('<p class="muted" role="status" data-testid="share-status">', esc(share["status"]), "</p>"))
    # i18n: the title of the dialog that shows a link or a result to share
    return dialog_frame(share["title"] or _("Share"), field + status,
                        # i18n: the button that copies the link or the result to share
                        button("copy-share", _("Copy"), True) + button("close", _("Close")), "share-dialog")


def _btn(act: str, label: str, key: str, extra: str = "") -> str:
    return "".join(('<button type="button" class="btn" data-act="', act, '" data-key="', key, '" ', extra, ">",
                    esc(label), "</button>"))


def start_html(first_visit: bool, daily: object, busy: bool) -> str:
    """The new-game screen's second row, beside the ways to play at once: Learn to play (the guided first hands)
    and each game's daily deal with its streak."""
    # i18n: a button of the new-game screen: the guided first hand of a game; {game} is "Gin Rummy" or "Basic
    # Rummy"
    learn = "".join(_btn("tutorial", _("Learn {game}").format(game=_(name)), "learn-" + g, "".join((
        'data-game="', g, '" data-testid="learn-', g, '"'))) for g, name in GAME_NAMES)
    days = []
    for g, name in GAME_NAMES:
        line = daily.get(g) if isinstance(daily, dict) else None
        streak = ""
        if line and line.get("streak"):
            # i18n: beside a daily deal's button: how many days in a row it was won, and the most days ever
            streak_words = _("streak {streak}, best {best}").format(streak=line["streak"],
                                                                    best=line.get("best_streak", line["streak"]))
            streak = "".join((' <span class="streak" data-testid="streak-', g, '">', esc(streak_words), "</span>"))
        # i18n: a button of the new-game screen: today's deal of a game, the same cards for everyone; {game} is "Gin
        # Rummy" or "Basic Rummy"
        days.append("".join(("<li>", _btn("daily", _("{game} daily deal").format(game=_(name)), "daily-" + g, "".join((
            'data-game="', g, '" data-testid="daily-', g, '"', (" disabled" if busy else "")))), streak, "</li>")))
    welcome = ""
    if first_visit:
        # i18n: the welcome of a first visit, on the new-game screen, before "Learn to play with a guided first
        # hand..."
        welcome = "".join(('<p class="welcome" data-testid="welcome"><strong>', esc(_("New here?")), "</strong> ",
                           esc(_("Learn to play with a guided first hand: one sentence a step, every rule comes up.")),
                           "</p>"))
    return "".join(('<section class="learn-start" aria-label="', esc(_("Learn and daily deals")),
                    '" data-testid="learn-start">', welcome,
                    '<div class="learn-row" role="group" aria-labelledby="learn-title"><span class="row-title" '
                    # i18n: the title of the row of buttons of the guided first hands
                    'id="learn-title">', esc(_("Learn to play")), "</span>", learn, "</div>",
                    '<ul class="daily-row" aria-label="',
                    # i18n: for screen readers, the row of the daily deals' buttons
                    esc(_("Daily deals: the same cards for everyone today")), '">', "".join(days),
                    "</ul>", '<div class="seek-row" role="group" aria-labelledby="seek-row-title"><span class="row-title" '
                    # i18n: the title of the row of buttons that find a stranger online to play a game with
                    'id="seek-row-title">', esc(_("Play someone now")), "</span>",
                    "".join(_btn("seek", _(name), "seek-" + g, "".join(('data-game="', g, '" data-testid="seek-', g, '"')))
                            for g, name in GAME_NAMES), "</div></section>"))
