"""The compiled candidate draw (``_worldfill.c``) and its pure-Python twin: the same candidates,
the same worlds and the same generator state after, for every rule set's hidden-information paths."""

from __future__ import annotations

import importlib.util
import os
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor import placement, worlds
from euchre_tutor.games.classic.advisor.bidmodel import BiddingModel
from euchre_tutor.games.classic.advisor.placement import Placement
from euchre_tutor.games.classic.advisor.plan import WorldPlan
from euchre_tutor.games.classic.advisor.worlds import WorldSampler
from euchre_tutor.games.classic.views import SeatView, seat_view

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
    monkeypatch.setattr(placement, "CORE", None)
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
    core = placement.CORE
    out = {}
    for backend in BACKENDS:
        placement.CORE = core if backend == "compiled" else None  # type: ignore[misc]
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
            placement.CORE = core  # type: ignore[misc]
    first = out[BACKENDS[0]]
    for backend in BACKENDS:
        assert out[backend] == first, backend


def _batch(view: SeatView, backend: str, seed: int, n: int, model: BiddingModel) -> tuple[object, bool]:
    """One batch's weighed candidates drawn as the sampler draws them, by ``backend``'s loop, with
    everything the batch leaves behind (the generator, the plan's dead ends and memos)."""
    core = placement.CORE
    placement.CORE = core if backend == "compiled" else None  # type: ignore[misc]
    try:
        plan = WorldPlan(view)
        rng = random.Random(seed)
        fast = backend == "compiled" and plan.draw_fast(model, random.Random(0), 0, 0) is not None
        d = worlds._draw(view, [plan], [0.0], model, n, rng, worlds.CANDIDATES_PER_WORLD)
    except EuchreError as e:
        return str(e), False
    finally:
        placement.CORE = core  # type: ignore[misc]
    cands = [(c.slots, c.logq, c.bid_masks, c.where, c.gift, c.taken, c.loner_six) for c in d.cands]
    memos = ({int(s): dict(m) for s, m in plan.memo.items()}, dict(plan.dealer_memo))
    state = (cands, d.which, d.picks, d.drawn, d.ess, rng.getstate(), plan.dead_ends, plan.matching, memos)
    return state, fast


@settings(deadline=None, max_examples=150)
@given(name=names, seed=seeds, n=st.integers(1, 30), uniform=st.booleans())
def test_the_compiled_batch_draws_what_the_python_loop_draws(
    name: str, seed: int, n: int, uniform: bool
) -> None:
    """The compiled loop (fill, complete, weight, the dealer's discard re-chosen) keeps the same
    candidates with the same weights, spends the same draws, fills the same memos and leaves the
    generator where the Python loop leaves it, under every rule set's hidden-information paths."""
    truth, me = random_position(name, seed)
    view = seat_view(truth, me)
    model = BiddingModel(uniform=True) if uniform else BiddingModel()
    python, _ = _batch(view, "python", seed, n, model)
    for backend in BACKENDS:
        got, _ = _batch(view, backend, seed, n, model)
        assert got == python, backend


def test_the_compiled_batch_serves_the_common_positions() -> None:
    """The compiled loop is the one that runs at the standard game's positions (bids, a hidden discard
    re-chosen, card play), so the property above compares it and not the Python loop with itself;
    without the core (the static site's case) the Python loop serves every one."""
    served = rechosen = modelled = 0
    for seed in range(60):
        truth, me = random_position("standard", seed)
        view = seat_view(truth, me)
        plan = WorldPlan(view)
        model = BiddingModel()
        if plan.draw_fast(model, random.Random(0), 0, 0) is not None:
            served += 1
            rechosen += plan.rechoose
            # the bids are weighed in C too (no Python callback for a seat with a program)
            spec = plan._model_spec(model)
            modelled += spec is not None and all(spec[4][int(s)] is not None for s in plan.weighed_seats)
    if "compiled" not in BACKENDS:
        assert served == 0
        return
    assert served >= 50 and rechosen >= 5 and modelled >= 50, (served, rechosen, modelled)


