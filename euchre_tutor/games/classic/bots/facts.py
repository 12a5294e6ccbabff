"""What the rule-based player reads of a seat: its own cards and the public facts, from a view or,
in the advisor's play-outs, straight from the state."""

from __future__ import annotations

from typing import Protocol

from euchre_tutor.cards import Card, Suit
from euchre_tutor.games.classic.engine.engine import Action, HandState, Phase, Seat
from euchre_tutor.games.classic.rules import ClassicRules

__all__ = ["Facts", "StateFacts"]


class Facts(Protocol):
    """What the rule-based player's bidding reads of a seat's view: its own cards and public facts.

    A :class:`SeatView` has them all; the advisor's play-outs pass a :class:`StateFacts` instead,
    read straight from the state, so the same bidding code runs without building a view.
    """

    @property
    def seat(self) -> Seat: ...
    @property
    def rules(self) -> ClassicRules: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def up(self) -> Card: ...
    @property
    def up_suit(self) -> Suit: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def legal(self) -> tuple[Action, ...]: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def notrump(self) -> str | None: ...
    @property
    def players(self) -> int: ...


class StateFacts:
    """The seat to act's :class:`Facts` read straight from the full state: the values its
    :class:`SeatView` would hold (its own hand, the up card, the contract, its legal actions), without
    the history, voids and unseen cards a view also gathers and the bidding never reads."""

    __slots__ = (
        "dealer",
        "hand",
        "legal",
        "notrump",
        "phase",
        "players",
        "rules",
        "seat",
        "trump",
        "up",
        "up_suit",
    )

    def __init__(self, state: HandState, seat: Seat) -> None:
        self.seat = seat
        self.rules = state.rules
        self.phase = state.phase
        self.dealer = state.dealer
        self.up = state.up
        self.up_suit = state.up_suit
        self.hand: tuple[Card, ...] = () if state.phase is Phase.BLIND else state.hands[seat]
        self.legal = state.legal_actions()
        self.trump = state.trump
        self.notrump = state.notrump
        self.players = seat.seating.players
