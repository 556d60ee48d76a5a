"""The contents of the dialogs: statistics, settings, embed, help, notices, and the questions the app asks.

Written in the Python both MicroPython and CPython run.
"""

from web.page import i18n
from web.page.app import looks
from web.page.app.deck import back_svg, face_svg, suit_class
from web.page.app.render import button, dialog_frame
from web.page.app.text import esc, isolated
from web.page.i18n import N_, _
from web.page.stats import rate, rows

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

    from web.page.app.setup import Catalog

SPEED_WORDS = (
    # i18n: a speed of the opponents' moves, in Settings
    ("slow", N_("Slow")),
    # i18n: a speed of the opponents' moves, in Settings
    ("normal", N_("Normal")),
    # i18n: a speed of the opponents' moves, in Settings
    ("fast", N_("Fast")),
    # i18n: a speed of the opponents' moves, in Settings (no motion at all)
    ("instant", N_("Instant")),
)  # in English: translated where shown


def _cols(*words: str) -> str:
    """The header cells of a table's columns."""
    return "".join("".join(('<th scope="col">', esc(w), "</th>")) for w in words)


def stats_html(data: "dict[str, Any]", catalog: "Catalog", confirm_reset: bool) -> str:
    parts = []
    games = (("gin", _("Gin Rummy")), ("rummy", _("Basic Rummy")))
    for game, title in games:
        line = data["games"].get(game)
        if not line:
            parts.append("".join(('<section aria-label="', esc(title), '"><h3>', esc(title),
                                  '</h3><p class="muted">', esc(_("No hands played yet.")), "</p></section>")))
            continue
        table = "".join("".join(('<tr><th scope="row">', esc(k), "</th><td>", esc(v), "</td></tr>"))
                        for k, v in rows(line, game))
        opp_rows = []
        for key in sorted(data["opponents"]):
            oline = data["opponents"][key]
            g, _sep, pid = key.partition(":")
            if g != game:
                continue
            p = catalog.profile(game, pid)
            name = p["name"] if p else pid
            opp_rows.append("".join(('<tr><th scope="row">', esc(name), "</th><td>", str(oline["matches"]), "</td><td>",
                                     rate(oline["matches_won"], oline["matches"]), "</td><td>", str(oline["hands"]),
                                     "</td><td>", rate(oline["hands_won"], oline["hands"]), "</td><td>",
                                     str(oline["best_streak"]), "</td></tr>")))
        opp = ""
        if opp_rows:
            # i18n: the columns of a table of statistics; "Won": how many of the matches (or hands) were won
            cols = _cols(_("Opponent"), _("Matches"), _("Won"), _("Hands"), _("Won"), _("Best streak"))
            opp = "".join(('<table class="stats-table"><caption>', esc(_("Against each opponent")),
                           "</caption><thead><tr>", cols, "</tr></thead><tbody>", "".join(opp_rows),
                           "</tbody></table>"))
        parts.append("".join(('<section aria-label="', esc(title), '" data-testid="stats-', game, '"><h3>', esc(title),
                              "</h3>"
                              '<table class="stats-table"><tbody>', table, "</tbody></table>", opp, "</section>")))
    people = data.get("people") or {}
    prow = []
    for key in sorted(people):
        g, _sep, person = key.partition(":")
        line = people[key]
        prow.append("".join(('<tr><th scope="row">', esc(isolated(person)), "</th><td>",
                             esc(games[0][1] if g == "gin" else games[1][1]),
                             "</td><td>", str(line["matches"]), "</td><td>", rate(line["matches_won"], line["matches"]),
                             "</td><td>", str(line["hands"]), "</td><td>", rate(line["hands_won"], line["hands"]),
                             "</td></tr>")))
    if prow:
        # i18n: statistics of the games played with other people (pass and play, online), not the computer
        title = _("Games with people")
        cols = _cols(_("Player"), _("Game"), _("Matches"), _("Won"), _("Hands"), _("Won"))
        parts.append("".join(('<section aria-label="', esc(title), '" data-testid="stats-people"><h3>', esc(title),
                              '</h3><table class="stats-table"><caption>',
                              esc(_("Each person at this device, counted apart from games against the computer")),
                              "</caption><thead><tr>", cols, "</tr></thead><tbody>", "".join(prow),
                              "</tbody></table></section>")))
    drow = []
    for g, title in games:
        d = (data.get("daily") or {}).get(g)
        if not d:
            continue
        best = d["best"]
        if best:
            margin = abs(best["margin"])
            if best["margin"] >= 0:
                # i18n: the best result of the daily deals: won by so many points, on a date (2026-01-31)
                result = _("won by {points}, {date}").format(points=str(margin), date=best["date"])
            else:
                # i18n: the best result of the daily deals: lost by so many points, on a date (2026-01-31)
                result = _("lost by {points}, {date}").format(points=str(margin), date=best["date"])
        drow.append("".join(('<tr><th scope="row">', esc(title), "</th><td>", str(d["played"]), "</td><td>",
                             str(d["won"]), "</td><td>", str(d["streak"]), "</td><td>", str(d["best_streak"]),
                             "</td><td>", (esc(result) if best else "–"), "</td></tr>")))
    if drow:
        # i18n: the deal of the day, the same cards for everyone
        title = _("Daily deals")
        # i18n: the columns of the daily deals' statistics: "Days" played, "Won", the "Streak" of days won
        cols = _cols(_("Game"), _("Days"), _("Won"), _("Streak"), _("Best streak"), _("Best result"))
        parts.append("".join(('<section aria-label="', esc(title), '" data-testid="stats-daily"><h3>', esc(title),
                              '</h3><table class="stats-table"><thead><tr>', cols, "</tr></thead><tbody>",
                              "".join(drow), "</tbody></table></section>")))
    if confirm_reset:
        btns = button("stats-reset-yes", _("Yes, reset statistics"), True) + button("stats-reset-no", _("Keep them"))
        parts.append("".join(('<p class="message error" role="alert">',
                              esc(_("Reset every statistic? This cannot be undone.")), "</p>")))
    else:
        btns = button("close", _("Close"), True) + button("stats-reset", _("Reset statistics"))
    return dialog_frame(_("Statistics"), "".join(parts), btns, "stats-dialog")


