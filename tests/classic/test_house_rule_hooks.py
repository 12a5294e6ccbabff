"""What each classic house rule means, asked of the rules object (the engine and the advisor ask the same)."""

from __future__ import annotations

import pytest

from euchre_tutor.cards import Card, Rank, Suit, parse_cards
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.tricks.seating import SIX_3V3, THREE, Seat

R = ClassicRules
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


@pytest.mark.parametrize(
    ("rules", "dealer", "first", "last"),
    [
        (R(), N, E, N),
        (R(dealer_bids_first=True), N, N, W),
        (R(), W, N, W),
        (R(players=3), THREE.seats[2], THREE.seats[0], THREE.seats[2]),
        (R(players=6, deck=32, dealer_bids_first=True), SIX_3V3.seats[0], SIX_3V3.seats[0], SIX_3V3.seats[5]),
    ],
)
def test_who_bids_first_and_last(rules: ClassicRules, dealer: Seat, first: Seat, last: Seat) -> None:
    assert rules.first_bidder(dealer) is first
    assert rules.last_bidder(dealer) is last


@pytest.mark.parametrize(
    ("rules", "stuck"),
    [
        (R(), None),
        (R(stick_the_dealer=True), N),
        (R(stick_the_dealer=True, dealer_bids_first=True), W),
    ],
)
def test_stick_the_dealer_sticks_only_the_last_bidder_of_round_2(
    rules: ClassicRules, stuck: Seat | None
) -> None:
    for seat in (N, E, S, W):
        assert not rules.must_name_trump(seat, N, 1)
        assert rules.must_name_trump(seat, N, 2) is (seat == stuck)


@pytest.mark.parametrize(
    ("rules", "stuck", "suits"),
    [
        (R(), False, "CDS"),
        (R(stick_the_dealer=True), True, "CDS"),
        (R(stick_the_dealer=True, stuck_dealer_may_name_up_suit=True), False, "CDS"),
        (R(stick_the_dealer=True, stuck_dealer_may_name_up_suit=True), True, "CDHS"),
    ],
)
def test_round_2_names_the_turned_down_suit_only_when_the_stuck_seat_may(
    rules: ClassicRules, stuck: bool, suits: str
) -> None:
    named = "".join(str(s) for s in rules.round_2_suits(Suit.HEARTS, stuck))
    assert named == suits  # in suit order


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (R(stick_the_dealer=True), "stick the dealer: North, the dealer, must name a suit"),
        (R(stick_the_dealer=True, dealer_bids_first=True), "stick the last bidder: North, the last to bid"),
    ],
)
def test_the_stuck_sentence_names_the_rule(rules: ClassicRules, words: str) -> None:
    assert rules.stuck_sentence("North").startswith(words)


@pytest.mark.parametrize(
    ("requirement", "hand", "dealer", "may"),
    [
        ("anytime", "9C TC QC KC AC", False, True),
        ("holding-trump", "9C TC QC KC AC", False, False),
        ("holding-trump", "JD TC QC KC AC", False, True),  # the left bower counts
        ("natural-trump", "JD TC QC KC AC", False, False),  # not as a natural heart
        ("natural-trump", "9H TC QC KC AC", False, True),
        ("natural-trump", "9C TC QC KC AC", True, True),  # the dealer always may
    ],
)
def test_the_calling_requirement(requirement: str, hand: str, dealer: bool, may: bool) -> None:
    rules = R(round_1_requirement=requirement)
    assert rules.may_order(Card.parse("AH"), dealer, parse_cards(hand)) is may


def test_a_turned_up_joker_proposes_spades_and_may_be_called_blind() -> None:
    joker = Card.parse("JK")
    assert R.proposed_suit(joker) is Suit.SPADES and R.proposed_suit(Card.parse("9H")) is Suit.HEARTS
    assert R(joker=True, joker_up="dealer-blind").dealer_calls_blind(joker)
    assert not R(joker=True).dealer_calls_blind(joker)
    assert not R(joker=True, joker_up="dealer-blind").dealer_calls_blind(Card.parse("9H"))


@pytest.mark.parametrize(
    ("rules", "with_bid", "words"),
    [
        (R(), True, None),
        (R(no_alone=True), False, "nobody goes alone"),
        (R(players=3), False, "at three players"),
        (R(alone_timing="after-discard"), False, "the maker decides after the dealer's discard"),
    ],
)
def test_alone_said_with_the_bid(rules: ClassicRules, with_bid: bool, words: str | None) -> None:
    assert rules.alone_with_bid is with_bid
    if words is not None:
        assert words in rules.alone_bid_sentence()


@pytest.mark.parametrize(
    ("rules", "alone", "partner", "exchanges"),
    [
        (R(), True, True, True),
        (R(dealer_exchanges_when_partner_alone=False), True, True, False),
        (R(dealer_exchanges_when_partner_alone=False), False, True, True),
        (R(dealer_exchanges_when_partner_alone=False), True, False, True),
    ],
)
def test_the_dealers_exchange(rules: ClassicRules, alone: bool, partner: bool, exchanges: bool) -> None:
    assert rules.dealer_exchanges(alone, partner) is exchanges


@pytest.mark.parametrize(
    ("option", "alone", "asked"),
    [
        ("never", True, False),
        ("against-loner", False, False),
        ("against-loner", True, True),
        ("any-bid", False, True),
    ],
)
def test_who_is_asked_to_defend_alone(option: str, alone: bool, asked: bool) -> None:
    assert R(defend_alone=option).defenders_asked(alone) is asked


@pytest.mark.parametrize(
    ("option", "first_trick", "broken", "barred"),
    [
        ("anytime", True, False, False),
        ("not-first-trick", True, False, True),
        ("not-first-trick", False, False, False),
        ("after-broken", False, False, True),
        ("after-broken", False, True, False),
    ],
)
def test_leading_trump(option: str, first_trick: bool, broken: bool, barred: bool) -> None:
    assert R(trump_lead=option).trump_lead_barred(first_trick, broken) is barred


def test_the_up_card_discard() -> None:
    up, other = Card.parse("JH"), Card.parse("9C")
    assert R().dealer_may_discard(up, up)
    assert not R(dealer_may_discard_up_card=False).dealer_may_discard(up, up)
    assert R(dealer_may_discard_up_card=False).dealer_may_discard(other, up)
    # What it hides: a picked-up up card may be the face-down discard.
    assert R().up_card_known(up_taken=False) and not R().up_card_known(up_taken=True)
    assert R(dealer_may_discard_up_card=False).up_card_known(up_taken=True)


@pytest.mark.parametrize(
    ("rules", "ranks"),
    [
        (R(), ()),
        (R(farmers_hand=True), (Rank.NINE, Rank.TEN)),
        (R(farmers_hand=True, deck=28), (Rank.EIGHT, Rank.NINE)),
        (R(farmers_hand=True, players=3, deck=20), (Rank.TEN,)),
    ],
)
def test_the_cards_going_under(rules: ClassicRules, ranks: tuple[Rank, ...]) -> None:
    assert rules.under_ranks == ranks
    assert rules.pre_bid_actions is bool(ranks)


def test_misdeal_hands_are_the_rules_to_say() -> None:
    hand = parse_cards("AS 9H TH 9C TC")
    assert R().misdeal_hand(hand) is None and not R().pre_bid_actions
    assert R(misdeal="ace-no-face").misdeal_hand(hand) == "ace, no face"
    assert "is not an 'ace, no face'" in R(misdeal="ace-no-face").misdeal_sentence("North", "…")
