"""A gate on one script of the site: the page's requests for it are held until the test opens it, so that "before
that script is up" is a certainty, not a race (the service worker's precache of it is let through, not counted)."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Route


class Gate:
    """Holds every request the page makes for the files matching ``pattern`` until :meth:`release`."""

    def __init__(self, context: BrowserContext, pattern: str) -> None:
        self.held: list[Route] = []
        self.open = False
        self.asked = 0  # requests made by the page (not by its service worker)
        context.route(pattern, self.hold)

    def hold(self, route: Route) -> None:
        if route.request.service_worker is not None:
            route.continue_()
            return
        self.asked += 1
        if self.open:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.open = True
        for route in self.held:
            route.continue_()
        self.held = []
