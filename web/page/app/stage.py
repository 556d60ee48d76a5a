"""The table as a stage: the moments around the play.

* A knock is said before it goes ("Knock with 4♦? Deadwood 7", the deadwood from the engine's hint), and goes on
  the confirmation's Knock (or K again); "Not yet" or Escape takes it back.
* A deal: while its cards fly from the stock (web/bridge.js), the prompt says "Dealing…" and the buttons wait;
  the runner says when the last card has landed (``("landed", "deal")``), or a timer does if it never says.
* The end of a hand is laid out on the table one step after another: every hand spread out as melds and
  deadwood (Rummy: the cards left), each lay-off flying onto its meld, the deadwood (or the cards' value) counted
  up; then the score card opens, the details one tap away. The table's drawing is
  :func:`web.page.app.results.showdown` at the step this part says.
* A gin, a big gin and a won match are celebrated (``("celebrate", kind, selector)``: web/bridge.js throws a
  little confetti, nothing under reduced motion or at instant speed; the drawing shows a ribbon).

Every step is timed by the page's motion (:func:`web.page.app.core.motion_ms`): at instant speed or under reduced
motion there is none, and the same end is drawn at once. Written in the Python both MicroPython and CPython run.
"""

from web.page.app import core, looks
from web.page.app.text import card_face, card_words
from web.page.i18n import _
from web.page.shared.cards import text_of

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.core import Effects
    from web.page.app.model import App
    from web.page.shared.viewdata import Result, View

# How long each step of the end of a hand stays before the next, in flights of a card (core.motion_ms): long
# enough for its cards to land and be seen.
SHOW_FLIGHTS = 3.2  # the hands spread out
LAYOFF_FLIGHTS = 2.2  # one lay-off
COUNT_FLIGHTS = 3.6  # the deadwood counted up (the stylesheet counts for 2.5 flights)
LANDED_SPARE = 1.0  # seconds after a deal's planned end when the prompt comes even if the runner never said


class StageState:
    """What the stage is showing."""

    def __init__(self) -> None:
        self.confirm: dict[str, Any] | None = None  # a knock waiting for its confirmation: {"move", "step"}
        self.dealing: int | None = None  # the step of a deal whose cards are still flying
        # the end of a hand being laid out: {"hand": its result's index, "step": "show"|"layoff"|"count", "laid": n}
        self.show: dict[str, Any] | None = None
        self.details = False  # the end-of-hand dialog shows the breakdown and the score sheet, not the score card
        self.token = 0  # timers of an earlier stage are ignored


# ---------------------------------------------------------------- the knock, confirmed

def confirm_knock(app: "App", move: str) -> "Effects":
    """Ask before a knock goes (``move``: a legal knock of this step)."""
    v = core.view(app)
    app.stage.confirm = {"move": move, "step": v.step}
    words = knock_words(app)
    said = "" if words is None else words[0] + (" " + words[1] if words[1] else "")
    card = knock_card(app)
    if card is not None:
        said = said.replace(card_face(card), card_words(card))
    return [("announce", said), ("render",), ("focus", "[data-key=knock-yes]")]


def confirmed(app: "App") -> str | None:
    """The knock confirmed, when one was asked for in this very step (it is asked no more)."""
    c = app.stage.confirm
    app.stage.confirm = None
    v = app.match.view
    if c is None or v is None or v.step != c["step"] or v.move(c["move"]) is None:
        return None
    return str(c["move"])


def asking(app: "App") -> bool:
    """True while the knock's question shows (the person's turn, its step, nothing on its way)."""
    c = app.stage.confirm
    m = app.match
    v = m.view
    return (c is not None and v is not None and v.step == c["step"] and v.in_hand and v.turn == v.seat
            and m.waiting is None and m.cover is None)


def knock_card(app: "App") -> int | None:
    c = app.stage.confirm
    v = app.match.view
    move = v.move(c["move"]) if c is not None and v is not None else None
    return move.cards[0] if move is not None and move.cards else None


