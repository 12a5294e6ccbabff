"""The events every trick-taking game here shares: a trick, a card played, a trick won, a pass, a
face-down discard, the match won. Each has a ``text`` in plain words; a game adds its own bidding and
scoring events beside them.

Most events are told by one sentence: a :class:`TextEvent` names it in its class's ``TEXT``, a
:meth:`str.format` template over the event's fields (``"{seat.word} plays {card.symbol}."``). An
event whose words depend on more than its fields' names overrides ``text`` instead.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from euchre_tutor.cards import Card
from euchre_tutor.tricks.seating import Seat, Team

__all__ = ["CardPlayed", "Discarded", "MatchWon", "Passed", "TextEvent", "Trick", "TrickWon"]


@dataclass(frozen=True, slots=True)
class TextEvent:
    """An event told in plain words: ``text`` is ``TEXT`` with the event's fields filled in."""

    TEXT: ClassVar[str] = ""

    @property
    def text(self) -> str:
        return self.TEXT.format_map({f.name: getattr(self, f.name) for f in fields(self)})


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
class Passed(TextEvent):
    seat: Seat
    round: int
    TEXT = "{seat.word} passes."


@dataclass(frozen=True, slots=True)
class Discarded(TextEvent):
    """The dealer's discard; only the dealer may see ``card`` (views hide it)."""

    seat: Seat
    card: Card
    TEXT = "{seat.word} discards a card face down."


@dataclass(frozen=True, slots=True)
class CardPlayed(TextEvent):
    seat: Seat
    card: Card
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
