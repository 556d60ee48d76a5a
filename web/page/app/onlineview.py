"""Drawing online play: the host's lobby and seat cards, the guest's join screen, the strip of players and quick
messages above an online table. Pure functions of the app's state, returning HTML. Written in the Python both
MicroPython and CPython run.
"""

from web.page.app import core
from web.page.app.online import option_words, relays_down
from web.page.app.text import esc, isolated
from web.page.i18n import N_, _, ngettext, pgettext
from web.page.shared.online import QUICK

TYPE_CHECKING = False  # mypy takes it as true: what it guards is for the annotations only (no import at run time)
if TYPE_CHECKING:
    from typing import Any

    from web.page.app.model import App

# in English: translated where shown
STUN_NOTE = N_("A STUN server tells each browser its public address so that the two can find each other across "
               "the internet; it learns your IP address and nothing of the game.")


def _button(act: str, words: str, seat: int | None = None, primary: bool = False, key: str | None = None) -> str:
    return "".join(('<button type="button" class="btn', (" primary" if primary else ""), '" data-act="', act, '"',
                    ("" if seat is None else ' data-seat="' + str(seat) + '"'),
                    ' data-key="', esc(key or (act + ("" if seat is None else "-" + str(seat)))), '">', esc(words),
                    "</button>"))


# in English: translated where shown
RELAY_NOTE = N_("Invites connect through public relays (listed in Settings): a relay learns that two pages met, "
                "when, and their network addresses, and nothing of the game.")


def seat_card(seat: int, link: "dict[str, Any]", started: bool, down: bool = False, sealed: bool = False) -> str:
    """One friend's seat on the host's page: the invite, the reply code field (folded when the friend's page
    connects by itself through the relays: ``down`` when they cannot be reached), or how the link stands. At a
    table with no dealer (``sealed``) no computer can take a friend's seat: this page never had their cards."""
    who = isolated(link["name"])
    name = esc(who)
    state = link["state"]
    head = "".join(('<h3>', name, ' <span class="link-state state-', state, '" data-testid="link-state-', str(seat), \
        '">', esc(_(STATE_WORDS[state]) if state in STATE_WORDS else state), "</span></h3>"))
    body = ""
    if state in ("inviting", "connecting"):
        # i18n: the name of the picture of a QR code, for screen readers
        qr = ("".join(('<div class="qr" aria-label="', esc(_("QR code of the invite link")), '" role="img">', link["qr"],
                       "</div>"))
              if link.get("qr") else "")
        field = "".join(('<div class="invite"><input type="text" class="code" name="reply', str(seat),
                         '" data-testid="reply-', str(seat), '" aria-label="',
                         # i18n: the name of the field where the host pastes the code a friend's page shows
                         esc(_("Reply code from {name}").format(name=who)),
                         '" autocomplete="off" value="', esc(link.get("reply", "")), '">',
                         # i18n: a button: connect to a friend's page with the reply code pasted beside it
                         _button("reply", _("Connect"), seat, True), "</div>"))
        invite = "".join(('<div class="invite"><input type="text" readonly class="code" data-testid="invite-', str(seat),
                          '" aria-label="', esc(_("Invite link for {name}").format(name=who)), '" value="',
                          esc(link["link"]), '">', _button("copy-invite", _("Copy link"), seat), "</div>", qr))
        if link.get("room"):
            body = "".join(("<p>", esc(_("Send {name} this invite link (any chat or email). {name}’s page connects by "
                                         "itself when it is opened.").format(name=who)), "</p>", invite,
                            ('<p class="message error" data-testid="relays-down-' + str(seat) + '">'
                             + esc(_("The relays cannot be reached from here: ask {name} for the reply code their page "
                                     "shows.").format(name=who)) + "</p>"
                             if down else ""),
                            '<details class="fallback"', (" open" if down else ""), "><summary>",
                            # i18n: a part that unfolds, for when the friend's page does not connect by itself
                            esc(_("No connection? Use a reply code")), "</summary><p>",
                            esc(_("Paste the reply code {name}’s page shows:").format(name=who)), "</p>", field,
                            "</details>"))
        else:
            body = "".join(("<p>", esc(_("1. Send {name} this invite link (any chat or email):").format(name=who)),
                            "</p>", invite,
                            "<p>", esc(_("2. Paste the reply code {name}’s page shows:").format(name=who)), "</p>",
                            field))
    elif state == "dropped":
        body = "".join(("<p>", esc(_("{name} is not connected.").format(name=who)), "</p>",
                        _button("invite", _("Invite {name} again").format(name=who), seat, True)))
    if started and link.get("room") and state in ("making", "inviting", "connecting"):
        body = "".join(('<p data-testid="rejoin-', str(seat), '">',
                        esc(_("{name} is not connected: their page comes back by itself through the relays (or send "
                              "them the link again).").format(name=who)), "</p>", body))
    if started and state in ("dropped", "making", "inviting", "connecting") and not sealed:
        # i18n: a button: a computer opponent takes the seat of a friend who left, for the rest of the match
        body += _button("replace", _("Let a computer play for {name}").format(name=who), seat)
    elif state == "error":
        body = _button("invite", _("Try again"), seat, True)
    err = "".join(('<p class="message error" role="alert" data-testid="link-error-', str(seat), '">', esc(link["error"]),
                   "</p>")) if link.get("error") else ""
    return "".join(('<div class="seat-card" data-testid="seat-card-', str(seat), '">', head, body, err, "</div>"))


