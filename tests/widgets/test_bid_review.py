"""The Bid Euchre table's learning loop, headless: the hand's review, key moments, swings, Retry, the
drills and the session statistics, with the real Bid advisor on few sampled deals (in this process).

The student chooses the advisor's worst option at every turn, so the hand has Mistakes and Blunders to
review, retry and drill; the checks compare what the table shows with the tutor's analyses and with
the shared functions (``key_moments``, ``swings``, ``hand_luck``), not with fixed numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_tutor.advisor.luck import MISTAKE_LABELS, hand_luck, measured_baseline
from euchre_tutor.advisor.shared import key_moments
from euchre_tutor.advisor.voice import Depth, points_words, text_problems, visible_text
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.bid import LUCK_BASELINE
from euchre_tutor.games.bid.advisor import bid_grade
from euchre_tutor.games.bid.advisor.ideas import grade_words, option_label
from euchre_tutor.games.bid.advisor.position import read_position
from euchre_tutor.games.bid.engine import Action
from euchre_tutor.games.bid.session.advice import BidAdvisorSource
from euchre_tutor.games.bid.session.controller import action_label
from euchre_tutor.games.bid.session.tutor import BidTutor
from euchre_tutor.widgets import BidApp
from tests.widgets.test_bid_app import classes, click

WORLDS = 20
LABELS = ("Best", "Good", "Inaccuracy", "Mistake", "Blunder")


def tutored(seed: int = 7, **options: Any) -> BidApp:
    options.setdefault("grading", True)
    return BidApp(seed=seed, source=BidAdvisorSource(), runner="inline", worlds=WORLDS, **options)


def worst(app: BidApp) -> Action:
    """The advisor's worst option now (its only one when forced; the first legal one with no hint)."""
    hint = app.tutor.current_hint
    return app.controller.legal[0] if hint is None else hint.options[-1].action


def play_hand(app: BidApp) -> None:
    """Click the worst option until the hand is over."""
    for _ in range(200):
        if app.controller.waiting or app.controller.state.is_over:
            return
        click(app, worst(app))
    raise AssertionError("the hand did not end")


@pytest.fixture(scope="module")
def played() -> Iterator[BidApp]:
    app = tutored()
    play_hand(app)
    yield app
    app.close()


def shown(buttons: list[Any]) -> list[Any]:
    return [b for b in buttons if b.layout.display != "none"]


def test_the_review_lists_every_decision_with_its_grade_the_best_and_the_loss(played: BidApp) -> None:
    app, t = played, played.tutor
    review = t.review()
    assert review is not None and review.number == 1
    assert "hidden" in classes(app.review) and not app.review_open.disabled
    assert "euchre-review-open" in classes(app.review_open)
    app.review_open.click()
    assert "hidden" not in classes(app.review)
    body = app.review_body.value
    assert "Review · hand 1" in body and "The bidding" in body
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("<tbody>")[1])
    assert len(rows) == len(review.decisions) == len(t.decisions(1)) > 0
    for d, row in zip(review.decisions, rows, strict=True):
        assert f"<td>{option_label(d.action)}</td>" in row  # the hint's words for a choice
        if d.forced:
            assert "forced: the only legal choice" in row
            continue
        grade, hint = t.grade_of(d), t.hint_of(d)
        assert grade is not None and hint is not None
        assert grade.label == bid_grade(hint, d.action).label  # type: ignore[union-attr]
        assert f'et-grade {grade.label}"' in row
        # the best is the hint's best, in the hint's words; a tie is said as a tie, never a star
        best = option_label(hint.best.action)
        if hint.best.action == d.action:
            best += " (yours)"
        elif grade.label == "Best":
            best += " (a tie with yours)"
        assert f"<td>{best}</td>" in row
        mine = next(o for o in hint.options if o.action == d.action)
        if grade.label != "Best":
            assert f"<td>{points_words(mine.loss)}</td>" in row
        else:
            assert "<td>nothing" in row
    total = t.total_loss(1)
    assert total is not None and points_words(total) in body
    assert f"{total:.2f}" not in body  # the figure only at the figures depth
    assert text_problems(visible_text(body, titles=False)) == []
    app.depth.depth = Depth.FIGURES
    figures = app.review_body.value
    assert f"({total:.2f} points)" in figures
    for d in review.decisions:
        mine_o = None if d.forced else next(o for o in t.hint_of(d).options if o.action == d.action)  # type: ignore[union-attr]
        if mine_o is not None and t.grade_of(d).label != "Best":  # type: ignore[union-attr]
            assert f"({mine_o.loss:.2f} ± {mine_o.interval:.2f})" in figures
    app.depth.depth = Depth.BRIEF
    # the key moments are the shared function's on the table's grades, starred in their rows
    graded = [(d, t.grade_of(d)) for d in review.decisions if not d.forced]
    keys = key_moments([(d, g) for d, g in graded if g is not None])
    assert keys == t.key_moments(1) and keys
    for d, row in zip(review.decisions, rows, strict=True):
        assert ("★ key" in row) == (d in keys)
    app.review_close.click()
    assert "hidden" in classes(app.review)


