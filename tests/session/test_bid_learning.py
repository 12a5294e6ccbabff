"""Bid Euchre's mistakes after the table: its drills read by ``bid analyze``, graded on the Practice page,
kept in a deck file; its saves graded for the report and for ``deck build``; its session report.

A tutor plays a hand choosing the advisor's worst option (the real advisor, few sampled deals, in this
process), so the hand has Mistakes and Blunders; the checks compare each place's grade with the table's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_tutor.advisor.drills import Deck, drill_id
from euchre_tutor.advisor.luck import MISTAKE_LABELS, measured_baseline
from euchre_tutor.cli import main
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.bid import LUCK_BASELINE
from euchre_tutor.games.bid.engine import BidGame
from euchre_tutor.games.bid.session.advice import BidAdvisorSource
from euchre_tutor.games.bid.session.controller import BidController, action_label
from euchre_tutor.games.bid.session.grading import grade_bid, grade_bid_table
from euchre_tutor.games.bid.session.tutor import BidTutor
from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.session.practice import add_graded_game, drill_scene, grade_drill_answer
from euchre_tutor.session.session_report import build_session_report
from euchre_tutor.widgets import PracticeApp

WORLDS = 20


def play_worst(seed: int = 7) -> BidTutor:
    """A grading tutor whose student chose the advisor's worst option all hand."""
    c = BidController(seed)
    t = BidTutor(c, source=BidAdvisorSource(), runner="inline", worlds=WORLDS, grading=True)
    while not c.waiting:
        hint = t.current_hint
        assert c.act(c.legal[0] if hint is None else hint.options[-1].action)
    return t


@pytest.fixture(scope="module")
def tutor() -> BidTutor:
    return play_worst()


def test_bid_analyze_reads_each_drill_and_grades_its_answer_as_the_table_did(
    tutor: BidTutor, capsys: pytest.CaptureFixture[str]
) -> None:
    assert len(tutor.drills) >= 2
    by_answer = {str(d.action): d for d in tutor.decisions() if not d.forced}
    for drill in tutor.drills.drills:
        data = {**drill.position, "action": drill.answer}
        argv = ["--worlds", str(WORLDS), "--max-worlds", str(WORLDS), "--seed", str(tutor.seed)]
        code = main(["bid", "analyze", *argv, "--input", json.dumps(data)])
        out, err = capsys.readouterr()
        assert code == 0 and err == ""
        result = json.loads(out)
        decision = by_answer[str(drill.answer)]
        assert result["seat"] == "S" and sorted(result["legal"]) == sorted(map(str, decision.view.legal))
        assert result["grade"]["label"] == drill.label == tutor.grade_of(decision).label  # type: ignore[union-attr]
        assert result["best"] == drill.best


def test_a_bid_drill_is_graded_on_practice_as_the_table_graded_it(tutor: BidTutor) -> None:
    for drill in tutor.drills.drills:
        assert drill.answer is not None
        graded = grade_drill_answer(drill, drill.answer, worlds=WORLDS, seed=tutor.seed)
        assert graded.label == drill.label and not graded.right
        best = grade_drill_answer(drill, str(drill.best), worlds=WORLDS, seed=tutor.seed)
        assert best.right and best.label == "Best" and graded.best == best.best
        assert graded.text.startswith(
            action_label(next(a for a in drill_legal(drill) if str(a) == drill.answer))
        )
        # the table's words are read too, and an answer that is not legal is refused
        assert grade_drill_answer(drill, graded.best, worlds=WORLDS, seed=tutor.seed).right
        with pytest.raises(EuchreError, match="not a legal answer"):
            grade_drill_answer(drill, "order up", worlds=WORLDS, seed=tutor.seed)


def drill_legal(drill: object) -> list[object]:
    from euchre_tutor.games.bid.advisor.position import read_position

    return list(read_position(drill.position).legal)  # type: ignore[attr-defined]


