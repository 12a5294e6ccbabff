"""The Euchre Solitaire rules: the configuration (see docs: rules-solitaire) and the scoring table.

:func:`deal_points` is the one place that scores a deal; the engine and the
exact solver both read it.

>>> deal_points(3, alone=False)
DealScore(player=1, deck=0, rule='solitaire.score-point')
>>> [deal_points(t, alone=False).net for t in range(6)]  # the player's side: negative, the deck scores
[-2, -2, -2, 1, 1, 2]
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

from euchre_tutor.errors import RulesError

__all__ = ["TRICKS", "DealScore", "SolitaireRules", "deal_points"]

TRICKS = 5  # tricks in a deal

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


class DealScore(NamedTuple):
    """The points a finished deal scores: each side's, and the rule id of the scoring line."""

    player: int
    deck: int
    rule: str

    @property
    def net(self) -> int:
        """The deal's points from the player's side (negative: the deck scores)."""
        return self.player - self.deck


def deal_points(tricks_won: int, alone: bool) -> DealScore:
    """The score of a deal the player finished with ``tricks_won`` tricks (0..5), per the scoring table.

    Not alone: 3 or 4 tricks score 1, a march (all 5) 2, fewer than 3 are
    euchred (the deck scores 2). Alone: only a march scores, 4; anything less
    gives the deck 4.
    """
    if alone:
        return (
            DealScore(4, 0, "solitaire.score-alone")
            if tricks_won == TRICKS
            else DealScore(0, 4, "solitaire.score-alone")
        )
    if tricks_won == TRICKS:
        return DealScore(2, 0, "solitaire.score-march")
    if tricks_won >= 3:
        return DealScore(1, 0, "solitaire.score-point")
    return DealScore(0, 2, "solitaire.score-euchre")
