"""The rollout is exactly the rule-based player's card play (re-implemented on bitmasks in advisor/trickdd.py).

If this fails after a change to RuleBasedPlayer's card play (bots/classic.py: _play, _lead,
_is_boss, _cheapest, _power, _cost), change the rollout of advisor/trickdd.py (and _trickdd.c) to match.
"""

from __future__ import annotations

import random

import pytest

from euchre_tutor.advisor.classic import dd
from euchre_tutor.bots.classic import RuleBasedPlayer, play_out
from euchre_tutor.classic.engine import HandState

from .test_dd_positions import RULE_SETS, play_randomly, start_of_play

STATES_PER_RULE_SET = 150


def _rule_based_tricks(state: HandState) -> int:
    assert state.maker is not None
    end = play_out(state, [RuleBasedPlayer()] * state.seating.players)
    assert isinstance(end, HandState)
    return end.tricks_won(state.maker.team)


def _states(name: str, count: int) -> list[HandState]:
    rng = random.Random(f"rollout:{name}")
    out = []
    for i in range(count):
        state = start_of_play(RULE_SETS[name], rng)
        # a third from the first lead, the rest after some random cards (often mid-trick)
        out.append(state if i % 3 == 0 else play_randomly(state, rng.randrange(1, 25), rng))
    return out


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_rollout_equals_play_out_with_rule_based_players(name: str) -> None:
    states = _states(name, STATES_PER_RULE_SET)
    want = [_rule_based_tricks(s) for s in states]
    for backend in dd.BACKENDS:
        assert dd.rollout_many(states, backend=backend) == want, backend


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_unseen_cards_are_the_seat_views(name: str) -> None:
    """The rollout's starting knowledge per seat is what seat_view(...).unseen_cards() says."""
    for state in _states(name, 40):
        assert dd._unseen(state) == dd._unseen_from_views(state)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_first_cards_legal_set_is_the_engines(name: str) -> None:
    """A position reads the legal cards of the seat to act from its masks (following suit, a barred
    trump lead); they are the engine's ``legal_plays()``, and the hands those of the seats in play."""
    for state in _states(name, 60):
        pos = dd._Position(state)
        assert pos.legal == sum(1 << c.index for c in state.legal_plays())
        for seat in state.seating.seats:
            held = sum(1 << c.index for c in state.hands[seat])
            assert pos.hands[seat] == (0 if seat in state.sitting_out else held)
