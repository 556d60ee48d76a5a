"""The table app's frame: the title bar and its menu, the banner, the screen, the announcer and the dialog.

The page's Python puts it in ``<main id="app">`` and draws each screen into ``#rm-screen``. The build draws a
first visit's new-game screen into it ahead of time, straight into index.html (tools/prerender.py), so a new
player sees the table app at the first paint; the page's Python then takes that over as it is.
"""

SHELL = """
<div class="rm" id="rm">
  <header class="rm-top">
    <h1 class="rm-title"><span aria-hidden="true">♠</span> Rummy</h1>
    <button type="button" class="btn small rm-menu-btn" popovertarget="rm-menu" aria-label="Menu">
      <span aria-hidden="true">☰</span> Menu</button>
    <nav class="rm-menu" id="rm-menu" popover aria-label="Game menu">
      <button type="button" class="btn small" data-act="new" data-key="menu-new">New game</button>
      <button type="button" class="btn small" data-act="scores" data-key="menu-scores">Scores</button>
      <button type="button" class="btn small" data-act="stats" data-key="menu-stats">Statistics</button>
      <button type="button" class="btn small" data-act="past-matches" data-key="menu-past">Past matches</button>
      <button type="button" class="btn small" data-act="settings" data-key="menu-settings">Settings</button>
      <button type="button" class="btn small" data-act="deal-link" data-key="menu-share">Share this deal</button>
      <button type="button" class="btn small" data-act="embed" data-key="menu-embed">Embed</button>
      <button type="button" class="btn small" data-act="help" data-key="menu-help" aria-keyshortcuts="?">Help</button>
    </nav>
  </header>
  <p id="rm-banner" class="banner" data-testid="storage-banner" role="status" hidden></p>
  <div id="rm-screen" class="rm-screen"></div>
  <div id="rm-live" class="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer"></div>
  <dialog id="rm-dialog" class="rm-dialog" aria-labelledby="dlg-title"></dialog>
</div>
"""
SCREEN = '<div id="rm-screen" class="rm-screen"></div>'


def with_screen(html: str) -> str:
    """The frame with ``html`` in its screen."""
    return SHELL.replace(SCREEN, SCREEN[:-6] + html + "</div>")
