"""A student's session as the class report: what a table's **Download report** builds.

The session is the games feeding one :class:`~euchre_tutor.advisor.session.SessionStats` (a table's
own, or one several tables share): the current classic or Bid Euchre match of every table whose
tutor feeds it, and the current Solitaire game of every Solitaire table that feeds it (the
controllers and tutors are found through :mod:`euchre_tutor.session.tables`). Each is graded as ``euchre-tutor report`` grades a
saved file and summed up by :mod:`euchre_tutor.session.class_report`, so the page is the same one
the teacher's command writes, with one row per game.

What is used, so that a click does not wait for long:

* classic: the **table's own grades** wherever the tutor holds them (the grade the table showed, by
  the turn's hint, or its refined analysis when the grade needed refining). A decision the table did
  not grade (hints and grading were off, or its analysis or refinement is still running) is graded
  now on one fixed sample of 200 deals (``grade_saved_file``'s ``quick``: a few hundredths of a second
  a decision), seeded as the table's analyses are;
* Bid Euchre: likewise the **table's own grades**; a decision it did not grade is graded now as its
  hint would have been (the same sampled deals and seed: about half a second a decision);
* Solitaire: every decision is graded again, exactly (:func:`~euchre_tutor.session.learning.grade_solitaire`):
  the grades are the table's (both are exact) and a deal takes about a tenth of a second.

Only finished hands (deals) are reported, as the command does. Building reads the games and never
changes them: the classic match is replayed from a copy of its start.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.games.bid.engine.game import BidGame
from euchre_tutor.games.bid.session.controller import BidController
from euchre_tutor.games.bid.session.tutor import BidTutor
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.classic.session.tutor import ClassicTutor, analysis_seed
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor
from euchre_tutor.session.class_report import ClassReport, class_report, report_html, summarise
from euchre_tutor.session.games import game_specs
from euchre_tutor.session.learning import (
    GradedGame,
    grade_bid,
    grade_classic,
    recorded_grades,
)
from euchre_tutor.session.tables import live

__all__ = [
    "SessionReport",
    "build_session_report",
    "grade_bid_table",
    "grade_classic_table",
    "session_tables",
]

Table = (
    tuple[ClassicController, ClassicTutor | None]
    | tuple[SolitaireController, SolitaireTutor]
    | tuple[BidController, BidTutor]
)


@dataclass(frozen=True, slots=True)
class SessionReport:
    """The session's report: the figures, the page, a file name, and where the grades came from."""

    report: ClassReport
    html: str
    filename: str
    table_grades: int  # classic and Bid decisions whose grade is the table's own
    graded_now: int  # decisions graded while building (classic on one sample, Solitaire exactly)

    @property
    def hands(self) -> int:
        return sum(s.hands for s in self.report.students)


def tutor_of(controller: ClassicController) -> ClassicTutor | None:
    """The tutor that grades a classic table, if any."""
    found = None
    for table in live():  # a tutor tracks itself when it is made (the latest one wins)
        if isinstance(table, ClassicTutor) and table.controller is controller:
            found = table
    return found


def session_tables(stats: SessionStats) -> list[Table]:
    """The tables of this kernel that feed ``stats``, oldest first, with the classic and Bid ones' tutors
    (a Bid table is found by its tutor, which holds its statistics): each game's descriptor finds its
    own (:attr:`~euchre_tutor.session.games.GameSpec.table_of`)."""
    specs = game_specs()
    out: list[Table] = []
    for table in live():
        found = next((t for spec in specs if (t := spec.table_of(table, stats)) is not None), None)
        if found is not None:
            out.append(found)
    return out


def grade_classic_table(
    controller: ClassicController, tutor: ClassicTutor | None = None, *, name: str = "Student"
) -> tuple[GradedGame, int, int]:
    """The student's graded match, as :func:`~euchre_tutor.session.learning.grade_classic` grades a
    save, with the tutor's own grades where it holds them (its :meth:`ClassicTutor.recorded_grades`,
    as a save carries them); the others on one fixed sample each (``quick``). Also how many decisions
    took the table's grade and how many were graded now."""
    level = tutor.table if tutor is not None else "club"
    seed = tutor.seed if tutor is not None else analysis_seed(controller.seed)
    recorded = None
    if tutor is not None and tutor.controller is controller:
        recorded = recorded_grades({"grades": tutor.recorded_grades()})
    game = ClassicGame.from_json(controller.game.to_json())  # a copy: grading never touches the table
    graded = grade_classic(
        game, name=name, seat=controller.seat, level=level, seed=seed, quick=True, recorded=recorded
    )
    held = {} if recorded is None else recorded[1]
    finished = {h.number for h in graded.hands}  # the report holds finished hands only
    from_table = (
        0
        if tutor is None
        else sum(
            1
            for d in tutor.decisions()
            if d.hand_number in finished and d.index in held and held[d.index].action == str(d.action)
        )
    )
    moves = sum(len(h.moves) for h in graded.hands)
    return graded, from_table, moves - from_table


def grade_bid_table(
    controller: BidController, tutor: BidTutor, *, name: str = "Student"
) -> tuple[GradedGame, int, int]:
    """The student's graded Bid Euchre match, as :func:`~euchre_tutor.session.learning.grade_bid` grades
    a save, with the tutor's own grades where it holds them and the others graded now on the tutor's
    deals and seed; also how many decisions took the table's grade and how many were graded now."""
    recorded = recorded_grades({"grades": tutor.recorded_grades()}, leveled=False)
    held = {} if recorded is None or tutor.controller is not controller else recorded[1]
    game = BidGame.from_json(controller.game.to_json())  # a copy: grading never touches the table
    graded = grade_bid(game, name=name, seed=tutor.seed, worlds=tutor.worlds, recorded=held)
    finished = {h.number for h in graded.hands}
    from_table = sum(1 for d in tutor.decisions() if d.index in held and d.hand_number in finished)
    moves = sum(len(h.moves) for h in graded.hands)
    return graded, from_table, moves - from_table


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40]


def build_session_report(
    stats: SessionStats,
    *,
    name: str = "",
    tables: list[Table] | None = None,
    now: datetime | None = None,
) -> SessionReport | None:
    """The report of the session ``stats`` keeps (its tables found as :func:`session_tables` does,
    unless given); None when no hand or deal is finished yet. ``name``: the student's, on the page and
    in the file's name."""
    start = time.perf_counter()
    who = name.strip() or "Student"
    students = []
    table_grades = graded_now = 0
    specs = game_specs()
    for controller, tutor in tables if tables is not None else session_tables(stats):
        spec = next(s for s in specs if s.owns(controller))
        graded, held, now_graded = spec.grade_table(controller, tutor, name=who)
        table_grades += held
        graded_now += now_graded
        source = spec.source(controller)
        if graded.hands:
            students.append(summarise(source, graded))
    if not students:
        return None
    report = class_report(students, (), time.perf_counter() - start)
    when = (now or datetime.now(UTC)).astimezone(UTC)
    title = (
        f"{who}'s session, {when:%Y-%m-%d %H:%M} UTC"
        if name.strip()
        else f"Session report, {when:%Y-%m-%d %H:%M} UTC"
    )
    parts = ["euchre-report", _slug(name), f"{when:%Y%m%d-%H%M}"]
    filename = "-".join(p for p in parts if p) + ".html"
    return SessionReport(report, report_html(report, title), filename, table_grades, graded_now)
