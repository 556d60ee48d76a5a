"""Drawing online play: the host's lobby and seat cards, the guest's join screen, the strip of players and quick
messages above an online table. Pure functions of the app's state, returning HTML. Written in the Python both
MicroPython and CPython run.
"""

from web.page.app import core
from web.page.app.online import option_words, relays_down
from web.page.app.text import esc, isolated
from web.page.shared.online import QUICK

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.model import App

STUN_NOTE = ("A STUN server tells each browser its public address so that the two can find each other across "
             "the internet; it learns your IP address and nothing of the game.")


def _button(act: str, words: str, seat: int | None = None, primary: bool = False, key: str | None = None) -> str:
    return "".join(('<button type="button" class="btn', (" primary" if primary else ""), '" data-act="', act, '"',
                    ("" if seat is None else ' data-seat="' + str(seat) + '"'),
                    ' data-key="', esc(key or (act + ("" if seat is None else "-" + str(seat)))), '">', esc(words),
                    "</button>"))


RELAY_NOTE = ("Invites connect through public relays (listed in Settings): a relay learns that two pages met, "
              "when, and their network addresses, and nothing of the game.")


def seat_card(seat: int, link: "dict[str, Any]", started: bool, down: bool = False) -> str:
    """One friend's seat on the host's page: the invite, the reply code field (folded when the friend's page
    connects by itself through the relays: ``down`` when they cannot be reached), or how the link stands."""
    name = esc(isolated(link["name"]))
    state = link["state"]
    head = "".join(('<h3>', name, ' <span class="link-state state-', state, '" data-testid="link-state-', str(seat), \
        '">', esc(STATE_WORDS.get(state, state)), "</span></h3>"))
    body = ""
    if state in ("inviting", "connecting"):
        qr = ("".join(('<div class="qr" aria-label="QR code of the invite link" role="img">', link["qr"], "</div>"))
              if link.get("qr") else "")
        field = "".join(('<div class="invite"><input type="text" class="code" name="reply', str(seat),
                         '" data-testid="reply-', str(seat), '" aria-label="Reply code from ', name,
                         '" autocomplete="off" value="', esc(link.get("reply", "")), '">',
                         _button("reply", "Connect", seat, True), "</div>"))
        invite = "".join(('<div class="invite"><input type="text" readonly class="code" data-testid="invite-', str(seat),
                          '" aria-label="Invite link for ', name, '" value="', esc(link["link"]), '">',
                          _button("copy-invite", "Copy link", seat), "</div>", qr))
        if link.get("room"):
            body = "".join(("<p>Send ", name, " this invite link (any chat or email). ", name, "’s page connects by "
                            "itself when it is opened.</p>", invite,
                            ('<p class="message error" data-testid="relays-down-' + str(seat) + '">The relays cannot '
                             "be reached from here: ask " + name + " for the reply code their page shows.</p>"
                             if down else ""),
                            '<details class="fallback"', (" open" if down else ""), "><summary>No connection? Use a "
                            "reply code</summary><p>Paste the reply code ", name, "’s page shows:</p>", field,
                            "</details>"))
        else:
            body = "".join(('<p>1. Send ', name, " this invite link (any chat or email):</p>", invite,
                            "<p>2. Paste the reply code ", name, "’s page shows:</p>", field))
    elif state == "dropped":
        who = isolated(link["name"])
        body = "".join(("<p>", name, " is not connected.</p>", _button("invite", "Invite " + who + " again", seat, True)))
    if started and link.get("room") and state in ("making", "inviting", "connecting"):
        who = isolated(link["name"])
        body = "".join(('<p data-testid="rejoin-', str(seat), '">', name, " is not connected: their page comes back by "
                        "itself through the relays (or send them the link again).</p>", body))
    if started and state in ("dropped", "making", "inviting", "connecting"):
        body += _button("replace", "Let a computer play for " + isolated(link["name"]), seat)
    elif state == "error":
        body = _button("invite", "Try again", seat, True)
    err = "".join(('<p class="message error" role="alert" data-testid="link-error-', str(seat), '">', esc(link["error"]),
                   "</p>")) if link.get("error") else ""
    return "".join(('<div class="seat-card" data-testid="seat-card-', str(seat), '">', head, body, err, "</div>"))


STATE_WORDS = {"making": "making the invite…", "inviting": "invited", "connecting": "connecting…",
               "open": "connected", "ready": "at the table", "dropped": "disconnected", "replaced": "a computer plays",
               "error": "the invite failed"}


