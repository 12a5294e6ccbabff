"""What an action did: the events of a classic hand and match (for the trick log and the hints).

Each event has a ``text`` in plain words (most from a one-sentence template,
:class:`~euchre_tutor.tricks.events.TextEvent`). The trick events (:class:`Trick`, :class:`CardPlayed`,
:class:`TrickWon`, :class:`Passed`, :class:`Discarded`, :class:`MatchWon`) are the trick-taking
core's (:mod:`euchre_tutor.tricks.events`), re-exported here; the bidding and scoring ones are
classic Euchre's, some of them the core's worded for classic Euchre (:class:`HandStarted` with its up
card, :class:`PassedOut`, :class:`GaveBest`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from euchre_tutor.cards import Card, Suit
from euchre_tutor.tricks import events as core
from euchre_tutor.tricks.events import (
    CardEvent,
    CardPlayed,
    Discarded,
    MatchWon,
    Passed,
    SeatEvent,
    Trick,
    TrickWon,
)
from euchre_tutor.tricks.seating import Team

__all__ = [
    "CardPlayed",
    "Discarded",
    "Event",
    "GaveBest",
    "HandScored",
    "HandStarted",
    "MatchWon",
    "Misdealt",
    "Passed",
    "PassedOut",
    "PickedUp",
    "Trick",
    "TrickWon",
    "TrumpMade",
    "WentAlone",
    "WentUnder",
]


@dataclass(frozen=True, slots=True)
class HandStarted(core.HandStarted):
    up: Card
    TEXT = "Hand {hand_number}: {dealer.word} deals; the up card is {up.symbol}."


@dataclass(frozen=True, slots=True)
class TrumpMade(SeatEvent):
    """Trump made (``trump`` None: a no-trump bid, ``notrump`` 'high' or 'low'); round 0 is a blind call."""

    trump: Suit | None
    round: int
    alone: bool | None  # None: decided later (alone_timing="after-discard")
    notrump: str | None = None

    @property
    def text(self) -> str:
        how = {0: "names blind", 1: "orders up"}.get(self.round, "calls")
        lone = " and goes alone" if self.alone else ""
        if self.trump is None:
            what = (
                f"no trump ({self.notrump}: the {'lowest' if self.notrump == 'low' else 'highest'} card wins)"
            )
        else:
            what = self.trump.plural
        return f"{self.seat.word} {how} {what}{lone}."


@dataclass(frozen=True, slots=True)
class Misdealt(SeatEvent):
    kind: str
    TEXT = "{seat.word} shows an “{kind}” hand and calls a misdeal: the same dealer deals again."


@dataclass(frozen=True, slots=True)
class WentUnder(SeatEvent):
    """A farmer's hand swap; only the seat itself may see ``cards`` (views hide them)."""

    cards: tuple[Card, ...]
    TEXT = "{seat.word} goes under: three low cards swapped for the hidden kitty cards."


@dataclass(frozen=True, slots=True)
class GaveBest(core.CardsGiven):
    """Call for best: the loner's partner passes a card face down (views hide it from the others)."""

    TEXT = "{seat.word} passes a card to {to.word}, who goes alone."


@dataclass(frozen=True, slots=True)
class PickedUp(CardEvent):
    TEXT = "{seat.word} picks up {card.symbol}."


@dataclass(frozen=True, slots=True)
class WentAlone(SeatEvent):
    """A maker's or defender's answer to "alone?"; ``defender`` tells which."""

    alone: bool
    defender: bool

    @property
    def text(self) -> str:
        if self.defender:
            return (
                f"{self.seat.word} defends alone."
                if self.alone
                else f"{self.seat.word} defends with partner."
            )
        return f"{self.seat.word} goes alone." if self.alone else f"{self.seat.word} plays with partner."


@dataclass(frozen=True, slots=True)
class PassedOut(core.PassedOut):
    TEXT = "Everyone passed twice: the hand is thrown in and the next dealer deals."


@dataclass(frozen=True, slots=True)
class HandScored:
    makers: Team
    makers_tricks: int
    points: tuple[int, ...]  # one per team, in the seating's team order ((NS, EW) at four)
    rule_id: str

    @property
    def text(self) -> str:
        teams = self.makers.seating.teams
        scorers = [t for t in teams if self.points[t.index]]
        pts = max(self.points)
        one = len(self.makers.seats) == 1
        took = (
            f"The {'maker' if one else 'makers'} ({self.makers}) {'takes' if one else 'take'} "
            f"{self.makers_tricks} trick{'s' if self.makers_tricks != 1 else ''}"
        )
        if pts == 0:
            return f"{took}: nobody scores."
        if len(scorers) > 1:
            return f"{took}: {' and '.join(str(t) for t in scorers)} score {pts} each."
        verb = "scores" if len(scorers[0].seats) == 1 else "score"
        return f"{took}: {scorers[0]} {verb} {pts}."


Event: TypeAlias = (
    HandStarted
    | Passed
    | TrumpMade
    | PickedUp
    | Discarded
    | WentAlone
    | CardPlayed
    | TrickWon
    | PassedOut
    | HandScored
    | MatchWon
    | Misdealt
    | WentUnder
    | GaveBest
)
