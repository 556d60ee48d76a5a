"""The engine's exceptions, each with a message meant for a player or a developer to read."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message says why; the game state is unchanged."""


class SaveError(ValueError):
    """A saved game that cannot be read: corrupt, foreign, or from a newer version."""


class RecordError(ValueError):
    """A hand record that is malformed (as opposed to one holding an illegal action)."""
