"""Paired losses and adaptive sampling, checked against brute force on small positions.

The advisor compares every option on the same sampled deals (card play: each deal also with the
hidden hands swapped between seats, in the bids' shares) and adds deals while a loss's 95%
interval straddles a grade boundary. Here the per-deal values are recomputed independently (each
card played, then the rest of the hand solved exactly; each bid played out by the engine with
the rule-based players), and the paired statistics and the stopping rule are checked against them.
"""

from __future__ import annotations

import dataclasses
import gc
import math
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.advisor import sampling
from euchre_tutor.advisor.sampling import (
    GRADE_MIN_WORLDS,
    GRADE_Z,
    STOP_Z,
    decision_seed,
    focus_settled,
    settled,
)
from euchre_tutor.advisor.shared import BOUNDARIES, PRECISION, TIE_FLOOR, Z95
from euchre_tutor.cards import deck
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.advisor.analysis import (
    AnalysisRun,
    ClassicOption,
    analyse,
    card_play_value,
    outcome_points,
    play_out_value,
)
from euchre_tutor.games.classic.advisor.reasons import classic_grade
from euchre_tutor.games.classic.advisor.worlds import WorldSampler
from euchre_tutor.games.classic.bots import RuleBasedPlayer, play_out
from euchre_tutor.games.classic.engine.engine import Action, Deal, HandState, Phase, Seat, new_hand
from euchre_tutor.games.classic.views import SeatView, seat_view

CLUB = RuleBasedPlayer()


def position(seed: int, tricks: int, up_taken: bool = False) -> SeatView:
    """The first seat to act with a choice after ``tricks`` whole tricks of rule-based play, in the
    deal of ``seed`` or, when that deal offers none (a hand thrown in, forced cards), the next one
    (with ``up_taken``: one where the dealer picked up the up card and discarded unseen)."""
    for s in range(seed, seed + 1000):
        state = new_hand(Deal.from_seed(s, Seat(s % 4)))
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = seat_view(state, seat)
            if (
                view.phase is Phase.PLAY
                and len(view.tricks) >= tricks
                and len(view.legal) > 1
                and (view.up_taken or not up_taken)
            ):
                return view
            state = state.apply(CLUB.choose(view))
    raise AssertionError(f"no deal from seed {seed} on gives a choice after {tricks} tricks")


def side(points: tuple[int, ...], view: SeatView) -> float:
    team = view.seat.team
    return points[team.index] - sum(p for i, p in enumerate(points) if i != team.index) / (len(points) - 1)


def brute_values(view: SeatView, world: HandState, action: Action) -> float:
    """The option's value in one deal, by brute force: play the card, then solve the rest exactly."""
    after = world.apply(action)
    assert after.maker is not None
    tricks = after.tricks_won(after.maker.team) if after.is_over else dd.solve(after)
    pts, _, _ = outcome_points(world, tricks)
    return side(pts, view)


def classic_seed(seed: int, view: SeatView) -> str:
    """The seed of a classic decision's first batch: the up card on the table, the seat's own discard."""
    return decision_seed(seed, view, table=(view.up,), own=(view.discard,))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 400), tricks=st.integers(2, 3))
def test_paired_losses_equal_a_brute_force_over_the_same_deals(seed: int, tricks: int) -> None:
    view = position(seed, tricks)
    n = 30
    analysis = analyse(view, continuation=CLUB, worlds=n, max_worlds=n, seed=seed)
    report = WorldSampler(view).report(n, random.Random(classic_seed(seed, view)), orbits=True)
    assert analysis.worlds == n == len(report.worlds) and report.orbits is not None
    # Each deal's value is the average over its swaps of the hidden hands, in their shares.
    values = {
        a: [
            sum(share * brute_values(view, dataclasses.replace(w, hands=hands), a) for hands, share in orbit)
            for w, orbit in zip(report.worlds, report.orbits, strict=True)
        ]
        for a in view.legal
    }
    n_eff = min(n, report.ess)
    best = analysis.best
    for o in analysis.options:
        assert o.ev == pytest.approx(statistics.mean(values[o.action]))
        diffs = [b - v for b, v in zip(values[best.action], values[o.action], strict=True)]
        assert o.loss == pytest.approx(statistics.mean(diffs), abs=1e-9)
        assert o.loss_se == pytest.approx(statistics.stdev(diffs) / math.sqrt(n_eff), abs=1e-9)
        # Pairing never makes the comparison noisier than two independent means would be.
        if o is not best:
            assert o.loss_se <= o.se + best.se + 1e-9
            assert o.tied == (o.loss - Z95 * o.loss_se <= 0)


