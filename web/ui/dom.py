"""The few browser calls the UI makes, in one place (PyScript 0.7 / Pyodide)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

_PROXIES: list[Any] = []  # delegated listeners live as long as the page


def el(id_: str) -> Any:
    return document.getElementById(id_)


def listen(target: Any, event: str, fn: Callable[[Any], Any], capture: bool = False) -> None:
    """One delegated listener (the proxy is kept alive for the life of the page)."""
    p = create_proxy(fn)
    _PROXIES.append(p)
    target.addEventListener(event, p, capture)


_TASKS: set[Any] = set()  # tasks in flight, kept referenced until they finish


def keep_task(task: Any) -> None:
    """Keep a reference to an asyncio task until it is done (a task nobody holds may be collected)."""
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)


def window_() -> Any:
    """The page's ``window``."""
    return window


def now() -> float:
    return float(window.performance.now())


def local_storage() -> Any:
    """``window.localStorage``, or None when even touching it throws (third-party iframes)."""
    try:
        ls = window.localStorage
        if ls is None:
            return None
        return ls
    except Exception:
        return None


def reduced_motion() -> bool:
    try:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


def attr(node: Any, name: str) -> str | None:
    if node is None:
        return None
    try:
        v = node.getAttribute(name)
    except Exception:
        return None
    return v if isinstance(v, str) else None


def closest(node: Any, selector: str) -> Any:
    try:
        if node is None or not hasattr(node, "closest"):
            return None
        found = node.closest(selector)
        return found if found else None
    except Exception:
        return None


def focused_key() -> str | None:
    return attr(document.activeElement, "data-key")


def focus_key(key: str | None) -> bool:
    if not key:
        return False
    node = document.querySelector(f'[data-key="{key}"]')
    if node and not node.disabled:
        node.focus()
        return True
    return False


def focus_first(selector: str) -> bool:
    node = document.querySelector(selector)
    if node:
        node.focus()
        return True
    return False


def query(selector: str) -> Any:
    node = document.querySelector(selector)
    return node if node else None


def page_url() -> str:
    return str(window.location.href)


def search() -> str:
    return str(window.location.search)


def html_attr(name: str) -> str | None:
    return attr(document.documentElement, name)


def set_ready() -> None:
    document.documentElement.dataset.ready = "true"


def console_warn(text: str) -> None:
    window.console.warn(text)


def element_at(x: float, y: float) -> Any:
    node = document.elementFromPoint(x, y)
    return node if node else None


def copy_text(text: str) -> Any:
    """A promise from the clipboard API, or None where there is none."""
    try:
        clip = window.navigator.clipboard
        if clip:
            return clip.writeText(text)
    except Exception:
        pass
    return None
