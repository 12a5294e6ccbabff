"""The classic (4-player) Euchre rules configuration: house rules as data.

One frozen dataclass, :class:`ClassicRules`, holds every option; named
presets (:data:`PRESETS`) are instances of it. Engines read the fields; they
never subclass for an option. Impossible combinations raise
:class:`~euchre_tutor.errors.RulesError` when the configuration is built.

>>> preset("openspiel").stick_the_dealer
True
>>> ClassicRules(alone_timing="sometimes")
Traceback (most recent call last):
...
euchre_tutor.errors.RulesError: alone_timing must be one of 'with-bid', 'after-discard', not 'sometimes'

Presets:

- ``standard``: the rule sheet's base game (alone with the bid, the dealer
  may discard any of six cards, no stick the dealer, game to 10).
- ``openspiel``: OpenSpiel's ``euchre`` defaults (stick the dealer, alone
  decided by the maker after the dealer's discard, the dealer may not discard
  the up card, one hand).
- ``openspiel-lone-defender``: the same with ``allow_lone_defender=true``:
  after the maker decides, each defender in turn from the dealer's left may
  defend alone; a lone defender's euchre scores 4.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Final

from euchre_tutor.errors import RulesError

__all__ = [
    "ALONE_TIMINGS",
    "DEFEND_ALONE_OPTIONS",
    "OPTION_MEANINGS",
    "PRESETS",
    "PRESET_NOTES",
    "ClassicRules",
    "preset",
]

ALONE_TIMINGS: Final = ("with-bid", "after-discard")
DEFEND_ALONE_OPTIONS: Final = ("never", "any-bid")
MIN_TARGET: Final = 1
MAX_TARGET: Final = 100


@dataclass(frozen=True, slots=True)
class ClassicRules:
    """Options of classic 4-player Euchre; the defaults are the sheet's base game.

    See :data:`OPTION_MEANINGS` for one line per field. Fields are plain
    values (ints, bools, strings) so a configuration round-trips through JSON.
    """

    target: int = 10
    hands: int | None = None
    stick_the_dealer: bool = False
    alone_timing: str = "with-bid"
    dealer_may_discard_up_card: bool = True
    defend_alone: str = "never"
    lone_defender_euchre_points: int = 4

    def __post_init__(self) -> None:
        _check_int("target", self.target, MIN_TARGET, MAX_TARGET)
        if self.hands is not None:
            _check_int("hands", self.hands, 1, 1000)
        for name in ("stick_the_dealer", "dealer_may_discard_up_card"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be true or false, not {getattr(self, name)!r}")
        if self.alone_timing not in ALONE_TIMINGS:
            raise RulesError(
                f"alone_timing must be one of {', '.join(map(repr, ALONE_TIMINGS))}, "
                f"not {self.alone_timing!r}"
            )
        if self.defend_alone not in DEFEND_ALONE_OPTIONS:
            raise RulesError(
                f"defend_alone must be one of {', '.join(map(repr, DEFEND_ALONE_OPTIONS))}, "
                f"not {self.defend_alone!r}"
            )
        _check_int("lone_defender_euchre_points", self.lone_defender_euchre_points, 2, 8)

    def with_options(self, **changes: Any) -> ClassicRules:
        """A copy with some options changed (validated like a new configuration)."""
        unknown = sorted(set(changes) - _FIELD_NAMES)
        if unknown:
            raise RulesError(_unknown_message(unknown))
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> ClassicRules:
        """A preset name (``"standard"``) or an object of options (``{"target": 5}``).

        An object may name a ``"preset"`` to start from; its other keys override it.
        """
        if isinstance(data, str):
            return preset(data)
        if not isinstance(data, dict):
            raise RulesError(
                f"rules must be a preset name ({', '.join(PRESETS)}) or an object of options, not {data!r}"
            )
        options = dict(data)
        base = preset(options.pop("preset")) if "preset" in options else cls()
        unknown = sorted(set(options) - _FIELD_NAMES)
        if unknown:
            raise RulesError(_unknown_message(unknown))
        try:
            return replace(base, **options)
        except TypeError as exc:  # pragma: no cover - replace() validates names above
            raise RulesError(str(exc)) from None

    def describe(self) -> list[tuple[str, Any, str]]:
        """(option, value, meaning) for every option, in declaration order."""
        return [(f.name, getattr(self, f.name), OPTION_MEANINGS[f.name]) for f in fields(self)]


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise RulesError(f"{name} {value} is out of range: it must be between {low} and {high}")


_FIELD_NAMES = frozenset(f.name for f in fields(ClassicRules))


def _unknown_message(unknown: list[str]) -> str:
    return (
        f"unknown classic rule option(s) {', '.join(unknown)}; the options are "
        f"{', '.join(sorted(_FIELD_NAMES))}"
    )


OPTION_MEANINGS: Final[dict[str, str]] = {
    "target": "points that win the match (the sheet's 10)",
    "hands": "play exactly this many hands (deals, passed-out ones included) instead of to the target; "
    "null = play to the target",
    "stick_the_dealer": "the dealer may not pass at the end of round 2 and must name a suit",
    "alone_timing": "'with-bid': the maker says 'alone' with the bid; 'after-discard': the maker "
    "decides after the dealer's discard (OpenSpiel)",
    "dealer_may_discard_up_card": "the dealer who picks up may discard the up card itself",
    "defend_alone": "'never', or 'any-bid': after the maker decides, each defender in turn from the "
    "dealer's left may defend alone (the partner sits out)",
    "lone_defender_euchre_points": "what the defenders score when a lone defender euchres the makers",
}

PRESETS: Final[dict[str, ClassicRules]] = {
    "standard": ClassicRules(),
    "openspiel": ClassicRules(
        hands=1,
        stick_the_dealer=True,
        alone_timing="after-discard",
        dealer_may_discard_up_card=False,
    ),
    "openspiel-lone-defender": ClassicRules(
        hands=1,
        stick_the_dealer=True,
        alone_timing="after-discard",
        dealer_may_discard_up_card=False,
        defend_alone="any-bid",
    ),
}

PRESET_NOTES: Final[dict[str, str]] = {
    "standard": "the rule sheet's base game",
    "openspiel": "OpenSpiel's euchre defaults (one hand, stick the dealer, alone after the discard)",
    "openspiel-lone-defender": "OpenSpiel's euchre with allow_lone_defender=true",
}


def preset(name: str) -> ClassicRules:
    """The preset called ``name``; unknown names list the known ones."""
    if not isinstance(name, str) or name not in PRESETS:
        raise RulesError(f"no classic rules preset {name!r}; the presets are {', '.join(PRESETS)}")
    return PRESETS[name]
