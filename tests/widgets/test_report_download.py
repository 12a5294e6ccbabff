"""Download report: the session panel's button builds the teacher's report of this session, as a data link.

The widgets are driven in Python as a student's clicks would; the link's content is decoded and read
as the teacher would read it, and checked against the table's own grades (or, where the table graded
nothing, against the command's ``--quick`` grading of the same game's save).
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterator

import pytest

from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.classic.session.tutor import ClassicTutor
from euchre_tutor.games.solitaire.engine.engine import Phase
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor
from euchre_tutor.session.class_report import summarise
from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.session.session_report import build_session_report, session_tables
from euchre_tutor.widgets import ClassicApp, SolitaireApp
from euchre_tutor.widgets.report_link import ReportDownload
from euchre_tutor.widgets.stats import SessionChart
from tests.widgets.stub import StubSource
from tests.widgets.test_classic_tutor import WORLDS, play_to_end_of_hand, tutor_app, worst

LINK = re.compile(
    r'<a class="et-report-file" download="([^"]+)" href="data:text/html;base64,([A-Za-z0-9+/=]+)">'
)


def downloaded(panel: ReportDownload) -> tuple[str, str]:
    """Click Download report; the file's name and its decoded page."""
    panel.button.click()
    found = LINK.search(panel.link.value)
    assert found, f"no download link: {panel.link.value}"
    return found.group(1), base64.b64decode(found.group(2)).decode("utf-8")


def page_text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def snapshot(app: ClassicApp) -> tuple[object, ...]:
    c, t = app.controller, app.tutor
    return (
        c.save_text(),
        c.game.position,
        c.waiting,
        c.state,
        t.stats.deals(),
        dict(t.hints),
        app.session.summary.value,
        app.session.chart.value,
    )


@pytest.fixture
def graded_app() -> Iterator[ClassicApp]:
    app = tutor_app(show_hint=True, grading=True)
    play_to_end_of_hand(app, worst)  # the worst option every time: mistakes to report
    yield app
    app.close()


def test_the_classic_report_is_the_tables_own_grades_and_changes_nothing(graded_app: ClassicApp) -> None:
    app = graded_app
    c, t = app.controller, app.tutor
    assert c.waiting  # the hand is over
    real = [d for d in t.decisions() if not d.forced]
    grades = [t.grade_of(d) for d in real]
    assert real and all(g is not None for g in grades)
    before = snapshot(app)
    name, page = downloaded(app.session.report)
    assert snapshot(app) == before  # building read the game and changed nothing
    assert re.fullmatch(r"euchre-report-\d{8}-\d{4}\.html", name)
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page
    text = page_text(page)
    assert "classic match, seed 3: classic, seat South, 1 finished hand" in text
    assert f"{len(real)} decisions with a real choice" in text
    # the rate is the mean of the losses the table showed, and every decision that was not the best
    # is listed with the card or bid the student chose and the table's grade
    rate = sum(g.loss for g in grades if g is not None) / len(real)
    assert f"{rate:.3f}" in text
    rows = re.findall(
        r"<tr><td class=\"num\">1</td><td>[^<]*</td><td>([^<]*)</td><td>[^<]*</td><td>(\w+)</td>", page
    )
    shown = {(html.unescape(a), label) for a, label in rows}
    expected = {
        (str(d.action), g.label) for d, g in zip(real, grades, strict=True) if g and g.label != "Best"
    }
    assert shown == expected or (len(expected) > 5 and shown <= expected)
    note = app.session.report.link.value
    assert f"{len(real)} of the table&#x27;s own grades" in note and "graded now" not in note


def test_grades_of_a_hand_still_being_played_are_not_counted_in_the_report(graded_app: ClassicApp) -> None:
    """The report holds finished hands only: the table's grades of the hand under way are neither the
    report's nor subtracted from what was graded while building it."""
    app = graded_app
    c, t = app.controller, app.tutor
    first = [d for d in t.decisions() if not d.forced]
    assert c.next_hand()
    for _ in range(10):  # into the next hand, until the table holds a grade of it
        if any(d.hand_number == 2 and not d.forced and t.grade_of(d) for d in t.decisions()):
            break
        if t.forced is not None:
            assert t.autoplay_now()
        else:
            assert c.act(c.legal[0])
    assert any(d.hand_number == 2 and t.grade_of(d) for d in t.decisions() if not d.forced)
    assert not c.waiting  # the second hand goes on
    built = build_session_report(t.stats)
    assert built is not None
    (student,) = built.report.students
    assert student.decisions == len(first)
    assert (built.table_grades, built.graded_now) == (len(first), 0)


