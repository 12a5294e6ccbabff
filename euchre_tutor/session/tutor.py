"""The table framework's tutor: hints, grades, the review and the learning loop beside a table's controller.

:class:`TableTutor` is written once for every game; a game's tutor subclasses it and supplies hooks:
how a turn is written and keyed for the advisor, the request sent to the worker, how a decision is
graded and labelled, the luck's baseline, and its review's pages. The tutor sits beside the game's
controller (a :class:`~euchre_tutor.session.table.TableController` at a partnership table, Solitaire's
own controller for its one player and its deals; it knows nothing of widgets either) and listens to
it. A "hand" here is whatever the game scores at once: a hand of a match, a deal of Solitaire.
Whenever the student's turn starts and the hint is shown or the play graded, it sends the position
to an :class:`~euchre_tutor.session.analysis.Analyst` (a worker process by default), so the page
never waits for the advisor. Each analysed turn is kept by its place in the game's history: once the
student acts there, the decision gets its grade (expected points lost against the best action).

Once a hand is over its key moments (:meth:`~TableTutor.key_moments`) and the luck that followed them
(:meth:`~TableTutor.swings`) are read from the grades; a past decision can be answered again with the
hint hidden (:meth:`~TableTutor.retry`). Every Mistake and Blunder goes into
:attr:`~TableTutor.drills` (the Practice page's deck) and every graded hand into the session statistics
(:attr:`~TableTutor.stats`); a save carries the table's grades (:meth:`~TableTutor.save_text`).

Views subscribe with :meth:`subscribe`: ``"analysis"`` (progress or a hint arrived) and ``"options"``
(a switch changed). Clicks still go to the controller, which refuses bad ones with a message whether
or not an analysis is running.
"""

from __future__ import annotations

import json
import secrets
import zlib
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final, Generic, Literal, Protocol, TypeVar, cast

from euchre_tutor.advisor.drills import Deck, Drill
from euchre_tutor.advisor.luck import MISTAKE_LABELS, Swing, swings
from euchre_tutor.advisor.session import GradedDecision, SessionStats, Units
from euchre_tutor.advisor.shared import Grade, key_moments
from euchre_tutor.errors import EuchreError
from euchre_tutor.session.analysis import (
    AnalysisSource,
    Analyst,
    Background,
    Message,
    file_message,
    processes_available,
)
from euchre_tutor.session.observing import Observable, Table
from euchre_tutor.session.tables import track

__all__ = [
    "ONLY_CHOICE",
    "Decision",
    "Retry",
    "TableTutor",
    "Turn",
    "analysis_seed",
    "turn_position",
    "tutor_class",
]

#: every game's tutor class, by the game's name (a tutor registers itself when its module is imported)
TUTORS: dict[str, type[TableTutor[Any, Any]]] = {}


def tutor_class(game: str) -> type[TableTutor[Any, Any]] | None:
    """The tutor class of ``game`` (its module imported already: the game's table app imports it);
    None for a game without a tutor."""
    return TUTORS.get(game)


def turn_position(controller: Any, written: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The student's position now as the game's ``analyze`` reads it: ``written()`` from the true state
    where this kernel holds it, else (a seat at a shared table, ``controller.remote``) one deal
    consistent with the seat's view."""
    if controller.remote:
        found: dict[str, Any] = controller.view_position()
        return found
    return written()


class DrillStore(Protocol):
    """Where a student's drills and games are kept by name (the class's store on a class server)."""

    def add_drills(self, name: str, drills: Sequence[Drill]) -> int: ...
    def put_game(self, name: str, save: str, *, match: str = "", drilled: bool = False) -> Any: ...


def analysis_seed(seed: int | str) -> int:
    """The sampling seed of a match seed (a game's ``analyze --seed`` takes a whole number)."""
    if isinstance(seed, int):
        return seed
    text = str(seed).strip()
    return int(text) if text.lstrip("-").isdigit() else zlib.crc32(text.encode())


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn of the student: its analysis key (None: forced, nothing to analyse), what the seat saw,
    its hand, and the position as the game's ``analyze`` command reads it (a drill's; empty for a game
    that writes it only once a drill is made)."""

    key: tuple[Any, ...] | None
    view: Any
    hand_number: int
    position: dict[str, Any]


#: the grade of a forced decision: nothing to weigh, nothing lost
ONLY_CHOICE: Final = Grade("Best", 0.0, 0.0, "the only legal choice.")


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision of the student: its place in the game's history, its hand, what was chosen and in
    words, what the student saw, and the turn's analysis key (a game's decision may add fields)."""

    index: int
    hand_number: int
    action: Any
    label: str
    view: Any
    key: tuple[Any, ...] | None

    @property
    def forced(self) -> bool:
        """The only legal choice: nothing was analysed."""
        return self.key is None


