"""The few browser calls the page makes, in one place (PyScript 0.7, MicroPython's ``js`` module).

Everything that can be missing or refuse (storage, the clipboard, matchMedia, elementFromPoint) is guarded:
nothing here raises into the app.
"""

import js

try:
    from pyscript.ffi import create_proxy
except ImportError:  # pragma: no cover - outside PyScript
    def create_proxy(fn):
        return fn

_PROXIES = []  # listeners and timers live as long as the page: keep their proxies


def _keep(fn):
    p = create_proxy(fn)
    _PROXIES.append(p)
    if len(_PROXIES) > 4000:  # timers are one-shot: forget the oldest
        del _PROXIES[:1000]
    return p


def el(id_):
    return js.document.getElementById(id_)


def set_html(id_, html):
    node = el(id_)
    if node is not None:
        node.innerHTML = html


def set_text(id_, text):
    node = el(id_)
    if node is not None:
        node.textContent = text


def listen(target, event, fn):
    target.addEventListener(event, _keep(fn))


def later(seconds, fn):
    """Call ``fn`` after ``seconds`` (once)."""
    js.setTimeout(_keep(fn), int(max(0.0, seconds) * 1000))


def attr(node, name):
    if node is None:
        return None
    try:
        v = node.getAttribute(name)
    except Exception:
        return None
    return v if isinstance(v, str) else None


def prop(node, name, default=None):
    """A JavaScript property, or ``default`` when the object has none (MicroPython raises for those)."""
    try:
        v = getattr(node, name)
    except Exception:
        return default
    return default if v is None else v


def closest(node, selector):
    try:
        if node is None:
            return None
        found = node.closest(selector)
        return found if found else None
    except Exception:
        return None


def focused_key():
    return attr(js.document.activeElement, "data-key")


def focus_key(key):
    if not key:
        return False
    node = js.document.querySelector('[data-key="' + key + '"]')
    if node and not prop(node, "disabled", False):
        node.focus()
        return True
    return False


def focus_first(selector):
    """Focus the first element matching any of the comma-separated selectors, in their order."""
    for sel in selector.split(","):
        node = js.document.querySelector(sel.strip())
        if node and not prop(node, "disabled", False):
            node.focus()
            return True
    return False


def local_storage():
    """``window.localStorage``, or None when even touching it throws (third-party iframes: boot.js probed it
    before any Python ran, and marked ``<html data-storage>``)."""
    if html_attr("data-storage") != "1":
        return None
    try:
        ls = js.window.localStorage
        return ls if ls else None
    except Exception:
        return None


def reduced_motion():
    try:
        return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


def page_url():
    return str(js.window.location.href)


def search():
    return str(js.window.location.search)


def html_attr(name):
    return attr(js.document.documentElement, name)


def set_drawn():
    js.document.documentElement.setAttribute("data-drawn", "")


def set_ready():
    js.document.documentElement.setAttribute("data-ready", "true")


def is_ready():
    return html_attr("data-ready") == "true"


def boot_fail(text):
    try:
        js.rummyBoot.fail(text)
    except Exception:
        console_warn(text)


def console_warn(text):
    js.console.warn(text)


def set_banner(text):
    b = el("rm-banner")
    if b is None:
        return
    b.textContent = text or ""
    b.hidden = not text


def apply_look(settings):
    root = el("rm")
    if root is not None:
        root.className = ("rm" + (" contrast" if settings.get("contrast") else "")
                          + (" bigcards" if settings.get("bigcards") else ""))


# ----- the dialog -----

def dialog_open():
    node = el("rm-dialog")
    return bool(node is not None and node.open)


def open_dialog(html, kind):
    node = el("rm-dialog")
    key = focused_key()
    node.innerHTML = html
    node.setAttribute("data-kind", kind)
    if not node.open:
        node.showModal()
        focus_first("#rm-dialog .btn.primary")
    elif key:
        focus_key(key)


def close_dialog():
    node = el("rm-dialog")
    if node is not None and node.open:
        node.close()


# ----- the clipboard and files -----

def copy_text(text, done):
    """Copy ``text``; ``done(ok)`` is called once the browser answers."""
    try:
        clip = js.navigator.clipboard
        if not clip:
            done(False)
            return
        promise = clip.writeText(text)
        promise.then(_keep(lambda *_: done(True)), _keep(lambda *_: done(False)))
    except Exception:
        done(False)


def download(name, text):
    """Offer ``text`` as a file to save."""
    try:
        blob = js.Blob.new([text], js.JSON.parse('{"type": "application/json"}'))
        url = js.URL.createObjectURL(blob)
        a = js.document.createElement("a")
        a.href = url
        a.download = name
        js.document.body.appendChild(a)
        a.click()
        a.remove()
        later(10, lambda: js.URL.revokeObjectURL(url))
    except Exception as e:
        console_warn("download failed: " + repr(e))


def pick_file(done):
    """Ask for a file; ``done(text)`` receives its contents."""
    inp = js.document.createElement("input")
    inp.type = "file"
    inp.accept = "application/json,.json"

    def chosen(ev):
        files = inp.files
        if files and files.length:
            files.item(0).text().then(_keep(lambda text: done(str(text))))
    inp.addEventListener("change", _keep(chosen))
    inp.click()


# ----- dragging -----

def element_at(x, y):
    try:
        node = js.document.elementFromPoint(x, y)
        return node if node else None
    except Exception:
        return None


def start_drag(src, x, y):
    """Mark the drag's source; the pointer's offset inside it."""
    rect = src.getBoundingClientRect()
    src.classList.add("drag-src")
    el("rm").classList.add("dragging")
    return x - rect.left, y - rect.top


def make_ghost(src):
    rect = src.getBoundingClientRect()
    ghost = src.cloneNode(True)
    ghost.classList.add("drag-ghost")
    ghost.removeAttribute("data-key")
    ghost.setAttribute("aria-hidden", "true")
    ghost.style.width = str(rect.width) + "px"
    ghost.style.height = str(rect.height) + "px"
    js.document.body.appendChild(ghost)
    return ghost


def move_ghost(ghost, x, y):
    if ghost is not None:
        ghost.style.transform = "translate(" + str(x) + "px, " + str(y) + "px)"


def hover(node, on):
    if node is not None:
        if on:
            node.classList.add("drop-hover")
        else:
            node.classList.remove("drop-hover")


def remove(node):
    if node is not None:
        node.remove()


def end_drag():
    root = el("rm")
    if root is not None:
        root.classList.remove("dragging")
    for n in js.document.querySelectorAll(".drag-src"):
        n.classList.remove("drag-src")
