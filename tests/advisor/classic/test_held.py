"""Card play valued from the deals' hand masks, without a state per deal.

A card-play analysis with swapped hands values each sampled deal from its hands as masks
(:meth:`WorldSampler.masks`, :func:`dd.card_values_held`) and builds states only for the deals
its reasons keep. Checked here against the state path it replaces: the same draws, deals, swaps
and shares from the same generator state (which is left in the same state), exactly the same card
values under every rule set and search backend, exactly the same tallies, and the same analysis,
reasons included, when most deals have no state.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from euchre_tutor.advisor import sampling
from euchre_tutor.advisor.sampling import Tally
from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.advisor.analysis import AnalysisRun, _tally_batch, _tally_held, _win_chance
from euchre_tutor.games.classic.advisor.gamewin import is_tabled, load_classic_table
from euchre_tutor.games.classic.advisor.plan import WorldPlan
from euchre_tutor.games.classic.advisor.worlds import MaskSample, WorldSample, WorldSampler
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Phase
from euchre_tutor.games.classic.views import SeatView, seat_view

from .test_paired import position
from .test_worlds import RULES, random_position

CLUB = RuleBasedPlayer()


def to_act_view(name: str, seed: int) -> SeatView:
    """The view of the seat to act at the first card choice from a random point of a hand (played on
    by the rule-based player; a hand thrown in or over before a choice is no case)."""
    state, _ = random_position(name, seed)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = seat_view(state, seat)
        if view.phase is Phase.PLAY and len(view.legal) > 1:
            return view
        state = state.apply(CLUB.choose(view))
    assume(False)
    raise AssertionError("unreachable")


def as_masks(hands: tuple[tuple[Card, ...], ...]) -> tuple[int, ...]:
    return tuple(sum(1 << c.index for c in held) for held in hands)


@settings(deadline=None, max_examples=50)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6), states=st.integers(-3, 9))
def test_the_mask_batch_is_the_state_batch_and_its_values_the_same(name: str, seed: int, states: int) -> None:
    view = to_act_view(name, seed)
    by_state, by_mask = random.Random(seed), random.Random(seed)
    report = WorldSampler(view).report(8, by_state, orbits=True)
    batch = WorldSampler(view).masks(8, by_mask, states)
    assert by_state.getstate() == by_mask.getstate()  # the next batch draws the same
    if report.orbits is None:
        assert isinstance(batch, WorldSample)
        assert batch == report
        return
    assert isinstance(batch, MaskSample)
    assert batch.state == report.worlds[0]
    # the dealt hands the reasons read: the deals' own, as masks
    assert batch.dealt == [tuple(as_masks(w.deal.hands)) for w in report.worlds[: max(1, states)]]
    assert (batch.candidates, batch.consistent, batch.ess) == (
        report.candidates,
        report.consistent,
        report.ess,
    )
    assert batch.orbits == [tuple((as_masks(h), share) for h, share in orbit) for orbit in report.orbits]
    hands = [[h for h, _ in orbit] for orbit in report.orbits]
    for backend in dd.BACKENDS:
        swapped = dd.card_values_swapped(report.worlds, hands, backend=backend)
        legal, held = dd.card_values_held(
            report.worlds[0], [[h for h, _ in o] for o in batch.orbits], backend=backend
        )
        assert legal == list(report.worlds[0].legal_plays())
        assert held == [[tuple(v[c] for c in legal) for v in deal] for deal in swapped]


@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    name=st.sampled_from(sorted(RULES)),
    seed=st.integers(0, 10**6),
    cuts=st.lists(st.integers(0, 6), unique=True).map(sorted),
)
def test_the_values_by_cuts_are_the_exact_values_floored_to_a_cut(
    name: str, seed: int, cuts: list[int]
) -> None:
    """Asked only where the cuts lie, every backend answers each card's exact value floored to the
    greatest cut not above it (0 below every cut): cuts at or below the tricks already taken, and
    past the tricks left, included."""
    view = to_act_view(name, seed)
    batch = WorldSampler(view).masks(8, random.Random(seed), 0)
    assume(isinstance(batch, MaskSample))
    assert isinstance(batch, MaskSample)
    hands = [[h for h, _ in o] for o in batch.orbits]

    def floor(v: int) -> int:
        return max([0, *(k for k in cuts if k <= v)])

    for backend in dd.BACKENDS:
        legal, exact = dd.card_values_held(batch.state, hands, backend=backend)
        assert dd.card_values_held(batch.state, hands, backend=backend, cuts=cuts) == (
            legal,
            [[tuple(floor(v) for v in row) for row in deal] for deal in exact],
        )


@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.filter_too_much])
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6), scores=st.booleans())
def test_the_tallies_from_masks_are_the_tallies_from_states(name: str, seed: int, scores: bool) -> None:
    view = to_act_view(name, seed)
    report = WorldSampler(view).report(12, random.Random(seed), orbits=True)
    assume(report.orbits is not None)
    assert report.orbits is not None
    batch = WorldSampler(view).masks(12, random.Random(seed), 0)
    assert isinstance(batch, MaskSample)
    chance = _win_chance(view, load_classic_table(view.rules)) if scores and is_tabled(view.rules) else None
    team = view.seat.team
    by_state = [Tally(a) for a in view.legal]
    by_mask = [Tally(a) for a in view.legal]
    _tally_batch(view, report.worlds, by_state, CLUB, None, team, chance, "double-dummy", report.orbits)
    _tally_held(batch.state, batch.orbits, by_mask, None, team, chance)
    assert by_mask == by_state


def test_a_deal_that_moves_the_hand_to_act_is_refused() -> None:
    view = position(11, 1)
    batch = WorldSampler(view).masks(4, random.Random(1), 1)
    assert isinstance(batch, MaskSample)
    me = int(view.seat)
    wrong = [tuple(m if s != me else 0 for s, m in enumerate(h)) for h, _ in batch.orbits[0]]
    with pytest.raises(EuchreError, match="the hand it holds here"):
        dd.card_values_held(batch.state, [wrong])


@pytest.mark.parametrize(("seed", "tricks"), [(5, 0), (23, 1), (40, 2)])
def test_an_analysis_past_the_reasons_deals_is_the_state_paths(
    seed: int, tricks: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the reasons keeping only the first 400 deals, the deals after them have no state: the
    refined analysis (every number, the reasons' text) is the one valued from every deal's state."""
    view = position(seed, tricks)
    action = view.legal[-1]
    monkeypatch.setattr(sampling, "REASON_WORLDS", 400)

    def graded() -> dict[str, object]:
        run = AnalysisRun(view, continuation=CLUB, worlds=200, seed=seed)
        return run.extend(1400, focus=action).to_json() | {"count": run.count, "kept": len(run.sample)}

    fast = graded()
    monkeypatch.setattr(
        WorldSampler,
        "masks",
        lambda self, n, rng, states, **kw: self.report(n, rng, orbits=True, **kw),
    )
    assert graded() == fast
    assert fast["kept"] == 400


@settings(deadline=None, max_examples=60)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6))
def test_the_dealt_masks_are_the_deals_hands(name: str, seed: int) -> None:
    """What the reasons read of a deal (every seat's dealt hand as a mask) is its deal's hands, under
    every rule set (going under, a gift to a loner, a loner's discard included)."""
    truth, me = random_position(name, seed)
    try:
        plan = WorldPlan(seat_view(truth, me))
    except EuchreError:
        assume(False)
        return
    rng = random.Random(seed)
    done = 0
    for _ in range(40):
        cand = plan.fill(rng)
        if cand is None or not plan.complete(cand, rng):
            continue
        assert plan.dealt_masks(cand) == tuple(as_masks(plan.deal(cand).hands))
        done += 1
    assume(done > 0)
