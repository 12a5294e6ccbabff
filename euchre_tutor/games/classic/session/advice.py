"""The classic table's hint source: the classic advisor's analysis, as the panel shows it, run off the click path.

Runs in the analysis worker process (see :mod:`euchre_tutor.session.analysis`),
which imports no widget library: this module must not either. A request
carries the student's position as the ``euchre-tutor classic analyze`` input
(:func:`~euchre_tutor.games.classic.advisor.position.write_position`), so the hint
shown at the table is exactly what the command prints for the same position,
seed and worlds.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Final

from euchre_tutor.games.classic.advisor.analysis import DEFAULT_WORLDS, AnalysisRun, ClassicAnalysis
from euchre_tutor.games.classic.advisor.cli import position_run
from euchre_tutor.games.classic.bots import LEVELS, Player
from euchre_tutor.games.classic.engine.engine import Action
from euchre_tutor.games.classic.views import SeatView
from euchre_tutor.session.analysis import AnalysisSource, Progress

__all__ = [
    "ClassicAdvisorSource",
    "ClassicBotRequest",
    "ClassicBotSource",
    "ClassicHintRequest",
    "classic_advisor_source",
    "classic_bot_source",
]


@dataclass(frozen=True, slots=True)
class ClassicHintRequest:
    """The student's position as ``classic analyze`` reads it, with the sampling seed and worlds."""

    key: tuple[Any, ...]
    position: dict[str, Any]
    worlds: int = DEFAULT_WORLDS
    seed: int = 0
    table: str = "club"  # the level seated: "classic analyze --table"
    focus: str | None = None  # an action taken: refine its grade (more deals, until it holds)

    @property
    def priority(self) -> int:
        """A hint the student waits for (0) goes before a grade refined in the background (1)."""
        return 0 if self.focus is None else 1


#: the analysis runs the worker keeps (the latest ones): a grade refined after the move goes on with its
#: turn's hint, and a refinement stopped for a more urgent hint goes on later from where it stopped (a
#: finished refinement's run is let go at once: it may hold tens of thousands of deals' figures)
RUNS_KEPT: Final = 6


class ClassicAdvisorSource:
    """Hints for any position of the classic table: ``classic analyze --table LEVEL`` run in the worker."""

    def __init__(self) -> None:
        self.models = {name: level.model() for name, level in LEVELS.items()}
        self.runs: OrderedDict[tuple[Any, ...], AnalysisRun] = OrderedDict()

    def analyse(self, request: ClassicHintRequest, progress: Progress) -> ClassicAnalysis:
        progress(0, 0)  # the deals are added batch by batch: each batch reports (a worker may stop it there)
        ident = (json.dumps(request.position, sort_keys=True), request.worlds, request.seed, request.table)
        focus = None if request.focus is None else Action.parse(request.focus)
        run = self.runs.pop(ident, None)
        if run is None or (focus is None and run.focused):
            # a hint is the same whatever was refined before: a run that went on for a grade is not reused
            # ranked by points, whatever the score: the table's metric selector shows P(win the game)
            run, _ = position_run(
                request.position,
                self.models[request.table],
                worlds=request.worlds,
                seed=request.seed,
                mode="points",
                table=request.table,  # the points this table scores (its measured calibration)
            )
        self.runs[ident] = run  # the latest last: kept while it may be asked again
        while len(self.runs) > RUNS_KEPT:
            self.runs.popitem(last=False)
        analysis = run.answer(focus, on_batch=progress)
        if focus is not None:  # a grade refined to the end: its run (up to tens of thousands of deals) goes
            self.runs.pop(ident, None)
        return analysis


def classic_advisor_source() -> AnalysisSource:
    return ClassicAdvisorSource()


@dataclass(frozen=True, slots=True)
class ClassicBotRequest:
    """A computer player's decision, thought about in the worker: the player itself and its seat's view.

    The player travels with the request, so the worker's choice is the one the table would have made
    (an :class:`~euchre_tutor.games.classic.bots.ExpertPlayer` gives the same choice for the same seed and view).
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
