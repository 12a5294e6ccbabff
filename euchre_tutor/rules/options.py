"""What the classic and Bid Euchre rule configurations share: range checks, option changes, JSON reading.

Both are frozen dataclasses with presets; the errors name the game (``game``) so
each keeps its own message. :class:`GameOptions` gives a rules class its presets, JSON and
option list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, TypeVar

from euchre_tutor.errors import RulesError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    R = TypeVar("R", bound=DataclassInstance)

__all__ = ["GameOptions", "SeatT", "changed_options", "check_int", "rules_from_json"]


class _Seat(Protocol):
    """A seat as a house rule asks about it: its neighbours and its partner (``tricks.seating.Seat``,
    a later layer)."""

    @property
    def next(self) -> Self: ...
    @property
    def prev(self) -> Self: ...
    @property
    def partner(self) -> Self: ...


#: the seat a house rule is asked about and answers with (whatever seat class the game plays with)
SeatT = TypeVar("SeatT", bound=_Seat)


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


class GameOptions:
    """What a game's rules dataclass shares (a base with no fields): its presets, its JSON, its list
    of options. The class names its game in ``GAME`` (as the messages say it: "classic"); its module,
    once it has built them, sets ``PRESETS`` (name to rules) and ``MEANINGS`` (one line per option).
    """

    __slots__ = ()
    GAME: ClassVar[str]
    PRESETS: ClassVar[Mapping[str, Any]]
    MEANINGS: ClassVar[Mapping[str, str]]
    if TYPE_CHECKING:
        __dataclass_fields__: ClassVar[dict[str, Any]]

    @classmethod
    def preset(cls, name: str) -> Self:
        """The preset called ``name``; unknown names list the known ones."""
        if not isinstance(name, str) or name not in cls.PRESETS:
            raise RulesError(f"no {cls.GAME} rules preset {name!r}; the presets are {', '.join(cls.PRESETS)}")
        rules: Self = cls.PRESETS[name]
        return rules

    @classmethod
    def of(cls, rules: object) -> Self:
        """A rules object from a preset name, a rules object or a JSON-like mapping of options."""
        if isinstance(rules, cls):
            return rules
        if isinstance(rules, str | Mapping):
            return cls.from_json(dict(rules) if isinstance(rules, Mapping) else rules)
        raise RulesError(
            f"rules must be a {cls.GAME} preset name ({', '.join(cls.PRESETS)}) or a {cls.__name__} object, "
            f"not {rules!r}"
        )

    @classmethod
    def from_json(cls, data: object) -> Self:
        """A preset name or an object of options (``{"target": 5}``).

        An object may name a ``"preset"`` to start from; its other keys override it.
        """
        return rules_from_json(data, default=cls, preset=cls.preset, presets=cls.PRESETS, game=cls.GAME)

    def with_options(self, **changes: Any) -> Self:
        """A copy with some options changed (validated like a new configuration)."""
        return changed_options(self, changes, self.GAME)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def _check_options(
        self, choices: Mapping[str, Iterable[str]], points: Iterable[str], low: int, high: int
    ) -> None:
        """Refuse a true/false option that is not a bool, a named choice not among its ``choices``, and
        a points option (``points``) that is not a whole number from ``low`` to ``high``."""
        for f in fields(self):
            if f.type == "bool" and not isinstance(getattr(self, f.name), bool):
                raise RulesError(f"{f.name} must be true or false, not {getattr(self, f.name)!r}")
        for name, allowed in choices.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")
        for name in points:
            check_int(name, getattr(self, name), low, high)

    @staticmethod
    def _refuse(needs: Iterable[tuple[bool, str]]) -> None:
        """Raise the message of the first contradiction that holds (a list of (holds, message))."""
        for bad, message in needs:
            if bad:
                raise RulesError(message)

    def describe(self) -> list[tuple[str, Any, str]]:
        """(option, value, meaning) for every option, in declaration order."""
        return [(f.name, getattr(self, f.name), self.MEANINGS[f.name]) for f in fields(self)]
