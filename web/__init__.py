"""The game's browser side: the page (web/page), the engine worker (web/worker), styles and icons."""
