"""What every game's match shares: playing hand after hand to the end (:class:`MatchCore`), the finished
hands as a list that grows in O(1), and the check that explicit deals follow the rotation."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, Self, TypeVar, overload

from euchre_tutor.errors import DealError
from euchre_tutor.tricks.events import MatchWon
from euchre_tutor.tricks.seating import Seat, Team

__all__ = ["HandResults", "MatchCore", "check_dealer"]

R = TypeVar("R")
H = TypeVar("H", bound="_Hand")
A = TypeVar("A")
E = TypeVar("E")


class _Hand(Protocol):
    """What the match reads of a game's hand state."""

    @property
    def is_over(self) -> bool: ...
    @property
    def to_act(self) -> Seat | None: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def events(self) -> tuple[Any, ...]: ...
    def legal_actions(self) -> tuple[Any, ...]: ...
    def apply(self, action: Any, /) -> Any: ...
    def points(self) -> tuple[int, ...]: ...


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


_NO_RESULTS: HandResults[Any] = HandResults()


def check_dealer(index: int, dealer: Seat, first: Seat) -> None:
    """A match's explicit deal ``index`` (0-based) is dealt by the seat the deal rotates to from
    ``first``, the first dealer (each deal one seat left of the one before); DealError otherwise."""
    seats = first.seating.seats
    want = seats[(first + index) % len(seats)]
    if dealer != want:
        raise DealError(f"deal {index + 1} is dealt by {dealer.word}, but the deal rotates to {want.word}")


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchCore(Generic[H, R, A, E]):
    """A match played hand after hand: the base of a game's frozen match state, which adds its
    ``rules`` and explicit ``deals`` (deals come from them, in order, then from ``seed``).

    ``hand`` is the hand in progress; when a hand ends and the match goes on, the next hand is dealt at
    once and ``last_hand`` keeps the finished one; when the match ends, ``hand`` is the last hand. A game
    gives its hooks: :meth:`hand_result`, :meth:`match_end`, :meth:`next_dealer`, :meth:`hand_for` and
    :meth:`hand_started`.
    """

    seed: int | str
    first_dealer: Seat
    hand: H
    scores: tuple[int, ...] = (0, 0)
    results: HandResults[R] = field(default=_NO_RESULTS)
    last_hand: H | None = None
    events: tuple[E, ...] = field(default=(), compare=False)

    # -- the game's hooks ------------------------------------------------------

    def hand_result(self, hand: H, number: int, points: tuple[int, ...]) -> R:
        """How the match remembers the finished hand ``number`` (1-based), which scored ``points``."""
        raise NotImplementedError

    def match_end(self, scores: tuple[int, ...], hands_played: int, hand: H) -> tuple[bool, Team | None]:
        """(over?, winner) after ``hand``, the match's scores and hands played being these."""
        raise NotImplementedError

    def next_dealer(self, hand: H) -> Seat:
        """Who deals after ``hand``."""
        return hand.dealer.next

    def hand_for(self, index: int, dealer: Seat) -> H:
        """Hand ``index`` (0-based), dealt by ``dealer``."""
        raise NotImplementedError

    def hand_started(self, number: int, hand: H) -> Any:
        """The event that starts hand ``number`` (1-based)."""
        raise NotImplementedError

    # -- shared ----------------------------------------------------------------

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in progress (or the last one, when the match is over)."""
        return len(self.results) + (0 if self.is_over else 1)

    @property
    def is_over(self) -> bool:
        return self.hand.is_over

    @property
    def to_act(self) -> Seat | None:
        return self.hand.to_act

    def legal_actions(self) -> tuple[A, ...]:
        return self.hand.legal_actions()

    def apply(self, action: A | str) -> Self:
        """The match after ``action`` by whoever is to act: the hand goes on, or it is scored and the
        match ends or deals the next hand."""
        hand = self.hand.apply(action)
        if not hand.is_over:
            return replace(self, hand=hand, events=hand.events)
        pts = hand.points()
        scores = tuple(a + b for a, b in zip(self.scores, pts, strict=True))
        results = self.results.plus(self.hand_result(hand, len(self.results) + 1, pts))
        events: tuple[Any, ...] = hand.events
        over, winner = self.match_end(scores, len(results), hand)
        if over:
            ended = (*events, MatchWon(winner, scores))
            return replace(self, hand=hand, scores=scores, results=results, events=ended)
        nxt = self.hand_for(len(results), self.next_dealer(hand))
        started = (*events, self.hand_started(len(results) + 1, nxt))
        return replace(self, hand=nxt, scores=scores, results=results, last_hand=hand, events=started)
