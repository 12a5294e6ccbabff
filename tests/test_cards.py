"""Cards: notation, the bowers, trump order, trick power, decks."""

from __future__ import annotations

import itertools

import pytest

from euchre_tutor.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    deck,
    describe_rank,
    effective_suit,
    format_cards,
    is_trump,
    parse_card,
    parse_cards,
    trump_order,
    winning_index,
)
from euchre_tutor.errors import CardError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("JH", Rank.JACK, Suit.HEARTS),
        ("J♥", Rank.JACK, Suit.HEARTS),
        ("jh", Rank.JACK, Suit.HEARTS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("10♠", Rank.TEN, Suit.SPADES),
        ("9c", Rank.NINE, Suit.CLUBS),
        ("A♦", Rank.ACE, Suit.DIAMONDS),
        (" qs ", Rank.QUEEN, Suit.SPADES),
        ("7D", Rank.SEVEN, Suit.DIAMONDS),
        ("8♣", Rank.EIGHT, Suit.CLUBS),
        ("9\u2665\ufe0f", Rank.NINE, Suit.HEARTS),  # the emoji heart a phone keyboard types
    ],
)
def test_parse_notations(text: str, rank: Rank, suit: Suit) -> None:
    assert parse_card(text) == Card(rank, suit)


def test_format_ascii_and_symbols_round_trip() -> None:
    for card in deck(32):
        assert parse_card(str(card)) == card
        assert parse_card(card.symbol) == card
        assert eval(repr(card)) == card  # repr is valid code
    assert str(parse_card("10h")) == "TH"
    assert parse_card("TH").symbol == "10♥"
    assert parse_card("JH").name == "jack of hearts"


def test_joker_notation() -> None:
    assert parse_card("JK") is JOKER or parse_card("JK") == JOKER
    assert str(JOKER) == "JK"
    assert JOKER.name == "joker"
    # the display notation is a word every font draws (not the 🃏 emoji), and it parses back
    assert JOKER.symbol == "Joker" and parse_card(JOKER.symbol) == JOKER
    assert parse_card("🃏") == JOKER  # text saved before still reads


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("HJ", "did you mean JH"),
        ("1H", "the ten is written 10 or T"),
        ("5S", "ranks are 9 10 J Q K A"),
        ("JX", "not a card"),
        ("", "not a card"),
    ],
)
def test_bad_cards_teach(text: str, hint: str) -> None:
    with pytest.raises(CardError, match=hint):
        parse_card(text)


def test_parse_cards_lists() -> None:
    assert parse_cards("JH, 10♠ 9c") == (
        Card(Rank.JACK, Suit.HEARTS),
        Card(Rank.TEN, Suit.SPADES),
        Card(Rank.NINE, Suit.CLUBS),
    )
    assert parse_cards("") == ()
    assert format_cards(parse_cards("JH TS")) == "JH TS"


@pytest.mark.parametrize(
    ("trump", "left"),
    [(Suit.CLUBS, "JS"), (Suit.SPADES, "JC"), (Suit.HEARTS, "JD"), (Suit.DIAMONDS, "JH")],
)
def test_left_bower_is_the_same_colour_jack_and_follows_trump(trump: Suit, left: str) -> None:
    card = parse_card(left)
    assert effective_suit(card, trump) is trump
    assert is_trump(card, trump)
    # every other jack keeps its printed suit
    for other in (c for c in deck() if c.rank is Rank.JACK and c != card):
        assert effective_suit(other, trump) is other.suit


@pytest.mark.parametrize(
    ("trump", "order"),
    [
        (Suit.HEARTS, "JH JD AH KH QH TH 9H"),
        (Suit.CLUBS, "JC JS AC KC QC TC 9C"),
        (Suit.DIAMONDS, "JD JH AD KD QD TD 9D"),
        (Suit.SPADES, "JS JC AS KS QS TS 9S"),
    ],
)
def test_trump_order(trump: Suit, order: str) -> None:
    assert trump_order(trump) == parse_cards(order)


def test_trump_order_with_joker_and_long_deck() -> None:
    assert trump_order(Suit.SPADES, size=32, joker=True) == parse_cards("JK JS JC AS KS QS TS 9S 8S 7S")


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("9H AH", Suit.CLUBS, 1),  # higher card of the led suit
        ("AH 9C", Suit.CLUBS, 1),  # any trump beats the led suit
        ("AH AS", Suit.CLUBS, 0),  # off-suit cannot win
        ("JS AC", Suit.CLUBS, 0),  # left bower beats the ace of trump
        ("JS JC", Suit.CLUBS, 1),  # right beats left
        ("JS AS", Suit.CLUBS, 0),  # a left-bower lead leads trump: the ace of spades is off-suit
        ("AS JS", Suit.CLUBS, 1),  # the left bower trumps a spade lead
        ("JD QD", Suit.CLUBS, 1),  # a plain jack ranks below the queen (A K Q J 10 9)
        ("9S 9C 9D", Suit.CLUBS, 1),
    ],
)
def test_trick_winner(cards: str, trump: Suit, winner: int) -> None:
    assert winning_index(parse_cards(cards), trump) == winner


def test_plain_suit_rank_order() -> None:
    # A K Q J 10 9 in a plain suit
    order = parse_cards("AD KD QD JD TD 9D")
    for hi, lo in itertools.pairwise(order):
        assert winning_index((lo, hi), Suit.CLUBS) == 1
        assert winning_index((hi, lo), Suit.CLUBS) == 0


def test_describe_rank_words() -> None:
    assert "left bower" in describe_rank(parse_card("JD"), Suit.HEARTS)
    assert "counts as a heart" in describe_rank(parse_card("JD"), Suit.HEARTS)
    assert describe_rank(parse_card("AH"), Suit.HEARTS) == "the 3rd-highest trump"
    assert describe_rank(parse_card("KS"), Suit.HEARTS) == "the 2nd-highest spade"
    # with clubs trump the jack of spades has left the spades
    assert describe_rank(parse_card("TS"), Suit.CLUBS) == "the 4th-highest spade"


@pytest.mark.parametrize(
    ("size", "low"), [(20, Rank.TEN), (24, Rank.NINE), (28, Rank.EIGHT), (32, Rank.SEVEN)]
)
def test_decks(size: int, low: Rank) -> None:
    cards = deck(size)
    assert len(cards) == len(set(cards)) == size
    assert min(c.rank for c in cards) == low
    assert deck(size, joker=True)[-1] == JOKER
    assert len({c.index for c in deck(size, joker=True)}) == size + 1


def test_bad_deck_size() -> None:
    for size in (16, 21, 36):
        with pytest.raises(CardError, match="20, 24, 28 or 32"):
            deck(size)


def test_the_20_card_deck_is_ten_to_ace() -> None:
    # The sheet: "10–A (20, three players only)".
    assert {c.rank for c in deck(20)} == {Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    assert trump_order(Suit.HEARTS, size=20) == parse_cards("JH JD AH KH QH TH")
