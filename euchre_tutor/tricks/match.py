"""What every game's match shares: the finished hands as a list that grows in O(1), and the check that
explicit deals follow the rotation."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

from euchre_tutor.errors import DealError
from euchre_tutor.tricks.seating import Seat

__all__ = ["HandResults", "check_dealer"]

R = TypeVar("R")


class HandResults(Sequence[R], Generic[R]):
    """The finished hands, oldest first: immutable, and one hand more shares every earlier one.

    A tuple copied at each new hand made a match of n hands cost n² time and
    memory (a saved match of 100,000 passes: 20 s, 1.4 GB to load); adding
    here is O(1), and the tuple is built only when someone reads past ``len``.
    It compares equal to the tuple of the same results.
    """

    __slots__ = ("_before", "_items", "_last", "_length")

    def __init__(self, before: HandResults[R] | None = None, last: R | None = None) -> None:
        self._before = before
        self._last = last
        self._length = 0 if before is None else len(before) + 1
        self._items: tuple[R, ...] | None = () if before is None else None

    def plus(self, result: R) -> HandResults[R]:
        return HandResults(self, result)

    def _tuple(self) -> tuple[R, ...]:
        if self._items is None:
            tail: list[R] = []
            node: HandResults[R] = self
            while node._items is None:  # a loop, not recursion: a chain may be long
                assert node._last is not None and node._before is not None
                tail.append(node._last)
                node = node._before
            self._items = node._items + tuple(reversed(tail))
        return self._items

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> R: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[R, ...]: ...

    def __getitem__(self, index: int | slice) -> R | tuple[R, ...]:
        if isinstance(index, int) and index in (-1, self._length - 1) and self._last is not None:
            return self._last
        return self._tuple()[index]

    def __iter__(self) -> Iterator[R]:
        return iter(self._tuple())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandResults | tuple):
            return len(self) == len(other) and self._tuple() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._tuple())

    def __repr__(self) -> str:
        return f"HandResults{self._tuple()!r}"

    def __reduce__(self) -> tuple[Any, ...]:  # flat, so pickling a long match does not recurse
        return (_results_of, (self._tuple(),))


def _results_of(items: tuple[R, ...]) -> HandResults[R]:
    results: HandResults[R] = HandResults()
    for item in items:
        results = results.plus(item)
    return results


def check_dealer(index: int, dealer: Seat, first: Seat) -> None:
    """A match's explicit deal ``index`` (0-based) is dealt by the seat the deal rotates to from
    ``first``, the first dealer (each deal one seat left of the one before); DealError otherwise."""
    seats = first.seating.seats
    want = seats[(first + index) % len(seats)]
    if dealer != want:
        raise DealError(f"deal {index + 1} is dealt by {dealer.word}, but the deal rotates to {want.word}")
