"""The deck, drawn by our own code as SVG: card faces, card backs and the suits' pips.

Every face is a ``<symbol>`` of one sprite (:func:`sprite`), put into the page once; a card on the table is then
a tiny ``<svg><use href="#c7H"/></svg>`` (:func:`face_svg`), so a redraw of the table stays short. The faces
use ``currentColor`` for the suit's ink: the page's stylesheet gives each suit its colour (two colours, or four
with the four-colour deck) and the card's paper, so themes and the four-colour deck need no second sprite.

Design: jumbo corner indices (the rank large, the suit under it) in the top-left corner and, turned, in the
bottom-right, so that the strip of a card left visible in an overlapping hand still names it; pips in the
traditional layouts (the lower half turned); double-headed court figures for jacks, queens and kings; four backs.
All coordinates are whole numbers (the same text under MicroPython and CPython). Written in the Python both run.
"""

from web.page.app.looks import BACK_IDS
from web.page.i18n import N_, _
from web.page.shared.cards import JOKER, RANKS, SUITS

W = 250  # the card's drawing box: 250 x 350 (the proportions of a poker card, 63 x 88 mm)
H = 350
FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# The suits' pips in a 100 x 100 box.
PIPS = {
    "H": "M50 92C22 70 2 52 2 30C2 14 14 4 28 4C38 4 46 10 50 20C54 10 62 4 72 4C86 4 98 14 98 30C98 52 78 70 50 92Z",
    "D": "M50 2C62 20 74 36 90 50C74 64 62 80 50 98C38 80 26 64 10 50C26 36 38 20 50 2Z",
    "S": "M50 2C40 22 2 40 2 64C2 80 14 88 27 88C37 88 44 83 47 76C46 86 42 93 33 98L67 98C58 93 54 86 53 76"
         "C56 83 63 88 73 88C86 88 98 80 98 64C98 40 60 22 50 2Z",
    "C": "M50 4C37 4 28 14 28 26C28 33 31 38 35 42C31 40 27 39 24 39C12 39 3 48 3 60C3 72 12 81 24 81C35 81 43 74 47 66"
         "C46 80 42 90 32 98L68 98C58 90 54 80 53 66C57 74 65 81 76 81C88 81 97 72 97 60C97 48 88 39 76 39"
         "C73 39 69 40 65 42C69 38 72 33 72 26C72 14 63 4 50 4Z",
}

# Pip centres for the number cards (x, y); the pips below the middle are drawn turned.
L, C, R = 94, 125, 156
TOP, BOT, MID = 66, 284, 175
R4 = (66, 139, 211, 284)
LAYOUTS = {
    2: ((C, TOP), (C, BOT)),
    3: ((C, TOP), (C, MID), (C, BOT)),
    4: ((L, TOP), (R, TOP), (L, BOT), (R, BOT)),
    5: ((L, TOP), (R, TOP), (C, MID), (L, BOT), (R, BOT)),
    6: ((L, TOP), (R, TOP), (L, MID), (R, MID), (L, BOT), (R, BOT)),
    7: ((L, TOP), (R, TOP), (C, 120), (L, MID), (R, MID), (L, BOT), (R, BOT)),
    8: ((L, TOP), (R, TOP), (C, 120), (L, MID), (R, MID), (C, 230), (L, BOT), (R, BOT)),
    9: ((L, R4[0]), (R, R4[0]), (L, R4[1]), (R, R4[1]), (C, MID), (L, R4[2]), (R, R4[2]), (L, R4[3]), (R, R4[3])),
    10: ((L, R4[0]), (R, R4[0]), (C, 102), (L, R4[1]), (R, R4[1]), (L, R4[2]), (R, R4[2]), (C, 248), (L, R4[3]),
         (R, R4[3])),
}
PIP = 40  # a number card's pip, in the card's units



