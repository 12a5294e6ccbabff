"""The golden transcripts: the engines still play the recorded hands to the letter.

``tests/data/transcripts/*.txt`` are OpenSpiel-style playthroughs (see
:mod:`tests.transcripts`). After an intended change of the rules or of
their words, regenerate them with ``python -m tests.transcripts --update``
and read the diff.
"""

from __future__ import annotations

import difflib
import re

import pytest

from euchre_tutor.games.classic.engine.deal import rules_seating
from tests.bid.independent_scoring import expected_points, tricks_in_hand
from tests.bid.transcripts import BID
from tests.classic.independent_scoring import expected_points as classic_points
from tests.transcripts import CLASSIC, DIRECTORY, transcripts

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


# ----------------------------------------------------------------- Bid Euchre: the recorded scores, independently

_WINS = re.compile(r"^\s+(North|East|South|West) wins trick \d+\.$", re.M)
_HIGH = re.compile(r"^  High bid: bid (.+) by (North|East|South|West) \(needs \d+ tricks\)$", re.M)
_POINTS = re.compile(r"^  Points: NS (-?\d+), EW (-?\d+)$", re.M)
_TEAM = {"North": 0, "South": 0, "East": 1, "West": 1}


def _scorer_bid(words: str) -> int | str:
    """The independent scorer's name for a bid as a transcript writes it ("3 S", "4", "alone high",
    "call 2 H")."""
    first, *rest = words.split()
    if first == "alone":
        return "alone"
    if first == "call":
        return f"call-{rest[0]}"
    return int(first)


@pytest.mark.parametrize("name", sorted(BID))
def test_each_bid_transcript_scores_as_the_independent_scorer_says(name: str) -> None:
    """The recorded points, from the recorded tricks and the winning bid, by the scorer transcribed from
    the rules sheet (tests/bid/independent_scoring.py): a transcript recorded from a wrong engine fails
    here even though the engine still plays it to the letter."""
    rules = BID[name].rules
    text = (DIRECTORY / f"{name}.txt").read_text(encoding="utf-8")
    final = text[text.index("\nFinal\n") :]
    winners = _WINS.findall(text)
    assert len(winners) == tricks_in_hand(rules)  # every trick of the hand is recorded, once
    high = _HIGH.search(final)
    points = _POINTS.search(final)
    assert high is not None and points is not None
    team = _TEAM[high[2]]
    took = sum(1 for seat in winners if _TEAM[seat] == team)
    recorded = (int(points[1]), int(points[2]))
    assert recorded == expected_points(rules, _scorer_bid(high[1]), took, team)


# ----------------------------------------------------------------- classic: the recorded scores, independently

_CLASSIC_WINS = re.compile(r"^\s+(North|East|South|West|Player \d) wins trick \d+\.$", re.M)
_CONTRACT = re.compile(r"^  Contract: .* made by (North|East|South|West|Player \d)(, alone)?$", re.M)
_CLASSIC_POINTS = re.compile(r"^  Points: (.+)$", re.M)


@pytest.mark.parametrize("name", sorted(CLASSIC))
def test_each_classic_transcript_scores_as_the_independent_scorer_says(name: str) -> None:
    """The recorded points, from the recorded tricks and the contract, by the scorer transcribed from the
    rule sheet (tests/classic/independent_scoring.py); a hand with no contract (a misdeal, a pass-out)
    scores nothing."""
    rules = CLASSIC[name].rules
    text = (DIRECTORY / f"{name}.txt").read_text(encoding="utf-8")
    final = text[text.index("\nFinal\n") :]
    seating = rules_seating(rules)
    team_of = {seat.word: seat.team.index for seat in seating.seats}
    points = _CLASSIC_POINTS.search(final)
    assert points is not None
    recorded = tuple(int(part.rsplit(" ", 1)[1]) for part in points[1].split(", "))
    contract = _CONTRACT.search(final)
    winners = _CLASSIC_WINS.findall(text)
    if contract is None:
        assert winners == [] and recorded == (0,) * len(seating.teams)
        return
    assert len(winners) == 5  # every trick of the hand is recorded, once
    makers = team_of[contract[1]]
    took = sum(1 for seat in winners if team_of[seat] == makers)
    lone = "defends alone" in text
    assert recorded == classic_points(rules, took, contract[2] is not None, lone, makers)
