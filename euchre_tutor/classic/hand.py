"""One classic hand as an immutable state: :class:`HandState` and :func:`new_hand`.

The state answers what anyone may ask (who acts, the up card, trump, who
sits out, the tricks) and plays an action with :meth:`HandState.apply`: each
phase's pair of functions (legal actions, apply) lives in
:mod:`~euchre_tutor.classic.bidding` or :mod:`~euchre_tutor.classic.play`;
a refused action becomes a teaching error from :mod:`~euchre_tutor.classic.messages`.

>>> state = new_hand(Deal.from_seed(7, Seat.N))
>>> state.to_act, [str(a) for a in state.legal_actions()]
(<Seat.E: 1>, ['pass', 'order', 'order alone'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Final

from euchre_tutor.cards import Card, Suit
from euchre_tutor.classic import bidding, play
from euchre_tutor.classic.actions import Action, HandCards, Phase
from euchre_tutor.classic.deal import Deal, pack_words, rules_seating
from euchre_tutor.classic.events import Event, Trick
from euchre_tutor.classic.messages import explain_illegal
from euchre_tutor.classic.play import legal_plays
from euchre_tutor.classic.scoring import hand_points, team_points
from euchre_tutor.errors import DealError, IllegalAction
from euchre_tutor.rules.classic import ClassicRules
from euchre_tutor.tricks.hand import TrickHand
from euchre_tutor.tricks.seating import Seat, Seating, Team

__all__ = ["HandState", "new_hand"]


@dataclass(frozen=True, slots=True)
class HandState(TrickHand):
    """One hand of classic Euchre, immutable; build it with :func:`new_hand`."""

    rules: ClassicRules
    deal: Deal
    phase: Phase
    to_act: Seat | None
    hands: HandCards
    passes: int = 0
    trump: Suit | None = None
    maker: Seat | None = None
    alone: bool = False
    lone_defender: Seat | None = None
    discard: Card | None = None
    kitty: tuple[Card, ...] = ()
    up_taken: bool = False
    notrump: str | None = None
    under_seat: Seat | None = None
    under_cards: tuple[Card, ...] = ()
    gift: Card | None = None
    loner_discard: Card | None = None
    misdealt: bool = False
    defenders_to_ask: tuple[Seat, ...] = ()
    tricks: tuple[Trick, ...] = ()
    trick_leader: Seat | None = None
    trick_plays: tuple[tuple[Seat, Card], ...] = ()
    history: tuple[tuple[Seat, Action], ...] = ()
    events: tuple[Event, ...] = field(default=(), compare=False)
    _legal: tuple[Action, ...] | None = field(default=None, init=False, compare=False, repr=False)

    # -- what anyone can ask -------------------------------------------------

    @property
    def up(self) -> Card:
        return self.deal.up

    @property
    def up_suit(self) -> Suit:
        """The suit the up card proposes in round 1 (a turned-up joker proposes spades)."""
        return self.deal.up.suit or Suit.SPADES

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def passed_out(self) -> bool:
        """Over with nobody making trump (a misdeal is not a pass-out: see ``misdealt``)."""
        return self.phase is Phase.OVER and self.maker is None and not self.misdealt

    @property
    def made(self) -> bool:
        """Someone made trump (or a no-trump bid)."""
        return self.maker is not None

    @property
    def sitting_out(self) -> frozenset[Seat]:
        out: set[Seat] = set()
        if self.alone and self.maker is not None:
            out.update(self.maker.partners)
        if self.lone_defender is not None:
            out.update(self.lone_defender.partners)
        return frozenset(out)

    @property
    def seating(self) -> Seating:
        return self.deal.dealer.seating

    @property
    def active_seats(self) -> tuple[Seat, ...]:
        out = self.sitting_out
        return tuple(s for s in self.seating.seats if s not in out)

    @property
    def makers(self) -> Team | None:
        return None if self.maker is None else self.maker.team

    def points(self) -> tuple[int, ...]:
        """Points per team this hand scores ((NS, EW) at four players); all 0 until it is over,
        passed out or misdealt."""
        if self.phase is not Phase.OVER or self.maker is None:
            return (0,) * len(self.seating.teams)
        makers = self.maker.team
        m, d, _ = hand_points(self.rules, self.tricks_won(makers), self.alone, self.lone_defender is not None)
        return team_points(makers, m, d)

    # -- legal actions ---------------------------------------------------------

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the player to act may play (empty outside the play phase)."""
        return legal_plays(self)

    def apply(self, action: Action | str) -> HandState:
        """The state after ``action`` by whoever is to act; raises IllegalAction and changes nothing."""
        act = Action.parse(action)
        if self.phase is Phase.OVER:
            raise IllegalAction(f"the hand is over; no {act} is possible")
        legal = self.legal_actions()
        if act not in legal:
            raise explain_illegal(self, act, legal)
        seat = self.to_act
        assert seat is not None
        new = _APPLY[self.phase](self, act)
        # ``new`` is fresh and not shared yet: completing it in place keeps it immutable to callers.
        _SLOTS["history"].__set__(new, (*self.history, (seat, act)))
        return new

    def _evolve(self, **changes: object) -> HandState:
        """``dataclasses.replace``, several times faster (no __init__ round trip: every field read in
        one call, the changed ones replaced, then set); for the phase modules, which build only states
        the rules allow."""
        new = object.__new__(HandState)
        values = list(_READ_ALL(self))
        for name, value in changes.items():
            values[_INIT_INDEX[name]] = value
        for put, value in zip(_INIT_SETTERS, values, strict=True):
            put(new, value)
        _SET_LEGAL(new, None)
        return new