def test_the_swings_split_the_hands_rest_decision_by_decision(played: BidApp) -> None:
    t = played.tutor
    found = t.swings(1)
    real = [d for d in t.decisions(1) if not d.forced]
    assert [d for d, _ in found] == real
    points = next(log for log in t.controller.hand_logs() if log.number == 1).points
    assert points is not None
    ns, ew = points
    losses = [float(t.grade_of(d).loss) for d in real]  # type: ignore[union-attr]
    first = t.hint_of(real[0])
    assert first is not None
    seat = (int(t.controller.seat) - int(t.controller.hand_logs()[0].dealer)) % 4
    luck = hand_luck(
        1,
        points=ns - ew,
        expected=first.best.ev,
        baseline=measured_baseline(LUCK_BASELINE, seat),
        losses=losses,
    )
    assert sum(s.amount for _, s in found) == luck.rest  # exactly: the shared identity
    stats = t.stats.luck("bid")
    assert len(stats) == 1 and stats[0].rest == luck.rest and stats[0].points == ns - ew


def test_a_retry_grades_a_new_answer_on_the_first_analysis_and_changes_nothing(played: BidApp) -> None:
    app, c, t = played, played.controller, played.tutor
    app.review_open.click()
    moments = t.key_moments(1)
    buttons = shown(app.retry.choice_buttons)
    assert [b.description for b in buttons] == [
        f"Retry {d.where} ({t.grade_of(d).label})"  # type: ignore[union-attr]
        for d in moments
    ]
    assert all("et-retry-open" in classes(b) for b in buttons)
    buttons[0].click()
    d = moments[0]
    prompt = app.retry.prompt.value
    assert "The hint is hidden" in prompt and f"Hand {d.hand_number}" in prompt
    answers = shown(app.retry.answer_buttons)
    assert [b.description for b in answers] == [action_label(a) for a in d.view.legal]
    hint = t.hint_of(d)
    assert hint is not None
    before = (c.state, c.game.position, c.waiting, len(t.hints))
    answers[d.view.legal.index(hint.best.action)].click()
    assert (c.state, c.game.position, c.waiting, len(t.hints)) == before  # nothing analysed or played
    retry = t.retries[-1]
    assert retry.decision == d and retry.action == hint.best.action
    assert retry.grade == grade_words(hint, hint.best.action) and retry.grade.label == "Best"
    result = app.retry.feedback.value
    assert 'data-grade="Best"' in result and "The first time" in result
    assert option_label(d.action) in result and text_problems(visible_text(result)) == []
    answers[0].click()  # answered already: a second click does nothing
    assert len(t.retries) == 1
    # any legal answer is graded on the same analysis as the table's grade of it
    other = d.view.legal[-1]
    again = t.retry(d, str(other)).grade
    assert again == grade_words(hint, other) and again.label == bid_grade(hint, other).label  # type: ignore[union-attr]
    assert len(t.retries) == 2
    app.review_close.click()


def test_a_retry_refuses_an_illegal_answer_a_forced_decision_and_an_ungraded_one(played: BidApp) -> None:
    t = played.tutor
    d = t.key_moments(1)[0]
    n = len(t.retries)
    illegal = next(a for a in (Action.parse("play 9S"), Action.parse("pass")) if a not in d.view.legal)
    with pytest.raises(EuchreError, match="was not legal at that moment: the legal choices were"):
        t.retry(d, illegal)
    with pytest.raises(EuchreError, match="answer with one of the legal actions"):
        t.retry(d, "order up")
    forced = [x for x in t.decisions(1) if x.forced]
    if forced:
        with pytest.raises(EuchreError, match="only legal choice"):
            t.retry(forced[0], forced[0].action)
    assert len(t.retries) == n
    # a table that graded nothing has nothing to retry against
    app = BidApp(seed=7, source=BidAdvisorSource(), runner="inline", worlds=WORLDS)
    try:
        click(app, app.controller.legal[0])
        first = app.tutor.decisions()[0]
        assert app.tutor.grade_of(first) is None
        with pytest.raises(EuchreError, match="no grade yet"):
            app.tutor.retry(first, first.view.legal[0])
        assert app.tutor.retries == []
    finally:
        app.close()