def test_a_malformed_spec_is_refused_by_the_compiled_batch() -> None:
    if "compiled" not in BACKENDS:
        pytest.skip("built without a C compiler: only the Python loop exists")
    truth, me = random_position("standard", 3)
    plan = WorldPlan(seat_view(truth, me))
    core = placement.CORE
    assert core is not None
    rng = random.Random(1)
    with pytest.raises(TypeError, match="25 fields"):
        core.draw(plan.core_plan, rng.random, rng.getrandbits, 3, 9, (1, 2))
    captured: list[tuple[Any, ...]] = []
    real = core.draw

    def spy(*args: object) -> object:
        captured.append(args)
        return real(*args)

    placement.CORE = type("Spy", (), {"draw": staticmethod(spy)})()  # type: ignore[misc]
    try:
        plan.draw_fast(BiddingModel(), rng, 1, 1)
    finally:
        placement.CORE = core  # type: ignore[misc]
    spec = list(captured[0][5])
    model = spec[22]
    assert isinstance(model, tuple)
    for field, bad, error in (
        (6, 99, ValueError),
        (0, 99, ValueError),
        (17, [{}], ValueError),
        (18, [], TypeError),
        (22, (model[0][:3], *model[1:]), ValueError),  # three suits' strength rows
        (22, (*model[:4], [None] * 9), ValueError),  # programs for nine seats
        (22, (*model[:4], [(1, [(1,) * 13])] * len(model[4])), ValueError),  # a bid without its suits
    ):
        broken = list(spec)
        broken[field] = bad
        with pytest.raises(error):
            core.draw(plan.core_plan, rng.random, rng.getrandbits, 3, 9, tuple(broken))


@settings(deadline=None, max_examples=120)
@given(name=names, seed=seeds, uniform=st.booleans())
def test_the_compiled_swaps_are_the_python_swaps(name: str, seed: int, uniform: bool) -> None:
    """Each kept candidate's swaps of the hidden hands (their hands and shares) and the likelihoods
    they leave in the memos are the same by the compiled core and by SwapOrbits.orbit_masks."""
    truth, me = random_position(name, seed)
    view = seat_view(truth, me)
    model = BiddingModel(uniform=True) if uniform else BiddingModel()
    got = []
    for compiled in (True, False):
        try:
            plan = WorldPlan(view)
            d = worlds._draw(view, [plan], [0.0], model, 6, random.Random(seed), worlds.CANDIDATES_PER_WORLD)
        except EuchreError:
            return
        if not plan.orbit_ready():
            return
        cands = [d.cands[i] for i in dict.fromkeys(d.picks)]
        if compiled:
            orbits = plan.orbit_masks_many(cands, model)
        else:
            orbits = [plan.orbit_masks(c, model) for c in cands]
        got.append(([tuple(o) for o in orbits], {int(s): dict(m) for s, m in plan.memo.items()}))
    assert got[0] == got[1]


def test_the_compiled_dealt_rows_are_the_dealt_hands_in_indices() -> None:
    """``dealt_rows`` reads many deals at once as ``dealt`` reads each (the seat that sees keeping its
    own cards' order first), with the up card last in the dealer's hand where it was picked up, and
    refuses seats or cards out of range."""
    core = placement.CORE
    if core is None:
        pytest.skip("built without a C compiler: only the Python loop exists")
    indices = list(range(33))
    deals = [[0b111, 0b111000, 0b111000000], [0b1000001, 0b110, 0b11000]]
    mine = [1 << 2, 1 << 0]
    for me, dealer in ((0, -1), (1, 2), (-1, 0)):
        got = core.dealt_rows(deals, me, mine, 1 << 20, dealer)
        for masks, hands in zip(deals, got, strict=True):
            want = [list(h) for h in core.dealt(indices, masks, me, mine, 1 << 20, 0)[0]]
            if dealer >= 0:
                want[dealer].append(20)
            assert hands == want
    assert core.dealt_rows(deals, 0, mine, 1 << 20, -1)[0][0] == [2, 0, 1]
    with pytest.raises(ValueError, match="seats are out of range"):
        core.dealt_rows([[]], -1, [], 1 << 20, -1)
    with pytest.raises(ValueError, match="seats are out of range"):
        core.dealt_rows(deals, 3, mine, 1 << 20, -1)
    with pytest.raises(ValueError, match="up card"):
        core.dealt_rows(deals, 0, mine, 0b11, -1)
    with pytest.raises(TypeError):
        core.dealt_rows(deals, 0, tuple(mine), 1 << 20, -1)