def _check(name: str, label: str, on: object, key: str | None = None) -> str:
    return "".join(('<label class="field check"><input type="checkbox" name="', name, '" data-key="set-', (key or name),
                    '"', (" checked" if on else ""), "> ", esc(label), "</label>"))


def _radios(name: str, items: "Iterable[tuple[str, str]]", current: object,
            preview: "Callable[[str], str] | None" = None) -> str:
    """A row of radio buttons: ``items`` are (value, words in English, translated here)."""
    out = []
    for k, words in items:
        pic = preview(k) if preview else ""
        out.append("".join(('<label class="choice', (" pic" if pic else ""), '"><input type="radio" name="', name,
                            '" value="', k, '" data-key="', name, "-", k, '"', (" checked" if current == k else ""),
                            "> ", pic, '<span class="choice-words">', esc(_(words)), "</span></label>")))
    return "".join(out)


def _back_preview(back_id: str) -> str:
    return "".join(('<span class="card back swatch">', back_svg(back_id), "</span>"))


def _felt_preview(felt: str) -> str:
    return "".join(('<span class="felt-swatch felt-', felt, '" aria-hidden="true"></span>'))


def stun_html(s: "dict[str, Any]", in_use: list[str], note: str, relays_in_use: "Iterable[str]" = (),
              relay_note: str = "") -> str:
    """Online play's servers: the STUN servers (one per line, what a STUN server learns, the defaults), the relays
    (the same), and a TURN server."""
    listed = s.get("stun")
    shown = "\n".join(in_use if listed is None else listed)
    relays = s.get("relays")
    relays_shown = "\n".join(list(relays_in_use) if relays is None else relays)
    turn = s.get("turn") or {}
    return "".join(("<fieldset><legend>", esc(_("Online play")), "</legend>"
                    '<label class="field block">', esc(_("STUN servers, one per line (none: same network only)")),
                    ' <textarea name="stun" '
                    'rows="3" spellcheck="false" autocomplete="off" data-key="set-stun" data-testid="stun-list">', esc(shown),
                    "</textarea></label>",
                    ("".join(('<p class="message error" data-testid="stun-note">', esc(note), "</p>")) if note else ""),
                    '<p class="muted">',
                    esc(_("A STUN server learns your IP address and nothing of the game, only while you play online: "
                          "it tells each browser its public address, so that friends can connect across the "
                          "internet.")),
                    "</p>", ("" if listed is None else button("stun-defaults", _("Use the default servers"))),
                    '<label class="field block">', esc(_("Relays, one per line (none: invites need a reply code)")),
                    ' <textarea name="relays" rows="3" spellcheck="false" autocomplete="off" data-key="set-relays" '
                    'data-testid="relay-list">', esc(relays_shown), "</textarea></label>",
                    ("".join(('<p class="message error" data-testid="relay-note">', esc(relay_note), "</p>"))
                     if relay_note else ""),
                    '<p class="muted">',
                    # i18n: “Play someone now” is the button of the menu that finds a stranger to play with online
                    esc(_("Through a relay, the pages of friends find each other when an invite link is opened, and "
                          "players meet in “Play someone now”. A relay learns that two pages met, when, and their "
                          "network addresses; what they say there is encrypted, and the game itself goes from page to "
                          "page. Only while you play online.")),
                    "</p>",
                    ("" if relays is None else button("relay-defaults", _("Use the default relays"))),
                    '<label class="field block">', esc(_("TURN server (for networks that block direct connections)")),
                    ' <input type="text" name="turn-urls" placeholder="turn:host:3478" spellcheck="false" '
                    'autocomplete="off" data-key="set-turn-urls" data-testid="turn-urls" value="',
                    esc(turn.get("urls", "")), '"></label>'
                    # i18n: the user name of an account with a TURN server
                    '<label class="field">', esc(_("User name")), ' <input type="text" name="turn-username" '
                    'autocomplete="off" data-key="set-turn-username" value="', esc(turn.get("username", "")),
                    '"></label>'
                    '<label class="field">', esc(_("Password")), ' <input type="password" name="turn-credential" '
                    'autocomplete="off" data-key="set-turn-credential" value="', esc(turn.get("credential", "")),
                    '"></label>'
                    '<p class="muted">',
                    esc(_("A TURN server passes on the game's traffic when two pages cannot reach each other "
                          "directly; it learns both addresses. You need an account with one.")),
                    "</p></fieldset>"))


