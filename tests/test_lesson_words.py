"""Every text a student reads in a lesson is in a player's words.

The markdown and every committed output (a printed line, an HTML table's visible text) pass
:func:`~euchre_tutor.advisor.voice.text_problems` at the figures depth: no action code
(``discard 9C``, ``bid 3 H``), no rule id in brackets, no undefined symbol (``EV``, ``P(``),
no ASCII minus in a number, no long fraction, no sentence said twice.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.advisor.voice import Depth, text_problems, visible_text

LESSONS = Path(__file__).resolve().parents[1] / "notebooks" / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))


def _texts(cell: dict[str, Any]) -> list[str]:
    """What a student reads of a cell before running anything: a markdown cell's text, a code cell's outputs."""
    if cell["cell_type"] == "markdown":
        return ["".join(cell["source"])]
    texts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            texts.append("".join(output["text"]))
        data = output.get("data", {})
        if "text/html" in data:
            texts.append(visible_text("".join(data["text/html"])))
        elif "text/plain" in data:
            texts.append("".join(data["text/plain"]))
    return texts


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_lesson_reads_in_a_players_words(path: Path) -> None:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [
        f"cell {i}: {problem}"
        for i, cell in enumerate(cells)
        for text in _texts(cell)
        for problem in text_problems(text, Depth.FIGURES)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("North: discard 9C", "code"),
        ("with partner, 0 tricks: the defenders score 2  [classic.score-euchre]", "rule id"),
        ("the deck burns (n − q)/(q + 1) cards", "undefined symbol"),
        ("order up is worth +1.000 points against -0.038", "ASCII minus"),
    ],
)
def test_the_check_finds_what_the_lessons_used_to_print(text: str, problem: str) -> None:
    found = _texts({"cell_type": "code", "outputs": [{"output_type": "stream", "text": [text]}]})
    assert any(p.startswith(problem) for p in text_problems(found[0], Depth.FIGURES))