def test_every_mistake_becomes_one_drill_whose_position_bid_analyze_reads(played: BidApp) -> None:
    app, t = played, played.tutor
    mistakes = [
        d
        for d in t.decisions()
        if not d.forced and t.grade_of(d).label in MISTAKE_LABELS  # type: ignore[union-attr]
    ]
    assert mistakes and len(t.drills) == len(mistakes)
    drills = {dr.answer: dr for dr in t.drills.drills}
    for d in mistakes:
        drill = drills[str(d.action)]
        hint = t.hint_of(d)
        assert hint is not None
        assert drill.game == "bid" and drill.level is None and drill.label == t.grade_of(d).label  # type: ignore[union-attr]
        assert drill.best == str(hint.best.action) and drill.source == f"hand 1, {d.where}"
        assert read_position(drill.position) == d.view  # what the table analysed, read back
    t._after_change()  # recorded once, however often the table looks again
    assert len(t.drills) == len(mistakes)
    app.review_open.click()
    line = app.drills_line.value
    assert "euchre-drills.json" in line and "data:application/json;base64," in line
    assert f"<b>{len(mistakes)}</b> positions" in line
    app.review_close.click()


def test_the_graded_hand_feeds_the_session_statistics_and_its_chart(played: BidApp) -> None:
    app, t = played, played.tutor
    real = [d for d in t.decisions(1) if not d.forced]
    deals = t.stats.deals("bid")
    assert len(deals) == 1 and deals[0].finished
    record = deals[0]
    assert [g.choice for g in record.decisions] == [d.label for d in real]
    assert [g.label for g in record.decisions] == [t.grade_of(d).label for d in real]  # type: ignore[union-attr]
    first = t.hint_of(real[0])
    log = t.controller.hand_logs()[0]
    seat = (int(t.controller.seat) - int(log.dealer)) % 4  # the default rules: the measured seat's value
    assert (
        first is not None
        and record.best == first.best.ev
        and record.baseline == measured_baseline(LUCK_BASELINE, seat)
    )
    assert log.points is not None and record.points == log.points[0] - log.points[1]
    summary = t.stats.summary("bid")
    assert summary.decisions == len(real) and summary.deals == 1
    assert "euchre-stats" in classes(app.session) and app.session.report is not None
    assert f"<b>{len(real)}</b> decision" in app.session.summary.value


def test_the_review_waits_for_the_hand_to_end_and_closes_with_the_next_hand() -> None:
    app = tutored(seed=3)
    try:
        assert app.review_open.disabled and app.tutor.review() is None
        app._open_review()  # a click the page would not allow: refused with the reason
        assert app.controller.message_is_error and "No hand has finished yet" in app.controller.message
        play_hand(app)
        app.review_open.click()
        assert "hidden" not in classes(app.review)
        app.next_hand.click()
        assert "hidden" in classes(app.review) and app.review_open.disabled
        assert app.retry.panel.layout.display == "none"
    finally:
        app.close()


@settings(deadline=None, max_examples=6, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 40), min_size=30, max_size=30))
def test_any_hand_keeps_the_loops_invariants(seed: int, picks: list[int]) -> None:
    """Whatever the student picks: one drill per Mistake or Blunder, swings summing to the rest, the
    key moments ranked by loss, and a retry of the first answer graded as the first answer was."""
    app = tutored(seed=seed)
    t: BidTutor = app.tutor
    try:
        for pick in picks:
            if app.controller.waiting:
                break
            legal = app.controller.legal
            click(app, legal[pick % len(legal)])
        if not app.controller.waiting:
            play_hand(app)
        real = [d for d in t.decisions(1) if not d.forced]
        grades = [t.grade_of(d) for d in real]
        assert all(g is not None and g.label in LABELS for g in grades)
        assert len(t.drills) == sum(1 for g in grades if g is not None and g.label in MISTAKE_LABELS)
        luck = t.stats.luck("bid")
        assert len(luck) == 1 and sum(s.amount for _, s in t.swings(1)) == luck[0].rest
        losses = [float(t.grade_of(d).loss) for d in t.key_moments(1)]  # type: ignore[union-attr]
        assert losses == sorted(losses, reverse=True)
        for d in t.key_moments(1):
            assert t.retry(d, d.action).grade == t.grade_of(d)
    finally:
        app.close()
