"""``euchre-tutor report SAVE... [--out FILE]``: one HTML report of a class's saved games, for the teacher.

Each file a student saved (either game: the tables' **Save** writes them) is graded by the advisor
after the fact (:mod:`euchre_tutor.session.learning`: seeded, so the same files give the same
report), then summed up per student (:mod:`euchre_tutor.session.class_report`, which a table's
**Download report** shares) with :mod:`euchre_tutor.advisor.luck` and
:mod:`euchre_tutor.advisor.rating`: the hands played, the error rate and its band, the luck of the
cards against what the decisions cost, the worst decisions with their positions, and for the class
the mistakes grouped by the rule the advisor's reasons cite (which rules the class gets wrong).

The report is one self-contained HTML file (styles inline, no script, no external asset): it opens
from a USB stick or an e-mail with no server. A file that cannot be read is named in the report and
on stderr with what is wrong with it, and the batch goes on; the command fails (status 2) only when
no file at all could be graded.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import error_text, fail
from euchre_tutor.session.class_report import (
    ClassReport,
    StudentReport,
    class_report,
    report_html,
    summarise,
)
from euchre_tutor.session.learning import GradedGame, add_grading_arguments, grade_saved_file, level_problem

__all__ = ["ClassReport", "StudentReport", "build_report", "register", "report_html", "summarise"]


def _grade_one(job: tuple[str, str | None, str | None, int, bool, bool]) -> tuple[str, GradedGame | str]:
    path, seat, level, seed, quick, regrade = job
    try:
        return path, grade_saved_file(path, seat=seat, level=level, seed=seed, quick=quick, regrade=regrade)
    except EuchreError as error:
        return path, str(error)


def build_report(
    paths: Sequence[str | Path],
    *,
    seat: str | None = None,
    level: str | None = None,
    seed: int = 0,
    jobs: int = 1,
    quick: bool = False,
    regrade: bool = False,
    progress: Callable[[str], None] | None = None,
) -> ClassReport:
    """Grade every file (on ``jobs`` processes) and sum them up; bad files are kept as errors.

    ``quick``: sampled decisions on one fixed sample each; ``level`` None: each game's table's; the grades
    a table wrote into a save are used as they are, unless ``regrade`` (see :func:`grade_saved_file`)."""
    start = time.perf_counter()
    work = [(str(p), seat, level, seed, quick, regrade) for p in paths]
    if jobs > 1 and len(work) > 1:
        with ProcessPoolExecutor(min(jobs, len(work)), mp_context=get_context("fork")) as pool:
            results = list(pool.map(_grade_one, work))
    else:
        results = [_grade_one(w) for w in work]
    students: list[StudentReport] = []
    errors: list[tuple[str, str]] = []
    for path, result in results:
        name = Path(path).name
        if isinstance(result, str):
            errors.append((name, result))
            if progress is not None:
                progress(f"{name}: {result}")
        else:
            students.append(summarise(name, result))
    return class_report(students, errors, time.perf_counter() - start)


# --------------------------------------------------------------------------- the command


def _run(args: argparse.Namespace) -> int:
    jobs = args.jobs if args.jobs is not None else max(1, min(len(args.saves), os.cpu_count() or 1))
    if jobs < 1:
        return fail(f"--jobs is how many processes grade at once: 1 or more, not {args.jobs}")
    problem = level_problem(args.level)
    if problem is not None:
        return fail(problem)

    def tell(line: str) -> None:
        print(f"error: {error_text(line, 290)}", file=sys.stderr)

    report = build_report(
        args.saves,
        seat=args.seat,
        level=args.level,
        seed=args.seed,
        jobs=jobs,
        quick=args.quick,
        regrade=args.regrade,
        progress=tell,
    )
    if not report.students:
        return fail("no saved game could be graded, so there is no report (see the errors above)")
    page = report_html(report, args.title)
    if args.out is None:
        sys.stdout.write(page)
    else:
        try:
            Path(args.out).write_text(page, encoding="utf-8")
        except OSError as error:
            return fail(f"cannot write the report to {args.out}: {error.strerror or error}")
        print(
            f"wrote {args.out}: {len(report.students)} student{'s' if len(report.students) != 1 else ''}, "
            f"{len(report.errors)} unreadable file{'s' if len(report.errors) != 1 else ''}, "
            f"{report.seconds:.1f} s"
        )
    return 0


def register(games: Any) -> None:
    """Add ``report`` to the ``euchre-tutor`` command line."""
    sp: argparse.ArgumentParser = games.add_parser(
        "report",
        help="one HTML report of students' saved games: error rates, luck, worst decisions, rules missed",
        description=(
            "Grade students' saved games (the files the tables' Save writes) with the "
            "advisor and write one self-contained HTML report for the teacher. The student's name is the "
            "file's name. A file that cannot be read is named with what is wrong, and the others still count."
        ),
    )
    sp.add_argument("saves", nargs="+", metavar="SAVE", help="saved game files (.json), one per student")
    sp.add_argument("--out", default=None, metavar="FILE", help="where to write the HTML (default: stdout)")
    sp.add_argument("--title", default="Class report", help="the report's title")
    add_grading_arguments(sp)
    sp.add_argument("--jobs", type=int, default=None, help="processes grading at once (default: the cores)")
    sp.add_argument(
        "--regrade",
        action="store_true",
        help="grade every decision again, even where the save carries the table's own grades",
    )
    sp.set_defaults(run=_run)