# how a friend's link stands, beside their name (in English: translated where shown)
STATE_WORDS = {
    # i18n: how a friend's link stands, beside their name on the host's page (lower case)
    "making": N_("making the invite…"),
    # i18n: how a friend's link stands, beside their name: the invite is made, the friend has not answered yet
    "inviting": N_("invited"),
    # i18n: how a friend's link stands, beside their name (lower case)
    "connecting": N_("connecting…"),
    # i18n: how a friend's link stands, beside their name: their page is connected to this one
    "open": N_("connected"),
    # i18n: how a friend's link stands, beside their name: they have joined the table
    "ready": N_("at the table"),
    # i18n: how a player's link stands, beside their name: their page is no longer connected
    "dropped": N_("disconnected"),
    # i18n: how a friend's seat stands, beside their name: a computer opponent took their seat
    "replaced": N_("a computer plays"),
    # i18n: how a friend's link stands, beside their name (lower case)
    "error": N_("the invite failed"),
}


def lobby_html(app: "App") -> str:
    """The host's page before the first deal: invite each friend."""
    host = app.host
    assert host is not None  # the lobby is the host's
    down = relays_down(app)
    cards = "".join(seat_card(s, host.links[s], False, down) for s in sorted(host.links))
    same = app.online.same_network
    # i18n: no server listed (after "STUN servers:" or "Relays:", in the lobby's Connection part)
    none = pgettext("no server listed", "none")
    servers = ", ".join(core.stun_servers(app)) or none
    waiting = ""
    if host.deal_wait is not None or app.match.waiting == "prepare":
        waiting = "".join(('<p class="prompt" data-testid="lobby-dealing">', esc(_("Everyone is here: shuffling…")),
                           "</p>"))
    if core.relays(app):
        how = _("Each friend opens their link, and their page joins yours by itself. Once everyone is at the table, "
                "the cards are dealt. Your page runs the game: keep it open.")
    else:
        how = _("Each friend opens their link and sends you back the short reply code their page shows. Once everyone "
                "is at the table, the cards are dealt. Your page runs the game: keep it open.")
    return "".join(('<section class="online lobby" data-testid="lobby" aria-labelledby="lobby-title">'
                    '<h2 id="lobby-title">', esc(_("Invite your friends")), "</h2>"
                    "<p>", esc(how), "</p>",
                    cards, waiting,
                    # i18n: a part that unfolds: how the pages connect (STUN servers, relays)
                    '<details class="connection"><summary>', esc(_("Connection")), "</summary>"
                    '<label class="field check"><input type="checkbox" name="same-network" data-key="f-same-network"',
                    (" checked" if same else ""), "> ", esc(_("Same network only (no STUN server)")), "</label>"
                    '<p class="muted">', esc(_("STUN servers: {servers}.").format(servers=servers)), " ",
                    esc(_(STUN_NOTE)), " ",
                    esc(_("Relays: {relays}.").format(relays=", ".join(core.relays(app)) or none)), " ",
                    esc(_(RELAY_NOTE)), " ", esc(_("Change the lists in Settings.")), "</p></details>",
                    _button("new", _("Back to the new-game screen")), "</section>"))


def game_name(game: str) -> str:
    """The name of a game, in the page's language."""
    return _("Gin Rummy") if game == "gin" else _("Basic Rummy")