def lobby_html(app: "App") -> str:
    """The host's page before the first deal: invite each friend."""
    host = app.host
    assert host is not None  # the lobby is the host's
    down = relays_down(app)
    cards = "".join(seat_card(s, host.links[s], False, down) for s in sorted(host.links))
    same = app.online.same_network
    servers = ", ".join(core.stun_servers(app)) or "none"
    waiting = ""
    if host.deal_wait is not None or app.match.waiting == "prepare":
        waiting = '<p class="prompt" data-testid="lobby-dealing">Everyone is here: shuffling…</p>'
    return "".join(('<section class="online lobby" data-testid="lobby" aria-labelledby="lobby-title">'
                    '<h2 id="lobby-title">Invite your friends</h2>'
                    "<p>", ("Each friend opens their link, and their page joins yours by itself. "
                            if core.relays(app) else
                            "Each friend opens their link and sends you back the short reply code their page shows. "),
                    "Once everyone is at the table, the cards are dealt. Your page runs the game: keep it open.</p>",
                    cards, waiting,
                    '<details class="connection"><summary>Connection</summary>'
                    '<label class="field check"><input type="checkbox" name="same-network" data-key="f-same-network"',
                    (" checked" if same else ""), "> Same network only (no STUN server)</label>"
                    '<p class="muted">STUN servers: ', esc(servers), ". ", esc(STUN_NOTE),
                    " Relays: ", esc(", ".join(core.relays(app)) or "none"), ". ", esc(RELAY_NOTE),
                    " Change the lists in Settings.</p></details>",
                    _button("new", "Back to the new-game screen"), "</section>"))


def join_html(app: "App") -> str:
    """The guest's page before the table: the invite, and the reply code to send back."""
    guest = app.guest
    assert guest is not None  # the join screen is a guest's
    inv = guest.invite
    j = guest.join
    if inv is None:
        return "".join(('<section class="online join" data-testid="join"><h2>Join a game</h2>'
                        '<p class="message error" role="alert">', esc(j.get("error", "")), "</p></section>"))
    host = isolated(inv["players"][0][0])
    me = isolated(inv["players"][inv["seat"]][0])
    game = "Gin Rummy" if inv["game"] == "gin" else "Basic Rummy"
    who = []
    for i, (name, kind) in enumerate(inv["players"]):
        role = " (host)" if i == 0 else (" (you)" if i == inv["seat"] else
                                         (" (computer)" if kind == "computer" else " (invited)"))
        who.append("".join(("<li>", esc(isolated(name)), role, "</li>")))
    rules = [esc(app.catalog.preset_label(inv["game"], inv["preset"]))]  # the preset's name in words, not its id
    for name, value in inv["changes"]:
        rules.append("…" if name == "~" else esc(option_words(app, inv["game"], name, value)))
    state = j["state"]
    if state == "making":
        body = '<p class="prompt">Making your reply code…</p>'
    elif state == "replying":
        qr = "".join(('<div class="qr" role="img" aria-label="QR code of your reply code">', j["qr"], "</div>")) if j["qr"] \
            else ""
        code = "".join(('<div class="invite"><input type="text" readonly class="code" data-testid="reply-code" '
                        'aria-label="Your reply code" value="', esc(j["code"]), '">', _button("copy-reply", "Copy code"),
                        "</div>", qr))
        if inv.get("room"):
            down = relays_down(app)
            body = "".join(('<p class="prompt" data-testid="join-status">Connecting to ', esc(host), "…</p>",
                            ('<p class="message error" data-testid="relays-down">The relays cannot be reached from '
                             "here: send this reply code to " + esc(host) + " instead.</p>" if down else ""),
                            '<details class="fallback"', (" open" if down else ""), "><summary>Nothing happens? Send a "
                            "reply code</summary><p>Send this reply code to ", esc(host), " (any chat), then wait "
                            "here:</p>", code, "</details>"))
        else:
            body = "".join(("<p>Send this reply code to ", esc(host), " (any chat), then wait here:</p>", code))
    elif state in ("connected", "seated"):
        body = "".join(('<p class="prompt" data-testid="join-status">Connected. Waiting for ', esc(host), " to deal…</p>"))
    elif state == "reload":
        body = _button("reload", "Reload this page", primary=True)
    else:
        body = ""
    err = "".join(('<p class="message error" role="alert">', esc(j["error"] or app.page.message), "</p>")) \
        if (j.get("error") or (app.page.level == "error" and app.page.message)) else ""
    return "".join(('<section class="online join" data-testid="join" aria-labelledby="join-title">'
                    '<h2 id="join-title">', esc(host), " invites you to ", game, "</h2>"
                    "<p>You play as <strong>", esc(me), "</strong>.</p><ul class=\"players\">", "".join(who), "</ul>"
                    '<p class="muted" data-testid="join-rules">', "; ".join(rules), ".</p>", body, err, "</section>"))


