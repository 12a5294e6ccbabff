"""The classic table's tutor: hints with numbers, grades, the post-hand review, levels, autoplay, open hands.

:class:`ClassicTutor` sits beside a :class:`~euchre_tutor.session.classic_controller.ClassicController`
(it knows nothing of widgets either) and listens to it. Whenever the student's
turn starts it sends the position, written as the ``euchre-tutor classic
analyze`` input, to an :class:`~euchre_tutor.session.analysis.Analyst` (a
worker process by default), so the analysis runs off the click path and the
page never waits for it; the seed is the match's seed, so the hint shown is
the command's output for the same position. Each analysed turn is kept by its
place in the game's history: once the student acts there, the decision gets
its grade (expected points lost against the best action, the same scale as
Solitaire's). A finished hand can be reviewed decision by decision and trick
by trick.

The computer players of a level that thinks for long (Expert) think in a
second worker process when the tutor runs in a kernel (``background_bots``):
the student's click updates the table at once and their decisions arrive as
they are made (the controller's :attr:`~ClassicController.thinking`).

Views subscribe with :meth:`subscribe`: ``"analysis"`` (progress or a hint
arrived) and ``"options"`` (a switch or the level changed). Clicks still go
to the controller, which refuses bad ones with a message and changes nothing,
whether or not an analysis is running.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from euchre_tutor.advisor.classic.analysis import ClassicAnalysis
from euchre_tutor.advisor.classic.ideas import action_noun, tie_group
from euchre_tutor.advisor.classic.position import write_position
from euchre_tutor.advisor.classic.reasons import action_label, classic_grade
from euchre_tutor.advisor.drills import Deck
from euchre_tutor.advisor.luck import MISTAKE_LABELS, Swing, classic_baseline
from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.advisor.shared import Grade
from euchre_tutor.bots.classic import LEVELS, Level
from euchre_tutor.classic.engine import Action, Phase, Trick
from euchre_tutor.errors import EuchreError
from euchre_tutor.rules.classic import ClassicRules
from euchre_tutor.session.analysis import AnalysisSource, Analyst, Message, file_message, processes_available
from euchre_tutor.session.classic_advice import ClassicBotRequest, ClassicHintRequest
from euchre_tutor.session.classic_controller import CARD_KINDS, ClassicController, HandLog
from euchre_tutor.session.observing import Observable
from euchre_tutor.session.review import (
    graded_line,
    hand_key_moments,
    hand_swings,
    recorded_decisions,
    save_with_grades,
)
from euchre_tutor.session.tables import track
from euchre_tutor.views.classic import SeatView

__all__ = [
    "DEFAULT_CLASSIC_SOURCE",
    "ClassicTutor",
    "Decision",
    "HandReview",
    "Retry",
    "ReviewStep",
    "level_of",
]

#: the hint source run in the worker; EUCHRE_TUTOR_CLASSIC_HINTS="module:factory" replaces it
DEFAULT_CLASSIC_SOURCE: Final = os.environ.get(
    "EUCHRE_TUTOR_CLASSIC_HINTS", "euchre_tutor.session.classic_advice:classic_advisor_source"
)
#: a grade being refined redraws its "grading…" line with the deals so far each time they pass a
#: multiple of this (a refinement may take tens of thousands of deals, in batches of a few hundred)
REFINE_STEP: Final = 4800
#: the worker that thinks for the computer players of a deliberate level (Expert)
CLASSIC_BOT_SOURCE: Final = "euchre_tutor.session.classic_advice:classic_bot_source"
#: seconds a forced card waits before it is played for the student (time to see it is forced)
AUTOPLAY_PAUSE: Final = 0.6


def level_of(name: str | Level) -> Level:
    """A level by name (``"beginner"``, ``"club"``, ``"expert"``), refused with the names if unknown."""
    if isinstance(name, Level):
        return name
    found = LEVELS.get(str(name).strip().lower())
    if found is None:
        raise ValueError(
            f"unknown level {name!r}: choose {', '.join(level.name for level in LEVELS.values())}"
        )
    return found


def analysis_seed(seed: int | str) -> int:
    """The sampling seed of a match seed (``classic analyze --seed`` takes a whole number)."""
    if isinstance(seed, int):
        return seed
    text = str(seed).strip()
    return int(text) if text.lstrip("-").isdigit() else zlib.crc32(text.encode())


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn of the student: the position the advisor analyses, and what the seat saw there."""

    key: tuple[Any, ...] | None  # None: a forced action (nothing to analyse)
    view: SeatView
    hand_number: int
    position: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the student: where (hand, trick), what was chosen, and the turn's analysis key."""

    index: int  # its place in the game's history
    hand_number: int
    trick: int  # 0: the bidding (or a discard before the first lead), else the trick's number
    action: Action
    label: str
    view: SeatView
    key: tuple[Any, ...] | None

    @property
    def forced(self) -> bool:
        return self.key is None


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """One page of the review: the bidding, or one trick, with the student's decisions in it."""

    title: str
    lines: tuple[str, ...]
    trick: Trick | None
    decisions: tuple[Decision, ...]