def join_html(app: "App") -> str:
    """The guest's page before the table: the invite, and the reply code to send back."""
    guest = app.guest
    assert guest is not None  # the join screen is a guest's
    inv = guest.invite
    j = guest.join
    if inv is None:
        return "".join(('<section class="online join" data-testid="join"><h2>', esc(_("Join a game")), "</h2>"
                        '<p class="message error" role="alert">', esc(j.get("error", "")), "</p></section>"))
    host = isolated(inv["players"][0][0])
    me = isolated(inv["players"][inv["seat"]][0])
    game = game_name(inv["game"])
    who = []
    for i, (name, kind) in enumerate(inv["players"]):
        if i == 0:
            # i18n: a player of the table a friend invites you to, in the list of its players
            role = _("{name} (host)")
        elif i == inv["seat"]:
            # i18n: you, in the list of the players of the table a friend invites you to
            role = _("{name} (you)")
        elif kind == "computer":
            # i18n: a computer opponent, in the list of the players of the table a friend invites you to
            role = _("{name} (computer)")
        else:
            # i18n: another friend invited, in the list of the players of the table a friend invites you to
            role = _("{name} (invited)")
        who.append("".join(("<li>", esc(role.format(name=isolated(name))), "</li>")))
    rules = [esc(app.catalog.preset_label(inv["game"], inv["preset"]))]  # the preset's name in words, not its id
    for name, value in inv["changes"]:
        rules.append("…" if name == "~" else esc(option_words(app, inv["game"], name, value)))
    state = j["state"]
    if state == "making":
        body = "".join(('<p class="prompt">', esc(_("Making your reply code…")), "</p>"))
    elif state == "replying":
        qr = "".join(('<div class="qr" role="img" aria-label="', esc(_("QR code of your reply code")), '">', j["qr"],
                      "</div>")) if j["qr"] else ""
        code = "".join(('<div class="invite"><input type="text" readonly class="code" data-testid="reply-code" '
                        'aria-label="', esc(_("Your reply code")), '" value="', esc(j["code"]), '">',
                        _button("copy-reply", _("Copy code")), "</div>", qr))
        send = esc(_("Send this reply code to {host} (any chat), then wait here:").format(host=host))
        if inv.get("room"):
            down = relays_down(app)
            body = "".join(('<p class="prompt" data-testid="join-status">',
                            esc(_("Connecting to {host}…").format(host=host)), "</p>",
                            ('<p class="message error" data-testid="relays-down">'
                             + esc(_("The relays cannot be reached from here: send this reply code to {host} "
                                     "instead.").format(host=host)) + "</p>" if down else ""),
                            '<details class="fallback"', (" open" if down else ""), "><summary>",
                            # i18n: a part that unfolds, for when this page does not connect to the host's by itself
                            esc(_("Nothing happens? Send a reply code")), "</summary><p>", send, "</p>", code,
                            "</details>"))
        else:
            body = "".join(("<p>", send, "</p>", code))
    elif state in ("connected", "seated"):
        body = "".join(('<p class="prompt" data-testid="join-status">',
                        esc(_("Connected. Waiting for {host} to deal…").format(host=host)), "</p>"))
    elif state == "reload":
        body = _button("reload", _("Reload this page"), primary=True)
    else:
        body = ""
    err = "".join(('<p class="message error" role="alert">', esc(j["error"] or app.page.message), "</p>")) \
        if (j.get("error") or (app.page.level == "error" and app.page.message)) else ""
    return "".join(('<section class="online join" data-testid="join" aria-labelledby="join-title">'
                    '<h2 id="join-title">', esc(_("{host} invites you to {game}").format(host=host, game=game)), "</h2>"
                    "<p>", playing_as(me), '</p><ul class="players">', "".join(who), "</ul>"
                    '<p class="muted" data-testid="join-rules">', "; ".join(rules), ".</p>", body, err, "</section>"))


def playing_as(name: str) -> str:
    """"You play as <strong>Ann</strong>." (HTML; ``name`` isolated, not escaped)."""
    # i18n: on the screens of online play: the name this page plays under; keep <strong> and </strong> around it
    return _("You play as <strong>{name}</strong>.").format(name=esc(name))