def test_a_bid_is_valued_by_playing_each_deal_out_the_same_way_for_every_option() -> None:
    state = new_hand(Deal.from_seed(3, Seat.N))
    view = seat_view(state, state.to_act)
    n = 12
    analysis = analyse(view, continuation=CLUB, worlds=n, max_worlds=n, seed=5)
    report = WorldSampler(view).report(n, random.Random(classic_seed(5, view)))
    for o in analysis.options:
        outs = [play_out(w.apply(o.action), [CLUB] * 4) for w in report.worlds]
        values = [side(s.points(), view) for s in outs]  # type: ignore[union-attr]
        assert o.ev == pytest.approx(statistics.mean(values))
        best_outs = [play_out(w.apply(analysis.best.action), [CLUB] * 4) for w in report.worlds]
        diffs = [side(b.points(), view) - v for b, v in zip(best_outs, values, strict=True)]  # type: ignore[union-attr]
        assert o.loss == pytest.approx(statistics.mean(diffs), abs=1e-9)


def _bid_out_then_solved(world: HandState, action: Action, view: SeatView) -> float:
    """One deal's value of a bid with open-hand play-outs, by hand: the rest of the bidding by the
    rule-based players, then the card play solved with every hand open (a hand thrown in scores 0)."""
    state = world.apply(action)
    while state.phase is not Phase.PLAY and not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(CLUB.choose(seat_view(state, seat)))
    if state.maker is None:
        return 0.0
    pts, _, _ = outcome_points(state, dd.solve(state) if state.phase is Phase.PLAY else 0)
    return side(pts, view)


@pytest.mark.parametrize("deal", [3, 8, 21])
def test_open_hand_play_outs_solve_each_deal_after_the_bidding(deal: int) -> None:
    """``playout_open=1``: every option's deals are bid out by the continuation and then solved with every
    hand open; the values differ from the rollout's; a weight between blends the two on the same deals;
    slips make no sense with open hands."""
    state = new_hand(Deal.from_seed(deal, Seat.N))
    view = seat_view(state, state.to_act)
    n = 10
    analysis = analyse(view, continuation=CLUB, worlds=n, max_worlds=n, seed=5, playout_open=1.0)
    report = WorldSampler(view).report(n, random.Random(classic_seed(5, view)))
    rollout = analyse(view, continuation=CLUB, worlds=n, max_worlds=n, seed=5)
    for o in analysis.options:
        values = [_bid_out_then_solved(w, o.action, view) for w in report.worlds]
        assert o.ev == pytest.approx(statistics.mean(values))
        # one deal at a time, as a hint's play-outs value it: open hands, the rollout, and a blend
        one = [play_out_value(w, o.action, CLUB, 1.0) for w in report.worlds]
        assert one == pytest.approx(values)
        rolled = [play_out_value(w, o.action, CLUB) for w in report.worlds]
        assert statistics.mean(rolled) == pytest.approx(rollout.option(o.action).ev)
        mixed = [play_out_value(w, o.action, CLUB, 0.4) for w in report.worlds]
        assert mixed == pytest.approx([0.6 * r + 0.4 * v for r, v in zip(rolled, values, strict=True)])
    with pytest.raises(ValueError, match="bidding of this hand is not over"):
        card_play_value(report.worlds[0], view.seat)
    assert [o.ev for o in rollout.options] != [analysis.option(o.action).ev for o in rollout.options]
    # A weight between blends the two on the same deals: each deal's value is the weighted mean.
    blend = analyse(view, continuation=CLUB, worlds=n, max_worlds=n, seed=5, playout_open=0.4)
    for o in blend.options:
        shut, open_ = rollout.option(o.action), analysis.option(o.action)
        assert o.ev == pytest.approx(0.6 * shut.ev + 0.4 * open_.ev)
        assert o.p_make == pytest.approx(0.6 * shut.p_make + 0.4 * open_.p_make)
        assert o.p_euchred == pytest.approx(0.6 * shut.p_euchred + 0.4 * open_.p_euchred)
    with pytest.raises(ValueError, match="no slips"):
        analyse(view, continuation=CLUB, worlds=n, playout_open=1.0, playout_slip=0.3)
    with pytest.raises(ValueError, match="between 0 and 1"):
        analyse(view, continuation=CLUB, worlds=n, playout_open=1.5)


