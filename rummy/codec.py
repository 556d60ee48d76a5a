"""One JSON codec for the engine's typed values: views, events, results, actions, melds, rules.

``encode(Type, value)`` turns a value into JSON-ready data and ``decode(Type, data)`` turns such data back into
exactly the same value, led by the type hints of the frozen dataclasses in :mod:`rummy.model` and
:mod:`rummy.view`. Decoding is strict: a missing or extra field, a wrong type at any depth, an unknown enum
value or a card that is not in its canonical text raises :class:`~rummy.errors.CodecError` saying where.

The JSON shapes are plain: a dataclass is an object with every field; a tuple is a list; an enum is its value;
a card is its text (``"7H"``); an :class:`~rummy.actions.Action` is its rulebook text (``"layoff 6H 2"``); a
:class:`~rummy.melds.TableMeld` is its placed cards (``["5C", "5D", "JK=5H"]``); :class:`~rummy.rules.Rules` is
an object of option values.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar, cast

from .actions import Action
from .cards import JOKER, CardText, card_str, parse_card
from .errors import ActionError, CardError, CodecError
from .melds import TableMeld
from .rules import Rules

T = TypeVar("T")
_Encoder = Callable[[Any], Any]
_Decoder = Callable[[Any, str], Any]
_ENCODERS: dict[Any, _Encoder] = {}
_DECODERS: dict[Any, _Decoder] = {}


def encode(tp: Any, value: Any) -> Any:
    """``value`` (of type ``tp``) as JSON-ready data."""
    return _encoder(tp)(value)


def decode(tp: type[T] | Any, data: Any) -> T:
    """The value of type ``tp`` that ``data`` encodes; :class:`CodecError` when it is not exactly one."""
    value: T = cast(T, _decoder(tp)(data, ""))
    return value


def dumps(tp: Any, value: Any) -> str:
    """``value`` as compact JSON text."""
    return json.dumps(encode(tp, value), separators=(",", ":"), ensure_ascii=False)


def loads(tp: type[T] | Any, text: str | bytes) -> T:
    """Parse JSON text into a value of type ``tp``; :class:`CodecError` for bad JSON or a bad value."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as e:
        raise CodecError(f"not valid JSON ({e})") from None
    value: T = decode(tp, data)
    return value


# ----- building converters, once per type -----

def _fail(path: str, why: str) -> CodecError:
    return CodecError(f"{path or 'the value'}: {why}")


def _parts(tp: Any) -> tuple[Any, tuple[Any, ...]]:
    return typing.get_origin(tp), typing.get_args(tp)


def _is_card(tp: Any) -> bool:
    return typing.get_origin(tp) is typing.Annotated and CardText in typing.get_args(tp)[1:]


def _optional_of(tp: Any) -> Any | None:
    origin, args = _parts(tp)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return args[0] if args[1] is type(None) else args[1]
    return None


def _encoder(tp: Any) -> _Encoder:
    try:
        return _ENCODERS[tp]
    except KeyError:
        pass
    enc = _build_encoder(tp)
    _ENCODERS[tp] = enc
    return enc


def _build_encoder(tp: Any) -> _Encoder:
    if _is_card(tp):
        return card_str
    inner = _optional_of(tp)
    if inner is not None:
        e = _encoder(inner)
        return lambda v: None if v is None else e(v)
    origin, args = _parts(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _encoder(args[0])
            return lambda v: [item(x) for x in v]
        items = [_encoder(a) for a in args]
        return lambda v: [f(x) for f, x in zip(items, v)]
    if origin is typing.Annotated:
        return _encoder(args[0])
    if tp in (int, str, bool, type(None)):
        return lambda v: v
    if isinstance(tp, type) and issubclass(tp, Enum):
        return lambda v: v.value
    if tp is Action:
        return str
    if tp is TableMeld:
        return lambda m: m.to_text()
    if tp is Rules:
        return dict
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp, include_extras=True)
        fields = [(f.name, _encoder(hints[f.name])) for f in dataclasses.fields(tp)]
        return lambda v: {name: f(getattr(v, name)) for name, f in fields}
    raise TypeError(f"the codec has no rule for {tp!r}")


def _decoder(tp: Any) -> _Decoder:
    try:
        return _DECODERS[tp]
    except KeyError:
        pass
    dec = _build_decoder(tp)
    _DECODERS[tp] = dec
    return dec


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", str(tp))


def _build_decoder(tp: Any) -> _Decoder:
    if _is_card(tp):
        return _decode_card
    inner = _optional_of(tp)
    if inner is not None:
        d = _decoder(inner)
        return lambda v, p: None if v is None else d(v, p)
    origin, args = _parts(tp)
    if origin is tuple:
        return _tuple_decoder(args)
    if origin is typing.Annotated:
        return _decoder(args[0])
    if tp is bool:
        return _exact(bool, "true or false")
    if tp is int:
        return _decode_int
    if tp is str:
        return _exact(str, "a string")
    if isinstance(tp, type) and issubclass(tp, Enum):
        return _enum_decoder(tp)
    if tp is Action:
        return _decode_action
    if tp is TableMeld:
        return _decode_meld
    if tp is Rules:
        return _decode_rules
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    raise TypeError(f"the codec has no rule for {tp!r}")


