"""What every trick-taking game's seat views share: whose turn, the play so far, the suits a seat has
shown it lacks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from euchre_tutor.cards import Card, Suit, effective_suit
from euchre_tutor.tricks.events import Trick
from euchre_tutor.tricks.hand import TrickPlay
from euchre_tutor.tricks.seating import Seat, Team

__all__ = ["TrickView", "shown_voids"]


class TrickView(TrickPlay):
    """A seat's view (a base with no fields for a frozen dataclass with ``seat``, ``to_act`` and
    ``legal``): whether it is this seat's turn, its team, and the play so far (:class:`TrickPlay`)."""

    __slots__ = ()
    if TYPE_CHECKING:
        seat: Seat
        to_act: Seat | None
        legal: tuple[Any, ...]

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat and bool(self.legal)

    @property
    def team(self) -> Team:
        return self.seat.team


def shown_voids(
    tricks: Sequence[Trick], current: Sequence[tuple[Seat, Card]], trump: Suit | None, players: int = 4
) -> tuple[frozenset[Suit], ...]:
    """The suits each seat (by index) has shown it holds none of, by not following them.

    Every game's seat view reads the voids from the tricks this way.
    """
    shown: list[set[Suit]] = [set() for _ in range(players)]
    for plays in [t.plays for t in tricks] + [tuple(current)]:
        if not plays:
            continue
        led = effective_suit(plays[0][1], trump)
        for seat, card in plays[1:]:
            if effective_suit(card, trump) is not led:
                shown[seat].add(led)
    return tuple(frozenset(x) for x in shown)
