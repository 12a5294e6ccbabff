"""The golden transcripts: the engines still play the recorded hands to the letter.

``tests/data/transcripts/*.txt`` are OpenSpiel-style playthroughs (see
:mod:`tests.transcripts`). After an intended change of the rules or of
their words, regenerate them with ``python -m tests.transcripts --update``
and read the diff.
"""

from __future__ import annotations

import difflib

import pytest

from tests.transcripts import DIRECTORY, transcripts

MADE = transcripts()


@pytest.mark.parametrize("name", sorted(MADE))
def test_the_engine_still_plays_the_transcript(name: str) -> None:
    recorded = (DIRECTORY / f"{name}.txt").read_text(encoding="utf-8")
    played = MADE[name]()
    if played != recorded:
        diff = "".join(
            difflib.unified_diff(
                recorded.splitlines(keepends=True),
                played.splitlines(keepends=True),
                "recorded",
                "played",
                n=2,
            )
        )
        pytest.fail(
            f"{name}: the engine no longer plays the recorded transcript "
            f"(if the change is intended: python -m tests.transcripts --update)\n{diff[:4000]}"
        )


def test_every_recorded_transcript_has_a_scenario() -> None:
    recorded = {p.stem for p in DIRECTORY.glob("*.txt")}
    assert recorded == set(MADE)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("solitaire-order-up", "Player ordered up"),
        ("solitaire-name-trump", "Player named spades"),
        ("solitaire-alone", ", alone"),
        ("solitaire-stock-runs-out", "The stock ran out"),
        ("classic-normal-hand", "East orders up"),
        ("classic-alone", "North (dealer, sits out)"),
        (
            "classic-stick-the-dealer",
            "To act: North\n  Legal: call C, call C alone",
        ),  # the dealer may not pass
        ("classic-three-players", "Player 3"),
        ("classic-six-players", "Player 6"),
        ("classic-joker", "Joker"),
        ("classic-misdeal", "calls a misdeal"),
    ],
)
def test_each_transcript_shows_what_its_scenario_is_about(name: str, words: str) -> None:
    assert words in (DIRECTORY / f"{name}.txt").read_text(encoding="utf-8")
