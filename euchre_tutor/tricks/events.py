"""The events every trick-taking game here shares: a trick, a card played, a trick won, a pass, a
face-down discard, the match won. Each has a ``text`` in plain words; a game adds its own bidding and
scoring events beside them.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_tutor.cards import Card
from euchre_tutor.tricks.seating import Seat, Team

__all__ = ["CardPlayed", "Discarded", "MatchWon", "Passed", "Trick", "TrickWon"]


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
class Passed:
    seat: Seat
    round: int

    @property
    def text(self) -> str:
        return f"{self.seat.word} passes."


@dataclass(frozen=True, slots=True)
class Discarded:
    """The dealer's discard; only the dealer may see ``card`` (views hide it)."""

    seat: Seat
    card: Card

    @property
    def text(self) -> str:
        return f"{self.seat.word} discards a card face down."


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: Seat
    card: Card
    trick: int

    @property
    def text(self) -> str:
        return f"{self.seat.word} plays {self.card.symbol}."


@dataclass(frozen=True, slots=True)
class TrickWon:
    number: int
    trick: Trick

    @property
    def seat(self) -> Seat:
        return self.trick.winner

    @property
    def text(self) -> str:
        return f"{self.trick.winner.word} wins trick {self.number}."


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
