"""What one seat of the proof game may know: its own cards, the cards played, whose turn it is.

A seat's view carries what every trick-taking seat view carries at a shared table (the seat, the
dealer, the seat to act and its legal actions, the hand, the tricks and the trick in play, the scores,
each seat's card count), so the table service sends it and the student's kernel reads it back
(:func:`seat_view_of`). A face-up watcher sees a seat's view with no legal actions (:func:`open_view`),
a face-down watcher no seat's cards (:func:`public_view`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from euchre_tutor.cards import Card, Suit
from euchre_tutor.tricks.events import Trick
from euchre_tutor.tricks.seating import Seat
from euchre_tutor.views.reading import read_view
from euchre_tutor.views.shared import TrickView
from tests.proof_game.engine import DECK, TWO, Action, Hand, ProofRules


@dataclass(frozen=True, slots=True)
class ProofView(TrickView):
    """A seat's view of a hand: never the other seat's cards (only how many it holds)."""

    seat: Seat
    rules: ProofRules
    dealer: Seat
    hand_number: int
    hand: tuple[Card, ...]
    to_act: Seat | None
    legal: tuple[Action, ...]
    trick_leader: Seat | None
    trick_plays: tuple[tuple[Seat, Card], ...]
    tricks: tuple[Trick, ...]
    scores: tuple[int, ...] = (0, 0)
    #: how many cards each seat holds, North's first (public: everyone sees a hand's size)
    counts: tuple[int, ...] = ()
    trump: Suit | None = None

    @property
    def phase(self) -> str:
        return "play" if self.to_act is not None else "over"

    @property
    def other_holds(self) -> int:
        """How many cards the other seat holds."""
        return self.counts[int(self.seat.next)]

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards this seat has not seen: the other seat's hand is among them."""
        played = {c for t in self.tricks for c in t.cards} | {c for _, c in self.trick_plays}
        return frozenset(DECK) - played - set(self.hand)


def _hand_and_scores(state: Any) -> tuple[Hand, tuple[int, ...]]:
    if isinstance(state, Hand):
        return state, (0, 0)
    return state.hand, tuple(state.scores)


def _view(state: Any, seat: Seat, *, looks: bool) -> ProofView:
    hand, scores = _hand_and_scores(state)
    mine = tuple(sorted(hand.held[seat], key=lambda c: c.index)) if looks else ()
    return ProofView(
        seat,
        hand.rules,
        hand.dealer,
        hand.hand_number,
        mine,
        hand.to_act,
        hand.legal_actions() if looks and hand.to_act == seat else (),
        hand.plays[0][0] if hand.plays else None,
        hand.plays,
        hand.tricks,
        scores,
        tuple(len(h) for h in hand.held),
    )


def seat_view(state: Any, seat: Seat) -> ProofView:
    """``seat``'s view of a hand, or of a match's hand in play (with the match's scores)."""
    return _view(state, seat, looks=True)


def open_view(state: Any, seat: Seat) -> ProofView:
    """``seat``'s view as a face-up watcher sees it: its cards, no legal actions."""
    return replace(_view(state, seat, looks=True), legal=())


def public_view(state: Any) -> ProofView:
    """What a face-down watcher may know: the cards played and the scores, no seat's hand (``seat``
    is the dealer's, a placeholder: the view is nobody's)."""
    hand, _ = _hand_and_scores(state)
    return _view(state, hand.dealer, looks=False)


def seat_view_of(data: object, rules: object) -> ProofView:
    """The seat view the table service's JSON ``data`` writes, at the table's ``rules``."""
    table_rules = rules if isinstance(rules, ProofRules) else ProofRules.from_json(rules)
    return read_view(ProofView, data, rules=table_rules, seating=TWO)