@dataclass(frozen=True, slots=True)
class Retry:
    """A second answer to a past decision, graded against the very analysis its first answer was."""

    decision: Any
    action: Any
    grade: Any


ControllerT = TypeVar("ControllerT", bound=Table)
DecisionT = TypeVar("DecisionT", bound=Decision)


class TableTutor(Observable, Generic[ControllerT, DecisionT]):
    """Hints, grades, the review and the learning loop for the student of ``controller``.

    ``source``: the hint source (``"module:factory"`` for the worker process, an object with
    ``analyse`` for ``runner="inline"``, None: no hints and no grades). Turns are analysed while the
    hint is shown (``show_hint``) or the play is graded (``grading``); the worker starts the first
    time either is on, so a table nobody asks for hints costs no process. ``worlds``: sampled deals
    per analysis. ``stats``: the session statistics the graded hands feed (a new one unless given:
    tables may share one). ``refine_grades``: a grade the turn's hint leaves unsettled is refined
    after the move, in the worker (None: when the analyses run in a worker process).
    """

    #: the game's name in the drills and the statistics ("solitaire", "classic", "bid")
    GAME_NAME: ClassVar[str]
    #: why a retry is refused while its decision has no grade
    NOT_GRADED: ClassVar[str] = "that decision is still being graded: retry it once its grade is shown"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "GAME_NAME" in cls.__dict__:
            TUTORS[cls.GAME_NAME] = cls

    @classmethod
    def for_seat(cls, seat: Any, **options: Any) -> TableTutor[Any, Any]:
        """The tutor of a student's seat at a shared table (a
        :class:`~euchre_tutor.session.remote_seat.RemoteSeat`): every decision graded (the review comes
        after each hand), the hint only where the table allows suggestions; ``options`` as the
        constructor takes them. The seat says actions in the tutor's words."""
        tutor = cls(seat, grading=True, **cls._seat_options(seat), **options)
        tutor.hint_allowed = bool(seat.options.get("suggestions", False))
        seat.words = tutor._label
        return tutor

    @classmethod
    def _seat_options(cls, seat: Any) -> dict[str, Any]:
        """The game's own constructor options at a shared table (from the table's ``seat.options``)."""
        return {}

    def __init__(
        self,
        controller: ControllerT,
        *,
        source: str | AnalysisSource | None,
        runner: Literal["process", "inline"] = "process",
        worlds: int = 0,
        grading: bool = False,
        show_hint: bool = False,
        stats: SessionStats | None = None,
        refine_grades: bool | None = None,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.stats = stats if stats is not None else SessionStats()
        self.worlds = worlds
        self.grading = grading
        self.show_hint = show_hint
        self.hints: dict[tuple[Any, ...], Any] = {}
        self.errors: dict[tuple[Any, ...], str] = {}
        self.progress: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.retries: list[Retry] = []  # the student's second answers, in order
        self.drills = Deck()  # this session's Mistakes and Blunders, to practise (downloaded as a file)
        #: whether the student may see the hint at this table (a shared table may allow none)
        self.hint_allowed = True
        #: where the drills are kept under the student's name too (None: only in :attr:`drills`)
        self.store: DrillStore | None = None
        self.student = ""
        self.store_error = ""  # why the store did not keep the drills (empty: it did)
        self.keep_games = False  # the match is kept in :attr:`store` after each hand too
        self._match = secrets.token_hex(8)  # the match's name in the store: a new match, a new name
        self._kept_at: tuple[tuple[int, ...], int] | None = None  # (hands over, graded decisions) kept
        self._drilled: set[Hashable] = set()  # the decisions already in the deck (:meth:`_drill_ident`)
        self._turns: dict[int, Turn] = {}
        self._game = controller.game
        self.analyst: Analyst | None = None
        self._source = source
        self._runner: Literal["process", "inline"] = runner
        # grades refined after the move need a worker process: in-process (the browser) they would
        # hold the page for seconds
        self.refine_grades = (
            runner == "process" and processes_available() if refine_grades is None else refine_grades
        )
        #: the hint of the student's next decision starts in the background as soon as that decision is
        #: known (needs a worker process: in the kernel it would hold the page)
        self.look_ahead = runner == "process" and processes_available()
        track(self)  # a table's Download report finds the tutor that grades it

    def _listen(self) -> None:
        """Start listening to the controller (the last step of a subclass's set-up)."""
        self.controller.subscribe(self._on_controller)
        self._on_controller("state")

    # ----------------------------------------------------------------- hooks

    def _new_turn(self) -> Turn:
        """The student's turn now: its key (None when forced), view, hand and written position."""
        raise NotImplementedError

    def _hint_request(self, key: tuple[Any, ...], turn: Turn) -> Any:
        """The request the worker analyses for the turn's hint."""
        raise NotImplementedError

    def _decision(self, index: int, turn: Turn, action: Any) -> DecisionT:
        raise NotImplementedError

    def _label(self, action: Any, view: Any) -> str:
        """An action in a few words ("Play 9♠")."""
        raise NotImplementedError

    def _parse_action(self, action: Any) -> Any:
        return self.controller._parse_action(action)

    def grade_of(self, decision: DecisionT) -> Any:
        """The decision's grade (:data:`ONLY_CHOICE` for a forced one) by the analysis it is graded on;
        None while that runs (or when hints are off)."""
        if decision.forced:
            return ONLY_CHOICE
        hint = self.grading_analysis(decision)
        return None if hint is None else self._grade(hint, decision.action)

    def hint_of(self, decision: DecisionT) -> Any:
        """The analysis the decision's luck is valued by: its turn's hint (None while it runs)."""
        return None if decision.key is None else self.hints.get(decision.key)

    def grading_analysis(self, decision: DecisionT) -> Any:
        """The analysis the decision is graded on (its turn's hint; a game may refine it after the move)."""
        return self.hint_of(decision)

    def _grade(self, hint: Any, action: Any) -> Any:
        """The grade of ``action`` in the analysis ``hint``."""
        raise NotImplementedError

    def _refine(self, decisions: list[DecisionT]) -> None:
        """Ask for more deals where a decision's grade is unsettled (nothing by default)."""

    def _drill(self, decision: DecisionT) -> tuple[dict[str, Any], dict[str, Any]]:
        """A Mistake's drill: its position (the ``analyze`` input) and the deck's other fields."""
        raise NotImplementedError

    def _baseline(self, log: Any) -> float | Fraction:
        """The luck's baseline of a hand: the student's seat's average result."""
        raise NotImplementedError

    def _grades_header(self) -> dict[str, Any]:
        """What a save's grades say besides the decisions (the seed, the level or the worlds)."""
        raise NotImplementedError

    def _loss(self, grade: Any) -> float | Fraction:
        """The expected points a grade says were lost."""
        return float(grade.loss)

    def _value(self, hint: Any) -> Any:
        """What an analysis says the best play is worth (a hand's "best play" in the statistics)."""
        return hint.best.ev

    def _units(self, hint: Any) -> Units:
        """What an analysis's values count (a grade's loss is said in them)."""
        return "points"

    def _hand_best(self, log: Any, best: Any) -> Any:
        """The best play's value the statistics keep for a hand (``best``: at its first analysed decision)."""
        return best

    def _stats_key(self, log: Any) -> Hashable:
        """A hand's name in the statistics: the game and the hand's number."""
        return (id(self.controller.game), log.number)

    def _drill_ident(self, decision: DecisionT) -> Hashable:
        """What makes a decision's drill the same one (a decision becomes a drill once)."""
        return (id(self.controller.game), decision.index)

    def _on_state(self) -> None:
        """The game changed (after the turn's hint is asked for): a table's own follow-up (autoplay)."""

    def _quiet(self, message: Message, before: int) -> bool:
        """Whether a progress message needs no redraw (``before``: the deals counted until now)."""
        return False

    # ----------------------------------------------------------------- reading

    @property
    def seed(self) -> int:
        return analysis_seed(self.controller.seed)

    @property
    def hints_on(self) -> bool:
        """Hints exist for this table (a source was given)."""
        return self._source is not None

    @property
    def wanted(self) -> bool:
        """Turns are analysed now: the hint is shown or the play is graded."""
        return self.hints_on and (self.show_hint or self.grading)

    @property
    def current_turn(self) -> Turn | None:
        c = self.controller
        if not c.my_turn or c.game is not self._game:
            return None
        return self._turns.get(c.game.position)

    @property
    def current_key(self) -> tuple[Any, ...] | None:
        turn = self.current_turn
        return None if turn is None else turn.key

    @property
    def current_hint(self) -> Any:
        key = self.current_key
        return None if key is None or not self.hint_allowed else self.hints.get(key)

    @property
    def current_error(self) -> str | None:
        key = self.current_key
        return None if key is None else self.errors.get(key)

    @property
    def analysing(self) -> bool:
        """The student's turn is being analysed now (the hint is not there yet)."""
        key = self.current_key
        return self.wanted and key is not None and key not in self.hints and key not in self.errors

    def decisions(self, hand_number: int | None = None) -> list[DecisionT]:
        """The student's decisions under review (of one hand, if given), in order: where the controller
        says they decided (its ``decision_positions``: a match so far, Solitaire's deal on the table)."""
        c = self.controller
        actions = c.game.actions
        out = []
        for i in c.decision_positions():
            turn = self._turns.get(i)
            if turn is None or (hand_number is not None and turn.hand_number != hand_number):
                continue
            out.append(self._decision(i, turn, actions[i]))
        return out

    def last_decision(self) -> DecisionT | None:
        """The student's last real choice (a forced one is not)."""
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

    def review(self, hand_number: int | None = None) -> Any:
        """The review of a finished hand (the last finished one by default; None while none is): the
        game's own (its steps, decisions and outcome)."""
        raise NotImplementedError

    def _finished_log(self, hand_number: int | None) -> Any:
        """The log of a finished hand (the last one by default; None: no such hand is over)."""
        logs = [log for log in self.controller.hand_logs() if log.finished]
        if hand_number is not None:
            logs = [log for log in logs if log.number == hand_number]
        return logs[-1] if logs else None

    def key_moments(self, hand_number: int) -> list[DecisionT]:
        """The decisions of a hand that cost most: graded Inaccuracy or worse, the costliest first (at
        most :data:`~euchre_tutor.advisor.shared.KEY_MOMENTS`); a decision still being graded is not one yet."""
        return key_moments(
            (d, g) for d in self.decisions(hand_number) if (g := self._real_grade(d)) is not None
        )

    def _real_grade(self, decision: DecisionT) -> Any:
        """A decision's grade; None while it is being graded, or for a forced one (no choice to grade)."""
        return None if decision.forced else self.grade_of(decision)

    def swings(self, hand_number: int) -> list[tuple[DecisionT, Swing]]:
        """The luck that followed each graded decision of a finished hand (:func:`~euchre_tutor.advisor.luck.swings`:
        they sum to the hand's ``rest``); empty while the hand goes on or a decision is still being graded."""
        log = next((h for h in self.controller.hand_logs() if h.number == hand_number), None)
        points = None if log is None else self._hand_points(log)
        return self._swings(self.decisions(hand_number), points, self.hint_of)

    def _swings(
        self,
        decisions: list[DecisionT],
        points: int | None,
        hint_of: Callable[[DecisionT], Any],
        value: Callable[[Any], Any] = lambda hint: float(hint.best.ev),
        loss: Callable[[Any], Any] = lambda grade: float(grade.loss),
    ) -> list[tuple[DecisionT, Swing]]:
        """The swings of a hand's decisions (``points``: its result, None while it goes on), valued by
        each decision's analysis (``hint_of``, ``value``) and grade (``loss``); empty while any is graded."""
        if points is None:
            return []
        graded: list[tuple[DecisionT, Any, Any]] = []
        for d in decisions:
            if d.forced:
                continue
            grade, hint = self.grade_of(d), hint_of(d)
            if grade is None or hint is None:
                return []
            graded.append((d, value(hint), loss(grade)))
        found = swings([v for _, v, _ in graded], [x for _, _, x in graded], points=points)
        return [(d, s) for (d, _, _), s in zip(graded, found, strict=True)]

    def _side(self) -> int:
        """The student's side's place in a hand log's ``points``: at a partnership table, their seat's team."""
        return int(cast(Any, self.controller).seat.team.index)

    def _hand_points(self, log: Any) -> int | None:
        """A finished hand's points for the student: their side's minus the best other side's."""
        if not log.finished or log.points is None:
            return None
        team = self._side()
        others = [p for i, p in enumerate(log.points) if i != team]
        return int(log.points[team] - max(others))

    def retry(self, decision: DecisionT, action: Any) -> Retry:
        """Answer a past decision again, with the hint hidden: the new answer is graded against the very
        analysis the first one was (the same sampled deals, so the two grades compare), and kept in
        :attr:`retries`; the table is not touched. Refuses an answer that was not legal there, a forced
        decision, or a decision not graded yet, saying why."""
        try:
            act = self._parse_action(action)
        except EuchreError as error:
            raise EuchreError(f"{error}: answer with one of the legal actions") from None
        if decision.forced:
            raise EuchreError(
                f"{decision.label} was your only legal choice at that moment: there is nothing to answer again"
            )
        if act not in decision.view.legal:
            choices = ", ".join(self._label(a, decision.view) for a in decision.view.legal)
            label = self._label(act, decision.view)
            raise EuchreError(f"{label} was not legal at that moment: the legal choices were {choices}")
        hint = self.hint_of(decision)
        grade = None if hint is None else self._grade(hint, act)
        if grade is None:
            raise EuchreError(self.NOT_GRADED)
        done = Retry(decision, act, grade)
        self.retries.append(done)
        self._emit("analysis")
        return done

    def recorded_grades(self) -> dict[str, Any]:
        """The grades of the student's decisions so far, as a save carries them for the class report
        (:func:`~euchre_tutor.session.learning.recorded_grades` reads them instead of grading again): per
        graded decision with a real choice, its place in the game, the action, the label, the expected
        points lost, the best action, the best one's value and the rule ids of the reasons."""
        out = []
        for d in self.decisions():
            grade, hint = self._real_grade(d), self.hint_of(d)
            if grade is None or hint is None:
                continue
            out.append(
                {
                    "index": d.index,
                    "action": str(d.action),
                    "label": grade.label,
                    "loss": round(float(self._loss(grade)), 6),
                    "best": str(hint.best.action),
                    "best_ev": round(float(hint.best.ev), 6),
                    "rules": list(dict.fromkeys(r.rule for r in hint.reasons)),
                }
            )
        return {**self._grades_header(), "decisions": out}

    def save_text(self) -> str:
        """The match as a save file, with the table's grades of the student's decisions (see
        :meth:`recorded_grades`): loading it replays the match; the class report reads the grades."""
        game = self.controller.game.to_json()
        return json.dumps({**game, "grades": self.recorded_grades()}, ensure_ascii=False, indent=1)

    # ----------------------------------------------------------------- switches

    def set_grading(self, on: bool) -> None:
        self.grading = on
        self._request()
        self._emit("options")

    def set_show_hint(self, on: bool) -> None:
        self.show_hint = on and self.hint_allowed
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
            self._match, self._kept_at = secrets.token_hex(8), None
        if c.my_turn:
            position = c.game.position
            turn = self._turns.get(position)
            if turn is None or turn.view != c.view:
                self._turns[position] = self._new_turn()
            self._request()
        elif self.look_ahead:
            self._look_ahead()
        self._on_state()
        self._after_change()

    def _request(self) -> None:
        turn = self.current_turn
        if not self.wanted or turn is None or turn.key is None:
            return
        if turn.key in self.hints or turn.key in self.errors:
            return
        self._submit(self._hint_request(turn.key, turn))

    def _look_ahead(self) -> None:
        """Start the hint of the student's next decision in the background once it is known before the
        turn (the controller's ``ahead``: the next hand's first decision while the student reads the hand
        just played), so that it is ready when the turn comes; a hint waited for goes first."""
        ahead = getattr(self.controller, "ahead", None)
        if not self.wanted or not self.hint_allowed or ahead is None:
            return
        found = ahead()
        if found is None:
            return
        real = self.controller
        self.controller = found  # the game names and poses a turn from what its controller holds
        try:
            turn = self._new_turn()
        finally:
            self.controller = real
        if turn.key is not None and turn.key not in self.hints and turn.key not in self.errors:
            self._submit(Background(self._hint_request(turn.key, turn)))

    def _submit(self, request: Any) -> None:
        if self._source is None:
            return
        if self.analyst is None:
            self.analyst = Analyst(self._source, self._on_message, self._runner)
        self.analyst.submit(request)

    def _on_message(self, message: Message) -> None:
        before = self.progress.get(message[1], (0, 0))[0]
        kind = file_message(message, self.hints, self.errors, self.progress)
        if kind == "progress" and self._quiet(message, before):
            return
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
        self._keep_game(decisions)

    def _record_drills(self, decisions: list[DecisionT]) -> None:
        """Every decision graded Mistake or Blunder becomes a drill of :attr:`drills` (once): its position
        as the game's ``analyze`` reads it, so the Practice page's advisor grades a new answer; with a
        :attr:`store`, the student's deck there gets them too."""
        added: list[Drill] = []
        for d in decisions:
            grade, hint = self._real_grade(d), self.hint_of(d)
            if grade is None or hint is None or grade.label not in MISTAKE_LABELS:
                continue
            if self._drill_ident(d) in self._drilled:
                continue
            position, more = self._drill(d)
            drill = self.drills.add_graded(
                self.GAME_NAME,
                position,
                answer=str(d.action),
                label=grade.label,
                best=str(hint.best.action),
                **more,
            )
            added.append(drill)
            self._drilled.add(self._drill_ident(d))
        if added:
            self._keep(added)

    def keep_drills(self, store: DrillStore, student: str) -> None:
        """Keep the drills in ``store`` under ``student``'s name as well (the class's store: Practice
        finds them there at once, due at once)."""
        self.store, self.student = store, student

    def keep_in_class(self, store: DrillStore, student: str) -> None:
        """Keep the drills (:meth:`keep_drills`) and, after each hand, the match so far with its grades
        in ``store`` under ``student``'s name: one game per match, replaced as it goes on, its drills
        marked as kept already. A seat at a shared table keeps only its drills (the table service keeps
        the match, which this kernel does not hold)."""
        self.keep_drills(store, student)
        self.keep_games = not self.controller.remote
        self._kept_at = None
        self._after_change()

    def _keep(self, added: list[Drill]) -> None:
        if self.store is None or not self.student:
            return
        try:
            self.store.add_drills(self.student, added)
            self.store_error = ""
        except (EuchreError, OSError) as exc:  # the class's store says its database's errors as EuchreError
            self.store_error = f"The class server could not keep your drills: {exc}"

    def _keep_game(self, decisions: list[DecisionT]) -> None:
        """With :attr:`keep_games`: the match in the store once a hand is over, and again when a hand's
        grade arrives later (the save carries the grades the report reads)."""
        if not self.keep_games or self.store is None or not self.student:
            return
        over = tuple(sorted(log.number for log in self.controller.hand_logs() if log.finished))
        if not over:
            return
        mine = [d for d in decisions if d.hand_number in over and not d.forced]
        graded = [d for d in mine if self._real_grade(d) is not None]
        if self._kept_at == (over, len(graded)):
            return
        try:  # drilled: every real decision was graded here, so its drills went to the deck as it was
            save = self.save_text()
            self.store.put_game(self.student, save, match=self._match, drilled=len(graded) == len(mine))
            self._kept_at = (over, len(graded))
        except (EuchreError, OSError) as exc:
            self.store_error = f"The class server could not keep your game: {exc}"

    def _record_stats(self, decisions: list[DecisionT]) -> None:
        """Feed the session statistics every hand's graded decisions and, once over, its result.

        A hand's points are the student's side's minus the best other side's; "the best play" is the
        value the advisor gave the best choice at the student's first graded decision of the hand.
        """
        by_hand: dict[int, list[DecisionT]] = {}
        for d in decisions:  # once for the match, not once per hand
            by_hand.setdefault(d.hand_number, []).append(d)
        for log in self.controller.hand_logs():
            graded: list[GradedDecision] = []
            best = None  # the best option's value at the first decision with an analysis
            for d in by_hand.get(log.number, []):
                g, hint = self._real_grade(d), self.hint_of(d)
                if g is None:
                    continue
                graded.append(GradedDecision(d.label, g.label, float(g.loss), self._units(hint)))
                if best is None and hint is not None:
                    best = self._value(hint)
            self.stats.update_deal(
                self.GAME_NAME,
                self._stats_key(log),
                graded,
                points=self._hand_points(log),
                best=self._hand_best(log, best),
                baseline=self._baseline(log),
            )

    def wait_for_analysis(self, timeout: float = 120.0) -> bool:
        """Block until every requested analysis has arrived (tests and benchmarks)."""
        return self.analyst is None or self.analyst.wait(timeout)

    def close(self) -> None:
        if self.analyst is not None:
            self.analyst.close()