# The words of a card's name for people and screen readers ("7 of hearts", "jack of spades"), in English:
# translated where the name is made (card_name). The number cards keep their digits.
RANK_WORDS = (
    # i18n: a card's rank, in a card's name for screen readers ("ace of hearts"): the word that goes into
    # "{rank} of {suit}"
    N_("ace"),
    "2", "3", "4", "5", "6", "7", "8", "9", "10",
    # i18n: a card's rank, in a card's name for screen readers ("jack of spades"): the word that goes into
    # "{rank} of {suit}"
    N_("jack"),
    # i18n: a card's rank, in a card's name for screen readers ("queen of spades"): the word that goes into
    # "{rank} of {suit}"
    N_("queen"),
    # i18n: a card's rank, in a card's name for screen readers ("king of spades"): the word that goes into
    # "{rank} of {suit}"
    N_("king"),
)
SUIT_WORDS = (
    # i18n: a suit, in a card's name for screen readers ("7 of clubs"): the word that goes into "{rank} of {suit}",
    # in the form that name needs
    N_("clubs"),
    # i18n: a suit, in a card's name for screen readers ("7 of diamonds"): the word that goes into "{rank} of
    # {suit}", in the form that name needs
    N_("diamonds"),
    # i18n: a suit, in a card's name for screen readers ("7 of hearts"): the word that goes into "{rank} of {suit}",
    # in the form that name needs
    N_("hearts"),
    # i18n: a suit, in a card's name for screen readers ("7 of spades"): the word that goes into "{rank} of {suit}",
    # in the form that name needs
    N_("spades"),
)


