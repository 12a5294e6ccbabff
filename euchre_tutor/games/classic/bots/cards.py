"""How the rule-based player weighs cards: a card's power in a trick, its cost to give up, the boss
of a suit, and the card to drop from six."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from euchre_tutor.cards import Card, Rank, Suit, card_power, deck, effective_suit, is_trump, trick_power
from euchre_tutor.games.classic.bots.facts import Facts
from euchre_tutor.games.classic.engine.engine import Action
from euchre_tutor.games.classic.views import SeatView

__all__ = [
    "best_six_minus_one",
    "card_cost",
    "cheapest",
    "is_boss",
    "is_low",
    "legal_cards",
    "lowest_rank",
    "trick_strength",
    "weakest",
    "worth_rows",
]


def legal_cards(actions: Sequence[Action]) -> list[Card]:
    return [a.card for a in actions if a.card is not None]


def is_low(view: Facts) -> bool:
    return view.notrump == "low"


def trick_strength(card: Card, view: Facts, led: Suit) -> int:
    """How strongly ``card`` competes in a trick led in ``led`` (0: cannot win), under any contract."""
    return card_power(card, view.trump, led, view.notrump)


def card_cost(card: Card, view: Facts) -> tuple[int, int]:
    """Orders a seat's cards weakest first: plain cards below trumps, then by power in their own suit."""
    trump = view.trump
    trumped = 1 if trump is not None and is_trump(card, trump) else 0
    return (trumped, trick_strength(card, view, effective_suit(card, trump)))


def is_boss(card: Card, view: SeatView) -> bool:
    """No unseen card of its own (effective) suit beats ``card`` (a ruff is still possible)."""
    suit = effective_suit(card, view.trump)
    mine = trick_strength(card, view, suit)
    for other in view.unseen_cards():
        if other.is_joker and view.trump is None:
            continue
        if effective_suit(other, view.trump) is suit and trick_strength(other, view, suit) > mine:
            return False
    return True


def cheapest(cards: Sequence[Card], view: SeatView) -> Card:
    return min(cards, key=lambda c: card_cost(c, view))


def best_six_minus_one(
    cards: list[Card], trump: Suit | None, allowed: Sequence[Card] | None = None, low: bool = False
) -> list[Card]:
    """The five cards to keep from six: drop the weakest card that may be discarded (:func:`weakest`)."""
    if len(cards) <= 5:
        return cards
    drop = weakest(cards, trump, allowed, low)
    return [c for c in cards if c is not drop]


def weakest(
    cards: Sequence[Card], trump: Suit | None, allowed: Sequence[Card] | None = None, low: bool = False
) -> Card:
    """The card of ``cards`` (one of ``allowed``) to discard: the first of the least worth to keep.

    A card's worth: a trump 100 plus its power in trump; a plain card its rank (20 minus it in low
    no trump), 20 more for the top of its suit (the ace; the nine in low no trump) and 3 less when it
    is the only card of its suit (dropping it makes a void). Read from per-card rows built once per
    contract: the dealer's six are counted in every play-out."""
    rows = worth_rows(trump, low)
    count = [0, 0, 0, 0]
    for c in cards:
        count[rows[c.index][1]] += 1
    keys = None if allowed is None else {c.index for c in allowed}
    drop: Card | None = None
    least = 0.0
    for c in cards:
        if keys is not None and c.index not in keys:
            continue
        worth, suit, trumped = rows[c.index]
        if not trumped and count[suit] == 1:
            worth -= 3
        if drop is None or worth < least:
            drop, least = c, worth
    if drop is None:
        raise ValueError("none of the cards may be discarded")
    return drop


@cache
def worth_rows(trump: Suit | None, low: bool) -> tuple[tuple[float, int, bool], ...]:
    """Per card index: its worth to keep before the void rebate, its effective suit's index, trump or not."""
    rows: list[tuple[float, int, bool]] = [(0.0, 0, False)] * 33
    top = Rank.NINE if low else Rank.ACE
    for c in deck(32, joker=trump is not None):  # every card (with no trump there is no joker)
        if trump is not None and is_trump(c, trump):
            rows[c.index] = (100.0 + trick_power(c, trump, trump), trump.index, True)
            continue
        value = float(20 - c.rank) if low else float(c.rank)
        if c.rank is top:
            value += 20
        rows[c.index] = (value, effective_suit(c, trump).index, False)
    return tuple(rows)


@cache
def lowest_rank(size: int) -> Rank:
    """The lowest rank of the pack (no-trump low counts from it)."""
    return min(c.rank for c in deck(size))
