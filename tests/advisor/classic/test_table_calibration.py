"""The table's calibration: every option of a decision moved alike, by the measured shift of its kind."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest

from euchre_tutor.advisor.voice import Depth
from euchre_tutor.games import classic
from euchre_tutor.games.classic.advisor.analysis import analyse
from euchre_tutor.games.classic.advisor.ideas import explain
from euchre_tutor.games.classic.advisor.table_calibration import (
    LEAST_DECISIONS,
    TableShift,
    at_table,
    decision_kind,
    table_baseline,
    table_shift,
)
from euchre_tutor.games.classic.bots import LEVELS, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Deal, Seat, new_hand
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.games.classic.views import SeatView, seat_view
from euchre_tutor.rules.games import find_game


def _views() -> list[SeatView]:
    """Every decision of one hand played by rule-based players, in order."""
    state = new_hand(Deal.from_seed(11, Seat.N))
    bot = RuleBasedPlayer()
    out = []
    while not state.is_over:
        assert state.to_act is not None
        view = seat_view(state, state.to_act)
        out.append(view)
        state = state.apply(bot.choose(view))
    return out


def _data(tmp_path: Path, decisions: int = 500) -> Path:
    kinds = {
        kind: {"points": -0.1 * (i + 1), "p_make": -0.02, "decisions": decisions, "hands": 400}
        for i, kind in enumerate(("round-1", "round-2", "discard", "lead", "follow"))
    }
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps({"levels": {"club": {"hands": 400, **kinds}}}))
    return path


def test_each_decision_has_its_kind() -> None:
    kinds = [decision_kind(v) for v in _views()]
    assert kinds[0] == "round-1"
    plays = [k for v, k in zip(_views(), kinds, strict=True) if v.phase.value == "play"]
    assert plays.count("lead") == 5 and plays.count("follow") == 15


def test_a_shift_moves_every_option_alike_and_keeps_the_order_and_the_losses() -> None:
    view = next(v for v in _views() if v.phase.value == "play" and len(v.legal) > 1)
    raw = analyse(view, continuation=RuleBasedPlayer(), worlds=60, seed=1)
    shift = TableShift("club", "follow", -0.25, -0.1, 1000, 400)
    moved = at_table(list(raw.options), shift)
    assert [o.action for o in moved] == [o.action for o in raw.options]
    for before, after in zip(raw.options, moved, strict=True):
        assert after.ev == pytest.approx(before.ev - 0.25)
        assert (after.loss, after.ev_gap, after.se) == (before.loss, before.ev_gap, before.se)
        p_maker = before.p_make + before.p_euchred
        assert after.p_make + after.p_euchred == pytest.approx(p_maker)
        assert 0.0 <= after.p_make <= p_maker and after.p_march <= after.p_make + 1e-12
    assert at_table(list(raw.options), None) == list(raw.options)


def test_the_shift_of_a_decision_comes_from_the_data_of_its_level_and_kind(tmp_path: Path) -> None:
    data = _data(tmp_path)
    views = _views()
    first = table_shift("club", views[0], data)
    assert first is not None and (first.kind, first.points) == ("round-1", pytest.approx(-0.1))
    follow = next(v for v in views if decision_kind(v) == "follow")
    shifted = table_shift("club", follow, data)
    assert shifted is not None and shifted.points == pytest.approx(-0.5)
    assert table_shift("expert", follow, data) is None  # a level not measured
    assert table_shift(None, follow, data) is None  # no table: the advisor's own values
    (tmp_path / "few").mkdir()
    few = _data(tmp_path / "few", LEAST_DECISIONS - 1)
    assert table_shift("club", follow, few) is None  # too few decisions measured to move anything


def test_a_table_not_of_four_is_not_shifted(tmp_path: Path) -> None:
    spec = find_game("classic")
    assert spec.new_match is not None
    game = spec.new_match(ClassicRules(players=3).to_json(), 3)
    view = spec.seat_view(game, spec.to_act(game))
    assert view.seat.seating.players == 3 and decision_kind(view) == "round-1"
    assert table_shift("club", view, _data(tmp_path)) is None


def test_the_figures_say_the_points_are_the_tables(tmp_path: Path) -> None:
    view = next(v for v in _views() if decision_kind(v) == "follow" and len(v.legal) > 1)
    raw = analyse(view, continuation=RuleBasedPlayer(), worlds=60, seed=1)
    assert raw.table_shift is None
    assert "Club table" not in " ".join(explain(raw, view).sentences(Depth.FIGURES))
    shift = TableShift("club", "follow", -0.07, 0.0, 3000, 1000)
    told = replace(raw, options=tuple(at_table(list(raw.options), shift)), table_shift=shift)
    words = " ".join(explain(told, view).sentences(Depth.FIGURES))
    assert "what a Club table scores" in words and "less 0.07 after a card played to a trick" in words
    assert "3,000 such decisions in 1,000 hands" in words
    # the brief hint names the move, not the calibration
    assert "Club table" not in " ".join(explain(told, view).sentences(Depth.BRIEF))
    assert told.to_json()["table"] == {"level": "club", "kind": "follow", "points": -0.07, "p_make": 0.0}
    assert TableShift("expert", "lead", 0.02, 0.0, 300, 100).words.startswith(
        "the points are what an Expert table scores: the open-hands values plus 0.02 after a lead"
    )
    # a bid's values are played out, not open-handed
    assert (
        "the played-out values less 0.05 after the dealer's discard"
        in TableShift("expert", "discard", -0.05, 0.0, 300, 100).words
    )
    # a shift that rounds to nothing says so, not "less 0.00"
    near = TableShift("club", "round-1", -0.0006, 0.0, 6886, 2000).words
    assert (
        "0.00" not in near
        and "after a bid in the first round it scores the played-out values to within" in near
    )


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_table_level_has_its_own_luck_baseline(level: str) -> None:
    """The level's own measured file (tests/advisor/test_luck.py checks what it holds), not the Club
    model's baseline moved by the first round's shift; none at six players; no level: a Club table's."""
    seats = json.loads(
        resources.files(classic.__name__).joinpath(classic.LUCK_BASELINE.format(level=level)).read_text()
    )["seats"]
    assert [table_baseline(level, r) for r in range(4)] == [
        Fraction(str(seats[str(r)]["mean"])) for r in range(4)
    ]
    assert all(table_baseline(level, r, players=6) == 0 for r in range(4))
    assert [table_baseline(None, r) for r in range(4)] == [table_baseline("club", r) for r in range(4)]
