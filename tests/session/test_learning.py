"""Grading saved games after the fact (both games), and the teacher's report built from them."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre_tutor.advisor.luck import measured_baseline
from euchre_tutor.cli import main
from euchre_tutor.errors import SaveFileError
from euchre_tutor.games import solitaire
from euchre_tutor.games.classic.advisor.analysis import GRADE_WORLDS_ENV
from euchre_tutor.games.classic.advisor.table_calibration import table_baseline
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.session.grading import computer_classic_save
from euchre_tutor.games.classic.views import seat_view
from euchre_tutor.games.solitaire.engine.game import SolitaireGame
from euchre_tutor.games.solitaire.session.grading import computer_solitaire_save
from euchre_tutor.report import ClassReport, build_report, report_html
from euchre_tutor.serve import CLASS_GRADE_WORLDS
from euchre_tutor.session.learning import GradedGame, grade_saved_file, grade_saved_text, is_method_rule


@pytest.fixture(scope="module", autouse=True)
def class_server_cap() -> Iterator[None]:
    """Grades refined as a class server refines them, under a thirty-second of its cap (not a laptop's
    76,800 deals): the same grading path, a fraction of the CPU."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(GRADE_WORLDS_ENV, str(CLASS_GRADE_WORLDS // 32))
        yield


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Two classic students (two hands and one), a Solitaire student, and three files that are not saves."""
    folder = tmp_path_factory.mktemp("class")
    files = {
        "ada.json": computer_classic_save(11, 2, "beginner"),
        "ben.json": computer_classic_save(12, 1, "club"),
        "cleo.json": computer_solitaire_save(5, 4),
        "notes.json": "{not json",
        # a teacher's deal, not a saved game (Bid Euchre saves are graded: tests/session/test_bid_learning.py)
        "deal.json": json.dumps({"rules": "common", "dealer": "N", "hands": {}}),
        "broken.json": computer_solitaire_save(6, 1).replace(
            '"actions": [', '"actions": [{"play": "ZZ"}, ', 1
        ),
    }
    for name, text in files.items():
        (folder / name).write_text(text)
    return {name.removesuffix(".json"): folder / name for name in files}


@pytest.fixture(scope="module")
def graded(saves: dict[str, Path]) -> dict[str, GradedGame]:
    return {name: grade_saved_file(saves[name]) for name in ("ada", "ben", "cleo")}


def student_decisions(text: str) -> int:
    """The student's (South's) decisions with a real choice, counted by replaying the save."""
    game = ClassicGame.from_json(json.loads(text))
    state = ClassicGame.from_json({**game.to_json(), "actions": [], "position": 0}).state
    count = 0
    for act in game.actions:
        if state.to_act is not None and state.to_act.word == "South":
            count += len(seat_view(state.hand, state.to_act).legal) > 1
        state = state.apply(act)
    return count


def test_classic_saves_are_graded_decision_by_decision(
    saves: dict[str, Path], graded: dict[str, GradedGame]
) -> None:
    for name in ("ada", "ben"):
        g = graded[name]
        assert (g.game, g.name, g.seat) == ("classic", name, "South")
        assert [h.number for h in g.hands] == ([1, 2] if name == "ada" else [1])
        moves = [m for h in g.hands for m in h.moves]
        assert len(moves) == student_decisions(saves[name].read_text())  # no decision lost
        assert all(m.real_choice and m.loss >= 0 for m in moves)
        assert all(m.label == "Best" or m.action != m.best for m in moves)
        assert not any(is_method_rule(r) for m in moves for r in m.rules)
        for h in g.hands:
            assert h.expected is not None and h.moves
            # the first hand's dealer is West (seed order), so South sits two seats from the dealer
            assert h.baseline in {table_baseline("club", k) for k in range(4)}  # the Club table's values
        # the hand's points are the student's side's minus the other's: the scores add up
        final = ClassicGame.from_json(json.loads(saves[name].read_text())).state.scores
        assert sum(h.points for h in g.hands) == final[0] - final[1]  # South's team is the first


@pytest.fixture(scope="module")
def report(saves: dict[str, Path]) -> ClassReport:
    return build_report([saves[n] for n in ("ada", "notes", "ben", "cleo", "deal")])


def test_the_same_file_gives_the_same_grades(graded: dict[str, GradedGame], report: ClassReport) -> None:
    """The report grades the files again (the same seeds): the very same grades, classic ones included."""
    assert {s.graded.name: s.graded for s in report.students} == graded


def test_solitaire_saves_are_graded_exactly(saves: dict[str, Path], graded: dict[str, GradedGame]) -> None:
    g = graded["cleo"]
    assert g.game == "solitaire" and len(g.hands) == 4
    game = SolitaireGame.loads(saves["cleo"].read_text())
    assert sum(h.points for h in g.hands) == game.state.score[0] - game.state.score[1]
    for h in g.hands:
        assert h.baseline == measured_baseline(solitaire.LUCK_BASELINE)
        assert h.moves[0].phase == "trump" and h.moves[0].real_choice
        assert all(m.real_choice or m.label == "Best" for m in h.moves)  # one legal card: nothing to lose
    assert any(m.label != "Best" for h in g.hands for m in h.moves)  # this student slips


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("notes", "not valid JSON|JSON"),
        ("deal", "not a saved game of the tutor"),
        ("broken", "decision 1 of the saved game"),
    ],
)
def test_bad_files_get_teaching_errors(saves: dict[str, Path], name: str, words: str) -> None:
    with pytest.raises(SaveFileError, match=words):
        grade_saved_file(saves[name])


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(Exception, match="unknown table level 'pro'"):
        grade_saved_text(computer_classic_save(1, 1), name="x", level="pro")


def test_the_report_sums_each_student_up(graded: dict[str, GradedGame], report: ClassReport) -> None:
    assert [s.graded.name for s in report.students] == ["ada", "ben", "cleo"]
    assert [name for name, _ in report.errors] == ["notes.json", "deal.json"]
    for s in report.students:
        g = graded[s.graded.name]
        assert s.graded == g
        losses = [m.loss for h in g.hands for m in h.moves if m.real_choice]
        assert s.rate == pytest.approx(sum(losses) / len(losses))
        assert s.luck.seat + s.luck.deal + s.luck.skill + s.luck.rest == s.luck.points
        assert float(s.luck.points) == sum(h.points for h in g.hands)
        assert list(s.worst) == sorted(s.worst, key=lambda m: -m.loss) and all(
            m.label != "Best" for m in s.worst
        )
        mistakes = [m for h in g.hands for m in h.moves if m.label in ("Mistake", "Blunder")]
        assert s.luck.mistakes == len(mistakes)
        for rule_id, n in s.mistakes_by_rule.items():
            assert n == sum(
                rule_id in m.rules or (not m.rules and rule_id == "(no reason given)") for m in mistakes
            )
    assert report.students[0].band is not None  # classic has measured bands
    assert report.students[2].band is None  # Solitaire has none
    class_count = {r: n for r, n, _ in report.rules}
    for rule_id, n in class_count.items():
        assert n == sum(s.mistakes_by_rule.get(rule_id, 0) for s in report.students)


def test_the_report_html_is_self_contained_and_escaped(saves: dict[str, Path]) -> None:
    evil = saves["cleo"].with_name("<i>eve.json")
    evil.write_text(saves["cleo"].read_text())
    page = report_html(build_report([saves["cleo"], evil, saves["notes"]]), title="Class 4 & friends")
    assert page.startswith("<!DOCTYPE html>") and "<title>Class 4 &amp; friends</title>" in page
    assert "&lt;i&gt;eve" in page and "<i>eve" not in page
    assert not re.search(r"""(src|href)=["'](?!#)""", page)  # nothing outside the page itself
    assert "<script" not in page
    assert "notes.json" in page


def test_report_command_writes_the_file_and_goes_on_past_bad_files(
    saves: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.html"
    code = main(["report", str(saves["cleo"]), str(saves["broken"]), "--out", str(out), "--jobs", "2"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "wrote" in captured.out and "1 student," in captured.out and "1 unreadable file" in captured.out
    assert "broken.json: decision 1 of the saved game" in captured.err
    assert "cleo" in out.read_text()


def test_report_command_with_nothing_readable_fails(
    saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(saves["notes"]), str(saves["deal"])]) == 2
    err = capsys.readouterr().err
    assert "no saved game could be graded" in err and "notes.json" in err


def test_quick_grading_grades_the_same_decisions_on_one_sample(
    saves: dict[str, Path], graded: dict[str, GradedGame]
) -> None:
    quick = grade_saved_file(saves["ada"], quick=True)
    full = graded["ada"]
    assert any(h.moves for h in quick.hands)
    assert [(m.hand, m.position, m.action) for h in quick.hands for m in h.moves] == [
        (m.hand, m.position, m.action) for h in full.hands for m in h.moves
    ]
    assert [h.points for h in quick.hands] == [h.points for h in full.hands]
    assert grade_saved_file(saves["ada"], quick=True) == quick  # seeded: the same every time