def advanced_html(open_: bool, body: str) -> str:
    """Settings that only the curious need, folded away until asked for."""
    return "".join(('<div class="advanced"><button type="button" class="btn small fold" data-act="settings-advanced" '
                    'data-key="set-advanced" data-testid="settings-advanced" aria-expanded="', ("true" if open_ else "false"),
                    '" aria-controls="settings-more"><span aria-hidden="true">', ("▾" if open_ else "▸"),
                    # i18n: the button that shows the settings few need (the servers of online play)
                    "</span> ", esc(_("Advanced")), "</button>", '<div id="settings-more"', ("" if open_ else " hidden"),
                    ">", body, "</div></div>"))


def language_html(current: str) -> str:
    """The languages of the page, each in its own words; the page reloads in the one chosen (the runner does it)."""
    options = "".join("".join(('<option value="', code, '" lang="', code, '"', (" selected" if code == current else ""),
                               ">", esc(own), "</option>")) for code, own in i18n.LANGUAGES)
    return "".join(("<fieldset><legend>", esc(_("Language")), "</legend>"
                    '<label class="field"><select name="lang" data-key="set-lang" data-testid="language" aria-label="',
                    esc(_("Language")), '">', options, "</select></label>"
                    '<p class="muted">', esc(_("The page reloads in the chosen language.")), "</p></fieldset>"))


