"""The table's looks in CPython: the deck's sprite, the characters and their lines, the motion plans, sounds and
speech of table updates, the Gin button, Rummy's hints, who laid each meld card, the embed's first game and the
Settings of the look (web/page/app: deck, characters, motion, looks, render). No browser, no timing."""

from __future__ import annotations

import random
import re

import pytest
from page_harness import CATALOG, Harness
from test_page_app import play_person

from web.page import formats
from web.page.app import characters, core, deck, looks, motion, render, views
from web.page.app.model import App
from web.page.shared.cards import JOKER, card_of, text_of
from web.page.shared.viewdata import Event


def advance_to(h: Harness, done, rnd: random.Random, limit: int = 3000) -> None:
    """Play (the person at random, the computers by their timers) until ``done(h)``."""
    for _ in range(limit):
        if done(h):
            return
        a = h.app
        if a.match.next == "computer":
            assert h.fire("advance")
        elif a.match.next == "deal":
            h.do("command", "next", {})
        elif a.match.next == "over":
            break
        else:
            play_person(h, rnd)
    raise AssertionError("never got there")


# ---------------------------------------------------------------- the deck

def test_the_sprite_holds_every_face_four_backs_and_the_pips_once():
    s = deck.sprite()
    ids = re.findall(r'<symbol id="([^"]+)"', s)
    assert len(ids) == len(set(ids))
    faces = {deck.card_id(c) for c in range(52)} | {deck.card_id(JOKER)}
    assert faces <= set(ids) and len(faces) == 53
    assert {"b-" + b for b in looks.BACK_IDS} <= set(ids)
    assert {"p" + s for s in "CDHS"} <= set(ids)
    for c in range(52):  # every face shows its rank in the corner, twice (the second turned)
        body = s.split('<symbol id="' + deck.card_id(c) + '"')[1].split("</symbol>")[0]
        rank = deck.RANK_TEXT[c % 13]
        assert body.count(">" + rank + "</text>") == 2, text_of(c)
        assert body.count('href="#p' + "CDHS"[c // 13] + '"') >= 2
    # whole numbers only in the pips' placements (the same text under MicroPython)
    assert not re.search(r'\s(x|y|width|height)="-?\d+\.\d', s)


def test_number_cards_have_their_pips_and_courts_their_figures():
    s = deck.sprite()
    for c in range(52):
        body = s.split('<symbol id="' + deck.card_id(c) + '"')[1].split("</symbol>")[0]
        pips = body.count('href="#p' + "CDHS"[c // 13] + '"')
        rank = c % 13 + 1
        if rank == 1:
            assert pips == 3  # two corners and the big one
        elif rank <= 10:
            assert pips == 2 + rank, text_of(c)
        else:
            assert pips == 4 and "<rect" in body  # two corners, the emblem twice; a framed figure


def test_faces_and_backs_are_references_into_the_sprite():
    assert deck.face_svg(card_of("7H")) == ('<svg class="face" viewBox="0 0 250 350" aria-hidden="true" focusable="false">'
                                 '<use href="#c7H"/></svg>')
    assert 'href="#b-gold"' in deck.back_svg("gold") and 'href="#b-red"' in deck.back_svg("nonsense")
    assert deck.suit_class(13) == "s-D" and deck.suit_class(JOKER) == "s-J"


# ---------------------------------------------------------------- characters

def test_every_opponent_of_the_roster_is_a_character_with_lines_for_its_game():
    for game, occasions in (("gin", ("take", "pass", "knock", "gin", "undercut", "undercut-by", "win", "lose")),
                            ("rummy", ("take", "meld", "layoff", "win", "rummy", "lose"))):
        for p in CATALOG.roster(game):
            assert p["id"] in characters.CHARACTERS, p["id"]
            mine = characters.CHARACTERS[p["id"]]["lines"]
            for o in occasions:
                assert o in mine, (p["id"], o)  # in its own voice, not the default one
                assert characters.line(p["id"], o, 7) in mine[o]


def test_portraits_are_drawn_by_our_code_and_differ():
    drawn = {pid: characters.portrait(pid) for pid in characters.CHARACTERS}
    assert len(set(drawn.values())) == len(drawn)
    for pid, svg in drawn.items():
        assert svg.startswith('<svg class="portrait"') and svg.endswith("</svg>")
        assert "href=" not in svg and "url(" not in svg and "<image" not in svg  # nothing from outside
        assert characters.color_of(pid) in svg
    assert characters.portrait("nobody")  # an unknown id still has a face


# ---------------------------------------------------------------- motion, sounds, speech

def ev(kind, seat, card=None, cards=(), wild=(), meld=0):
    return Event({"kind": kind, "seat": seat, "card": None if card is None else text_of(card),
                  "cards": [text_of(c) for c in cards], "wild": [text_of(c) for c in wild], "meld": meld,
                  "count": 0}, "test")


def test_each_card_flies_from_where_it_really_comes_from():
    h = Harness()
    h.start()
    h.new_match("rummy", ("mel", "dot", "sage"), seed=3)
    v = h.app.match.view
    assert h.motions[-1]["deal"] == motion.deal_order(v)
    # the deal goes round from the dealer's left; the dealer is dealt last
    first = (v.dealer + 1) % v.players
    assert h.motions[-1]["deal"][0] == (motion.HAND if first == 0 else motion.fan(first) + " .card")
    plan = motion.table_plan(v, [ev("draw stock", 2), ev("discard", 3, 7), ev("draw discard", 1, 20),
                                 ev("meld", 2, cards=(4, 5, 6)), ev("layoff", 3, cards=(31,), wild=(31,), meld=1)],
                             False)
    assert plan["fans"] == [[motion.fan_last(2), motion.STOCK]]
    assert plan["from"]["8C"] == "[data-testid=opponent-3] .fan"
    assert plan["leave"] == [["8D", "[data-testid=opponent-1] .fan .card:last-child"]]
    assert plan["from"]["5C"] == plan["from"]["6C"] == plan["from"]["7C"] == motion.fan(2)
    assert plan["from"]["JK"] == motion.fan(3)  # a joker laid off is the joker that flies
    # the person's own cards: measured by the runner, except a card drawn from the stock
    mine = motion.table_plan(v, [ev("draw stock", 0), ev("discard", 0, 9)], False, new_card=12)
    assert mine["from"] == {"KC": motion.STOCK} and not mine["fans"] and not mine["leave"]


def test_sounds_and_speech_of_a_whole_gin_match():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=5, rules={"target": 60})
    assert [s[0] for s in h.sounds] == ["shuffle"]
    advance_to(h, lambda h: h.app.match.next == "over", random.Random(5))
    names = {s[0] for s in h.sounds}
    assert {"shuffle", "draw", "discard"} <= names and names & {"win", "lose"}
    assert names <= set(looks.SOUND_NAMES)
    assert all(vol == 70 and 0 <= delay < 3 for _, vol, delay in h.sounds)
    # every line said is Rex's, and it was drawn in a bubble over his seat
    said = [p for p in h.motions if p["pop"]]
    assert said and all(p["pop"] == ["[data-testid=speech-1]"] for p in said)
    rex = {t for lines in characters.CHARACTERS["rex"]["lines"].values() for t in lines}
    for seat, (text, left) in h.app.match.speech.items():
        assert seat == 1 and text in rex and 1 <= left <= motion.SPEECH_UPDATES


def test_an_undercut_makes_the_knocker_groan_and_the_winner_gloat():
    h = Harness()
    h.start()
    h.new_match("gin", ("vera",), seed=2)
    v = h.app.match.view

    class R:  # an undercut result, as the engine reports one
        end, winner = "undercut", 0

        class knock:
            knocker = 1
    v.results = [R]
    said = motion.speech(v, [ev("knock", 1, 3)], True, {1: "vera"}, 0, 4)
    assert said[1] in characters.CHARACTERS["vera"]["lines"]["undercut-by"]
    R.winner, R.knock.knocker = 1, 0
    said = motion.speech(v, [ev("knock", 0, 3)], True, {1: "vera"}, 0, 4)
    assert said[1] in characters.CHARACTERS["vera"]["lines"]["undercut"]


def test_a_bubble_lasts_a_few_updates():
    b = motion.age_speech({}, {1: "Mine."})
    assert b == {1: ["Mine.", motion.SPEECH_UPDATES]}
    for _ in range(motion.SPEECH_UPDATES - 1):
        b = motion.age_speech(b, {})
    assert b == {1: ["Mine.", 1]}
    assert motion.age_speech(b, {}) == {}


def test_sound_is_off_in_an_embed_until_turned_on():
    h = Harness()
    h.start(query={"embed": "1"})
    assert h.looks[-1]["sound_on"] is False
    assert not h.sounds
    h.do("command", "settings", {})
    assert 'name="sound"' in h.dialog and 'name="sound" data-key="set-sound">' in h.dialog  # unchecked
    effects = h.do("change", "sound", "on", True)
    assert h.app.page.settings["sound"] is True and ("sound", "draw", 70, 0.0) in effects
    assert h.looks[-1]["sound_on"] is True
    h2 = Harness()
    h2.start()
    assert h2.looks[-1]["sound_on"] is True


def test_an_embed_with_no_game_chosen_opens_on_a_gin_game():
    h = Harness()
    h.start(query={"embed": "1"})
    new = [m for m in h.sent if m["type"] == "new"]
    assert len(new) == 1 and new[0]["config"]["game"] == "gin" and len(new[0]["config"]["opponents"]) == 1
    assert h.app.page.screen == "table" and h.app.match.view is not None
    # a wrong address still says why, on the new-game screen
    h = Harness()
    h.start(query={"embed": "1", "game": "chess"})
    assert h.app.page.screen == "setup" and h.app.page.notices


def test_the_first_move_waits_for_the_deal_to_land_when_cards_move():
    h = Harness(land=False)
    h.start(query={"speed": "normal"})
    h.new_match("rummy", ("mel", "dot"), seed=4)
    assert h.app.match.next == "computer"  # seed 4: the computer moves first
    assert not [t for t in h.timers if t[0] == "advance"]  # not while the page's deal is still flying
    flight = [t for t in h.timers if t[0] == "landed"][-1][1]
    assert flight > looks.MOTION_MS["normal"] / 1000
    assert h.fire("landed")
    assert [t[1] for t in h.timers if t[0] == "advance"] == [0.7]  # then the usual pause before its move
    h = Harness()
    h.start(query={"speed": "0"})
    h.new_match("rummy", ("mel", "dot"), seed=4)
    assert all(t[1] == 0.0 for t in h.timers if t[0] == "advance")
    assert h.looks[-1]["motion"] == 0


def test_the_move_log_is_a_drawer_closed_at_first_opened_by_its_button_and_closed_by_escape():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3)
    log = re.search(r'<section class="log" id="moves-log"[^>]*>', h.html).group(0)
    assert " hidden" in log and 'aria-controls="moves-log" aria-expanded="false"' in h.html
    h.do("command", "moves", {})
    log = re.search(r'<section class="log" id="moves-log"[^>]*>', h.html).group(0)
    assert " hidden" not in log and 'aria-expanded="true"' in h.html and "log-open" in h.html
    assert h.dialog is None  # a drawer on the table, not a dialog
    # Escape clears a selection first, then closes the drawer and gives the focus back to its button
    h.do("command", "card", {"pos": 0})
    assert h.app.match.selected
    h.do("key", "Escape", {"card_pos": 0, "in_dialog": False, "shift": False})
    assert not h.app.match.selected and h.app.page.log_open
    effects = h.do("key", "Escape", {"card_pos": None, "in_dialog": False, "shift": False})
    assert not h.app.page.log_open and ("focus", '[data-key="chip-moves"]') in effects
    assert 'aria-expanded="false"' in h.html


def test_what_a_character_says_is_drawn_beside_its_portrait_not_under_its_panel():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3)
    h.app.match.speech = {1: ["Nah.", 2]}
    html = views.screen_html(h.app)
    who = html.split('<div class="opp-who">')[1].split('<div class="fan"')[0]
    assert '<p class="bubble" data-testid="speech-1">Nah.</p>' in who


# ---------------------------------------------------------------- Gin: the Gin button, groups; Rummy: hints, authors

def test_the_gin_button_appears_when_the_best_discard_leaves_no_deadwood_and_knocks_with_it():
    h = Harness()
    h.start(query={"debug": "autoplay"})  # a computer plays the person's seat until a knock is legal there
    h.new_match("gin", ("pip",), seed=21, rules={"target": 500})
    for _ in range(3000):
        v = h.app.match.view
        if v.turn == 0 and "knock" in v.kinds():
            break
        assert h.fire("advance") or h.fire("deal")
    a = h.app
    a.page.autoplay = False
    assert 'data-act="gin"' not in h.html or a.match.hint.get("after_discard") == 0
    knocks = a.match.view.moves("knock")
    a.match.hint = dict(a.match.hint, after_discard=0, best_knock=knocks[-1].text)  # as the engine says when the hand is gin
    h.do("command", "focus-hand", {})
    html = views.screen_html(a)
    assert 'aria-label="Gin"' in html and 'data-act="gin"' in html and 'data-drop="knock"' in html
    h.deliver = False
    h.do("command", "gin", {})
    assert h.waiting() == [{"type": "act", "action": knocks[-1].text, "step": a.match.view.step, "seat": 0}]
    a.match.hint = dict(a.match.hint, after_discard=3)
    a.match.waiting = None
    assert 'data-act="gin"' not in views.screen_html(a)
    h.outbox.clear()
    h.do("command", "gin", {})
    assert not h.outbox and a.page.level == "error"


def test_gin_melds_are_grouped_with_gaps_when_melds_come_first():
    for seed in range(1, 60):  # the first seeded deal that gives the person a meld
        h = Harness()
        h.start()
        h.new_match("gin", ("rex",), seed=seed)
        if any(h.app.match.hint.get("melds") or []):
            break
    h.do("command", "sort", {"sort": "melds"})
    a = h.app
    melds = [m for m in a.match.hint.get("melds") or [] if m]
    assert melds
    gaps = [int(g) for g in re.findall(r'style="--i:\d+;--g:(\d+)"', h.html)]
    assert gaps == sorted(gaps) and gaps[-1] == len(melds) - (1 if len(a.match.hint["unmatched"]) == 0 else 0)
    assert f'--G:{gaps[-1]}"' in h.html
    assert h.html.count(" dw") == len(a.match.hint["unmatched"])
    h.do("command", "sort", {"sort": "suit"})
    assert not [g for g in re.findall(r'--g:(\d+)"', h.html) if g != "0"]


def test_rummy_hints_mark_what_view_legal_would_play_and_can_be_turned_off():
    h = Harness()
    h.start()
    h.new_match("rummy", ("tilly",), seed=8)
    rnd = random.Random(8)
    advance_to(h, lambda h: h.app.match.view.turn == 0 and h.app.match.view.moves("meld"), rnd)
    a = h.app
    want = {c for m in a.match.view.legal if m.kind in ("meld", "layoff", "swap") for c in m.hand_cards()}
    hinted = set(re.findall(r'class="card in-hand s-\w[^"]* hint"[^>]*data-key="card-(\w\w)-', h.html))
    assert hinted == {text_of(c) for c in want}
    h.do("command", "settings", {})
    h.do("change", "hints", "", False)
    assert " hint" not in views.screen_html(a) and a.page.settings["hints"] is False


def test_table_melds_show_who_laid_each_card():
    h = Harness()
    h.start()
    h.new_match("rummy", ("mel", "dot"), seed=6, rules={"target": 40})
    advance_to(h, lambda h: h.app.match.view is not None and h.app.match.view.in_hand
               and sum(len(m.cards) for m in h.app.match.view.table) >= 7, random.Random(6))
    v = h.app.match.view
    authors = render.meld_authors(v)
    assert len(authors) == len(v.table)
    for meld, by in zip(v.table, authors):
        assert set(by) == set(meld.cards)  # every card's layer is known from the public log
    names = core.names(h.app)
    for i, (meld, by) in enumerate(zip(v.table, authors), 1):
        label = re.search(r'data-testid="meld-' + str(i) + r'" aria-label="([^"]+)"', h.html).group(1)
        for c in meld.cards:
            assert "laid by " + names[by[c]] in label
    assert 'class="by" style="background:' in h.html


# ---------------------------------------------------------------- Settings of the look

def test_the_look_settings_are_stored_exactly_as_the_format_reads_them():
    h = Harness()
    h.start()
    h.do("command", "settings", {})
    for name, value, checked in (("felt", "red", True), ("back", "gold", True), ("fourcolor", "", True),
                                 ("bigcards", "", True), ("volume", "35", False), ("sound", "", False),
                                 ("hints", "", False), ("felt", "purple", True), ("volume", "x", False)):
        h.do("change", name, value, checked)
    s = h.settings_saved[-1]
    assert s["felt"] == "red" and s["back"] == "gold" and s["fourcolor"] and s["bigcards"]
    assert s["volume"] == 35 and s["sound"] is False and s["hints"] is False
    assert formats.check_envelope("settings", formats.envelope("settings", s)) == s
    assert h.looks[-1]["felt"] == "red"
    assert looks.root_data(h.looks[-1]) == [("data-felt", "red"), ("data-deck", "4"), ("data-motion", "380")]
    assert looks.root_class(h.looks[-1]) == "rm bigcards"
    h.do("change", "volume", "250", False)
    assert h.app.page.settings["volume"] == 100


def test_the_chosen_back_is_drawn_on_the_stock_and_the_opponents_hands():
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3)
    h.do("command", "settings", {})
    h.do("change", "back", "green", True)
    assert h.html.count("#b-green") == 1 + 10 and "#b-red" not in h.html


