"""The table protocol's values as JSON: seat views and watchers' views (the limits and chat text
are the schema's, :mod:`euchre_tutor.protocol.schema`, named here too).

A seat view (any game's, a frozen dataclass of the views layer) becomes plain JSON by one rule
(:func:`to_wire`): cards, seats, suits and actions (a value whose class can ``parse`` its text) as the deck and the command line write them
(``"JH"``, ``"N"``, ``"H"``, ``"play JH"``), phases as their value, rules as their save form.
An action a receiver may not know in full loses its card words (:func:`without_cards`).
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Callable, Mapping
from typing import Any, Final, cast

from euchre_tutor.cards import Card
from euchre_tutor.protocol.schema import CHAT_LIMIT, MESSAGE_LIMIT, PRESET_PHRASES, chat_text
from euchre_tutor.tricks.seating import Seat, Team

__all__ = [
    "CHAT_LIMIT",
    "MESSAGE_LIMIT",
    "PRESET_PHRASES",
    "card_words_in",
    "chat_text",
    "dumps",
    "to_wire",
    "without_cards",
]


def to_wire(value: Any) -> Any:
    """``value`` (a view, or anything inside one) as JSON values; a set becomes a sorted list.

    The rule for a value depends only on its class, so it is chosen once per class
    (:func:`_encoder_for`) and kept: the service writes four views or more per action."""
    encode = _ENCODERS.get(type(value))
    if encode is None:
        encode = _ENCODERS.setdefault(type(value), _encoder_for(type(value)))
    return encode(value)


_ENCODERS: Final[dict[type, Callable[[Any], Any]]] = {}


def _same(value: Any) -> Any:
    return value


def _encoder_for(cls: type) -> Callable[[Any], Any]:
    """How :func:`to_wire` writes a value of class ``cls``, the first matching rule of:
    JSON scalars as they are; seats and teams by name; cards as the deck writes them; enums by their
    text value (else name); mappings, sets (sorted) and sequences item by item; a value with
    ``to_json`` that is no dataclass by it; a dataclass action (its class can ``parse``) as the
    command line writes it, a rules dataclass by ``to_json``, any other dataclass field by field;
    anything else as its text."""
    if cls is type(None) or (issubclass(cls, bool | int | float | str) and not issubclass(cls, Seat)):
        return _same
    if issubclass(cls, Seat | Team):
        return lambda value: value.name
    if issubclass(cls, Card):
        return str
    if issubclass(cls, enum.Enum):
        return lambda value: value.value if isinstance(value.value, str) else value.name
    if issubclass(cls, Mapping):
        return lambda value: {str(to_wire(k)): to_wire(v) for k, v in value.items()}
    if issubclass(cls, frozenset | set):
        return lambda value: sorted((to_wire(v) for v in value), key=str)
    if issubclass(cls, tuple | list):
        return lambda value: [to_wire(v) for v in value]
    is_dataclass = dataclasses.is_dataclass(cls)
    if hasattr(cls, "to_json") and not is_dataclass:
        return lambda value: value.to_json()
    if is_dataclass:
        if hasattr(cls, "parse"):  # an action: as the command line writes it
            return str
        if hasattr(cls, "to_json") and cls.__name__.endswith("Rules"):
            return lambda value: value.to_json()
        names = tuple(f.name for f in dataclasses.fields(cast(Any, cls)))
        return lambda value: {name: to_wire(getattr(value, name)) for name in names}
    return str


def card_words_in(value: Any) -> set[str]:
    """Every card a JSON value names: the words of its strings that are cards (``"play JH"``: JH)."""
    found: set[str] = set()
    if isinstance(value, str):
        for word in value.split():
            if _is_card(word):
                found.add(word)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            found |= card_words_in(k) | card_words_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= card_words_in(v)
    return found


def _is_card(word: str) -> bool:
    if len(word) != 2:
        return False
    try:
        Card.parse(word)
    except ValueError:
        return False
    return True


def without_cards(text: str) -> str:
    """``text`` without its words that are cards (``"go under 9H 9S TS"``: ``"go under"``)."""
    return " ".join(word for word in text.split() if not _is_card(word))


def dumps(message: Mapping[str, Any]) -> str:
    """A message as the service sends it: compact JSON, non-ASCII kept."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
