"""The Bid Euchre table's hint panel and grades: the tutor's plumbing with a deterministic source.

The stub values the legal actions 1.0, 0.9, 0.8, ... in the engine's order (each with its
interval and its paired loss against the first), so the panel's rows, order, figures and the
grade of a click can be checked exactly; tests/widgets/test_bid_advisor.py runs the real advisor.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from euchre_tutor.advisor.voice import Depth, points_words, text_problems, visible_text
from euchre_tutor.games.bid.advisor.ideas import (
    COMPARE_MOST,
    action_words,
    compared,
    explain,
    gerund,
    option_label,
)
from euchre_tutor.games.bid.engine import Action
from euchre_tutor.games.bid.session.tutor import BidHintRequest
from euchre_tutor.widgets import BidApp
from tests.widgets.test_bid_app import HEARTS, classes, click


@dataclass(frozen=True)
class StubReason:
    rule: str
    text: str


@dataclass(frozen=True)
class StubOption:
    action: Action
    ev: float
    ev_interval: float
    loss: float
    interval: float
    tricks: float = 3.0
    p_make: float = 0.6
    bidders: str = "us"

    @property
    def tied(self) -> bool:
        return self.loss - self.interval <= 0

    @property
    def loss_se(self) -> float:
        return self.interval / 1.96


@dataclass(frozen=True)
class StubAnalysis:
    options: Sequence[StubOption]
    worlds: int
    reasons: Sequence[StubReason] = field(default_factory=tuple)

    @property
    def best(self) -> StubOption:
        return self.options[0]


@dataclass(frozen=True)
class StubGrade:
    label: str
    loss: float
    text: str


class StubSource:
    def __init__(self) -> None:
        self.calls = 0

    def analyse(self, request: BidHintRequest, progress: Any) -> StubAnalysis:
        self.calls += 1
        legal = request.view.legal
        options = [
            StubOption(a, 1.0 - 0.1 * i, 0.05, 0.1 * i, 0.02 if i else 0.0) for i, a in enumerate(legal)
        ]
        return StubAnalysis(options, request.worlds, (StubReason("bid.bidding", "A stub's reason."),))


def stub_grade(analysis: StubAnalysis, action: Action) -> StubGrade | None:
    for o in analysis.options:
        if o.action == action:
            return StubGrade("Best" if o.loss == 0 else "Mistake", o.loss, f"loses {o.loss:.2f}")
    return None


def hinted(**options: Any) -> tuple[BidApp, StubSource]:
    source = StubSource()
    app = BidApp(seed=7, source=source, runner="inline", worlds=20, **options)
    app.tutor._grader = stub_grade
    return app, source


def rows(app: BidApp) -> list[tuple[str, str]]:
    return re.findall(
        r'class="opt eb-option[^"]*"[^>]*data-action="([^"]+)"[^>]*data-ev="([^"]+)"', app.hint_body.value
    )


def test_the_hint_says_the_move_in_words_and_lists_every_option_at_the_figures_depth() -> None:
    app, source = hinted()
    assert "euchre-hint" in classes(app.hint_panel) and app.hint_body.value == ""
    assert source.calls == 0  # nothing is analysed until the hint is shown or the play graded
    assert app.depth.depth is Depth.BRIEF and app.depth in app.hint_panel.children
    app.hint_toggle.value = True
    assert source.calls == 1
    legal = list(app.controller.legal)
    hint = app.tutor.current_hint
    assert hint is not None
    expl = explain(hint, app.controller.view)
    # the brief depth: the move in words and one because, no table, no figures, no rule id
    body = app.hint_body.value
    assert rows(app) == [] and "±" not in body and "[bid." not in body
    text = visible_text(body)
    assert expl.move in text and expl.why[0].text in text
    assert text_problems(text) == [] and "A stub" not in text  # the codes' reasons stay in the data
    assert f'class="eb-best" data-action="{legal[0]}"' in body
    # compare: the few choices that matter, each with its cost in plain units
    app.depth.depth = Depth.COMPARE
    text = visible_text(app.hint_body.value)
    assert text_problems(text, Depth.COMPARE) == []
    second = option_label(legal[1])
    assert f"costs {points_words(0.1)} a hand" in text
    view = app.controller.view
    named = [
        o for o in hint.options[1:] if f"{gerund(action_words(o.action, view, short=True))} costs" in text
    ]
    assert named == list(compared(hint))[1:] and 2 <= len(named) + 1 <= COMPARE_MOST
    assert f"{len(legal) - COMPARE_MOST} more bids are listed under all the figures" in text
    # figures: every option, best first, with its value and interval, behind "Show every bid"
    app.depth.depth = Depth.FIGURES
    shown = rows(app)
    assert [a for a, _ in shown] == [str(a) for a in legal]
    assert [float(v) for _, v in shown] == [round(1.0 - 0.1 * i, 4) for i in range(len(legal))]
    body = app.hint_body.value
    assert "+1.00 ± 0.05" in body and "−0.10 ± 0.02" in body and "<details" in body
    assert f"Show every bid ({len(legal)})" in body and second in body and "20 deals" in body
    assert text_problems(visible_text(body), Depth.FIGURES) == []
    assert 'data-ready="1"' in app.hint_status.value and app.hint_toggle.description == "Hide hint"
    app.hint_toggle.value = False
    assert app.hint_body.value == "" and source.calls == 1
    app.depth.depth = Depth.BRIEF


def test_each_turn_is_analysed_once_and_a_decision_is_graded() -> None:
    app, source = hinted(grading=True)
    assert source.calls == 1 and "Grading is on" in app.grade_line.value
    second = app.controller.legal[1]
    click(app, second)
    line = app.grade_line.value
    assert "Your choice" in line and "Mistake" in line and option_label(second) in line
    # the grade line says the cost in the hint's words (not the stub's text), no code, no "0.100"
    assert f"costs {points_words(0.1)} a hand" in line and "loses 0.10" not in line
    assert text_problems(visible_text(line)) == []
    app.depth.depth = Depth.FIGURES
    assert "(0.10 ± 0.02 points)" in app.grade_line.value
    app.depth.depth = Depth.BRIEF
    calls = source.calls
    app.undo.click()  # the same turn again: its analysis is kept
    assert source.calls == calls
    app.hint_toggle.value = True
    assert "et-move" in app.hint_body.value and source.calls == calls


def test_no_hints_and_nothing_to_analyse() -> None:
    app = BidApp(seed=7, hints=False)
    app.hint_toggle.value = True
    assert "off" in app.hint_status.value and "switched off" in app.hint_body.value
    app2, _ = hinted(show_hint=True)
    app2.deal_text.value = json.dumps(HEARTS)
    app2.load.click()
    click(app2, "bid alone H")
    # South plays every trick; while the hand is over there is nothing of South's to analyse
    while app2.controller.my_turn:
        body = app2.hint_body.value
        assert app2.tutor.forced is not None or (
            "et-move" in body and text_problems(visible_text(body)) == []
        )
        click(app2, app2.controller.legal[0])
    assert "No decision of yours" in app2.hint_status.value


def test_the_review_says_when_more_deals_changed_the_hints_story() -> None:
    from euchre_tutor.games.bid.session.tutor import _refine_key
    from euchre_tutor.games.bid.widgets.hints import review_html

    app, _ = hinted(grading=True)
    c, t = app.controller, app.tutor
    while not c.my_turn or t.current_hint is None:
        assert c.act(c.legal[0])
    hint = t.current_hint
    assert hint is not None and len(hint.options) >= 2
    first, second = hint.options[0].action, hint.options[1].action
    assert c.act(second)  # the student takes the hint's runner-up
    d = next(d for d in t.decisions() if d.action == second and d.key is not None)
    assert t.story_of(d) == ""  # no refined analysis: the hint's story stands
    # more deals find the runner-up best after all, and the hint's best a tie in practice
    t.hints[_refine_key(d.key)] = StubAnalysis(
        [StubOption(second, 1.0, 0.05, 0.0, 0.0), StubOption(first, 0.97, 0.05, 0.03, 0.04)], 800
    )
    story = t.story_of(d)
    assert (
        story.startswith("With more deals, ") and "the hint's best" in story and "a tie in practice" in story
    )
    assert text_problems(story) == []
    while not c.waiting:
        assert c.act(c.legal[0])
    review = t.review(d.hand_number)
    assert review is not None and story in visible_text(review_html(t, review, Depth.BRIEF))
    # a refined analysis that agrees with the hint tells no other story
    t.hints[_refine_key(d.key)] = StubAnalysis(
        [StubOption(first, 1.0, 0.05, 0.0, 0.0), StubOption(second, 0.8, 0.05, 0.2, 0.04)], 800
    )
    assert t.story_of(d) == ""