def seek_html(app: "App") -> str:
    """"Play someone now": the game looked for, who else is looking, and what happens next."""
    from web.page.app.seek import chosen, leader

    s = app.seeker
    assert s is not None  # the seek screen is a seeker's
    game = game_name(s.game)
    size = ""
    if s.game == "rummy":
        # i18n: the field that chooses how many players sit at the table looked for
        size = "".join(('<label class="field">', esc(_("Players")), ' <select name="seek-players" data-key="seek-players">',
                        "".join("".join(('<option value="', str(n), '"', (" selected" if n == s.players else ""), ">",
                                         str(n), "</option>")) for n in range(2, 7)),
                        "</select></label>"))
    if not core.relays(app):
        body = "".join(('<p class="message error" data-testid="seek-status">',
                        esc(_("Playing someone needs a relay, and Settings list none (Settings, Advanced). You can "
                              "still invite a friend with a reply code.")), "</p>"))
    elif s.state == "joining":
        body = "".join(('<p class="prompt" data-testid="seek-status">', esc(_("Found a table: joining…")), "</p>"))
    elif s.state == "hosting":
        body = "".join(('<p class="prompt" data-testid="seek-status">',
                        esc(_("Found players: setting up your table…")), "</p>"))
    else:
        n = len(s.seen)
        names = "".join("".join(("<li>", esc(isolated(s.seen[k]["name"])), "</li>")) for k in sorted(s.seen))
        lead = bool(s.me) and leader(s.me, s.seen) == s.me
        wanted = s.players - 1
        # i18n: the players this page still looks for, besides itself: one ("a player") or {n} of them
        looking = ngettext("Looking for a player…", "Looking for {n} players…", wanted).format(n=wanted)
        # i18n: how many other pages look for the same game now
        count = ngettext("{n} player looking", "{n} players looking", n).format(n=n) if n else \
            _("Nobody else is looking yet")
        body = "".join(('<p class="prompt" data-testid="seek-status">', esc(looking), "</p>"
                        '<p data-testid="seek-count">', esc(count), "</p>",
                        ('<ul class="players" aria-label="' + esc(_("Looking too")) + '">' + names + "</ul>"
                         if names else "")))
        if s.game == "rummy" and s.players > 2 and lead and chosen(s.me, s.seen, s.players):
            body += _button("seek-now", _("Start now: computers take the empty seats"), primary=True)
        elif n and not lead:
            body += "".join(('<p class="muted">', esc(_("The first of you to have arrived deals: waiting for them…")),
                             "</p>"))
    if s.players == 2:
        # i18n: "Play someone now", a table of two: how the cards are dealt (a table with no dealer)
        deal = _("No dealer: both pages shuffle and lock the deck with their own keys, so that neither can see the "
                 "other's cards.")
        if s.game == "rummy":
            # i18n: "Play someone now", Basic Rummy for two: such a table plays without jokers
            deal += " " + _("(A table with no dealer plays without jokers.)")
    else:
        # i18n: "Play someone now", a table of more than two: how the cards are dealt
        deal = _("The page of the first of you to arrive deals: it holds the deck and sends each page only its own "
                 "cards.")
    return "".join(('<section class="online seek" data-testid="seek" aria-labelledby="seek-title">'
                    '<h2 id="seek-title">', esc(_("Play someone now: {game}").format(game=game)), "</h2>", size,
                    "<p>", playing_as(isolated(s.name)), "</p>", body,
                    '<p class="muted" data-testid="seek-deal">', esc(deal), "</p>",
                    '<p class="muted">', esc(_(RELAY_NOTE)), "</p>", _button("seek-cancel", _("Cancel")), "</section>"))


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
            words = STATE_WORDS.get(host.links[s]["state"])
            state = _(words) if words else ""
        elif guest is not None and s == 0:
            # i18n: beside the host's name above an online table, on a friend's page (lower case)
            lost = STATE_WORDS["dropped"]
            state = _("host") if guest.join["state"] != "lost" else _(lost)
        said = app.online.talk.get(s)
        bubble = "".join(('<span class="bubble" data-testid="talk-', str(s), '">',
                          # i18n: a quick message a player sent ("Good luck!"), in quotation marks, in a speech
                          # bubble beside their name
                          esc(_("“{message}”").format(message=_(QUICK[said]))), "</span>")) \
            if said is not None else ""
        items.append("".join(('<li data-testid="player-', str(s), '"><strong>', esc(isolated(names[s])), "</strong>",
                              ("".join((' <span class="muted" data-testid="player-state-', str(s), '">', esc(state), "</span>"))
                                 if state else ""), " ", bubble, "</li>")))
    # the quick messages go by their index; each is shown in the page's language (web.page.shared.online.QUICK)
    quick = "".join("".join(('<button type="button" class="btn small" data-act="talk" data-say="', str(i), '" data-key="talk-',
                             str(i), '">', esc(_(q)), "</button>")) for i, q in enumerate(QUICK))
    cards = ""
    if host is not None:
        down = relays_down(app)
        cards = "".join(seat_card(s, host.links[s], app.match.view is not None, down, app.online.sealed is not None)
                        for s in sorted(host.links)
                        if host.links[s]["state"] not in ("ready", "replaced"))
    check = ""
    if guest is not None and guest.deal_checks:
        last = guest.deal_checks[max(guest.deal_checks)]
        level = "ok" if last[0] else ("error" if last[0] is False else "muted")
        check = "".join(('<p class="deal-check ', level, '" data-testid="deal-check" role="status">', esc(last[1]),
                         "</p>"))
    sealed = app.online.sealed
    if sealed is not None and sealed.evidence is not None:
        # i18n: a button of a stopped table with no dealer: download, as a file, the messages that show the other
        # page broke the rules
        check += _button("sealed-evidence", _("Save the evidence"))
    return "".join(('<section class="online strip" data-testid="online-strip" aria-label="', esc(_("Players online")),
                    '"><ul class="players">', "".join(items), "</ul>", cards, check,
                    # i18n: the name of the row of buttons of the quick messages (Good luck!, Nice gin!...)
                    '<div class="quick" role="toolbar" aria-label="', esc(_("Quick messages")), '">', quick,
                    "</div></section>"))