def _exact(kind: type, words: str) -> _Decoder:
    def dec(v: Any, p: str) -> Any:
        if type(v) is not kind:
            raise _fail(p, f"expected {words}, not {_shown(v)}")
        return v
    return dec


def _decode_int(v: Any, p: str) -> int:
    if type(v) is not int:
        raise _fail(p, f"expected a whole number, not {_shown(v)}")
    return v


def _shown(v: Any) -> str:
    text = json.dumps(v)[:40] if isinstance(v, (int, float, str, bool, type(None), list, dict)) else repr(v)[:40]
    return text


def _decode_card(v: Any, p: str) -> int:
    if type(v) is not str:
        raise _fail(p, f"expected a card like \"7H\", not {_shown(v)}")
    try:
        c = parse_card(v)
    except CardError as e:
        raise _fail(p, str(e)) from None
    if card_str(c) != v:
        raise _fail(p, f"a card is written {card_str(c)!r}, not {v!r}")
    return c


def _tuple_decoder(args: tuple[Any, ...]) -> _Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])

        def many(v: Any, p: str) -> tuple[Any, ...]:
            if type(v) is not list:
                raise _fail(p, f"expected a list, not {_shown(v)}")
            return tuple([item(x, f"{p}[{i}]") for i, x in enumerate(v)])
        return many
    items = [_decoder(a) for a in args]

    def fixed(v: Any, p: str) -> tuple[Any, ...]:
        if type(v) is not list or len(v) != len(items):
            raise _fail(p, f"expected a list of {len(items)}, not {_shown(v)}")
        return tuple([f(x, f"{p}[{i}]") for i, (f, x) in enumerate(zip(items, v))])
    return fixed


def _enum_decoder(tp: type[Enum]) -> _Decoder:
    by_value = {m.value: m for m in tp}

    def dec(v: Any, p: str) -> Any:
        if type(v) is not str or v not in by_value:
            raise _fail(p, f"expected one of {', '.join(sorted(by_value))}, not {_shown(v)}")
        return by_value[v]
    return dec


def _decode_action(v: Any, p: str) -> Action:
    if type(v) is not str:
        raise _fail(p, f"expected an action like \"discard 7H\", not {_shown(v)}")
    try:
        a = Action.parse(v)
    except ActionError as e:
        raise _fail(p, str(e)) from None
    if str(a) != v:
        raise _fail(p, f"an action is written {str(a)!r}, not {v!r}")
    return a


def _decode_meld(v: Any, p: str) -> TableMeld:
    if type(v) is not list or not v or not all(type(t) is str for t in v):
        raise _fail(p, f"expected a meld like [\"5C\", \"5D\", \"JK=5H\"], not {_shown(v)}")
    cards: list[int] = []
    wild: list[int] = []
    for i, t in enumerate(v):
        joker = t.startswith("JK=")
        c = _decode_card(t[3:] if joker else t, f"{p}[{i}]")
        if c == JOKER:
            raise _fail(f"{p}[{i}]", "a joker on the table names the card it plays, like JK=5H")
        if joker:
            wild.append(c)
        cards.append(c)
    meld = TableMeld(tuple(cards), tuple(sorted(wild)))
    if meld.to_text() != v:
        raise _fail(p, "the meld's cards are not in meld order")
    return meld


def _decode_rules(v: Any, p: str) -> Rules:
    if type(v) is not dict:
        raise _fail(p, f"expected an object of rule options, not {_shown(v)}")
    for k, x in v.items():
        if type(x) not in (bool, int, str, type(None)):
            raise _fail(f"{p}.{k}", f"expected an option value, not {_shown(x)}")
    return Rules(v)


def _dataclass_decoder(tp: type) -> _Decoder:
    hints = typing.get_type_hints(tp, include_extras=True)
    fields = [(f.name, _decoder(hints[f.name])) for f in dataclasses.fields(tp)]
    names = {n for n, _ in fields}
    title = _name(tp)

    def dec(v: Any, p: str) -> Any:
        if type(v) is not dict:
            raise _fail(p, f"expected {title} (an object), not {_shown(v)}")
        if len(v) != len(fields) or not names.issuperset(v):
            extra = sorted(set(v) - names)
            missing = sorted(names - set(v))
            why = f"unknown field {extra[0]!r}" if extra else f"missing field {missing[0]!r}"
            raise _fail(p, f"{title}: {why}")
        kwargs = {n: f(v[n], f"{p}.{n}" if p else n) for n, f in fields}
        try:
            return tp(**kwargs)
        except (ValueError, TypeError) as e:
            raise _fail(p, f"{title}: {e}") from None
    return dec
