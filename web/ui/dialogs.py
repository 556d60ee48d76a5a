"""The contents of the dialogs: end of hand, score sheet, statistics, settings, embed, help, notices."""

from __future__ import annotations

from typing import Any

from . import stats as st
from .opponents import profile
from .text import esc


def dialog_frame(title: str, body: str, buttons: str, testid: str) -> str:
    return (f'<div class="dlg" data-testid="{testid}"><h2 id="dlg-title">{esc(title)}</h2>'
            f'<div class="dlg-body">{body}</div><div class="dlg-buttons">{buttons}</div></div>')


def button(act: str, label: str, primary: bool = False, extra: str = "") -> str:
    return (f'<button type="button" class="btn{" primary" if primary else ""}" data-act="{act}" '
            f'data-key="dlg-{act}" {extra}>{esc(label)}</button>')


def stats_html(data: dict[str, Any], confirm_reset: bool) -> str:
    parts = []
    for game, title in (("gin", "Gin Rummy"), ("rummy", "Basic Rummy")):
        line = data["games"].get(game)
        if not line:
            parts.append(f'<section aria-label="{title}"><h3>{title}</h3><p class="muted">No hands played yet.</p></section>')
            continue
        rows = "".join(f'<tr><th scope="row">{esc(k)}</th><td>{esc(v)}</td></tr>' for k, v in st.rows(line, game))
        opp_rows = []
        for key, oline in sorted(data["opponents"].items()):
            g, _, pid = key.partition(":")
            if g != game:
                continue
            p = profile(game, pid)
            name = p.name if p is not None else pid
            opp_rows.append(
                f'<tr><th scope="row">{esc(name)}</th><td>{oline["matches"]}</td>'
                f'<td>{st.rate(oline["matches_won"], oline["matches"])}</td><td>{oline["hands"]}</td>'
                f'<td>{st.rate(oline["hands_won"], oline["hands"])}</td><td>{oline["best_streak"]}</td></tr>')
        opp = ""
        if opp_rows:
            opp = ('<table class="stats-table"><caption>Against each opponent</caption><thead><tr><th scope="col">Opponent</th>'
                   '<th scope="col">Matches</th><th scope="col">Won</th><th scope="col">Hands</th><th scope="col">Won</th>'
                   f'<th scope="col">Best streak</th></tr></thead><tbody>{"".join(opp_rows)}</tbody></table>')
        parts.append(f'<section aria-label="{title}" data-testid="stats-{game}"><h3>{title}</h3>'
                     f'<table class="stats-table"><tbody>{rows}</tbody></table>{opp}</section>')
    if confirm_reset:
        btns = (button("stats-reset-yes", "Yes, reset statistics", True) + button("stats-reset-no", "Keep them"))
        parts.append('<p class="message error" role="alert">Reset every statistic? This cannot be undone.</p>')
    else:
        btns = button("close", "Close", True) + button("stats-reset", "Reset statistics")
    return dialog_frame("Statistics", "".join(parts), btns, "stats-dialog")


def settings_html(s: dict[str, Any], storage_line: str) -> str:
    speeds = [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant")]
    sp = "".join(f'<label class="choice"><input type="radio" name="speed" value="{k}"{" checked" if s["speed"] == k else ""}> {v}</label>'
                 for k, v in speeds)
    body = (f'<fieldset><legend>Speed of the opponents\' moves</legend>{sp}'
            f'<p class="muted">Moves are instant when your system asks for reduced motion.</p></fieldset>'
            f'<fieldset><legend>Look</legend><label class="field check"><input type="checkbox" name="contrast"'
            f'{" checked" if s["contrast"] else ""}> High contrast</label>'
            f'<label class="field check"><input type="checkbox" name="bigcards"{" checked" if s["bigcards"] else ""}> Larger cards</label></fieldset>'
            f'<p class="muted">{esc(storage_line)}</p>')
    return dialog_frame("Settings", body, button("close", "Done", True), "settings-dialog")


def embed_html(snippet: str, url: str, copied: str) -> str:
    body = ('<p>Put this game on your own page: paste this snippet into its HTML. It plays the same game '
            'with the same opponents and rules.</p>'
            f'<label class="field block">Snippet <textarea readonly rows="5" data-testid="embed-snippet" data-key="embed-snippet">{esc(snippet)}</textarea></label>'
            f'<p class="muted">Address: <a href="{esc(url)}" target="_blank" rel="noopener">open the embedded view</a></p>'
            f'<p class="message" role="status" data-testid="embed-status">{esc(copied)}</p>')
    return dialog_frame("Embed this game", body, button("copy-embed", "Copy snippet", True) + button("close", "Close"), "embed-dialog")


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
<tr><th scope="row">N</th><td>next hand, when a hand is over</td></tr>
<tr><th scope="row">Esc</th><td>clear the selection, close a dialog</td></tr>
<tr><th scope="row">?</th><td>this help</td></tr>
</tbody></table>
<h3>What is saved</h3>
<p>The match in progress after every move, your settings and your statistics, in this browser only.
Reloading or closing the tab resumes where you were.</p>
"""


def help_html() -> str:
    return dialog_frame("How to play", HELP, button("close", "Close", True), "help-dialog")


def notice_html(title: str, lines: list[str]) -> str:
    body = "".join(f"<p>{esc(t)}</p>" for t in lines)
    return dialog_frame(title, body, button("close", "OK", True), "notice-dialog")


def scores_html(sheet: str) -> str:
    return dialog_frame("Scores", sheet, button("close", "Close", True), "scores-dialog")
