"""The Bid Euchre table's hint source: the Bid advisor's analysis of the student's view, run off the click path.

Runs in the analysis worker process (see :mod:`euchre_tutor.session.analysis`),
which imports no widget library: this module must not either. The table's
computer players are rule-based, so the advisor models every later decision
(the other seats' bids, trump, the kitty, a call's cards) as the rule-based
player takes it: the hint values each option against the table the student
actually plays.
"""

from __future__ import annotations

from euchre_tutor.advisor.bid import BidAnalysis, analyse
from euchre_tutor.advisor.bid.ideas import grade_words
from euchre_tutor.advisor.shared import Grade
from euchre_tutor.bid import Action
from euchre_tutor.bots.bid import RuleBasedPlayer
from euchre_tutor.session.analysis import AnalysisSource, Progress
from euchre_tutor.session.bid_tutor import BidHintRequest

__all__ = ["BidAdvisorSource", "bid_advisor_source", "grade"]


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
    label of :func:`~euchre_tutor.advisor.bid.bid_grade`, the sentence of
    :func:`~euchre_tutor.advisor.bid.ideas.grade_words`."""
    return grade_words(analysis, action)
