"""What one seat of the proof game may know: its own cards, the cards played, whose turn it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from euchre_tutor.cards import Card, Suit
from euchre_tutor.tricks.events import Trick
from euchre_tutor.tricks.seating import Seat
from tests.proof_game.engine import DECK, Action, Hand, ProofRules


@dataclass(frozen=True, slots=True)
class ProofView:
    """A seat's view of a hand: never the other seat's cards (only how many it holds)."""

    seat: Seat
    dealer: Seat
    hand_number: int
    hand: tuple[Card, ...]
    to_act: Seat | None
    legal: tuple[Action, ...]
    plays: tuple[tuple[Seat, Card], ...]
    tricks: tuple[Trick, ...]
    other_holds: int
    rules: ProofRules
    trump: Suit | None = None

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards this seat has not seen: the other seat's hand is among them."""
        played = {c for t in self.tricks for c in t.cards} | {c for _, c in self.plays}
        return frozenset(DECK) - played - set(self.hand)


def seat_view(state: Any, seat: Seat) -> ProofView:
    """``seat``'s view of a hand, or of a match's hand in play."""
    hand: Hand = getattr(state, "hand", state) if not isinstance(state, Hand) else state
    mine = tuple(sorted(hand.held[seat], key=lambda c: c.index))
    return ProofView(
        seat,
        hand.dealer,
        hand.hand_number,
        mine,
        hand.to_act,
        hand.legal_actions() if hand.to_act == seat else (),
        hand.plays,
        hand.tricks,
        len(hand.held[seat.next]),
        hand.rules,
    )