def knock_words(app: "App") -> tuple[str, str] | None:
    """The question and the deadwood it would leave, as the engine's hint has it: ("Knock with 4♦?",
    "Deadwood 7"); the deadwood is "" when the hint does not say."""
    c = app.stage.confirm
    card = knock_card(app)
    if c is None or card is None:
        return None
    hint = app.match.hint
    dw = (hint.get("knocks") or {}).get(text_of(card))
    if dw is None and hint.get("best_knock") == c["move"]:
        dw = hint.get("after_discard")
    # i18n: asked before a knock goes (Gin): {card} is the card the knock discards ("4♦")
    question = _("Knock with {card}?").format(card=card_face(card))
    # i18n: beside "Knock with 4♦?" (Gin): the points of the cards in no meld the knock would leave
    return question, _("Deadwood {n}").format(n=dw) if type(dw) is int else ""


def cancel_knock(app: "App", data: "dict[str, Any]") -> "Effects":
    """"Not yet": the knock is not sent; the Knock button has the focus again."""
    app.stage.confirm = None
    return [("render",), ("focus", "[data-act=knock]")]


# ---------------------------------------------------------------- a table update

def after_table(app: "App", before: "View | None", out: "Effects", confirming: bool = False) -> "Effects":
    """What the stage makes of a table update's effects (``before``: the view before it; ``confirming``: the
    engine's table of the first hand the page dealt itself, no move): a deal waits for its cards to land; the end
    of a hand is laid out step by step before its dialog opens (that dialog is then taken out of ``out``); a gin
    is celebrated."""
    st = app.stage
    m = app.match
    v = m.view
    if v is None:
        return out
    ms = core.motion_ms(app)
    if deals(out):
        out = out + deal_begins(app, v)
    elif st.dealing is not None and not confirming:
        st.dealing = None  # a move came before the cards had landed: they land now (the runner finishes them)
    ended = before is not None and before.in_hand and not v.in_hand and bool(v.results)
    if not ended:
        return out
    st.dealing = None
    st.details = False
    st.show = None
    result = v.results[-1]
    if ms and ("dialog", "end") in out:
        out = [e for e in out if e != ("dialog", "end")]
        app.page.dialog = None
        st.show = {"hand": len(v.results) - 1, "step": "show", "laid": 0}
        st.token += 1
        out.append(("timer", "stage", ms * SHOW_FLIGHTS / 1000.0, st.token))
    kind = hand_celebration(app, v, result)
    if kind:
        out.append(("celebrate", kind, "[data-testid=spread-" + str(result.winner) + "]"))
    if st.show is None and match_won(app, v):
        # the score card opens now: the match's fanfare takes the place of the hand's win (not both at once)
        out = [e for e in out if not (e[0] == "sound" and e[1] == "win")] + celebrate_match(app)
    return out


# What is drawn at once even while a deal's cards fly: the page's start, what the person does, a deal landing.
DRAWN_AT_ONCE = ("start", "command", "key", "drop", "change", "landed", "tick")


def while_dealing(app: "App", out: "Effects") -> "Effects":
    """Anything else (the engine's progress as it starts, say) is not drawn while a deal's cards fly: a drawing
    finishes every flight; the drawing when they land shows it."""
    if app.stage.dealing is None or deals(out):
        return out
    return [e for e in out if e[0] not in ("render", "motion")]


def deals(out: "Effects") -> bool:
    """True when these effects deal a hand (their motion plan has a deal)."""
    return bool([e for e in out if e[0] == "motion" and e[1].get("deal")])


def deal_begins(app: "App", v: "View") -> "Effects":
    """A hand is dealt (by the engine, or the first by the page itself): the turn waits until its cards have
    landed, or a timer says they must have."""
    st = app.stage
    st.show = None
    st.details = False
    st.dealing = None
    ms = core.motion_ms(app)
    if not ms:
        return []
    st.dealing = v.step
    st.token += 1
    return [("timer", "stage-dealt", deal_seconds(ms, v) + LANDED_SPARE, st.token)]


def deal_seconds(ms: int, v: "View") -> float:
    """How long the shuffle and the deal take on screen (web/bridge.js times them the same way)."""
    cards = len(v.hand) * v.players + 1
    return (ms * 2 + cards * ms * 0.12 + ms) / 1000.0


