"""Writing a seat's position as ``classic analyze`` input: it reads back as the same view."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.games.classic.advisor.position import read_position, write_position
from euchre_tutor.games.classic.engine.engine import Deal, Seat, new_hand
from euchre_tutor.games.classic.rules import PRESETS, preset
from euchre_tutor.games.classic.views import seat_view
from tests.advisor.classic.test_position import position_of
from tests.advisor.classic.test_worlds import RULES, random_position, sorted_hand


@settings(deadline=None, max_examples=120)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6))
def test_a_written_position_reads_back_as_the_seats_view(name: str, seed: int) -> None:
    state, me = random_position(name, seed)
    written = write_position(state, me)
    # the same hidden cards as the hand-written form, and the same view read back
    rules = written.pop("rules")
    expected = position_of(state, me)
    by_name = [n for n, r in PRESETS.items() if r == state.rules]
    assert rules == (by_name[0] if by_name else expected["rules"])
    assert written == {k: v for k, v in expected.items() if k != "rules"}
    view, _ = read_position({**written, "rules": rules})
    assert sorted_hand(view) == sorted_hand(seat_view(state, me))


def test_a_preset_is_written_by_name_and_the_score_as_us_and_them() -> None:
    state = new_hand(Deal.from_seed(3, Seat.N), preset("standard"))
    state = state.apply("pass")
    data = write_position(state, Seat.W, (4, 7))  # W is on team EW (index 1)
    assert data["rules"] == "standard"
    assert data["score"] == {"us": 7, "them": 4}
    assert data["actions"] == ["E: pass"]
    assert data["hand"] == [str(c) for c in state.hands[Seat.W]]
    view, _ = read_position(data)
    assert view.scores == (4, 7)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_another_seats_discard_is_written_hidden(seed: int) -> None:
    state = new_hand(Deal.from_seed(seed, Seat.N), preset("standard"))
    state = state.apply("order")  # East orders up: North (the dealer) picks up and discards
    discard = next(a for a in state.legal_actions() if a.kind == "discard")
    state = state.apply(discard)
    assert write_position(state, Seat.S)["actions"] == ["E: order", "N: discard"]
    assert write_position(state, Seat.N)["actions"] == ["E: order", f"N: {discard}"]
    view, _ = read_position(write_position(state, Seat.S))
    assert dataclasses.replace(view, hand=()) == dataclasses.replace(seat_view(state, Seat.S), hand=())
