"""The legend: what each mark of the table means. Each sample is drawn with the very classes the table draws
(:func:`web.page.app.render.hand_html`, ``opponents_html``, ``piles_html``, ``table_html``), so the legend shows
what the table shows and changes with it. Reached from the table's "?" chip and from Help.

``data-mark`` names each entry by the class that puts its mark on the table (``dw``, ``grp``, ``new``...).
Plain functions, for CPython and MicroPython alike.
"""

from web.page.app.characters import SEAT_COLORS, YOU_COLOR
from web.page.app.deck import back_svg, face_svg, suit_class
from web.page.app.render import button, dialog_frame, dlg_card
from web.page.app.text import esc
from web.page.i18n import N_, _, pgettext
from web.page.shared.cards import card_of

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any


def _card(text: str, cls: str) -> str:
    """A card of the hand with its marks, as the table draws it (not a button: a picture)."""
    c = card_of(text)
    return "".join(('<span class="card ', suit_class(c), ((" " + cls) if cls else ""), '"><span class="cf ', suit_class(c),
                    '">', face_svg(c), '<i class="mark"></i></span></span>'))


def _hand(*cards: tuple[str, str]) -> str:
    return "".join(('<span class="hand">', "".join(_card(t, cls) for t, cls in cards), "</span>"))


def _table_card(text: str, color: str) -> str:
    """A card of a meld on the table, with the bar of the player who laid it."""
    c = card_of(text)
    return "".join(('<span class="card tcard ', suit_class(c), '">', face_svg(c), '<i class="by" style="background:', color,
                    '"></i></span>'))


def _opp(cls: str, inner: str) -> str:
    return "".join(('<span class="opp', cls, '" style="--seat:', SEAT_COLORS[1], '"><span class="opp-name">Ada</span>',
                    inner, "</span>"))


def _badge() -> str:
    """The dealer's badge beside a name, as the table draws it (web.page.app.render.opponents_html)."""
    # i18n: the badge beside the name of the player who deals this hand: one letter, for "Dealer"
    return _opp("", "".join((' <span class="badge">', esc(pgettext("the dealer's badge", "D")), "</span>")))


def _deadwood() -> str:
    """The live deadwood beside the hand (Gin), as the table draws it (web.page.app.hand.marks)."""
    # i18n: beside the hand (Gin): the points of the cards in no meld
    return "".join(('<span class="deadwood">', esc(_("Deadwood {n}").format(n=12)), "</span>"))


def _assisted() -> str:
    """The mark beside the score of a match in which hints or undo were used."""
    # i18n: a mark beside the score: hints or undo were used in this match
    return "".join(('<span class="assisted">', esc(_("assisted")), "</span>"))


def _wild() -> str:
    """A joker standing for a card, as a meld on the table shows it (named for screen readers: drawn when shown)."""
    return dlg_card(card_of("7D"), True)


