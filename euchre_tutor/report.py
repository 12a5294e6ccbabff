"""``euchre-tutor report SAVE... [--out FILE]``: one HTML report of a class's saved games, for the teacher.

Each file a student saved (either game: the tables' **Save** writes them) is graded by the advisor
after the fact (:mod:`euchre_tutor.session.learning`: seeded, so the same files give the same
report), then summed up per student with :mod:`euchre_tutor.advisor.luck` and
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
import html
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Final

from euchre_tutor.advisor.luck import LuckTotal, hand_luck, luck_sentence, total
from euchre_tutor.advisor.rating import (
    Band,
    band_of,
    classic_bands,
    error_rate,
    rating_sentence,
    solitaire_bands,
)
from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import error_text, fail
from euchre_tutor.rules.catalogue import rule
from euchre_tutor.session.learning import GradedGame, GradedMove, grade_saved_file

__all__ = ["ClassReport", "StudentReport", "build_report", "register", "report_html"]

_REST: Final = {"classic": "unseen cards, partner's and opponents' play", "solitaire": "the unseen cards"}
WORST: Final = 5  # the worst decisions shown per student
MISTAKES: Final = ("Mistake", "Blunder")


@dataclass(frozen=True, slots=True)
class StudentReport:
    """One saved game summed up."""

    source: str  # the file's name
    graded: GradedGame
    rate: float | None
    band: Band | None
    rating: str
    luck: LuckTotal
    luck_words: str
    worst: tuple[GradedMove, ...]
    mistakes_by_rule: dict[str, int]

    @property
    def hands(self) -> int:
        return len(self.graded.hands)

    @property
    def decisions(self) -> int:
        return sum(1 for h in self.graded.hands for m in h.moves if m.real_choice)


@dataclass(frozen=True, slots=True)
class ClassReport:
    """Every student's summary, the files that could not be read, and the class's mistakes by rule."""

    students: tuple[StudentReport, ...]
    errors: tuple[tuple[str, str], ...]  # (file, what is wrong)
    rules: tuple[tuple[str, int, tuple[str, ...]], ...]  # (rule id, mistakes, students), most first
    seconds: float = 0.0


def summarise(source: str, graded: GradedGame) -> StudentReport:
    """One student's figures from their graded game."""
    moves = [m for h in graded.hands for m in h.moves]
    real = [m for m in moves if m.real_choice]
    rate = error_rate(m.loss for m in real)
    bands = classic_bands() if graded.game == "classic" else solitaire_bands()
    band = None if rate is None else band_of(rate, bands)
    luck = total(
        hand_luck(
            h.number,
            points=h.points,
            expected=h.expected,
            baseline=h.baseline,
            losses=[m.loss for m in h.moves if m.real_choice],
            labels=[m.label for m in h.moves if m.real_choice],
        )
        for h in graded.hands
    )
    worst = sorted((m for m in real if m.label != "Best"), key=lambda m: -m.loss)[:WORST]
    by_rule: Counter[str] = Counter()
    for m in real:
        if m.label in MISTAKES:
            by_rule.update(m.rules or ("(no reason given)",))
    span = "match" if graded.game == "classic" else "game"
    return StudentReport(
        source,
        graded,
        rate,
        band,
        rating_sentence(rate, bands),
        luck,
        luck_sentence(luck, span),
        tuple(worst),
        dict(by_rule.most_common()),
    )


def _grade_one(job: tuple[str, str | None, str, int, bool]) -> tuple[str, GradedGame | str]:
    path, seat, level, seed, quick = job
    try:
        return path, grade_saved_file(path, seat=seat, level=level, seed=seed, quick=quick)
    except EuchreError as error:
        return path, str(error)


def build_report(
    paths: Sequence[str | Path],
    *,
    seat: str | None = None,
    level: str = "club",
    seed: int = 0,
    jobs: int = 1,
    quick: bool = False,
    progress: Callable[[str], None] | None = None,
) -> ClassReport:
    """Grade every file (on ``jobs`` processes) and sum them up; bad files are kept as errors.

    ``quick``: classic decisions on one fixed sample each (see :func:`grade_classic`)."""
    start = time.perf_counter()
    work = [(str(p), seat, level, seed, quick) for p in paths]
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
    who: defaultdict[str, set[str]] = defaultdict(set)
    count: Counter[str] = Counter()
    for s in students:
        for rule_id, n in s.mistakes_by_rule.items():
            count[rule_id] += n
            who[rule_id].add(s.graded.name)
    rules = tuple((r, n, tuple(sorted(who[r]))) for r, n in count.most_common())
    return ClassReport(tuple(students), tuple(errors), rules, time.perf_counter() - start)


