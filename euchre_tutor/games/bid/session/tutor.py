"""The Bid Euchre table's tutor: hints with numbers and grades, analysed off the click path.

:class:`BidTutor` sits beside a :class:`~euchre_tutor.games.bid.session.controller.BidController`
(no widgets either) and listens to it. Whenever the student's turn starts
and the hint is shown or the play graded, it sends the student's view to an
:class:`~euchre_tutor.session.analysis.Analyst` (a worker process by default,
the classic table's machinery; ``runner="inline"`` analyses in this process,
where no worker can start), so the page never waits for the advisor. Each
analysed turn is kept by its place in the game's history: once the student
acts there, the decision gets its grade (expected points lost against the
best action, with the paired interval).

Once a hand is over it can be reviewed (:meth:`BidTutor.review`): every
decision with its grade, its key moments (:meth:`~BidTutor.key_moments`)
and the luck that followed them (:meth:`~BidTutor.swings`); a key moment can
be answered again with the hint hidden (:meth:`~BidTutor.retry`). Every
Mistake and Blunder goes into :attr:`~BidTutor.drills` (the Practice page's
deck) and every graded hand into the session statistics (:attr:`~BidTutor.stats`),
as at the classic table.

Views subscribe with :meth:`subscribe`: ``"analysis"`` (progress or a hint
arrived) and ``"options"`` (a switch changed). Clicks still go to the
controller, which refuses bad ones with a message whether or not an analysis
is running.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Protocol

from euchre_tutor.advisor.luck import measured_baseline
from euchre_tutor.advisor.shared import Z95, Grade, loss_settled
from euchre_tutor.advisor.voice import lower_first, points_words
from euchre_tutor.games.bid import LUCK_BASELINE
from euchre_tutor.games.bid.advisor.ideas import AnalysisFacts, OptionFacts, option_label
from euchre_tutor.games.bid.advisor.position import write_position
from euchre_tutor.games.bid.engine import Action, Phase
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.games.bid.session.advice import BidHintRequest, grade
from euchre_tutor.games.bid.session.controller import BidController, BidHandLog, action_label
from euchre_tutor.games.bid.views import SeatView
from euchre_tutor.session.analysis import AnalysisSource
from euchre_tutor.session.tutor import Decision, Retry, TableTutor, Turn, analysis_seed, turn_position

__all__ = [
    "DEFAULT_BID_SOURCE",
    "BidDecision",
    "BidHandReview",
    "BidHintRequest",
    "BidRetry",
    "BidTutor",
    "analysis_seed",
]

#: the hint source run in the worker; EUCHRE_TUTOR_BID_HINTS="module:factory" replaces it
DEFAULT_BID_SOURCE: Final = os.environ.get(
    "EUCHRE_TUTOR_BID_HINTS", "euchre_tutor.games.bid.session.advice:bid_advisor_source"
)


class ReasonLike(Protocol):
    @property
    def rule(self) -> str: ...
    @property
    def text(self) -> str: ...


class OptionLike(OptionFacts, Protocol):
    """One option of an analysis as the tutor reads it: what the words read
    (:class:`~euchre_tutor.games.bid.advisor.ideas.OptionFacts`) and the standard error of its loss."""

    @property
    def loss_se(self) -> float: ...


class AnalysisLike(AnalysisFacts, Protocol):
    """What the hint panel reads of an analysis (the Bid advisor's, or a test's): what the words read
    (:class:`~euchre_tutor.games.bid.advisor.ideas.AnalysisFacts`) and its reasons."""

    @property
    def options(self) -> Sequence[OptionLike]: ...
    @property
    def best(self) -> OptionLike: ...
    @property
    def reasons(self) -> Sequence[ReasonLike]: ...


#: a grade as the hint panel reads it (its label, loss and sentence)
GradeLike = Grade


#: the most deals a grade refined after the move takes (the advisor's adaptive cap)
REFINE_WORLDS: Final = 800


@dataclass(frozen=True, slots=True)
class BidDecision(Decision):
    """One decision of the student (its ``view`` a Bid seat's), which says when in the hand it fell."""

    @property
    def where(self) -> str:
        """When in the hand: ``"the bidding"``, ``"naming trump"``, ``"trick 3"``, ..."""
        return phase_words(self.view)


def _refine_key(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """The key of a turn's analysis refined after the move (its hint's key, marked)."""
    return ("refined", *key)


def phase_words(view: SeatView) -> str:
    """Where a decision of ``view`` falls in the hand, in a few words."""
    if view.phase is Phase.PLAY:
        return f"trick {len(view.tricks) + 1}"
    return _PHASE_WORDS.get(view.phase, str(view.phase.value))


_PHASE_WORDS: Final = {
    Phase.BIDDING: "the bidding",
    Phase.TRUMP: "naming trump",
    Phase.KITTY: "the kitty's discards",
    Phase.CALL: "passing cards to the loner",
    Phase.LONER_DISCARD: "the loner's discards",
}


@dataclass(frozen=True, slots=True)
class BidHandReview:
    """A finished hand for the review: its number, how it ended, the bidding, and the student's decisions."""

    number: int
    outcome: str
    bidding: tuple[str, ...]
    decisions: tuple[BidDecision, ...]


#: a second answer to a past decision (the base tutor's, under the name the Bid table reads)
BidRetry = Retry


class BidTutor(TableTutor[BidController, BidDecision]):
    """Hints and grades for the student of ``controller``.

    ``source``: the hint source (``"module:factory"`` for the worker process, an object with
    ``analyse`` for ``runner="inline"``, None: no hints). Turns are analysed while the hint is
    shown (``show_hint``) or the play is graded (``grading``); the worker starts the first time
    either is on. ``worlds``: sampled deals per analysis. ``grader(analysis, action)``: the grade of a
    decision (None: the Bid advisor's grade in words). ``stats``: the session statistics the graded
    hands feed (a new one unless given: tables may share one). ``refine_grades``: a decision whose
    grade the hint's deals leave unsettled is analysed again after the move with more deals (the
    hint's first, then more), and graded on that (None: with a worker process only); the review then
    says in one sentence when the best choice changed (:meth:`story_of`).
    """

    GAME_NAME = "bid"
    NOT_GRADED = (
        "that decision has no grade yet (it is still being analysed, or grading was off): "
        "retry it once its grade is shown"
    )

    def __init__(
        self,
        controller: BidController,
        *,
        source: str | AnalysisSource | None = DEFAULT_BID_SOURCE,
        worlds: int = 200,
        grader: Callable[[Any, Action], GradeLike | None] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(controller, source=source, worlds=worlds, **options)
        self._grader: Callable[[Any, Action], GradeLike | None] = grade if grader is None else grader
        self._refining: set[tuple[Any, ...]] = set()
        self._listen()

    # ----------------------------------------------------------------- hooks

    def _new_turn(self) -> Turn:
        c = self.controller
        view = c.view
        key = None if self.forced is not None else ("bid", self.seed, self.worlds, view)
        return Turn(key, view, c.state.hand_number, turn_position(c, lambda: write_position(c.hand, c.seat)))

    def _hint_request(self, key: tuple[Any, ...], turn: Turn) -> BidHintRequest:
        return BidHintRequest(key, turn.view, self.worlds, self.seed)

    def _decision(self, index: int, turn: Turn, action: Action) -> BidDecision:
        return BidDecision(index, turn.hand_number, action, action_label(action), turn.view, turn.key)

    def _label(self, action: Action, view: SeatView) -> str:
        return action_label(action)

    def _grade(self, hint: Any, action: Action) -> GradeLike | None:
        return self._grader(hint, action)

    def _drill(self, decision: BidDecision) -> tuple[dict[str, Any], dict[str, Any]]:
        return self.position_of(decision), {"where": f"hand {decision.hand_number}, {decision.where}"}

    def _baseline(self, log: BidHandLog) -> float | Fraction:
        """:func:`~euchre_tutor.advisor.luck.measured_baseline`: measured at the default rules, 0 at others."""
        c = self.controller
        return measured_baseline(
            LUCK_BASELINE, c.seat.from_dealer(log.dealer), measured=c.game.rules == BidRules()
        )

    def _grades_header(self) -> dict[str, Any]:
        return {"seed": self.seed, "worlds": self.worlds}

    # ----------------------------------------------------------------- reading

    @property
    def forced(self) -> Action | None:
        """The only legal action now (nothing to weigh), else None."""
        legal = self.controller.legal
        return legal[0] if len(legal) == 1 else None

    def position_of(self, decision: BidDecision) -> dict[str, Any]:
        """The decision's position as ``bid analyze`` reads it (with ``"seat"``: the student's)."""
        return dict(self._turns[decision.index].position)

    def grading_analysis(self, decision: BidDecision) -> AnalysisLike | None:
        """The analysis the decision is graded on: the hint's, refined with more deals when that has
        arrived (None while the hint is analysed)."""
        if decision.key is None:
            return None
        found: AnalysisLike | None = self.hints.get(_refine_key(decision.key)) or self.hints.get(decision.key)
        return found

    def story_of(self, decision: BidDecision) -> str:
        """One sentence when the refined analysis tells another story than the hint did: another best
        choice, or the student's tie turned into a loss ("" otherwise)."""
        if decision.key is None:
            return ""
        hint, refined = self.hints.get(decision.key), self.hints.get(_refine_key(decision.key))
        if hint is None or refined is None:
            return ""
        was, now = hint.best.action, refined.best.action
        old = next((o for o in refined.options if o.action == was), None)
        if now != was and old is not None:
            gap = points_words(max(0.0, old.loss))
            tie = ", a tie in practice" if old.tied else ""
            return (
                f"With more deals, {lower_first(option_label(now))} turned out slightly better than "
                f"{lower_first(option_label(was))}, the hint's best: a difference of {gap} a hand{tie}."
            )
        mine_then = next((o for o in hint.options if o.action == decision.action), None)
        mine_now = next((o for o in refined.options if o.action == decision.action), None)
        if (
            mine_then is not None
            and mine_now is not None
            and mine_then.tied
            and not mine_now.tied
            and mine_now is not refined.best
        ):
            return (
                f"With more deals, your choice, which the hint had as a tie, turned out to give up "
                f"{points_words(mine_now.loss)} a hand."
            )
        return ""

    def review(self, hand_number: int | None = None) -> BidHandReview | None:
        """A finished hand (the last one by default): how it ended, the bidding and the decisions."""
        log = self._finished_log(hand_number)
        if log is None:
            return None
        return BidHandReview(log.number, log.outcome, log.bidding, tuple(self.decisions(log.number)))

    # ----------------------------------------------------------------- analysis

    def _refine(self, decisions: list[BidDecision]) -> None:
        """Send each decision whose grade the hint's deals leave unsettled for more deals, once."""
        if not self.refine_grades or self._source is None:
            return
        for d in decisions:
            if d.key is None or d.key in self._refining:
                continue
            hint = self.hints.get(d.key)
            if hint is None or self.worlds >= REFINE_WORLDS:
                continue
            mine = [o for o in hint.options if o.action == d.action]
            self._refining.add(d.key)
            if not mine or mine[0] is hint.best or loss_settled([hint.best, mine[0]], "points", Z95):
                continue
            key = _refine_key(d.key)
            self._submit(BidHintRequest(key, d.key[3], self.worlds, self.seed, REFINE_WORLDS, priority=1))
