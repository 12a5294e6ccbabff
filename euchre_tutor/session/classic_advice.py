"""The classic table's hint source: the classic advisor, as display data, run off the click path.

Runs in the analysis worker process (see :mod:`euchre_tutor.session.analysis`),
which imports no widget library: this module must not either. A request
carries the student's position as the ``euchre-tutor classic analyze`` input
(:func:`~euchre_tutor.advisor.classic.position.write_position`), so the hint
shown at the table is exactly what the command prints for the same position,
seed and worlds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from euchre_tutor.advisor.classic.analysis import DEFAULT_WORLDS, ClassicAnalysis
from euchre_tutor.advisor.classic.cli import analyse_position
from euchre_tutor.advisor.shared import THRESHOLDS, Reason, grade_label
from euchre_tutor.bots.classic import Player, RuleBasedPlayer
from euchre_tutor.classic.engine import Action
from euchre_tutor.session.analysis import AnalysisSource, Progress
from euchre_tutor.views.classic import SeatView

__all__ = [
    "ClassicAdvisorSource",
    "ClassicBotRequest",
    "ClassicBotSource",
    "ClassicGrade",
    "ClassicHint",
    "ClassicHintRequest",
    "ClassicOptionValue",
    "classic_advisor_source",
    "classic_bot_source",
    "grade_scale",
    "hint_from_classic",
]


@dataclass(frozen=True, slots=True)
class ClassicHintRequest:
    """The student's position as ``classic analyze`` reads it, with the sampling seed and worlds."""

    key: tuple[Any, ...]
    position: dict[str, Any]
    worlds: int = DEFAULT_WORLDS
    seed: int = 0


@dataclass(frozen=True, slots=True)
class ClassicOptionValue:
    """One legal action's sampled values (the advisor's :class:`ClassicOption`, picklable)."""

    action: Action
    ev: float
    se: float
    p_make: float
    p_euchred: float
    p_march: float
    makers: str
    p_win_game: float | None = None


@dataclass(frozen=True, slots=True)
class ClassicGrade:
    """How many expected points a decision lost against the best one, with its label."""

    label: str
    loss: float
    text: str


@dataclass(frozen=True, slots=True)
class ClassicHint:
    """The analysis of one decision: options best first, the reasons, the CLI's JSON."""

    options: tuple[ClassicOptionValue, ...]
    reasons: tuple[Reason, ...]
    method: str
    worlds: int
    data: dict[str, Any] = field(default_factory=dict)  # exactly ``analyse(...).to_json()``

    @property
    def best(self) -> ClassicOptionValue:
        return self.options[0]

    def option(self, action: Action) -> ClassicOptionValue | None:
        for o in self.options:
            if o.action == action:
                return o
        return None

    def grade(self, action: Action) -> ClassicGrade | None:
        """The label of ``action`` by expected points lost (the scale of :func:`grade_scale`)."""
        mine = self.option(action)
        if mine is None:
            return None
        best = self.best
        loss = max(0.0, best.ev - mine.ev)
        if mine is best or loss == 0:
            return ClassicGrade("Best", 0.0, f"the best choice: {mine.ev:+.2f} points on average.")
        label = grade_label(Fraction(loss).limit_denominator(10_000), "points")
        return ClassicGrade(
            label,
            loss,
            f"{best.action} was best ({best.ev:+.2f} points on average over {self.worlds} sampled deals); "
            f"{action} scores {mine.ev:+.2f}, {loss:.2f} less.",
        )


def grade_scale() -> str:
    """The grading thresholds in words (shared with Solitaire: :data:`~euchre_tutor.advisor.shared.THRESHOLDS`)."""
    limits = THRESHOLDS["points"]
    parts = ["Best: no loss"]
    low = 0.0
    for limit, name in limits:
        parts.append(
            f"{name}: under {float(limit):g}" if low == 0 else f"{name}: {low:g} to {float(limit):g}"
        )
        low = float(limit)
    parts.append(f"Blunder: {low:g} or more")
    return "; ".join(parts) + " expected points lost against the best action"


def hint_from_classic(analysis: ClassicAnalysis) -> ClassicHint:
    options = tuple(
        ClassicOptionValue(o.action, o.ev, o.se, o.p_make, o.p_euchred, o.p_march, o.makers, o.p_win_game)
        for o in analysis.options
    )
    return ClassicHint(options, analysis.reasons, analysis.method, analysis.worlds, analysis.to_json())


class ClassicAdvisorSource:
    """Hints for any position of the classic table: ``classic analyze`` run in the worker."""

    def __init__(self) -> None:
        self.continuation = RuleBasedPlayer()

    def analyse(self, request: ClassicHintRequest, progress: Progress) -> ClassicHint:
        progress(0, 0)  # one pass over the sampled deals: no finer steps to report
        analysis = analyse_position(
            request.position, self.continuation, worlds=request.worlds, seed=request.seed
        )
        return hint_from_classic(analysis)


def classic_advisor_source() -> AnalysisSource:
    return ClassicAdvisorSource()


@dataclass(frozen=True, slots=True)
class ClassicBotRequest:
    """A computer player's decision, thought about in the worker: the player itself and its seat's view.

    The player travels with the request, so the worker's choice is the one the table would have made
    (an :class:`~euchre_tutor.bots.classic.ExpertPlayer` gives the same choice for the same seed and view).
    """

    key: tuple[Any, ...]
    player: Player
    view: SeatView


class ClassicBotSource:
    """The computer players' decisions at the classic table, off the click path (an action string)."""

    def analyse(self, request: ClassicBotRequest, progress: Progress) -> str:
        return str(request.player.choose(request.view))


def classic_bot_source() -> AnalysisSource:
    return ClassicBotSource()
