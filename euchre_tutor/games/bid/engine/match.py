"""A Bid Euchre match: hands to the target (or a fixed number of hands), the deal rotating left.

>>> match = new_match(seed=7)
>>> match.hand_number, match.scores, match.to_act
(1, (0, 0), <Seat.E: 1>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from euchre_tutor.errors import DealError, IllegalAction, RulesError
from euchre_tutor.games.bid.engine.actions import Action
from euchre_tutor.games.bid.engine.deal import Deal
from euchre_tutor.games.bid.engine.events import Event, HandStarted
from euchre_tutor.games.bid.engine.hand import HandState, new_hand
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.tricks.match import MatchCore, check_dealer
from euchre_tutor.tricks.seating import FOUR, Seat, Team

__all__ = ["HandResult", "MatchState", "match_winner", "new_match"]


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand as the match remembers it."""

    number: int
    dealer: Seat
    bidder: Seat | None  # None: passed out
    bid: str
    made: bool | None
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchState(MatchCore[HandState, HandResult, Action, Event]):
    """A match: ``hand`` is the hand in progress (the last one once the match is over).

    Deals come from ``deals`` (explicit, in order) and then from ``seed``.
    """

    rules: BidRules
    deals: tuple[Deal, ...]

    @property
    def winner(self) -> Team | None:
        if not self.is_over:
            return None
        return match_winner(self.rules, self.scores, len(self.results), self.hand.bidders)[1]

    def apply(self, action: Action | str) -> MatchState:
        if self.is_over:
            raise IllegalAction(f"the match is over ({'-'.join(map(str, self.scores))}); start a new one")
        return MatchCore.apply(self, action)

    def hand_result(self, hand: HandState, number: int, points: tuple[int, ...]) -> HandResult:
        return HandResult(number, hand.dealer, hand.bidder, hand.bid_text(), hand.made(), points)

    def match_end(
        self, scores: tuple[int, ...], hands_played: int, hand: HandState
    ) -> tuple[bool, Team | None]:
        return match_winner(self.rules, scores, hands_played, hand.bidders)

    def hand_started(self, number: int, hand: HandState) -> HandStarted:
        return HandStarted(number, hand.dealer)

    def hand_for(self, index: int, dealer: Seat) -> HandState:
        if index < len(self.deals):
            return new_hand(self.deals[index], self.rules)
        return new_hand(Deal.from_seed(f"{self.seed}:{index}", dealer, self.rules), self.rules)


def match_winner(
    rules: BidRules, scores: tuple[int, ...], hands_played: int, bidders: Team | None
) -> tuple[bool, Team | None]:
    """(over?, winner) after a hand: a number of hands played, the highest wins (level: nobody);
    else a side on the target wins; both on it in the same hand: the bidding side."""
    teams = FOUR.teams
    if rules.hands is not None:
        if hands_played < rules.hands:
            return False, None
        if scores[0] == scores[1]:
            return True, None
        return True, teams[0] if scores[0] > scores[1] else teams[1]
    reached = [t for t in teams if scores[t.index] >= rules.target]
    if not reached:
        return False, None
    if len(reached) == 1:
        return True, reached[0]
    return True, bidders


def new_match(
    rules: BidRules | None = None,
    *,
    seed: int | str = 0,
    dealer: Seat | str | None = None,
    deals: Sequence[Deal] = (),
) -> MatchState:
    """A new match; the first hands use ``deals`` (if given, rotating left), then seeded deals."""
    r = rules if rules is not None else BidRules()
    if not isinstance(r, BidRules):
        raise RulesError(f"expected BidRules, got {r!r}")
    given = FOUR.seats[0] if dealer is None else FOUR.parse(dealer)
    first = deals[0].dealer if deals else given
    for i, d in enumerate(deals):
        check_dealer(i, d.dealer, first)
        if d.rules != r:
            raise DealError(f"deal {i + 1} was dealt under other rules than the match's")
    deals_t = tuple(deals)
    first_deal = deals_t[0] if deals_t else Deal.from_seed(f"{seed}:0", first, r)
    return MatchState(
        rules=r,
        seed=seed,
        first_dealer=first,
        deals=deals_t,
        hand=new_hand(first_deal, r),
        events=(HandStarted(1, first),),
    )
