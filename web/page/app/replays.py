"""Looking back: the coach's review of a hand, replays of finished hands (this match, past matches, an imported
record or a link), and exporting a hand record. Part of :class:`web.page.app.model.App`.

Written in the Python both MicroPython and CPython run.
"""


class Replays:
    """The coach, the replay viewer and hand records (a part of the app's state)."""

    def init_replays(self):
        self.replay = None  # the replay on show, or None

    def replay_reply(self, msg):
        """An engine answer of this part (``review``, ``replay``, ``record``): effects, or None."""
        return None

    def replay_command(self, act, data):
        """A command of this part: effects, or None when it is not one."""
        return None

    def replay_end_html(self):
        """What the end-of-hand dialog adds for this part (coach, replay, export)."""
        return ""

    def replay_screen_html(self):
        """The replay viewer (``self.screen == "replay"``)."""
        return ""