# --------------------------------------------------------------------------- the HTML

_STYLE: Final = """
body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1b1b1b;max-width:70rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:2px solid #2e6b3f}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #bbb;padding:.3rem .5rem;text-align:left;
vertical-align:top}th{background:#e8f1ea}td.num{text-align:right;font-variant-numeric:tabular-nums}
.bar{display:inline-block;height:.8rem;background:#2e6b3f}.errors{color:#8a1c1c}
section.student{margin-bottom:1.5rem}.small{font-size:.9rem;color:#444}
"""


def _e(x: object) -> str:
    return html.escape(str(x), quote=True)


def _num(x: float | None, digits: int = 3) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def _rule_title(rule_id: str) -> str:
    try:
        return rule(rule_id).title
    except (KeyError, EuchreError, ValueError):
        return rule_id


def _student_id(i: int) -> str:
    return f"student-{i + 1}"


def report_html(report: ClassReport, title: str = "Class report") -> str:
    """The report as one self-contained HTML page (see the module doc)."""
    out: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
        f'<p class="small">{len(report.students)} saved game{"s" if len(report.students) != 1 else ""} graded by '
        "the advisor (every decision with a real choice, as the tables grade it). Error rate: the expected "
        "points lost per decision. Luck: what the cards gave against what the decisions cost "
        "(positive helped, negative cost).</p>",
    ]
    if report.errors:
        out.append('<h2>Files that could not be read</h2><ul class="errors" id="errors">')
        out += [f"<li><b>{_e(name)}</b>: {_e(error_text(msg, 400))}</li>" for name, msg in report.errors]
        out.append("</ul>")
    # the class at a glance
    out.append(
        '<h2>The class</h2><table id="class"><thead><tr><th>Student</th><th>Game</th><th>Hands</th>'
        "<th>Decisions</th><th>Error rate</th><th>Band</th><th>Points</th><th>Cards</th><th>Decisions cost</th>"
        "<th>Mistakes</th></tr></thead><tbody>"
    )
    top = max((s.rate or 0.0 for s in report.students), default=0.0) or 1.0
    for i, s in enumerate(report.students):
        bar = (
            ""
            if s.rate is None
            else f' <span class="bar" style="width:{max(1, round(80 * s.rate / top))}px"></span>'
        )
        out.append(
            f'<tr><td><a href="#{_student_id(i)}">{_e(s.graded.name)}</a></td><td>{_e(s.graded.game)}</td>'
            f'<td class="num">{s.hands}</td><td class="num">{s.decisions}</td>'
            f'<td class="num">{_num(s.rate)}{bar}</td><td>{_e(s.band.name if s.band else "—")}</td>'
            f'<td class="num">{_signed(float(s.luck.points))}</td><td class="num">{_signed(float(s.luck.cards))}</td>'
            f'<td class="num">{_signed(float(s.luck.skill))}</td><td class="num">{s.luck.mistakes}</td></tr>'
        )
    out.append("</tbody></table>")
    bands = classic_bands()
    if bands:
        out.append(
            '<p class="small" id="scale">The classic scale, measured: '
            + "; ".join(
                f"{_e(b.name)} {b.error_rate:.3f} ± {b.half_width:.3f} ({b.decisions:,} decisions)"
                for b in bands
            )
            + ". Solitaire has no measured populations: its rate is exact but has no bands.</p>"
        )
    # the rules the class gets wrong
    out.append("<h2>Which rules the class gets wrong</h2>")
    if report.rules:
        out.append(
            '<table id="rules"><thead><tr><th>Rule</th><th>Id</th><th>Mistakes</th><th>Students</th>'
            "</tr></thead><tbody>"
        )
        for rule_id, n, names in report.rules:
            out.append(
                f"<tr><td>{_e(_rule_title(rule_id))}</td><td><code>{_e(rule_id)}</code></td>"
                f'<td class="num">{n}</td><td>{_e(", ".join(names))}</td></tr>'
            )
        out.append("</tbody></table>")
    else:
        out.append('<p id="rules">No Mistake or Blunder in these games.</p>')
    # each student
    for i, s in enumerate(report.students):
        out.append(f'<section class="student" id="{_student_id(i)}"><h2>{_e(s.graded.name)}</h2>')
        seat = f", seat {s.graded.seat}" if s.graded.game == "classic" else ""
        out.append(
            f'<p class="small">{_e(s.source)}: {_e(s.graded.game)}{_e(seat)}, {s.hands} finished '
            f"hand{'s' if s.hands != 1 else ''}, {s.decisions} decisions with a real choice.</p>"
        )
        out.append(f'<p class="rating">{_e(s.rating)}</p><p class="luck">{_e(s.luck_words)}</p>')
        out.append(
            f'<p class="small">Points {_signed(float(s.luck.points))} = seat {_signed(float(s.luck.seat))} + deal '
            f"{_signed(float(s.luck.deal))} + decisions {_signed(float(s.luck.skill))} + the rest "
            f"{_signed(float(s.luck.rest))} ({_e(_REST[s.graded.game])}).</p>"
        )
        if s.worst:
            out.append(
                '<table class="worst"><thead><tr><th>Hand</th><th>Position</th><th>Played</th><th>Best</th>'
                "<th>Grade</th><th>Lost</th><th>Rules</th></tr></thead><tbody>"
            )
            for m in s.worst:
                rules = ", ".join(_rule_title(r) for r in m.rules) or "—"
                out.append(
                    f'<tr><td class="num">{m.hand}</td><td>{_e(m.position)}</td><td>{_e(m.action)}</td>'
                    f'<td>{_e(m.best)}</td><td>{_e(m.label)}</td><td class="num">{m.loss:.3f}</td>'
                    f"<td>{_e(rules)}</td></tr>"
                )
            out.append("</tbody></table>")
        else:
            out.append("<p>Every decision was the best (or tied with it).</p>")
        out.append("</section>")
    out.append(f'<p class="small">Graded in {report.seconds:.1f} s.</p></body></html>')
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- the command


