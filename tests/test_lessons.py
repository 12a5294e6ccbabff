"""The lesson notebooks: every rule the tutor plays is taught, and each lesson is complete."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from euchre_tutor.games.bid.rules import RULE_SENTENCES as BID_RULES
from euchre_tutor.rules.catalogue import RULES

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))
# The games the tutor lets a student play in its widgets: Euchre Solitaire, and
# classic Euchre at the classic table (ClassicApp) with its house rules.
PLAYED_AREAS = {"cards", "solitaire", "classic", "house"}
# A lesson's preset deal to play: the Solitaire tutor's, the classic table's or the Bid Euchre table's.
PRESETS = ("preset_deal(", "preset_classic(", "preset_bid(")


def _code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def _taught(path: Path) -> list[str]:
    """The rule ids of a lesson's closing ``rules_summary([...])`` call."""
    ids: list[str] = []
    for source in _code_cells(path):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "rules_summary":
                ids.extend(ast.literal_eval(node.args[0]))
    return ids


def rule_map() -> dict[str, list[str]]:
    """Rule id → the lessons that teach it."""
    taught: dict[str, list[str]] = {}
    for path in NOTEBOOKS:
        for rule_id in _taught(path):
            taught.setdefault(rule_id, []).append(path.stem)
    return taught


def test_the_course_has_the_thirteen_lessons() -> None:
    numbers = [p.name[:2] for p in NOTEBOOKS]
    assert numbers == [f"{n:02d}" for n in range(1, 14)]


def test_every_rule_of_the_catalogue_is_taught() -> None:
    assert {r.area for r in RULES.values()} == PLAYED_AREAS
    missing = sorted(set(RULES) - set(rule_map()))
    assert not missing, f"rules no lesson teaches: {missing}"


def test_every_rule_the_tutor_plays_is_taught_somewhere() -> None:
    taught = rule_map()
    played = {rule_id for rule_id, r in RULES.items() if r.area in PLAYED_AREAS}
    missing = sorted(played - set(taught))
    assert not missing, f"rules no lesson teaches: {missing}"


def test_every_sentence_of_the_bid_euchre_rules_sheet_is_taught() -> None:
    # the Bid Euchre table plays them; their ids (bid.*) live beside the catalogue, in rules/bid.py
    missing = sorted(set(BID_RULES) - set(rule_map()))
    assert not missing, f"Bid Euchre rules no lesson teaches: {missing}"


def test_lessons_teach_only_catalogue_rules() -> None:
    unknown = sorted(set(rule_map()) - set(RULES) - set(BID_RULES))
    assert not unknown


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_each_lesson_has_an_exercise_a_checked_cell_and_a_preset_deal(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = "\n".join(_code_cells(path))
    tags = {t for c in nb["cells"] for t in c.get("metadata", {}).get("tags", [])}
    assert _taught(path), "the lesson ends with rules_summary([...])"
    assert "nbval-check-output" in tags, "at least one cell's output is checked by nbval (a cell tag)"
    assert any(p in text for p in PRESETS), "a preset deal to play in the tutor"
    assert "Question(" in text, "an exercise the notebook checks itself"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_lessons_are_committed_without_widget_state(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb.get("metadata", {})
    assert path.stat().st_size < 200_000
