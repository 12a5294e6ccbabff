"""The customs of the table: drawing for partners and the first deal, the cut, and the 4 and 6 score."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import JOKER, parse_cards
from euchre_tutor.errors import DealError, RulesError
from euchre_tutor.games.classic.engine.draw import DRAW_ORDER, cutter, draw_for_deal, draw_rank
from euchre_tutor.games.classic.engine.score_cards import MAX_SCORE, four_and_six, score_words
from euchre_tutor.tricks.seating import FOUR, SIX_3V3, THREE, Seat


@pytest.mark.parametrize(
    ("higher", "lower"),
    [("KC", "QH"), ("QS", "JD"), ("JH", "TS"), ("TC", "9C"), ("9D", "AS"), ("KH", "AH"), ("9S", "AD")],
)
def test_kings_rank_high_and_aces_low_in_the_draw(higher: str, lower: str) -> None:
    a, b = parse_cards(f"{higher} {lower}")
    assert draw_rank(a) > draw_rank(b)


def test_suits_do_not_count_in_the_draw() -> None:
    assert len({draw_rank(c) for c in parse_cards("KC KD KH KS")}) == 1
    assert DRAW_ORDER[0].letter == "K" and DRAW_ORDER[-1].letter == "A"


@pytest.mark.parametrize(
    ("pack", "partner_of_you", "dealer"),
    [
        # You K♣, C1 9♥, C2 Q♦, C3 A♠: K and Q partner (you and C2); A lowest deals
        ("KC 9H QD AS", 2, 3),
        # You A♣ lowest: you deal; K and Q are the two highest, so you partner the 9
        ("AC KH 9D QS", 2, 0),
        # tie for the lowest between C1 and C3 (both 9): drawn again, K for C1 and 10 for C3
        ("KC 9H QD 9S KD TH", 2, 3),
        # a tie between the two highest decides nothing and stands: K and K partner
        ("KC KH 9D TS", 1, 2),
    ],
)
def test_the_two_highest_partner_and_the_lowest_deals(pack: str, partner_of_you: int, dealer: int) -> None:
    d = draw_for_deal(0, pack=parse_cards(pack))
    assert d.seats[0] is Seat.S and d.seats[partner_of_you] is Seat.N
    assert d.first_dealer is d.seats[dealer]


def test_a_tie_that_decides_the_partners_is_drawn_again() -> None:
    d = draw_for_deal(0, pack=parse_cards("KC 9H 9D QS JC TH"))  # 9♥ and 9♦ tie across the middle
    assert [len(c) for c in d.cards] == [1, 2, 2, 1]
    assert "a tie, drawn again" in d.sentences()[0]
    assert d.first_dealer is d.seats[2]  # J♣ beat 10♥: Computer 2 (10♥) is lowest


def test_the_draw_refuses_a_bad_pack() -> None:
    with pytest.raises(DealError, match="joker"):
        draw_for_deal(0, pack=(JOKER, *parse_cards("KC QD 9S")))
    with pytest.raises(DealError, match="twice"):
        draw_for_deal(0, pack=parse_cards("KC KC QD 9S"))
    with pytest.raises(DealError, match="ran out"):
        draw_for_deal(0, pack=parse_cards("KC 9H 9D QS"))
    with pytest.raises(DealError, match="draws with 4 players"):
        draw_for_deal(0, players=("You", "Ann"))


@settings(deadline=None, max_examples=200)
@given(st.integers(min_value=0, max_value=10**9))
def test_every_draw_seats_partners_across_and_the_lowest_deals(seed: int) -> None:
    d = draw_for_deal(seed)
    drawn = [c for cards in d.cards for c in cards]
    assert len(drawn) == len(set(drawn))  # no card is drawn twice
    assert sorted(d.seats) == sorted(FOUR.seats) and d.seats[0] is Seat.S
    keys = [tuple(draw_rank(c) for c in cards) for cards in d.cards]
    # highest to lowest: by the first card, ties broken by the cards drawn again
    assert all(keys[a] >= keys[b] for a, b in zip(d.order, d.order[1:], strict=False))
    high, low = d.order[:2], d.order[2:]
    assert min(keys[i] for i in high) > max(keys[i] for i in low)  # the pairs are decided
    assert keys[low[0]] > keys[low[1]]  # and the lowest
    assert d.seats[high[0]].partner is d.seats[high[1]]
    assert d.first_dealer is d.seats[low[1]]


@pytest.mark.parametrize("table", [THREE, SIX_3V3])
def test_other_tables_draw_only_for_the_first_dealer(table: object) -> None:
    d = draw_for_deal(5, seating=table)  # type: ignore[arg-type]
    assert d.seats == table.seats  # type: ignore[attr-defined]
    assert d.first_dealer is d.seats[d.order[-1]]
    assert "partner" not in " ".join(d.sentences())


@pytest.mark.parametrize(
    ("dealer", "cuts"), [(Seat.N, Seat.W), (Seat.E, Seat.N), (Seat.S, Seat.E), (Seat.W, Seat.S)]
)
def test_the_player_at_the_dealers_right_cuts(dealer: Seat, cuts: Seat) -> None:
    assert cutter(dealer) is cuts
    assert dealer.next.next.next is cuts  # the right is three places to the left


@pytest.mark.parametrize("score", range(MAX_SCORE + 1))
def test_the_pips_in_sight_add_up_to_the_score(score: int) -> None:
    under, over = four_and_six(score)
    assert sorted((under.pips, over.pips)) == [4, 6]
    assert under.showing + over.showing == score
    for card in (under, over):
        assert 0 <= card.showing <= card.pips
        assert card.face_up or card.showing == 0
    assert score_words(score).startswith(f"{score}: ")


@pytest.mark.parametrize("score", [-1, 11, 2.5, True, "3"])
def test_a_4_and_a_6_refuse_scores_they_cannot_show(score: object) -> None:
    with pytest.raises(RulesError, match="0 to 10"):
        four_and_six(score)  # type: ignore[arg-type]


def test_more_pips_show_as_the_score_rises() -> None:
    shown = [sum(c.showing for c in four_and_six(s)) for s in range(MAX_SCORE + 1)]
    assert shown == list(range(MAX_SCORE + 1))
    assert all(not c.face_up for c in four_and_six(0)) and all(c.face_up for c in four_and_six(10))
