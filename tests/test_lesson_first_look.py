"""The lessons as a student first opens them, before running anything.

A committed lesson shows its text and either nothing yet under an exercise or
the rendered exercise: never a widget's text form, never a test marker, never an
answer printed under its question, and no fraction a student cannot read.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# A widget's repr: ``EffectiveSuitQuestion(children=(HTML(value=...``, ``HTML(value='<span ...``, ``Button(...)``
WIDGET_REPR = re.compile(
    r"\(children=\(|\b\w*(?:Widget|Box|HTML|Button|App)\((?:children|value|description)="
)
# A fraction with a numerator or denominator of four digits or more: −16075121357/10291881600
LONG_FRACTION = re.compile(r"\d{4,}\s*/\s*\d|\d\s*/\s*\d{4,}")
NBVAL_TAGS = {"nbval-check-output", "nbval-ignore-output", "nbval-skip", "nbval-raises-exception"}
# A cell that builds an exercise: ChoiceQuestion(...), BidQuestion(...), WhichWinsQuestion(...), ...
QUESTION = re.compile(r"\b[A-Z]\w*Question\(")
HEADING = re.compile(r"^#{1,6} ", re.MULTILINE)


def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def _source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def _output_texts(cell: dict[str, Any]) -> list[str]:
    """Every text an output shows: a stream's text, and each text-like form of a result."""
    texts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            texts.append("".join(output["text"]))
        for mime, value in output.get("data", {}).items():
            if mime.startswith("text/"):
                texts.append("".join(value) if isinstance(value, list) else str(value))
    return texts


def _tags(cell: dict[str, Any]) -> list[str]:
    tags: list[str] = cell.get("metadata", {}).get("tags", [])
    return tags


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_widget_shows_as_text(path: Path) -> None:
    for i, cell in enumerate(_cells(path)):
        for output in cell.get("outputs", []):
            assert WIDGET_VIEW not in output.get("data", {}), (
                f"cell {i}: a widget output saved without its state shows as text or an error"
            )
        for text in _output_texts(cell):
            assert not WIDGET_REPR.search(text), f"cell {i} shows a widget's text form: {text[:80]!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_nbval_markers_are_tags_not_comments(path: Path) -> None:
    checked = 0
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "code":
            continue
        assert "NBVAL_" not in _source(cell), f"cell {i}: an nbval marker in the code a student reads"
        tags = set(_tags(cell)) & NBVAL_TAGS
        checked += "nbval-check-output" in tags
        if "nbval-check-output" in tags:
            assert cell.get("outputs"), (
                f"cell {i}: a checked cell committed without the output nbval compares"
            )
    assert checked, "at least one cell's output is checked by nbval"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_long_fraction_anywhere_a_student_reads(path: Path) -> None:
    for i, cell in enumerate(_cells(path)):
        texts = [_source(cell)] if cell["cell_type"] == "markdown" else _output_texts(cell)
        for text in texts:
            found = LONG_FRACTION.search(text)
            assert not found, f"cell {i}: a fraction of more than three digits: {found.group(0)!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_answer_is_printed_under_its_question(path: Path) -> None:
    """After an exercise, until the next heading, no cell prints anything: the answer is the exercise's Check."""
    cells = _cells(path)
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code" or not QUESTION.search(_source(cell)):
            continue
        for j in range(i + 1, len(cells)):
            after = cells[j]
            if after["cell_type"] == "markdown" and HEADING.search(_source(after)):
                break
            if after["cell_type"] == "code":
                printed = _output_texts(after) or "print(" in _source(after)
                assert not printed, f"cell {j} prints right after the question of cell {i}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_code_cell_answers_a_question_itself(path: Path) -> None:
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] == "code":
            assert not re.search(r"\.answer\(\s*\d", _source(cell)), (
                f"cell {i} clicks an exercise's answer for the student"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_an_exercise_cell_shows_its_exercise_not_its_answer_key(path: Path) -> None:
    """The code of a question holds its right answer: JupyterLab shows the cell collapsed, the exercise after a run."""
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] == "code" and QUESTION.search(_source(cell)):
            assert cell["metadata"].get("jupyter", {}).get("source_hidden") is True, f"cell {i}"


# The checks a lesson used to print under its questions, now asserted here.


def test_lesson_1_the_left_bower_question_marks_hearts_right() -> None:
    from euchre_tutor.widgets.quiz import EffectiveSuitQuestion

    q = EffectiveSuitQuestion("JD", trump="H")
    hearts = [b.description for b in q.buttons].index("♥ hearts")
    text = q.answer(hearts)
    assert text.startswith("Right! J♦ is the left bower") and "plays as a heart" in text
    assert q.answer(hearts - 1).startswith("Not quite.")


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [("9H AH", "C", "AH"), ("AH 9C", "C", "9C"), ("KD AS", "H", "KD"), ("AC JS", "C", "JS")],
)
def test_lesson_3_the_tricks_are_marked_by_the_engine(cards: str, trump: str, winner: str) -> None:
    from euchre_tutor.cards import Card
    from euchre_tutor.widgets.quiz import WhichWinsQuestion

    q = WhichWinsQuestion(cards, trump=trump)
    right = [i for i in range(len(q.buttons)) if q.answer(i).startswith("Right!")]
    assert [q.cards[i] for i in right] == [Card.parse(winner)]


def test_lesson_8_the_engine_refuses_the_revoke_and_the_winner_leads() -> None:
    from euchre_tutor.games.classic.engine.replay import replay_state

    hand = {
        "rules": "standard",
        "dealer": "N",
        "hands": {
            "N": ["9S", "TS", "QS", "KS", "QD"],
            "E": ["9H", "TH", "QH", "KH", "JD"],
            "S": ["9D", "JH", "AS", "KD", "AD"],
            "W": ["9C", "TC", "QC", "KC", "AC"],
        },
        "up": "AH",
        "actions": ["pass", "pass", "pass", "pass", "call D", "play JD"],
    }
    state = replay_state(hand)
    assert " ".join(c.symbol for c in state.legal_plays()) == "9♦ K♦ A♦ J♥"
    with pytest.raises(ValueError, match="South's J♥ is the left bower, a trump"):
        state.apply("play AS")
    assert state.trick_leader.word == "East"
    for card in ("JH", "9C", "QD"):
        state = state.apply(f"play {card}")
    assert state.tricks[0].winner.word == "East" and state.to_act.word == "East"


def test_a_card_exercise_draws_the_hand_once_with_no_trump_mark() -> None:
    from euchre_tutor.widgets.quiz import EffectiveSuitQuestion, FollowSuitQuestion, WhichWinsQuestion

    follow = FollowSuitQuestion("JS QS 9H AC KD", "KS", trump="C")
    assert [b.description for b in follow.buttons] == ["J♠", "Q♠", "9♥", "A♣", "K♦"]
    assert follow.buttons[0].tooltip == "jack of spades"
    assert follow.prompt.value.count('role="img"') == 1  # the led card only: the hand is the buttons
    trick = WhichWinsQuestion("AC JS", trump="C")
    assert 'role="img"' not in trick.prompt.value and [b.description for b in trick.buttons] == ["A♣", "J♠"]
    left = EffectiveSuitQuestion("JS", trump="C")
    for q in (follow, trick, left):
        assert "box-shadow" not in q.prompt.value  # no gold ring on the trumps: that is the question
    assert follow.buttons[2].style.text_color != follow.buttons[0].style.text_color  # red and black faces
