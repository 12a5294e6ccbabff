"""The Bid Euchre table's tutor: hints with numbers and grades, analysed off the click path.

:class:`BidTutor` sits beside a :class:`~euchre_tutor.session.bid_controller.BidController`
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
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol

from euchre_tutor.advisor.bid.ideas import option_label
from euchre_tutor.advisor.bid.position import write_position
from euchre_tutor.advisor.drills import Deck
from euchre_tutor.advisor.luck import MISTAKE_LABELS, Swing, bid_baseline
from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.advisor.shared import Z95, loss_settled
from euchre_tutor.advisor.voice import points_words
from euchre_tutor.bid import Action, Phase
from euchre_tutor.errors import EuchreError
from euchre_tutor.rules.bid import BidRules
from euchre_tutor.session.analysis import AnalysisSource, Analyst, Message, file_message
from euchre_tutor.session.bid_controller import BidController, BidHandLog, action_label
from euchre_tutor.session.observing import Observable
from euchre_tutor.session.review import (
    graded_line,
    hand_key_moments,
    hand_swings,
    recorded_decisions,
    save_with_grades,
)
from euchre_tutor.session.tables import track
from euchre_tutor.views.bid import SeatView

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
    "EUCHRE_TUTOR_BID_HINTS", "euchre_tutor.session.bid_advice:bid_advisor_source"
)


class ReasonLike(Protocol):
    @property
    def rule(self) -> str: ...
    @property
    def text(self) -> str: ...


class OptionLike(Protocol):
    """One option of an analysis: its action, value and what it loses against the best (paired), the
    tricks its side takes, the chance the bidders make their bid and whose side they are."""

    @property
    def action(self) -> Action: ...
    @property
    def ev(self) -> float: ...
    @property
    def ev_interval(self) -> float: ...
    @property
    def loss(self) -> float: ...
    @property
    def interval(self) -> float: ...
    @property
    def tied(self) -> bool: ...
    @property
    def tricks(self) -> float: ...
    @property
    def p_make(self) -> float: ...
    @property
    def bidders(self) -> str: ...
    @property
    def loss_se(self) -> float: ...


class AnalysisLike(Protocol):
    """What the hint panel reads of an analysis (the Bid advisor's, or a test's)."""

    @property
    def options(self) -> Sequence[OptionLike]: ...
    @property
    def best(self) -> OptionLike: ...
    @property
    def worlds(self) -> int: ...
    @property
    def reasons(self) -> Sequence[ReasonLike]: ...


class GradeLike(Protocol):
    @property
    def label(self) -> str: ...
    @property
    def loss(self) -> Any: ...
    @property
    def text(self) -> str: ...


@dataclass(frozen=True, slots=True)
class _Grade:
    label: str
    loss: float
    text: str


_ONLY_CHOICE: Final = _Grade("Best", 0.0, "the only legal choice.")


def analysis_seed(seed: int | str) -> int:
    """The sampling seed of a match seed (a whole number)."""
    if isinstance(seed, int):
        return seed
    text = str(seed).strip()
    return int(text) if text.lstrip("-").isdigit() else zlib.crc32(text.encode())


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


#: the most deals a grade refined after the move takes (the advisor's adaptive cap)
REFINE_WORLDS: Final = 800


@dataclass(frozen=True, slots=True)
class BidDecision:
    """One decision of the student: where in the history, what was chosen, and its turn's analysis key."""

    index: int
    hand_number: int
    action: Action
    label: str
    view: SeatView
    key: tuple[Any, ...] | None  # None: the only legal action (nothing to analyse)

    @property
    def forced(self) -> bool:
        return self.key is None

    @property
    def where(self) -> str:
        """When in the hand: ``"the bidding"``, ``"naming trump"``, ``"trick 3"``, ..."""
        return phase_words(self.view)


