"""The table protocol's values as JSON: seat views, watchers' views, chat text, the limits.

A seat view (any game's, a frozen dataclass of the views layer) becomes plain JSON by one rule
(:func:`to_wire`): cards, seats, suits and actions (a value whose class can ``parse`` its text) as the deck and the command line write them
(``"JH"``, ``"N"``, ``"H"``, ``"play JH"``), phases as their value, rules as their save form.
A face-down watcher sees what every seat sees and nothing more (:func:`public_view`).
"""

from __future__ import annotations

import dataclasses
import enum
import html
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from euchre_tutor.cards import Card
from euchre_tutor.tricks.seating import Seat, Team

__all__ = [
    "CHAT_LIMIT",
    "MESSAGE_LIMIT",
    "PRESET_PHRASES",
    "card_words_in",
    "chat_text",
    "dumps",
    "public_view",
    "to_wire",
]

#: the largest message the service reads, in characters (a longer one is refused, unread)
MESSAGE_LIMIT: Final = 4096
#: the longest chat line, in characters, after control characters are dropped
CHAT_LIMIT: Final = 200
#: the phrases of a "preset" chat table, by number
PRESET_PHRASES: Final = (
    "Hello!",
    "Good luck!",
    "Nice play!",
    "Well played, partner.",
    "Oops.",
    "Thanks!",
    "One more hand?",
    "Good game!",
)
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")


def to_wire(value: Any) -> Any:
    """``value`` (a view, or anything inside one) as JSON values; a set becomes a sorted list."""
    if value is None or (isinstance(value, bool | int | float | str) and not isinstance(value, Seat)):
        return value
    if isinstance(value, Seat | Team):
        return value.name
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value if isinstance(value.value, str) else value.name
    if isinstance(value, Mapping):
        return {str(to_wire(k)): to_wire(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((to_wire(v) for v in value), key=str)
    if isinstance(value, tuple | list):
        return [to_wire(v) for v in value]
    if hasattr(value, "to_json") and not dataclasses.is_dataclass(value):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(type(value), "parse"):  # an action: as the command line writes it
            return str(value)
        if hasattr(value, "to_json") and type(value).__name__.endswith("Rules"):
            return value.to_json()
        return {f.name: to_wire(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return str(value)


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


def public_view(views: Iterable[Any]) -> Any:
    """A face-down watcher's view, from every seat's view (JSON, the first seat's first): the first
    seat's view with every card some seat does not see taken out, and no legal actions."""
    every = list(views)
    seen = [card_words_in(v) for v in every]
    public = set.intersection(*seen) if seen else set()
    first: Any = every[0] if every else {}
    scrubbed = _scrub(first, public)
    if isinstance(scrubbed, dict):
        scrubbed["legal"] = []
        scrubbed["seat"] = None
    return scrubbed


def _scrub(value: Any, public: set[str]) -> Any:
    if isinstance(value, Mapping):
        return {k: (None if _private(v, public) else _scrub(v, public)) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v, public) for v in value if not _private(v, public)]
    return value


def _private(value: Any, public: set[str]) -> bool:
    return isinstance(value, str) and any(_is_card(w) and w not in public for w in value.split())


def chat_text(text: object) -> str:
    """A chat line as every page shows it: control characters dropped, cut to :data:`CHAT_LIMIT`,
    then HTML-escaped (so ``<script>`` arrives as ``&lt;script&gt;``)."""
    plain = _CONTROL.sub("", str(text)).strip()[:CHAT_LIMIT]
    return html.escape(plain, quote=True)


def dumps(message: Mapping[str, Any]) -> str:
    """A message as the service sends it: compact JSON, non-ASCII kept."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
