"""The teacher's class report page: this class's students from the class's store, in words, each mistake
named as the lessons name it and linked to its lesson; never a made-up class."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from euchre_tutor.games.classic.session.grading import computer_classic_save
from euchre_tutor.games.solitaire.session.grading import computer_solitaire_save
from euchre_tutor.rules.catalogue import RULES
from euchre_tutor.session.class_store import CLASS_DB_ENV, ClassStore
from euchre_tutor.session.lesson_rules import mistake_name, rule_lessons
from euchre_tutor.widgets.class_report_page import NO_GAMES, NO_SERVER, ClassReportPage, class_report_page

LESSONS = Path(__file__).resolve().parents[2] / "notebooks" / "lessons"


@pytest.fixture(scope="module")
def saves() -> dict[str, str]:
    return {
        "Ada": computer_classic_save(21, 2, "beginner"),
        "Cleo": computer_solitaire_save(7, 3),
        "dan": computer_solitaire_save(8, 2, slip=0.6),
    }


def test_the_report_lists_this_classs_students_and_names_mistakes_as_the_lessons_do(
    tmp_path: Path, saves: dict[str, str]
) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    for name, save in saves.items():
        store.put_game(name, save)
    store.put_game("ada", saves["Cleo"])  # a second game of Ada's: one student, two games
    page = ClassReportPage(store, LESSONS)
    body = page.body.value
    assert "3 students, 4 games" in body
    table = body[body.index('id="et-report-class"') : body.index("</table>")]
    assert [re.sub("<[^>]+>", "", n) for n in re.findall(r"<tr><td>(.*?)</td>", table)] == [
        "Ada",
        "Cleo",
        "dan",
    ]
    assert "Classic Euchre, Solitaire" in table or "Classic euchre, Solitaire" in table
    # every mistake by its lesson name, linked to its lesson; no rule id on the page
    report = page.report
    assert report is not None and report.rules
    lessons = rule_lessons(LESSONS)
    for rule_id, _n, _names in report.rules:
        assert f"<b>{html.escape(mistake_name(rule_id))}</b>" in body
        if rule_id in lessons:
            assert f'href="lessons/{lessons[rule_id].notebook}"' in body
    assert not any(rule_id in body for rule_id in RULES), "no rule ids on the teacher's page"
    assert "Your error rate" not in body and "Error rate" in body
    assert "lunch.json" not in body and ">ben<" not in body.lower()  # no demo class
    assert 'download="class-report.html"' in page.save_link.value


def test_a_game_that_cannot_be_graded_is_named_by_its_student(tmp_path: Path, saves: dict[str, str]) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    store.put_game("Ada", saves["Cleo"])
    broken = saves["Cleo"].replace('"play"', '"plya"', 1)
    store.put_game("Ben", broken)
    body = ClassReportPage(store, LESSONS).body.value
    assert "Games that could not be graded" in body and "Ben&#x27;s game 1:" in body
    assert "2 students" in body and "No finished hand graded yet." in body  # Ben is listed all the same


def test_no_class_server_or_no_game_yet_is_said_never_a_made_up_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(CLASS_DB_ENV, raising=False)
    away = class_report_page(LESSONS)
    assert away.store is None and NO_SERVER in away.body.value.replace("&#x27;", "'")
    assert away.grade_button.layout.display == "none"
    monkeypatch.setenv(CLASS_DB_ENV, str(tmp_path / "class.sqlite"))
    empty = class_report_page(LESSONS)
    assert NO_GAMES in empty.body.value and "ada" not in empty.body.value.lower()
    ClassStore(tmp_path / "class.sqlite").put_game("Eve", computer_solitaire_save(9, 2))
    empty.grade_button.click()  # the games played since: graded on the click
    assert "1 student, 1 game" in empty.body.value and ">Eve<" in empty.body.value
