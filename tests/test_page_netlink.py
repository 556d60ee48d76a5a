"""The scripts of online play come after the page's first screen (web/bridge.js ``online``): the runner's side of
online play (web/page/app/netlink.py) keeps the effects asked for before they have run, in order, and performs
them once they have; a random value needs none of them and is never held back."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest


class Recorder:
    """A stand-in for window.rummyRtc or window.rummySignal: every call, in order, into one shared list."""

    def __init__(self, name: str, calls: list[tuple[Any, ...]]) -> None:
        self.name = name
        self.calls = calls
        self.listener: Callable[..., Any] | None = None

    def listen(self, fn: Callable[..., Any]) -> None:
        self.listener = fn
        self.calls.append((self.name, "listen"))

    def __getattr__(self, op: str) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            self.calls.append((self.name, op, *args))
            return True
        return call


class Browser:
    """The ``js`` module as netlink sees it: the bridge's online() answers when the test says the scripts ran."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.asked: list[Callable[[bool], Any]] = []
        self.timers: list[Callable[[], Any]] = []
        self.warnings: list[str] = []
        self.module = types.ModuleType("js")
        bridge = types.SimpleNamespace(online=self.asked.append, randomHex=lambda n: "ab" * n)
        self.module.rummyBridge = bridge  # type: ignore[attr-defined]
        self.module.console = types.SimpleNamespace(warn=self.warnings.append)  # type: ignore[attr-defined]
        self.module.setTimeout = lambda fn, ms: self.timers.append(fn)  # type: ignore[attr-defined]

    def scripts_ran(self, ok: bool = True) -> None:
        if ok:
            self.module.rummyRtc = Recorder("rtc", self.calls)  # type: ignore[attr-defined]
            self.module.rummySignal = Recorder("signal", self.calls)  # type: ignore[attr-defined]
        for callback in self.asked:
            callback(ok)


def page_modules() -> dict[str, Any]:
    return {n: m for n, m in sys.modules.items() if n == "js" or n == "web.page" or n.startswith("web.page.")}


@pytest.fixture()
def browser() -> Iterator[Browser]:
    """web.page.app.netlink imported afresh in CPython, its ``js`` a :class:`Browser`; the page's modules that other
    tests imported (with their own ``js``) are put back afterwards."""
    saved = page_modules()
    for name in saved:
        del sys.modules[name]
    fake = Browser()
    sys.modules["js"] = fake.module
    try:
        yield fake
    finally:
        for name in page_modules():
            del sys.modules[name]
        sys.modules.update(saved)
        web = sys.modules.get("web")
        if web is not None and "web.page" in saved:
            web.page = saved["web.page"]  # type: ignore[attr-defined]


def test_effects_before_the_scripts_wait_and_are_performed_once_in_order(browser: Browser) -> None:
    from web.page.app import netlink

    heard: list[tuple[Any, ...]] = []
    netlink.start(heard.append)
    assert len(browser.asked) == 1 and browser.calls == []  # asked for, nothing called yet
    netlink.perform(("signal", "configure", "[]"), heard.append)
    netlink.perform(("rtc", "configure", "{}"), heard.append)
    netlink.perform(("rtc", "send", "host", "hello"), heard.append)
    assert browser.calls == []
    browser.scripts_ran()
    assert browser.calls == [("rtc", "listen"), ("signal", "listen"), ("signal", "configure", "[]"),
                             ("rtc", "configure", "{}"), ("rtc", "send", "host", "hello")]
    netlink.perform(("rtc", "close", "host"), heard.append)  # after: at once
    assert browser.calls[-1] == ("rtc", "close", "host") and len(browser.calls) == 6
    # the links' events reach the app as messages
    rtc = browser.module.rummyRtc  # type: ignore[attr-defined]
    rtc.listener("host", "open", "")
    assert heard == [("rtc-event", "host", "open", "")]


def test_a_random_value_is_not_held_back(browser: Browser) -> None:
    from web.page.app import netlink

    heard: list[tuple[Any, ...]] = []
    netlink.start(heard.append)
    netlink.perform(("entropy", "deal"), heard.append)
    for timer in browser.timers:
        timer()
    assert heard == [("entropy", "deal", "ab" * 16)]


def test_scripts_that_failed_to_load_are_reported_and_nothing_is_called(browser: Browser) -> None:
    from web.page.app import netlink

    netlink.start(lambda m: None)
    netlink.perform(("rtc", "configure", "{}"), lambda m: None)
    browser.scripts_ran(ok=False)
    assert browser.calls == [] and browser.warnings == ["the scripts of online play could not be loaded"]