def settings_html(s: "dict[str, Any]", storage_line: str, embedded: bool = False, stun_in_use: "Iterable[str]" = (),
                  stun_note: str = "", advanced: bool = False, relays_in_use: "Iterable[str]" = (),
                  relay_note: str = "") -> str:
    sp = _radios("speed", SPEED_WORDS, s["speed"])
    sound = s.get("sound")
    sound_on = (not embedded) if sound is None else bool(sound)
    sample = "".join("".join(('<span class="card dcard ', suit_class(c), '">', face_svg(c), "</span>")) for c in (13, 0, 38))
    backs = _radios("back", [(b, looks.BACK_WORDS[b]) for b in looks.BACK_IDS], s.get("back", "red"), _back_preview)
    felts = _radios("felt", [(f, looks.FELT_WORDS[f]) for f in looks.FELT_IDS], s.get("felt", "green"),
                    _felt_preview)
    volume = _("Volume")
    body = "".join((language_html(str(s.get("lang") or i18n.lang())),
                    "<fieldset><legend>", esc(_("Speed of the opponents' moves")), "</legend>", sp,
                    '<p class="muted">', esc(_("Moves are instant when your system asks for reduced motion.")),
                    "</p></fieldset>"
                    "<fieldset><legend>", esc(_("Sound")), "</legend>", _check("sound", _("Sound effects"), sound_on),
                    '<label class="field">', esc(volume), ' <input type="range" name="volume" min="0" max="100" step="5" '
                    'value="', str(s.get("volume", 70)), '" data-key="set-volume" aria-label="', esc(volume), '"></label>',
                    ("".join(('<p class="muted">', esc(_("Off until you turn it on, in a game embedded in another page.")),
                              "</p>")) if embedded else ""),
                    "</fieldset>"
                    # i18n: the part of Settings about the cards' look
                    "<fieldset><legend>", esc(_("Cards")), "</legend>",
                    _check("fourcolor", _("Four-colour deck (blue diamonds, green clubs)"), s.get("fourcolor")),
                    '<div class="sample" aria-hidden="true">', sample, "</div>",
                    _check("bigcards", _("Larger cards"), s["bigcards"]),
                    _check("hints", _("Rummy: mark the cards you could meld or lay off now"), s.get("hints", True)),
                    '<p class="radio-title" id="back-title">', esc(_("Card back")), '</p><div class="radio-row" '
                    'role="radiogroup" aria-labelledby="back-title">', backs, "</div></fieldset>"
                    # i18n: the part of Settings about the table's look
                    "<fieldset><legend>", esc(_("Table")), "</legend>"
                    # i18n: the colour of the table's cloth
                    '<p class="radio-title" id="felt-title">', esc(_("Felt colour")), '</p><div class="radio-row" '
                    'role="radiogroup" aria-labelledby="felt-title">', felts, "</div>",
                    _check("contrast", _("High contrast"), s["contrast"]),
                    '<p class="muted">', esc(_("Light or dark follows your system.")), "</p></fieldset>",
                    # i18n: the part of Settings about the coach, who reviews each hand
                    "<fieldset><legend>", esc(_("Coach")), "</legend>",
                    _check("coach", _("Coach after each hand: where the expert would have played otherwise, and what "
                                      "it cost"), s.get("coach", False)),
                    '<p class="muted">',
                    # i18n: “Show” is the button of each hand's review
                    esc(_("Against the computer. Each hand's review has a Show button that replays the moment.")),
                    "</p></fieldset>",
                    "<fieldset><legend>", esc(_("Your data")), "</legend>"
                    '<p class="muted">', esc(storage_line), "</p>",
                    button("export", _("Export my data")), button("import", _("Import data…")),
                    "</fieldset>",
                    advanced_html(advanced or bool(stun_note) or bool(relay_note),
                                  stun_html(s, list(stun_in_use), stun_note, relays_in_use, relay_note))))
    return dialog_frame(_("Settings"), body, button("close", _("Done"), True), "settings-dialog")


