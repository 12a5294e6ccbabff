"""Positions as books print them: an unknown up card, the dealer's five plus the up card, a discard left out."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.position import read_position, read_position_noting
from euchre_tutor.games.classic.engine.engine import Phase, Seat
from euchre_tutor.games.classic.views import seat_view
from tests.advisor.classic.test_position import position_of
from tests.advisor.classic.test_worlds import RULES, random_position

# The hand of test_position (standard rules, dealer E, up card KH):
#   S: JS AC QH 9D TD   W: 9S KS QD AD 9H   N: TS QS JC KC AH   E: AS JD TH 9C TC
ROUND_1 = ["S: pass", "W: pass", "N: pass", "E: pass"]
CALLED = {
    "dealer": "E",
    "seat": "S",
    "hand": ["JS", "AC", "QH", "9D", "TD"],
    "up": None,
    "actions": [*ROUND_1, "S: pass", "W: pass", "N: call S"],
}
ORDERED = {
    "dealer": "E",
    "seat": "S",
    "hand": ["JS", "AC", "QH", "9D", "TD"],
    "up": "KH",
    "actions": ["S: pass", "W: pass", "N: order", "E: discard"],
}
DEALER = {**ORDERED, "seat": "E", "hand": ["AS", "JD", "TH", "9C", "TC"], "actions": ORDERED["actions"][:3]}


def kinds(data: dict[str, Any]) -> list[str]:
    return [r.kind for r in read_position_noting(data)[1]]


def test_a_complete_position_needs_no_reading() -> None:
    assert kinds(ORDERED) == []
    assert kinds({**CALLED, "up": "KH"}) == []


def test_an_unknown_up_card_after_a_round_2_call_is_a_turned_down_card_of_another_suit() -> None:
    (view, _), readings = read_position_noting(CALLED)
    assert [r.kind for r in readings] == ["up-unknown"]
    up = view.up
    assert up.suit is not None and up.suit.name != "SPADES" and not view.up_taken
    assert up not in view.hand
    assert str(up) in readings[0].text and "not a spade" in readings[0].text
    # the reading is exactly the position with that up card written in
    assert view == read_position({**CALLED, "up": str(up)}).view


@pytest.mark.parametrize(
    ("actions", "words"),
    [
        (["S: pass", "W: pass", "N: order", "E: discard"], "rank matters: add what was turned up"),
        (["N: order"], "rank matters: add what was turned up"),
        (ROUND_1, "no bid says what trump is: add what was turned up"),
        ([], "no bid says what trump is: add what was turned up"),
        (["S: pass", "W: pass", "N: call S"], "before round 1 ended: add what was turned up"),
    ],
)
def test_an_unknown_up_card_the_position_needs_is_refused_with_what_to_add(
    actions: list[str], words: str
) -> None:
    with pytest.raises(EuchreError, match=words) as info:
        read_position_noting({**CALLED, "actions": actions})
    assert '"up"' in str(info.value) and len(str(info.value)) <= 300


@settings(deadline=None, max_examples=120)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6))
@example(name="farmer", seed=8091)  # the first card drawn cannot be the up card: West's void needs it
def test_any_round_2_call_reads_with_the_up_card_left_out(name: str, seed: int) -> None:
    state, me = random_position(name, seed)
    called = [a for _, a in state.history if a.kind == "call"]
    if (
        not called
        or state.up_taken
        or state.up.is_joker
        or (me == state.dealer and state.phase is Phase.BLIND)
    ):
        return  # no round-2 call in this hand (or a blind call, whose up card is the joker)
    data = position_of(state, me)
    (view, _), readings = read_position_noting({**data, "up": None}, to_turn=False)
    assert [r.kind for r in readings] == ["up-unknown"]
    truth = seat_view(state, me)
    seen = {*truth.hand, *(c for t in truth.tricks for _, c in t.plays), *(c for _, c in truth.trick_plays)}
    assert view.up not in seen and not view.up.is_joker
    suit = called[0].suit
    if suit is not None and not state.rules.stuck_dealer_may_name_up_suit:
        assert view.up.suit is not suit
    # everything but the up card is what the seat saw
    assert dataclasses.replace(view, up=truth.up, hand=()) == dataclasses.replace(truth, hand=())


def test_the_dealers_five_plus_the_up_card_at_its_discard_are_its_six() -> None:
    (view, _), readings = read_position_noting(DEALER)
    assert [r.kind for r in readings] == ["dealer-six"]
    assert view.phase is Phase.DISCARD and view.to_act == Seat.E
    assert sorted(map(str, view.hand)) == sorted([*DEALER["hand"], "KH"])
    assert view == read_position({**DEALER, "hand": [*DEALER["hand"], "KH"]}).view


@pytest.mark.parametrize("hand", [["AS", "JD", "TH", "9C", "TC"], ["AS", "JD", "TH", "9C", "KH"]])
def test_the_dealers_discard_left_out_once_play_goes_on_is_refused_as_ambiguous(hand: list[str]) -> None:
    data = {**DEALER, "hand": hand, "actions": ["S: pass", "W: pass", "N: order", "S: play JS"]}
    with pytest.raises(EuchreError, match="add 'E: discard XX'") as info:
        read_position_noting(data)
    assert len(str(info.value)) <= 300


def test_another_dealers_hidden_discard_left_out_before_the_first_play_is_implied() -> None:
    written = {**ORDERED, "hand": ["JS", "QH", "9D", "TD"], "actions": [*ORDERED["actions"], "S: play AC"]}
    left_out = {**written, "actions": ["S: pass", "W: pass", "N: order", "S: play AC"]}
    (view, _), readings = read_position_noting(left_out)
    assert [r.kind for r in readings] == ["hidden-discard"]
    assert "East" in readings[0].text and "S: play AC" in readings[0].text
    assert view == read_position(written).view and view.to_act == Seat.W


def test_a_position_ending_before_the_dealers_discard_is_taken_to_the_lead_for_the_analysis() -> None:
    bidding = {**ORDERED, "actions": ORDERED["actions"][:3]}
    as_written = read_position(bidding).view
    assert as_written.phase is Phase.DISCARD and as_written.to_act == Seat.E
    (view, _), readings = read_position_noting(bidding)
    assert [r.kind for r in readings] == ["hidden-discard"]
    assert view == read_position(ORDERED).view and view.to_act == Seat.S and view.phase is Phase.PLAY


@settings(deadline=None, max_examples=120)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6))
def test_leaving_out_other_seats_hidden_discards_reads_the_same_view(name: str, seed: int) -> None:
    state, me = random_position(name, seed)
    data = position_of(state, me)
    hidden = [a for a in data["actions"] if a.endswith(": discard") and not a.startswith(f"{me.name}:")]
    (view, _), readings = read_position_noting(
        {**data, "actions": [a for a in data["actions"] if a not in hidden]}, to_turn=False
    )
    expected = read_position(data).view
    if hidden and data["actions"][-1] in hidden:
        # the last action was the hidden discard: read as the position before it
        assert len(readings) == len(hidden) - 1
        return
    assert [r.kind for r in readings] == ["hidden-discard"] * len(hidden)
    assert dataclasses.replace(view, hand=()) == dataclasses.replace(expected, hand=())
    assert sorted(view.hand, key=lambda c: c.index) == sorted(expected.hand, key=lambda c: c.index)