_SLOTS: Final = {f.name: HandState.__dict__[f.name] for f in fields(HandState)}
_INIT_NAMES: Final = tuple(f.name for f in fields(HandState) if f.init)
_INIT_INDEX: Final = {name: i for i, name in enumerate(_INIT_NAMES)}
_INIT_SETTERS: Final = tuple(_SLOTS[name].__set__ for name in _INIT_NAMES)
_READ_ALL: Final = attrgetter(*_INIT_NAMES)
_SET_LEGAL: Final = _SLOTS["_legal"].__set__


def new_hand(deal: Deal, rules: ClassicRules | None = None) -> HandState:
    """The first state of a hand: round 1, the dealer's left to act (or the dealer, see the rules)."""
    if not isinstance(deal, Deal):
        raise DealError(f"expected a Deal, got {deal!r}")
    r = rules if rules is not None else ClassicRules()
    if (deal.size, deal.joker) != (r.deck, r.joker):
        raise DealError(
            f"the deal uses {pack_words(deal.size, deal.joker)} but the rules say {pack_words(r.deck, r.joker)}"
        )
    table = rules_seating(r)
    if deal.seating is not table:
        raise DealError(
            f"the deal is for a {deal.seating.description} table but the rules say {table.description}"
        )
    blind = deal.up.is_joker and r.joker_up == "dealer-blind"
    first = deal.dealer if blind or r.dealer_bids_first else deal.dealer.next
    return HandState(
        rules=r,
        deal=deal,
        phase=Phase.BLIND if blind else Phase.ROUND_1,
        to_act=first,
        hands=deal.hands,
        kitty=deal.kitty,
    )


def _legal_over(s: HandState) -> tuple[Action, ...]:
    return ()


def _apply_over(s: HandState, a: Action) -> HandState:  # pragma: no cover - apply() refuses first
    raise IllegalAction("the hand is over")


# Each phase's legal actions and the state after one of them (bidding.py, play.py).
_LEGAL: Final[dict[Phase, Callable[[HandState], tuple[Action, ...]]]] = {
    **bidding.LEGAL,
    **play.LEGAL,
    Phase.OVER: _legal_over,
}
_APPLY: Final[dict[Phase, Callable[[HandState, Action], HandState]]] = {
    **bidding.APPLY,
    **play.APPLY,
    Phase.OVER: _apply_over,
}
HandState.LEGAL = _LEGAL
