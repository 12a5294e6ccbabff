"""The worker's classic hint source keeps its analysis runs: a grade refined after the move goes on
with the turn's hint, and a refinement stopped for a more urgent hint goes on from where it stopped."""

from __future__ import annotations

import pytest

from euchre_tutor.games.classic.advisor import analysis as analysis_module
from euchre_tutor.games.classic.advisor.analysis import AnalysisRun, adaptive_cap, grade_cap
from euchre_tutor.games.classic.advisor.position import write_position
from euchre_tutor.games.classic.bots import LEVELS, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Action, Deal, HandState, Seat, new_hand
from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource, ClassicHintRequest
from euchre_tutor.games.classic.views import SeatView, seat_view
from euchre_tutor.session.analysis import Preempted

CLUB = RuleBasedPlayer()


def edge_case(worlds: int) -> tuple[HandState, SeatView, Action]:
    """A first bid whose runner-up's grade the hint leaves unsettled."""
    for seed in range(100):
        state = new_hand(Deal.from_seed(seed, Seat(seed % 4)))
        view = seat_view(state, state.to_act)
        run = AnalysisRun(view, continuation=LEVELS["club"].model(), worlds=worlds)
        hint = run.extend(adaptive_cap(view, worlds))
        for o in hint.options[1:]:
            if not hint.grade_holds(o.action):
                return state, view, o.action
    raise AssertionError("no first bid left a grade on an edge")


def test_a_refined_grade_goes_on_with_the_hint_and_survives_a_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis_module, "GRADE_MAX_WORLDS", 2400)
    worlds = 100
    state, view, action = edge_case(worlds)
    position = write_position(state, view.seat)
    source = ClassicAdvisorSource()
    hint = source.analyse(ClassicHintRequest(("t",), position, worlds=worlds), lambda _d, _t: None)
    # the expected grade: one run, the hint then the refinement (as graded_analysis does it), at a Club
    # table (the points that table scores: its calibration, when one is measured)
    run = AnalysisRun(view, continuation=LEVELS["club"].model(), worlds=worlds, table="club")
    assert run.extend(adaptive_cap(view, worlds)) == hint
    expected = run.extend(grade_cap(view, worlds), focus=action)
    assert expected.worlds > hint.worlds
    request = ClassicHintRequest(("t", "grade"), position, worlds=worlds, focus=str(action))
    stops: list[int] = []

    def stop_once(done: int, _total: int) -> None:
        if done > hint.worlds and not stops:
            stops.append(done)
            raise Preempted

    with pytest.raises(Preempted):
        source.analyse(request, stop_once)
    refined = source.analyse(request, stop_once)
    assert stops and refined == expected
    # the hint asked again is the hint, not the refined run
    again = source.analyse(ClassicHintRequest(("t",), position, worlds=worlds), lambda _d, _t: None)
    assert again == hint
