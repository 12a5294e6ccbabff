"""A hand's luck and skill at a table of each level, recomputed apart from the tutor.

The tutor splits a finished hand's points into the seat's average (the level's measured baseline for
the student's seat counted from the dealer), the deal's luck (the best option's value at the student's
first decision with a choice, less that average), the skill (the graded losses) and the rest. Here the
same split is recomputed from the measured file itself and the hints and grades the tutor gave, so a
baseline of the wrong level or the wrong kind of value shows as a difference."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from euchre_tutor.games.classic.bots import LEVELS
from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.classic.session.tutor import ClassicTutor


@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_a_hands_luck_and_skill_recomputed_from_the_levels_measured_file(level: str) -> None:
    c = ClassicController(21, bot=LEVELS[level].player(seed=3))
    t = ClassicTutor(c, level=level, source=ClassicAdvisorSource(), runner="inline", grading=True, worlds=40)
    for _ in range(60):
        if c.waiting or c.state.is_over:
            break
        hint = t.current_hint
        c.act(hint.best.action if hint is not None else c.legal[0])
    assert c.waiting or c.state.is_over
    log = [h for h in c.hand_logs() if h.finished][-1]  # the hand just played (the next one is dealt)
    decisions = [d for d in t.decisions(log.number) if not d.forced]
    assert decisions, "the student had a choice in the hand"
    first = t.hint_of(decisions[0])
    assert first is not None
    seat = c.seat.from_dealer(log.dealer)
    name = f"data/luck_baseline_{level}.json"
    measured = json.loads(resources.files("euchre_tutor.games.classic").joinpath(name).read_text())
    base = measured["seats"][str(seat)]["mean"]
    losses = [float(g.loss) for d in decisions if (g := t.grade_of(d)) is not None]
    assert len(losses) == len(decisions)
    team = c.seat.team.index
    points = log.points[team] - max(p for i, p in enumerate(log.points) if i != team)
    (record,) = [r for r in t.stats.deals("classic") if r.points is not None]
    luck = t.stats.luck_of(record)
    assert luck is not None
    assert float(luck.seat) == pytest.approx(base)
    assert float(luck.deal) == pytest.approx(first.best.ev - base)
    assert float(luck.skill) == pytest.approx(-sum(losses))
    assert float(luck.rest) == pytest.approx(points - first.best.ev + sum(losses))
