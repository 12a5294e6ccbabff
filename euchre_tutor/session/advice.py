"""The hint source for the dashboard: the exact Solitaire advisor, as display data.

Runs in the analysis worker process (see :mod:`euchre_tutor.session.analysis`),
which imports no widget library: this module must not either. One solver
lives for the whole session, so its memo serves every later position.
"""

from __future__ import annotations

from euchre_tutor.advisor.solitaire.advice import Analysis as AdvisorAnalysis
from euchre_tutor.advisor.solitaire.advice import analyse_trump, analyse_view, grade
from euchre_tutor.advisor.solitaire.solver import Solver
from euchre_tutor.session.analysis import Grade, Hint, HintRequest, HintSource, OptionValue, Progress, Reason
from euchre_tutor.session.controller import action_label
from euchre_tutor.solitaire.engine import Phase

__all__ = ["AdvisorSource", "advisor_source", "hint_from_analysis"]


def hint_from_analysis(analysis: AdvisorAnalysis, request: HintRequest) -> Hint:
    """The advisor's analysis as the hint panel's data: options best first, reasons, a grade per option."""
    turn = request.view.turn_card
    options = tuple(
        OptionValue(o.action, action_label(o.action, turn), o.ev, o.p3, o.p5, o.utility)
        for o in analysis.ranked
    )
    reasons = tuple(Reason(r.rule, r.text) for r in analysis.reasons)
    grades = {}
    for o in analysis.options:
        g = grade(analysis, o.action)
        grades[str(o.action)] = Grade(g.label, g.loss, g.text)
    return Hint(options, reasons, analysis.mode, analysis.utility_name, grades)


class AdvisorSource:
    """Exact hints for any position the dashboard reaches."""

    def __init__(self) -> None:
        self.solver = Solver()

    def analyse(self, request: HintRequest, progress: Progress) -> Hint:
        view = request.view
        score = request.score
        total = len(view.legal)
        progress(0, total)
        if view.phase is Phase.CHOOSE_TRUMP:
            analysis = analyse_trump(
                view.hand,
                view.turn_card,
                view.unseen,
                view.rules,
                mode=request.mode,
                score=score,
                solver=self.solver,
            )
        else:
            analysis = analyse_view(view, mode=request.mode, score=score, solver=self.solver)
        progress(total, total)
        return hint_from_analysis(analysis, request)


def advisor_source() -> HintSource:
    return AdvisorSource()
