"""What one seat may know in Bid Euchre: the hidden-information boundary.

:func:`seat_view` turns a true :class:`~euchre_tutor.games.bid.engine.HandState` (or a
match) into a :class:`SeatView`: the seat's own cards, the public bidding
and play, the bid winner's kitty discards only for the bid winner, the cards
passed in a call only for the loner and the partner, and the voids each
player has shown. Bots and the advisor decide from a view, never from the
true state.

>>> from euchre_tutor.games.bid.engine import Deal, new_hand
>>> view = seat_view(new_hand(Deal.from_seed(7, "N")), "E")
>>> view.my_turn, len(view.hand), len(view.unseen_cards())
(True, 6, 18)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from euchre_tutor.cards import Card, Suit
from euchre_tutor.games.bid.engine import Action, HandState, MatchState, Phase, Seat, Trick, pack
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.tricks.seating import FOUR
from euchre_tutor.views.shared import TrickView, shown_voids

__all__ = ["SeatView", "open_view", "public_view", "seat_view"]


@dataclass(frozen=True, slots=True)
class SeatView(TrickView):
    """One seat's knowledge of the current hand (and the match score)."""

    seat: Seat
    rules: BidRules
    phase: Phase
    to_act: Seat | None
    dealer: Seat
    hand: tuple[Card, ...]
    bids: tuple[tuple[Seat, Action], ...]
    high: Action | None
    bidder: Seat | None
    trump: Suit | None
    notrump: str | None
    needs: int
    sitting_out: Seat | None
    discards: tuple[Card, ...]  # the bid winner's own discards (empty for the others)
    gifts: tuple[Card, ...]  # cards passed in a call (only the loner and the partner see them)
    tricks: tuple[Trick, ...]
    trick_leader: Seat | None
    trick_plays: tuple[tuple[Seat, Card], ...]
    legal: tuple[Action, ...]
    scores: tuple[int, ...] = (0, 0)
    #: how many cards each seat holds, in seating order (public: everyone sees a hand's size)
    counts: tuple[int, ...] = ()

    @property
    def is_bidder_side(self) -> bool:
        return self.bidder is not None and self.bidder.team is self.seat.team

    @property
    def alone(self) -> str | None:
        return None if self.high is None else self.high.alone

    @property
    def voids(self) -> tuple[frozenset[Suit], ...]:
        """The suits each seat (by index) has shown it holds none of, by not following them."""
        return shown_voids(self.tricks, self.trick_plays, self.trump)

    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far (a card twice when both copies of the double deck were)."""
        return tuple(c for t in self.tricks for c in t.cards) + tuple(c for _, c in self.trick_plays)

    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards whose place this seat does not know (other hands, an unseen kitty or discard),
        in pack order, a card twice when both copies of the double deck are unseen."""
        known = Counter(self.hand)
        known.update(self.played_cards())
        known.update(self.discards)
        if self.gifts and self.seat == self.sitting_out:  # the partner knows the loner holds them
            loner_played = Counter(c for t in self.tricks for s, c in t.plays if s == self.bidder)
            loner_played.update(c for s, c in self.trick_plays if s == self.bidder)
            known.update(Counter(self.gifts) - loner_played)
        out: list[Card] = []
        for c in pack(self.rules):
            if known[c] > 0:
                known[c] -= 1
            else:
                out.append(c)
        return tuple(out)


def seat_view(state: HandState | MatchState, seat: Seat | str) -> SeatView:
    """The view of ``seat``; for a match, of its hand in progress (with the match score)."""
    hand, scores = _hand_and_scores(state)
    return _view(hand, FOUR.parse(seat), scores)


def open_view(state: HandState | MatchState, seat: Seat | str) -> SeatView:
    """The view of ``seat`` as a face-up watcher sees it: the seat's own view, no legal actions."""
    hand, scores = _hand_and_scores(state)
    return replace(_view(hand, FOUR.parse(seat), scores), legal=())


def public_view(state: HandState | MatchState) -> SeatView:
    """What a face-down watcher may know: the bidding and the cards played face up, with no seat's
    hand, discards or passed cards and no legal actions. ``seat`` is the dealer's, a placeholder:
    the view is nobody's."""
    hand, scores = _hand_and_scores(state)
    return _view(hand, None, scores)


def _hand_and_scores(state: HandState | MatchState) -> tuple[HandState, tuple[int, ...]]:
    if isinstance(state, MatchState):
        return state.hand, state.scores
    return state, (0, 0)


def _view(hand: HandState, me: Seat | None, scores: tuple[int, ...]) -> SeatView:
    """The view of ``me`` (None: of nobody)."""
    in_call = me is not None and (me == hand.bidder or me == hand.sitting_out)
    return SeatView(
        seat=hand.dealer if me is None else me,
        rules=hand.rules,
        phase=hand.phase,
        to_act=hand.to_act,
        dealer=hand.dealer,
        hand=() if me is None else hand.hands[me],
        bids=tuple((s, a) for s, a in hand.history if a.kind in ("pass", "bid", "trump")),
        high=hand.high,
        bidder=hand.bidder,
        trump=hand.trump,
        notrump=hand.notrump,
        needs=hand.needs,
        sitting_out=hand.sitting_out,
        discards=hand.discards if me is not None and me == hand.bidder else (),
        gifts=hand.gifts if in_call else (),
        tricks=hand.tricks,
        trick_leader=hand.trick_leader,
        trick_plays=hand.trick_plays,
        legal=hand.legal_actions() if me is not None and hand.to_act == me else (),
        scores=scores,
        counts=tuple(len(hand.hands[s]) for s in FOUR.seats),
    )