@dataclass(frozen=True, slots=True)
class HandReview:
    number: int
    outcome: str
    steps: tuple[ReviewStep, ...]


@dataclass(frozen=True, slots=True)
class Retry:
    """A second answer to a past decision, graded against the very analysis its first answer was."""

    decision: Decision
    action: Action
    grade: Grade


class ClassicTutor(Observable):
    """Hints, grades and the review for the student of ``controller``; levels, autoplay, open hands.

    ``source``: the hint source (``"module:factory"`` for the worker process, an object with
    ``analyse`` for ``runner="inline"``, None: no hints and no grades). Turns are analysed while
    the hint is shown (``show_hint``) or the play is graded (``grading``); the worker starts the
    first time either is on, so a table nobody asks for hints costs no process. ``worlds``: sampled deals per
    analysis (the command's default). ``autoplay``: a single legal card is played for the student
    after ``pause`` seconds (on the kernel's event loop; with none running, by :meth:`autoplay_now`).
    ``background_bots``: computer players that think for long (``deliberate``, the Expert level) think
    in a worker process, off the click path (None: when an event loop runs, as in a kernel; with no
    loop their answers wait for :meth:`wait_for_bots`). ``refine_grades``: a grade the turn's hint
    leaves on a band's edge is refined after the move, in the worker behind the next hint (None: when
    the analyses run in a worker process; see :meth:`grade_of`).
    """

    def __init__(
        self,
        controller: ClassicController,
        *,
        level: str | Level = "club",
        source: str | AnalysisSource | None = DEFAULT_CLASSIC_SOURCE,
        runner: Literal["process", "inline"] = "process",
        worlds: int = 200,
        grading: bool = False,
        show_hint: bool = False,
        autoplay: bool = True,
        pause: float = AUTOPLAY_PAUSE,
        open_hands: bool = False,
        stats: SessionStats | None = None,
        background_bots: bool | None = None,
        refine_grades: bool | None = None,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.stats = stats if stats is not None else SessionStats()
        self.level = level_of(level)
        self.worlds = worlds
        self.grading = grading
        self.show_hint = show_hint
        self.autoplay = autoplay
        self.pause = pause
        self.open_hands = open_hands
        self.hints: dict[tuple[Any, ...], ClassicAnalysis] = {}
        self.errors: dict[tuple[Any, ...], str] = {}
        self.progress: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.retries: list[Retry] = []  # the student's second answers, in order
        self.drills = Deck()  # this session's Mistakes and Blunders, to practise (downloaded as a file)
        track(self)  # a table's Download report finds the tutor that grades it
        self._drilled: set[tuple[int, int]] = set()  # (game, decision) already in the deck
        self._turns: dict[int, Turn] = {}
        self._game = controller.game
        # facts said at most once a hand (what partner's bids showed): (game, hand, fact) -> the turn saying it
        self._said: dict[tuple[int, int, str], tuple[Any, ...]] = {}
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        self._autoplay_timer: asyncio.TimerHandle | None = None
        self.analyst: Analyst | None = None
        self._source = source
        self._runner: Literal["process", "inline"] = runner
        self.background_bots = self._loop is not None if background_bots is None else background_bots
        # grades refined after the move need a worker process: in-process (the browser) they would
        # hold the page for seconds
        self.refine_grades = (
            runner == "process" and processes_available() if refine_grades is None else refine_grades
        )
        self.bot_analyst: Analyst | None = None
        self._place_bots()
        controller.subscribe(self._on_controller)
        self._on_controller("state")

    # ----------------------------------------------------------------- reading

    @property
    def table(self) -> str:
        """The level of the computer players seated: the advisor models the table's play by it."""
        return self.level.name.lower()

    @property
    def seed(self) -> int:
        return analysis_seed(self.controller.seed)

    def position(self) -> dict[str, Any] | None:
        """The student's position now as ``classic analyze`` input (None when it is not their turn)."""
        c = self.controller
        if not c.my_turn:
            return None
        return write_position(c.state.hand, c.seat, c.state.scores)

    @property
    def current_turn(self) -> Turn | None:
        c = self.controller
        if not c.my_turn or self.controller.game is not self._game:
            return None
        return self._turns.get(c.game.position)

    @property
    def current_key(self) -> tuple[Any, ...] | None:
        turn = self.current_turn
        return None if turn is None else turn.key

    @property
    def current_hint(self) -> ClassicAnalysis | None:
        key = self.current_key
        return None if key is None else self.hints.get(key)

    @property
    def current_error(self) -> str | None:
        key = self.current_key
        return None if key is None else self.errors.get(key)

    @property
    def hints_on(self) -> bool:
        """Hints exist for this table (a source was given)."""
        return self._source is not None

    @property
    def wanted(self) -> bool:
        """Turns are analysed now: the hint is shown or the play is graded."""
        return self.hints_on and (self.show_hint or self.grading)

    @property
    def analysing(self) -> bool:
        """The student's turn is being analysed now (the hint is not there yet)."""
        key = self.current_key
        return self.wanted and key is not None and key not in self.hints and key not in self.errors

    @property
    def forced(self) -> Action | None:
        """The only legal action now, when it is a card (autoplay plays it); else None."""
        legal = self.controller.legal
        if len(legal) == 1 and legal[0].kind in CARD_KINDS:
            return legal[0]
        return None

    def decisions(self, hand_number: int | None = None) -> list[Decision]:
        """The student's decisions so far in this match (of one hand, if given), in order."""
        c = self.controller
        out = []
        actions = c.game.actions
        for i in c.decision_positions():
            turn = self._turns.get(i)
            if turn is None:
                continue
            if hand_number is not None and turn.hand_number != hand_number:
                continue
            view = turn.view
            trick = len(view.tricks) + 1 if view.phase is Phase.PLAY else 0
            action = actions[i]
            out.append(
                Decision(i, turn.hand_number, trick, action, action_label(action, view), view, turn.key)
            )
        return out

    def grade_of(self, decision: Decision) -> Grade | None:
        """The decision's grade; None while its analysis runs (or when hints are off).

        A grade the turn's hint cannot settle (the loss's interval still straddles a band's edge) is
        refined after the move: more deals, focused on the action taken (:meth:`refine_key`); until
        that arrives the grade is pending too, so a label once shown does not change.
        """
        if decision.key is None:
            return Grade("Best", 0.0, 0.0, "the only legal choice.")
        hint = self.hint_of(decision)
        return None if hint is None else classic_grade(hint, decision.action)

    def hint_of(self, decision: Decision) -> ClassicAnalysis | None:
        """The analysis the decision is graded by: its refined one when the turn's needed refining
        (None while either runs)."""
        if decision.key is None:
            return None
        hint = self.hints.get(decision.key)
        if hint is None or not self.refine_grades or hint.grade_holds(decision.action):
            return hint
        refined = self.hints.get(self.refine_key(decision))
        if refined is None and self.refine_key(decision) in self.errors:
            return hint  # the refinement failed: the turn's grade, with its edge said in words
        return refined

    def story(self, decision: Decision) -> str | None:
        """One sentence when the analysis the decision is graded by (refined with more deals) tells another
        story than the hint the student saw: another option turned out best, or the student's choice, a tie
        with the best in the hint, turned out to lose. None when the two agree (or either is missing)."""
        if decision.key is None:
            return None
        shown, graded = self.hints.get(decision.key), self.hint_of(decision)
        if shown is None or graded is None or graded is shown:
            return None
        view = decision.view
        hint_best = {o.action for o in tie_group(shown)}
        now_best = {o.action for o in tie_group(graded)}
        best = graded.best
        if best.action not in hint_best:
            was = shown.best.action
            gap = graded.option(was).ev_gap
            tie = ", a tie in practice" if was in now_best else ""
            return (
                f"With more deals, {action_noun(best.action, view)} turned out better than "
                f"{action_noun(was, view)}, which the hint showed as best: a difference of {gap:.2f} points{tie}."
            )
        if decision.action in hint_best and decision.action not in now_best:
            gap = graded.option(decision.action).ev_gap
            return (
                f"With more deals, your choice, a tie with the best in the hint, turned out {gap:.2f} points "
                f"a hand worse than {action_noun(best.action, view)}."
            )
        return None

    def said_once(self, key: tuple[Any, ...] | None, hand_number: int, fact: str) -> bool:
        """Whether the turn ``key`` may say ``fact`` (one that does not change from turn to turn): the first
        turn of the hand to ask says it, every time it is drawn again; the later turns do not."""
        if key is None:
            return False
        place = (id(self.controller.game), hand_number, fact)
        return self._said.setdefault(place, key) == key

    def refining(self, decision: Decision) -> tuple[int, int] | None:
        """The deals so far and the cap of the decision's grade being refined (None: not refining)."""
        if decision.key is None:
            return None
        done = self.progress.get(self.refine_key(decision))
        return None if done is None or done == (0, 0) else done

    @staticmethod
    def refine_key(decision: Decision) -> tuple[Any, ...]:
        """Where a decision's refined analysis is filed (beside its turn's hint)."""
        assert decision.key is not None
        return (*decision.key, "grade", str(decision.action))

    def _refine(self, decisions: list[Decision]) -> None:
        """Ask for the refined analysis of every decision whose grade the turn's hint left unsettled."""
        if not self.refine_grades or not self.wanted:
            return
        for d in decisions:
            if d.key is None:
                continue
            hint = self.hints.get(d.key)
            if hint is None or hint.grade_holds(d.action):
                continue
            key = self.refine_key(d)
            if key in self.hints or key in self.errors:
                continue
            turn = self._turns[d.index]
            self._submit(
                ClassicHintRequest(key, turn.position, self.worlds, self.seed, self.table, str(d.action))
            )

    def last_decision(self) -> Decision | None:
        """The student's last real choice (a forced card, played or autoplayed, is not one)."""
        found = [d for d in self.decisions() if not d.forced]
        return found[-1] if found else None

    def total_loss(self, hand_number: int) -> float | None:
        """Expected points lost in one hand's decisions (None while any is being analysed)."""
        total = 0.0
        for d in self.decisions(hand_number):
            g = self.grade_of(d)
            if g is None:
                return None
            total += g.loss
        return total

    def recorded_grades(self) -> dict[str, Any]:
        """The grades of the student's decisions so far, as a save carries them for the class report
        (:func:`~euchre_tutor.session.learning.grade_classic` reads them instead of grading again): per
        graded decision with a real choice, its place in the game, the action, the label, the expected
        points lost, the best action, the best one's value and the rule ids of the reasons."""
        out = recorded_decisions(self.decisions(), self.grade_of, self.hint_of, lambda g: g.ev_loss)
        return {"level": self.table, "seed": self.seed, "decisions": out}

    def save_text(self) -> str:
        """The match as a save file, with the table's grades of the student's decisions (see
        :meth:`recorded_grades`): loading it replays the match; the class report reads the grades."""
        return save_with_grades(self.controller.game.to_json(), self.recorded_grades())

    def key_moments(self, hand_number: int) -> list[Decision]:
        """The decisions of a hand that cost most: graded Inaccuracy or worse, the costliest first (at
        most :data:`~euchre_tutor.advisor.shared.KEY_MOMENTS`); a decision still being graded is not one yet."""
        return hand_key_moments(self.decisions(hand_number), self.grade_of)

    def swings(self, hand_number: int) -> list[tuple[Decision, Swing]]:
        """The luck that followed each graded decision of a finished hand (:func:`~euchre_tutor.advisor.luck.swings`:
        they sum to the hand's ``rest``); empty while the hand goes on or a decision is still being graded."""
        log = next((h for h in self.controller.hand_logs() if h.number == hand_number), None)
        points = None if log is None else self._hand_points(log)
        return hand_swings(self.decisions(hand_number), self.grade_of, self.hint_of, points)

    def _hand_points(self, log: HandLog) -> int | None:
        """A finished hand's points for the student: their side's minus the best other side's."""
        if not log.finished or log.points is None:
            return None
        team = self.controller.seat.team.index
        others = [p for i, p in enumerate(log.points) if i != team]
        return int(log.points[team] - max(others))

    def retry(self, decision: Decision, action: Action | str) -> Retry:
        """Answer a past decision again, with the hint hidden: the new answer is graded against the very
        analysis the first one was (the same deals, so the two grades compare), and kept in
        :attr:`retries`. Refuses an answer that was not legal there, or a decision not graded yet."""
        try:
            act = action if isinstance(action, Action) else Action.parse(action)
        except EuchreError as error:
            raise EuchreError(f"{error}: answer with one of the legal actions") from None
        if act not in decision.view.legal:
            legal = ", ".join(action_label(a, decision.view) for a in decision.view.legal)
            raise EuchreError(
                f"{action_label(act, decision.view)} was not legal at that moment: the legal choices were {legal}"
            )
        hint = self.hint_of(decision)
        grade = None if hint is None else classic_grade(hint, act)
        if grade is None:
            raise EuchreError("that decision is still being graded: retry it once its grade is shown")
        done = Retry(decision, act, grade)
        self.retries.append(done)
        self._emit("analysis")
        return done

    def review(self, hand_number: int | None = None) -> HandReview | None:
        """The review of a finished hand (the last finished one by default): bidding, then each trick."""
        logs = [log for log in self.controller.hand_logs() if log.finished]
        if hand_number is not None:
            logs = [log for log in logs if log.number == hand_number]
        if not logs:
            return None
        log = logs[-1]
        decisions = self.decisions(log.number)
        steps = [ReviewStep("Bidding", log.bidding, None, tuple(d for d in decisions if d.trick == 0))]
        for number, trick in log.tricks:
            steps.append(
                ReviewStep(
                    f"Trick {number}",
                    (),
                    trick,
                    tuple(d for d in decisions if d.trick == number),
                )
            )
        return HandReview(log.number, log.outcome, tuple(steps))

    # ----------------------------------------------------------------- switches

    def set_grading(self, on: bool) -> None:
        self.grading = on
        self._request()
        self._emit("options")

    def set_show_hint(self, on: bool) -> None:
        self.show_hint = on
        self._request()
        self._emit("analysis")

    def set_open_hands(self, on: bool) -> None:
        self.open_hands = on
        self._emit("options")

    def set_autoplay(self, on: bool) -> None:
        self.autoplay = on
        self._emit("options")
        self._schedule_autoplay()

    def new_match(
        self,
        seed: int | str | None = None,
        rules: str | ClassicRules | Mapping[str, Any] | None = None,
        level: str | Level | None = None,
        *,
        draw: bool = False,
    ) -> bool:
        """A new match at ``level`` (default: the current one): its computer players play every seat
        but the student's for the whole match; ``draw``: open it by drawing for partners and the deal."""
        c = self.controller
        try:
            chosen = self.level if level is None else level_of(level)
        except ValueError as error:
            c.illegal(str(error))
            return False
        before = c.bot
        c.bot = chosen.player()
        self._place_bots()
        if not c.new_match(seed, rules, draw=draw):
            c.bot = before
            self._place_bots()
            return False
        self.level = chosen
        self._emit("options")
        return True

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
            turn = self._turns.get(position)
            if turn is None or turn.view != c.view:
                place = write_position(c.state.hand, c.seat, c.state.scores)
                key = None
                if self.forced is None:
                    text = json.dumps(place, sort_keys=True, ensure_ascii=False)
                    key = ("classic", self.seed, self.worlds, self.table, text)
                self._turns[position] = Turn(key, c.view, c.state.hand_number, place)
            self._request()
        self._schedule_autoplay()
        self._after_change()

    def _request(self) -> None:
        turn = self.current_turn
        if not self.wanted or turn is None or turn.key is None:
            return
        if turn.key in self.hints or turn.key in self.errors:
            return
        self.analyse_position(turn.key, turn.position)

    def analyse_position(self, key: tuple[Any, ...], position: dict[str, Any]) -> None:
        """Analyse a position (the ``classic analyze`` input) in the worker, filed under ``key`` like a hint
        (the turn's, or a what-if's); nothing without hints."""
        self._submit(ClassicHintRequest(key, position, self.worlds, self.seed, self.table))

    def _submit(self, request: ClassicHintRequest) -> None:
        if self._source is None:
            return
        if self.analyst is None:
            self.analyst = Analyst(self._source, self._on_message, self._runner)
        self.analyst.submit(request)

    def _on_message(self, message: Message) -> None:
        before = self.progress.get(message[1], (0, 0))[0]
        kind = file_message(message, self.hints, self.errors, self.progress)
        if kind == "progress" and message[2] != (0, 0):
            done = message[2][0]
            if "grade" not in message[1] or done // REFINE_STEP == before // REFINE_STEP:
                return  # a batch of deals counted: the panel shows no figure for it, nothing to redraw
            # a grade being refined: the panel says how far it has come, every few thousand deals
        if kind != "progress":  # only a finished analysis changes a grade
            self._after_change()
        self._emit("analysis")

    def _after_change(self) -> None:
        """A move or an analysis arrived: refine what needs it, feed the statistics and the drills (the
        match's decisions listed once for all: this runs on every change)."""
        decisions = self.decisions()
        self._refine(decisions)
        self._record_stats(decisions)
        self._record_drills(decisions)

    def _record_drills(self, decisions: list[Decision]) -> None:
        """Every decision graded Mistake or Blunder becomes a drill of :attr:`drills` (once): its position
        as ``classic analyze`` reads it, without the score (the table grades by expected points)."""
        game = id(self.controller.game)
        for d in decisions:
            if d.key is None or d.forced or (game, d.index) in self._drilled:
                continue
            grade, hint = self.grade_of(d), self.hint_of(d)
            if grade is None or hint is None or grade.label not in MISTAKE_LABELS:
                continue
            position = {k: v for k, v in self._turns[d.index].position.items() if k != "score"}
            where = "the bidding" if d.trick == 0 else f"trick {d.trick}"
            self.drills.add_graded(
                "classic",
                position,
                answer=str(d.action),
                label=grade.label,
                best=str(hint.best.action),
                level=self.table,
                where=f"hand {d.hand_number}, {where}",
            )
            self._drilled.add((game, d.index))

    def _record_stats(self, decisions: list[Decision]) -> None:
        """Feed the session statistics every hand's graded decisions and, once over, its result.

        A hand's points are the student's side's minus the best other side's; "the best play" is the
        value the advisor gave the best choice at the student's first graded decision of the hand.
        """
        c = self.controller
        game = id(c.game)
        by_hand: dict[int, list[Decision]] = {}
        for d in decisions:  # once for the match, not once per hand
            by_hand.setdefault(d.hand_number, []).append(d)
        for log in c.hand_logs():
            graded, best = graded_line(by_hand.get(log.number, []), self.grade_of, self.hint_of)
            points = self._hand_points(log)
            rel = (int(c.seat) - int(log.dealer)) % c.rules.players  # the luck's baseline: the seat's average
            self.stats.update_deal(
                "classic",
                (game, log.number),
                graded,
                points=points,
                best=best,
                baseline=classic_baseline(rel, c.rules.players),
            )

    def wait_for_analysis(self, timeout: float = 120.0) -> bool:
        """Block until every requested analysis has arrived (tests and benchmarks)."""
        return self.analyst is None or self.analyst.wait(timeout)

    # ----------------------------------------------------------------- computer players in the background

    def _place_bots(self) -> None:
        """Think for the controller's computer players in the worker when they are deliberate, else at once."""
        c = self.controller
        if self.background_bots and getattr(c.bot, "deliberate", False):
            c.thinker = self._think
            if self.bot_analyst is None:  # start it now: its start-up overlaps the student's first look
                self.bot_analyst = Analyst(CLASSIC_BOT_SOURCE, self._on_bot_message, "process")
        else:
            c.thinker = None

    def _think(self, view: SeatView, ticket: int) -> None:
        assert self.bot_analyst is not None
        self.bot_analyst.submit(ClassicBotRequest(("bot", ticket), self.controller.bot, view))

    def _on_bot_message(self, message: Message) -> None:
        kind, key, payload = message
        if kind == "progress":
            return
        # a failed worker answers None: the controller falls back on the rule-based choice
        self.controller.bot_answered(key[1], payload if kind == "done" else None)

    def wait_for_bots(self, timeout: float = 120.0) -> bool:
        """Block until the computer players have answered and it is the student's turn, the hand is
        over or the match is (tests and scripts with no event loop); False on timeout."""
        deadline = time.monotonic() + timeout
        while self.controller.thinking is not None:
            left = deadline - time.monotonic()
            if self.bot_analyst is None or left <= 0 or not self.bot_analyst.wait(left):
                return False
        return True

    def close(self) -> None:
        if self._autoplay_timer is not None:
            self._autoplay_timer.cancel()
        if self.analyst is not None:
            self.analyst.close()
        if self.bot_analyst is not None:
            self.bot_analyst.close()
        self.controller.thinker = None

    # ----------------------------------------------------------------- autoplay

    def _schedule_autoplay(self) -> None:
        if self._autoplay_timer is not None:
            self._autoplay_timer.cancel()
            self._autoplay_timer = None
        if not self.autoplay or self.forced is None:
            return
        if self._loop is not None and self._loop.is_running():
            where = (self.controller.game, self.controller.game.position)
            self._autoplay_timer = self._loop.call_later(self.pause, self._autoplay_at, where)

    def _autoplay_at(self, where: tuple[object, int]) -> None:
        self._autoplay_timer = None
        game, position = where
        if game is self.controller.game and position == self.controller.game.position:
            self.autoplay_now()

    def autoplay_now(self) -> bool:
        """Play the forced card now (False when nothing is forced or autoplay is off)."""
        action = self.forced
        if not self.autoplay or action is None:
            return False
        c = self.controller
        label = action_label(action, c.view)
        if not c.act(action):
            return False
        c._say(f"{label}: your only legal card, played for you. {c.message}", c.message_is_error)
        return True
