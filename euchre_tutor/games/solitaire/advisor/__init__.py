"""The exact Euchre Solitaire advisor: hints as data.

* :func:`analyse_view` — every option of the decision a view is at (the 8 or
  10 trump options, or every legal card), exact EV / P(3+) / P(5) as
  Fractions, the best option (tie rule in :mod:`.advice`), reasons as data;
* :func:`grade` / :func:`review_deal` — losses against the best, labelled;
* :class:`Solver` / :class:`Knowledge` — the solver core on the player's knowledge;
* modes ``"points"`` (most points) and ``"game"`` (win the game, from the
  shipped game-win table, an estimate; see :mod:`.gamewin`).

Analyses are pure functions of a view: run them in a worker thread or
process (the dashboard keeps one :class:`Solver` per worker to reuse its memo).
"""

from __future__ import annotations

from euchre_tutor.advisor.shared import Reason
from euchre_tutor.games.solitaire.advisor.advice import (
    Analysis,
    Grade,
    Mode,
    OptionAnalysis,
    Review,
    analyse_play,
    analyse_trump,
    analyse_view,
    grade,
    review_deal,
)
from euchre_tutor.games.solitaire.advisor.reasons import BurnStats, burn_stats
from euchre_tutor.games.solitaire.advisor.solver import Knowledge, Objective, Outcome, Solver

__all__ = [
    "Analysis",
    "BurnStats",
    "Grade",
    "Knowledge",
    "Mode",
    "Objective",
    "OptionAnalysis",
    "Outcome",
    "Reason",
    "Review",
    "Solver",
    "analyse_play",
    "analyse_trump",
    "analyse_view",
    "burn_stats",
    "grade",
    "review_deal",
]