def test_motion_follows_the_speed_and_reduced_motion():
    assert looks.motion_ms("normal", None, False) == 380
    assert looks.motion_ms("instant", None, False) == 0
    assert looks.motion_ms("slow", None, True) == 0
    assert looks.motion_ms("normal", 0.0, False) == 0
    assert 120 <= looks.motion_ms("normal", 0.3, False) <= 560


def test_the_app_defaults_are_the_stored_formats_defaults():
    a = App(CATALOG)
    assert a.page.settings == formats.default_settings()


@pytest.mark.parametrize("width_words", ["Take discard", "Draw from stock"])
def test_action_buttons_keep_their_names_with_short_labels(width_words):
    h = Harness()
    h.start()
    h.new_match("gin", ("rex",), seed=3)
    assert f'aria-label="{width_words}"' in h.html


# ---------------------------------------------------------------- the legend

SHOWN = {"can": r'class="pile (stock|discard) can"', "active": r'class="opp active"', "badge": r'class="badge"',
         "deadwood": r'class="deadwood"', "meld-no": r'class="meld-no"', "by": r'class="by"',
         "wild": r'class="card [^"]*tcard wild', "assisted": r'class="assisted"'}


def marks_shown(html: str) -> set[str]:
    """The marks a drawing of the table shows, each by the class the legend names it by."""
    shown = set()
    for classes in re.findall(r'class="card in-hand ([^"]*)"', html):
        for c in classes.split():
            if not c.startswith("s-"):
                shown.add("grp" if c.startswith("grp") else c)
    return shown | {mark for mark, pattern in SHOWN.items() if re.search(pattern, html)}


