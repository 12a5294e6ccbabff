"""The rule-based player's point count read from per-card rows equals its definition card by card."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import Card, Suit, deck, effective_suit, is_trump
from euchre_tutor.games.classic.advisor.strength import VOID_BONUS, hand_strength, trump_points


def counted(cards: list[Card], trump: Suit) -> float:
    """The definition: every card's points, then half a point per missing plain suit with 2+ trumps."""
    points = 0.0
    for c in cards:
        points += trump_points(c, trump)
    if sum(1 for c in cards if is_trump(c, trump)) >= 2:
        suits = {effective_suit(c, trump) for c in cards}
        points += VOID_BONUS * sum(1 for s in Suit if s is not trump and s not in suits)
    return points


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[Card], Suit]:
    size = draw(st.sampled_from([24, 28, 32]))
    pack = deck(size, joker=draw(st.booleans()))
    cards = draw(st.lists(st.sampled_from(pack), min_size=0, max_size=8, unique=True))
    return cards, draw(st.sampled_from(list(Suit)))


@settings(deadline=None, max_examples=400)
@given(hands())
def test_hand_strength_is_its_definition(hand: tuple[list[Card], Suit]) -> None:
    cards, trump = hand
    assert hand_strength(cards, trump) == counted(cards, trump)


def test_bowers_and_voids_count_as_the_docstring_says() -> None:
    from euchre_tutor.cards import parse_cards

    # JH 3 + JD 2.5 + AH 2 + AS 1 + 9C 0, and one missing plain suit (diamonds: JD is a heart).
    assert hand_strength(parse_cards("JH JD AH AS 9C"), Suit.HEARTS) == 9.0
    # One trump: no void bonus for the missing suits.
    assert hand_strength(parse_cards("JH AS AC 9C TC"), Suit.HEARTS) == 5.0
