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

from euchre_tutor.bid import Action
from euchre_tutor.session.bid_tutor import BidHintRequest
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

    @property
    def tied(self) -> bool:
        return self.loss - self.interval <= 0


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


def test_the_hint_lists_every_option_best_first_with_its_interval() -> None:
    app, source = hinted()
    assert "euchre-hint" in classes(app.hint_panel) and app.hint_body.value == ""
    assert source.calls == 0  # nothing is analysed until the hint is shown or the play graded
    app.hint_toggle.value = True
    assert source.calls == 1
    legal = [str(a) for a in app.controller.legal]
    shown = rows(app)
    assert [a for a, _ in shown] == legal
    assert [float(v) for _, v in shown] == [round(1.0 - 0.1 * i, 4) for i in range(len(legal))]
    body = app.hint_body.value
    assert "Best: <b" in body and "+1.00 ± 0.05" in body and "−0.10 ± 0.02" in body
    assert "A stub&#x27;s reason." in body and "[bid.bidding]" in body and "20 sampled deals" in body
    assert "Analysis ready" in app.hint_status.value and app.hint_toggle.description == "Hide hint"
    app.hint_toggle.value = False
    assert app.hint_body.value == "" and source.calls == 1


def test_each_turn_is_analysed_once_and_a_decision_is_graded() -> None:
    app, source = hinted(grading=True)
    assert source.calls == 1 and "Grading is on" in app.grade_line.value
    second = app.controller.legal[1]
    click(app, second)
    assert "Your choice" in app.grade_line.value and "Mistake" in app.grade_line.value
    assert "loses 0.10" in app.grade_line.value
    calls = source.calls
    app.undo.click()  # the same turn again: its analysis is kept
    assert source.calls == calls
    app.hint_toggle.value = True
    assert rows(app) and source.calls == calls


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
        assert rows(app2) or app2.tutor.forced is not None
        click(app2, app2.controller.legal[0])
    assert "No decision of yours" in app2.hint_status.value
