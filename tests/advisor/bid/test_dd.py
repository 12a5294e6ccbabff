"""The Bid Euchre double-dummy search: exact values checked against a brute-force minimax.

The minimax here is written independently of dd.py: it walks the engine's own
``HandState.legal_plays`` and ``apply`` to the end of the hand (no pruning, no
table, no merged cards) and reads the bidders' tricks from the finished state,
so trump and no trump high and low, the joker, the loner's partner sitting out
and the double deck's "first of two equal cards wins" are the engine's.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.bid.advisor import dd
from euchre_tutor.games.bid.engine import Deal, HandState, Phase, new_hand

from .positions import RULE_SETS, ending


def minimax(state: HandState, memo: dict[object, int] | None = None) -> int:
    """The bidders' final tricks with perfect play, by trying every legal card (slow, obviously right).

    ``memo`` only remembers a value at a trick's start, where what is left to play depends on nothing
    but the cards in hand, who leads and the tricks won so far (a transposition, not a pruning)."""
    assert state.bidders is not None
    if state.phase is not Phase.PLAY:
        return state.tricks_won(state.bidders)
    assert state.to_act is not None
    memo = {} if memo is None else memo
    key = None if state.trick_plays else (state.to_act, state.hands, state.tricks_won(state.bidders))
    if key is not None and key in memo:
        return memo[key]
    values = [minimax(state.apply(f"play {c}"), memo) for c in state.legal_plays()]
    value = max(values) if state.to_act.team is state.bidders else min(values)
    if key is not None:
        memo[key] = value
    return value


@settings(deadline=None, max_examples=200)
@given(
    name=st.sampled_from(sorted(RULE_SETS)),
    seed=st.integers(0, 2**32),
    tricks=st.integers(1, 3),
    backend=st.sampled_from(dd.BACKENDS),
)
def test_solve_and_card_values_equal_minimax_on_endings(
    name: str, seed: int, tricks: int, backend: str
) -> None:
    state = ending(RULE_SETS[name], random.Random(seed), tricks)
    assert dd.solve(state, backend=backend) == minimax(state)
    values = dd.card_values(state, backend=backend)
    assert list(values) == list(state.legal_plays())
    for card, value in values.items():
        assert value == minimax(state.apply(f"play {card}")), card


@settings(deadline=None, max_examples=20)
@given(seed=st.integers(0, 2**32), backend=st.sampled_from(dd.BACKENDS))
def test_four_trick_endings_equal_minimax(seed: int, backend: str) -> None:
    """Deeper endings of the single deck (the table and the bounds matter more there)."""
    rng = random.Random(seed)
    state = ending(RULE_SETS[rng.choice(["common", "nt-high-low", "kitty-joker"])], rng, 4)
    assert dd.solve(state, backend=backend) == minimax(state)


@pytest.mark.parametrize("backend", dd.BACKENDS)
def test_outside_the_play_phase_is_a_teaching_error(backend: str) -> None:
    state = new_hand(Deal.from_seed(1, "N"))
    with pytest.raises(IllegalAction, match="play phase"):
        dd.solve(state, backend=backend)
