"""The table's shift end to end: the same decision analysed with and without ``table=`` on one seed.

``test_table_calibration.py`` checks :func:`at_table` on a list of options; this checks the whole
analysis: the deals drawn, the adaptive stop, the ranking and the grade are the advisor's own whatever
the table, and only the points and the chances of making move, as the docs say (docs/advisors.md,
"Calibration"): every option's points by the kind's shift, its P(make) by the shift times the chance
someone makes trump, clipped to [0, P(someone makes)], so differences in P(make) between options are
not kept where the clipping bites.
"""

from __future__ import annotations

import pytest

from euchre_tutor.games.classic.advisor.analysis import analyse
from euchre_tutor.games.classic.advisor.table_calibration import decision_kind, table_shift
from euchre_tutor.games.classic.bots import LEVELS, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Deal, Seat, new_hand
from euchre_tutor.games.classic.views import SeatView, seat_view


def _decisions(seed: int) -> dict[str, SeatView]:
    """The first decision with a choice of each kind (round-1, round-2, discard, lead, follow) in hands
    of rule-based players from deal ``seed`` on."""
    bot = RuleBasedPlayer()
    found: dict[str, SeatView] = {}
    for i in range(seed, seed + 40):
        state = new_hand(Deal.from_seed(i, Seat(i % 4)))
        while not state.is_over:
            assert state.to_act is not None
            view = seat_view(state, state.to_act)
            kind = decision_kind(view)
            if kind is not None and len(view.legal) > 1:
                found.setdefault(kind, view)
            state = state.apply(bot.choose(view))
        if len(found) == 5:
            return found
    raise AssertionError(f"not every kind of decision in 40 hands: {sorted(found)}")


VIEWS = _decisions(3)


@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
@pytest.mark.parametrize("kind", ["round-1", "round-2", "discard", "lead", "follow"])
def test_with_and_without_the_table_the_advice_is_the_same(level: str, kind: str) -> None:
    view = VIEWS[kind]
    model = LEVELS[level].model(seed=5)
    shift = table_shift(level, view)
    assert shift is not None and shift.kind == kind  # every kind is measured at every level
    args = {"continuation": model, "worlds": 40, "max_worlds": 160, "seed": "end to end"}
    own = analyse(view, table=None, **args)
    at = analyse(view, table=level, **args)
    assert own.table_shift is None and at.table_shift == shift
    assert at.best.action == own.best.action
    assert [o.action for o in at.options] == [o.action for o in own.options]
    assert at.worlds == own.worlds  # the adaptive stop reads the losses, which the shift leaves alone
    for mine, theirs in zip(own.options, at.options, strict=True):
        assert (theirs.loss, theirs.loss_se, theirs.tied) == (mine.loss, mine.loss_se, mine.tied)
        assert (theirs.ev_gap, theirs.se) == (mine.ev_gap, mine.se)
        assert theirs.ev == pytest.approx(mine.ev + shift.points, abs=1e-12)
        p_maker = mine.p_make + mine.p_euchred
        want = min(max(mine.p_make + shift.p_make * p_maker, 0.0), p_maker)
        assert theirs.p_make == pytest.approx(want, abs=1e-12)
        assert theirs.p_make + theirs.p_euchred == pytest.approx(p_maker, abs=1e-12)
        assert own.grade_holds(mine.action) == at.grade_holds(theirs.action)


def test_the_shift_does_not_keep_differences_in_p_make() -> None:
    """P(make) moves by the shift times P(someone makes), clipped: two options with different chances
    of someone making trump move by different amounts, so their difference in P(make) changes (the
    docs say so; a reader must not take P(make) differences at a table as the advisor's own)."""
    view = VIEWS["round-1"]
    args = {"continuation": LEVELS["beginner"].model(seed=5), "worlds": 40, "max_worlds": 160}
    own = analyse(view, table=None, seed="end to end", **args)
    at = analyse(view, table="beginner", seed="end to end", **args)
    shift = at.table_shift
    assert shift is not None and shift.p_make != 0.0
    moves = [b.p_make - a.p_make for a, b in zip(own.options, at.options, strict=True)]
    makers = [a.p_make + a.p_euchred for a in own.options]
    assert len(set(makers)) > 1  # a pass leaves the deal to be passed out sometimes; an order never
    assert max(moves) - min(moves) > 1e-6
