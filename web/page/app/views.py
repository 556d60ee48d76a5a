"""What the app shows, as pure functions of its state: the screen under the header (:func:`screen_html`) and the
dialog on show (:func:`dialog_html`). Nothing here changes the state or returns an effect; the runner draws what
these return after every message.

Written in the Python both MicroPython and CPython run.
"""

from web.page.app import core, dialogs, hand, learn, learnview, prefs, render, replays, results, stage
from web.page.app.outcome import detail_words
from web.page.app.setup import GAME_WORDS, setup_html
from web.page.app.text import bidi_html, esc, headline, isolated, prompt
from web.page.i18n import _

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.model import App

# The replays' drawing (web.page.app.replayview) and online play's (web.page.app.onlineview) are imported where
# first needed, not while the page starts.


# ---------------------------------------------------------------- the screen

def screen_html(app: "App") -> str:
    """The whole screen under the header; the names in its sentences isolated (``<bdi>``: text.bidi_html)."""
    return bidi_html(_screen_html(app))


def _screen_html(app: "App") -> str:
    m = app.match
    screen = app.page.screen
    if screen == "replay":
        return replay_screen_html(app)
    if screen == "lobby":
        from web.page.app import onlineview

        return onlineview.lobby_html(app)
    if screen == "seek" and app.seeker is not None:
        from web.page.app import onlineview

        return onlineview.seek_html(app)
    if screen == "join" or (app.online.role == "guest" and m.view is None):
        from web.page.app import onlineview

        return onlineview.join_html(app)
    if screen == "setup" or (m.view is None and m.save is None and m.waiting is None):
        lead = learnview.start_html(app.page.first_visit, app.page.stats.get("daily") or {}, m.waiting == "daily")
        last = app.page.settings.get("last")
        return setup_html(app.setup, lead, resume_tile(app), last if isinstance(last, dict) else None)
    strip = ""
    if app.online.role != "local":
        from web.page.app import onlineview

        strip = onlineview.table_strip(app)
    return strip + table_html(app)


def resume_tile(app: "App") -> "dict[str, Any] | None":
    """The match on this page, for the welcome's Continue: what it is, where it stands, whose face; None when
    there is none."""
    m = app.match
    if m.save is None:
        return None
    cfg = m.config or {}
    v = m.view
    game = v.game if v is not None else str(cfg.get("game") or "gin")
    you = core.names(app)[0] == "You"  # the name of seat 0 against the computer (core's, not a shown text)
    names = [isolated(n) for n in core.names(app)]
    game_words = _(GAME_WORDS.get(game, game))
    if cfg.get("tutorial"):
        # i18n: {game} is "Gin Rummy" or "Basic Rummy": a lesson's hand, on the button that goes back to it
        words = _("Your guided hand of {game}").format(game=game_words)
    elif cfg.get("daily"):
        # i18n: {game} is "Gin Rummy" or "Basic Rummy"; {date} the day of the daily deal (2026-01-31)
        words = _("{game} daily deal, {date}").format(game=game_words, date=str(cfg["daily"]))
    elif you:
        # i18n: {game} is "Gin Rummy" or "Basic Rummy"; {names} the opponents, separated by commas
        words = _("{game} against {names}").format(game=game_words, names=", ".join(names[1:]))
    else:
        # i18n: {game} is "Gin Rummy" or "Basic Rummy"; {names} the players, separated by commas
        words = _("{game}: {names}").format(game=game_words, names=", ".join(names))
    if v is not None and len(v.scores) == len(names):
        # i18n: a player's score in a list of scores ("Ada 35")
        scores = ", ".join(_("{name} {points}").format(name=n, points=str(sc)) for n, sc in zip(names, v.scores))
        # i18n: {match} is what the match is ("Gin Rummy against Ada"), {n} the hand's number, {scores} each score
        words = _("{match}, hand {n}: {scores}").format(match=words, n=v.hand_number, scores=scores)
    face = ""
    for seat in core.seats(app):
        if seat["kind"] == "computer":
            face = seat["id"]
            break
    return {"words": words, "face": face, "over": not core.match_in_progress(app)}