def card_name(card: int) -> str:
    """A card's name for people and screen readers, in the page's language: ``7 of hearts``, ``jack of spades``,
    ``joker`` (in English, the very words of web.page.shared.cards.name_of, which the worker shares and which stays
    English). Only shown: nothing decides on it."""
    if card == JOKER:
        # i18n: the joker's name for screen readers (a card in the hand, on the discard pile)
        return _("joker")
    # i18n: a card's name for screen readers: {rank} is "ace", "2" ... "10", "jack", "queen" or "king", {suit}
    # "clubs", "diamonds", "hearts" or "spades" ("7 of hearts")
    return _("{rank} of {suit}").format(rank=_(RANK_WORDS[card % 13]), suit=_(SUIT_WORDS[card // 13]))


def card_id(card: int) -> str:
    """The sprite id of a card's face: ``c7H``, ``cTD``, ``cJK``."""
    if card == JOKER:
        return "cJK"
    return "c" + RANKS[card % 13] + SUITS[card // 13]


def face_svg(card: int) -> str:
    """A face-up card's picture (a reference into the sprite)."""
    return "".join(('<svg class="face" viewBox="0 0 250 350" aria-hidden="true" focusable="false"><use href="#',
                    card_id(card), '"/></svg>'))


def back_svg(back: str) -> str:
    """A card's back (one of :data:`BACK_IDS`)."""
    if back not in BACK_IDS:
        back = "red"
    return "".join(('<svg class="face" viewBox="0 0 250 350" aria-hidden="true" focusable="false"><use href="#b-', back,
                    '"/></svg>'))


def suit_class(card: int) -> str:
    """The card's suit as a class (the stylesheet gives each suit its colour)."""
    if card == JOKER:
        return "s-J"
    return "s-" + SUITS[card // 13]


# ---------------------------------------------------------------- drawing


def _n(v: int) -> str:
    return str(v)


def pip_use(suit: str, cx: int, cy: int, size: int, turned: bool = False) -> str:
    """A pip of ``size`` centred on (cx, cy)."""
    h = size // 2
    out = "".join(('<use href="#p', suit, '" x="', _n(cx - h), '" y="', _n(cy - h), '" width="', _n(size),
                   '" height="', _n(size), '"'))
    if turned:
        out += "".join((' transform="rotate(180 ', _n(cx), " ", _n(cy), ')"'))
    return out + "/>"


def corner(rank_text: str, suit: str) -> str:
    """The jumbo index: the rank, large, and the suit under it (top-left; the caller turns a copy)."""
    if rank_text == "10":
        rank = ('<text x="40" y="80" font-size="74" textLength="70" lengthAdjust="spacingAndGlyphs" '
                'letter-spacing="-4">10</text>')
    else:
        rank = "".join(('<text x="40" y="80" font-size="80">', rank_text, "</text>"))
    return rank + pip_use(suit, 40, 118, 50)


def index_pair(rank_text: str, suit: str) -> str:
    one = corner(rank_text, suit)
    return "".join((one, '<g transform="rotate(180 125 175)">', one, "</g>"))


def number_face(rank: int, suit: str) -> str:
    """Ace to ten: the index and the pips."""
    n = rank + 1
    body = []
    if n == 1:
        size = 130 if suit == "S" else 104
        if suit == "S":
            body.append('<ellipse cx="125" cy="175" rx="74" ry="82" fill="none" stroke="currentColor" '
                        'stroke-width="3" opacity=".35"/>')
        body.append(pip_use(suit, 125, 175, size))
    else:
        size = PIP if n < 9 else PIP - 4
        for x, y in LAYOUTS[n]:
            body.append(pip_use(suit, x, y, size, y > MID))
    return index_pair(RANK_TEXT[rank], suit) + "".join(body)


# Court figures (the top half; the card draws it twice, the second turned about the centre). Robes are in the
# suit's colour (currentColor); skin, hair and gold are fixed.
SKIN = "#f2cfa8"
GOLD = "#e2b23c"
GOLD_LINE = "#8a6412"
LINE = "#3a2a1c"
FRAME = "".join(('<rect x="70" y="24" width="110" height="302" rx="10" fill="#fbf4df" stroke="currentColor" '
                 'stroke-width="3"/><path d="M70 175H180" stroke="', GOLD_LINE, '" stroke-width="2"/>'))
ROBE = "".join(('<path d="M76 175C76 146 96 128 125 126C154 128 174 146 174 175Z" fill="currentColor"/>'
                '<path d="M107 175L112 132C120 138 130 138 138 132L143 175Z" fill="', GOLD, '" stroke="', GOLD_LINE,
                '" stroke-width="1.5"/>'
                '<path d="M112 132C120 140 130 140 138 132" fill="none" stroke="#fff" stroke-width="3"/>'))
FACE = "".join(('<rect x="117" y="110" width="16" height="20" fill="', SKIN, '"/>'
                '<ellipse cx="125" cy="98" rx="19" ry="22" fill="', SKIN, '" stroke="', LINE, '" stroke-width="2"/>'
                '<circle cx="118" cy="96" r="2.5" fill="', LINE, '"/><circle cx="132" cy="96" r="2.5" fill="', LINE,
                '"/><path d="M125 99L123 106H127" fill="none" stroke="', LINE, '" stroke-width="1.5"/>'))
FIGURES = {
    # king: crown, beard, a sceptre
    "K": "".join((ROBE, '<path d="M166 175V60" stroke="', GOLD_LINE, '" stroke-width="4"/>'
                  '<circle cx="166" cy="58" r="7" fill="', GOLD, '" stroke="', GOLD_LINE, '" stroke-width="2"/>',
                  FACE, '<path d="M106 100C108 126 116 134 125 134C134 134 142 126 144 100C138 112 112 112 106 100Z" '
                  'fill="#8b8b8b" stroke="', LINE, '" stroke-width="1.5"/>'
                  '<path d="M117 113C121 110 129 110 133 113" fill="none" stroke="', LINE, '" stroke-width="2"/>'
                  '<path d="M104 82L102 48L114 64L125 42L136 64L148 48L146 82Z" fill="', GOLD, '" stroke="', GOLD_LINE,
                  '" stroke-width="2"/><circle cx="125" cy="62" r="4" fill="#c62828"/>')),
    # queen: long hair, a small crown, a flower
    "Q": "".join(('<path d="M101 98C98 72 110 70 125 70C140 70 152 72 149 98C152 120 156 136 160 150L90 150'
                  'C94 136 98 120 101 98Z" fill="#6d3b1c"/>', ROBE, FACE,
                  '<path d="M117 112C121 115 129 115 133 112" fill="none" stroke="#b0303a" stroke-width="2.5"/>'
                  '<path d="M108 80L110 60L118 70L125 56L132 70L140 60L142 80Z" fill="', GOLD, '" stroke="',
                  GOLD_LINE, '" stroke-width="2"/>'
                  '<circle cx="110" cy="60" r="3" fill="#fff"/><circle cx="125" cy="56" r="3" fill="#fff"/>'
                  '<circle cx="140" cy="60" r="3" fill="#fff"/>'
                  '<path d="M86 170C84 156 88 150 92 146" stroke="#2e7d32" stroke-width="3" fill="none"/>'
                  '<circle cx="93" cy="143" r="7" fill="#d84a6a"/><circle cx="93" cy="143" r="3" fill="', GOLD, '"/>')),
    # jack: a cap with a feather, curls, a halberd
    "J": "".join(('<path d="M84 175V64" stroke="', GOLD_LINE, '" stroke-width="4"/>'
                  '<path d="M84 44L94 62H74Z" fill="#b8c0c8" stroke="#4a5058" stroke-width="2"/>', ROBE,
                  '<path d="M104 104C100 118 106 124 110 124M146 104C150 118 144 124 140 124" fill="none" stroke="#a8671e" '
                  'stroke-width="6" stroke-linecap="round"/>', FACE,
                  '<path d="M118 113C122 116 128 116 132 113" fill="none" stroke="', LINE, '" stroke-width="2"/>'
                  '<path d="M102 86C100 66 150 66 148 86Z" fill="currentColor" stroke="', LINE, '" stroke-width="2"/>'
                  '<path d="M100 86H150" stroke="', GOLD, '" stroke-width="5"/>'
                  '<path d="M146 74C160 56 170 46 176 32C166 48 156 58 142 70Z" fill="#f6f1e0" stroke="', GOLD_LINE,
                  '" stroke-width="1.5"/>')),
}


def court_face(rank: int, suit: str) -> str:
    letter = RANK_TEXT[rank]
    fig = FIGURES[letter]
    emblem = "".join(('<circle cx="152" cy="150" r="15" fill="', GOLD, '" stroke="', GOLD_LINE, '" stroke-width="2"/>',
                      pip_use(suit, 152, 150, 20)))
    half = fig + emblem
    return "".join((FRAME, '<g>', half, '</g><g transform="rotate(180 125 175)">', half, "</g>",
                    '<rect x="70" y="24" width="110" height="302" rx="10" fill="none" stroke="currentColor" '
                    'stroke-width="3"/>', index_pair(letter, suit)))


STAR = "M125 110L142 158L193 160L153 191L167 240L125 212L83 240L97 191L57 160L108 158Z"


def joker_face() -> str:
    letters = "".join("".join(('<text x="30" y="', _n(56 + 40 * i), '" font-size="38">', ch, "</text>"))
                      for i, ch in enumerate("JOKER"))
    turned = "".join(('<g transform="rotate(180 125 175)">', letters, "</g>"))
    return "".join(('<path d="', STAR, '" fill="currentColor"/><circle cx="125" cy="178" r="14" fill="#fbf4df"/>',
                    letters, turned))


def back_symbol(back: str) -> str:
    """One back: a frame and a pattern (fixed colours: a back looks the same in every theme)."""
    border = '<rect x="4" y="4" width="242" height="342" rx="16" fill="#fdfbf4"/>'
    inner = "".join(('<rect x="16" y="16" width="218" height="318" rx="10" fill="url(#bp-', back, ')"/>'))
    if back == "red":
        deco = ('<ellipse cx="125" cy="175" rx="46" ry="62" fill="#8f1d2c" stroke="#fdfbf4" stroke-width="5"/>'
                + pip_use("H", 125, 175, 44).replace("<use", '<use fill="#fdfbf4"'))
    elif back == "blue":
        deco = ('<circle cx="125" cy="175" r="52" fill="#17356b" stroke="#e8d9a8" stroke-width="5"/>'
                + pip_use("S", 125, 175, 46).replace("<use", '<use fill="#e8d9a8"'))
    elif back == "green":
        deco = ('<rect x="79" y="129" width="92" height="92" rx="8" transform="rotate(45 125 175)" '
                'fill="#1e5631" stroke="#f3e9c6" stroke-width="5"/>'
                + pip_use("C", 125, 175, 44).replace("<use", '<use fill="#f3e9c6"'))
    else:
        deco = ('<circle cx="125" cy="175" r="40" fill="#7a3e00" stroke="#ffe3a0" stroke-width="5"/>'
                + pip_use("D", 125, 175, 40).replace("<use", '<use fill="#ffe3a0"'))
    return "".join(('<symbol id="b-', back, '" viewBox="0 0 250 350">', border, inner,
                    '<rect x="16" y="16" width="218" height="318" rx="10" fill="none" stroke="#fdfbf4" stroke-width="2" '
                    'opacity=".6"/>', deco, "</symbol>"))


def back_patterns() -> str:
    """The backs' patterns (in the sprite's defs)."""
    rays = "".join("".join(('<path d="M125 175L', _n(x), " ", _n(y), "L", _n(x2), " ", _n(y2), 'Z"/>'))
                   for x, y, x2, y2 in _RAYS)
    return (
        "".join(('<pattern id="bp-red" width="24" height="24" patternUnits="userSpaceOnUse">'
                 '<rect width="24" height="24" fill="#a3283a"/><path d="M0 12L12 0L24 12L12 24Z" fill="none" '
                 'stroke="#f3c7cd" stroke-width="2"/><circle cx="12" cy="12" r="2.5" fill="#f3c7cd"/></pattern>'
                 '<pattern id="bp-blue" width="28" height="28" patternUnits="userSpaceOnUse">'
                 '<rect width="28" height="28" fill="#1f4a93"/><circle cx="14" cy="14" r="9" fill="none" stroke="#bcd0f2" '
                 'stroke-width="2"/><circle cx="0" cy="0" r="4" fill="#bcd0f2"/><circle cx="28" cy="0" r="4" '
                 'fill="#bcd0f2"/><circle cx="0" cy="28" r="4" fill="#bcd0f2"/><circle cx="28" cy="28" r="4" '
                 'fill="#bcd0f2"/></pattern>'
                 '<pattern id="bp-green" width="20" height="20" patternUnits="userSpaceOnUse" '
                 'patternTransform="rotate(45)"><rect width="20" height="20" fill="#2f7d4a"/>'
                 '<rect width="7" height="20" fill="#1e5631"/><rect x="12" width="2" height="20" fill="#a9d8b4"/></pattern>'
                 '<pattern id="bp-gold" width="250" height="350" patternUnits="userSpaceOnUse">'
                 '<rect width="250" height="350" fill="#c0601a"/><g fill="#e9a23b">', rays, "</g></pattern>")))


def _ray_points() -> tuple[tuple[int, int, int, int], ...]:
    """Corners of the sunburst's 16 rays (whole numbers, computed without trigonometry)."""
    edge = []
    for x in range(0, 251, 50):  # around the box, clockwise from the top-left corner
        edge.append((x, 0))
    for y in range(50, 351, 50):
        edge.append((250, y))
    for x in range(200, -1, -50):
        edge.append((x, 350))
    for y in range(300, 49, -50):
        edge.append((0, y))
    out = []
    for i in range(0, len(edge) - 1, 2):
        a, b = edge[i], edge[i + 1]
        out.append((a[0], a[1], b[0], b[1]))
    return tuple(out)


_RAYS = _ray_points()


def sprite() -> str:
    """The whole deck as one hidden ``<svg>`` of symbols: put it into the page once."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" '
             'aria-hidden="true" focusable="false"><defs>', back_patterns()]
    for s in SUITS:
        parts.append("".join(('<symbol id="p', s, '" viewBox="0 0 100 100"><path d="', PIPS[s], '"/></symbol>')))
    text_attrs = ('font-family="' + FONT + '" font-weight="700" text-anchor="middle" fill="currentColor"')
    # each rank is drawn once with "@" for its suit, then written out for the four suits (the sprite is made on
    # the page's thread at start: this keeps it to a few milliseconds)
    for r in range(13):
        body = "".join(('<symbol id="c', RANKS[r], '@" viewBox="0 0 250 350"><g ', text_attrs, ">",
                        (court_face(r, "@") if r >= 10 else number_face(r, "@")), "</g></symbol>"))
        for s in SUITS:
            if r == 0 and s == "S":  # the ace of spades has its own ornament
                parts.append("".join(('<symbol id="cAS" viewBox="0 0 250 350"><g ', text_attrs, ">", number_face(0, "S"),
                                      "</g></symbol>")))
            else:
                parts.append(body.replace("@", s))
    parts.append("".join(('<symbol id="cJK" viewBox="0 0 250 350"><g ', text_attrs, ">", joker_face(), "</g></symbol>")))
    for b in BACK_IDS:
        parts.append(back_symbol(b))
    parts.append("</defs></svg>")
    return "".join(parts)
