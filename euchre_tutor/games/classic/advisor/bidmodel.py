"""The bidding model: how likely a hand is to make the bids a seat made.

The classic advisor's sampler (:mod:`euchre_tutor.games.classic.advisor.worlds`)
weighs each candidate deal by it: the hand each other seat held when it bid,
against every bid it made (passes included) and a hidden discard.

A softened version of the rule-based player's point count
(:mod:`euchre_tutor.games.classic.advisor.strength`). With ``sigma(x) = 1 / (1 + e^-x)``:

- Round 1: ``points`` = :func:`hand_strength` of the hand for the up card's
  suit (the dealer's best five of six with the up card), plus half the up
  card's trump points for the dealer's partner, minus half for an opponent.
  ``P(order) = sigma((points - bid) / temperature)``, ``P(pass) = 1 - P(order)``.
  ``bid`` is one point higher at three players (the maker plays alone against two).
- Round 2: each suit (or no-trump bid) that may be named has its points;
  ``P(call something) = sigma((best - bid) / temperature)`` (1 for a stuck
  dealer), shared among the options by a softmax of ``points / split_temperature``.
- Alone: a bid made alone has probability ``P(bid) * a``, the same bid with
  the partner ``P(bid) * (1 - a)``, where ``a = sigma((points - alone) /
  temperature)``, times ``no_bower_factor`` unless the hand holds the right
  bower (or the joker) and the left bower or four trumps (the rule-based
  player's condition). The maker's later ``alone``/``partner`` answer
  (alone decided after the discard) uses the same ``a``.
- Defending alone: ``sigma((points - defend_alone) / temperature)``.
- Uninformative (likelihood 1): the dealer's blind call (the hand is unseen),
  a misdeal and going under (only legal with the right hand, which the
  sampler enforces; declining them is not held against a hand: many players do).
- A hidden discard (the dealer's, or a loner's after a call for best):
  ``P(discard c) = softmax over the cards that may be discarded of
  points(the five kept) / discard_temperature``: the best five is likeliest.
- Every likelihood is at least ``floor``, so an unusual bid never empties the sample.

The defaults (``bid=6``, ``alone=10``) are the rule-based player's thresholds;
``temperature=1`` point lets a hand a point short still order about a quarter
of the time, which is how people bid.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeAlias

from euchre_tutor.cards import Card, Rank, Suit, deck, is_left_bower, is_right_bower, is_trump
from euchre_tutor.games.classic.advisor.strength import (
    StrengthTable,
    hand_strength,
    no_trump_strength,
    trump_points,
)
from euchre_tutor.games.classic.engine.engine import Action, Phase, Seat
from euchre_tutor.games.classic.rules import ClassicRules

__all__ = ["BidContext", "BiddingModel", "may_order"]


def _sigma(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


# ---------------------------------------------------------------------------
# The bidding model


class _Situation(Protocol):
    """What a bid's likelihood depends on besides the hand (a SeatView, a HandState or a BidContext)."""

    @property
    def rules(self) -> ClassicRules: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_act(self) -> Seat | None: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def up(self) -> Card: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def notrump(self) -> str | None: ...


_Strength: TypeAlias = Callable[[Sequence[Card], Suit], float]


@dataclass(frozen=True, slots=True)
class BidContext:
    """The public situation of one bid: who bids, in which phase, under which rules."""

    rules: ClassicRules
    phase: Phase
    to_act: Seat
    dealer: Seat
    up: Card
    trump: Suit | None = None
    notrump: str | None = None