def embed_html(snippet: str, url: str, copied: str) -> str:
    body = "".join(("<p>", esc(_("Put this game on your own page: paste this snippet into its HTML. It plays the same "
                                 "game with the same opponents and rules.")), "</p>"
                    # i18n: the HTML code to paste into a web page, that shows the game there
                    '<label class="field block">', esc(_("Snippet")), ' <textarea readonly rows="5" '
                    'data-testid="embed-snippet" data-key="embed-snippet">', esc(snippet), "</textarea></label>"
                    '<p class="muted">',
                    # i18n: {link} is a link whose words are "open the embedded view"
                    _("Address: {link}").format(link="".join(('<a href="', esc(url), '" target="_blank" rel="noopener">',
                                                             esc(_("open the embedded view")), "</a>"))),
                    "</p>"
                    '<p class="message" role="status" data-testid="embed-status">', esc(copied), "</p>"))
    return dialog_frame(_("Embed this game"), body,
                        button("copy-embed", _("Copy snippet"), True) + button("close", _("Close")), "embed-dialog")


def _help() -> str:
    """How to play: the rules in short, the mouse and the keyboard, learning, what is saved."""
    keys = (
        # i18n: keys of the keyboard, in the help's table of keys
        (_("Tab / Shift+Tab"), _("move between areas and buttons")),
        ("← →", _("move between the cards of your hand")),
        # i18n: keys of the keyboard, in the help's table of keys
        (_("Space or Enter"), _("select a card, press a button")),
        # i18n: keys of the keyboard, in the help's table of keys
        (_("Shift+← →"), _("move the focused card in your hand")),
        ("D", _("draw from the stock")),
        ("T", _("take the top discard")),
        ("P", _("pass on the first upcard (Gin)")),
        ("X", _("discard the selected card")),
        ("K", _("knock with the selected card (Gin)")),
        ("G", _("big gin (Gin)")),
        ("M", _("meld the selected cards (Rummy)")),
        # i18n: keys of the keyboard: L (the key the page answers to: keep it), or a digit from 1 to 9
        (_("L, or 1–9"), _("lay the selected card off (on meld 1–9)")),
        ("S", _("change how your hand is sorted")),
        ("H", _("jump to your hand")),
        ("I", _("a hint: what the expert would do now, and why")),
        ("U", _("undo back to the start of your turn (practice games)")),
        ("N", _("next hand, when a hand is over")),
        # i18n: the Escape key of the keyboard
        (_("Esc"), _("clear the selection, close a dialog")),
        ("?", _("this help")),
    )
    legend = "".join(('<button type="button" class="btn" data-act="legend" data-key="help-legend">',
                      esc(_("What the marks mean")), "</button>"))
    return "".join((
        "\n<p>", _("Make melds: <strong>sets</strong> (3 or 4 of a rank) and <strong>runs</strong> (3 or more in a "
                   "suit, aces low)."), "</p>\n"
        "<p>", _("<strong>Gin Rummy</strong>: draw from the stock or take the top discard, then discard. Knock when "
                 "your deadwood (cards outside melds) is at most the knock limit; gin is 0 deadwood. The program "
                 "arranges both hands."), "</p>\n"
        "<p>", _("<strong>Basic Rummy</strong>: draw, then put down melds and lay cards off on any meld on the table, "
                 "then discard. The first to get rid of every card wins the hand and scores what the others hold."),
        "</p>\n"
        "<h3>", esc(_("Mouse and touch")), "</h3>\n"
        "<p>", esc(_("Tap cards to select them, then press an action. Or drag a card: onto the discard pile to discard "
                     "it, onto Knock to knock with it, onto a meld to lay it off, onto the table to meld it with the "
                     "selected cards, or between your cards to reorder your hand. Drag the stock or the discard pile "
                     "onto your hand to draw.")), "</p>\n"
        # i18n: the marks on the cards and the table (dots, bars, stars)
        "<h3>", esc(_("Marks")), "</h3>\n"
        # i18n: {button} is the button "What the marks mean"; the ? is a button beside the sort buttons
        "<p>", _('Red dots, coloured bars and edges, ★, ▼, "D": {button} (also the <strong>?</strong> beside the '
                 "sort buttons).").format(button=legend), "</p>\n"
        "<h3>", esc(_("Keyboard")), "</h3>\n"
        '<table class="keys"><tbody>\n',
        "".join("".join(('<tr><th scope="row">', esc(k), "</th><td>", esc(what), "</td></tr>\n")) for k, what in keys),
        "</tbody></table>\n"
        "<h3>", esc(_("Learning and fair deals")), "</h3>\n"
        # i18n: Hint, Scores, Check this deal and Share this deal are the names of buttons elsewhere on the page
        "<p>", _("Press <strong>Hint</strong> for the expert's move and its reasons; a match with hints or undo counts "
                 "as assisted. Each hand's deck is fixed before the first card is played, and its fingerprint is in "
                 "<strong>Scores</strong>; after the hand its secret is shown and <strong>Check this deal</strong> "
                 "rebuilds the deck to prove nothing was changed. The daily deal is the same for everyone each day "
                 "(UTC), and <strong>Share this deal</strong> in the menu gives a link to the same cards."), "</p>\n"
        "<h3>", esc(_("What is saved")), "</h3>\n"
        "<p>", esc(_("The match in progress after every move, your settings and your statistics, in this browser "
                     "only. Reloading or closing the tab resumes where you were. Settings can export all of it to a "
                     "file and import it again, here or in another browser.")), "</p>\n"))


