"""What every game's computer players share: the player that picks any legal action at random."""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

from euchre_tutor.errors import IllegalAction
from euchre_tutor.tricks.seating import Seat

__all__ = ["RandomPlayer"]

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)


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
