"""Point counts of a hand: how strong it is for a trump suit or a no-trump bid.

The rule-based player bids on these counts, and the classic advisor's bidding
model reads bids through them (a seat that ordered up probably had the
points), so both use this one definition.

>>> from euchre_tutor.cards import parse_cards
>>> hand_strength(parse_cards("JH JD AH AS 9C"), Suit.HEARTS)
9.0
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre_tutor.cards import Card, Rank, Suit, effective_suit, is_left_bower, is_right_bower, is_trump

__all__ = ["hand_strength", "no_trump_strength", "trump_points"]


def trump_points(card: Card, trump: Suit) -> float:
    if card.is_joker:
        return 3.5
    if is_right_bower(card, trump):
        return 3.0
    if is_left_bower(card, trump):
        return 2.5
    if not is_trump(card, trump):
        return 1.0 if card.rank is Rank.ACE else 0.0
    return {Rank.ACE: 2.0, Rank.KING: 1.5, Rank.QUEEN: 1.25}.get(card.rank, 1.0)


def hand_strength(cards: Sequence[Card], trump: Suit) -> float:
    """A point count of ``cards`` with ``trump``: joker 3.5, bowers 3 and 2.5, trump A 2, K 1.5,
    Q 1.25, other trumps 1, off-suit aces 1, and 0.5 per void in a plain suit when holding 2+ trumps."""
    points = sum(trump_points(c, trump) for c in cards)
    trumps = sum(1 for c in cards if is_trump(c, trump))
    if trumps >= 2:
        suits = {effective_suit(c, trump) for c in cards}
        points += 0.5 * sum(1 for s in Suit if s is not trump and s not in suits)
    return points


def no_trump_strength(cards: Sequence[Card], notrump: str, lowest: Rank = Rank.NINE) -> float:
    """A point count for a no-trump bid: sure winners (aces high; the lowest ranks low) 2.5,
    the next rank 1.2 (on the same scale as :func:`hand_strength`)."""
    points = 0.0
    for c in cards:
        step = (Rank.ACE - c.rank) if notrump == "high" else (c.rank - lowest)
        points += {0: 2.5, 1: 1.2}.get(int(step), 0.0)
    return points