def brute_settled(analysis_options: tuple, mode: str) -> bool:  # type: ignore[type-arg]
    """The stopping rule written out plainly: every loss interval is clear of 0 and every band edge,
    or narrower than the precision."""
    for o in analysis_options[1:]:
        lo, hi = o.loss - STOP_Z * o.loss_se, o.loss + STOP_Z * o.loss_se
        if STOP_Z * o.loss_se <= PRECISION[mode]:
            continue
        for edge in (0.0, *BOUNDARIES[mode]):
            if lo < edge < hi:
                return False
    return True


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_adaptive_sampling_stops_exactly_when_the_grades_are_settled(seed: int) -> None:
    state = new_hand(Deal.from_seed(seed, Seat(seed % 4)))
    view = seat_view(state, state.to_act)
    step, cap = 40, 320
    adaptive = analyse(view, continuation=CLUB, worlds=step, max_worlds=cap, seed=seed)
    assert adaptive.worlds % step == 0 and step <= adaptive.worlds <= cap
    # Every shorter run is a prefix of the same sequence of batches: each was unsettled, so sampling went on.
    for k in range(step, adaptive.worlds, step):
        fixed = analyse(view, continuation=CLUB, worlds=step, max_worlds=k, seed=seed)
        assert fixed.worlds == k
        assert not brute_settled(fixed.options, "points") and not settled(fixed.options, "points")
    # And it stopped either because the grades were settled or because the cap was reached.
    assert brute_settled(adaptive.options, "points") == settled(adaptive.options, "points")
    assert settled(adaptive.options, "points") or adaptive.worlds + step > cap
    again = analyse(view, continuation=CLUB, worlds=step, max_worlds=cap, seed=seed)
    assert again == adaptive


def test_more_deals_narrow_every_loss_interval_where_the_first_batch_left_doubt() -> None:
    view = position(21, 1)  # an early lead whose close options need more than the first batch
    small = analyse(view, continuation=CLUB, worlds=50, max_worlds=50, seed=1)
    big = analyse(view, continuation=CLUB, worlds=50, max_worlds=50 * 8, seed=1)
    assert big.worlds > small.worlds and not settled(small.options, "points")
    before = {o.action: o.loss_se for o in small.options[1:]}
    after = {o.action: o.loss_se for o in big.options[1:]}
    assert before.keys() == after.keys()
    for action, se in after.items():
        assert se < before[action] / 2  # eight times the deals: about a third of the error


def test_cards_worth_the_same_in_every_deal_are_equal_and_graded_best() -> None:
    # A seat holding the 9 and 10 of a plain suit: no card lies between them, the same card in every deal.
    for seed in range(400):
        view = position(seed, 1)
        cards = [a.card for a in view.legal if a.card is not None]
        if view.trump is None:
            continue
        pairs = [
            (a, b)
            for a in cards
            for b in cards
            if a != b
            and a.suit == b.suit
            and a.suit is not view.trump
            and not a.is_joker
            and abs(int(a.rank) - int(b.rank)) == 1
            and a.rank.name in ("NINE", "TEN")
            and b.rank.name in ("NINE", "TEN")
        ]
        if pairs:
            break
    else:  # pragma: no cover
        raise AssertionError("no deal with the 9 and 10 of a plain suit in one hand found")
    analysis = analyse(view, continuation=CLUB, worlds=40, max_worlds=40, seed=0)
    a, b = pairs[0]
    oa, ob = analysis.option(Action("play", card=a)), analysis.option(Action("play", card=b))
    assert oa.ev == ob.ev
    if analysis.best.action in (oa.action, ob.action):
        other = ob if analysis.best is oa else oa
        assert other.loss == 0 and other.loss_se == 0 and other.tied
        grade = classic_grade(analysis, other.action)
        assert grade is not None and grade.label == "Best" and grade.loss == 0
    else:
        assert oa.loss == ob.loss and oa.loss_se == ob.loss_se
        ga, gb = classic_grade(analysis, oa.action), classic_grade(analysis, ob.action)
        assert ga is not None and gb is not None and ga.label == gb.label


