"""The class report's figures and its page: each student's graded games summed up, and one HTML file.

:func:`summarise` sums one :class:`~euchre_tutor.session.learning.GradedGame` up with
:mod:`euchre_tutor.advisor.luck` and :mod:`euchre_tutor.advisor.rating` (the hands, the error rate
and its band, the luck of the cards against what the decisions cost, the worst decisions);
:func:`class_report` puts students together and counts the class's mistakes by the rule the advisor's
reasons cite; :func:`report_html` writes the page: one self-contained HTML file (styles inline, no
script, no external asset) that opens from a USB stick or an e-mail with no server.

Both the command line (``euchre-tutor report``, :mod:`euchre_tutor.report`, which grades saved files)
and a table's **Download report** (:mod:`euchre_tutor.session.session_report`, which reuses the
table's own grades) build their report here, so the two pages are the same. No widget library here.
"""

from __future__ import annotations

import html
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from euchre_tutor.advisor.luck import LuckTotal, hand_luck, luck_sentence, total
from euchre_tutor.advisor.rating import Band, band_of, error_rate, rating_sentence
from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import error_text
from euchre_tutor.rules.catalogue import rule
from euchre_tutor.rules.games import Game, all_games, game_info
from euchre_tutor.session.learning import GradedGame, GradedMove

__all__ = [
    "MISTAKES",
    "WORST",
    "ClassReport",
    "StudentReport",
    "class_report",
    "measured_scales",
    "report_html",
    "summarise",
]

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
    bands = game_info(graded.game).bands()
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
    span = game_info(graded.game).span
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


def measured_scales(games: Iterable[str] | None = None) -> tuple[tuple[Game, tuple[Band, ...]], ...]:
    """Each game's measured error-rate bands, as its session hooks give them (``bands``), in table order:
    of the games named ``games`` (each once), or of every registered game; empty for a game with none."""
    names = None if games is None else set(games)
    return tuple((g, g.bands()) for g in all_games() if names is None or g.name in names)


def class_report(
    students: Iterable[StudentReport],
    errors: Iterable[tuple[str, str]] = (),
    seconds: float = 0.0,
) -> ClassReport:
    """The class: its students' summaries, the files that could not be read, and the mistakes counted
    by rule (most first, with the students who made them)."""
    students = tuple(students)
    who: defaultdict[str, set[str]] = defaultdict(set)
    count: Counter[str] = Counter()
    for s in students:
        for rule_id, n in s.mistakes_by_rule.items():
            count[rule_id] += n
            who[rule_id].add(s.graded.name)
    rules = tuple((r, n, tuple(sorted(who[r]))) for r, n in count.most_common())
    return ClassReport(students, tuple(errors), rules, seconds)


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


def _scales_html() -> list[str]:
    """Each registered game's measured scale, and which games have none (their rates have no bands)."""
    scales = measured_scales()
    measured = [
        f"The {_e(g.noun)} scale, measured: "
        + "; ".join(
            f"{_e(b.name)} {b.error_rate:.3f} ± {b.half_width:.3f} ({b.decisions:,} decisions)" for b in bands
        )
        + "."
        for g, bands in scales
        if bands
    ]
    if not measured:
        return []
    unmeasured = [g.title for g, bands in scales if not bands]
    if unmeasured:
        one = len(unmeasured) == 1
        measured.append(
            f"{_e(_and_words(unmeasured))} {'has' if one else 'have'} no measured populations: "
            f"{'its' if one else 'their'} rates have no bands."
        )
    return [f'<p class="small" id="scale">{" ".join(measured)}</p>']


def _and_words(names: list[str]) -> str:
    """``"Solitaire and Bid Euchre"``; ``"A, B and C"``."""
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


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
    out += _scales_html()
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
        seat = f", seat {s.graded.seat}" if game_info(s.graded.game).seated else ""
        out.append(
            f'<p class="small">{_e(s.source)}: {_e(s.graded.game)}{_e(seat)}, {s.hands} finished '
            f"hand{'s' if s.hands != 1 else ''}, {s.decisions} decisions with a real choice.</p>"
        )
        out.append(f'<p class="rating">{_e(s.rating)}</p><p class="luck">{_e(s.luck_words)}</p>')
        out.append(
            f'<p class="small">Points {_signed(float(s.luck.points))} = seat {_signed(float(s.luck.seat))} + deal '
            f"{_signed(float(s.luck.deal))} + decisions {_signed(float(s.luck.skill))} + the rest "
            f"{_signed(float(s.luck.rest))} ({_e(game_info(s.graded.game).rest)}).</p>"
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
