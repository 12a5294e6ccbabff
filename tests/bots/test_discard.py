"""The rule-based player's discard from six cards, read from per-card rows, is its definition."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import Card, Rank, Suit, deck, effective_suit, is_trump, parse_cards, trick_power
from euchre_tutor.games.classic.bots.cards import best_six_minus_one, weakest


def worth_to_keep(cards: list[Card], c: Card, trump: Suit | None, low: bool) -> float:
    """The definition: trumps by power, plain cards by rank (the top of the suit 20 more: the ace, or
    the nine in low no trump), and a lone card of its suit 3 less (dropping it makes a void)."""
    if trump is not None and is_trump(c, trump):
        return 100.0 + trick_power(c, trump, trump)
    suit_count = sum(1 for o in cards if effective_suit(o, trump) is effective_suit(c, trump))
    value = float(20 - c.rank) if low else float(c.rank)
    if c.rank is (Rank.NINE if low else Rank.ACE):
        value += 20
    return value - (3 if suit_count == 1 else 0)


@st.composite
def sixes(draw: st.DrawFn) -> tuple[list[Card], Suit | None, list[Card] | None, bool]:
    size = draw(st.sampled_from([20, 24, 28, 32]))
    trump = draw(st.sampled_from([None, *Suit]))
    pack = deck(size, joker=trump is not None and draw(st.booleans()))  # no joker without a trump
    cards = draw(st.lists(st.sampled_from(pack), min_size=6, max_size=6, unique=True))
    allowed = draw(st.none() | st.lists(st.sampled_from(cards), min_size=1, max_size=6, unique=True))
    return cards, trump, allowed, trump is None and draw(st.booleans())


@settings(deadline=None, max_examples=500)
@given(sixes())
def test_the_discard_is_the_first_card_of_least_worth(case: tuple[Any, ...]) -> None:
    cards, trump, allowed, low = case
    candidates = [c for c in cards if allowed is None or c in allowed]
    want = min(candidates, key=lambda c: worth_to_keep(cards, c, trump, low))
    assert weakest(cards, trump, allowed, low) is want
    assert best_six_minus_one(cards, trump, allowed, low) == [c for c in cards if c != want]
    assert best_six_minus_one(cards[:5], trump, allowed, low) == cards[:5]


def test_a_lone_low_card_goes_before_a_pair() -> None:
    # Hearts trump: the lone club 9 (9 - 3) goes before the spade 9 that has the spade ace beside it.
    six = list(parse_cards("JH AH 9C 9S AS KD"))
    assert weakest(six, Suit.HEARTS) == Card.parse("9C")
    # The dealer may not discard the up card (9C here): the spade 9 goes.
    assert weakest(six, Suit.HEARTS, allowed=[c for c in six if c != Card.parse("9C")]) == Card.parse("9S")
