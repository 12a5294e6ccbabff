"""What an action did in Bid Euchre: the events for the trick log and the hints.

The events of the deal and the trick (:class:`HandStarted`, :class:`Trick`, :class:`CardPlayed`,
:class:`TrickWon`, :class:`Passed`, :class:`PassedOut`, :class:`Discarded`, :class:`CardsGiven`,
:class:`MatchWon`) are the trick-taking core's (:mod:`euchre_tutor.tricks.events`); the bidding and
scoring ones are Bid Euchre's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from euchre_tutor.cards import Suit
from euchre_tutor.tricks.events import (
    CardPlayed,
    CardsGiven,
    Discarded,
    HandStarted,
    MatchWon,
    Passed,
    PassedOut,
    SeatEvent,
    Trick,
    TrickWon,
)
from euchre_tutor.tricks.seating import Team

__all__ = [
    "BidMade",
    "CardPlayed",
    "CardsGiven",
    "Discarded",
    "Event",
    "HandScored",
    "HandStarted",
    "KittyTaken",
    "MatchWon",
    "Passed",
    "PassedOut",
    "Trick",
    "TrickWon",
    "TrumpNamed",
    "contract_words",
]


def contract_words(trump: Suit | None, notrump: str | None) -> str:
    """``'hearts'``, ``'no trump (high)'``, ``'no trump (low)'``."""
    if trump is not None:
        return trump.plural
    if notrump is not None:
        return f"no trump ({notrump})"
    return "trump to be named"


@dataclass(frozen=True, slots=True)
class BidMade(SeatEvent):
    """A bid: ``level`` tricks (None for an alone bid of kind ``alone``), with its contract if named."""

    level: int | None
    alone: str | None
    trump: Suit | None
    notrump: str | None

    @property
    def text(self) -> str:
        what = {"alone": "alone (shoot the moon)", "call-1": "call 1", "call-2": "call 2"}.get(
            self.alone or "", f"{self.level}"
        )
        named = (
            ""
            if self.trump is None and self.notrump is None
            else f" in {contract_words(self.trump, self.notrump)}"
        )
        return f"{self.seat.word} bids {what}{named}."


@dataclass(frozen=True, slots=True)
class TrumpNamed(SeatEvent):
    trump: Suit | None
    notrump: str | None

    @property
    def text(self) -> str:
        return f"{self.seat.word} names {contract_words(self.trump, self.notrump)}."


@dataclass(frozen=True, slots=True)
class KittyTaken(SeatEvent):
    count: int

    @property
    def text(self) -> str:
        cards = "the kitty card" if self.count == 1 else f"the {self.count} kitty cards"
        return f"{self.seat.word} takes {cards} and will discard as many."


@dataclass(frozen=True, slots=True)
class HandScored:
    """The bidders' team, what they bid, the tricks they took, the points per team (NS, EW)."""

    bidders: Team
    bid: str
    bidders_tricks: int
    made: bool
    points: tuple[int, ...]

    @property
    def text(self) -> str:
        other = next(t for t in self.bidders.seating.teams if t is not self.bidders)
        result = "make" if self.made else "are set on"
        plural = "s" if self.bidders_tricks != 1 else ""
        return (
            f"{self.bidders} take {self.bidders_tricks} trick{plural} and {result} their bid ({self.bid}): "
            f"{self.bidders} {self.points[self.bidders.index]:+d}, {other} {self.points[other.index]:+d}."
        )


Event: TypeAlias = (
    HandStarted
    | Passed
    | BidMade
    | TrumpNamed
    | KittyTaken
    | Discarded
    | CardsGiven
    | CardPlayed
    | TrickWon
    | PassedOut
    | HandScored
    | MatchWon
)
