"""Smoke test of the classic strength benchmark (benchmarks/classic_strength.py), in-process.

The figures themselves come from long runs; here a few fixed deals check that
the seat swap cancels for identical players, that the referee's score is our
engine's score, that a stronger player comes out ahead, and that a saved run
is extended rather than replayed.
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from euchre_tutor.games.classic.bots import RuleBasedPlayer, play_out
from euchre_tutor.games.classic.engine.engine import HandState, Seat, new_hand
from euchre_tutor.games.classic.rules import preset

pytest.importorskip("pyspiel")

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "classic_strength.py"


@pytest.fixture(scope="module")
def strength() -> ModuleType:
    spec = importlib.util.spec_from_file_location("classic_strength", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["classic_strength"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["rule-based", "random"])
def test_identical_players_cancel_exactly(strength: ModuleType, name: str) -> None:
    settings = strength.Settings(a=name, b=name, seed=11)
    deals = strength.play_deals(settings, range(12))
    for d in deals:
        first, second = d["plays"]
        assert (first["a_seats"], second["a_seats"]) == ("NS", "EW")
        assert first["a_points"] == -second["a_points"], d
        assert d["points"] == 0
    # The hands really scored: the cancelling is the seat swap, not empty hands.
    assert any(d["plays"][0]["a_points"] != 0 for d in deals)


def test_referee_score_is_our_engine_score(strength: ModuleType) -> None:
    """OpenSpiel's returns for A equal the points of the same hand played out on our engine alone."""
    settings = strength.Settings(a="rule-based", b="rule-based", seed=3)
    for index in range(6):
        deal = strength.deal_for(settings, index)
        end = play_out(new_hand(deal, preset("openspiel")), [RuleBasedPlayer()] * 4)
        assert isinstance(end, HandState)
        ns, ew = end.points()
        play = strength.play_deal(settings, index)["plays"][0]  # A at N/S
        assert play["a_points"] == ns - ew
        assert play["maker"] == ("A" if end.maker in (Seat.N, Seat.S) else "B")


def test_rule_based_beats_random(strength: ModuleType) -> None:
    settings = strength.Settings(a="rule-based", b="random", seed=5)
    summary = strength.summarise(strength.play_deals(settings, range(30)))
    assert summary["hands"] == 60
    assert summary["mean"] - summary["ci95"] > 0.5
    # Random bidding makes trump on bad cards and is euchred far more often.
    assert summary["B"]["euchred_rate"] > summary["A"]["euchred_rate"]


def _without_times(deals: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            **d,
            "plays": [
                {k: v for k, v in p.items() if k not in ("seconds", "cpu_seconds")} for p in d["plays"]
            ],
        }
        for d in deals
    ]


def test_same_seed_same_result_in_any_process(strength: ModuleType, tmp_path: Path) -> None:
    """Our players are seeded per deal and seat: one process or two, the same play."""
    settings = strength.Settings(a="rule-based", b="random", seed=9)
    alone = strength.play_deals(settings, range(12))
    strength.run(settings, deals=12, jobs=2, out=tmp_path / "two.json", progress=0, chunk=2)
    forked = json.loads((tmp_path / "two.json").read_text())["deals"]
    assert _without_times(forked) == _without_times(alone)


def _deal(points: float, plays: list[dict[str, Any]]) -> dict[str, Any]:
    return {"deal": 0, "points": points, "plays": plays}


def _play(maker: str | None, tricks: int | None) -> dict[str, Any]:
    return {
        "a_seats": "NS",
        "a_points": 0,
        "maker": maker,
        "makers_tricks": tricks,
        "alone": False,
        "decisions": [2, 3],
        "seconds": [0.004, 0.003],
        "cpu_seconds": [0.002, 0.003],
    }


def test_summary_interval_and_euchre_rate(strength: ModuleType) -> None:
    deals = [
        _deal(1.0, [_play("A", 3), _play("B", 5)]),
        _deal(-1.0, [_play("A", 2), _play("A", 4)]),
        _deal(1.0, [_play("B", 1), _play("A", 3)]),
        _deal(-1.0, [_play("B", 3), _play("B", 3)]),
    ]
    s = strength.summarise(deals)
    assert s["deals"] == 4 and s["hands"] == 8
    assert s["mean"] == 0
    assert s["ci95"] == pytest.approx(1.96 * math.sqrt(4 / 3) / 2)
    assert s["A"]["made"] == 4 and s["A"]["euchred_rate"] == pytest.approx(1 / 4)
    assert s["B"]["made"] == 4 and s["B"]["euchred_rate"] == pytest.approx(1 / 4)
    assert s["A"]["ms_per_decision"] == pytest.approx(1000 * 0.032 / 16)
    assert s["B"]["cpu_ms_per_decision"] == pytest.approx(1000 * 0.024 / 24)


def test_saved_run_is_extended(
    strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "strength-smoke.json"
    settings = strength.Settings(a="rule-based", b="random", seed=2)
    strength.run(settings, deals=3, jobs=1, out=out, progress=0)
    first = json.loads(out.read_text())["deals"]
    strength.run(settings, deals=5, jobs=1, out=out, progress=0)
    assert "3 deals already in" in capsys.readouterr().out
    saved = json.loads(out.read_text())
    assert [d["deal"] for d in saved["deals"]] == [0, 1, 2, 3, 4]
    assert saved["deals"][:3] == first
    assert saved["summary"]["hands"] == 10
    with pytest.raises(SystemExit, match="was run with"):
        strength.run(strength.Settings(a="rule-based", b="random", seed=3), deals=5, jobs=1, out=out)


def test_disagreeing_action_is_caught(strength: ModuleType) -> None:
    """An action outside the legal set stops the run instead of corrupting the figures."""

    class Stubborn:
        def act(self, ours: object, theirs: object) -> int:
            return 24  # pass, also when playing a card

    settings = strength.Settings(seed=1)
    with pytest.raises(strength.RefereeMismatch, match="not among the legal"):
        strength.play_hand(strength.deal_for(settings, 0), [Stubborn()] * 4, 0)
