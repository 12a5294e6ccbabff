"""The Bid Euchre table's hint source: the Bid advisor's analysis of the student's view, run off the click path.

Runs in the analysis worker process (see :mod:`euchre_tutor.session.analysis`),
which imports no widget library: this module must not either. The table's
computer players are rule-based, so the advisor models every later decision
(the other seats' bids, trump, the kitty, a call's cards) as the rule-based
player takes it: the hint values each option against the table the student
actually plays. The request a table sends (:class:`BidHintRequest`) lives here, beside the source
that answers it, so the tutor imports this module and never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from euchre_tutor.advisor.shared import Grade
from euchre_tutor.games.bid.advisor import BidAnalysis, analyse
from euchre_tutor.games.bid.advisor.ideas import grade_words
from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.engine import Action
from euchre_tutor.games.bid.views import SeatView
from euchre_tutor.session.analysis import AnalysisSource, Progress

__all__ = ["BidAdvisorSource", "BidHintRequest", "bid_advisor_source", "grade"]


@dataclass(frozen=True, slots=True)
class BidHintRequest:
    """The student's view, with the sampling seed and the number of sampled deals. ``max_worlds``
    (a grade refined after the move): more deals, in batches of ``worlds``, while a grade is
    unsettled; its first batch is the hint's own deals. ``priority`` 1: run in the background,
    after any hint waited for."""

    key: tuple[Any, ...]
    view: SeatView
    worlds: int = 200
    seed: int = 0
    max_worlds: int | None = None
    priority: int = 0


class BidAdvisorSource:
    """Hints for any position of the Bid Euchre table: the advisor's ``analyse`` on the student's view."""

    def __init__(self) -> None:
        self.table = RuleBasedPlayer()

    def analyse(self, request: BidHintRequest, progress: Progress) -> BidAnalysis:
        progress(0, 0)  # one pass over the sampled deals: no finer steps to report
        return analyse(
            request.view,
            continuation=self.table,
            worlds=request.worlds,
            seed=request.seed,
            max_worlds=request.max_worlds,
        )


def bid_advisor_source() -> AnalysisSource:
    return BidAdvisorSource()


def grade(analysis: BidAnalysis, action: Action) -> Grade | None:
    """The advisor's grade of ``action`` in ``analysis``, in words (None: not one of its options): the
    label of :func:`~euchre_tutor.games.bid.advisor.bid_grade`, the sentence of
    :func:`~euchre_tutor.games.bid.advisor.ideas.grade_words`."""
    return grade_words(analysis, action)
