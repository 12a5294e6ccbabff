"""BidRules: the presets, the derived sizes, every impossible combination refused with a teaching error, and
what each house rule means (who bids first, when the bidding ends, what trump may be, who leads)."""

from __future__ import annotations

from typing import Any

import pytest

from euchre_tutor.cards import Suit
from euchre_tutor.errors import RulesError
from euchre_tutor.games.bid.engine.scoring import hand_points
from euchre_tutor.games.bid.rules import (
    OPTION_MEANINGS,
    OPTION_VALUES,
    PRESET_NOTES,
    PRESETS,
    BidRules,
    Contract,
    preset,
)
from euchre_tutor.tricks.seating import FOUR, Seat


@pytest.mark.parametrize(
    ("options", "deck", "kitty", "hand"),
    [
        ({}, 24, 0, 6),
        ({"kitty": True}, 24, 4, 5),
        ({"kitty": True, "joker": True, "no_trump": "off"}, 25, 1, 6),
        ({"double_deck": True}, 48, 0, 12),
        ({"double_deck": True, "kitty": True}, 48, 4, 11),
        ({"double_deck": True, "kitty": True, "joker": True, "no_trump": "off"}, 49, 1, 12),
    ],
)
def test_pack_kitty_and_hand_sizes(options: dict[str, Any], deck: int, kitty: int, hand: int) -> None:
    r = BidRules(**options)
    assert (r.deck_size, r.kitty_size, r.hand_size) == (deck, kitty, hand)
    assert 4 * r.hand_size + r.kitty_size == r.deck_size


REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"target": 31}, "target must be 30, 32, 50 or 52"),
    ({"target": True}, "target must be 30, 32, 50 or 52"),
    ({"hands": 0}, "hands 0 is out of range"),
    ({"hands": "3"}, "hands must be a whole number"),
    ({"bidding": "twice"}, "bidding must be one of 'single', 'auction'"),
    ({"bidding_order": "dealer-right"}, "bidding_order must be one of"),
    ({"bid_type": "suit"}, "bid_type must be one of 'level-suit', 'level'"),
    ({"no_trump": "low"}, "no_trump must be one of 'off', 'high', 'high-low'"),
    ({"lead": "dealer"}, "lead must be one of 'bidder', 'dealer-left'"),
    ({"made_scores": "double"}, "made_scores must be one of 'tricks', 'bid'"),
    ({"alone_bids": "call-3"}, "alone_bids must be one of"),
    ({"set_loses_bid": 1}, "set_loses_bid must be true or false"),
    ({"kitty": "yes"}, "kitty must be true or false"),
    ({"minimum_bid": 0}, "minimum_bid 0 is out of range: it must be between 1 and 6"),
    ({"minimum_bid": 7}, "minimum_bid 7 is out of range: it must be between 1 and 6"),
    ({"minimum_bid": 6, "kitty": True}, "minimum_bid 6 is out of range: it must be between 1 and 5"),
    ({"alone_points": 0}, "alone_points 0 is out of range"),
    ({"joker": True}, "joker=true needs kitty=true"),
    ({"joker": True, "kitty": True}, "the joker cannot be played with no-trump bids"),
    ({"alone_bids": "none", "alone_points": 20}, "alone_points applies only with alone bids"),
    ({"alone_bids": "alone", "call_1_points": 9}, "call_1_points applies only with call 1 bids"),
    ({"alone_bids": "call-1", "call_2_points": 9}, "call_2_points applies only with call 2 bids"),
]


@pytest.mark.parametrize(("options", "message"), REFUSED, ids=[m[:40] for _, m in REFUSED])
def test_impossible_combinations_are_refused_with_a_teaching_error(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(RulesError, match=None) as caught:
        BidRules(**options)
    assert message in str(caught.value)


def test_double_deck_allows_minimum_bids_up_to_twelve() -> None:
    assert BidRules(double_deck=True, minimum_bid=12).minimum_bid == 12


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_round_trip_through_json_and_are_described(name: str) -> None:
    r = preset(name)
    assert BidRules.from_json(r.to_json()) == r
    assert BidRules.from_json(name) == r
    assert name in PRESET_NOTES


def test_common_preset_is_the_default_game() -> None:
    r = preset("common")
    assert r == BidRules()
    assert (r.target, r.bidding, r.bidding_order, r.bid_type, r.no_trump, r.lead) == (
        32,
        "single",
        "dealer-left",
        "level-suit",
        "high",
        "bidder",
    )
    assert (r.made_scores, r.set_loses_bid, r.double_deck, r.kitty, r.joker) == (
        "tricks",
        True,
        False,
        False,
        False,
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("standard", "no Bid Euchre rules preset 'standard'; the presets are common"),
        (5, "rules must be a preset name"),
        ({"preset": "common", "targets": 50}, "unknown Bid Euchre rule option(s) targets"),
        ({"preset": "nope"}, "no Bid Euchre rules preset 'nope'"),
    ],
)
def test_bad_rules_json_is_refused(data: object, message: str) -> None:
    with pytest.raises(RulesError) as caught:
        BidRules.from_json(data)
    assert message in str(caught.value)


