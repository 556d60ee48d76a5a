"""The runner's side of online play: web/rtc.js (window.rummyRtc) and web/signal.js (window.rummySignal) called
for the app's ``rtc``, ``signal``, ``qr`` and ``entropy`` effects, and their callbacks and events turned into the
app's messages. Neither ever throws; every callback gets plain strings, numbers or booleans. Written for the page's
MicroPython (and importable elsewhere).
"""

import js

from web.page.app import dom

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def rtc() -> "Any":
    return js.rummyRtc


def signal() -> "Any":
    return js.rummySignal


# The scripts of online play arrive after the page's first screen (web/bridge.js ``online``): the effects asked for
# before then wait here, in order, and are performed once they have run.
_loaded = False
_waiting: "list[tuple[tuple[Any, ...], Callable[[tuple[Any, ...]], Any]]]" = []


def start(dispatch: "Callable[[tuple[Any, ...]], Any]") -> None:
    """Ask for the scripts of online play, then listen to every link's events, ``("rtc-event", key, kind, data)``,
    and to the relays', ``("signal-event", name, kind, data, sender)``."""
    def on_event(key: "Any", kind: "Any", data: "Any") -> None:
        dispatch(("rtc-event", str(key), str(kind), str(data)))

    def on_signal(name: "Any", kind: "Any", data: "Any", sender: "Any") -> None:
        dispatch(("signal-event", str(name), str(kind), str(data), str(sender)))

    def loaded(ok: "Any") -> None:
        global _loaded
        if not ok:
            dom.console_warn("the scripts of online play could not be loaded")
            return
        _loaded = True
        rtc().listen(dom._keep(on_event))
        signal().listen(dom._keep(on_signal))
        waiting = _waiting[:]
        _waiting.clear()
        for effect, its_dispatch in waiting:
            perform(effect, its_dispatch)

    dom.bridge().online(dom._keep(loaded))


def perform_signal(effect: "tuple[Any, ...]", dispatch: "Callable[[tuple[Any, ...]], Any]") -> None:
    """``("signal", op, ...)``: op "configure" (relays as JSON), "join" (room, key), "post" (room, text),
    "leave" (room), "seek" (topic, text), "unseek" (topic), "direct" (key, text)."""
    op = effect[1]
    s = signal()
    if op == "configure":
        got = s.configure(effect[2])
        if got is not True:
            dom.console_warn("relays not set: " + str(getattr(got, "error", got)))
    elif op == "join":
        s.join(effect[2], effect[3])
    elif op == "post":
        s.post(effect[2], effect[3])
    elif op == "seek":
        s.seek(effect[2], effect[3])
        me = str(s.me() or "")
        if me:  # loaded before: its "ready" event is past, and the app may not have heard this page's key
            dom.later(0, lambda: dispatch(("signal-event", "", "ready", me, "")))
    elif op == "direct":
        s.direct(effect[2], effect[3])
    elif op == "leave":
        s.leave(effect[2])
    elif op == "unseek":
        s.unseek(effect[2])


def perform(effect: "tuple[Any, ...]", dispatch: "Callable[[tuple[Any, ...]], Any]") -> None:
    """Perform one effect of online play (see web.page.app.online): at once, or once its scripts have run."""
    if not _loaded and effect[0] != "entropy":  # a random value needs only web/bridge.js
        _waiting.append((effect, dispatch))
        return
    kind = effect[0]
    if kind == "signal":
        perform_signal(effect, dispatch)
        return
    if kind == "qr":
        svg = rtc().qr(effect[2])
        dom.later(0, lambda: dispatch(("qr", effect[1], str(svg or ""))))
        return
    if kind == "entropy":  # a deal's random value (a hand's number), or a room's secret ("room" + seat)
        value = str(dom.bridge().randomHex(16) or "")
        if len(value) == 32:
            dom.later(0, lambda: dispatch(("entropy", effect[1], value)))
        else:
            dom.console_warn("no random numbers for the deal")
        return
    op = effect[1]
    if op == "configure":
        rtc().configure(effect[2])
    elif op == "offer":
        key = effect[2]

        def offered(sdp: "Any", err: "Any") -> None:
            dispatch(("rtc-offer", key, str(sdp or ""), str(err or "")))

        rtc().offer(key, dom._keep(offered))
    elif op == "answer":
        key = effect[2]

        def answered(sdp: "Any", err: "Any") -> None:
            dispatch(("rtc-answer", key, str(sdp or ""), str(err or "")))

        rtc().answer(key, effect[3], dom._keep(answered))
    elif op == "accept":
        key = effect[2]

        def accepted(ok: "Any", err: "Any") -> None:
            dispatch(("rtc-accepted", key, bool(ok), str(err or "")))

        rtc().accept(key, effect[3], dom._keep(accepted))
    elif op == "send":
        if not rtc().send(effect[2], effect[3]):
            dom.console_warn("a message to " + str(effect[2]) + " could not be sent")
    elif op == "close":
        rtc().close(effect[2])