def seek_html(app: "App") -> str:
    """"Play someone now": the game looked for, who else is looking, and what happens next."""
    from web.page.app.seek import chosen, leader

    s = app.seeker
    assert s is not None  # the seek screen is a seeker's
    game = "Gin Rummy" if s.game == "gin" else "Basic Rummy"
    size = ""
    if s.game == "rummy":
        size = "".join(('<label class="field">Players <select name="seek-players" data-key="seek-players">',
                        "".join("".join(('<option value="', str(n), '"', (" selected" if n == s.players else ""), ">",
                                         str(n), "</option>")) for n in range(2, 7)),
                        "</select></label>"))
    if not core.relays(app):
        body = ('<p class="message error" data-testid="seek-status">Playing someone needs a relay, and Settings list '
                "none (Settings, Advanced). You can still invite a friend with a reply code.</p>")
    elif s.state == "joining":
        body = '<p class="prompt" data-testid="seek-status">Found a table: joining…</p>'
    elif s.state == "hosting":
        body = '<p class="prompt" data-testid="seek-status">Found players: setting up your table…</p>'
    else:
        n = len(s.seen)
        names = "".join("".join(("<li>", esc(isolated(s.seen[k]["name"])), "</li>")) for k in sorted(s.seen))
        lead = bool(s.me) and leader(s.me, s.seen) == s.me
        body = "".join(('<p class="prompt" data-testid="seek-status">Looking for ',
                        ("a player" if s.players == 2 else str(s.players - 1) + " players"), "…</p>"
                        '<p data-testid="seek-count">', (str(n) + (" player" if n == 1 else " players") + " looking"
                                                          if n else "Nobody else is looking yet"), "</p>",
                        ('<ul class="players" aria-label="Looking too">' + names + "</ul>" if names else "")))
        if s.game == "rummy" and s.players > 2 and lead and chosen(s.me, s.seen, s.players):
            body += _button("seek-now", "Start now: computers take the empty seats", primary=True)
        elif n and not lead:
            body += '<p class="muted">The first of you to have arrived deals: waiting for them…</p>'
    return "".join(('<section class="online seek" data-testid="seek" aria-labelledby="seek-title">'
                    '<h2 id="seek-title">Play someone now: ', game, "</h2>", size,
                    "<p>You play as <strong>", esc(isolated(s.name)), "</strong>.</p>", body,
                    '<p class="muted">', esc(RELAY_NOTE), "</p>", _button("seek-cancel", "Cancel"), "</section>"))


def table_strip(app: "App") -> str:
    """Above an online table: each person and how they are connected, their last quick message, and the
    quick messages to send."""
    host = app.host if app.online.role == "host" else None
    guest = app.guest if app.online.role == "guest" else None
    names = core.names(app)
    seats = core.online_seats(app)
    items = []
    for s, seat in enumerate(seats):
        if seat["kind"] == "computer" and s not in app.online.talk:
            continue
        state = ""
        if host is not None and s in host.links:
            state = STATE_WORDS.get(host.links[s]["state"], "")
        elif guest is not None and s == 0:
            state = "host" if guest.join["state"] != "lost" else "disconnected"
        said = app.online.talk.get(s)
        bubble = "".join(('<span class="bubble" data-testid="talk-', str(s), '">“', esc(QUICK[said]), "”</span>")) \
            if said is not None else ""
        items.append("".join(('<li data-testid="player-', str(s), '"><strong>', esc(isolated(names[s])), "</strong>",
                              ("".join((' <span class="muted" data-testid="player-state-', str(s), '">', esc(state), "</span>"))
                                 if state else ""), " ", bubble, "</li>")))
    quick = "".join("".join(('<button type="button" class="btn small" data-act="talk" data-say="', str(i), '" data-key="talk-',
                             str(i), '">', esc(q), "</button>")) for i, q in enumerate(QUICK))
    cards = ""
    if host is not None:
        down = relays_down(app)
        cards = "".join(seat_card(s, host.links[s], app.match.view is not None, down) for s in sorted(host.links)
                        if host.links[s]["state"] not in ("ready", "replaced"))
    check = ""
    if guest is not None and guest.deal_checks:
        last = guest.deal_checks[max(guest.deal_checks)]
        level = "ok" if last[0] else ("error" if last[0] is False else "muted")
        check = "".join(('<p class="deal-check ', level, '" data-testid="deal-check" role="status">', esc(last[1]),
                         "</p>"))
    return "".join(('<section class="online strip" data-testid="online-strip" aria-label="Players online">'
                    '<ul class="players">', "".join(items), "</ul>", cards, check,
                    '<div class="quick" role="toolbar" aria-label="Quick messages">', quick, "</div></section>"))
