"""The Bid Euchre table's hints from the real advisor: the panel shows ``analyse``'s numbers for the
student's view, in-process and from the worker process alike, and a decision gets ``bid_grade``'s label.

Few sampled deals keep it quick: the numbers are checked for equality with a direct call on the
same view, seed and worlds, not for their quality (the advisor's own tests do that).
"""

from __future__ import annotations

import re

import pytest

from euchre_tutor.advisor.voice import Depth, false_sentences, text_problems, visible_text
from euchre_tutor.games.bid.advisor import analyse, bid_grade
from euchre_tutor.games.bid.advisor.ideas import IDEAS, BidPosition, explain
from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.session.advice import BidAdvisorSource
from euchre_tutor.widgets import BidApp
from tests.widgets.test_bid_app import NO_TRUMP_ALONE, click

WORLDS = 12


def shown(app: BidApp) -> list[tuple[str, str, str]]:
    """Each option row of the panel's figures depth: its action, value and paired loss (the data-*
    attributes)."""
    app.depth.depth = Depth.FIGURES
    return [
        (a, ev, loss)
        for a, ev, loss in re.findall(
            r'class="opt eb-option[^"]*"[^>]*data-action="([^"]+)" data-ev="([^"]+)"[^>]*data-loss="([^"]+)"',
            app.hint_body.value,
        )
    ]


def direct(app: BidApp) -> list[tuple[str, str, str]]:
    c = app.controller
    analysis = analyse(c.view, continuation=RuleBasedPlayer(), worlds=WORLDS, seed=app.tutor.seed)
    return [(str(o.action), f"{o.ev:.4f}", f"{o.loss:.4f}") for o in analysis.options]


def test_the_hint_is_the_advisors_analysis_and_the_grade_its_grade() -> None:
    app = BidApp(
        seed=7, source=BidAdvisorSource(), runner="inline", worlds=WORLDS, show_hint=True, grading=True
    )
    assert shown(app) == direct(app)
    assert {a for a, _, _ in shown(app)} == {str(a) for a in app.controller.legal}
    hint = app.tutor.current_hint
    assert hint is not None
    # the brief depth says the explanation of this analysis, each sentence's idea true here
    app.depth.depth = Depth.BRIEF
    expl = explain(hint, app.controller.view)
    text = visible_text(app.hint_body.value)
    assert expl.move in text and "[bid." not in app.hint_body.value and text_problems(text) == []
    assert false_sentences(expl.said(Depth.BRIEF), IDEAS, BidPosition(app.controller.view, hint)) == []
    worst = hint.options[-1].action
    want = bid_grade(hint, worst)
    assert want is not None
    click(app, worst)
    assert f"et-grade {want.label}" in app.grade_line.value and "Your choice" in app.grade_line.value
    app.depth.depth = Depth.BRIEF


def test_in_the_play_the_hint_values_each_card() -> None:
    app = BidApp(
        deal=NO_TRUMP_ALONE, source=BidAdvisorSource(), runner="inline", worlds=WORLDS, show_hint=True
    )
    click(app, "bid alone high")
    cards = {str(a) for a in app.controller.legal}
    assert {a for a, _, _ in shown(app)} == cards and shown(app) == direct(app)
    assert all(float(ev) == pytest.approx(12.0) for _, ev, _ in shown(app))  # every card takes all six tricks
    app.depth.depth = Depth.BRIEF
    assert "Every card you may lead is equally good here." in visible_text(app.hint_body.value)


def test_the_worker_process_gives_the_same_hint() -> None:
    app = BidApp(seed=7, worlds=WORLDS, show_hint=True)  # the default: the advisor in a worker process
    try:
        assert app.tutor.analyst is not None and app.tutor.analyst.worker_pid is not None
        assert app.tutor.wait_for_analysis(300)
        assert shown(app) == direct(app)
    finally:
        app.depth.depth = Depth.BRIEF
        app.close()
