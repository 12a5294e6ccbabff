"""What the classic and Bid Euchre rule configurations share: range checks, option changes, JSON reading.

Both are frozen dataclasses with presets; the errors name the game (``game``) so
each keeps its own message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any, TypeVar

from euchre_tutor.errors import RulesError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    R = TypeVar("R", bound=DataclassInstance)

__all__ = ["changed_options", "check_int", "rules_from_json"]


def check_int(name: str, value: object, low: int, high: int) -> None:
    """A whole number (not a bool) from ``low`` to ``high``, or a RulesError naming the option."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise RulesError(f"{name} {value} is out of range: it must be between {low} and {high}")


def changed_options(rules: R, changes: dict[str, Any], game: str) -> R:
    """A copy of ``rules`` with some options changed; an unknown name lists the options of ``game``."""
    names = frozenset(f.name for f in fields(rules))
    unknown = sorted(set(changes) - names)
    if unknown:
        raise RulesError(
            f"unknown {game} rule option(s) {', '.join(unknown)}; the options are {', '.join(sorted(names))}"
        )
    return replace(rules, **changes)


def rules_from_json(
    data: object, *, default: Callable[[], R], preset: Callable[[str], R], presets: Iterable[str], game: str
) -> R:
    """A preset name or an object of options; an object's ``"preset"`` is the start its other keys change."""
    if isinstance(data, str):
        return preset(data)
    if not isinstance(data, dict):
        raise RulesError(
            f"rules must be a preset name ({', '.join(presets)}) or an object of options, not {data!r}"
        )
    options = dict(data)
    base = preset(options.pop("preset")) if "preset" in options else default()
    return changed_options(base, options, game)
