"""The table app's frame: the title bar and its menu, the banner, the screen, the announcer and the dialog.

The page's Python puts it in ``<main id="app">`` and draws each screen into ``#rm-screen``. The build draws a
first visit's new-game screen into it ahead of time, straight into index.html (tools/prerender.py), so a new
player sees the table app at the first paint; the page's Python then takes that over as it is.
"""

from web.page.i18n import _


def shell() -> str:
    """The frame, in the page's language."""
    item = '<button type="button" class="btn small" data-act="{act}" data-key="menu-{key}"{more}>{words}</button>'
    items = "".join(item.format(act=act, key=key, more=more, words=words) for act, key, more, words in (
        ("new", "new", "", _("New game")),
        ("scores", "scores", "", _("Scores")),
        ("stats", "stats", "", _("Statistics")),
        ("past-matches", "past", "", _("Past matches")),
        ("settings", "settings", "", _("Settings")),
        ("deal-link", "share", "", _("Share this deal")),
        ("embed", "embed", "", _("Embed")),
        ("help", "help", ' aria-keyshortcuts="?"', _("Help")),
    ))
    return "".join((
        '<div class="rm" id="rm"><header class="rm-top">'
        # i18n: the game's title in the page's top bar
        '<h1 class="rm-title"><span aria-hidden="true">♠</span> ', _("Rummy"), "</h1>"
        '<button type="button" class="btn small rm-menu-btn" popovertarget="rm-menu" aria-label="', _("Menu"), '">'
        '<span aria-hidden="true">☰</span> ', _("Menu"), "</button>"
        '<nav class="rm-menu" id="rm-menu" popover aria-label="', _("Game menu"), '">', items, "</nav></header>"
        '<p id="rm-banner" class="banner" data-testid="storage-banner" role="status" hidden></p>',
        SCREEN,
        '<div id="rm-live" class="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer"></div>'
        '<dialog id="rm-dialog" class="rm-dialog" aria-labelledby="dlg-title"></dialog></div>'))


SCREEN = '<div id="rm-screen" class="rm-screen"></div>'


def with_screen(html: str) -> str:
    """The frame with ``html`` in its screen."""
    return shell().replace(SCREEN, SCREEN[:-6] + html + "</div>")
