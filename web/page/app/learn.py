"""Learning at the table: hints that explain, practice undo, the deal's proof and its check, the daily deal,
deal links and the guided first hand. Part of :class:`web.page.app.model.App`.

The engine does the thinking (:mod:`web.worker.learn`); this part asks, keeps what it answered, and draws it.
Written in the Python both MicroPython and CPython run.
"""


class Learn:
    """Hints, undo, deal proofs, the daily deal, deal links and the tutorial (a part of the app's state)."""

    def init_learn(self):
        self.advice = None  # the hint on show: the engine's "hint" message, for the view of its "step"
        self.extras = {}  # the last table message's learning fields: deal, practice, undo, assisted, tutorial, daily

    def learn_table(self, msg):
        """Keep the learning fields of a ``table`` message (a hint is for one step only)."""
        extras = {}
        for k in ("deal", "practice", "undo", "assisted", "tutorial", "daily", "undone"):
            if k in msg:
                extras[k] = msg[k]
        self.extras = extras
        if self.advice is not None and (self.view is None or self.advice.get("step") != self.view.step):
            self.advice = None

    def learn_reply(self, msg):
        """An engine answer of this part (``hint``, ``verified``, ``daily``, ``link``): effects, or None."""
        return None

    def learn_command(self, act, data):
        """A command of this part: effects, or None when it is not one."""
        return None

    def learn_end_html(self):
        """What the end-of-hand dialog adds for this part (the deal's proof and its check)."""
        return ""
