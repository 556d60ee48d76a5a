"""The contents of the dialogs: statistics, settings, embed, help, notices, and the questions the app asks.

Written in the Python both MicroPython and CPython run.
"""

from web.page.app import looks
from web.page.app.deck import back_svg, face_svg, suit_class
from web.page.app.render import button, dialog_frame
from web.page.app.text import esc, isolated
from web.page.stats import rate, rows

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

    from web.page.app.setup import Catalog

SPEED_WORDS = (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant"))


def stats_html(data: "dict[str, Any]", catalog: "Catalog", confirm_reset: bool) -> str:
    parts = []
    for game, title in (("gin", "Gin Rummy"), ("rummy", "Basic Rummy")):
        line = data["games"].get(game)
        if not line:
            parts.append("".join(('<section aria-label="', title, '"><h3>', title,
                                  '</h3><p class="muted">No hands played yet.</p></section>')))
            continue
        table = "".join("".join(('<tr><th scope="row">', esc(k), "</th><td>", esc(v), "</td></tr>"))
                        for k, v in rows(line, game))
        opp_rows = []
        for key in sorted(data["opponents"]):
            oline = data["opponents"][key]
            g, _, pid = key.partition(":")
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
            opp = "".join(('<table class="stats-table"><caption>Against each opponent</caption><thead><tr>'
                           '<th scope="col">Opponent</th><th scope="col">Matches</th><th scope="col">Won</th>'
                           '<th scope="col">Hands</th><th scope="col">Won</th><th scope="col">Best streak</th></tr></thead>'
                           "<tbody>", "".join(opp_rows), "</tbody></table>"))
        parts.append("".join(('<section aria-label="', title, '" data-testid="stats-', game, '"><h3>', title, "</h3>"
                              '<table class="stats-table"><tbody>', table, "</tbody></table>", opp, "</section>")))
    people = data.get("people") or {}
    prow = []
    for key in sorted(people):
        g, _, person = key.partition(":")
        line = people[key]
        prow.append("".join(('<tr><th scope="row">', esc(isolated(person)), "</th><td>", ("Gin Rummy" if g == "gin" else "Basic Rummy"),
                             "</td><td>", str(line["matches"]), "</td><td>", rate(line["matches_won"], line["matches"]),
                             "</td><td>", str(line["hands"]), "</td><td>", rate(line["hands_won"], line["hands"]),
                             "</td></tr>")))
    if prow:
        parts.append("".join(('<section aria-label="Games with people" data-testid="stats-people"><h3>Games with people</h3>'
                              '<table class="stats-table"><caption>Each person at this device, counted apart from games '
                              'against the computer</caption><thead><tr><th scope="col">Player</th><th scope="col">Game</th>'
                              '<th scope="col">Matches</th><th scope="col">Won</th><th scope="col">Hands</th>'
                              '<th scope="col">Won</th></tr></thead><tbody>', "".join(prow), "</tbody></table></section>")))
    drow = []
    for g, title in (("gin", "Gin Rummy"), ("rummy", "Basic Rummy")):
        d = (data.get("daily") or {}).get(g)
        if not d:
            continue
        best = d["best"]
        drow.append("".join(('<tr><th scope="row">', title, "</th><td>", str(d["played"]), "</td><td>", str(d["won"]),
                             "</td><td>", str(d["streak"]), "</td><td>", str(d["best_streak"]), "</td><td>",
                             (esc(("won by " if best["margin"] >= 0 else "lost by ") + str(abs(best["margin"])) + ", "
                                    + best["date"]) if best else "–"), "</td></tr>")))
    if drow:
        parts.append("".join(('<section aria-label="Daily deals" data-testid="stats-daily"><h3>Daily deals</h3>'
                              '<table class="stats-table"><thead><tr><th scope="col">Game</th><th scope="col">Days</th>'
                              '<th scope="col">Won</th><th scope="col">Streak</th><th scope="col">Best streak</th>'
                              '<th scope="col">Best result</th></tr></thead><tbody>', "".join(drow),
                              "</tbody></table></section>")))
    if confirm_reset:
        btns = button("stats-reset-yes", "Yes, reset statistics", True) + button("stats-reset-no", "Keep them")
        parts.append('<p class="message error" role="alert">Reset every statistic? This cannot be undone.</p>')
    else:
        btns = button("close", "Close", True) + button("stats-reset", "Reset statistics")
    return dialog_frame("Statistics", "".join(parts), btns, "stats-dialog")


def _check(name: str, label: str, on: object, key: str | None = None) -> str:
    return "".join(('<label class="field check"><input type="checkbox" name="', name, '" data-key="set-', (key or name),
                    '"', (" checked" if on else ""), "> ", label, "</label>"))


def _radios(name: str, items: "Iterable[tuple[str, str]]", current: object,
            preview: "Callable[[str], str] | None" = None) -> str:
    out = []
    for k, words in items:
        pic = preview(k) if preview else ""
        out.append("".join(('<label class="choice', (" pic" if pic else ""), '"><input type="radio" name="', name,
                            '" value="', k, '" data-key="', name, "-", k, '"', (" checked" if current == k else ""),
                            "> ", pic, '<span class="choice-words">', esc(words), "</span></label>")))
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
    return "".join(("<fieldset><legend>Online play</legend>"
                    '<label class="field block">STUN servers, one per line (none: same network only) <textarea name="stun" '
                    'rows="3" spellcheck="false" autocomplete="off" data-key="set-stun" data-testid="stun-list">', esc(shown),
                    "</textarea></label>",
                    ("".join(('<p class="message error" data-testid="stun-note">', esc(note), "</p>")) if note else ""),
                    '<p class="muted">A STUN server learns your IP address and nothing of the game, only while you play '
                    "online: it tells each browser its public address, so that friends can connect across the internet."
                    "</p>", ("" if listed is None else button("stun-defaults", "Use the default servers")),
                    '<label class="field block">Relays, one per line (none: invites need a reply code) <textarea '
                    'name="relays" rows="3" spellcheck="false" autocomplete="off" data-key="set-relays" '
                    'data-testid="relay-list">', esc(relays_shown), "</textarea></label>",
                    ("".join(('<p class="message error" data-testid="relay-note">', esc(relay_note), "</p>"))
                     if relay_note else ""),
                    '<p class="muted">Through a relay, the pages of friends find each other when an invite link is '
                    "opened, and players meet in “Play someone now”. A relay learns that two pages met, when, and "
                    "their network addresses; what they say there is encrypted, and the game itself goes from page to "
                    "page. Only while you play online.</p>",
                    ("" if relays is None else button("relay-defaults", "Use the default relays")),
                    '<label class="field block">TURN server (for networks that block direct connections) <input '
                    'type="text" name="turn-urls" placeholder="turn:host:3478" spellcheck="false" autocomplete="off" '
                    'data-key="set-turn-urls" data-testid="turn-urls" value="', esc(turn.get("urls", "")), '"></label>'
                    '<label class="field">User name <input type="text" name="turn-username" autocomplete="off" '
                    'data-key="set-turn-username" value="', esc(turn.get("username", "")), '"></label>'
                    '<label class="field">Password <input type="password" name="turn-credential" autocomplete="off" '
                    'data-key="set-turn-credential" value="', esc(turn.get("credential", "")), '"></label>'
                    '<p class="muted">A TURN server passes on the game\'s traffic when two pages cannot reach each '
                    "other directly; it learns both addresses. You need an account with one.</p></fieldset>"))


def advanced_html(open_: bool, body: str) -> str:
    """Settings that only the curious need, folded away until asked for."""
    return "".join(('<div class="advanced"><button type="button" class="btn small fold" data-act="settings-advanced" '
                    'data-key="set-advanced" data-testid="settings-advanced" aria-expanded="', ("true" if open_ else "false"),
                    '" aria-controls="settings-more"><span aria-hidden="true">', ("▾" if open_ else "▸"),
                    "</span> Advanced</button>", '<div id="settings-more"', ("" if open_ else " hidden"), ">", body,
                    "</div></div>"))


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
    body = "".join(("<fieldset><legend>Speed of the opponents' moves</legend>", sp,
                    '<p class="muted">Moves are instant when your system asks for reduced motion.</p></fieldset>'
                    "<fieldset><legend>Sound</legend>", _check("sound", "Sound effects", sound_on),
                    '<label class="field">Volume <input type="range" name="volume" min="0" max="100" step="5" value="',
                    str(s.get("volume", 70)), '" data-key="set-volume" aria-label="Volume"></label>',
                    ('<p class="muted">Off until you turn it on, in a game embedded in another page.</p>' if embedded
                       else ""), "</fieldset>"
                    "<fieldset><legend>Cards</legend>",
                    _check("fourcolor", "Four-colour deck (blue diamonds, green clubs)", s.get("fourcolor")),
                    '<div class="sample" aria-hidden="true">', sample, "</div>",
                    _check("bigcards", "Larger cards", s["bigcards"]),
                    _check("hints", "Rummy: mark the cards you could meld or lay off now", s.get("hints", True)),
                    '<p class="radio-title" id="back-title">Card back</p><div class="radio-row" role="radiogroup" '
                    'aria-labelledby="back-title">', backs, "</div></fieldset>"
                    "<fieldset><legend>Table</legend>"
                    '<p class="radio-title" id="felt-title">Felt colour</p><div class="radio-row" role="radiogroup" '
                    'aria-labelledby="felt-title">', felts, "</div>",
                    _check("contrast", "High contrast", s["contrast"]),
                    '<p class="muted">Light or dark follows your system.</p></fieldset>',
                    "<fieldset><legend>Coach</legend>",
                    _check("coach", "Coach after each hand: where the expert would have played otherwise, and what it "
                             "cost", s.get("coach", False)),
                    '<p class="muted">Against the computer. Each hand\'s review has a Show button that replays the '
                    "moment.</p></fieldset>",
                    "<fieldset><legend>Your data</legend>"
                    '<p class="muted">', esc(storage_line), "</p>",
                    button("export", "Export my data"), button("import", "Import data…"),
                    "</fieldset>",
                    advanced_html(advanced or bool(stun_note) or bool(relay_note),
                                  stun_html(s, list(stun_in_use), stun_note, relays_in_use, relay_note))))
    return dialog_frame("Settings", body, button("close", "Done", True), "settings-dialog")


def embed_html(snippet: str, url: str, copied: str) -> str:
    body = "".join(("<p>Put this game on your own page: paste this snippet into its HTML. It plays the same game "
                    "with the same opponents and rules.</p>"
                    '<label class="field block">Snippet <textarea readonly rows="5" data-testid="embed-snippet" '
                    'data-key="embed-snippet">', esc(snippet), "</textarea></label>"
                    '<p class="muted">Address: <a href="', esc(url), '" target="_blank" rel="noopener">open the embedded '
                    "view</a></p>"
                    '<p class="message" role="status" data-testid="embed-status">', esc(copied), "</p>"))
    return dialog_frame("Embed this game", body, button("copy-embed", "Copy snippet", True) + button("close", "Close"),
                        "embed-dialog")


HELP = """
<p>Make melds: <strong>sets</strong> (3 or 4 of a rank) and <strong>runs</strong> (3 or more in a suit, aces low).</p>
<p><strong>Gin Rummy</strong>: draw from the stock or take the top discard, then discard. Knock when your
deadwood (cards outside melds) is at most the knock limit; gin is 0 deadwood. The program arranges both hands.</p>
<p><strong>Basic Rummy</strong>: draw, then put down melds and lay cards off on any meld on the table, then
discard. The first to get rid of every card wins the hand and scores what the others hold.</p>
<h3>Mouse and touch</h3>
<p>Tap cards to select them, then press an action. Or drag a card: onto the discard pile to discard it, onto
Knock to knock with it, onto a meld to lay it off, onto the table to meld it with the selected cards, or
between your cards to reorder your hand. Drag the stock or the discard pile onto your hand to draw.</p>
<h3>Marks</h3>
<p>Red dots, coloured bars and edges, ★, ▼, "D": <button type="button" class="btn" data-act="legend"
data-key="help-legend">What the marks mean</button> (also the <strong>?</strong> beside the sort buttons).</p>
<h3>Keyboard</h3>
<table class="keys"><tbody>
<tr><th scope="row">Tab / Shift+Tab</th><td>move between areas and buttons</td></tr>
<tr><th scope="row">← →</th><td>move between the cards of your hand</td></tr>
<tr><th scope="row">Space or Enter</th><td>select a card, press a button</td></tr>
<tr><th scope="row">Shift+← →</th><td>move the focused card in your hand</td></tr>
<tr><th scope="row">D</th><td>draw from the stock</td></tr>
<tr><th scope="row">T</th><td>take the top discard</td></tr>
<tr><th scope="row">P</th><td>pass on the first upcard (Gin)</td></tr>
<tr><th scope="row">X</th><td>discard the selected card</td></tr>
<tr><th scope="row">K</th><td>knock with the selected card (Gin)</td></tr>
<tr><th scope="row">G</th><td>big gin (Gin)</td></tr>
<tr><th scope="row">M</th><td>meld the selected cards (Rummy)</td></tr>
<tr><th scope="row">L, or 1–9</th><td>lay the selected card off (on meld 1–9)</td></tr>
<tr><th scope="row">S</th><td>change how your hand is sorted</td></tr>
<tr><th scope="row">H</th><td>jump to your hand</td></tr>
<tr><th scope="row">I</th><td>a hint: what the expert would do now, and why</td></tr>
<tr><th scope="row">U</th><td>undo back to the start of your turn (practice games)</td></tr>
<tr><th scope="row">N</th><td>next hand, when a hand is over</td></tr>
<tr><th scope="row">Esc</th><td>clear the selection, close a dialog</td></tr>
<tr><th scope="row">?</th><td>this help</td></tr>
</tbody></table>
<h3>Learning and fair deals</h3>
<p>Press <strong>Hint</strong> for the expert's move and its reasons; a match with hints or undo counts as
assisted. Each hand's deck is fixed before the first card is played, and its fingerprint is in
<strong>Scores</strong>; after the hand its secret is shown and <strong>Check this deal</strong> rebuilds the deck
to prove nothing was changed. The daily deal is the same for everyone each day (UTC), and <strong>Share this deal</strong> in the menu
gives a link to the same cards.</p>
<h3>What is saved</h3>
<p>The match in progress after every move, your settings and your statistics, in this browser only.
Reloading or closing the tab resumes where you were. Settings can export all of it to a file and import it
again, here or in another browser.</p>
"""


def help_html(extra: str = "", extra_buttons: str = "") -> str:
    learn = ('<button type="button" class="btn" data-act="tutorial" data-game="gin" data-key="help-learn-gin">'
             'Learn Gin Rummy</button><button type="button" class="btn" data-act="tutorial" data-game="rummy" '
             'data-key="help-learn-rummy">Learn Basic Rummy</button>')
    return dialog_frame("How to play", HELP + extra, learn + extra_buttons + button("close", "Close", True),
                        "help-dialog")


def notice_html(title: str, lines: "Iterable[str]", extra_buttons: str = "") -> str:
    body = "".join("".join(("<p>", esc(t), "</p>")) for t in lines)
    return dialog_frame(title, body, extra_buttons + button("close", "OK", True), "notice-dialog")


def scores_html(sheet: str) -> str:
    return dialog_frame("Scores", sheet, button("close", "Close", True), "scores-dialog")


def confirm_new_html() -> str:
    body = ("<p>A match is in progress. Start a new one? The match in progress ends here and counts as abandoned "
            "in your statistics.</p>")
    return dialog_frame("Start a new match?", body,
                        button("confirm-new", "Start the new match", True) + button("close", "Keep playing"),
                        "confirm-new-dialog")


def import_html(plan: "dict[str, Any] | None") -> str:
    """What an import would do, for the player to confirm (or why it cannot be done)."""
    problems = (plan or {}).get("problems") or []
    changes = (plan or {}).get("changes") or []
    if problems:
        body = "".join(("<p>This file cannot be imported:</p><ul>", "".join("".join(("<li>", esc(p), "</li>")) for p in problems), \
            "</ul>"))
        return dialog_frame("Import data", body, button("close", "Close", True), "import-dialog")
    body = "".join(("<p>Importing this file will:</p><ul>", "".join("".join(("<li>", esc(c), "</li>")) for c in changes), "</ul>"
                    "<p>Nothing is replaced until you say so.</p>"))
    return dialog_frame("Import data", body, button("import-apply", "Import and replace", True)
                        + button("close", "Cancel"), "import-dialog")