def test_the_scene_shows_the_position_as_the_student_saw_it(tutor: BidTutor) -> None:
    decisions = {str(d.action): d for d in tutor.decisions() if not d.forced}
    for drill in tutor.drills.drills:
        view = decisions[str(drill.answer)].view
        scene = drill_scene(drill)
        assert scene.title == "Bid Euchre: you are South, North deals"
        assert sorted(scene.hand, key=str) == sorted(view.hand, key=str)
        assert [c.answer for c in scene.choices] == [str(a) for a in view.legal]
        assert [c.words for c in scene.choices] == [action_label(a) for a in view.legal]
        captions = " ".join(caption for caption, _ in scene.rows)
        assert "Bids so far:" in captions and str(drill.best) not in captions  # no hint
        if view.trick_plays:
            assert scene.rows[-1][1] == tuple(c for _, c in view.trick_plays)
            assert scene.question == "Which card do you play?"
        elif view.phase.value == "bidding":
            assert scene.question == "What do you bid?"


def test_a_deck_with_bid_drills_round_trips_and_a_malformed_one_is_refused(tutor: BidTutor) -> None:
    deck = tutor.drills
    again = Deck.loads(deck.dumps())
    assert again == deck and {d.game for d in again.drills} == {"bid"}
    data = json.loads(deck.dumps())
    bad = json.loads(deck.dumps())
    bad["drills"][1]["position"]["actions"].append("play 9S")  # a card South does not hold, or out of turn
    del bad["drills"][1]["id"]
    with pytest.raises(EuchreError, match=r'drill 2: its "position" is not one the bid advisor reads'):
        Deck.from_json(bad)
    level = json.loads(deck.dumps())
    level["drills"][0]["level"] = "club"
    with pytest.raises(EuchreError, match='a Bid Euchre drill has no table "level"'):
        Deck.from_json(level)
    assert Deck.from_json(data) == deck  # the good file still reads


def test_the_practice_page_serves_and_grades_a_bid_drill(tutor: BidTutor) -> None:
    deck = Deck.loads(tutor.drills.dumps())
    deck.next_session()
    page = PracticeApp(deck, worlds=WORLDS, max_worlds=WORLDS, seed=tutor.seed)
    drill = page.current
    assert drill is not None and drill.game == "bid"
    assert "Bid Euchre" in page.position.value and "Your hand:" in page.position.value
    buttons = list(page.buttons.children)
    assert [b.description for b in buttons] == [c.words for c in drill_scene(drill).choices]
    i = [c.answer for c in drill_scene(drill).choices].index(str(drill.best))
    buttons[i].click()
    assert page.last is not None and page.last.right and page.last.label == "Best"
    assert page.deck[drill.id].box == 2 and "Right!" in page.feedback.value