def table_html(app: "App") -> str:
    m = app.match
    page = app.page
    v = m.view
    if v is None:
        return "".join(('<div class="table dealing" data-testid="table-screen" data-phase="" data-turn="">'
                        '<p class="prompt" data-testid="prompt">', esc(_("Dealing…") if m.waiting == "new" else
                                                                         _("Getting the game ready…")), "</p></div>"))
    names = core.names(app)
    if m.cover is not None:
        return render.cover_html(names[m.cover], v)
    marks, dw = hand.marks(app)
    if not v.in_hand or app.stage.dealing is not None:
        dw = ""  # nothing to say before the cards have landed; once the hand is over, it is counted on the table
    profiles = {}
    for i, seat in enumerate(core.seats(app)):
        if seat["kind"] == "computer":
            profiles[i] = app.catalog.profile(v.game, seat["id"])
    dealing = app.stage.dealing is not None
    if dealing:
        said = _("Dealing…")  # the turn's prompt and buttons wait until the cards have landed
    elif m.dealt_here or m.engine != "starting" or m.waiting is None:
        said = prompt(v, names, core.pass_and_play(app))
    else:
        said = _("Getting the game ready…")
    ui = {"prompt": said, "message": page.message, "level": page.level, "deadwood": dw, "order": m.order,
          "selected": m.selected, "marks": marks, "busy": v.turn != v.seat or dealing, "dealing": dealing,
          "sort": hand.sort_mode(app), "log": m.meta.get("log", []),
          "waiting": m.waiting is not None, "back": page.settings.get("back", "red"),
          "speech": {seat: said[0] for seat, said in m.speech.items()}, "gin_ready": hand.gin_ready(app),
          "log_open": page.log_open,
          "download": m.download if m.engine == "starting" and hand.says_waiting(app) else None}
    if not v.in_hand and page.dialog != "end":
        ui["after"] = render.after_html(v.phase)
    if stage.asking(app):
        words = stage.knock_words(app)
        if words is not None:
            ui["confirm"] = render.confirm_html(words[0], words[1])
            ui["marks"]["knock"] = stage.knock_card(app)
    if not v.in_hand and v.results:
        show = stage.step(app)
        ui["spreads"] = results.showdown(v, names, v.results[-1], show)
        ui["stage"] = show["step"] if show is not None else "done"
    return render.table_screen(v, names, profiles, learn_ui(app, ui))


def learn_ui(app: "App", ui: "dict[str, Any]") -> "dict[str, Any]":
    """What learning adds to the table: the hint and undo chips, the lesson's bar, marks and "assisted"."""
    m = app.match
    extras = app.learn.extras
    advice = app.learn.advice
    v = m.view
    assert v is not None  # drawn with the table
    lesson = learn.lesson(app)
    mine = v.in_hand and v.turn == v.seat and m.cover is None and app.stage.dealing is None
    # a friend's page online has no engine to ask, and at a table with no dealer the two players are alike (neither
    # is advised): no hint there
    ui["chips"] = ("" if app.online.role == "guest" or app.online.sealed is not None else learnview.chips_html(
        mine and m.waiting is None, bool(extras.get("practice")), bool(extras.get("undo")) and m.waiting is None)) \
        + render.legend_chip()
    ui["scoreline_extra"] = learnview.assisted_html(bool(extras.get("assisted")))
    lit: list[str] = []
    if advice is not None and advice.get("step") == v.step:
        ui["marks"]["advised"] = learn.cards_of(advice.get("cards") or [])
    if lesson is not None:
        step = lesson.get("step")
        if step is not None and step["seat"] == v.seat:
            lit = list(step["highlight"])
            ui["marks"]["lesson"] = learn.cards_of(lit)
        ui["lesson"] = learnview.lesson_html(lesson, v.seat, m.next == "computer" and m.waiting is None)
    ui["lit"] = " ".join(lit)
    return ui


