"""The Euchre Solitaire rules configuration (see docs: rules-solitaire)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from euchre_tutor.errors import RulesError

__all__ = ["SolitaireRules"]

MIN_TARGET = 1
MAX_TARGET = 100


@dataclass(frozen=True, slots=True)
class SolitaireRules:
    """Options of Euchre Solitaire; the defaults are the project's rule sheet.

    - ``target``: points that win the game (the sheet's 10).
    - ``allow_name_turned``: the player may also name the turned suit, which
      keeps the turn card at the bottom of the stock (some web versions).
    """

    target: int = 10
    allow_name_turned: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or not isinstance(self.target, int):
            raise RulesError(f"target must be a whole number of points, not {self.target!r}")
        if not MIN_TARGET <= self.target <= MAX_TARGET:
            raise RulesError(
                f"target {self.target} is out of range: a game is played to between "
                f"{MIN_TARGET} and {MAX_TARGET} points (the usual target is 10)"
            )
        if not isinstance(self.allow_name_turned, bool):
            raise RulesError("allow_name_turned must be true or false")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> SolitaireRules:
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object like {{'target': 10}}, not {data!r}")
        known = {"target", "allow_name_turned"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(
                f"unknown Solitaire rule option(s) {', '.join(unknown)}; the options are "
                f"{', '.join(sorted(known))}"
            )
        return cls(**data)