def test_one_sampled_deal_is_refused_rather_than_claiming_precision() -> None:
    view = position(7, 1)
    with pytest.raises(EuchreError, match="one sampled deal cannot say how far"):
        analyse(view, continuation=CLUB, worlds=1, max_worlds=1, seed=0)
    two = analyse(view, continuation=CLUB, worlds=2, max_worlds=2, seed=0)
    assert all(math.isfinite(o.se) and o.to_json()["se"] is not None for o in two.options)


def test_the_adaptive_cap_stops_short_where_the_pure_python_search_is_slow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from euchre_tutor.games.classic.advisor.analysis import (
        ADAPTIVE_MAX_WORLDS,
        ADAPTIVE_PLAY_MAX_WORLDS,
        PURE_PYTHON_ADAPTIVE,
        PURE_PYTHON_WORLDS,
        adaptive_cap,
    )
    from euchre_tutor.games.classic.engine.engine import rules_seating
    from euchre_tutor.games.classic.rules import preset

    four = position(3, 1)
    six_rules = preset("six-handed")
    seating = rules_seating(six_rules)
    six_state = new_hand(Deal.from_seed(3, seating.seats[0], size=32, seating=seating), six_rules)
    six = seat_view(six_state, six_state.to_act)
    assert adaptive_cap(six, backend="compiled") == ADAPTIVE_MAX_WORLDS
    # card play at four players: each deal is also solved with the hidden hands swapped, so fewer deals
    assert adaptive_cap(four) == ADAPTIVE_PLAY_MAX_WORLDS < ADAPTIVE_MAX_WORLDS
    opening = new_hand(Deal.from_seed(3, Seat.N))
    assert adaptive_cap(seat_view(opening, opening.to_act)) == ADAPTIVE_MAX_WORLDS
    assert adaptive_cap(four, backend="python") == PURE_PYTHON_ADAPTIVE[4] < ADAPTIVE_PLAY_MAX_WORLDS
    # asked for, more deals than the cap are still taken without the C core at four players (no refusal;
    # a later trick, where the pure-Python search is quick)
    asked = PURE_PYTHON_ADAPTIVE[4] + 100
    more = analyse(
        position(3, 3), continuation=CLUB, worlds=asked, max_worlds=asked, seed=2, backend="python"
    )
    assert more.worlds == asked
    assert adaptive_cap(six, backend="python") == PURE_PYTHON_WORLDS[6] < ADAPTIVE_MAX_WORLDS
    assert adaptive_cap(six, worlds=800, backend="python") == 800  # never below the first batch


def brute_focus_settled(options: list[ClassicOption] | tuple[ClassicOption, ...], action: Action) -> bool:
    """Independently: the grade of ``action`` cannot change within its interval at the grade's z. Not the
    best: the interval lies wholly under the tie floor (Best either way), or it does not reach 0 and its
    two ends fall in the same band (the floor counting as the first edge). The best: no other option may
    beat it by the floor or more (the lowest end of every other option's loss above minus the floor)."""
    floor = TIE_FLOOR["points"]
    if options[0].action == action:
        return all(o.loss - GRADE_Z * o.loss_se > -floor for o in options[1:])
    mine = next(o for o in options if o.action == action)
    low, high = mine.loss - GRADE_Z * mine.loss_se, mine.loss + GRADE_Z * mine.loss_se
    if high < floor:
        return True
    if low <= 0:
        return False

    def band(x: float) -> int:
        return sum(x >= edge for edge in (floor, *BOUNDARIES["points"]))

    return band(low) == band(high)


@pytest.mark.parametrize("seed", [21, 40])
def test_a_grade_being_refined_stops_once_the_action_taken_holds(seed: int) -> None:
    view = position(seed, 1)
    step, cap = 120, GRADE_MIN_WORLDS + 480
    for action in view.legal[:3]:
        focused = analyse(view, continuation=CLUB, worlds=step, max_worlds=cap, seed=seed, focus=action)
        assert focused.worlds % step == 0 and GRADE_MIN_WORLDS <= focused.worlds <= cap
        # every shorter run from the minimum on left this action's grade in doubt
        for k in range(GRADE_MIN_WORLDS, focused.worlds, step):
            fixed = analyse(view, continuation=CLUB, worlds=step, max_worlds=k, seed=seed, focus=action)
            assert not brute_focus_settled(fixed.options, action) and not fixed.grade_holds(action)
        holds = brute_focus_settled(focused.options, action)
        assert focused.grade_holds(action) == holds
        assert holds or focused.worlds + step > cap
        # below the minimum a grade never holds, however clear its interval
        few = analyse(view, continuation=CLUB, worlds=step, max_worlds=step, seed=seed)
        assert not few.grade_holds(action)
        # the same deals as the unfocused analysis, batch for batch: only where it stops differs
        same = analyse(view, continuation=CLUB, worlds=step, max_worlds=focused.worlds, seed=seed)
        if same.worlds == focused.worlds:
            assert same.options == focused.options


