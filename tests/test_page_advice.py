"""The expert's advice in the page's words (web/page/app/advice.py): every hint and every decision of the coach's
review is worded by the page from its action, its reasons' codes and their parameters (so that it can be said in
the player's language), and in English the page says exactly what the engine says (rummy.bots.advice, gin_advice,
rummy_advice, rummy.coach), over random positions of both games; a reason the page cannot word is said in the
engine's words; with a catalogue, the advice is said in its language."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from helpers import new_game, play

from rummy import Game, seat_view
from rummy.bots import advice as engine_advice
from rummy.bots import expert_advisor, make_bot
from rummy.coach import review_hand
from rummy.replays import finished_record
from rummy.tutorial import tutorial
from web.page import i18n
from web.page.app import advice
from web.page.shared.cards import card_of

NAMES = ["You", "Ada", "Dot", "Mel"]
# (game, players, rules, the bot whose evaluation words the advice): styles that give every kind of reason
SWEEPS: list[tuple[str, int, dict[str, Any], str, int]] = [
    ("gin", 2, {}, "ada", 3),
    ("gin", 2, {"preset": "oklahoma"}, "magpie", 2),  # denies the upcard
    ("rummy", 3, {"jokers": True}, "sage", 3),  # holds for rummy, swaps jokers
    ("rummy", 2, {"jokers": True}, "dot", 2),  # melds at once
    ("rummy", 4, {"aces": "high-or-low", "layoff_needs_meld": True}, "rufus", 1),
]


@pytest.fixture(autouse=True)
def english():
    i18n.use("en")
    yield
    i18n.use("en")


def docstring_codes() -> set[str]:
    """The reason codes of rummy/bots/advice.py's table."""
    return set(re.findall(r"^``([a-z-]+)``\s{2,}", engine_advice.__doc__ or "", re.M))


def names_for(seat: int, players: int) -> list[str]:
    """The worker's names (web.worker.table names): "You" for the seat the advice is for."""
    others = iter(NAMES[1:])
    return ["You" if s == seat else next(others) for s in range(players)]


def engine_form(text: str) -> str:
    """The page names the joker as its cards do ("Joker", in the page's language); the engine writes "joker"."""
    return text.replace("Joker", "joker")


def page_hint(d: dict, game: str, names: list[str], upcard: int | None) -> str:
    return engine_form(advice.advice_words(json.loads(json.dumps(d)), game, names, upcard))


def sweep(game: str, players: int, rules: dict, bot_id: str, seed: int) -> list[tuple[dict, str, list[str], int | None]]:
    """The advice of random positions of one hand (each seat's own view, any seat to act): the bot's own choice
    and one other legal action explained, as (advice data, game, names, the upcard then)."""
    from rummy.bots.gin_advice import advise_gin
    from rummy.bots.rummy_advice import advise_rummy

    rnd = random.Random(seed)
    g = Game.new(game, players, rules, seed=seed)
    bot = make_bot(bot_id, game, seed)
    advise = advise_gin if game == "gin" else advise_rummy
    out = []
    for _i in range(600):
        if g.results or g.phase == "match-over":
            break
        if g.turn is None:
            break
        v = seat_view(g, g.turn)
        names = names_for(v.seat, players)
        for explain in [None, rnd.choice(v.legal)]:
            d = advise(bot, v, names, explain=explain).to_data()  # type: ignore[arg-type]
            out.append((d, game, names, v.top_discard))
        g.apply(rnd.choice(v.legal) if rnd.random() < 0.4 else bot.choose(v))
    return out


