"""A classic save carries the table's grades, and the class report reads them instead of grading again."""

from __future__ import annotations

import json
from typing import Any

import pytest

from euchre_tutor.errors import SaveFileError
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.session import grading
from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource
from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.widgets import ClassicApp


def played_table() -> ClassicApp:
    """Two hands at a Club table, the student choosing the runner-up option where there is one."""
    app = ClassicApp(
        seed=4, source=ClassicAdvisorSource(), runner="inline", worlds=60, grading=True, show_hint=True
    )
    c, t = app.controller, app.tutor
    for _ in range(2):
        for _ in range(40):
            if c.waiting or c.state.is_over:
                break
            if t.forced is not None:
                assert t.autoplay_now()
                continue
            hint = t.current_hint
            assert hint is not None
            assert c.act(hint.options[min(1, len(hint.options) - 1)].action)
        if not c.next_hand():
            break
    return app


def test_the_report_takes_the_grades_the_table_saved_without_grading_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = played_table()
    t = app.tutor
    text = t.save_text()
    data = json.loads(text)
    assert ClassicGame.from_json(data).actions == app.controller.game.actions  # the engine ignores them
    recorded = data["grades"]["decisions"]
    graded = [d for d in t.decisions() if not d.forced]
    assert recorded and len(recorded) == len(graded)

    def no_grading(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("the report graded a decision the save carries")

    monkeypatch.setattr(grading, "graded_analysis", no_grading)
    monkeypatch.setattr(grading, "analyse", no_grading)
    game = grade_saved_text(text, name="ada", level=t.table)
    moves = [m for h in game.hands for m in h.moves]
    assert [m.label for m in moves] == [t.grade_of(d).label for d in graded]  # type: ignore[union-attr]
    assert [m.loss for m in moves] == pytest.approx([float(t.grade_of(d).ev_loss) for d in graded], abs=1e-6)  # type: ignore[union-attr]
    assert [m.action for m in moves] == [str(d.action) for d in graded]
    assert game.hands[0].expected == pytest.approx(t.hint_of(graded[0]).best.ev)  # type: ignore[union-attr]
    app.close()


def test_grades_of_another_level_or_regrade_are_graded_again() -> None:
    app = played_table()
    text = app.tutor.save_text()
    first = grade_saved_text(text, name="ada", level="club", quick=True)
    other = grade_saved_text(text, name="ada", level="beginner", quick=True)  # not the table's level
    again = grade_saved_text(text, name="ada", level="club", quick=True, regrade=True)
    plain = json.loads(text)
    del plain["grades"]
    regraded = grade_saved_text(json.dumps(plain), name="ada", level="club", quick=True)
    assert again == regraded  # regrade ignores the recorded grades
    # grades recorded at a Club table are not a Beginner table's: those are graded again
    assert other == grade_saved_text(json.dumps(plain), name="ada", level="beginner", quick=True)
    # at the table's own level the recorded grades are read, not the quick grading's
    recorded = [d["label"] for d in json.loads(text)["grades"]["decisions"]]
    assert [m.label for h in first.hands for m in h.moves] == recorded
    assert [h.points for h in first.hands] == [h.points for h in again.hands]
    app.close()


@pytest.mark.parametrize(
    ("grades", "message"),
    [
        ([], 'must be an object with the table\'s "level"'),
        ({"level": "club"}, 'must list its "decisions"'),
        ({"level": "club", "decisions": [{"index": 1}]}, 'grade 1 of "grades" needs "index", "action"'),
        (
            {
                "level": "club",
                "decisions": [
                    {
                        "index": 1,
                        "action": "pass",
                        "label": "Superb",
                        "loss": 0,
                        "best": "pass",
                        "best_ev": 0,
                        "rules": [],
                    }
                ],
            },
            "is not a table's grade",
        ),
    ],
)
def test_a_malformed_grades_section_is_refused_with_what_is_wrong(grades: object, message: str) -> None:
    game = ClassicGame(seed=1)
    data = {**game.to_json(), "grades": grades}
    with pytest.raises(SaveFileError, match=message.replace("(", r"\(")):
        grade_saved_text(json.dumps(data), name="x")