def test_grading_an_action_that_is_not_legal_is_refused_with_the_legal_ones() -> None:
    view = position(21, 1)
    illegal = next(Action("play", card=c) for c in deck() if c not in view.hand)
    with pytest.raises(EuchreError, match=r"not a legal action for .* the legal ones are play"):
        analyse(view, continuation=CLUB, worlds=40, seed=1, focus=illegal)


def _option(action: str, loss: float, loss_se: float) -> ClassicOption:
    return ClassicOption(
        action=Action.parse(action),
        ev=0.0,
        se=0.01,
        p_make=0.5,
        p_euchred=0.1,
        p_march=0.0,
        makers="us",
        loss=loss,
        loss_se=loss_se,
    )


@pytest.mark.parametrize(
    ("loss", "loss_se", "holds"),
    [
        (0.003, 0.001, True),  # wholly under the tie floor: Best, whether it reaches 0 or not
        (0.003, 0.003, False),  # across the floor: Best or Good is still open
        (0.008, 0.0015, False),  # narrow, but across the floor
        (0.02, 0.003, True),  # narrow and clear of the floor: Good
        (0.049, 0.003, False),  # narrow on the 0.05 edge: more deals, however narrow
        (0.0, 0.0, True),  # the same in every deal: a tie for sure
        (0.1, 0.03, False),  # wide and across the 0.05 edge
        (0.3, 0.03, True),  # clear inside the Mistake band
    ],
)
def test_a_grade_holds_only_clear_of_every_edge_or_wholly_under_the_tie_floor(
    loss: float, loss_se: float, holds: bool
) -> None:
    options = [_option("play AS", 0.0, 0.0), _option("play 9S", loss, loss_se)]
    assert focus_settled(options, "points", Action.parse("play 9S")) is holds
    assert brute_focus_settled(options, Action.parse("play 9S")) is holds


@pytest.mark.parametrize(
    ("loss", "loss_se", "holds"),
    [
        (0.004, 0.003, True),  # may beat the graded best by less than the floor: Best either way
        (0.004, 0.01, False),  # may beat it by more: its label is still open
        (0.2, 0.03, True),  # clearly worse
    ],
)
def test_the_best_holds_unless_another_option_may_beat_it_by_the_tie_floor(
    loss: float, loss_se: float, holds: bool
) -> None:
    options = [_option("play AS", 0.0, 0.0), _option("play 9S", loss, loss_se)]
    assert focus_settled(options, "points", Action.parse("play AS")) is holds
    assert brute_focus_settled(options, Action.parse("play AS")) is holds


def test_a_loss_under_the_tie_floor_is_graded_best_and_says_why() -> None:
    view = position(21, 1)
    analysis = analyse(view, continuation=CLUB, worlds=200, max_worlds=200, seed=1)
    best, other = analysis.options[0], analysis.options[1]
    small = dataclasses.replace(other, loss=TIE_FLOOR["points"] / 2, loss_se=0.0001)
    assert not small.tied  # the deals can tell it from 0, but it is under the floor
    graded = dataclasses.replace(analysis, options=(best, small, *analysis.options[2:]))
    grade = classic_grade(graded, small.action)
    assert grade is not None and grade.label == "Best" and grade.loss == 0
    assert "a tie with the best in practice" in grade.text and "under 0.01 points a hand" in grade.text
    above = dataclasses.replace(small, loss=TIE_FLOOR["points"] * 2)
    graded = dataclasses.replace(analysis, options=(best, above, *analysis.options[2:]))
    grade = classic_grade(graded, above.action)
    assert grade is not None and grade.label == "Good"


class Stop(Exception):
    pass