def crafted() -> list[tuple[dict, str, list[str], int | None]]:
    """Positions the random hands seldom reach: gin, big gin, taking a card that fits a meld on the table."""
    from rummy.bots.rummy_advice import advise_rummy

    out = []
    ada: Any = make_bot("ada", "gin", 0)  # an advisor (rummy.bots.base.Advisor)
    # seat 0 holds gin after its draw: knock with K♦
    g = new_game("gin", dealer=1, hands=["2C 3C 4C 7D 7H 7S 9H TH JH KD", "AH 2H 3H AD 2D 3D AS 2S 3S 4D"],
                 upcard="QS", stock="QH 8D JC")
    play(g, "pass", "pass", "draw stock")
    out.append((ada.advise(seat_view(g, 0), NAMES[:2]).to_data(), "gin", NAMES[:2], seat_view(g, 0).top_discard))
    # seat 0 takes the upcard into eleven cards in melds: big gin
    g = new_game("gin", dealer=1, hands=["AC 2C 3C 4D 5D 6D 7H 8H 9H JH", ""], upcard="TH")
    v = seat_view(g, 0)
    out.append((ada.advise(v, NAMES[:2]).to_data(), "gin", NAMES[:2], v.top_discard))
    play(g, "draw discard")
    v = seat_view(g, 0)
    out.append((ada.advise(v, NAMES[:2]).to_data(), "gin", NAMES[:2], v.top_discard))
    # Basic Rummy: Ada throws 8♥, which fits seat 0's run on the table
    g = new_game("rummy", 2, dealer=1, hands=["5H 6H 7H 2C 4D 9S KC QD JS 3C", "8H AS 2S 4C 6C 8C TD QS KS 9D"],
                 upcard="TC", stock="AD 3D 5D 7D")
    play(g, "draw stock", "meld 5H 6H 7H", "discard KC", "draw stock", "discard 8H")
    v = seat_view(g, 0)
    dot: Any = make_bot("dot", "rummy", 0)
    for a in v.legal:
        out.append((dot.advise(v, NAMES[:2]).to_data() if a == dot.choose(v) else
                    advise_rummy(dot, v, NAMES[:2], explain=a).to_data(), "rummy", NAMES[:2], v.top_discard))
    return out


def experts() -> list[tuple[dict, str, list[str], int | None]]:
    """A few hints of the real advisors of the page (web.worker.learn.hint: Hugo for Gin, Iris for Basic Rummy)."""
    out = []
    for game, players, turns in (("gin", 2, 5), ("rummy", 3, 10)):
        adv = expert_advisor(game, 4)
        g = Game.new(game, players, {"jokers": True} if game == "rummy" else None, seed=8)
        for _i in range(turns):
            if g.turn is None:
                break
            v = seat_view(g, g.turn)
            a = adv.advise(v, names_for(v.seat, players))
            out.append((a.to_data(), game, names_for(v.seat, players), v.top_discard))
            g.apply(a.action)
    return out


@pytest.fixture(scope="module")
def hints() -> list[tuple[dict, str, list[str], int | None]]:
    out = []
    for game, players, rules, bot_id, seeds in SWEEPS:
        for seed in range(seeds):
            out += sweep(game, players, rules, bot_id, seed)
    return out + crafted() + experts()


def test_every_hint_is_worded_by_the_page_as_the_engine_words_it(hints):
    assert len(hints) > 300
    for d, game, names, upcard in hints:
        assert page_hint(d, game, names, upcard) == d["words"], d


def test_every_reason_code_is_worded_by_the_page(hints):
    """Every code of the engine's table is reached, and worded by the page (not left to the engine's words)."""
    seen: dict[str, int] = {}
    for d, game, names, _up in hints:
        move = advice.Move(d["action"])
        for r in d["reasons"]:
            said = advice.reason_words(r, game, names, move)
            assert said is not None and engine_form(said) == r["words"], r
            seen[r["code"]] = seen.get(r["code"], 0) + 1
    # the guided hand's hint (web.worker.learn.hint): the lesson's own sentence
    lesson = tutorial("gin").steps[0]
    hint = {"action": str(lesson.action), "words": lesson.say, "cards": [],
            "reasons": [{"code": "tutorial", "params": {}, "words": lesson.say}]}
    assert advice.advice_words(hint, "gin", NAMES[:2]) == lesson.say
    seen["tutorial"] = 1
    assert docstring_codes() - set(seen) == set(), sorted(seen)
    assert len(docstring_codes()) >= 26  # the table was read


@pytest.mark.parametrize(("game", "players", "bot_id", "seed"), [("gin", 2, "ada", 3), ("rummy", 3, "sage", 7),
                                                                 ("rummy", 2, "dot", 6)])
def test_every_decision_of_the_coach_is_worded_by_the_page_as_the_engine_words_it(game, players, bot_id, seed):
    """Seat 0 plays carelessly for a hand; the coach's review of it, as the worker sends it, worded by the page
    (Sage's review has a meld made too early: a matter of style, without points)."""
    advisor = make_bot(bot_id, game, seed)
    rnd = random.Random(seed)
    g = Game.new(game, players, {"jokers": True} if game == "rummy" else None, seed=seed)
    while not g.results:
        v = seat_view(g, g.turn)
        g.apply(rnd.choice(v.legal) if g.turn == 0 and rnd.random() < 0.5 else advisor.choose(v))
    names = names_for(0, players)
    review = review_hand(finished_record(g), 0, advisor, 0, names)  # type: ignore[arg-type]
    data = json.loads(json.dumps(review.to_data()))
    assert data["mistakes"]
    priced = set()
    for m in data["mistakes"]:
        assert engine_form(advice.mistake_words(m, names)) == m["words"], m
        priced.add(bool(m["priced"]))
    assert priced == ({True, False} if bot_id == "sage" else {True})


