"""The Bid Euchre table's hint source: the Bid advisor's analysis of the student's view, run off the click path.

Runs in the analysis worker process (see :mod:`euchre_tutor.session.analysis`),
which imports no widget library: this module must not either.
"""

from __future__ import annotations

import importlib
from typing import Any

from euchre_tutor.bid import Action
from euchre_tutor.bots.bid import RuleBasedPlayer
from euchre_tutor.session.analysis import AnalysisSource, Progress
from euchre_tutor.session.bid_tutor import BidHintRequest

__all__ = ["BidAdvisorSource", "bid_advisor_source", "grade"]


def _advisor() -> Any:
    return importlib.import_module("euchre_tutor.advisor.bid")


class BidAdvisorSource:
    """Hints for any position of the Bid Euchre table: the advisor's ``analyse`` on the student's view,
    every later decision taken as the table's rule-based computer players take it."""

    def __init__(self) -> None:
        self.table = RuleBasedPlayer()

    def analyse(self, request: BidHintRequest, progress: Progress) -> Any:
        progress(0, 0)  # one pass over the sampled deals: no finer steps to report
        return _advisor().analyse(
            request.view, continuation=self.table, worlds=request.worlds, seed=request.seed
        )


def bid_advisor_source() -> AnalysisSource:
    return BidAdvisorSource()


def grade(analysis: Any, action: Action) -> Any:
    """The advisor's grade of ``action`` in ``analysis`` (None: not one of its options)."""
    return _advisor().bid_grade(analysis, action)
