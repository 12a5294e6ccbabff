"""The rollout is exactly the rule-based player's card play (re-implemented on bitmasks in advisor/trickdd.py).

If this fails after a change to RuleBasedPlayer's card play (bots/classic.py: _play, _lead,
_is_boss, _cheapest, _power, _cost), change the rollout of advisor/trickdd.py (and _trickdd.c) to match.
"""

from __future__ import annotations

import random

import pytest

from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.bots import RuleBasedPlayer, play_out
from euchre_tutor.games.classic.engine.engine import Action, HandState
from euchre_tutor.games.classic.views import seat_view

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


def _unseen_from_views(state: HandState) -> list[int]:
    """The reference for :func:`dd._unseen`: every seat's view, asked."""
    out = []
    for seat in state.seating.seats:
        m = 0
        for c in seat_view(state, seat).unseen_cards():
            m |= 1 << c.index
        out.append(m)
    return out


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_unseen_cards_are_the_seat_views(name: str) -> None:
    """The rollout's starting knowledge per seat is what seat_view(...).unseen_cards() says."""
    for state in _states(name, 40):
        assert dd._unseen(state) == _unseen_from_views(state)


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


# ---------------------------------------------------------------------------
# Slips: the Beginner's card play in the play-outs

_M64 = (1 << 64) - 1


def _splitmix(state: int) -> tuple[int, int]:
    """splitmix64 as its authors wrote it (an independent copy, not the advisor's)."""
    state = (state + 0x9E3779B97F4A7C15) & _M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return state, z ^ (z >> 31)


def _slipping_tricks(state: HandState, slip: float, seed: int) -> int:
    """The hand played on through the engine: each seat with a choice draws whether it slips (a draw
    below slip * 2^53 after the shift) and, if it does, which legal card (the next draw modulo their
    number, in card order); otherwise it plays the rule-based player's card."""
    assert state.maker is not None
    makers = state.maker.team
    player = RuleBasedPlayer()
    draws = seed
    while not state.is_over:
        legal = sorted(state.legal_plays(), key=lambda c: c.index)
        card = legal[0]
        if len(legal) > 1:
            draws, r = _splitmix(draws)
            if r >> 11 < int(slip * 2**53):
                draws, pick = _splitmix(draws)
                card = legal[pick % len(legal)]
            else:
                seat = state.to_act
                assert seat is not None
                action = player.choose(seat_view(state, seat))
                assert action.card is not None
                card = action.card
        state = state.apply(Action("play", card=card))
    return state.tricks_won(makers)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_slipping_rollout_is_the_beginners_card_play_with_the_same_draws(name: str) -> None:
    states = _states(name, 60)
    for slip in (0.3, 1.0):
        seeds = [random.Random(f"{name} {i} {slip}").getrandbits(64) for i in range(len(states))]
        want = [_slipping_tricks(s, slip, seed) for s, seed in zip(states, seeds, strict=True)]
        for backend in dd.BACKENDS:
            assert dd.rollout_many(states, backend=backend, slip=slip, seeds=seeds) == want, (backend, slip)
    # no slip: the rule-based play, whatever the seeds
    plain = [_rule_based_tricks(s) for s in states]
    for backend in dd.BACKENDS:
        assert dd.rollout_many(states, backend=backend, slip=0.0, seeds=[7] * len(states)) == plain


def test_slips_change_the_play_and_are_refused_without_seeds() -> None:
    states = _states(sorted(RULE_SETS)[0], 60)
    seeds = list(range(len(states)))
    slipping = dd.rollout_many(states, slip=1.0, seeds=seeds)
    assert slipping != dd.rollout_many(states)
    with pytest.raises(ValueError, match="one seed per position"):
        dd.rollout_many(states, slip=0.3)
    with pytest.raises(ValueError, match="between 0 and 1"):
        dd.rollout_many(states, slip=1.5, seeds=seeds)
