"""The class report of the class's own students: every game kept in the class's store, graded by name.

:func:`store_report` grades each game the class's store keeps (:mod:`euchre_tutor.session.class_store`:
the shared tables' matches and the one-person tables' games, each under the student's name) as
``euchre-tutor report`` grades a saved file, and sums the class up (:func:`~euchre_tutor.session.
class_report.class_report`). A game that cannot be graded is named by its student and number, never by
a file; nothing outside the store is read. :func:`by_student` puts each student's games together, in
alphabetical order. No widget library here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from euchre_tutor.errors import EuchreError
from euchre_tutor.session.class_report import ClassReport, StudentReport, class_report, summarise
from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.learning import grade_saved_text

__all__ = ["StudentGames", "by_student", "store_report"]


def store_report(
    store: ClassStore,
    *,
    quick: bool = True,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
) -> ClassReport:
    """Every stored game of every student graded (``quick``: a sampled decision on one fixed sample,
    as ``euchre-tutor report --quick``; a save carrying its table's grades is read, not graded again).
    ``progress(name)`` is told of each student before their games are graded."""
    start = time.monotonic()
    students: list[StudentReport] = []
    errors: list[tuple[str, str]] = []
    for name in store.students():
        if progress is not None:
            progress(name)
        for number, game in enumerate(store.games(name), 1):
            where = f"{name}'s game {number}"
            try:
                graded = grade_saved_text(game.save, name=name, seed=seed, quick=quick)
            except EuchreError as error:
                errors.append((where, str(error)))
                continue
            students.append(summarise(where, graded))
    return class_report(students, errors, time.monotonic() - start)


@dataclass(frozen=True, slots=True)
class StudentGames:
    """One student's graded games, and what they add up to."""

    name: str
    games: tuple[StudentReport, ...]

    @property
    def hands(self) -> int:
        return sum(g.hands for g in self.games)

    @property
    def decisions(self) -> int:
        return sum(g.decisions for g in self.games)

    @property
    def mistakes(self) -> dict[str, int]:
        """Their Mistakes and Blunders counted by rule id, most first."""
        count: dict[str, int] = {}
        for g in self.games:
            for rule_id, n in g.mistakes_by_rule.items():
                count[rule_id] = count.get(rule_id, 0) + n
        return dict(sorted(count.items(), key=lambda kv: -kv[1]))


def by_student(report: ClassReport) -> list[StudentGames]:
    """The report's games put together by student (the same name in any case is one student)."""
    found: dict[str, list[StudentReport]] = {}
    names: dict[str, str] = {}
    for s in report.students:
        key = s.graded.name.casefold()
        names.setdefault(key, s.graded.name)
        found.setdefault(key, []).append(s)
    return [StudentGames(names[k], tuple(found[k])) for k in sorted(found)]