def test_an_unknown_reason_or_parameters_not_as_they_should_be_are_said_in_the_engines_words():
    d = {"action": "discard 9H", "cards": ["9H"], "words": "Discard 9♥: whatever the engine said.", "reasons": [
        {"code": "no-meld", "params": {"card": "9H", "chances": 0}, "words": "it can't join a meld"},
        {"code": "moon-phase", "params": {}, "words": "the moon is full"},
        {"code": "deadwood", "params": {"deadwood": "lots", "before": None, "card": "9H"}, "words": "it leaves lots"}]}
    assert advice.advice_words(d, "gin", NAMES[:2]) == \
        "Discard 9♥: it can't join a meld, the moon is full, and it leaves lots."
    assert advice.reason_words({"code": "moon-phase", "params": {}}, "gin", NAMES[:2]) is None
    assert advice.reason_words({"code": "safe", "params": {"card": "9H", "chance": 0.02}}, "gin", NAMES) is None  # no seat
    assert advice.reason_words({"code": "safe", "params": {"card": "9H", "seat": 1, "chance": 0.02}}, None,
                               NAMES) is None  # which game?
    assert advice.reason_words({"code": "knock-wait", "params": {"deadwood": 5, "ev": 3, "undercut": 0.1}}, "gin",
                               NAMES) is None  # an older engine: no seat, no why
    assert advice.reason_words("no-meld", "gin", NAMES) is None
    # an advice the page cannot read at all: the engine's words
    for bad in ({**d, "action": "fly away"}, {**d, "reasons": "none"}, {**d, "action": 7}):
        assert advice.advice_words(bad, "gin", NAMES[:2]) == d["words"]
    assert advice.advice_words(None, "gin", NAMES) == ""
    # taking the upcard when neither a reason nor the page knows which card it is
    take = {"action": "draw discard", "words": "Take 7♦: the points left in your hand stay at 20.", "reasons": [
        {"code": "points-left", "params": {"points": 20, "before": 20}, "words": "the points left ..."}]}
    assert advice.advice_words(take, "rummy", NAMES[:2]) == take["words"]
    assert advice.advice_words(take, "rummy", NAMES[:2], card_of("7D")) == take["words"]
    # a decision of the coach that is not readable
    m = {"played": "dance", "advice": d, "cost": 2.0, "priced": True, "words": "seat 1 would have laughed"}
    assert advice.mistake_words(m, NAMES[:2]) == "Ada would have laughed"


def test_a_player_without_a_name_is_your_opponent():
    r = {"code": "deny", "params": {"card": "7H", "seat": 1, "chance": 0.4}, "words": "it keeps 7♥ from Ada"}
    assert advice.reason_words(r, "gin", ["You", "Ada"]) == "it keeps 7♥ from Ada"
    assert advice.reason_words(r, "gin", ["You"]) == "it keeps 7♥ from your opponent"


def test_numbers_points_and_cards_as_the_engine_writes_them():
    for x in (0, 0.04, 0.05, 1, 1.25, 2.35, 2.96, 3.04, 12.5, -2.5, -0.04, 7.45):
        assert advice.points_text(x) == engine_advice.points(x), x
    for p in (0, 0.004, 0.005, 0.125, 0.135, 0.5, 1):
        assert advice.percent_text(p) == engine_advice.percent(p), p
    for n in range(14):
        assert advice.number_word(n) == engine_advice.number(n)
    cs = [card_of(t) for t in ("9H", "TH", "JH", "QH")]
    for k in range(5):
        assert advice.card_list(cs[:k]) == engine_advice.card_list(cs[:k])
    for suit in range(4):
        for n in (1, 2, 5, 11):
            assert advice.suit_count(suit, n) == engine_advice.suit_plural(suit, n)
    assert advice.instruction(advice.Move("meld JK=5H 6H 7H")) == "Meld Joker 6♥ 7♥"


@pytest.mark.parametrize("text", ["discard 9H", "knock 6C", "draw stock", "draw discard", "pass", "big gin",
                                  "meld 5H 6H 7H", "meld 5H JK=6H 7H", "layoff 7H 2", "layoff JK=7H 3", "swap 7D 2"])
