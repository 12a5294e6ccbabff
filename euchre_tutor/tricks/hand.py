"""What a hand of every trick-taking game here answers about its play, written once.

:class:`TrickPlay` is for a hand state and a seat's view of it (frozen dataclasses with ``trump``,
``tricks`` and ``trick_plays``): the suit led to the current trick and the tricks a team has won.
:class:`TrickHand` adds what a hand state answers: its dealer, a seat's cards and its legal actions,
read from the game's table of each phase's legal actions (``LEGAL``, set by the game's module once
its phase functions exist) and kept, since the state never changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from euchre_tutor.cards import Card, Suit, effective_suit
from euchre_tutor.tricks.events import Trick
from euchre_tutor.tricks.seating import Seat, Team

__all__ = ["TrickHand", "TrickPlay"]


class TrickPlay:
    """The led suit and the tricks won, for a hand or a seat's view (a base with no fields)."""

    __slots__ = ()
    if TYPE_CHECKING:
        trump: Suit | None
        tricks: tuple[Trick, ...]
        trick_plays: tuple[tuple[Seat, Card], ...]

    @property
    def led_suit(self) -> Suit | None:
        """The effective suit of the current trick's first card (None when someone is to lead)."""
        if not self.trick_plays:
            return None
        return effective_suit(self.trick_plays[0][1], self.trump)

    def tricks_won(self, team: Team) -> int:
        return sum(1 for t in self.tricks if t.winner.team is team)


class TrickHand(TrickPlay):
    """A hand state's dealer, cards and legal actions (a base with no fields)."""

    __slots__ = ()
    #: each phase's legal actions: ``LEGAL[phase](state)``
    LEGAL: ClassVar[Mapping[Any, Callable[[Any], tuple[Any, ...]]]]
    if TYPE_CHECKING:
        deal: Any
        phase: Any
        hands: Any
        _legal: tuple[Any, ...] | None

    @property
    def dealer(self) -> Seat:
        dealer: Seat = self.deal.dealer
        return dealer

    def legal_actions(self) -> tuple[Any, ...]:
        legal = self._legal
        if legal is None:
            legal = self.LEGAL[self.phase](self)
            object.__setattr__(self, "_legal", legal)  # a cache: the state itself never changes
        return legal
