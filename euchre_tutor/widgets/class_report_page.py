"""The teacher's class report page: this class's students, from the class's store, in the tables' look.

:class:`ClassReportPage` grades every game the class server keeps under a student's name
(:func:`~euchre_tutor.session.store_report.store_report`) when it opens and again on **Grade the games
played so far**, and draws it in words on the tables' felt: each student with what they played and how
(the error rate in words, the luck), the mistakes the class makes named as the lessons name them, each
linked to the lesson that teaches it (:mod:`~euchre_tutor.session.lesson_rules`), each student's
costliest decisions, and **Save the class report** (the self-contained page ``euchre-tutor report``
writes). Away from a class server it says so: it never shows a made-up class or a file of another
folder. :func:`class_report_html` is the drawing, testable alone.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

import ipywidgets as w

from euchre_tutor.advisor.voice import capital
from euchre_tutor.errors import EuchreError
from euchre_tutor.rules.games import game_info, game_names
from euchre_tutor.session.class_report import ClassReport, report_html
from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.lesson_rules import Taught, mistake_name, rule_lessons
from euchre_tutor.session.report_charts import data_link
from euchre_tutor.session.store_report import StudentGames, by_student, store_report
from euchre_tutor.widgets.style import CSS
from euchre_tutor.widgets.table import button

__all__ = ["ClassReportPage", "class_report_html", "class_report_page", "lessons_folder"]

REPORT_CSS: Final = """
.euchre-app.et-report-page{max-width:980px}
.euchre-app.et-report-page .et-title .sub{color:#f4f1e8;opacity:1}
.euchre-app.et-report-page .et-report-bar{flex-wrap:wrap;gap:8px;align-items:center;margin:4px 0}
.euchre-app.et-report-page .et-report-bar .widget-html-content{color:#f4f1e8;font-size:15px}
.euchre-app.et-report-page .et-report-bar a{color:#fff7d6;font-weight:600}
.et-report-body section{background:rgba(255,253,247,.97);color:#1d1d1f;border-radius:12px;padding:10px 16px 12px;
  margin:10px 0;box-shadow:0 4px 12px rgba(0,0,0,.35)}
.et-report-body h2{margin:2px 0 8px;font-size:19px;color:#1d1d1f}
.et-report-body h3{margin:8px 0 4px;font-size:16px;color:#1d1d1f}
.et-report-body p,.et-report-body li,.et-report-body td,.et-report-body th{color:#1d1d1f;font-size:15px}
.et-report-body a{color:#0b4a27;font-weight:600;text-decoration:underline}
.et-report-body table{border-collapse:collapse;width:100%}
.et-report-body th,.et-report-body td{border-bottom:1px solid #d9d3c3;padding:4px 6px;text-align:left;vertical-align:top}
.et-report-body td.num{text-align:right;font-variant-numeric:tabular-nums}
.et-report-body .note{color:#3d3d3d;font-size:14px}
.et-report-body ul{margin:4px 0;padding-left:1.3em}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _game_words(game: str) -> str:
    return capital(game_info(game).title if game in game_names() else game)


def _lesson_link(rule_id: str, lessons: Mapping[str, Taught]) -> str:
    taught = lessons.get(rule_id)
    if taught is None:
        return ""
    return f'<a href="{_e(taught.href)}" target="_blank" rel="noopener">{_e(taught.title)}</a>'


def _mistake(rule_id: str, lessons: Mapping[str, Taught]) -> str:
    """A rule as the lessons name it, with a link to its lesson."""
    link = _lesson_link(rule_id, lessons)
    return f"<b>{_e(mistake_name(rule_id))}</b>" + (f" ({link})" if link else "")


def _rating(text: str) -> str:
    return text.replace("Your error rate", "Error rate", 1)


def _class_table(students: Sequence[StudentGames], waiting: Sequence[str]) -> str:
    rows = []
    for s in students:
        games = ", ".join(sorted({_game_words(g.graded.game) for g in s.games}))
        mistakes = sum(s.mistakes.values())
        rows.append(
            f'<tr><td><a href="#{_e(_anchor(s.name))}">{_e(s.name)}</a></td><td>{_e(games)}</td>'
            f'<td class="num">{s.hands}</td><td class="num">{s.decisions}</td><td class="num">{mistakes}</td></tr>'
        )
    rows += [
        f'<tr><td>{_e(name)}</td><td colspan="4">No finished hand graded yet.</td></tr>' for name in waiting
    ]
    return (
        '<section aria-labelledby="et-r-class"><h2 id="et-r-class">The class</h2><table id="et-report-class">'
        "<thead><tr><th>Student</th><th>Played</th><th>Hands</th><th>Decisions with a choice</th>"
        "<th>Mistakes and Blunders</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table></section>"
    )


def _anchor(name: str) -> str:
    return "et-student-" + "".join(c if c.isalnum() else "-" for c in name.casefold())


def _class_mistakes(report: ClassReport, lessons: Mapping[str, Taught]) -> str:
    if not report.rules:
        items = "<p>No Mistake or Blunder in these games.</p>"
    else:
        items = (
            '<ul id="et-report-mistakes">'
            + "".join(
                f"<li>{_mistake(rule_id, lessons)}: {_plural(n, 'mistake')}, by {_e(', '.join(names))}</li>"
                for rule_id, n, names in report.rules
            )
            + "</ul>"
        )
    return (
        '<section aria-labelledby="et-r-wrong"><h2 id="et-r-wrong">What the class gets wrong</h2>'
        '<p class="note">Every Mistake and Blunder, under the rule the advisor\'s reasons cite, as the lessons '
        "name it: the lesson beside it is the one to go over again.</p>" + items + "</section>"
    )


def _student(s: StudentGames, lessons: Mapping[str, Taught]) -> str:
    out = [f'<section id="{_e(_anchor(s.name))}" class="et-report-student"><h2>{_e(s.name)}</h2><ul>']
    for g in s.games:
        out.append(
            f"<li>{_e(_game_words(g.graded.game))}: {_plural(g.hands, 'finished hand')}, "
            f"{_plural(g.decisions, 'decision')} with a choice. {_e(_rating(g.rating))} {_e(g.luck_words)}</li>"
        )
    out.append("</ul>")
    if s.mistakes:
        out.append(
            "<h3>Mistakes</h3><ul>"
            + "".join(f"<li>{_mistake(r, lessons)} ×{n}</li>" for r, n in s.mistakes.items())
            + "</ul>"
        )
    worst = sorted((m for g in s.games for m in g.worst), key=lambda m: -m.loss)[:5]
    if worst:
        out.append("<h3>The costliest decisions</h3><ul>")
        for m in worst:
            why = ", ".join(_mistake(r, lessons) for r in m.rules)
            out.append(
                f"<li>Hand {m.hand}, {_e(m.position)}: played {_e(m.action)}, best {_e(m.best)} "
                f"({_e(m.label)}, {m.loss:.2f} points given up){': ' + why if why else ''}</li>"
            )
        out.append("</ul>")
    out.append("</section>")
    return "".join(out)


def class_report_html(report: ClassReport, lessons: Mapping[str, Taught], waiting: Sequence[str] = ()) -> str:
    """The report's body in words (see the module doc); ``waiting``: students kept with no graded hand."""
    students = by_student(report)
    graded = {s.name.casefold() for s in students}
    waiting = [n for n in waiting if n.casefold() not in graded]
    hands = sum(s.hands for s in students)
    head = (
        f'<p class="note" id="et-report-count">{_plural(len(students) + len(waiting), "student")}, '
        f"{_plural(len(report.students), 'game')}, {_plural(hands, 'finished hand')} graded.</p>"
    )
    parts = [
        '<section aria-labelledby="et-r-head"><h2 id="et-r-head">This class</h2>' + head + "</section>",
        _class_table(students, waiting),
        _class_mistakes(report, lessons),
        *(_student(s, lessons) for s in students),
    ]
    if report.errors:
        parts.append(
            '<section aria-labelledby="et-r-errors"><h2 id="et-r-errors">Games that could not be graded</h2><ul>'
            + "".join(f"<li>{_e(where)}: {_e(why)}</li>" for where, why in report.errors)
            + "</ul></section>"
        )
    return '<div class="et-report-body">' + "".join(parts) + "</div>"


NO_SERVER: Final = (
    "This page reports on the games your class plays on the class server, each under the student's name. "
    "It reads them from the server that 'euchre-tutor serve' starts: open it from the teacher's address "
    "that command prints."
)
NO_GAMES: Final = (
    "No game yet. As your students play (at the shared tables, or alone at a table opened from the class "
    "page with their name), each hand is kept here under their name: press Grade the games played so far."
)


class ClassReportPage(w.VBox):  # type: ignore[misc]
    """The class report (see the module doc). ``store``: the class's store (None: no class server);
    ``lessons``: the lessons folder, for the links; ``quick`` and ``seed`` as :func:`store_report`."""

    def __init__(
        self,
        store: ClassStore | None,
        lessons: Path | None = None,
        *,
        quick: bool = True,
        seed: int = 0,
    ) -> None:
        self.store = store
        self.lessons = rule_lessons(lessons) if lessons is not None else {}
        self.quick, self.seed = quick, seed
        self.report: ClassReport | None = None
        style = w.HTML(f"<style>{CSS}{REPORT_CSS}</style>", layout=w.Layout(display="none"))
        title = w.HTML(
            '<div class="et-title"><h1>♠ The class report ♥</h1><div class="sub">Every game your students '
            "played on this server, graded by the advisor, student by student</div></div>"
        )
        self.grade_button = button(
            "Grade the games played so far",
            "Grade every game kept on the class server again, with the hands played since",
            self.refresh,
            "et-ctl",
            "et-report-grade",
        )
        self.status = w.HTML()
        self.status.add_class("et-report-status")
        self.save_link = w.HTML()
        bar = w.HBox([self.grade_button, self.status, self.save_link])
        bar.add_class("et-report-bar")
        self.body = w.HTML()
        super().__init__([style, title, bar, self.body])
        self.add_class("euchre-app")
        self.add_class("et-report-page")
        self.refresh()

    def refresh(self) -> None:
        """Grade the class's games again and draw them."""
        self.save_link.value = ""
        if self.store is None:
            self.grade_button.layout.display = "none"
            self.body.value = f'<div class="et-report-body"><section><p>{_e(NO_SERVER)}</p></section></div>'
            return
        self.status.value = "<span role='status'>Grading…</span>"
        try:
            names = self.store.students()
            report = store_report(
                self.store,
                quick=self.quick,
                seed=self.seed,
                progress=lambda name: setattr(self.status, "value", f"<span>Grading {_e(name)}…</span>"),
            )
        except EuchreError as error:
            self.status.value = f"<span role='alert'>{_e(error)}</span>"
            return
        self.report = report
        if not names:
            self.body.value = f'<div class="et-report-body"><section><p>{_e(NO_GAMES)}</p></section></div>'
        else:
            self.body.value = class_report_html(report, self.lessons, names)
            self.save_link.value = data_link(
                report_html(report, "Class report"), "class-report.html", "⬇ Save the class report"
            )
        self.status.value = f"<span role='status'>Graded in {report.seconds:.1f} s.</span>"


def lessons_folder() -> Path | None:
    """The lessons: beside the page (the teacher's server links them there), else the package's own."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (
        Path("lessons"),
        package / "notebooks" / "lessons",
        package.parent / "notebooks" / "lessons",
    ):
        if candidate.is_dir():
            return candidate.resolve()
    return None


def class_report_page(lessons: Path | None = None) -> ClassReportPage:
    """The teacher's page on the class server: its store (``$EUCHRE_CLASS_DB``), the lessons beside it."""
    return ClassReportPage(ClassStore.from_env(), lessons if lessons is not None else lessons_folder())