def test_every_action_is_said_as_the_engine_says_it(text):
    """The instruction, the advice without reasons, and what the person chose, as the coach says it."""
    move, action = advice.Move(text), engine_advice.Action.parse(text)
    said = engine_advice.action_words(action)
    assert engine_form(advice.instruction(move)) == said
    assert engine_form(advice.sentence(advice.instruction(move), [])) == said + "."
    assert engine_form(advice.chosen(move)) == "You chose to " + said[:1].lower() + said[1:]


CATALOGUE = {"lang": "fr", "messages": {
    "Discard {card}": "Défaussez {card}",
    "Don't knock yet; discard {card}": "Ne frappez pas encore ; défaussez {card}",
    "it can't join a meld": "elle n'entre dans aucune combinaison",
    "your deadwood drops to {deadwood}": "vos points morts tombent à {deadwood}",
    "{name} passed on {passed}": "{name} n'a pas pris {passed}",
    "{action}: {reason}.": "{action} : {reason}.",
    "{action}: {first} and {second}.": "{action} : {first} et {second}.",
    "{action}: {first}, and {second}.": "{action} : {first} et {second}.",
    "{action}: {first}, {second}, and {third}.": "{action} : {first}, {second} et {third}.",
    "Joker": "Joker (fr)",
    "a number in words\x04two": "deux",
    "{number} heart": ["{number} cœur", "{number} cœurs"],
    "it sheds {number} point": ["elle retire {number} point", "elle retire {number} points"],
    "You chose to discard {card}": "Vous avez défaussé {card}",
    "{chosen} (about {points} point). Better: {advice}": ["{chosen} (environ {points} point). Mieux : {advice}",
                                                          "{chosen} (environ {points} points). Mieux : {advice}"],
    "your opponent": "votre adversaire",
}}


def test_with_a_catalogue_the_advice_is_said_in_its_language():
    assert i18n.use("fr", CATALOGUE)
    d = {"action": "discard 9H", "cards": ["9H"], "words": "Discard 9♥: it can't join a meld, Ada passed on two hearts, "
         "and your deadwood drops to 12.", "reasons": [
             {"code": "no-meld", "params": {"card": "9H", "chances": 0}, "words": "it can't join a meld"},
             {"code": "opponent-signals", "params": {"seat": 1, "card": "9H", "threw": [], "passed": ["TH", "JH"]},
              "words": "Ada passed on two hearts"},
             {"code": "deadwood", "params": {"deadwood": 12, "before": 15, "card": "9H"},
              "words": "your deadwood drops to 12"}]}
    said = advice.advice_words(d, "gin", ["You", "Ada"])
    assert said == "Défaussez 9♥ : elle n'entre dans aucune combinaison, Ada n'a pas pris deux cœurs et vos points " \
                   "morts tombent à 12."
    joker = {"action": "discard JK", "cards": ["JK"], "words": "Discard joker: it sheds 15 points.", "reasons": [
        {"code": "points", "params": {"card": "JK", "points": 15}, "words": "it sheds 15 points"}]}
    assert advice.advice_words(joker, "rummy", ["You", "Ada"]) == "Défaussez Joker (fr) : elle retire 15 points."
    two = {"action": "discard 2H", "words": "", "reasons": [
        {"code": "points", "params": {"card": "2H", "points": 2}, "words": "it sheds two points"}]}
    assert advice.advice_words(two, "rummy", ["You", "Ada"]) == "Défaussez 2♥ : elle retire deux points."
    # a text the catalogue does not have stays English; a reason it cannot word, the engine's words
    d["reasons"].append({"code": "new-idea", "params": {}, "words": "the engine's own idea"})
    assert advice.advice_words(d, "gin", ["You"]).endswith(", votre adversaire n'a pas pris deux cœurs et vos "
                                                           "points morts tombent à 12.")
    m = {"played": "discard KS", "advice": d, "cost": 2.5, "priced": True, "words": "",
         "view": {"format": "rummy-view", "version": 1, "view": {"game": "gin", "discard": ["5C"]}}}
    assert advice.mistake_words(m, ["You", "Ada"]).startswith("Vous avez défaussé K♠ (environ 2.5 points). Mieux : "
                                                              "Défaussez 9♥ : ")
    # the guided hand's sentence, as the lesson shows it: in the catalogue's language when it has it
    lesson = tutorial("gin").steps[0]
    hint = {"action": str(lesson.action), "words": lesson.say,
            "reasons": [{"code": "tutorial", "params": {}, "words": lesson.say}]}
    assert i18n.use("fr", {"lang": "fr", "messages": {lesson.say: "La leçon, en français."}})
    assert advice.advice_words(hint, "gin", ["You", "Ada"]) == "La leçon, en français."
