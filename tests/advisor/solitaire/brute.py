"""An independent brute force: card-by-card expectimax over explicit card sets.

Averaging over the next card turned, uniformly over the unseen cards (the
known top card first, the known bottom card last), is averaging over every
stock order. No class abstraction, no closed forms, no integer packing.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache

from euchre_tutor.cards import Card, Suit, effective_suit, trick_power

Dist = tuple[Fraction, ...]
ZERO = Fraction(0)


def _at(t: int) -> Dist:
    return tuple(Fraction(1) if i == t else ZERO for i in range(6))


def _mix(parts: list[tuple[Fraction, Dist]]) -> Dist:
    return tuple(sum((p * d[i] for p, d in parts), ZERO) for i in range(6))


class Brute:
    def __init__(self, trump: Suit, utility: tuple[int, ...], points: tuple[int, ...]) -> None:
        self.trump = trump
        self.utility = utility
        self.points = points

    def key(self, d: Dist) -> tuple[Fraction, ...]:
        return (
            sum((u * x for u, x in zip(self.utility, d, strict=True)), ZERO),
            sum((u * x for u, x in zip(self.points, d, strict=True)), ZERO),
            d[5],
            d[3] + d[4] + d[5],
        )

    def turns(
        self, unseen: frozenset[Card], top: Card | None, bottom: Card | None
    ) -> Iterator[tuple[Fraction, Card, frozenset[Card], Card | None, Card | None]]:
        if top is not None:
            yield Fraction(1), top, unseen, None, bottom
        elif unseen:
            for c in sorted(unseen, key=lambda c: c.index):
                yield Fraction(1, len(unseen)), c, unseen - {c}, None, bottom
        elif bottom is not None:
            yield Fraction(1), bottom, unseen, None, None

    def beats(self, challenger: Card, leader: Card) -> bool:
        led = effective_suit(leader, self.trump)
        return trick_power(challenger, self.trump, led) > trick_power(leader, self.trump, led)

    @cache  # noqa: B019 - a test helper
    def value(
        self,
        hand: frozenset[Card],
        unseen: frozenset[Card],
        top: Card | None,
        bottom: Card | None,
        tw: int,
        deck_lead: Card | None,
        deck_to_lead: bool,
    ) -> Dist:
        if not hand:
            return _at(tw)
        if deck_to_lead:
            if not unseen and top is None and bottom is None:
                return _at(tw + len(hand))
            return _mix(
                [
                    (p, self.value(hand, u, t, b, tw, c, False))
                    for p, c, u, t, b in self.turns(unseen, top, bottom)
                ]
            )
        choices = self.choices(hand, unseen, top, bottom, tw, deck_lead)
        best = None
        for d in choices.values():
            if best is None or self.key(d) > self.key(best):
                best = d
        assert best is not None
        return best

    def choices(
        self,
        hand: frozenset[Card],
        unseen: frozenset[Card],
        top: Card | None,
        bottom: Card | None,
        tw: int,
        deck_lead: Card | None,
    ) -> dict[Card, Dist]:
        trump = self.trump
        out: dict[Card, Dist] = {}
        if deck_lead is not None:
            led = effective_suit(deck_lead, trump)
            legal = [c for c in hand if effective_suit(c, trump) is led] or list(hand)
            for c in legal:
                rest = hand - {c}
                if self.beats(c, deck_lead):
                    out[c] = self.value(rest, unseen, top, bottom, tw + 1, None, False)
                else:
                    out[c] = self.value(rest, unseen, top, bottom, tw, None, True)
            return out
        for c in hand:
            out[c] = self.lead(c, hand - {c}, unseen, top, bottom, tw)
        return out

    def lead(
        self,
        card: Card,
        rest: frozenset[Card],
        unseen: frozenset[Card],
        top: Card | None,
        bottom: Card | None,
        tw: int,
    ) -> Dist:
        trump = self.trump
        led = effective_suit(card, trump)
        parts: list[tuple[Fraction, Dist]] = []
        any_turn = False
        for p, c, u, t, b in self.turns(unseen, top, bottom):
            any_turn = True
            if effective_suit(c, trump) in (led, trump):
                if self.beats(c, card):
                    parts.append((p, self.value(rest, u, t, b, tw, None, True)))
                else:
                    parts.append((p, self.value(rest, u, t, b, tw + 1, None, False)))
            else:  # burned: keep turning
                parts.append((p, self.lead(card, rest, u, t, b, tw)))
        if not any_turn:  # the stock ran out: every remaining trick is the player's
            return _at(tw + 1 + len(rest))
        return _mix(parts)
