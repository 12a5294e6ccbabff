"""Invariants over many random hands and matches (hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import deck
from euchre_tutor.errors import IllegalAction
from euchre_tutor.games.classic.engine.engine import (
    Action,
    Deal,
    HandState,
    MatchState,
    Phase,
    Seat,
    new_hand,
    new_match,
)
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.rules import PRESETS, preset
from tests.classic.independent_scoring import expected_points

seeds = st.integers(min_value=0, max_value=2**32)
names = st.sampled_from(sorted(n for n, r in PRESETS.items() if r.players == 4))
ALL_ACTIONS = (
    [Action.parse(t) for t in ("pass", "order", "order alone", "alone", "partner")]
    + [Action.parse(f"call {s}{a}") for s in "CDHS" for a in ("", " alone")]
    + [Action.parse(f"{k} {c}") for k in ("discard", "play") for c in deck()]
)


def _located_cards(state: HandState) -> Counter[str]:
    where: Counter[str] = Counter()
    for hand in state.hands:
        where.update(map(str, hand))
    for t in state.tricks:
        where.update(map(str, t.cards))
    where.update(str(c) for _, c in state.trick_plays)
    if state.discard is not None:
        where[str(state.discard)] += 1
    where.update(map(str, state.deal.kitty))
    if not any(a.kind == "order" for _, a in state.history):
        where[str(state.up)] += 1
    return where


@settings(deadline=None, max_examples=150)
@given(seed=seeds, name=names)
def test_cards_conserved_and_only_legal_actions_apply(seed: int, name: str) -> None:
    rng = random.Random(seed)
    state = new_hand(Deal.from_seed(seed, Seat(seed % 4)), preset(name))
    everything = Counter(str(c) for c in deck())
    while not state.is_over:
        assert _located_cards(state) == everything
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for a in rng.sample(ALL_ACTIONS, 12):
            if a not in legal:
                try:
                    state.apply(a)
                except IllegalAction:
                    pass
                else:  # pragma: no cover
                    raise AssertionError(f"{a} applied though not legal")
        state = state.apply(legal[rng.randrange(len(legal))])
    assert _located_cards(state) == everything
    if state.passed_out:
        assert state.points() == (0, 0)
        return
    per_trick = 4 - len(state.sitting_out)
    assert all(len(t.plays) == per_trick for t in state.tricks) and len(state.tricks) == 5
    assert state.tricks_won(state.maker.team) + state.tricks_won(state.maker.team.other) == 5  # type: ignore[union-attr]
    ns, ew = state.points()
    assert (ns == 0) != (ew == 0)
    makers_points = ns if state.maker.team.value == "NS" else ew  # type: ignore[union-attr]
    taken = state.tricks_won(state.maker.team)  # type: ignore[union-attr]
    assert (makers_points > 0) == (taken >= 3)
    want = expected_points(
        state.rules,
        taken,
        state.alone,
        state.lone_defender is not None,
        state.maker.team.index,  # type: ignore[union-attr]
    )
    assert (ns, ew) == want


def _dealer_for(m: MatchState, index: int) -> Seat:
    """The dealer of hand ``index`` (0-based), counted from the first: the deal rotates left, except
    after a misdeal."""
    dealer = m.first_dealer
    for i in range(index):
        if not (i < len(m.results) and m.results[i].misdeal):
            dealer = dealer.next
    return dealer


@settings(deadline=None, max_examples=25)
@given(seed=seeds, target=st.integers(min_value=1, max_value=12))
def test_matches_end_at_the_target(seed: int, target: int) -> None:
    rng = random.Random(seed)
    m = new_match(preset("standard").with_options(target=target), seed=seed)
    while not m.is_over:
        assert max(m.scores) < target
        assert m.hand.dealer is _dealer_for(m, len(m.results))
        legal = m.legal_actions()
        m = m.apply(legal[rng.randrange(len(legal))])
    assert max(m.scores) >= target and m.winner is not None
    assert sum(r.points[0] for r in m.results) == m.scores[0]


@settings(deadline=None, max_examples=40)
@given(seed=seeds, name=names, steps=st.integers(min_value=0, max_value=80))
def test_undo_redo_and_save_load_round_trip(seed: int, name: str, steps: int) -> None:
    rng = random.Random(seed)
    game = ClassicGame(preset(name), seed=seed, dealer=Seat(seed % 4))
    states = [game.state]
    for _ in range(steps):
        if game.state.is_over:
            break
        legal = game.state.legal_actions()
        states.append(game.apply(legal[rng.randrange(len(legal))]))
    n = game.position
    back = rng.randrange(n + 1)
    for _ in range(back):
        game.undo()
    assert game.state == states[n - back]
    for _ in range(back):
        game.redo()
    assert game.state == states[n]
    loaded = ClassicGame.loads(game.dumps())
    assert loaded.state == game.state and loaded.actions == game.actions
    assert json.loads(loaded.dumps()) == json.loads(game.dumps())


@settings(deadline=None, max_examples=60)
@given(seed=seeds)
def test_phase_and_actor_consistent(seed: int) -> None:
    rng = random.Random(seed)
    state = new_hand(Deal.from_seed(seed), preset("openspiel-lone-defender"))
    while not state.is_over:
        assert state.to_act is not None and state.to_act not in state.sitting_out
        if state.phase is Phase.DISCARD:
            assert state.to_act is state.dealer and len(state.hands[state.dealer]) == 6
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    assert state.to_act is None and state.legal_actions() == ()
