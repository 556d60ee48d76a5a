"""The few browser calls the page makes, in one place (PyScript 0.7, MicroPython's ``js`` module).

Everything that can be missing or refuse (storage, the clipboard, matchMedia, elementFromPoint) is guarded:
nothing here raises into the app.
"""

import json

import js

from web.page.app import looks

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

try:
    from jsffi import create_proxy  # type: ignore[import-not-found]  # MicroPython's own (what pyscript.ffi hands on)
except ImportError:  # pragma: no cover - outside the browser
    def create_proxy(fn: "Any") -> "Any":
        return fn

# JavaScript objects (elements, the bridge, proxies) are Any: the browser's, through MicroPython's FFI.
_PROXIES: "list[Any]" = []  # listeners and timers live as long as the page: keep their proxies


def _keep(fn: "Callable[..., Any]") -> "Any":
    p = create_proxy(fn)
    _PROXIES.append(p)
    if len(_PROXIES) > 4000:  # timers are one-shot: forget the oldest
        del _PROXIES[:1000]
    return p


def el(id_: str) -> "Any":
    return js.document.getElementById(id_)


def set_html(id_: str, html: str) -> None:
    node = el(id_)
    if node is not None:
        node.innerHTML = html


def morph(id_: str, html: str) -> None:
    """Show ``html`` in #id, replacing only the parts of the screen that changed (web/bridge.js): unchanged
    parts keep their elements, so focus and animations in them are left alone and the browser redoes less
    layout. Falls back to ``innerHTML`` if the bridge could not do it."""
    done = bridge().morph(id_, html)
    if type(done) is not int or done < -1:
        set_html(id_, html)


def set_text(id_: str, text: str) -> None:
    node = el(id_)
    if node is not None:
        node.textContent = text


def listen(target: "Any", event: str, fn: "Callable[..., Any]") -> None:
    target.addEventListener(event, _keep(fn))


def later(seconds: float, fn: "Callable[[], Any]") -> None:
    """Call ``fn`` after ``seconds`` (once)."""
    js.setTimeout(_keep(fn), int(max(0.0, seconds) * 1000))


def attr(node: "Any", name: str) -> str | None:
    if node is None:
        return None
    try:
        v = node.getAttribute(name)
    except Exception:
        return None
    return v if isinstance(v, str) else None


def prop(node: "Any", name: str, default: "Any" = None) -> "Any":
    """A JavaScript property, or ``default`` when the object has none (MicroPython raises for those)."""
    try:
        v = getattr(node, name)
    except Exception:
        return default
    return default if v is None else v


def closest(node: "Any", selector: str) -> "Any":
    try:
        if node is None:
            return None
        found = node.closest(selector)
        return found if found else None
    except Exception:
        return None


def focused_key() -> str | None:
    return attr(js.document.activeElement, "data-key")


def _focus(node: "Any") -> None:
    """Focus ``node`` unless it has the focus already (focus() makes the browser lay the page out first)."""
    if node is not js.document.activeElement:
        node.focus()


def focus_key(key: str | None) -> bool:
    if not key:
        return False
    node = js.document.querySelector('[data-key="' + key + '"]')
    if node and not prop(node, "disabled", False):
        _focus(node)
        return True
    return False


def focus_first(selector: str) -> bool:
    """Focus the first element matching any of the comma-separated selectors, in their order."""
    for sel in selector.split(","):
        node = js.document.querySelector(sel.strip())
        if node and not prop(node, "disabled", False):
            _focus(node)
            return True
    return False


def bridge() -> "Any":
    """The guarded browser calls of web/bridge.js."""
    return js.rummyBridge


def local_storage() -> "Any":
    """localStorage behind web/bridge.js's guard (every call answers instead of throwing), or None where boot.js
    found storage refused (a third-party iframe, storage disabled)."""
    s = bridge().storage()
    return s if s else None


def reduced_motion() -> bool:
    try:
        return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


def page_url() -> str:
    return str(js.window.location.href)


def search() -> str:
    return str(js.window.location.search)


def html_attr(name: str) -> str | None:
    return attr(js.document.documentElement, name)


def set_html_attr(name: str, value: str) -> None:
    js.document.documentElement.setAttribute(name, value)


def set_drawn() -> None:
    js.document.documentElement.setAttribute("data-drawn", "")


def set_ready() -> None:
    js.document.documentElement.setAttribute("data-ready", "true")


def is_ready() -> bool:
    return html_attr("data-ready") == "true"


def boot_fail(text: str) -> None:
    try:
        js.rummyBoot.fail(text)
    except Exception:
        console_warn(text)


def console_warn(text: str) -> None:
    js.console.warn(text)


def set_banner(html: str | None) -> None:
    b = el("rm-banner")
    if b is None:
        return
    b.innerHTML = html or ""
    b.hidden = not html


def apply_look(look: "dict[str, Any]") -> None:
    """The look of the game (:mod:`web.page.app.looks`): the root's classes, its data attributes (felt, deck,
    motion) and the pace of its animations."""
    bridge().look(looks.root_class(look), json.dumps(looks.root_data(look)), int(look.get("motion") or 0))


# ----- the deck, motion and sound (web/bridge.js; nothing here can throw into the app) -----

