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

from euchre_tutor.bid import Action
from euchre_tutor.session.analysis import AnalysisSource, Analyst, Message, file_message
from euchre_tutor.session.bid_controller import BidController, action_label
from euchre_tutor.session.observing import Observable
from euchre_tutor.views.bid import SeatView

__all__ = [
    "DEFAULT_BID_SOURCE",
    "BidDecision",
    "BidHintRequest",
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
    """One option of an analysis: its action, value and what it loses against the best (paired)."""

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
    """The student's view, with the sampling seed and the number of sampled deals."""

    key: tuple[Any, ...]
    view: SeatView
    worlds: int = 200
    seed: int = 0


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


class BidTutor(Observable):
    """Hints and grades for the student of ``controller``.

    ``source``: the hint source (``"module:factory"`` for the worker process, an object with
    ``analyse`` for ``runner="inline"``, None: no hints). Turns are analysed while the hint is
    shown (``show_hint``) or the play is graded (``grading``); the worker starts the first time
    either is on. ``worlds``: sampled deals per analysis. ``grader(analysis, action)``: the grade of a
    decision (None: the Bid advisor's ``bid_grade``, imported when first used).
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
    ) -> None:
        super().__init__()
        self.controller = controller
        self._grader = grader
        self.worlds = worlds
        self.grading = grading
        self.show_hint = show_hint
        self.hints: dict[tuple[Any, ...], Any] = {}
        self.errors: dict[tuple[Any, ...], str] = {}
        self.progress: dict[tuple[Any, ...], tuple[int, int]] = {}
        self._turns: dict[int, tuple[tuple[Any, ...] | None, SeatView, int]] = {}
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
        return None if turn is None else turn[0]

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

    def decisions(self) -> list[BidDecision]:
        """The student's decisions so far in this match, in order."""
        c = self.controller
        actions = c.game.actions
        out = []
        for i in c.decision_positions():
            turn = self._turns.get(i)
            if turn is None:
                continue
            key, view, hand_number = turn
            action = actions[i]
            out.append(BidDecision(i, hand_number, action, action_label(action), view, key))
        return out

    def grade_of(self, decision: BidDecision) -> GradeLike | None:
        """The decision's grade; None while its analysis runs (or when hints are off)."""
        if decision.key is None:
            return _ONLY_CHOICE
        hint = self.hints.get(decision.key)
        if hint is None:
            return None
        if self._grader is None:
            from euchre_tutor.session.bid_advice import grade  # the advisor, imported where it is used

            self._grader = grade
        return self._grader(hint, decision.action)

    def hint_of(self, decision: BidDecision) -> AnalysisLike | None:
        found: AnalysisLike | None = None if decision.key is None else self.hints.get(decision.key)
        return found

    def last_decision(self) -> BidDecision | None:
        found = [d for d in self.decisions() if not d.forced]
        return found[-1] if found else None

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
            if turn is None or turn[1] != view:
                key = None if self.forced is not None else ("bid", self.seed, self.worlds, view)
                self._turns[position] = (key, view, c.state.hand_number)
            self._request()

    def _request(self) -> None:
        key = self.current_key
        if not self.wanted or key is None or key in self.hints or key in self.errors:
            return
        if self._source is None:  # pragma: no cover - wanted needs a source
            return
        if self.analyst is None:
            self.analyst = Analyst(self._source, self._on_message, self._runner)
        self.analyst.submit(BidHintRequest(key, key[3], self.worlds, self.seed))

    def _on_message(self, message: Message) -> None:
        file_message(message, self.hints, self.errors, self.progress)
        self._emit("analysis")

    def wait_for_analysis(self, timeout: float = 120.0) -> bool:
        """Block until every requested analysis has arrived (tests and benchmarks)."""
        return self.analyst is None or self.analyst.wait(timeout)

    def close(self) -> None:
        if self.analyst is not None:
            self.analyst.close()