def _run(args: argparse.Namespace) -> int:
    jobs = args.jobs if args.jobs is not None else max(1, min(len(args.saves), os.cpu_count() or 1))
    if jobs < 1:
        return fail(f"--jobs is how many processes grade at once: 1 or more, not {args.jobs}")

    def tell(line: str) -> None:
        print(f"error: {error_text(line, 290)}", file=sys.stderr)

    report = build_report(
        args.saves,
        seat=args.seat,
        level=args.level,
        seed=args.seed,
        jobs=jobs,
        quick=args.quick,
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
    from euchre_tutor.bots.classic import LEVELS

    sp: argparse.ArgumentParser = games.add_parser(
        "report",
        help="one HTML report of students' saved games: error rates, luck, worst decisions, rules missed",
        description=(
            "Grade students' saved games (Solitaire or classic, the files the tables' Save writes) with the "
            "advisor and write one self-contained HTML report for the teacher. The student's name is the "
            "file's name. A file that cannot be read is named with what is wrong, and the others still count."
        ),
    )
    sp.add_argument("saves", nargs="+", metavar="SAVE", help="saved game files (.json), one per student")
    sp.add_argument("--out", default=None, metavar="FILE", help="where to write the HTML (default: stdout)")
    sp.add_argument("--title", default="Class report", help="the report's title")
    sp.add_argument("--seat", default=None, help="the student's seat in classic saves (default: South)")
    sp.add_argument(
        "--level",
        choices=list(LEVELS),
        default="club",
        help="the table's level the classic games were played at (how the advisor plays deals out)",
    )
    sp.add_argument("--seed", type=int, default=0, help="the sampling seed of the classic grades (default 0)")
    sp.add_argument("--jobs", type=int, default=None, help="processes grading at once (default: the cores)")
    sp.add_argument(
        "--quick",
        action="store_true",
        help="classic grades on one fixed sample of 200 deals each (several times faster; a grade near a "
        "band's edge may differ from the table's)",
    )
    sp.set_defaults(run=_run)