@pytest.mark.parametrize(("seed", "phase"), [(5, "play"), (8, "bid"), (13, "bid")])
def test_a_run_stopped_between_batches_goes_on_to_the_same_analysis(seed: int, phase: str) -> None:
    if phase == "play":
        view = position(seed, 1)
    else:
        state = new_hand(Deal.from_seed(seed, Seat(seed % 4)))
        view = seat_view(state, state.to_act)
    focus = view.legal[-1]
    whole = AnalysisRun(view, continuation=CLUB, worlds=60, seed=seed)
    whole.extend(240)
    expected = whole.extend(GRADE_MIN_WORLDS + 1200, focus=focus)
    run = AnalysisRun(view, continuation=CLUB, worlds=60, seed=seed)
    run.extend(240)
    stopped: set[int] = set()

    def stop_every_third(done: int, cap: int) -> None:
        if done % 180 == 0 and done not in stopped:  # a worker stops it for a hint, then it goes on
            stopped.add(done)
            raise Stop

    while True:
        try:
            got = run.extend(GRADE_MIN_WORLDS + 1200, focus=focus, on_batch=stop_every_third)
            break
        except Stop:
            pass
    assert got == expected
    assert stopped or expected.worlds < 360  # it was stopped whenever it ran past a multiple of 180


def test_a_run_pauses_the_cycle_collector_only_while_it_runs() -> None:
    """A run's batches pause Python's cycle collector; it runs again after, when it ran before (also
    when a batch's callback stops the run), and stays paused when the caller had paused it."""
    view = position(5, 1)
    seen: list[bool] = []

    def look(done: int, cap: int) -> None:
        seen.append(gc.isenabled())
        raise Stop

    assert gc.isenabled()
    with pytest.raises(Stop):
        AnalysisRun(view, continuation=CLUB, worlds=60, seed=5).extend(
            GRADE_MIN_WORLDS, focus=view.legal[0], on_batch=look
        )
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        AnalysisRun(view, continuation=CLUB, worlds=60, seed=5).extend(120)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_refined_bid_stops_playing_out_options_that_cannot_be_best() -> None:
    # Round 2 has many calls; the hopeless ones are dropped once clearly worse, the graded one and the
    # best are valued on every deal, exactly as an unpruned run values them.
    for seed in range(200):
        state = new_hand(Deal.from_seed(seed, Seat(seed % 4)))
        while state.phase is Phase.ROUND_1:
            state = state.apply(Action.parse("pass"))
        view = seat_view(state, state.to_act)
        if len(view.legal) >= 5:
            break
    focus = view.legal[1]
    pruned = AnalysisRun(view, continuation=CLUB, worlds=200, seed=seed)
    got = pruned.extend(2400, focus=focus)
    dropped = [t.action for t in pruned.tallies if not t.active]
    assert dropped and focus not in dropped and got.best.action not in dropped
    for o in got.options:
        n = len(next(t for t in pruned.tallies if t.action == o.action).values)
        assert n == got.worlds or o.action in dropped
    full = AnalysisRun(view, continuation=CLUB, worlds=200, seed=seed)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(sampling, "PRUNE_Z", math.inf)
        unpruned = full.extend(got.worlds, focus=focus)
    assert unpruned.worlds == got.worlds
    for action in (focus, got.best.action):
        assert got.option(action) == unpruned.option(action)


def test_a_class_server_caps_the_refinement_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre_tutor import serve
    from euchre_tutor.games.classic.advisor.analysis import GRADE_MAX_WORLDS, GRADE_WORLDS_ENV, grade_cap

    view = position(3, 1)
    assert serve.GRADE_WORLDS_ENV == GRADE_WORLDS_ENV  # the server sets the variable the advisor reads
    monkeypatch.delenv(GRADE_WORLDS_ENV, raising=False)
    assert grade_cap(view) == GRADE_MAX_WORLDS
    monkeypatch.setenv(GRADE_WORLDS_ENV, str(serve.CLASS_GRADE_WORLDS))
    assert grade_cap(view) == serve.CLASS_GRADE_WORLDS < GRADE_MAX_WORLDS
    for junk in ("lots", "-5", "10"):  # not a cap of at least the first batch: the default holds
        monkeypatch.setenv(GRADE_WORLDS_ENV, junk)
        assert grade_cap(view) == GRADE_MAX_WORLDS