@dataclass(frozen=True, slots=True)
class BiddingModel:
    """How likely a hand is to make a bid: the rule-based point count, softened (see the module doc).

    Parameters (points are :func:`hand_strength` points):

    - ``bid``: the points at which ordering or calling is even odds (the rule-based player's 6).
    - ``alone``: the same for going alone (the rule-based player's 10).
    - ``defend_alone``: the same for defending alone.
    - ``temperature``: points per unit of log-odds; smaller is a stricter bidder.
    - ``split_temperature``: how sharply a round-2 caller prefers its best suit.
    - ``no_bower_factor``: how much less likely alone is without the rule-based
      player's bowers (right bower, and the left or four trumps).
    - ``three_handed_extra``: extra points a bid needs at three players.
    - ``floor``: the least likelihood of any legal action.
    - ``discard_temperature``: how firmly a discarding seat keeps its best five.
    - ``uniform``: every bid and discard has likelihood 1 (no inference; for comparison).

    House-rule actions: a misdeal, going under and a blind call are
    uninformative (1); a Canadian loner's dealer's partner orders only alone
    (``P(bid) * a``); no-trump calls are options of round 2 scored by
    :func:`no_trump_strength`; a stuck dealer calls with probability 1.
    """

    bid: float = 6.0
    alone: float = 10.0
    defend_alone: float = 11.0
    temperature: float = 1.0
    split_temperature: float = 1.0
    no_bower_factor: float = 0.1
    three_handed_extra: float = 1.0
    floor: float = 0.02
    discard_temperature: float = 0.5
    uniform: bool = False

    def likelihood(self, hand: Sequence[Card], context: _Situation, action: Action) -> float:
        """P(``action`` | ``hand``) for the seat to act in ``context`` (a legal action; never 0)."""
        return self._likelihood(list(hand), context, action, hand_strength)

    def discard_likelihood(
        self, six: Sequence[Card], trump: Suit | None, card: Card, allowed: Sequence[Card] = ()
    ) -> float:
        """P(discarding ``card`` from ``six`` cards) with ``trump``: the five kept are most likely the best five.

        ``allowed`` lists the cards that may be discarded (all six when empty).
        """
        return self._discard(list(six), trump, card, list(allowed), hand_strength)

    def _discard(
        self, six: list[Card], trump: Suit | None, card: Card, allowed: list[Card], strength: _Strength
    ) -> float:
        if self.uniform or trump is None:
            return 1.0
        return self._discards(six, trump, allowed, strength).get(card, 1.0)

    def _discards(
        self, six: list[Card], trump: Suit, allowed: list[Card], strength: _Strength
    ) -> dict[Card, float]:
        """P(discard c) for every card ``c`` that may be discarded (all six when ``allowed`` is empty)."""
        options = allowed or six
        if isinstance(strength, StrengthTable):
            every = dict(zip(six, strength.drop_points(six, trump), strict=True))
            kept = [every[drop] for drop in options]
        else:
            kept = [strength([c for c in six if c != drop], trump) for drop in options]
        top = max(kept)
        scale = self.discard_temperature
        odds = [math.exp((k - top) / scale) for k in kept]
        total = sum(odds)
        return {drop: max(self.floor, o / total) for drop, o in zip(options, odds, strict=True)}

    def _likelihood(self, hand: list[Card], ctx: _Situation, action: Action, strength: _Strength) -> float:
        if self.uniform:
            return 1.0
        return max(self.floor, self._raw(hand, ctx, action, strength))

    def _raw(self, hand: list[Card], ctx: _Situation, action: Action, strength: _Strength) -> float:
        phase = ctx.phase
        if action.kind in ("misdeal", "under") or phase is Phase.BLIND:
            return 1.0
        seat = ctx.to_act
        if seat is None:
            return 1.0
        if phase is Phase.ROUND_1:
            return self._round_1(hand, ctx, seat, action, strength)
        if phase is Phase.ROUND_2:
            return self._round_2(hand, ctx, seat, action, strength)
        if phase is Phase.GO_ALONE and action.kind in ("alone", "partner"):
            a = self._alone_chance(hand, ctx.trump, ctx.notrump, ctx.rules, strength)
            return a if action.kind == "alone" else 1.0 - a
        if phase is Phase.DEFEND_ALONE and action.kind in ("alone", "partner") and ctx.trump is not None:
            a = _sigma((strength(hand, ctx.trump) - self.defend_alone) / self.temperature)
            return a if action.kind == "alone" else 1.0 - a
        return 1.0

    def _need(self, rules: ClassicRules) -> float:
        return self.bid + (self.three_handed_extra if rules.players == 3 else 0.0)

    def order_points(
        self, hand: Sequence[Card], ctx: _Situation, seat: Seat, strength: _Strength | None = None
    ) -> tuple[float, list[Card]]:
        """Round-1 points of ``hand`` for ``seat`` and the cards counted (the dealer's best five of six)."""
        count = hand_strength if strength is None else strength
        trump = ctx.rules.proposed_suit(ctx.up)
        cards = hand if isinstance(hand, list) else list(hand)
        if seat == ctx.dealer:
            six = [*cards, ctx.up]
            if isinstance(count, StrengthTable):
                cards = count.best_five(six, trump)
            else:
                cards = max(([c for c in six if c != drop] for drop in six), key=lambda h: count(h, trump))
        points = count(cards, trump)
        up_value = (
            count.up_points(ctx.up, trump)
            if isinstance(count, StrengthTable)
            else trump_points(ctx.up, trump)
        )
        if ctx.dealer in seat.partners:
            points += 0.5 * up_value
        elif ctx.dealer != seat:
            points -= 0.5 * up_value
        return points, cards

    def _round_1(
        self, hand: list[Card], ctx: _Situation, seat: Seat, action: Action, strength: _Strength
    ) -> float:
        rules = ctx.rules
        trump = rules.proposed_suit(ctx.up)
        if not rules.may_order(ctx.up, seat == ctx.dealer, hand):
            return 1.0  # passing was forced
        points, cards = self.order_points(hand, ctx, seat, strength)
        p = _sigma((points - self._need(rules)) / self.temperature)
        alone_offered = rules.alone_with_bid
        plain_offered = not rules.must_order_alone(seat in ctx.dealer.partners)
        if action.kind == "pass" and plain_offered:
            return 1.0 - p
        a = self._alone_chance(cards, trump, None, rules, strength, points) if alone_offered else 0.0
        if not plain_offered:
            p *= a
            a = 1.0
        if action.kind == "pass":
            return 1.0 - p
        if action.kind == "order":
            return p * (a if action.alone else 1.0 - a)
        return 1.0

    def _round_2(
        self, hand: list[Card], ctx: _Situation, seat: Seat, action: Action, strength: _Strength
    ) -> float:
        rules = ctx.rules
        stuck = rules.must_name_trump(seat, ctx.dealer, 2)
        options: list[tuple[float, Suit | None, str | None]] = [
            (strength(hand, suit), suit, None)
            for suit in rules.round_2_suits(rules.proposed_suit(ctx.up), stuck)
        ]
        if rules.no_trump_calls:
            lowest = _lowest(rules.deck)
            for nt in rules.no_trump_calls:
                options.append((no_trump_strength(hand, nt, lowest), None, nt))
        best = max(pts for pts, _, _ in options)
        p = 1.0 if stuck else _sigma((best - self._need(rules)) / self.temperature)
        if action.kind == "pass":
            return 1.0 - p
        if action.kind != "call":
            return 1.0
        scale = self.split_temperature
        total = sum(math.exp((pts - best) / scale) for pts, _, _ in options)
        for pts, named, nt_named in options:
            if named is action.suit and nt_named == action.notrump:
                share = math.exp((pts - best) / scale) / total
                if not rules.alone_with_bid:
                    return p * share
                a = self._alone_chance(hand, named, nt_named, rules, strength, pts)
                return p * share * (a if action.alone else 1.0 - a)
        return 1.0

    def _alone_chance(
        self,
        cards: Sequence[Card],
        trump: Suit | None,
        notrump: str | None,
        rules: ClassicRules,
        strength: _Strength,
        points: float | None = None,
    ) -> float:
        """How likely this hand goes alone (the rule-based condition, softened)."""
        if trump is None:
            if notrump is None:
                return 0.0
            nt_points = no_trump_strength(cards, notrump, _lowest(rules.deck))
            return _sigma((nt_points - self.alone) / self.temperature)
        pts = strength(cards, trump) if points is None else points
        a = _sigma((pts - self.alone) / self.temperature)
        if isinstance(strength, StrengthTable):
            right, left, trumps = strength.bowers(cards, trump)
        else:
            right, left, trumps = _reference_bowers(cards, trump)
        if not (right and (left or trumps >= 4)):
            a *= self.no_bower_factor
        return a


_UNIFORM: Final = BiddingModel(uniform=True)
_LOWEST: dict[int, Rank] = {}


def _lowest(size: int) -> Rank:
    """The lowest rank of the ``size``-card deck (no-trump counts its low cards from it)."""
    if size not in _LOWEST:
        _LOWEST[size] = min(c.rank for c in deck(size))
    return _LOWEST[size]


def _reference_bowers(hand: Sequence[Card], trump: Suit) -> tuple[bool, bool, int]:
    right = any(c.is_joker or is_right_bower(c, trump) for c in hand)
    left = any(is_left_bower(c, trump) for c in hand)
    return right, left, sum(1 for c in hand if is_trump(c, trump))


def may_order(rules: ClassicRules, up: Card, is_dealer: bool, hand: Sequence[Card]) -> bool:
    """The round-1 calling requirement: may this hand order up? (The rules' ``may_order``.)"""
    return rules.may_order(up, is_dealer, hand)