def _refine_key(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """The key of a turn's analysis refined after the move (its hint's key, marked)."""
    return ("refined", *key)


def _low(text: str) -> str:
    return text[:1].lower() + text[1:]


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
class _Turn:
    """A turn of the student: its analysis key (None: forced), what the seat saw, and the position as
    ``bid analyze`` reads it (a drill's)."""

    key: tuple[Any, ...] | None
    view: SeatView
    hand_number: int
    position: dict[str, Any]


@dataclass(frozen=True, slots=True)
class BidHandReview:
    """A finished hand for the review: its number, how it ended, the bidding, and the student's decisions."""

    number: int
    outcome: str
    bidding: tuple[str, ...]
    decisions: tuple[BidDecision, ...]


@dataclass(frozen=True, slots=True)
class BidRetry:
    """A second answer to a past decision, graded against the very analysis its first answer was."""

    decision: BidDecision
    action: Action
    grade: GradeLike


class BidTutor(Observable):
    """Hints and grades for the student of ``controller``.

    ``source``: the hint source (``"module:factory"`` for the worker process, an object with
    ``analyse`` for ``runner="inline"``, None: no hints). Turns are analysed while the hint is
    shown (``show_hint``) or the play is graded (``grading``); the worker starts the first time
    either is on. ``worlds``: sampled deals per analysis. ``grader(analysis, action)``: the grade of a
    decision (None: the Bid advisor's grade in words, imported when first used). ``stats``: the session
    statistics the graded hands feed (a new one unless given: tables may share one). ``refine_grades``:
    a decision whose grade the hint's deals leave unsettled is analysed again after the move with more
    deals (the hint's first, then more), and graded on that (None: with a worker process only); the
    review then says in one sentence when the best choice changed (:meth:`story_of`).
    """

    def __init__(
        self,
        controller: BidController,
        *,
        source: str | AnalysisSource | None = DEFAULT_BID_SOURCE,
        runner: Literal["process", "inline"] = "process",
        worlds: int = 200,
        grading: bool = False,
        show_hint: bool = False,
        grader: Callable[[Any, Action], GradeLike | None] | None = None,
        stats: SessionStats | None = None,
        refine_grades: bool | None = None,
    ) -> None:
        super().__init__()
        self.controller = controller
        self._grader = grader
        self.stats = stats if stats is not None else SessionStats()
        self.retries: list[BidRetry] = []  # the student's second answers, in order
        self.drills = Deck()  # this session's Mistakes and Blunders, to practise (downloaded as a file)
        self._drilled: set[tuple[int, int]] = set()  # (game, decision) already in the deck
        track(self)  # a table's Download report finds the tutor that grades it
        self.worlds = worlds
        self.grading = grading
        self.show_hint = show_hint
        self.hints: dict[tuple[Any, ...], Any] = {}
        # a grade the hint leaves unsettled is refined after the move, in the background (a worker
        # process only: in this process it would hold up the page)
        self.refine_grades = runner == "process" if refine_grades is None else refine_grades
        self._refining: set[tuple[Any, ...]] = set()
        self.errors: dict[tuple[Any, ...], str] = {}
        self.progress: dict[tuple[Any, ...], tuple[int, int]] = {}
        self._turns: dict[int, _Turn] = {}
        self._game = controller.game
        self.analyst: Analyst | None = None
        self._source = source
        self._runner: Literal["process", "inline"] = runner
        controller.subscribe(self._on_controller)
        self._on_controller("state")

    # ----------------------------------------------------------------- reading

    @property
    def seed(self) -> int:
        return analysis_seed(self.controller.seed)

    @property
    def hints_on(self) -> bool:
        return self._source is not None

    @property
    def wanted(self) -> bool:
        """Turns are analysed now: the hint is shown or the play is graded."""
        return self.hints_on and (self.show_hint or self.grading)

    @property
    def current_key(self) -> tuple[Any, ...] | None:
        c = self.controller
        if not c.my_turn or c.game is not self._game:
            return None
        turn = self._turns.get(c.game.position)
        return None if turn is None else turn.key

    @property
    def current_hint(self) -> AnalysisLike | None:
        key = self.current_key
        hint: AnalysisLike | None = None if key is None else self.hints.get(key)
        return hint

    @property
    def current_error(self) -> str | None:
        key = self.current_key
        return None if key is None else self.errors.get(key)

    @property
    def analysing(self) -> bool:
        """The student's turn is being analysed now (the hint is not there yet)."""
        key = self.current_key
        return self.wanted and key is not None and key not in self.hints and key not in self.errors

    @property
    def forced(self) -> Action | None:
        """The only legal action now (nothing to weigh), else None."""
        legal = self.controller.legal
        return legal[0] if len(legal) == 1 else None

    def decisions(self, hand_number: int | None = None) -> list[BidDecision]:
        """The student's decisions so far in this match (of one hand, if given), in order."""
        c = self.controller
        actions = c.game.actions
        out = []
        for i in c.decision_positions():
            turn = self._turns.get(i)
            if turn is None or (hand_number is not None and turn.hand_number != hand_number):
                continue
            action = actions[i]
            out.append(BidDecision(i, turn.hand_number, action, action_label(action), turn.view, turn.key))
        return out

    def position_of(self, decision: BidDecision) -> dict[str, Any]:
        """The decision's position as ``bid analyze`` reads it (with ``"seat"``: the student's)."""
        return dict(self._turns[decision.index].position)

    def grade_of(self, decision: BidDecision) -> GradeLike | None:
        """The decision's grade; None while its analysis runs (or when hints are off)."""
        if decision.key is None:
            return _ONLY_CHOICE
        hint = self.grading_analysis(decision)
        return None if hint is None else self._grade(hint, decision.action)

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
                f"With more deals, {_low(option_label(now))} turned out slightly better than "
                f"{_low(option_label(was))}, the hint's best: a difference of {gap} a hand{tie}."
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

    def _grade(self, hint: Any, action: Action) -> GradeLike | None:
        if self._grader is None:
            from euchre_tutor.session.bid_advice import grade  # the advisor, imported where it is used

            self._grader = grade
        return self._grader(hint, action)

    def hint_of(self, decision: BidDecision) -> AnalysisLike | None:
        """The analysis the turn's hint showed (see :meth:`grading_analysis` for the one graded on)."""
        found: AnalysisLike | None = None if decision.key is None else self.hints.get(decision.key)
        return found

    def last_decision(self) -> BidDecision | None:
        found = [d for d in self.decisions() if not d.forced]
        return found[-1] if found else None

    def total_loss(self, hand_number: int) -> float | None:
        """Expected points lost in one hand's decisions (None while any is being analysed)."""
        total = 0.0
        for d in self.decisions(hand_number):
            g = self.grade_of(d)
            if g is None:
                return None
            total += float(g.loss)
        return total

    # ----------------------------------------------------------------- the review

    def review(self, hand_number: int | None = None) -> BidHandReview | None:
        """A finished hand (the last one by default): how it ended, the bidding and the decisions."""
        logs = [log for log in self.controller.hand_logs() if log.finished]
        if hand_number is not None:
            logs = [log for log in logs if log.number == hand_number]
        if not logs:
            return None
        log = logs[-1]
        return BidHandReview(log.number, log.outcome, log.bidding, tuple(self.decisions(log.number)))

    def key_moments(self, hand_number: int) -> list[BidDecision]:
        """The decisions of a hand that cost most: graded Inaccuracy or worse, the costliest first (at
        most :data:`~euchre_tutor.advisor.shared.KEY_MOMENTS`); a decision still being graded is not one yet."""
        return hand_key_moments(self.decisions(hand_number), self.grade_of)

    def swings(self, hand_number: int) -> list[tuple[BidDecision, Swing]]:
        """The luck that followed each graded decision of a finished hand (:func:`~euchre_tutor.advisor.luck.swings`:
        they sum to the hand's ``rest``); empty while the hand goes on or a decision is still being graded."""
        log = next((h for h in self.controller.hand_logs() if h.number == hand_number), None)
        points = None if log is None else self._hand_points(log)
        return hand_swings(self.decisions(hand_number), self.grade_of, self.hint_of, points)

    def _hand_points(self, log: BidHandLog) -> int | None:
        """A finished hand's points for the student: their side's minus the other side's."""
        if log.points is None:
            return None
        mine = self.controller.seat.team.index
        return int(log.points[mine] - log.points[1 - mine])

    def retry(self, decision: BidDecision, action: Action | str) -> BidRetry:
        """Answer a past decision again, with the hint hidden: the new answer is graded against the very
        analysis the first one was (the same sampled deals, so the two grades compare), and kept in
        :attr:`retries`; the table is not touched. Refuses an answer that was not legal there, a forced
        decision, or a decision not graded yet, saying why."""
        try:
            act = action if isinstance(action, Action) else Action.parse(action)
        except EuchreError as error:
            raise EuchreError(f"{error}: answer with one of the legal actions") from None
        legal = decision.view.legal
        if decision.forced:
            raise EuchreError(
                f"{decision.label} was your only legal choice at that moment: there is nothing to answer again"
            )
        if act not in legal:
            choices = ", ".join(action_label(a) for a in legal)
            raise EuchreError(
                f"{action_label(act)} was not legal at that moment: the legal choices were {choices}"
            )
        hint = self.hint_of(decision)
        grade = None if hint is None else self._grade(hint, act)
        if grade is None:
            raise EuchreError(
                "that decision has no grade yet (it is still being analysed, or grading was off): "
                "retry it once its grade is shown"
            )
        done = BidRetry(decision, act, grade)
        self.retries.append(done)
        self._emit("analysis")
        return done

    # ----------------------------------------------------------------- switches

    def set_grading(self, on: bool) -> None:
        self.grading = on
        self._request()
        self._emit("options")

    def set_show_hint(self, on: bool) -> None:
        self.show_hint = on
        self._request()
        self._emit("analysis")

    # ----------------------------------------------------------------- analysis

    def _on_controller(self, topic: str) -> None:
        if topic != "state":
            return
        c = self.controller
        if c.game is not self._game:  # a new match or a loaded game: its history starts again
            self._game = c.game
            self._turns.clear()
        if c.my_turn:
            position = c.game.position
            view = c.view
            turn = self._turns.get(position)
            if turn is None or turn.view != view:
                key = None if self.forced is not None else ("bid", self.seed, self.worlds, view)
                place = write_position(c.hand, c.seat)
                self._turns[position] = _Turn(key, view, c.state.hand_number, place)
            self._request()
        self._after_change()

    def _request(self) -> None:
        key = self.current_key
        if not self.wanted or key is None or key in self.hints or key in self.errors:
            return
        if self._source is None:  # pragma: no cover - wanted needs a source
            return
        if self.analyst is None:
            self.analyst = Analyst(self._source, self._on_message, self._runner)
        self.analyst.submit(BidHintRequest(key, key[3], self.worlds, self.seed))

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
            if self.analyst is None:
                self.analyst = Analyst(self._source, self._on_message, self._runner)
            key = _refine_key(d.key)
            self.analyst.submit(
                BidHintRequest(key, d.key[3], self.worlds, self.seed, REFINE_WORLDS, priority=1)
            )

    def _on_message(self, message: Message) -> None:
        if file_message(message, self.hints, self.errors, self.progress) != "progress":
            self._after_change()  # only a finished analysis changes a grade
        self._emit("analysis")

    def _after_change(self) -> None:
        """A move or an analysis arrived: feed the statistics and the drills (the match's decisions
        listed once for both: this runs on every change)."""
        decisions = self.decisions()
        self._refine(decisions)
        self._record_stats(decisions)
        self._record_drills(decisions)

    def _record_drills(self, decisions: list[BidDecision]) -> None:
        """Every decision graded Mistake or Blunder becomes a drill of :attr:`drills` (once): its position
        as ``bid analyze`` reads it, so the Practice page's advisor grades a new answer."""
        game = id(self.controller.game)
        for d in decisions:
            if d.forced or (game, d.index) in self._drilled:
                continue
            grade, hint = self.grade_of(d), self.hint_of(d)
            if grade is None or hint is None or grade.label not in MISTAKE_LABELS:
                continue
            self.drills.add_graded(
                "bid",
                self.position_of(d),
                answer=str(d.action),
                label=grade.label,
                best=str(hint.best.action),
                where=f"hand {d.hand_number}, {d.where}",
            )
            self._drilled.add((game, d.index))

    def _record_stats(self, decisions: list[BidDecision]) -> None:
        """Feed the session statistics every hand's graded decisions and, once over, its result.

        A hand's points are the student's side's minus the other side's; "the best play" is the value
        the advisor gave the best choice at the student's first graded decision of the hand. The luck's
        baseline is :func:`~euchre_tutor.advisor.luck.bid_baseline`: measured at the default rules, 0 at others.
        """
        c = self.controller
        game = id(c.game)
        by_hand: dict[int, list[BidDecision]] = {}
        for d in decisions:
            by_hand.setdefault(d.hand_number, []).append(d)
        for log in c.hand_logs():
            graded, best = graded_line(by_hand.get(log.number, []), self.grade_of, self.hint_of)
            self.stats.update_deal(
                "bid",
                (game, log.number),
                graded,
                points=self._hand_points(log),
                best=best,
                baseline=bid_baseline(
                    (int(c.seat) - int(log.dealer)) % 4, default_rules=c.game.rules == BidRules()
                ),
            )

    def recorded_grades(self) -> dict[str, Any]:
        """The table's grades of the student's decisions with a real choice, as a save carries them
        (the classic table's layout, without a level: :func:`~euchre_tutor.session.learning.recorded_grades`
        reads both): per decision its place in the game, the action, the label, the expected points lost,
        the best action, its value and the reasons' rule ids; the report reads them instead of grading
        again."""
        out = recorded_decisions(self.decisions(), self.grade_of, self.hint_of, lambda g: g.loss)
        return {"seed": self.seed, "worlds": self.worlds, "decisions": out}

    def save_text(self) -> str:
        """The match as a save file, with the table's grades of the student's decisions (see
        :meth:`recorded_grades`): loading it replays the match; the class report reads the grades."""
        return save_with_grades(self.controller.game.to_json(), self.recorded_grades())

    def wait_for_analysis(self, timeout: float = 120.0) -> bool:
        """Block until every requested analysis has arrived (tests and benchmarks)."""
        return self.analyst is None or self.analyst.wait(timeout)

    def close(self) -> None:
        if self.analyst is not None:
            self.analyst.close()
