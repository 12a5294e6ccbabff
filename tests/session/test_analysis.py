"""The analyst: hints computed in a worker process, delivered with progress; the hint panel's drawing of them."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

from euchre_tutor.advisor.shared import Reason
from euchre_tutor.advisor.voice import Depth, text_problems, visible_text
from euchre_tutor.games.solitaire.advisor.advice import Hint, OptionAnalysis
from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal, new_deal
from euchre_tutor.games.solitaire.session.advice import HintRequest
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor
from euchre_tutor.games.solitaire.views import player_view
from euchre_tutor.games.solitaire.widgets.render import hint_html
from euchre_tutor.session.analysis import Analyst
from tests.session.slow_stub import StepJob
from tests.test_layers import assert_loads_no_widget_library


def test_a_worker_process_analyses_with_progress_and_delivers_on_drain() -> None:
    received: list[tuple[str, Any, Any]] = []
    analyst = Analyst("tests.widgets.stub:make", received.append, runner="process")
    try:
        view = player_view(new_deal(SolitaireDeal.from_seed(4)))
        analyst.submit(HintRequest(("deal 4",), view))
        assert analyst.busy
        assert analyst.wait(timeout=60)
        assert not analyst.busy
        kinds = [m[0] for m in received]
        assert kinds.count("progress") == len(view.legal) and kinds[-1] == "done"
        hint = received[-1][2]
        assert isinstance(hint, Hint) and hint.best.action == view.legal[0]
        assert analyst.worker_pid is not None
    finally:
        analyst.close()


def test_the_controller_gets_hints_from_the_worker_without_blocking_the_click() -> None:
    t = SolitaireTutor(SolitaireController(seed=8), source="tests.widgets.stub:make", runner="process")
    c = t.controller
    try:
        assert t.current_hint is None and t.current_progress is not None  # asked, not waited for
        assert t.wait_for_analysis(60)
        assert t.current_hint is not None and t.current_progress is None
        c.choose(c.view.legal[0])  # type: ignore[union-attr, arg-type]
        assert t.wait_for_analysis(60) and t.current_hint is not None
    finally:
        t.close()


def test_the_analysis_module_does_not_import_widget_libraries() -> None:
    assert_loads_no_widget_library(
        "import euchre_tutor.session.analysis, euchre_tutor.games.solitaire.session.tutor, euchre_tutor.games.solitaire.session.advice"
    )


def test_hint_html_speaks_words_and_keeps_the_numbers_for_the_figures_depth() -> None:
    view = player_view(new_deal(SolitaireDeal.from_seed(4)))
    options = tuple(
        OptionAnalysis(a, str(a), Fraction(2 - i, 3), Fraction(1, 2), Fraction(0), Fraction(2 - i, 3))
        for i, a in enumerate(view.legal)
    )
    hint = Hint(options, (Reason("solitaire.burn", "the deck burns 14/5 = 2.8 cards on average"),))
    brief = hint_html(hint, view)
    assert "Order up" in brief and "+0.667" not in brief and 'class="track"' not in brief
    html = hint_html(hint, view, Depth.FIGURES, metric="ev")
    assert "+0.667" in html and ': +0.667 points (2/3)"' in html
    assert "solitaire.burn" not in html and "14/5" not in html  # the reasons' data stay out of sight
    assert html.count('class="bar neg"') == sum(1 for o in options if o.ev < 0)
    assert "50.0%" in hint_html(hint, view, Depth.FIGURES, metric="p3")
    for depth in Depth:
        assert text_problems(visible_text(hint_html(hint, view, depth)), depth) == []


def test_a_background_analysis_gives_way_to_an_urgent_one_and_runs_again_after() -> None:
    received: list[tuple[str, Any, Any]] = []
    analyst = Analyst("tests.session.slow_stub:make", received.append, runner="process")
    try:
        analyst.submit(StepJob(("refine",), steps=150, priority=1))
        for _ in range(600):  # until the background job has started (its first batch reported)
            analyst.drain()
            if received:
                break
            time.sleep(0.05)
        assert received and received[0][:2] == ("progress", ("refine",))
        analyst.submit(StepJob(("hint",), steps=3))
        assert analyst.wait(timeout=120)
        done = [(m[1], m[2]) for m in received if m[0] == "done"]
        assert done == [(("hint",), "hint after 3 steps"), (("refine",), "refine after 150 steps")]
        restarts = [m[2] for m in received if m[0] == "progress" and m[1] == ("refine",) and m[2][0] == 1]
        assert len(restarts) == 2  # stopped for the hint, then run again from its first step
    finally:
        analyst.close()


def test_urgent_requests_queued_together_run_before_background_ones() -> None:
    received: list[tuple[str, Any, Any]] = []
    analyst = Analyst("tests.session.slow_stub:make", received.append, runner="process")
    try:
        analyst.submit(StepJob(("first",), steps=20))  # keeps the worker busy while the others queue
        analyst.submit(StepJob(("later",), steps=2, priority=1))
        analyst.submit(StepJob(("urgent",), steps=2))
        assert analyst.wait(timeout=120)
        done = [m[1][0] for m in received if m[0] == "done"]
        assert done == ["first", "urgent", "later"]
    finally:
        analyst.close()