def test_the_legend_names_every_mark_the_table_shows():
    from web.page.app import legend

    h = Harness()
    h.start()
    h.do("command", "tutorial", {"game": "gin"})
    seen = marks_shown(h.html)
    for game, opponents, rules in (("gin", ("ada",), {}), ("rummy", ("mel", "dot"), {"jokers": True})):
        h = Harness()
        h.start()
        h.new_match(game, opponents, seed=6, rules=rules)
        rnd = random.Random(6)
        for _ in range(600):
            seen |= marks_shown(h.html)
            a = h.app
            if a.match.next == "computer":
                assert h.fire("advance")
            elif a.match.next == "you":
                if rnd.random() < .3:
                    h.do("command", "hint", {})
                    seen |= marks_shown(h.html)
                h.do("command", "card", {"pos": 0})
                seen |= marks_shown(h.html)
                h.do("command", "card", {"pos": 0})
                play_person(h, rnd)
            elif a.match.next == "deal":
                h.do("command", "next", {})
            else:
                break
    # the way in, from the table
    assert 'data-act="legend"' in h.html and "What the marks mean" in h.html
    h.do("command", "legend", {})
    assert h.app.page.dialog == "legend"
    listed = set(re.findall(r'data-mark="([\w-]+)"', h.dialog))
    assert listed == {mark for mark, _, _ in legend.ALL}
    assert seen <= listed, seen - listed
    assert seen >= {"selected", "new", "taken", "advised", "dw", "grp", "hint", "lit", "can", "active", "badge",
                    "deadwood", "meld-no", "by", "wild", "assisted"}, seen


