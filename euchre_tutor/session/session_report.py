"""A student's session as the class report: what a table's **Download report** builds.

The session is the games feeding one :class:`~euchre_tutor.advisor.session.SessionStats` (a table's
own, or one several tables share): the current classic match of every classic table whose tutor
feeds it, and the current Solitaire game of every Solitaire table that feeds it (the controllers are
found through :mod:`euchre_tutor.session.tables`). Each is graded as ``euchre-tutor report`` grades a
saved file and summed up by :mod:`euchre_tutor.session.class_report`, so the page is the same one
the teacher's command writes, with one row per game.

What is used, so that a click does not wait for long:

* classic: the **table's own grades** wherever the tutor holds them (the grade the table showed, by
  the turn's hint, or its refined analysis when the grade needed refining). A decision the table did
  not grade (hints and grading were off, or its analysis or refinement is still running) is graded
  now on one fixed sample of 200 deals (``grade_saved_file``'s ``quick``: a few hundredths of a second
  a decision), seeded as the table's analyses are;
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

from euchre_tutor.advisor.classic.analysis import ClassicAnalysis, analyse
from euchre_tutor.advisor.classic.reasons import classic_grade
from euchre_tutor.advisor.luck import classic_baseline
from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.advisor.shared import Grade
from euchre_tutor.bots.classic import LEVELS
from euchre_tutor.classic.game import ClassicGame
from euchre_tutor.session.class_report import ClassReport, class_report, report_html, summarise
from euchre_tutor.session.classic_controller import ClassicController
from euchre_tutor.session.classic_tutor import ClassicTutor, analysis_seed
from euchre_tutor.session.controller import SolitaireController

# learning.py's own words for a position and a move's rules, so the two reports read the same
from euchre_tutor.session.learning import (
    GradedGame,
    GradedHand,
    GradedMove,
    _classic_position,
    _rules,
    grade_solitaire,
)
from euchre_tutor.session.tables import live
from euchre_tutor.views.classic import seat_view

__all__ = ["SessionReport", "build_session_report", "grade_classic_table", "session_tables"]

Table = tuple[ClassicController, ClassicTutor | None] | tuple[SolitaireController, None]


@dataclass(frozen=True, slots=True)
class SessionReport:
    """The session's report: the figures, the page, a file name, and where the grades came from."""

    report: ClassReport
    html: str
    filename: str
    table_grades: int  # classic decisions whose grade is the table's own
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
    """The tables of this kernel that feed ``stats``, oldest first, with the classic ones' tutors."""
    out: list[Table] = []
    for table in live():
        if isinstance(table, SolitaireController) and table.stats is stats:
            out.append((table, None))
        elif isinstance(table, ClassicController):
            tutor = tutor_of(table)
            if tutor is not None and tutor.stats is stats:
                out.append((table, tutor))
    return out


def grade_classic_table(
    controller: ClassicController, tutor: ClassicTutor | None = None, *, name: str = "Student"
) -> tuple[GradedGame, int, int]:
    """The student's graded match, as :func:`~euchre_tutor.session.learning.grade_classic` grades a
    save, with the tutor's own grades where it holds them (see the module doc); also how many
    decisions took the table's grade and how many were graded now."""
    game = controller.game
    me = controller.seat
    rules = game.rules
    level = tutor.table if tutor is not None else "club"
    seed = tutor.seed if tutor is not None else analysis_seed(controller.seed)
    model = LEVELS[level].model(seed)
    held: dict[int, tuple[ClassicAnalysis, Grade]] = {}
    if tutor is not None and tutor.controller is controller:
        for d in tutor.decisions():
            if d.forced:
                continue
            hint, grade = tutor.hint_of(d), tutor.grade_of(d)
            if hint is not None and grade is not None:
                held[d.index] = (hint, grade)
    team = me.team.index
    state = ClassicGame.from_json({**game.to_json(), "actions": [], "position": 0}).state  # a copy
    hands: list[GradedHand] = []
    moves: list[GradedMove] = []
    expected: float | None = None
    from_table = graded_now = 0
    for index, act in enumerate(game.actions):
        number = state.hand_number
        hand = state.hand
        if state.to_act == me:
            view = seat_view(hand, me)
            if len(view.legal) > 1:
                if index in held:
                    a, g = held[index]
                    from_table += 1
                else:
                    a = analyse(view, continuation=model, seed=seed)  # one fixed sample (``quick``)
                    found = classic_grade(a, act)
                    assert found is not None
                    g = found
                    graded_now += 1
                if expected is None:
                    expected = a.best.ev
                moves.append(
                    GradedMove(
                        number,
                        view.phase.value,
                        _classic_position(view),
                        str(act),
                        str(a.best.action),
                        g.label,
                        float(g.loss),
                        True,
                        _rules(r.rule for r in a.reasons),
                    )
                )
        before = state.scores
        dealer = hand.dealer
        state = state.apply(act)
        if state.hand_number != number or state.is_over:
            gained = [after - b for after, b in zip(state.scores, before, strict=True)]
            others = [p for i, p in enumerate(gained) if i != team]
            hands.append(
                GradedHand(
                    number,
                    gained[team] - max(others),
                    expected,
                    classic_baseline((int(me) - int(dealer)) % rules.players, rules.players),
                    tuple(moves),
                )
            )
            moves, expected = [], None
    return GradedGame("classic", name, me.word, tuple(hands)), from_table, graded_now


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
    for controller, tutor in tables if tables is not None else session_tables(stats):
        if isinstance(controller, ClassicController):
            graded, held, now_graded = grade_classic_table(controller, tutor, name=who)
            table_grades += held
            graded_now += now_graded
            source = f"classic match, seed {controller.seed}"
        else:
            graded = grade_solitaire(controller.game, name=who)
            graded_now += sum(len(h.moves) for h in graded.hands)
            source = f"Solitaire game, seed {controller.game.seed}"
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
