"""Hooks for tests and the browser benchmark (only with ``?debug=1``): ``window.rummyDebug``.

* ``state()``: JSON of the phase, turn, the player's hand and the timing figures;
* ``autoplay()``: a bot plays seat 0 too, hand after hand (to measure a whole match in the page);
* ``bench(n)``: a Promise of JSON with ``n`` timed decisions of every opponent profile of both games.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from rummy import Game, seat_view

from . import dom
from .opponents import make_bot, roster

_KEEP: list[Any] = []


async def bench(n: int = 60, players_rummy: int = 3) -> str:
    out: dict[str, Any] = {}
    for game in ("gin", "rummy"):
        for p in roster(game):
            times: list[float] = []
            steps: list[float] = []
            seed = 1
            while len(times) < n:
                players = 2 if game == "gin" else players_rummy
                g = Game.new(game, players, seed=seed)
                bots = [make_bot(p.id, game, seed * 10 + s) for s in range(players)]
                guard = 0
                while len(times) < n and guard < 2000:
                    guard += 1
                    if g.phase == "hand-over":
                        g.deal()
                        continue
                    if g.phase == "match-over":
                        break
                    seat = g.turn
                    assert seat is not None
                    t0 = dom.now()
                    view = seat_view(g, seat)
                    t1 = dom.now()
                    action = bots[seat].choose(view)
                    t2 = dom.now()
                    g.apply(action, seat)
                    t3 = dom.now()
                    times.append(t2 - t1)
                    steps.append(t3 - t0)
                    await asyncio.sleep(0)
                seed += 1
            out[p.id] = {"game": game, "tier": p.tier, "name": p.name, "ms": times, "step_ms": steps}
    return json.dumps(out)


def expose(app: Any) -> None:
    def state(*_: Any) -> str:
        return str(app.debug_state())

    def autoplay(*_: Any) -> None:
        app.autoplay = True
        app.kick()

    def run_bench(n: Any = 60, players: Any = 3) -> Any:
        return asyncio.ensure_future(bench(int(n), int(players)))

    obj = {"state": create_proxy(state), "autoplay": create_proxy(autoplay), "bench": create_proxy(run_bench)}
    _KEEP.extend(obj.values())
    window.rummyDebug = to_js(obj, dict_converter=window.Object.fromEntries)