def test_a_preset_can_be_overridden_and_options_changed() -> None:
    r = BidRules.from_json({"preset": "auction", "target": 52})
    assert (r.bidding, r.bid_type, r.target) == ("auction", "level", 52)
    assert r.with_options(lead="dealer-left").lead == "dealer-left"
    with pytest.raises(RulesError, match="unknown Bid Euchre rule option"):
        r.with_options(leader="me")


def test_every_option_has_a_meaning_and_its_values() -> None:
    names = [name for name, _, _ in BidRules().describe()]
    assert set(names) == set(OPTION_MEANINGS) == set(OPTION_VALUES)


@pytest.mark.parametrize(
    ("alone_bids", "kinds"),
    [
        ("none", ()),
        ("alone", ("alone",)),
        ("call-1", ("alone", "call-1")),
        ("call-2", ("alone", "call-1", "call-2")),
    ],
)
def test_alone_bids_offer_the_kinds_up_to_the_setting(alone_bids: str, kinds: tuple[str, ...]) -> None:
    assert BidRules(alone_bids=alone_bids).alone_kinds == kinds


# -- what each house rule means, stated once -----------------------------------------------------------

N, E, S, W = FOUR.seats


@pytest.mark.parametrize(("order", "first"), [("dealer-left", E), ("dealer-first", N)])
def test_who_bids_first(order: str, first: Seat) -> None:
    assert BidRules(bidding_order=order).first_bidder(N) == first


@pytest.mark.parametrize(
    ("bidding", "turns", "passes", "bid", "over"),
    [
        ("single", 3, 3, False, False),
        ("single", 4, 0, True, True),
        ("single", 4, 4, False, True),
        ("auction", 4, 0, True, False),  # a bid on the fourth turn: the others answer it
        ("auction", 5, 3, True, True),  # three in a row pass after a bid
        ("auction", 3, 3, False, False),
        ("auction", 4, 4, False, True),  # all four pass at the start
    ],
)
def test_when_the_bidding_ends(bidding: str, turns: int, passes: int, bid: bool, over: bool) -> None:
    assert BidRules(bidding=bidding).bidding_over(turns, passes, bid) is over


SUITS = [(s, None) for s in Suit]


@pytest.mark.parametrize(
    ("options", "contracts", "with_bid"),
    [
        ({}, [*SUITS, (None, "high")], [*SUITS, (None, "high")]),
        ({"no_trump": "off"}, SUITS, SUITS),
        ({"no_trump": "high-low"}, [*SUITS, (None, "high"), (None, "low")], None),
        ({"bid_type": "level"}, [*SUITS, (None, "high")], [(None, None)]),
    ],
)
def test_what_trump_may_be_and_what_a_bid_names(
    options: dict[str, Any], contracts: list[Contract], with_bid: list[Contract] | None
) -> None:
    r = BidRules(**options)
    assert r.contracts == tuple(contracts)
    assert r.bid_contracts == tuple(contracts if with_bid is None else with_bid)
    assert r.trump_with_bid is (options.get("bid_type") != "level")


@pytest.mark.parametrize(
    ("lead", "bidder", "alone", "leader"),
    [
        ("bidder", S, False, S),
        ("bidder", S, True, S),
        ("dealer-left", S, False, E),
        ("dealer-left", S, True, E),
        ("dealer-left", W, False, E),
        ("dealer-left", W, True, S),  # the loner's partner (E) sits out: the next seat leads
    ],
)
def test_who_leads_the_first_trick(lead: str, bidder: Seat, alone: bool, leader: Seat) -> None:
    r = BidRules(lead=lead)
    assert r.bidder_leads is (lead == "bidder")
    assert r.first_leader(N, bidder, alone) == leader


@pytest.mark.parametrize(("made_scores", "tricks"), [("tricks", True), ("bid", False)])
def test_what_a_made_bid_scores(made_scores: str, tricks: bool) -> None:
    r = BidRules(made_scores=made_scores)
    assert r.scores_tricks is tricks
    assert hand_points(r, 3, None, 5) == ((5 if tricks else 3), 1)
