"""The new-game screen: game, opponents (name, style, strength), rule preset, every option, target score.

The form's state is a plain dict kept in Python (``SetupState``); the HTML is drawn from it and each
change event updates it. The options, their labels and their ranges come from the rules schema
(:data:`rummy.rules.OPTIONS`); legality is checked by :func:`rummy.rules.resolve_rules`.
"""

from __future__ import annotations

from typing import Any

from rummy.errors import RulesError
from rummy.rules import PRESET_DESCRIPTIONS, PRESETS, Option, OptionKind, options, resolve_rules

from .opponents import roster, tier_word
from .text import esc

# The form shows the options of the rules schema (rummy.rules.OPTIONS), these first.
FIRST = ("target", "rounds", "scoring")


def form_options(game: str) -> list[Option]:
    """The options the form shows for ``game``: every option of the schema, the match length first."""
    opts = list(options(game))
    return sorted(opts, key=lambda o: FIRST.index(o.name) if o.name in FIRST else len(FIRST))


class SetupState:
    """What the new-game form shows."""

    def __init__(self, last: dict[str, Any] | None = None) -> None:
        self.game = "gin"
        self.players = 2
        self.opponents: dict[str, list[str]] = {}
        self.preset: dict[str, str] = {"gin": "cardgames", "rummy": "cardgames"}
        self.overrides: dict[str, dict[str, Any]] = {"gin": {}, "rummy": {}}
        self.error = ""
        if isinstance(last, dict):
            self.load(last)

    def load(self, cfg: dict[str, Any]) -> None:
        game = cfg.get("game")
        if game not in ("gin", "rummy"):
            return
        ids = [p.id for p in roster(game)]
        opps = [o for o in cfg.get("opponents", []) if o in ids]
        if not opps or (game == "gin" and len(opps) != 1) or len(opps) > 5:
            return
        rules = dict(cfg.get("rules") or {})
        preset = rules.pop("preset", "cardgames")
        try:
            resolve_rules(game, len(opps) + 1, {"preset": preset, **rules})
        except RulesError:
            return
        self.game = game
        self.players = len(opps) + 1
        self.opponents[game] = opps
        self.preset[game] = preset
        self.overrides[game] = rules

    def opps(self) -> list[str]:
        ids = [p.id for p in roster(self.game)]
        n = 1 if self.game == "gin" else self.players - 1
        cur = [o for o in self.opponents.get(self.game, []) if o in ids]
        default = ids[len(ids) // 2:] + ids[: len(ids) // 2] if ids else []
        while len(cur) < n and default:
            cur.append(default[len(cur) % len(default)])
        return cur[:n]

    def rules(self) -> dict[str, Any]:
        return {"preset": self.preset[self.game], **self.overrides[self.game]}

    def resolved(self) -> dict[str, Any]:
        try:
            return resolve_rules(self.game, self.players, self.rules())
        except RulesError:
            return resolve_rules(self.game, self.players, {"preset": self.preset[self.game]})

    def config(self) -> dict[str, Any]:
        """The game to start; raises RulesError when the options do not go together."""
        rules = self.rules()
        resolve_rules(self.game, self.players, rules)
        return {"game": self.game, "opponents": self.opps(), "rules": rules, "seed": None}

    def change(self, name: str, value: str, checked: bool) -> None:
        """Apply one form change (``name`` is the input's name)."""
        self.error = ""
        if name == "game" and value in ("gin", "rummy"):
            self.game = value
            self.players = 2 if value == "gin" else max(2, self.players)
        elif name == "players" and value.isdigit():
            self.players = max(2, min(6, int(value))) if self.game == "rummy" else 2
        elif name.startswith("opp"):
            i = int(name[3:]) if name[3:].isdigit() else 0
            cur = self.opps()
            if 0 <= i < len(cur):
                cur[i] = value
                self.opponents[self.game] = cur
        elif name == "preset" and value in PRESETS[self.game]:
            self.preset[self.game] = value
            self.overrides[self.game] = {}
        elif name.startswith("opt:"):
            opt = name[4:]
            spec = next((o for o in options(self.game) if o.name == opt), None)
            if spec is None:
                return
            v: Any
            if spec.kind == OptionKind.BOOL:
                v = checked
            elif spec.kind == OptionKind.CHOICE:
                v = next((c for c in spec.choices if str(c) == value), value)
            else:
                v = None if (spec.nullable and value.strip() == "") else _int(value)
                if v is None and not spec.nullable:
                    self.error = f"{spec.label} must be a whole number."
                    return
            self.overrides[self.game][opt] = v
            if opt == "oklahoma" and not v:
                self.overrides[self.game]["oklahoma_double_spades"] = False


def _int(text: str) -> int | None:
    try:
        return int(text.strip())
    except ValueError:
        return None


def setup_html(st: SetupState, can_resume: bool) -> str:
    g = st.game
    games = "".join(
        f'<label class="choice"><input type="radio" name="game" value="{k}"{" checked" if g == k else ""}> {lbl}</label>'
        for k, lbl in (("gin", "Gin Rummy (2 players)"), ("rummy", "Basic Rummy (2–6 players)")))
    players = ""
    if g == "rummy":
        opts = "".join(f'<option value="{n}"{" selected" if st.players == n else ""}>{n}</option>' for n in range(2, 7))
        players = f'<label class="field">Players <select name="players" aria-label="Players" data-key="f-players">{opts}</select></label>'
    ros = roster(g)
    opp_fields = []
    for i, pid in enumerate(st.opps()):
        options = "".join(
            f'<option value="{esc(p.id)}"{" selected" if p.id == pid else ""}>{esc(p.name)} — {esc(tier_word(p.tier))}, {esc(p.style)}</option>'
            for p in ros)
        label = "Opponent" if g == "gin" else f"Opponent {i + 1}"
        opp_fields.append(f'<label class="field">{label} <select name="opp{i}" aria-label="{label}" data-key="f-opp{i}">{options}</select></label>')
    cards = "".join(
        f'<li><strong>{esc(p.name)}</strong> <span class="tier tier-{esc(p.tier)}">{esc(tier_word(p.tier))}</span> '
        f'<span class="muted">{esc(p.style)}</span><br><span class="desc">{esc(p.description)}</span></li>' for p in ros)
    presets = "".join(
        f'<option value="{k}"{" selected" if st.preset[g] == k else ""}>{esc(k)}</option>' for k in PRESETS[g])
    pdesc = PRESET_DESCRIPTIONS.get(g, {}).get(st.preset[g], "")
    rules = st.resolved()
    fields = []
    for o in form_options(g):
        name, v = o.name, rules.get(o.name)
        key = f'data-key="f-{name}" title="{esc(o.help)}"'
        label = o.label + (f" (blank: {o.none_label})" if o.nullable and o.none_label and name != "target" else "")
        if o.kind == OptionKind.BOOL:
            fields.append(f'<label class="field check"><input type="checkbox" name="opt:{name}" {key}'
                          f'{" checked" if v else ""}> {esc(label)}</label>')
        elif o.kind == OptionKind.CHOICE:
            opts = "".join(f'<option value="{esc(c)}"{" selected" if c == v else ""}>{esc(o.words(c))}</option>'
                           for c in o.choices)
            fields.append(f'<label class="field">{esc(label)} <select name="opt:{name}" aria-label="{esc(label)}" {key}>{opts}</select></label>')
        elif o.suggested:
            opts = "".join(f'<option value="{c}"{" selected" if c == v else ""}>{c}</option>' for c in o.suggested)
            fields.append(f'<label class="field">{esc(label)} <select name="opt:{name}" aria-label="{esc(label)}" {key}>{opts}</select></label>')
        else:
            lo = "" if o.low is None else o.low
            hi = 9999 if o.high is None else o.high
            fields.append(f'<label class="field">{esc(label)} <input type="number" inputmode="numeric" name="opt:{name}" aria-label="{esc(label)}" {key} '
                          f'min="{lo}" max="{hi}" value="{"" if v is None else v}"></label>')
    err = f'<p class="message error" role="alert">{esc(st.error)}</p>' if st.error else ""
    resume = ('<button type="button" class="btn" data-act="back-to-game" data-key="setup-back">Back to the game</button>'
              if can_resume else "")
    return (
        f'<section class="setup" data-testid="setup" aria-labelledby="setup-title">'
        f'<h2 id="setup-title">New game</h2><div class="setup-form">'
        f'<fieldset><legend>Game</legend>{games}{players}</fieldset>'
        f'<fieldset><legend>Opponents</legend>{"".join(opp_fields)}<ul class="roster">{cards}</ul></fieldset>'
        f'<fieldset><legend>Rules</legend><label class="field">Preset <select name="preset" aria-label="Preset" data-key="f-preset">{presets}</select></label>'
        f'<p class="muted">{esc(pdesc)}</p><div class="options">{"".join(fields)}</div></fieldset>'
        f'{err}<div class="setup-go"><button type="button" class="btn primary" data-act="start" data-key="setup-start">Start game</button>'
        f'{resume}</div></div></section>')
