"""The words both Pythons use, pinned: the page (MicroPython, no engine) keeps its own copy of what it must know
before the engine runs (web/page/shared), and each copy is checked here against the engine's own."""

from __future__ import annotations

from rummy import cards as engine_cards
from rummy.actions import ActionKind
from rummy.model import EventKind, GameName, HandEnd, Phase
from web.page import formats, stats
from web.page.app import setup
from web.page.shared import cards, protocol, viewdata
from web.worker import main as worker


def test_card_text_is_the_engines() -> None:
    assert cards.SUITS == engine_cards.SUITS and cards.RANKS == engine_cards.RANKS
    assert cards.JOKER == engine_cards.JOKER and engine_cards.card_str(engine_cards.JOKER) == cards.JOKER_TEXT
    for c in range(52):
        assert cards.text_of(c) == engine_cards.card_str(c) and cards.card_of(engine_cards.card_str(c)) == c


def test_games_phases_and_kinds_are_the_engines() -> None:
    assert set(protocol.GAMES) == {g.value for g in GameName} == set(formats.GAMES) == set(stats.GAMES)
    assert tuple(p.value for p in Phase) == viewdata.PHASES
    assert set(viewdata.EVENT_KINDS) == {k.value for k in EventKind}
    assert set(viewdata.ACTION_KINDS) == {k.value for k in ActionKind}
    assert set(viewdata.HAND_ENDS) == {e.value for e in HandEnd}


def test_one_name_limit_and_one_protocol_version() -> None:
    assert formats.MAX_NAME == stats.MAX_NAME == setup.MAX_NAME == protocol.MAX_NAME
    assert worker.PROTOCOL == protocol.PROTOCOL