def replay_screen_html(app: "App") -> str:
    """The replay viewer (``app.page.screen == "replay"``)."""
    from web.page.app import replayview

    m = app.match
    r = app.replays.replay
    back = _("Back to the table") if app.replays.replay_back == "table" and (
        m.view is not None or m.save is not None) else _("Close")
    if r is None:
        return replayview.viewer_html({"loading": True}, False, back)
    can_link = not r.get("loading") and (r["source"] != "match" or replays.has_engine(app))
    return replayview.viewer_html(r, can_link, back)


# ---------------------------------------------------------------- dialogs

def dialog_html(app: "App", which: str) -> str | None:
    """The dialog ``which`` (see :data:`DIALOGS`; anything else is Help), or None when there is nothing to show; the
    names in its sentences isolated (``<bdi>``: text.bidi_html)."""
    html = DIALOGS.get(which, help_html)(app)
    return None if html is None else bidi_html(html)


def end_html(app: "App") -> str | None:
    """The end of a hand: the score card (the headline, the points, the totals), or, one tap away, its details:
    every hand laid out, what learning and the coach add, the scores."""
    m = app.match
    v = m.view
    if v is None or not v.results:
        return None
    names = core.names(app)
    r = v.results[-1]
    guest = app.online.role == "guest" and v.phase != "match-over"
    over = ""
    if v.phase == "match-over":
        w = v.match.winner if v.match is not None else None
        if w is None:
            words = esc(_("The match is a draw."))
        elif names[w] == "You":  # seat 0 against the computer (core's name, not a shown text)
            words = esc(_("You win the match!"))
        else:
            words = _("{name} wins the match.").format(name=esc(isolated(names[w])))
        over = "".join(('<p class="match-over', (" won" if stage.match_won(app, v) else ""),
                        '" data-testid="match-over"><strong>', esc(_("Match over.")), "</strong> ", words, "</p>"))
    if guest:
        first = render.button("close", _("Back to the table"), True)
    else:
        first = render.button("next", _("New match") if v.phase == "match-over" else _("Next hand"), True)
    if not app.stage.details:
        extra = over + learn_card_html(app) + sealed_end_html(app)
        if guest:
            extra += guest_end_html(app)
        ribbon = results.RIBBONS.get(r.end, "") if stage.hand_celebration(app, v, r) else ""
        body = results.score_card_html(v, names, headline(r, names), detail_words(r, names), r, ribbon, extra)
        more = render.button("details", _("Details")) + ("" if guest else render.button("close", _("View the table")))
        return render.dialog_frame(_("End of hand"), body, first + more, "end-of-hand")
    body = results.end_of_hand_html(v, names, headline(r, names), detail_words(r, names), r)
    body += learn_end_html(app) + replay_end_html(app) + sealed_end_html(app)
    if guest:
        body += guest_end_html(app)
    body += over + results.score_sheet_html(v, names)
    # i18n: the button that goes back from a hand's details to its score card
    more = render.button("score-card", _("Back")) + ("" if guest else render.button("close", _("View the table")))
    return render.dialog_frame(_("End of hand"), body, first + more, "end-of-hand")


def sealed_end_html(app: "App") -> str:
    """A table with no dealer: the audit of the hand's deal, on both pages."""
    s = app.online.sealed
    v = app.match.view
    words = s.checks.get(v.hand_number) if s is not None and v is not None else None
    if words is None:
        return ""
    return "".join(('<p class="deal-check ok" data-testid="deal-check-end">', esc(words), "</p>"))


def guest_end_html(app: "App") -> str:
    """A friend's page online: its check of the deal, and who deals next."""
    guest = app.guest
    v = app.match.view
    assert guest is not None and v is not None  # a guest's page, at the end of a hand
    out = ""
    check = guest.deal_checks.get(v.hand_number)
    if check is not None:
        cls = "ok" if check[0] else ("error" if check[0] is False else "muted")
        out += "".join(('<p class="deal-check ', cls, '" data-testid="deal-check-end">', esc(check[1]), "</p>"))
    return out + "".join(('<p class="muted">', _("{name} deals the next hand.").format(
        name=esc(isolated(core.names(app)[0]))), "</p>"))


