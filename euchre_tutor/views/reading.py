"""A seat view read back from JSON: the table service sends views as plain JSON; a student's
kernel turns them back into the game's own seat view, the object the advisor reads.

:func:`read_view` follows the view class's field types: cards, seats, suits and actions from their
text (``"JH"``, ``"N"``, ``"H"``, ``"play JH"``), phases from their value, tricks field by field, the
rules given apart (the table's summary carries them). It is the inverse of the service's
``to_wire`` for every seat view: ``read_view(type(v), to_wire(v), rules=v.rules) == v``.
A value of the wrong shape is a :class:`~euchre_tutor.errors.JsonInputError` naming its field.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from euchre_tutor.cards import Card
from euchre_tutor.errors import JsonInputError
from euchre_tutor.tricks.seating import Seat, Seating

__all__ = ["read_view"]

ViewT = TypeVar("ViewT")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def read_view(cls: type[ViewT], data: object, *, rules: Any, seating: Seating) -> ViewT:
    """The ``cls`` (a frozen seat-view dataclass) that ``data`` writes; its ``rules`` field is ``rules``."""
    if not isinstance(data, Mapping):
        raise JsonInputError(f"a seat view is a JSON object, not {type(data).__name__}")
    return typing.cast(ViewT, _dataclass(cls, data, rules, seating, "view"))


def _dataclass(cls: type, data: Mapping[str, Any], rules: Any, seating: Seating, where: str) -> Any:
    values: dict[str, Any] = {}
    hints = _hints(cls)
    for f in dataclasses.fields(cls):
        if f.name == "rules":
            values["rules"] = rules
            continue
        if f.name not in data:
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                continue
            raise JsonInputError(f"{where}: the field {f.name!r} is missing")
        values[f.name] = _read(hints[f.name], data[f.name], rules, seating, f"{where}.{f.name}")
    return cls(**values)


def _read(tp: Any, value: Any, rules: Any, seating: Seating, where: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    try:
        if origin in (typing.Union, types.UnionType):
            if value is None and type(None) in args:
                return None
            (inner,) = [a for a in args if a is not type(None)]
            return _read(inner, value, rules, seating, where)
        if origin is tuple:
            if not isinstance(value, list):
                raise JsonInputError(f"{where}: a list is expected, not {value!r:.40}")
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(_read(args[0], v, rules, seating, f"{where}[{i}]") for i, v in enumerate(value))
            if len(args) != len(value):
                raise JsonInputError(f"{where}: {len(args)} values are expected, not {len(value)}")
            return tuple(
                _read(a, v, rules, seating, f"{where}[{i}]")
                for i, (a, v) in enumerate(zip(args, value, strict=True))
            )
        if origin is frozenset:
            if not isinstance(value, list):
                raise JsonInputError(f"{where}: a list is expected, not {value!r:.40}")
            return frozenset(_read(args[0], v, rules, seating, where) for v in value)
        if tp is Seat:
            return seating.parse(value)
        if tp is Card:
            return Card.parse(value)
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return tp(value) if value in {m.value for m in tp} else tp[value]
        if tp in (bool, int, str, float):
            if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
                raise JsonInputError(f"{where}: {tp.__name__} expected, not {value!r:.40}")
            return value
        if isinstance(tp, type) and hasattr(tp, "parse"):  # an action, as the command line writes it
            return tp.parse(value)
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            if not isinstance(value, Mapping):
                raise JsonInputError(f"{where}: an object is expected, not {value!r:.40}")
            return _dataclass(tp, value, rules, seating, where)
    except JsonInputError:
        raise
    except (ValueError, KeyError, TypeError) as exc:
        raise JsonInputError(f"{where}: {value!r:.40} cannot be read: {exc}") from None
    raise JsonInputError(f"{where}: no reader for the type {tp!r}")
