"""Rummy and Gin Rummy: a pure-Python rules engine (standard library only; CPython and Pyodide alike).

    >>> from rummy import Game
    >>> g = Game.new("gin", seed=7)
    >>> action = g.legal_actions()[0]
    >>> g.apply(action)            # raises IllegalAction with the reason if it is not legal
    >>> view = seat_view(g, 0)     # what seat 0 may know: the input of a computer opponent
    >>> g.to_json(), export_record(g)    # a save, and a hand record

See README.md for the whole API.
"""

from .actions import Action, ActionKind
from .cards import JOKER, card_name, card_str, card_value, parse_card, parse_cards
from .errors import (
                     ActionError,
                     CardError,
                     CodecError,
                     DealRefusal,
                     IllegalAction,
                     Problem,
                     RecordError,
                     Refusal,
                     RulesError,
                     RummyError,
                     SaveError,
                     UsageError,
)
from .game import Game
from .melds import TableMeld
from .model import Bonus, Event, EventKind, GameName, HandEnd, HandResult, KnockReport, Layoff, MatchResult, Phase
from .record import ReplayResult, export_record, replay
from .rules import OPTIONS, PRESETS, Option, Rules, resolve_rules
from .view import SeatView, seat_view

__all__ = [
                     "JOKER",
                     "OPTIONS",
                     "PRESETS",
                     "Action",
                     "ActionError",
                     "ActionKind",
                     "Bonus",
                     "CardError",
                     "CodecError",
                     "DealRefusal",
                     "Event",
                     "EventKind",
                     "Game",
                     "GameName",
                     "HandEnd",
                     "HandResult",
                     "IllegalAction",
                     "KnockReport",
                     "Layoff",
                     "MatchResult",
                     "Option",
                     "Phase",
                     "Problem",
                     "RecordError",
                     "Refusal",
                     "ReplayResult",
                     "Rules",
                     "RulesError",
                     "RummyError",
                     "SaveError",
                     "SeatView",
                     "TableMeld",
                     "UsageError",
                     "card_name",
                     "card_str",
                     "card_value",
                     "export_record",
                     "parse_card",
                     "parse_cards",
                     "replay",
                     "resolve_rules",
                     "seat_view",
]
__version__ = "1.0.0"
