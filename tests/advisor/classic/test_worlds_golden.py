"""The seeded worlds are the recorded ones: the sampler draws the same deals, weights and swaps.

``tests/data/classic_worlds_golden.json`` holds, for a few hundred seeded positions (bids and card
play; 3, 4 and 6 players; every rule set of :data:`RULES`), a digest of every world two batches of
one :class:`WorldSampler` drew, the batches' candidate counts and effective sample sizes, the
swaps' shares, and a world of the plan's :meth:`one_world` (the positions' reader uses it); and,
for positions where another seat threw the hand in, the misdeal worlds. Rebuild it (only when the
sampler's answers are meant to change) with ``python -m tests.advisor.classic.test_worlds_golden``.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.games.classic.advisor.worlds import (
    BiddingModel,
    WorldPlan,
    WorldSample,
    WorldSampler,
    misdeal_cards,
    misdeal_world,
)
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Phase, Seat, new_hand, rules_seating
from euchre_tutor.games.classic.views import seat_view

from .test_worlds import RULES, random_position

GOLDEN = Path(__file__).parents[2] / "data" / "classic_worlds_golden.json"
SEEDS_PER_RULES = 14
BIDDING_SEEDS = 6


def _digest(world: HandState | None) -> str | None:
    """A world's fields, by name (whichever class of the state's declares them)."""
    if world is None:
        return None
    shown = sorted((f.name, getattr(world, f.name)) for f in fields(world) if f.repr)
    return hashlib.sha1(repr(shown).encode()).hexdigest()[:12]


def _batch(sample: WorldSample) -> dict[str, Any]:
    return {
        "worlds": [_digest(w) for w in sample.worlds],
        "candidates": sample.candidates,
        "consistent": sample.consistent,
        "ess": sample.ess,
        "orbits": None
        if sample.orbits is None
        else hashlib.sha1(repr(sample.orbits).encode()).hexdigest()[:12],
    }


def bidding_position(name: str, seed: int) -> tuple[HandState, Seat]:
    """A hand played by rule-based players through its first few actions (the bidding), and a seat."""
    rules = RULES[name]
    rng = random.Random(seed)
    seating = rules_seating(rules)
    dealer = seating.seats[rng.randrange(seating.players)]
    state = new_hand(Deal.from_seed(seed, dealer, size=rules.deck, joker=rules.joker, seating=seating), rules)
    player = RuleBasedPlayer()
    for _ in range(rng.randrange(2 * seating.players + 2)):
        if state.is_over or state.phase is Phase.PLAY:
            break
        assert state.to_act is not None
        state = state.apply(player.choose(seat_view(state, state.to_act)))
    return state, seating.seats[rng.randrange(seating.players)]


def record(name: str, seed: int, bidding: bool = False) -> dict[str, Any]:
    """What the sampler draws for the seeded position ``(name, seed)`` (``bidding``: of
    :func:`bidding_position`, else of :func:`random_position`)."""
    truth, me = (bidding_position if bidding else random_position)(name, seed)
    view = seat_view(truth, me)
    model = BiddingModel(uniform=seed % 5 == 4)
    sampler = WorldSampler(view, model)
    rng = random.Random(seed)
    first = sampler.report(6, rng, orbits=True)
    second = sampler.report(4, rng, candidates_per_world=2, orbits=seed % 2 == 0)
    out: dict[str, Any] = {
        "rules": name,
        "seed": seed,
        "bidding": bidding,
        "phase": view.phase.name,
        "batches": [_batch(first), _batch(second)],
    }
    if sampler.misdealer is None:
        one = WorldPlan(view).one_world(random.Random(seed + 1), 5, lambda w: True)
        out["one_world"] = _digest(one)
    else:
        plain = misdeal_cards(view)
        rng = random.Random(seed + 1)
        out["misdeal_worlds"] = [
            _digest(misdeal_world(view, sampler.misdealer, plain, rng, lambda w: True)) for _ in range(6)
        ]
    return out


def _misdeal_seeds(name: str, want: int) -> list[int]:
    """Seeds whose position has another seat's misdeal (a rare hand: searched once, when recording)."""
    found = []
    seed = 0
    while len(found) < want and seed < 20000:
        truth, me = random_position(name, seed)
        if any(a.kind == "misdeal" and s != me for s, a in truth.history):
            found.append(seed)
        seed += 1
    return found


def build() -> list[dict[str, Any]]:
    cases = [(name, seed) for name in sorted(RULES) for seed in range(SEEDS_PER_RULES)]
    for name in ("farmer", "three-20"):
        cases += [(name, seed) for seed in _misdeal_seeds(name, 5) if seed >= SEEDS_PER_RULES]
    out = [record(name, seed) for name, seed in cases]
    return out + [record(name, seed, bidding=True) for name in sorted(RULES) for seed in range(BIDDING_SEEDS)]


def _golden() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(GOLDEN.read_text())
    return data


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_seeded_worlds_are_the_recorded_ones(name: str) -> None:
    cases = [case for case in _golden() if case["rules"] == name]
    assert len(cases) >= SEEDS_PER_RULES + BIDDING_SEEDS
    for case in cases:
        assert record(name, case["seed"], case["bidding"]) == case, f"{name} seed {case['seed']}"


def test_the_record_covers_misdeals_card_play_and_swaps() -> None:
    cases = _golden()
    assert sum("misdeal_worlds" in c for c in cases) >= 5
    assert sum(c["batches"][0]["orbits"] is not None for c in cases) >= 50
    assert sum(c["one_world"] is not None for c in cases if "one_world" in c) >= 200
    assert sum(c["phase"] == "PLAY" for c in cases) >= 100
    assert sum(c["phase"] in ("ROUND_1", "ROUND_2") for c in cases) >= 50
    assert sum(c["phase"] not in ("ROUND_1", "ROUND_2", "PLAY", "OVER") for c in cases) >= 5


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(build(), separators=(",", ":")) + "\n")
