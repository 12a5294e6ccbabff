"""The compiled candidate draw (``_worldfill.c``) and its pure-Python twin: the same candidates,
the same worlds and the same generator state after, for every rule set's hidden-information paths."""

from __future__ import annotations

import importlib.util
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor import placement
from euchre_tutor.games.classic.advisor.placement import Placement
from euchre_tutor.games.classic.advisor.worlds import WorldSampler
from euchre_tutor.games.classic.views import seat_view

from .test_worlds import RULES, random_position

BACKENDS = ("compiled", "python") if placement.BACKEND == "compiled" else ("python",)

names = st.sampled_from(sorted(RULES))
seeds = st.integers(0, 10**6)


def test_ci_loads_the_compiled_draw() -> None:
    """Under CI=true the extension must have been built and serve by default: no silent fallback."""
    pure = os.environ.get("EUCHRE_TUTOR_PURE_PYTHON", "") in ("1", "true", "yes")
    built = importlib.util.find_spec("euchre_tutor.games.classic.advisor._worldfill") is not None
    if os.environ.get("CI", "").strip().lower() == "true":
        assert not pure and built
    assert ("compiled" if built and not pure else "python") == placement.BACKEND


def test_asking_for_a_missing_compiled_draw_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    truth, me = random_position("standard", 5)
    monkeypatch.setattr(placement, "_CORE", None)
    with pytest.raises(EuchreError, match="compiled candidate draw is not available"):
        Placement(seat_view(truth, me), backend="compiled")
    assert Placement(seat_view(truth, me)).backend == "python"


@settings(deadline=None, max_examples=150)
@given(name=names, seed=seeds, draws=st.integers(1, 40))
def test_both_draws_give_the_same_candidates_and_leave_the_same_state(
    name: str, seed: int, draws: int
) -> None:
    truth, me = random_position(name, seed)
    view = seat_view(truth, me)
    got = {}
    for backend in BACKENDS:
        try:
            plan = Placement(view, backend=backend)
        except EuchreError as e:  # a view no deal fits: refused alike
            got[backend] = str(e)
            continue
        assert plan.backend == backend
        rng = random.Random(seed)
        cands = [plan.fill(rng) for _ in range(draws)]
        # the log q of a placement by its constrained cards' slots (what re-choosing a discard asks)
        # is the candidate's own
        logqs = [
            plan.logq_of(c.where)
            for c in cands
            if c is not None and plan.constrained_bits and len(c.where) == len(plan.constrained_bits)
        ]
        assert logqs == [c.logq for c in cands if c is not None and c.where]
        got[backend] = (
            [None if c is None else (c.slots, c.logq, c.where) for c in cands],
            logqs,
            rng.getstate(),
            plan.dead_ends,
        )
    first = got[BACKENDS[0]]
    for backend in BACKENDS:
        assert got[backend] == first, backend


@settings(deadline=None, max_examples=40)
@given(name=names, seed=seeds)
def test_both_draws_give_the_same_worlds(name: str, seed: int) -> None:
    """Whole batches of worlds (the bids' weights, the resampling, the swaps) are the same."""
    truth, me = random_position(name, seed)
    view = seat_view(truth, me)
    core = placement._CORE
    out = {}
    for backend in BACKENDS:
        placement._CORE = core if backend == "compiled" else None  # type: ignore[misc]
        try:
            report = WorldSampler(view).report(8, random.Random(seed), orbits=True)
            out[backend] = (
                [(w.deal, w.hands, w.history) for w in report.worlds],
                report.candidates,
                report.ess,
                report.orbits,
            )
        except EuchreError as e:
            out[backend] = str(e)
        finally:
            placement._CORE = core  # type: ignore[misc]
    first = out[BACKENDS[0]]
    for backend in BACKENDS:
        assert out[backend] == first, backend
