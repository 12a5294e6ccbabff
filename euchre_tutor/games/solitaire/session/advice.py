"""The hint source for the dashboard: the exact Solitaire advisor's hint, as the panel shows it, and
the request a Solitaire table sends (:class:`HintRequest`, what the mode needs beside the view).

Runs in the analysis worker process (see :mod:`euchre_tutor.session.analysis`),
which imports no widget library: this module must not either. One solver
lives for the whole session, so its memo serves every later position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from euchre_tutor.games.solitaire.advisor.advice import (
    Hint,
    Mode,
    analyse_trump,
    analyse_view,
    hint_from_analysis,
)
from euchre_tutor.games.solitaire.advisor.solver import Solver
from euchre_tutor.games.solitaire.engine.engine import Phase
from euchre_tutor.games.solitaire.views import SolitaireView
from euchre_tutor.session.analysis import Progress

__all__ = ["AdvisorSource", "HintRequest", "HintSource", "Mode", "advisor_source"]


@dataclass(frozen=True, slots=True)
class HintRequest:
    """What to analyse: the player's view plus what the mode needs (the score)."""

    key: tuple[Any, ...]
    view: SolitaireView
    mode: Mode = "points"
    score: tuple[int, int] = (0, 0)
    target: int = 10


class HintSource(Protocol):
    """Anything that turns a request into a hint (the advisor adapter, or a test stub)."""

    def analyse(self, request: HintRequest, progress: Progress) -> Hint: ...


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
