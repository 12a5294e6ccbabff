"""The state of one classic hand: :class:`HandState`, immutable, and what anyone may ask it.

The state answers who acts, the up card, trump, who sits out, the tricks and
the points, and plays an action with :meth:`HandState.apply`. This module
imports none of the phases: the phase modules (:mod:`~euchre_tutor.games.classic.engine.bidding`,
:mod:`~euchre_tutor.games.classic.engine.play`, :mod:`~euchre_tutor.games.classic.engine.house`) and the
teaching errors (:mod:`~euchre_tutor.games.classic.engine.messages`) import it, and
:mod:`~euchre_tutor.games.classic.engine.hand`, on top, installs each phase's pair of
functions (``LEGAL``, ``APPLY``) and the error (``EXPLAIN``) and builds the
first state (:func:`~euchre_tutor.games.classic.engine.hand.new_hand`). Import the state
through :mod:`~euchre_tutor.games.classic.engine.hand` (or the engine), which does both.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_tutor.cards import Card, Suit
from euchre_tutor.games.classic.engine.actions import Action, HandCards, Phase
from euchre_tutor.games.classic.engine.deal import Deal
from euchre_tutor.games.classic.engine.events import Event
from euchre_tutor.games.classic.engine.scoring import hand_points, team_points
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.tricks.hand import TrickHand
from euchre_tutor.tricks.seating import Seat, Seating, Team

__all__ = ["HandState"]


@dataclass(frozen=True, slots=True)
class HandState(TrickHand[Action, Event]):
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

    # its action class, each phase's legal actions and next state and the teaching error (ACTION,
    # LEGAL, APPLY, EXPLAIN) are installed by :mod:`~euchre_tutor.games.classic.engine.hand`

    # -- what anyone can ask -------------------------------------------------

    @property
    def up(self) -> Card:
        return self.deal.up

    @property
    def up_suit(self) -> Suit:
        """The suit the up card proposes in round 1 (a turned-up joker proposes spades)."""
        return self.rules.proposed_suit(self.deal.up)

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
        if self.phase is not Phase.PLAY:
            return ()
        return tuple(a.card for a in self.legal_actions() if a.card is not None)