def put_sprite(html: str) -> None:
    """The deck's SVG symbols, once (the cards on the table refer to them)."""
    bridge().sprite(html)


def motion_before(plan: "dict[str, Any] | None") -> None:
    """Measure the cards before a redraw (``plan``: :mod:`web.page.app.motion`, or None)."""
    bridge().motion.before(json.dumps(plan) if plan is not None else "")


def motion_after() -> None:
    """Fly the cards from where they were to where the redraw put them."""
    bridge().motion.after()


def play_sound(name: str, volume: float, delay: float) -> None:
    bridge().sound.play(name, volume, delay)


def celebrate(kind: str, selector: str) -> None:
    """A little confetti over the element ``selector`` (none under reduced motion or at instant speed)."""
    bridge().motion.celebrate(kind, selector)


def on_landed(fn: "Callable[[str], Any]") -> None:
    """``fn(kind)`` once the cards of a deal (``"deal"``) have all landed."""
    bridge().motion.onLanded(_keep(lambda kind: fn(str(kind))))


# ----- the dialog -----

def dialog_open() -> bool:
    node = el("rm-dialog")
    return bool(node is not None and node.open)


def open_dialog(html: str, kind: str) -> None:
    node = el("rm-dialog")
    key = focused_key()
    node.innerHTML = html
    node.setAttribute("data-kind", kind)
    if not node.open:
        node.showModal()
        focus_first("#rm-dialog .btn.primary")
    elif key:
        focus_key(key)


def close_dialog() -> None:
    node = el("rm-dialog")
    if node is not None and node.open:
        node.close()


# ----- the clipboard and files -----

def copy_text(text: str, done: "Callable[[bool], Any]") -> None:
    """Copy ``text``; ``done(ok)`` is called once the browser answers."""
    bridge().copy(text, _keep(lambda ok: done(bool(ok))))


def download(name: str, text: str) -> None:
    """Offer ``text`` as a file to save."""
    bridge().download(name, text)


def now_text() -> str:
    """The local date and time as ``2026-05-01 18:30``."""
    return str(bridge().nowText())


def clear_fragment() -> None:
    """Take a replay link's fragment off the address (a reload then opens the game, not the replay)."""
    bridge().clearFragment()


def pick_file(done: "Callable[[Any], Any]") -> None:
    """Ask for a file; ``done(text)`` receives its contents (None when it could not be read)."""
    bridge().pickFile(_keep(done))


def listen_tabs(on_message: "Callable[[str], Any]", on_storage: "Callable[[Any, Any], Any]") -> None:
    """Messages from this site's other tabs (BroadcastChannel) and their storage changes."""
    bridge().listen(_keep(lambda text: on_message(str(text))))
    bridge().onStorage(_keep(lambda key, value: on_storage(key, value)))


def on_leave(fn: "Callable[[], Any]") -> None:
    """``fn()`` when the page is going away (a reload or a closed tab)."""
    bridge().onLeave(_keep(fn))


def on_hidden(fn: "Callable[[], Any]") -> None:
    """``fn()`` whenever the page is hidden (a phone may end a hidden page without telling it)."""
    bridge().onHidden(_keep(fn))


def post_tabs(text: str) -> None:
    bridge().post(text)


def reload() -> None:
    bridge().reload()


def tab_id() -> str:
    return str(bridge().tabId())


# ----- dragging -----

def element_at(x: float, y: float) -> "Any":
    try:
        node = js.document.elementFromPoint(x, y)
        return node if node else None
    except Exception:
        return None


def start_drag(src: "Any", x: float, y: float) -> tuple[float, float]:
    """Mark the drag's source; the pointer's offset inside it."""
    rect = src.getBoundingClientRect()
    src.classList.add("drag-src")
    el("rm").classList.add("dragging")
    return x - rect.left, y - rect.top


def make_ghost(src: "Any") -> "Any":
    rect = src.getBoundingClientRect()
    ghost = src.cloneNode(True)
    ghost.classList.add("drag-ghost")
    ghost.removeAttribute("data-key")
    ghost.setAttribute("aria-hidden", "true")
    ghost.style.width = str(rect.width) + "px"
    ghost.style.height = str(rect.height) + "px"
    (el("rm") or js.document.body).appendChild(ghost)  # inside the game: it keeps the game's card sizes
    return ghost


def move_ghost(ghost: "Any", x: float, y: float) -> None:
    if ghost is not None:
        ghost.style.transform = "translate(" + str(x) + "px, " + str(y) + "px)"


def hover(node: "Any", on: bool) -> None:
    if node is not None:
        if on:
            node.classList.add("drop-hover")
        else:
            node.classList.remove("drop-hover")


def remove(node: "Any") -> None:
    if node is not None:
        node.remove()


def release_ghost(node: "Any") -> None:
    """The drag is over: the ghost goes, unless its move is on its way (the next redraw flies the card on)."""
    if node is not None:
        bridge().motion.release(node)


def end_drag() -> None:
    root = el("rm")
    if root is not None:
        root.classList.remove("dragging")
    for n in js.document.querySelectorAll(".drag-src"):
        n.classList.remove("drag-src")