def test_decisions_the_table_did_not_grade_are_graded_as_the_commands_quick_option() -> None:
    app = tutor_app()  # hints and grading off: the table holds no grade
    try:
        c, t = app.controller, app.tutor
        for _ in range(40):
            if c.waiting:
                break
            if t.forced is not None:
                t.autoplay_now()
            else:
                assert c.act(c.legal[-1])
        assert c.waiting and not t.hints
        built = build_session_report(t.stats)
        assert built is not None and built.table_grades == 0
        (student,) = built.report.students
        command = grade_saved_text(c.save_text(), name="Student", level=t.table, seed=t.seed, quick=True)
        assert student.graded == command  # the same grades as `euchre-tutor report --quick` on the save
        assert built.graded_now == student.decisions > 0
        assert built.html == built.html.replace("<script", "")  # one self-contained page
    finally:
        app.close()


def _play_solitaire_deal(c: SolitaireController) -> None:
    view = c.view
    assert view is not None
    c.choose(view.legal[1])  # the stub grades it Good
    while c.view is not None and c.view.phase is not Phase.OVER:
        c.play(c.view.legal_cards[0])


def test_both_games_of_one_session_are_in_one_report_named_after_the_student() -> None:
    stats = SessionStats()
    solitaire = SolitaireApp(
        seed=5,
        tutor=SolitaireTutor(SolitaireController(5), source=StubSource(), runner="inline", stats=stats),
    )
    base = ClassicController(4)
    tutor = ClassicTutor(base, source=ClassicAdvisorSource(), runner="inline", worlds=WORLDS, stats=stats)
    shared = ClassicApp(controller=base, tutor=tutor)
    try:
        _play_solitaire_deal(solitaire.controller)
        tutor.set_grading(True)
        play_to_end_of_hand(shared, worst)
        assert [type(table).__name__ for table, _ in session_tables(stats)] == [
            "SolitaireController",
            "ClassicController",
        ]
        panel = solitaire.session.report
        assert panel is not None
        panel.name.value = "Ada Lovelace"
        name, page = downloaded(panel)
        assert re.fullmatch(r"euchre-report-ada-lovelace-\d{8}-\d{4}\.html", name)
        text = page_text(page)
        assert "Ada Lovelace's session" in text
        assert "Solitaire game, seed 5: solitaire, 1 finished hand" in text
        assert "classic match, seed 4: classic, seat South, 1 finished hand" in text
        played = summarise("", grade_saved_text(solitaire.controller.save_text(), name="Ada Lovelace"))
        assert f"1 finished hand, {played.decisions} decisions with a real choice" in text
        # the classic table's own panel reports the same session
        _, again = downloaded(shared.session.report)
        assert page_text(again).count("finished hand") == 2
    finally:
        solitaire.close()
        shared.close()


def test_the_solitaire_report_names_the_deals_decisions() -> None:
    app = SolitaireApp(seed=5, source=StubSource(), runner="inline")
    try:
        c = app.controller
        _play_solitaire_deal(c)
        save = c.save_text()
        _, page = downloaded(app.session.report)
        assert c.save_text() == save
        graded = grade_saved_text(save, name="Student")
        student = summarise("Solitaire game, seed 5", graded)
        text = page_text(page)
        assert f"{student.decisions} decisions with a real choice" in text
        assert student.rating in text and student.luck_words in text
        for move in student.worst:
            assert move.position in text and move.action in text
    finally:
        app.close()


def test_an_empty_session_says_there_is_nothing_to_report_yet() -> None:
    app = SolitaireApp(seed=5, source=StubSource(), runner="inline")
    try:
        view = app.controller.view
        assert view is not None
        app.controller.choose(view.legal[0])  # a deal begun but not finished
        app.session.report.button.click()
        value = app.session.report.link.value
        assert "Nothing to report yet" in value and "href" not in value
        assert not app.session.report.button.disabled
    finally:
        app.close()
    chart = SessionChart(SessionStats())  # a lesson's chart: no table feeds it
    assert chart.report is not None
    chart.report.button.click()
    assert "Nothing to report yet" in chart.report.link.value
    assert SessionChart(SessionStats(), report=False).report is None


def test_a_failure_is_said_and_the_button_works_again() -> None:
    def broken(stats: SessionStats, name: str) -> None:
        raise RuntimeError("the advisor's core is missing")

    panel = ReportDownload(SessionStats(), build=broken)
    assert panel.make() is None
    assert "could not be built: the advisor&#x27;s core is missing" in panel.link.value
    assert "Your game is unchanged" in panel.link.value and not panel.button.disabled
