"""What every trick-taking game's seat views share: the suits a seat has shown it lacks."""

from __future__ import annotations

from collections.abc import Sequence

from euchre_tutor.cards import Card, Suit, effective_suit
from euchre_tutor.tricks.events import Trick
from euchre_tutor.tricks.seating import Seat

__all__ = ["shown_voids"]


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