def on_landed(app: "App", kind: str) -> "Effects":
    """The runner: the cards of a deal have all landed (web/bridge.js)."""
    if kind != "deal" or app.stage.dealing is None:
        return []
    return dealt(app)


def dealt(app: "App") -> "Effects":
    app.stage.dealing = None
    out: Effects = [("render",)]
    m = app.match
    if m.view is not None and m.next == "you" and m.cover is None and not app.page.dialog:
        out.append(("focus", ".hand .card"))
    return out


# ---------------------------------------------------------------- the end of a hand, step by step

def on_tick(app: "App", name: str, token: int) -> "Effects":
    st = app.stage
    if token != st.token:
        return []
    if name == "stage-dealt":
        return dealt(app) if st.dealing is not None else []
    show = st.show
    v = app.match.view
    if name != "stage" or show is None or v is None or v.in_hand or show["hand"] != len(v.results) - 1:
        return []
    ms = core.motion_ms(app) / 1000.0
    knock = v.results[-1].knock
    layoffs = len(knock.layoffs) if knock is not None else 0
    if show["step"] == "show" and layoffs:
        show["step"] = "layoff"
        show["laid"] = 1
        return [("render",), ("timer", "stage", ms * LAYOFF_FLIGHTS, st.token)]
    if show["step"] == "layoff" and show["laid"] < layoffs:
        show["laid"] += 1
        return [("render",), ("timer", "stage", ms * LAYOFF_FLIGHTS, st.token)]
    if show["step"] in ("show", "layoff"):
        show["step"] = "count"
        return [("render",), ("timer", "stage", ms * COUNT_FLIGHTS, st.token)]
    return finish(app)


def finish(app: "App") -> "Effects":
    """The last step: the table as the hand ended, and the score card."""
    st = app.stage
    staged = st.show is not None
    st.show = None
    st.details = False
    st.token += 1
    out = core.open(app, "end")
    v = app.match.view
    if staged and v is not None and match_won(app, v):
        out += celebrate_match(app)
    return out


def step(app: "App") -> "dict[str, Any] | None":
    """The step of the end of a hand being laid out, or None when the table shows the hand as it ended."""
    show = app.stage.show
    v = app.match.view
    if show is None or v is None or v.in_hand or show["hand"] != len(v.results) - 1:
        return None
    return show


def show_result(app: "App", data: "dict[str, Any]") -> "Effects":
    """Show result: the score card (at once, when the hand is still being laid out)."""
    if app.stage.show is not None:
        return finish(app)
    app.stage.details = False
    return core.open(app, "end")


def details(app: "App", data: "dict[str, Any]") -> "Effects":
    """The score card's Details: every hand, the lay-offs, the coach, the deal's proof and the score sheet."""
    app.stage.details = True
    return core.open(app, "end")


def score_card(app: "App", data: "dict[str, Any]") -> "Effects":
    """Back from the details to the score card."""
    app.stage.details = False
    return core.open(app, "end")


def leave_hand(app: "App") -> None:
    """The next hand (or match) is asked for: the end of this one is over."""
    app.stage.show = None
    app.stage.details = False
    app.stage.token += 1


# ---------------------------------------------------------------- celebrations

def here(app: "App", v: "View", seat: int | None) -> bool:
    """True when ``seat`` is a person at this device (the viewer, or anyone at a pass-and-play table)."""
    if seat is None:
        return False
    seats = core.seats(app)
    return seat == v.seat or (0 <= seat < len(seats) and seats[seat].get("kind") == "person")


def hand_celebration(app: "App", v: "View", result: "Result") -> str:
    """What a finished hand celebrates: "gin", "big gin" or "rummy" when a person at this device went so, else
    ""."""
    return result.end if result.end in ("gin", "big gin", "rummy") and here(app, v, result.winner) else ""


def match_won(app: "App", v: "View") -> bool:
    """The match is over and a person at this device won it."""
    return v.phase == "match-over" and v.match is not None and here(app, v, v.match.winner)


def celebrate_match(app: "App") -> "Effects":
    out: Effects = [("celebrate", "match", "#rm-dialog")]
    page = app.page
    if looks.sound_on(page.settings, page.embedded):
        out.append(("sound", "fanfare", page.settings.get("volume", 70), 0.15))
    return out
