"""A student's session as the class report: what a table's **Download report** builds.

The session is the games feeding one :class:`~euchre_tutor.advisor.session.SessionStats` (a table's
own, or one several tables share): the current match or game of every table whose tutor feeds it (each
registered game finds its own tables, :attr:`~euchre_tutor.rules.games.Game.table_of`, among
those of :mod:`euchre_tutor.session.tables`). Each is graded by its game
(:attr:`~euchre_tutor.rules.games.Game.grade_table`), as ``euchre-tutor report`` grades a saved
file, and summed up by :mod:`euchre_tutor.session.class_report`, so the page is the same one the
teacher's command writes, with one row per game.

So that a click does not wait for long, a game uses the **table's own grades** wherever its tutor holds
them and grades the rest quickly (a sampling game on one fixed sample, an exact one exactly); see each
game's ``session/grading.py``. Only finished hands (deals) are reported, as the command does. Building
reads the games and never changes them: a match is replayed from a copy of its start.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.rules.games import all_games
from euchre_tutor.session.class_report import ClassReport, class_report, report_html, summarise
from euchre_tutor.session.tables import live

__all__ = ["SessionReport", "Table", "build_session_report", "session_tables"]

#: a live table: its controller and the tutor that grades it (None: none does)
Table = tuple[Any, Any]


@dataclass(frozen=True, slots=True)
class SessionReport:
    """The session's report: the figures, the page, a file name, and where the grades came from."""

    report: ClassReport
    html: str
    filename: str
    table_grades: int  # decisions whose grade is the table's own
    graded_now: int  # decisions graded while building

    @property
    def hands(self) -> int:
        return sum(s.hands for s in self.report.students)


def session_tables(stats: SessionStats) -> list[Table]:
    """The tables of this kernel that feed ``stats``, oldest first, with their tutors: each game finds
    its own (:attr:`~euchre_tutor.rules.games.Game.table_of`)."""
    games = all_games()
    out: list[Table] = []
    for table in live():
        found = next((t for game in games if (t := game.table_of(table, stats)) is not None), None)
        if found is not None:
            out.append(found)
    return out


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
    games = all_games()
    for controller, tutor in tables if tables is not None else session_tables(stats):
        game = next(g for g in games if g.owns(controller))
        graded, held, now_graded = game.grade_table(controller, tutor, name=who)
        table_grades += held
        graded_now += now_graded
        source = game.source(controller)
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
