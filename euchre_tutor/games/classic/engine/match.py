"""A classic match: hands to the target (or a fixed number of hands), the dealer rotating left.

>>> match = new_match(seed=7)
>>> match.hand_number, match.scores, match.to_act
(1, (0, 0), <Seat.E: 1>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from euchre_tutor.errors import DealError, RulesError
from euchre_tutor.games.classic.engine.actions import Action
from euchre_tutor.games.classic.engine.deal import Deal, rules_seating
from euchre_tutor.games.classic.engine.events import Event, HandStarted, MatchWon
from euchre_tutor.games.classic.engine.hand import HandState, new_hand
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.tricks.match import HandResults, check_dealer
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


NO_RESULTS: HandResults[HandResult] = HandResults()


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match: hands to the target (or a fixed number of hands), dealer rotating left.

    ``hand`` is the hand in progress; when a hand ends and the match goes on,
    the next hand is dealt at once and ``last_hand`` keeps the finished one.
    Deals come from ``deals`` (explicit, in order) and then from ``seed``.
    """

    rules: ClassicRules
    seed: int | str
    first_dealer: Seat
    deals: tuple[Deal, ...]
    hand: HandState
    scores: tuple[int, ...] = (0, 0)
    results: HandResults[HandResult] = NO_RESULTS
    last_hand: HandState | None = None
    events: tuple[Event, ...] = field(default=(), compare=False)

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in progress (or the last one, when the match is over)."""
        return len(self.results) + (0 if self.is_over else 1)

    @property
    def is_over(self) -> bool:
        return self.hand.is_over

    @property
    def to_act(self) -> Seat | None:
        return self.hand.to_act

    @property
    def seating(self) -> Seating:
        return self.first_dealer.seating

    @property
    def winner(self) -> Team | None:
        return _leader(self.seating, self.scores) if self.is_over else None

    def legal_actions(self) -> tuple[Action, ...]:
        return self.hand.legal_actions()

    def apply(self, action: Action | str) -> MatchState:
        hand = self.hand.apply(action)
        if not hand.is_over:
            return replace(self, hand=hand, events=hand.events)
        pts = hand.points()
        scores = tuple(a + b for a, b in zip(self.scores, pts, strict=True))
        results = self.results.plus(
            HandResult(len(self.results) + 1, hand.dealer, hand.passed_out, pts, hand.misdealt)
        )
        events: tuple[Event, ...] = hand.events
        if _match_over(self.rules, scores, len(results)):
            winner = _leader(self.seating, scores)
            return replace(
                self,
                hand=hand,
                scores=scores,
                results=results,
                events=(*events, MatchWon(winner, scores)),
            )
        nxt = self._hand_for(len(results), hand.dealer if hand.misdealt else hand.dealer.next)
        return replace(
            self,
            hand=nxt,
            scores=scores,
            results=results,
            last_hand=hand,
            events=(*events, HandStarted(len(results) + 1, nxt.dealer, nxt.up)),
        )

    def dealer_for(self, index: int) -> Seat:
        """The dealer of hand ``index`` (0-based): the deal rotates left, except after a misdeal."""
        dealer = self.first_dealer
        for i in range(index):
            if not (i < len(self.results) and self.results[i].misdeal):
                dealer = dealer.next
        return dealer

    def _hand_for(self, index: int, dealer: Seat) -> HandState:
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