def test_the_legend_is_in_help_and_each_mark_is_one_the_stylesheet_draws():
    from pathlib import Path

    from web.page.app import legend

    h = Harness()
    h.start()
    h.do("command", "help", {})
    assert 'data-act="legend"' in h.dialog
    h.do("command", "legend", {})
    assert 'data-testid="legend-dialog"' in h.dialog and "What the marks mean" in h.dialog
    css = (Path(__file__).resolve().parent.parent / "web" / "game.css").read_text()
    for mark, _, _ in legend.ALL:
        assert re.search(r"\." + mark + r"\b[^{]*\{", css), mark


def test_the_hints_card_has_a_mark_of_its_own_shape_not_the_new_cards_edge():
    from pathlib import Path

    css = (Path(__file__).resolve().parent.parent / "web" / "game.css").read_text()

    def rules(selector: str) -> str:
        return " ".join(body for sel, body in re.findall(r"([^{}]+)\{([^}]*)\}", css) if selector in sel)

    new, advised = rules(".card.new"), rules(".card.advised")
    assert "dashed" in advised and "dashed" not in new  # an edge of another shape
    assert 'content: "▼"' in rules(".card.advised::before")  # and a pointer above the card
    assert not re.search(r"#4fc3f7", advised)  # not the new card's blue
