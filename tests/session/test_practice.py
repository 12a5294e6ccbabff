"""Practice: drills built from saved games and from a teacher's positions, and their answers graded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_tutor.advisor.drills import Deck, DeckError
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.position import read_position
from euchre_tutor.games.classic.session.grading import computer_classic_save
from euchre_tutor.games.solitaire.engine.cli import position_from_json
from euchre_tutor.games.solitaire.session.grading import computer_solitaire_save
from euchre_tutor.games.solitaire.views import player_view
from euchre_tutor.session.learning import GradedGame, grade_saved_text
from euchre_tutor.session.practice import (
    TEACHER,
    add_graded_game,
    deck_from_positions,
    drill_scene,
    grade_drill_answer,
)

FAST = {"worlds": 60, "max_worlds": 60}


@pytest.fixture(scope="module")
def classic_game() -> GradedGame:
    # a Beginner student's three hands, graded on one fixed sample a decision (quick) for speed
    return grade_saved_text(computer_classic_save(13, 3, "beginner"), name="ada", quick=True)


@pytest.fixture(scope="module")
def solitaire_game() -> GradedGame:
    return grade_saved_text(computer_solitaire_save(5, 3), name="cleo")


def mistakes(game: GradedGame) -> list[tuple[int, str, str, str]]:
    return [
        (h.number, m.label, m.action, m.best)
        for h in game.hands
        for m in h.moves
        if m.label in ("Mistake", "Blunder")
    ]


def test_every_graded_move_carries_the_position_its_advisor_reads(
    classic_game: GradedGame, solitaire_game: GradedGame
) -> None:
    for move in (m for h in classic_game.hands for m in h.moves):
        assert move.analyze_input is not None
        view = read_position(move.analyze_input)[0]
        assert view.my_turn and view.seat.word == "South"
        assert move.action in {str(a) for a in view.legal}
        assert f"hand {' '.join(str(c) for c in view.hand)}" in move.position
    for move in (m for h in solitaire_game.hands for m in h.moves):
        assert move.analyze_input is not None
        view = player_view(position_from_json(move.analyze_input))
        assert f"hand {' '.join(str(c) for c in view.hand)}" in move.position


def test_every_mistake_and_blunder_becomes_one_drill(classic_game: GradedGame) -> None:
    expected = mistakes(classic_game)
    assert expected, "the fixture's student should make mistakes"
    deck = Deck()
    assert add_graded_game(deck, classic_game, level="beginner") == len(expected)
    assert [(d.label, d.answer, d.best) for d in deck.drills] == [(lb, a, b) for _, lb, a, b in expected]
    assert all(d.level == "beginner" and d.source.startswith("ada: hand ") for d in deck.drills)
    assert [d.source for d in deck.drills][:2] == ["ada: hand 1, the bidding", "ada: hand 1, trick 3"]
    assert deck.due_drills() == ()  # they come back next session
    deck.next_session()
    assert deck.due == len(expected)
    # the same game again adds nothing new
    assert add_graded_game(deck, classic_game, level="beginner") == 0 and len(deck) == len(expected)


def test_deck_build_reads_the_files_of_both_games(tmp_path: Path) -> None:
    from euchre_tutor.cli import main

    (tmp_path / "cleo.json").write_text(computer_solitaire_save(5, 3))
    (tmp_path / "ada.json").write_text(computer_classic_save(13, 3, "beginner"))
    out = tmp_path / "deck.json"
    assert (
        main(
            [
                "deck",
                "build",
                str(tmp_path / "cleo.json"),
                str(tmp_path / "ada.json"),
                "--quick",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    deck = Deck.loads(out.read_text())
    games = [d.game for d in deck.drills]
    assert "solitaire" in games and "classic" in games
    assert deck.drills[0].source == "cleo: deal 1, the trump choice"
    assert Deck.loads(deck.dumps()) == deck


def test_a_solitaire_drill_is_graded_exactly(solitaire_game: GradedGame) -> None:
    deck = Deck()
    add_graded_game(deck, solitaire_game)
    drill = deck.drills[0]
    assert (drill.answer, drill.label, drill.best) == ("order up", "Blunder", "name spades")
    again = grade_drill_answer(drill, drill.answer or "")
    assert (again.label, again.right, again.best) == ("Blunder", False, "name ♠")
    assert again.reasons and "name spades" in again.text
    best = grade_drill_answer(drill, "name spades")
    assert (best.label, best.right) == ("Best", True)
    assert grade_drill_answer(drill, "name ♠").label == "Best"  # the table's words are read too
    labels = {c.answer: grade_drill_answer(drill, c.answer).label for c in drill_scene(drill).choices}
    assert sum(label == "Best" for label in labels.values()) >= 1 and labels["order up"] == "Blunder"


def test_a_classic_drill_is_graded_by_the_advisor_seeded(classic_game: GradedGame) -> None:
    deck = Deck()
    add_graded_game(deck, classic_game, level="beginner")
    drill = deck.drills[0]
    assert [c.answer for c in drill_scene(drill).choices] == ["pass", "order", "order alone"]
    grades = [grade_drill_answer(drill, c.answer, **FAST) for c in drill_scene(drill).choices]
    assert [g.label for g in grades] == [
        g.label for g in (grade_drill_answer(drill, c.answer, **FAST) for c in drill_scene(drill).choices)
    ]
    assert all(g.best == grades[0].best for g in grades)
    best = next(g for g in grades if g.answer == grades[0].best.replace("order up", "order"))
    assert best.label == "Best" and best.right
    wrong = grades[2]
    assert (wrong.answer, wrong.label, wrong.right) == ("order alone", "Blunder", False)
    assert wrong.reasons and wrong.text.startswith("order up alone: ")


def test_a_classic_drill_refuses_an_answer_that_is_not_legal(classic_game: GradedGame) -> None:
    deck = Deck()
    add_graded_game(deck, classic_game, level="beginner")
    with pytest.raises(EuchreError, match=r"not a legal answer.*pass, order, order alone"):
        grade_drill_answer(deck.drills[0], "play JH", **FAST)


def test_the_scene_shows_the_position_without_the_hint(classic_game: GradedGame) -> None:
    deck = Deck()
    add_graded_game(deck, classic_game, level="beginner")
    scene = drill_scene(deck.drills[1])
    assert scene.title.startswith("Classic Euchre, Beginner table: you are South")
    assert scene.question == "Which card do you lead?" and len(scene.hand) == 3
    assert [c.words for c in scene.choices] == ["play K♣", "play 10♠", "play A♠"]
    assert "best" not in repr(scene).lower()


def test_a_teacher_deck_is_served_at_once() -> None:
    positions = [
        {"game": "solitaire", "position": {"seed": 7}, "note": "count the trumps"},
        {"game": "classic", "position": json.loads(json.dumps(read_position_input())), "level": "expert"},
    ]
    deck = deck_from_positions(json.dumps(positions))
    assert deck.due == 2 and all(d.source == TEACHER for d in deck.drills)
    assert deck.drills[0].note == "count the trumps" and deck.drills[1].level == "expert"
    assert deck.drills[0].answer is None
    assert grade_drill_answer(deck.drills[0], drill_scene(deck.drills[0]).choices[0].answer).label


def read_position_input() -> dict[str, object]:
    return {
        "rules": "standard",
        "dealer": "N",
        "seat": "E",
        "hand": ["AC", "KD", "TS", "JS", "9S"],
        "up": "TC",
        "actions": [],
    }


@pytest.mark.parametrize(
    ("positions", "message"),
    [
        ("[]", "non-empty JSON list"),
        ('[{"game": "chess", "position": {}}]', 'position 1: "game"'),
        ('[{"game": "solitaire", "position": {"seed": 7}, "colour": 1}]', "unknown field"),
        ('[{"game": "classic", "position": {"seed": 7}, "level": "grandmaster"}]', '"level" must be one of'),
        (
            '[{"game": "solitaire", "position": {"seed": 7}}, {"game": "solitaire", "position": {"seed": -1}}]',
            "position 2",
        ),
    ],
)
def test_a_bad_teacher_file_is_refused_by_its_number(positions: str, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        deck_from_positions(positions)


def test_deck_build_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from euchre_tutor.cli import main

    (tmp_path / "cleo.json").write_text(computer_solitaire_save(5, 3))
    (tmp_path / "bad.json").write_text("{nope")
    out = tmp_path / "deck.json"
    assert (
        main(["deck", "build", str(tmp_path / "cleo.json"), str(tmp_path / "bad.json"), "--out", str(out)])
        == 0
    )
    said = capsys.readouterr()
    assert "3 drills (3 new) from 1 saved game, 1 unreadable file" in said.out
    assert "bad.json" in said.err and "not valid JSON" in said.err
    deck = Deck.loads(out.read_text())
    assert deck.drills[0].source == "cleo: deal 1, the trump choice"
    # added to the deck it came from: nothing duplicated
    again = tmp_path / "again.json"
    assert main(["deck", "build", str(tmp_path / "cleo.json"), "--deck", str(out), "--out", str(again)]) == 0
    assert "3 drills (0 new)" in capsys.readouterr().out and Deck.loads(again.read_text()) == deck
    # a deck file that is not one is refused and nothing is written
    assert main(["deck", "build", str(tmp_path / "cleo.json"), "--deck", str(tmp_path / "cleo.json")]) == 2
    assert '"format"' in capsys.readouterr().err


def test_deck_positions_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from euchre_tutor.cli import main

    positions = tmp_path / "positions.json"
    positions.write_text(json.dumps([{"game": "solitaire", "position": {"seed": 7}, "note": "trumps"}]))
    assert main(["deck", "positions", str(positions)]) == 0
    deck = Deck.loads(capsys.readouterr().out)
    assert deck.due == 1 and deck.drills[0].note == "trumps"
    positions.write_text(json.dumps([{"game": "solitaire", "position": {"seed": "x"}}]))
    out = tmp_path / "deck.json"
    assert main(["deck", "positions", str(positions), "--out", str(out)]) == 2
    assert "position 1" in capsys.readouterr().err and not out.exists()