# (the class that marks it on the table, its sample, what it means); the hand first, then the table. A sample with
# words is a function that draws it in the page's language; the words are in English, translated where they are
# drawn (``<strong>`` marks what to look for)
HAND = (
    ("selected", _hand(("7H", "selected")),
     # i18n: the legend of the table's marks: a card of the hand lifted up with a gold edge
     N_("<strong>Raised, with a gold edge:</strong> a card you selected. Select cards, then press an action (or drag "
        "them).")),
    ("new", _hand(("9S", "new")),
     # i18n: the legend of the table's marks: a card of the hand with a solid blue edge
     N_("<strong>A solid blue edge:</strong> the card you just drew from the stock.")),
    ("taken", _hand(("4D", "taken")),
     # i18n: the legend of the table's marks: a card of the hand with a solid orange edge
     N_("<strong>A solid orange edge:</strong> the card you just took from the discard pile.")),
    ("advised", _hand(("QC", "advised")),
     # i18n: the legend of the table's marks: a card with a dashed purple edge and a ▼ above it. "Hint" is the name
     # of a button, I the key of the keyboard that does it too
     N_("<strong>A dashed purple edge and ▼ above:</strong> the card of the hint on show (press <strong>Hint"
        "</strong> or I).")),
    ("dw", _hand(("KD", "dw")),
     # i18n: the legend of the table's marks: a red dot on a card of the hand (Gin)
     N_("<strong>A red dot</strong> (Gin): deadwood, a card in no meld; its points count against you.")),
    ("grp", _hand(("5C", "grp grp0"), ("5D", "grp grp0"), ("5H", "grp grp0"), ("8S", "grp grp1"), ("9S", "grp grp1"),
                  ("TS", "grp grp1")),
     # i18n: the legend of the table's marks: a coloured bar on the cards of the hand (Gin)
     N_("<strong>A coloured bar</strong> (Gin): cards with the same colour make one meld (green, blue, purple, "
        "orange).")),
    ("hint", _hand(("6H", "hint")),
     # i18n: the legend of the table's marks: a star and a yellow glow on a card of the hand (Basic Rummy)
     N_("<strong>★ and a yellow glow</strong> (Basic Rummy): a card you could meld or lay off now. Settings can turn "
        "these off.")),
    ("lit", _hand(("JS", "lit")),
     # i18n: the legend of the table's marks: a bright yellow glow during the guided first hand (the tutorial)
     N_("<strong>A bright yellow glow</strong> (the guided hand): what this step is about; the pile, button or meld "
        "to use glows too.")),
)
TABLE = (
    ("can", '<span class="pile stock can"><span class="card back pcard">' + back_svg("red") + "</span></span>",
     # i18n: the legend of the table's marks: a gold edge on the stock or the discard pile
     N_("<strong>A gold edge on a pile:</strong> you can draw from it now.")),
    ("active", _opp(" active", '<span class="thinking"><i></i><i></i><i></i></span>'),
     # i18n: the legend of the table's marks: a coloured frame and three dots around an opponent
     N_("<strong>A coloured frame and dots:</strong> whose turn it is (the dots: the computer is thinking).")),
    ("badge", _badge,
     # i18n: the legend of the table's marks: {badge} is the dealer's badge, the letter D beside a name
     N_("<strong>{badge}</strong> beside a name: the dealer of this hand.")),
    ("deadwood", _deadwood,
     # i18n: the legend of the table's marks: the points beside the hand (Gin), "Deadwood 12"
     N_("<strong>Deadwood</strong> (Gin): the points of your cards in no meld; beside it, how low they must be to "
        "knock.")),
    ("meld-no", '<span class="meld-no">1</span>',
     # i18n: the legend of the table's marks: the number on a meld of the table (Basic Rummy); 1–9 are keys of the
     # keyboard
     N_("<strong>A number on a meld</strong> (Basic Rummy): lay a card off on meld 1–9 with its key.")),
    ("by", _table_card("8H", YOU_COLOR) + _table_card("8C", SEAT_COLORS[1]),
     # i18n: the legend of the table's marks: a coloured bar under a card of a meld on the table (Basic Rummy)
     N_("<strong>A bar under a card of a meld</strong> (Basic Rummy): who laid it, in that player's colour (yours "
        "is gold).")),
    ("wild", _wild,
     # i18n: the legend of the table's marks: a joker in a meld, with the card it stands for written on it
     N_("<strong>A joker with a purple edge</strong> (Basic Rummy, jokers on): the card it stands for is written "
        "on it.")),
    ("assisted", _assisted,
     # i18n: the legend of the table's marks: the word "assisted" beside the score
     N_("<strong>assisted</strong> beside the score: hints or undo were used in this match.")),
)
ALL = HAND + TABLE


def _items(rows: "tuple[tuple[str, Any, str], ...]") -> str:
    out = []
    for mark, sample, words in rows:
        drawn = sample() if callable(sample) else sample
        # the words' one placeholder: the dealer's badge (a word of HTML already)
        text = _(words).format(badge=esc(pgettext("the dealer's badge", "D"))) if "{badge}" in words else _(words)
        out.append("".join(('<li class="lg-item" data-mark="', mark, '"><span class="lg-sample" aria-hidden="true">',
                            drawn, '</span><span class="lg-words">', text, "</span></li>")))
    return "".join(out)


def legend_html() -> str:
    """The dialog "What the marks mean"."""
    body = "".join(('<div class="legend" data-testid="legend"><h3 id="lg-hand">', esc(_("Your hand")), "</h3>"
                    '<ul class="lg-list" aria-labelledby="lg-hand">', _items(HAND), "</ul>"
                    # i18n: the title of the part of the legend about the table (the piles, the opponents, the melds)
                    '<h3 id="lg-table">', esc(_("The table")), '</h3><ul class="lg-list" aria-labelledby="lg-table">',
                    _items(TABLE), "</ul></div>"))
    # i18n: the title of the legend: what the table's marks (coloured edges, dots, bars) mean
    return dialog_frame(_("What the marks mean"), body, button("close", _("Close"), True), "legend-dialog")
