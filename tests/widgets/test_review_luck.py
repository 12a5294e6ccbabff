"""The classic review shows the hand's luck and skill, then the match's, from the session statistics.

The figures are checked against the parts computed here from what the table itself shows: the
hand's points from its log (and those scored again from its tricks by the scorer transcribed from the
rule sheet, tests/classic/independent_scoring.py), the decisions' losses from their grades, the value of the first decision
from its hint, and the seat's measured baseline.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from importlib import resources

import pytest

from euchre_tutor.advisor.luck import (
    HandLuck,
    hand_luck,
    luck_sentence,
    lucky_swings,
    measured_baseline,
    swings,
    total,
)
from euchre_tutor.games import classic
from euchre_tutor.games.classic import LUCK_BASELINE
from euchre_tutor.widgets import ClassicApp
from tests.classic.independent_scoring import expected_points as independent_points
from tests.widgets.test_classic_tutor import best, play_to_end_of_hand, tutor_app, worst


@pytest.fixture
def app() -> Iterator[ClassicApp]:
    a = tutor_app(show_hint=True, grading=True)
    yield a
    a.close()


def expected_luck(app: ClassicApp, number: int) -> HandLuck:
    c, t = app.controller, app.tutor
    log = next(log for log in c.hand_logs() if log.number == number)
    assert log.points is not None
    if log.maker is not None:  # the points, scored again from the hand's tricks by the rule sheet's scorer
        makers = log.maker.team.index
        took = sum(1 for _, trick in log.tricks if trick.winner.team.index == makers)
        said = " ".join(log.bidding)
        alone, lone = "goes alone" in said, "defends alone" in said
        assert log.points == independent_points(c.state.rules, took, alone, lone, makers)
    team = c.seat.team.index
    points = log.points[team] - max(p for i, p in enumerate(log.points) if i != team)
    graded = [(d, t.grade_of(d)) for d in t.decisions(number) if not d.forced]
    assert all(g is not None for _, g in graded)
    first = t.hint_of(graded[0][0]) if graded else None
    return hand_luck(
        number,
        points=points,
        expected=None if first is None else first.best.ev,
        baseline=measured_baseline(
            resources.files(classic) / LUCK_BASELINE.format(level=t.table),
            (int(c.seat) - int(log.dealer)) % 4,
        ),
        losses=[float(g.loss) for _, g in graded if g is not None],
        labels=[g.label for _, g in graded if g is not None],
    )


def shown_luck(app: ClassicApp) -> str:
    found = re.search(r'<p class="et-luck">(.*?)</p>', app.review_body.value)
    assert found, "the review shows no luck and skill"
    return html.unescape(found.group(1))


def test_the_review_splits_each_hand_and_the_match_into_luck_and_skill(app: ClassicApp) -> None:
    c = app.controller
    play_to_end_of_hand(app, worst)
    app.review_open.click()
    first = expected_luck(app, 1)
    assert first.mistakes >= 1  # the worst action every time makes mistakes
    assert shown_luck(app) == luck_sentence(total([first]), "hand")
    assert "this match" not in shown_luck(app)  # one hand is not yet a match to sum
    assert c.next_hand()
    play_to_end_of_hand(app, best)
    app.review_open.click()
    second = expected_luck(app, 2)
    assert shown_luck(app) == (
        f"{luck_sentence(total([second]), 'hand')} {luck_sentence(total([first, second]), 'match')}"
    )
    assert "hand 1)" in shown_luck(app) or "hands 1" in shown_luck(app)  # the match names hand 1's mistakes


def test_the_review_marks_the_hands_lucky_and_unlucky_swings(app: ClassicApp) -> None:
    """The swings are the rest of the hand's luck, decision by decision: computed here from the
    table's own grades, hints and log, they add up to the rest; the largest of each sign is marked."""
    play_to_end_of_hand(app, best)
    app.review_open.click()
    t = app.tutor
    graded = [d for d in t.decisions(1) if not d.forced]
    values = [t.hint_of(d).best.ev for d in graded]  # type: ignore[union-attr]
    losses = [float(t.grade_of(d).loss) for d in graded]  # type: ignore[union-attr]
    luck = expected_luck(app, 1)
    mine = swings(values, losses, points=luck.points)
    assert [s for _, s in t.swings(1)] == mine
    assert sum(s.amount for s in mine) == luck.rest  # exactly: the rest, split
    review = html.unescape(app.review_body.value)
    lucky, unlucky = lucky_swings(mine)
    assert (lucky, unlucky) != (None, None), "this hand has a swing to mark: choose another seed if not"
    for i, kind in ((lucky, "lucky"), (unlucky, "unlucky")):
        if i is None:
            assert f"et-swing {kind}" not in review
            continue
        amount = f"{float(mine[i].amount):+.2f}".replace("-", "−")
        assert f"{kind} {amount}</span>" in review
        assert mine[i].words in review
    assert review.count('class="et-swing ') == sum(i is not None for i in (lucky, unlucky))
