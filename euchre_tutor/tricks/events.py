"""The events every trick-taking game here shares: a hand dealt, a trick, a card played, a trick won,
a pass, a face-down discard, a card passed to a loner, a hand thrown in, the match won. Each has a
``text`` in plain words; a game adds its own bidding and scoring events beside them, or words one of
these its own way (a subclass with another ``TEXT``).

Most events are told by one sentence: a :class:`TextEvent` names it in its class's ``TEXT``, a
:meth:`str.format` template over the event's fields (``"{seat.word} plays {card.symbol}."``). An
event whose words depend on more than its fields' names overrides ``text`` instead. What one seat did
is a :class:`SeatEvent` (its ``seat`` first), and what it did with one card a :class:`CardEvent`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from euchre_tutor.cards import Card
from euchre_tutor.tricks.seating import Seat, Team

__all__ = [
    "CardEvent",
    "CardPlayed",
    "CardsGiven",
    "Discarded",
    "HandStarted",
    "MatchWon",
    "Passed",
    "PassedOut",
    "SeatEvent",
    "TextEvent",
    "Trick",
    "TrickWon",
]


@dataclass(frozen=True, slots=True)
class TextEvent:
    """An event told in plain words: ``text`` is ``TEXT`` with the event's fields filled in."""

    TEXT: ClassVar[str] = ""

    @property
    def text(self) -> str:
        return self.TEXT.format_map({f.name: getattr(self, f.name) for f in fields(self)})


@dataclass(frozen=True, slots=True)
class SeatEvent(TextEvent):
    """What one seat did."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class CardEvent(SeatEvent):
    """What one seat did with one card (played it, discarded it, picked it up)."""

    card: Card


@dataclass(frozen=True, slots=True)
class HandStarted(TextEvent):
    """A hand dealt: its number in the match and its dealer."""

    hand_number: int
    dealer: Seat
    TEXT = "Hand {hand_number}: {dealer.word} deals."


@dataclass(frozen=True, slots=True)
class PassedOut(TextEvent):
    """Every seat passed: the hand ``dealer`` dealt is thrown in."""

    dealer: Seat
    TEXT = "Everyone passed: the hand is thrown in and the next dealer deals."


@dataclass(frozen=True, slots=True)
class CardsGiven(SeatEvent):
    """A loner's partner passes a card face down to the loner ``to`` (views hide which)."""

    to: Seat
    TEXT = "{seat.word} passes a card face down to {to.word}."


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: the leader, the cards in play order with their seats, the winner."""

    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)

    def to_json(self) -> dict[str, object]:
        return {"leader": self.leader.name, "cards": [str(c) for c in self.cards], "winner": self.winner.name}


@dataclass(frozen=True, slots=True)
class Passed(SeatEvent):
    round: int
    TEXT = "{seat.word} passes."


@dataclass(frozen=True, slots=True)
class Discarded(CardEvent):
    """The dealer's discard; only the dealer may see ``card`` (views hide it)."""

    TEXT = "{seat.word} discards a card face down."


@dataclass(frozen=True, slots=True)
class CardPlayed(CardEvent):
    trick: int
    TEXT = "{seat.word} plays {card.symbol}."


@dataclass(frozen=True, slots=True)
class TrickWon(TextEvent):
    number: int
    trick: Trick
    TEXT = "{trick.winner.word} wins trick {number}."

    @property
    def seat(self) -> Seat:
        return self.trick.winner


@dataclass(frozen=True, slots=True)
class MatchWon:
    team: Team | None
    scores: tuple[int, ...]

    @property
    def text(self) -> str:
        score = "-".join(str(x) for x in self.scores)
        if self.team is None:
            return f"The match ends level at {score}."
        verb = "wins" if len(self.team.seats) == 1 else "win"
        return f"{self.team} {verb} the match {score}."