def learn_card_html(app: "App") -> str:
    """What learning puts on the score card: a guided hand's last words, the daily deal."""
    m = app.match
    extras = app.learn.extras
    out = ""
    t = extras.get("tutorial")
    if isinstance(t, dict) and t.get("done") and t.get("outro"):
        out += learnview.outro_html(t["outro"])
    daily = extras.get("daily")
    if isinstance(daily, dict):
        assert m.view is not None  # drawn at the end of a hand
        out += learnview.daily_end_html(daily, app.page.stats.get("daily", {}).get(m.view.game))
    return out


def learn_end_html(app: "App") -> str:
    """What learning adds to the details of a hand: the deal's proof."""
    m = app.match
    deal = app.learn.extras.get("deal")
    if isinstance(deal, dict) and m.view is not None and m.view.results:
        return learnview.proof_html(deal, app.learn.deal_check.get(len(m.view.results) - 1),
                                    app.learn.deal_check.get(-1), m.waiting == "verify")
    return ""


def replay_end_html(app: "App") -> str:
    """What looking back adds to the end of a hand: the coach, replay this hand, export its record."""
    v = app.match.view
    if v is None or not v.results or not replays.has_engine(app):
        return ""
    hand_no = len(v.results) - 1
    from web.page.app import replayview as view

    out = view.review_html(app.replays.reviews.get(hand_no), bool(replays.asking(app, "review", "hand", hand_no)),
                           replays.coach_allowed(app), hand_no, core.names(app), app.replays.reviewed.get(hand_no))
    return out + view.end_tools_html(hand_no, bool(replays.asking(app, "record", "for", "export")),
                                     app.replays.export_note, app.replays.problems.get("match:" + str(hand_no)))


def scores_html(app: "App") -> str | None:
    v = app.match.view
    if v is None:
        return None
    more = ""
    if replays.has_engine(app):
        from web.page.app import replayview

        more = learnview.fingerprint_html(app.learn.extras.get("deal") if v.in_hand else None)
        more += replayview.scores_replays_html(len(v.results), app.replays.problems)
    return dialogs.scores_html(results.score_sheet_html(v, core.names(app)) + more)


def settings_html(app: "App") -> str:
    page = app.page
    line = page.banner or _("Your match, settings and statistics are saved in this browser.")
    return dialogs.settings_html(page.settings, line, page.embedded, core.stun_servers(app), app.online.stun_note,
                                 page.advanced, core.relays(app), app.online.relay_note)


def embed_html(app: "App") -> str:
    url, snippet = prefs.embed_parts(app)
    return dialogs.embed_html(snippet, url, app.page.embed_status)


def notice_html(app: "App") -> str:
    page = app.page
    extra = render.button("download-aside", _("Download the unreadable data")) if page.offers else ""
    lines = list(page.notices)
    if page.offers:
        lines.append(_("Some unreadable data was too big to keep aside: download it to keep a copy; it is then "
                       "removed so that the game has room to save."))
    return dialogs.notice_html(_("Please note"), lines, extra)


def help_html(app: "App") -> str:
    from web.page.app import replayview as view

    return dialogs.help_html(view.help_text_html(), view.help_buttons_html())


def legend_html(app: "App") -> str:
    from web.page.app import legend  # what the marks mean: imported when first asked for

    return legend.legend_html()


def watch_html(app: "App") -> str:
    from web.page.app import replayview

    return replayview.watch_html(app.replays.watch)


def past_html(app: "App") -> str:
    from web.page.app import replayview

    return replayview.past_html(app.replays.past, app.replays.problems)


def link_html(app: "App") -> str:
    from web.page.app import replayview

    return replayview.link_html(app.replays.link_box)


DIALOGS = {
    "end": end_html,
    "scores": scores_html,
    "stats": lambda app: dialogs.stats_html(app.page.stats, app.catalog, app.page.confirm_reset),
    "settings": settings_html,
    "embed": embed_html,
    "confirm-new": lambda app: dialogs.confirm_new_html(),
    "notice": notice_html,
    "import": lambda app: dialogs.import_html(app.page.import_plan),
    "share": lambda app: learnview.share_html(app.learn.share),
    "watch": watch_html,
    "past": past_html,
    "replay-link": link_html,
    "help": help_html,
    "legend": legend_html,
}
