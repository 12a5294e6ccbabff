"""A classic match: hands to the target (or a fixed number of hands), the dealer rotating left.

>>> match = new_match(seed=7)
>>> match.hand_number, match.scores, match.to_act
(1, (0, 0), <Seat.E: 1>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from euchre_tutor.errors import DealError, RulesError
from euchre_tutor.games.classic.engine.actions import Action
from euchre_tutor.games.classic.engine.deal import Deal, rules_seating
from euchre_tutor.games.classic.engine.events import Event, HandStarted
from euchre_tutor.games.classic.engine.hand import HandState, new_hand
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.tricks.match import HandResults, MatchCore, check_dealer
from euchre_tutor.tricks.seating import Seat, Seating, Team

__all__ = ["HandResult", "HandResults", "MatchState", "new_match"]


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand as the match remembers it."""

    number: int
    dealer: Seat
    passed_out: bool
    points: tuple[int, ...]
    misdeal: bool = False


@dataclass(frozen=True, slots=True)
class MatchState(MatchCore[HandState, HandResult, Action, Event]):
    """A match: hands to the target (or a fixed number of hands), dealer rotating left.

    ``hand`` is the hand in progress; when a hand ends and the match goes on,
    the next hand is dealt at once and ``last_hand`` keeps the finished one.
    Deals come from ``deals`` (explicit, in order) and then from ``seed``.
    """

    rules: ClassicRules
    deals: tuple[Deal, ...]

    @property
    def seating(self) -> Seating:
        return self.first_dealer.seating

    @property
    def winner(self) -> Team | None:
        return _leader(self.seating, self.scores) if self.is_over else None

    def hand_result(self, hand: HandState, number: int, points: tuple[int, ...]) -> HandResult:
        return HandResult(number, hand.dealer, hand.passed_out, points, hand.misdealt)

    def match_end(
        self, scores: tuple[int, ...], hands_played: int, hand: HandState
    ) -> tuple[bool, Team | None]:
        if _match_over(self.rules, scores, hands_played):
            return True, _leader(self.seating, scores)
        return False, None

    def next_dealer(self, hand: HandState) -> Seat:
        """The deal rotates left, except after a misdeal: the same dealer deals again."""
        return hand.dealer if hand.misdealt else hand.dealer.next

    def hand_started(self, number: int, hand: HandState) -> HandStarted:
        return HandStarted(number, hand.dealer, hand.up)

    def hand_for(self, index: int, dealer: Seat) -> HandState:
        r = self.rules
        if index < len(self.deals):
            deal = self.deals[index]
            if deal.dealer != dealer:  # a misdeal shifted the rotation: same cards, the right dealer
                deal = replace(deal, dealer=dealer)
        else:
            deal = Deal.from_seed(f"{self.seed}:{index}", dealer, size=r.deck, joker=r.joker)
        return new_hand(deal, r)


def _leader(seating: Seating, scores: Sequence[int]) -> Team | None:
    """The team alone on top (None when the top score is shared)."""
    top = max(scores)
    leaders = [t for t in seating.teams if scores[t.index] == top]
    return leaders[0] if len(leaders) == 1 else None


def _match_over(rules: ClassicRules, scores: tuple[int, ...], hands_played: int) -> bool:
    """Over after ``hands`` hands, or when one team alone has reached the target.

    With three teams two can reach the target in the same hand (both score a
    euchre): the higher wins; level at the top, play goes on.
    """
    if rules.hands is not None:
        return hands_played >= rules.hands
    top = max(scores)
    return top >= rules.target and scores.count(top) == 1


def new_match(
    rules: ClassicRules | None = None,
    *,
    seed: int | str = 0,
    dealer: Seat | str | None = None,
    deals: Sequence[Deal] = (),
) -> MatchState:
    """A new match; the first hands use ``deals`` (if given), then seeded deals.

    ``dealer`` (the first dealer) defaults to the table's first seat (N; P1).
    Explicit deals must follow the rotation: deal i is dealt by the seat left of deal i-1's dealer.
    """
    r = rules if rules is not None else ClassicRules()
    if not isinstance(r, ClassicRules):
        raise RulesError(f"expected ClassicRules, got {r!r}")
    table = rules_seating(r)
    given = table.seats[0] if dealer is None else table.parse(dealer)
    first = deals[0].dealer if deals else given
    for i, d in enumerate(deals):
        if d.seating is not table:
            raise DealError(f"deal {i + 1} is for a {d.seating.description} table, not {table.description}")
        check_dealer(i, d.dealer, first)
    deals_t = tuple(deals)
    first_deal = deals_t[0] if deals_t else Deal.from_seed(f"{seed}:0", first, size=r.deck, joker=r.joker)
    hand = new_hand(first_deal, r)
    return MatchState(
        rules=r,
        seed=seed,
        first_dealer=first,
        deals=deals_t,
        hand=hand,
        scores=(0,) * len(table.teams),
        events=(HandStarted(1, first, first_deal.up),),
    )
