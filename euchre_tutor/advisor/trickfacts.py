"""Facts of cards in a trick-taking hand that a hint's ideas test: which cards are the highest left in
their suit, which are equals (no card still out ranks between them), and what a set of cards shares.

Pure functions of cards, the trump (None: no trump) and the no-trump contract (``"low"``: the lowest
card of a suit wins); every game's ideas call them with what its seat's view knows.

>>> from euchre_tutor.cards import Card, Suit
>>> hand = [Card.parse(c) for c in ("QS", "JS", "9H")]
>>> are_equals(hand[:2], [Card.parse("KS"), Card.parse("AS")], Suit.HEARTS)
True
>>> is_boss(Card.parse("QS"), [Card.parse("KS")], Suit.HEARTS)
False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from euchre_tutor.cards import Card, Suit, card_power, effective_suit

__all__ = ["are_equals", "is_boss", "power_in_suit"]


def power_in_suit(card: Card, trump: Suit | None, notrump: str | None = None) -> int:
    """How strong ``card`` is within its own (effective) suit, under the contract."""
    return card_power(card, trump, effective_suit(card, trump), notrump)


def is_boss(card: Card, out: Iterable[Card], trump: Suit | None, notrump: str | None = None) -> bool:
    """Whether no card of ``out`` (the cards still to be played by others) beats ``card`` in its own
    suit: the highest card left of its suit (a trump may still beat a side card)."""
    suit = effective_suit(card, trump)
    mine = power_in_suit(card, trump, notrump)
    return all(card_power(c, trump, suit, notrump) <= mine for c in out if effective_suit(c, trump) is suit)


def are_equals(
    cards: Sequence[Card], others: Iterable[Card], trump: Suit | None, notrump: str | None = None
) -> bool:
    """Whether ``cards`` (two or more) are one suit with no card of ``others`` (every card not in the
    hand and not gone in a finished trick) ranking between them: whichever is played, the same cards
    beat it and the same cards lose to it."""
    if len(cards) < 2:
        return False
    suits = {effective_suit(c, trump) for c in cards}
    if len(suits) != 1:
        return False
    (suit,) = suits
    powers = [power_in_suit(c, trump, notrump) for c in cards]
    low, high = min(powers), max(powers)
    return not any(
        low < card_power(c, trump, suit, notrump) < high for c in others if effective_suit(c, trump) is suit
    )
