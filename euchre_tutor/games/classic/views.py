"""What one seat may know in classic Euchre: the hidden-information boundary.

:func:`seat_view` turns a true :class:`~euchre_tutor.games.classic.engine.engine.HandState`
(or a match) into a :class:`SeatView`: the seat's own cards, the public
bidding and play, the dealer's discard only for the dealer, and the voids
each player has shown. Under house rules it also hides the cards a player
went under with (from everyone else), the loner's discard after a call for
best (from everyone else) and, while a dealer names trump blind, the
dealer's own hand. Bots and the advisor decide from a view, never from
the true state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from euchre_tutor.cards import Card, Suit, deck
from euchre_tutor.games.classic.engine.engine import (
    Action,
    HandState,
    MatchState,
    Phase,
    Seat,
    Trick,
)
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.views.shared import TrickView, shown_voids

__all__ = ["SeatView", "open_view", "public_view", "seat_view"]


@dataclass(frozen=True, slots=True)
class SeatView(TrickView):
    """One seat's knowledge of the current hand (and the match score)."""

    seat: Seat
    rules: ClassicRules
    phase: Phase
    to_act: Seat | None
    dealer: Seat
    up: Card
    up_taken: bool
    hand: tuple[Card, ...]
    bids: tuple[tuple[Seat, Action], ...]
    trump: Suit | None
    maker: Seat | None
    alone: bool
    lone_defender: Seat | None
    sitting_out: frozenset[Seat]
    discard: Card | None
    tricks: tuple[Trick, ...]
    trick_leader: Seat | None
    trick_plays: tuple[tuple[Seat, Card], ...]
    voids: tuple[frozenset[Suit], ...]
    legal: tuple[Action, ...]
    scores: tuple[int, ...] = (0, 0)
    notrump: str | None = None
    under_seat: Seat | None = None
    under_cards: tuple[Card, ...] = ()
    loner_discard: Card | None = None
    #: how many cards each seat holds, in seating order (public: everyone sees a hand's size)
    counts: tuple[int, ...] = ()

    @property
    def up_suit(self) -> Suit:
        """The suit round 1 proposes (a turned-up joker proposes spades)."""
        return self.up.suit or Suit.SPADES

    @property
    def is_maker_side(self) -> bool:
        return self.maker is not None and self.maker.team is self.seat.team

    @property
    def players(self) -> int:
        return self.seat.seating.players

    def same_side(self, other: Seat) -> bool:
        """Is ``other`` on this seat's side this hand? Partners are; once trump is made, so are the
        defenders against the makers (at three players the two defenders play together)."""
        if other.team is self.seat.team:
            return True
        if self.maker is None:
            return False
        return self.maker.team is not self.seat.team and self.maker.team is not other.team

    @property
    def round(self) -> int:
        return 1 if self.phase is Phase.ROUND_1 else 2 if self.phase is Phase.ROUND_2 else 0

    def played_cards(self) -> frozenset[Card]:
        cards = {c for t in self.tricks for c in t.cards}
        cards.update(c for _, c in self.trick_plays)
        return frozenset(cards)

    def unseen_cards(self) -> frozenset[Card]:
        """Cards whose place this seat does not know (other hands, the kitty, a hidden discard).

        A picked-up up card is known to be the dealer's (unless the dealer may have
        discarded it), so it is not unseen for the others.
        """
        known = set(self.hand) | set(self.played_cards()) | set(self.under_cards)
        for hidden in (self.discard, self.loner_discard):
            if hidden is not None:
                known.add(hidden)
        if not self.up_taken or not self.rules.dealer_may_discard_up_card or self.seat == self.dealer:
            known.add(self.up)
        pack = deck(self.rules.deck, joker=self.rules.joker)
        return frozenset(c for c in pack if c not in known)


def seat_view(state: HandState | MatchState, seat: Seat | str) -> SeatView:
    """The view of ``seat``; for a match, of its hand in progress (with the match score)."""
    hand, scores = _hand_and_scores(state)
    return _view(hand, hand.seating.parse(seat), scores, looks=hand.phase is not Phase.BLIND)


def open_view(state: HandState | MatchState, seat: Seat | str) -> SeatView:
    """The view of ``seat`` as a face-up watcher sees it: the seat's own cards even while the seat
    itself may not look at them (a dealer naming trump blind), and no legal actions."""
    hand, scores = _hand_and_scores(state)
    return replace(_view(hand, hand.seating.parse(seat), scores, looks=True), legal=())


def public_view(state: HandState | MatchState) -> SeatView:
    """What a face-down watcher may know: the up card, the bidding (a player going under shows no
    cards) and the cards played face up, with no seat's hand, discard or passed card and no legal
    actions. ``seat`` is the dealer's, a placeholder: the view is nobody's."""
    hand, scores = _hand_and_scores(state)
    return _view(hand, None, scores, looks=False)


def _hand_and_scores(state: HandState | MatchState) -> tuple[HandState, tuple[int, ...]]:
    if isinstance(state, MatchState):
        return state.hand, state.scores
    return state, (0,) * len(state.seating.teams)


def _view(hand: HandState, me: Seat | None, scores: tuple[int, ...], *, looks: bool) -> SeatView:
    """The view of ``me`` (None: of nobody); ``looks``: ``me`` sees its own hand."""
    bids = tuple(
        (s, Action("under") if a.kind == "under" and s != me else a)
        for s, a in hand.history
        if a.kind not in ("discard", "play", "give")
    )
    return SeatView(
        seat=hand.dealer if me is None else me,
        rules=hand.rules,
        phase=hand.phase,
        to_act=hand.to_act,
        dealer=hand.dealer,
        up=hand.up,
        up_taken=hand.up_taken,
        hand=hand.hands[me] if looks and me is not None else (),
        bids=bids,
        trump=hand.trump,
        maker=hand.maker,
        alone=hand.alone,
        lone_defender=hand.lone_defender,
        sitting_out=hand.sitting_out,
        discard=hand.discard if me == hand.dealer else None,
        tricks=hand.tricks,
        trick_leader=hand.trick_leader,
        trick_plays=hand.trick_plays,
        voids=shown_voids(hand.tricks, hand.trick_plays, hand.trump, hand.seating.players),
        legal=hand.legal_actions() if me is not None and hand.to_act == me else (),
        scores=scores,
        notrump=hand.notrump,
        under_seat=hand.under_seat,
        under_cards=hand.under_cards if me is not None and me == hand.under_seat else (),
        loner_discard=hand.loner_discard if me is not None and me == hand.maker else None,
        counts=tuple(len(hand.hands[s]) for s in hand.seating.seats),
    )