def test_a_bid_save_is_graded_as_the_table_graded_it_and_builds_a_deck(
    tutor: BidTutor, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # on the table's deals and seed, the save's grades are the table's
    graded = grade_bid(
        BidGame.loads(tutor.controller.save_text()), name="ada", seed=tutor.seed, worlds=WORLDS
    )
    assert graded.game == "bid" and len(graded.hands) == 1
    hand = graded.hands[0]
    real = [d for d in tutor.decisions(1) if not d.forced]
    assert [m.action for m in hand.moves] == [str(d.action) for d in real]
    assert [m.analyze_input for m in hand.moves] == [tutor.position_of(d) for d in real]
    assert [m.label for m in hand.moves] == [tutor.grade_of(d).label for d in real]  # type: ignore[union-attr]
    luck = tutor.stats.luck("bid")[0]
    seat = (int(tutor.controller.seat) - int(tutor.controller.hand_logs()[0].dealer)) % 4
    assert hand.points == luck.points and hand.baseline == measured_baseline(LUCK_BASELINE, seat)
    assert luck.seat == hand.baseline  # exactly: the statistics keep the measured Fraction
    deck = Deck()
    assert add_graded_game(deck, graded) == len(tutor.drills)
    assert {d.id for d in deck.drills} == {d.id for d in tutor.drills.drills}
    assert all(d.source.startswith("ada: hand 1, ") for d in deck.drills)
    # a saved file is told apart by its format and graded on the hint's 200 deals, as the command does
    text = tutor.controller.save_text()
    by_format = grade_saved_text(text, name="ada", seed=tutor.seed)
    assert by_format.game == "bid" and [m.action for m in by_format.hands[0].moves] == [
        m.action for m in hand.moves
    ]
    mistakes = {
        drill_id("bid", m.analyze_input) for m in by_format.hands[0].moves if m.label in MISTAKE_LABELS
    }
    save = tmp_path / "ada.json"
    save.write_text(text, encoding="utf-8")
    out = tmp_path / "deck.json"
    code = main(["deck", "build", str(save), "--seed", str(tutor.seed), "--out", str(out)])
    assert code == 0 and "from 1 saved game" in capsys.readouterr().out
    built = Deck.loads(out.read_text(encoding="utf-8"))
    assert mistakes and {d.id for d in built.drills} == mistakes


def test_the_session_report_carries_the_bid_match_with_the_tables_grades(tutor: BidTutor) -> None:
    before = tutor.controller.save_text()
    built = build_session_report(tutor.stats, name="Ada", tables=[(tutor.controller, tutor)])
    assert built is not None and built.hands == 1
    real = [d for d in tutor.decisions(1) if not d.forced]
    assert built.table_grades == len(real) and built.graded_now == 0
    student = built.report.students[0]
    assert student.graded.game == "bid" and student.luck == tutor.stats.luck_total("bid")
    assert "Bid Euchre match, seed 7" in built.html and "bid alone" in built.html
    assert tutor.controller.save_text() == before  # building changes nothing at the table


def test_decisions_the_table_did_not_grade_are_graded_for_the_report() -> None:
    graded = play_worst(5)
    # the same match at a table whose grading was off (loaded from the graded table's save)
    ungraded = BidTutor(BidController(5), source=BidAdvisorSource(), runner="inline", worlds=WORLDS)
    assert ungraded.controller.load_deal(graded.controller.save_text())
    assert ungraded.recorded_grades()["decisions"] == []
    found, held, now = grade_bid_table(ungraded.controller, ungraded)
    real = [d for d in graded.decisions(1) if not d.forced]
    assert held == 0 and now == len(real)
    assert [m.label for m in found.hands[0].moves] == [graded.grade_of(d).label for d in real]  # type: ignore[union-attr]


def test_a_bid_save_carries_the_tables_grades_which_the_report_reads(tutor: BidTutor) -> None:
    """The table's **Save game** writes its grades: the report takes them as they are (whatever seed it
    is given), ``--regrade`` grades again, the save loads back at a table, and a malformed grade is
    refused with what is wrong."""
    text = tutor.save_text()
    data = json.loads(text)
    real = [d for d in tutor.decisions() if not d.forced]
    assert [g["index"] for g in data["grades"]["decisions"]] == [d.index for d in real]
    shown = [tutor.grade_of(d) for d in real]
    # another seed and the default deals: only the table's own grades can give the table's labels
    read = grade_saved_text(text, name="ada", seed=tutor.seed + 1)
    assert [m.label for m in read.hands[0].moves] == [g.label for g in shown]  # type: ignore[union-attr]
    assert [m.loss for m in read.hands[0].moves] == [round(float(g.loss), 6) for g in shown]  # type: ignore[union-attr]
    again = grade_saved_text(text, name="ada", seed=tutor.seed, regrade=True)
    assert [m.action for m in again.hands[0].moves] == [m.action for m in read.hands[0].moves]
    table = BidController(99)
    assert (
        table.load_deal(text)
        and table.game.to_json() == BidGame.loads(tutor.controller.save_text()).to_json()
    )
    data["grades"]["decisions"][0]["label"] = "Brilliant"
    with pytest.raises(EuchreError, match="is not a table's grade"):
        grade_saved_text(json.dumps(data), name="ada")
    data["grades"] = ["not", "grades"]
    with pytest.raises(EuchreError, match='"grades" must be an object with its "decisions"'):
        grade_saved_text(json.dumps(data), name="ada")
