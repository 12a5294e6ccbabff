"""What a hand of every trick-taking game here answers about its play, written once.

:class:`TrickPlay` is for a hand state and a seat's view of it (frozen dataclasses with ``trump``,
``tricks`` and ``trick_plays``): the suit led to the current trick and the tricks a team has won.
:class:`TrickHand` adds what a hand state answers: its dealer, a seat's cards and its legal actions,
read from the game's table of each phase's legal actions (``LEGAL``, set by the game's module once
its phase functions exist) and kept, since the state never changes; and the checked step, ``apply``,
through the game's table of each phase's next state (``APPLY``) and its teaching error (``EXPLAIN``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from euchre_tutor.cards import Card, Suit, effective_suit
from euchre_tutor.errors import IllegalAction
from euchre_tutor.tricks.events import Trick
from euchre_tutor.tricks.seating import Seat, Team

__all__ = ["TrickHand", "TrickPlay"]

ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")


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


@dataclass(frozen=True, slots=True)
class TrickHand(TrickPlay, Generic[ActionT, EventT]):
    """A hand state's dealer, cards, legal actions and checked step, and the fields every game's hand
    has after its own (keyword-only): the tricks played, who leads the current one and its cards so
    far, the actions taken, the events of the last step, and the legal actions once asked."""

    tricks: tuple[Trick, ...] = field(default=(), kw_only=True)
    trick_leader: Seat | None = field(default=None, kw_only=True)
    trick_plays: tuple[tuple[Seat, Card], ...] = field(default=(), kw_only=True)
    history: tuple[tuple[Seat, ActionT], ...] = field(default=(), kw_only=True)
    events: tuple[EventT, ...] = field(default=(), compare=False, kw_only=True)
    _legal: tuple[ActionT, ...] | None = field(default=None, init=False, compare=False, repr=False)
    #: the game's action class: ``ACTION.parse(action)`` reads an action or its text
    ACTION: ClassVar[Any]
    #: each phase's legal actions: ``LEGAL[phase](state)``
    LEGAL: ClassVar[Mapping[Any, Callable[[Any], tuple[Any, ...]]]]
    #: each phase's next state, ``APPLY[phase](state, action)`` for a legal action: a new state
    APPLY: ClassVar[Mapping[Any, Callable[[Any, Any], Any]]]
    #: the teaching error for a refused action: ``EXPLAIN(state, action, legal)``
    EXPLAIN: ClassVar[Callable[[Any, Any, tuple[Any, ...]], IllegalAction]]
    if TYPE_CHECKING:
        deal: Any
        phase: Any
        hands: Any
        to_act: Seat | None

        @property
        def is_over(self) -> bool: ...

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

    def evolve(self, **changes: object) -> Self:
        """This state with some fields changed, unchecked: ``dataclasses.replace`` without the
        ``__init__`` round trip (every field read in one call, the changed ones replaced, then set;
        the legal actions left to be asked again).

        For a game's phase functions, which build only states the rules allow, and for callers that
        rebuild a state the rules reach; :meth:`apply` is the checked way.
        """
        cls = type(self)
        plan = _EVOLVE.get(cls)
        if plan is None:
            plan = _EVOLVE[cls] = _evolve_plan(cls)
        read_all, index, setters, set_legal = plan
        new = object.__new__(cls)
        values = list(read_all(self))
        for name, value in changes.items():
            values[index[name]] = value
        for put, value in zip(setters, values, strict=True):
            put(new, value)
        set_legal(new, None)
        return new

    def apply(self, action: Any) -> Self:
        """The state after ``action`` (an action or its text) by whoever is to act; raises
        :class:`~euchre_tutor.errors.IllegalAction` and changes nothing."""
        act = self.ACTION.parse(action)
        if self.is_over:
            raise IllegalAction(f"the hand is over; no {act} is possible")
        legal = self.legal_actions()
        if act not in legal:
            raise type(self).EXPLAIN(self, act, legal)
        seat = self.to_act
        assert seat is not None
        new: Self = self.APPLY[self.phase](self, act)
        # ``new`` is fresh and not shared yet: completing it in place keeps it immutable to callers.
        object.__setattr__(new, "history", (*self.history, (seat, act)))
        return new


#: per hand class: (read every init field at once, each init field's place, each one's slot setter, the
#: legal actions' slot setter), worked out once (:meth:`TrickHand.evolve`)
_EVOLVE: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int], tuple[Any, ...], Any]] = {}


def _evolve_plan(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], dict[str, int], tuple[Any, ...], Any]:
    names = tuple(f.name for f in fields(cls) if f.init)
    return (
        attrgetter(*names),
        {name: i for i, name in enumerate(names)},
        tuple(getattr(cls, name).__set__ for name in names),
        getattr(cls, "_legal").__set__,  # noqa: B009 - the slot's descriptor, not a value
    )
