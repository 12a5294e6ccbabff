"""The hint source for the dashboard: the exact Solitaire advisor's hint, as the panel shows it.

Runs in the analysis worker process (see :mod:`euchre_tutor.session.analysis`),
which imports no widget library: this module must not either. One solver
lives for the whole session, so its memo serves every later position.
"""

from __future__ import annotations

from euchre_tutor.games.solitaire.advisor.advice import Hint, analyse_trump, analyse_view, hint_from_analysis
from euchre_tutor.games.solitaire.advisor.solver import Solver
from euchre_tutor.games.solitaire.engine.engine import Phase
from euchre_tutor.session.analysis import HintRequest, HintSource, Progress

__all__ = ["AdvisorSource", "advisor_source"]


class AdvisorSource:
    """Exact hints for any position the dashboard reaches."""

    #: where a long search may pause for the page in the browser (session.analysis): the top of
    #: each deal's search and each of the player's leads (thousands a second, not millions)
    yield_points = (Solver._top_lead, Solver._player_leads)

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
                progress=progress,
            )
        else:
            analysis = analyse_view(
                view, mode=request.mode, score=score, solver=self.solver, progress=progress
            )
        progress(total, total)
        return hint_from_analysis(analysis, view.turn_card)


def advisor_source() -> HintSource:
    return AdvisorSource()
