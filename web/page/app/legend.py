"""The legend: what each mark of the table means. Each sample is drawn with the very classes the table draws
(:func:`web.page.app.render.hand_html`, ``opponents_html``, ``piles_html``, ``table_html``), so the legend shows
what the table shows and changes with it. Reached from the table's "?" chip and from Help.

``data-mark`` names each entry by the class that puts its mark on the table (``dw``, ``grp``, ``new``...).
Plain functions, for CPython and MicroPython alike.
"""

from web.page.app.characters import SEAT_COLORS, YOU_COLOR
from web.page.app.deck import back_svg, face_svg, suit_class
from web.page.app.render import button, dialog_frame, dlg_card
from web.page.shared.cards import card_of


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


# (the class that marks it on the table, its sample, what it means); the hand first, then the table
HAND = (
    ("selected", _hand(("7H", "selected")), "<strong>Raised, with a gold edge:</strong> a card you selected. Select "
     "cards, then press an action (or drag them)."),
    ("new", _hand(("9S", "new")), "<strong>A solid blue edge:</strong> the card you just drew from the stock."),
    ("taken", _hand(("4D", "taken")), "<strong>A solid orange edge:</strong> the card you just took from the discard "
     "pile."),
    ("advised", _hand(("QC", "advised")), "<strong>A dashed purple edge and ▼ above:</strong> the card of the hint "
     "on show (press <strong>Hint</strong> or I)."),
    ("dw", _hand(("KD", "dw")), "<strong>A red dot</strong> (Gin): deadwood, a card in no meld; its points count "
     "against you."),
    ("grp", _hand(("5C", "grp grp0"), ("5D", "grp grp0"), ("5H", "grp grp0"), ("8S", "grp grp1"), ("9S", "grp grp1"),
                  ("TS", "grp grp1")),
     "<strong>A coloured bar</strong> (Gin): cards with the same colour make one meld (green, blue, purple, "
     "orange)."),
    ("hint", _hand(("6H", "hint")), "<strong>★ and a yellow glow</strong> (Basic Rummy): a card you could meld or "
     "lay off now. Settings can turn these off."),
    ("lit", _hand(("JS", "lit")), "<strong>A bright yellow glow</strong> (the guided hand): what this step is about; "
     "the pile, button or meld to use glows too."),
)
TABLE = (
    ("can", '<span class="pile stock can"><span class="card back pcard">' + back_svg("red") + "</span></span>",
     "<strong>A gold edge on a pile:</strong> you can draw from it now."),
    ("active", _opp(" active", '<span class="thinking"><i></i><i></i><i></i></span>'),
     "<strong>A coloured frame and dots:</strong> whose turn it is (the dots: the computer is thinking)."),
    ("badge", _opp("", ' <span class="badge">D</span>'), "<strong>D</strong> beside a name: the dealer of this "
     "hand."),
    ("deadwood", '<span class="deadwood">Deadwood 12</span>', "<strong>Deadwood</strong> (Gin): the points of your "
     "cards in no meld; beside it, how low they must be to knock."),
    ("meld-no", '<span class="meld-no">1</span>', "<strong>A number on a meld</strong> (Basic Rummy): lay a card off "
     "on meld 1–9 with its key."),
    ("by", _table_card("8H", YOU_COLOR) + _table_card("8C", SEAT_COLORS[1]),
     "<strong>A bar under a card of a meld</strong> (Basic Rummy): who laid it, in that player's colour (yours is "
     "gold)."),
    ("wild", dlg_card(card_of("7D"), True), "<strong>A joker with a purple edge</strong> (Basic Rummy, jokers on): "
     "the card it stands for is written on it."),
    ("assisted", '<span class="assisted">assisted</span>', "<strong>assisted</strong> beside the score: hints or "
     "undo were used in this match."),
)
ALL = HAND + TABLE


def _items(rows: "tuple[tuple[str, str, str], ...]") -> str:
    return "".join("".join(('<li class="lg-item" data-mark="', mark, '"><span class="lg-sample" aria-hidden="true">',
                            sample, '</span><span class="lg-words">', words, "</span></li>")) for mark, sample, words in rows)


def legend_html() -> str:
    """The dialog "What the marks mean"."""
    body = "".join(('<div class="legend" data-testid="legend"><h3 id="lg-hand">Your hand</h3>'
                    '<ul class="lg-list" aria-labelledby="lg-hand">', _items(HAND), "</ul>"
                    '<h3 id="lg-table">The table</h3><ul class="lg-list" aria-labelledby="lg-table">', _items(TABLE),
                    "</ul></div>"))
    return dialog_frame("What the marks mean", body, button("close", "Close", True), "legend-dialog")
