"""Rummy and Gin Rummy: a pure-Python rules engine (standard library only; CPython and Pyodide alike).

    >>> from rummy import Game
    >>> g = Game.new("gin", seed=7)
    >>> action = g.legal_actions()[0]
    >>> g.apply(action)            # raises IllegalAction with the reason if it is not legal
    >>> view = g.view(0)           # what seat 0 may know: the input of a computer opponent
    >>> g.to_json(), g.record()    # a save, and a hand record

See README.md for the whole API.
"""

from .actions import Action
from .cards import JOKER, card_name, card_str, card_value, parse_card, parse_cards
from .errors import IllegalAction, RecordError, SaveError
from .game import Game
from .melds import TableMeld
from .record import ReplayResult, export_record, replay
from .rules import PRESETS, resolve_rules
from .view import SeatView

__all__ = [
    "Action", "Game", "IllegalAction", "JOKER", "PRESETS", "RecordError", "ReplayResult", "SaveError",
    "SeatView", "TableMeld", "card_name", "card_str", "card_value", "export_record", "parse_card",
    "parse_cards", "replay", "resolve_rules",
]
__version__ = "1.0.0"
