"""What every game's computer players share: the player that picks any legal action at random, and
playing a hand or match out by one player a seat."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, cast

from euchre_tutor.errors import IllegalAction
from euchre_tutor.tricks.seating import Seat

__all__ = ["RandomPlayer", "play_out_seats"]

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
S = TypeVar("S")


class _Choices(Protocol[A_co]):
    """What a random choice needs of a seat view (any game's): who, and what is legal."""

    @property
    def seat(self) -> Seat: ...

    @property
    def legal(self) -> tuple[A_co, ...]: ...


class RandomPlayer:
    """Chooses uniformly among the legal actions (of any game's seat view)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: _Choices[A]) -> A:
        if not view.legal:
            raise IllegalAction(f"{view.seat.word} has nothing to do now")
        return view.legal[self._rng.randrange(len(view.legal))]

    def explain(self, view: _Choices[A], action: A) -> str:
        return f"It picks any of its {len(view.legal)} legal actions at random."


def play_out_seats(
    state: S,
    seats: Sequence[Seat],
    players: Mapping[Seat, Any] | Sequence[Any],
    seat_view: Callable[[S, Seat], object],
    count_error: str,
) -> S:
    """Let the players act (each from its own seat view, ``seat_view(state, seat)``) until ``state`` (a
    hand or a match) is over. ``players``: one a seat, by seat or in the order of ``seats``; a list of
    another length is refused with ``count_error``, a seat with no player by naming it."""
    if isinstance(players, Mapping):
        by_seat = dict(players)
    else:
        if len(players) != len(seats):
            raise ValueError(count_error)
        by_seat = dict(zip(seats, players, strict=True))
    missing = [s.word for s in seats if s not in by_seat]
    if missing:
        raise ValueError(f"play_out has no player for {', '.join(missing)}")
    current: Any = state
    while not current.is_over:
        seat = current.to_act
        assert seat is not None
        current = current.apply(by_seat[seat].choose(seat_view(current, seat)))
    return cast(S, current)