def help_html(extra: str = "", extra_buttons: str = "") -> str:
    learn = "".join(('<button type="button" class="btn" data-act="tutorial" data-game="gin" data-key="help-learn-gin">',
                     esc(_("Learn Gin Rummy")), '</button><button type="button" class="btn" data-act="tutorial" '
                     'data-game="rummy" data-key="help-learn-rummy">', esc(_("Learn Basic Rummy")), "</button>"))
    return dialog_frame(_("How to play"), _help() + extra, learn + extra_buttons + button("close", _("Close"), True),
                        "help-dialog")


def notice_html(title: str, lines: "Iterable[str]", extra_buttons: str = "") -> str:
    body = "".join("".join(("<p>", esc(t), "</p>")) for t in lines)
    return dialog_frame(title, body, extra_buttons + button("close", _("OK"), True), "notice-dialog")


def scores_html(sheet: str) -> str:
    return dialog_frame(_("Scores"), sheet, button("close", _("Close"), True), "scores-dialog")


def confirm_new_html() -> str:
    body = "".join(("<p>", esc(_("A match is in progress. Start a new one? The match in progress ends here and "
                                 "counts as abandoned in your statistics.")), "</p>"))
    return dialog_frame(_("Start a new match?"), body,
                        button("confirm-new", _("Start the new match"), True) + button("close", _("Keep playing")),
                        "confirm-new-dialog")


def import_html(plan: "dict[str, Any] | None") -> str:
    """What an import would do, for the player to confirm (or why it cannot be done)."""
    problems = (plan or {}).get("problems") or []
    changes = (plan or {}).get("changes") or []
    if problems:
        body = "".join(("<p>", esc(_("This file cannot be imported:")), "</p><ul>",
                        "".join("".join(("<li>", esc(p), "</li>")) for p in problems), "</ul>"))
        return dialog_frame(_("Import data"), body, button("close", _("Close"), True), "import-dialog")
    body = "".join(("<p>", esc(_("Importing this file will:")), "</p><ul>",
                    "".join("".join(("<li>", esc(c), "</li>")) for c in changes), "</ul>"
                    "<p>", esc(_("Nothing is replaced until you say so.")), "</p>"))
    return dialog_frame(_("Import data"), body, button("import-apply", _("Import and replace"), True)
                        + button("close", _("Cancel")), "import-dialog")
