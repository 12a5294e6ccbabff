"""The benchmarks' runs and verdicts (benchmarks/run_files.py): no hand counted twice, each verdict read
from its 95% interval, the clustered interval computed as the textbook's."""

from __future__ import annotations

import importlib.util
import json
import math
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "run_files.py"


def load(name: str, register: bool = False) -> ModuleType:
    """The benchmark script ``benchmarks/NAME.py`` as a module (``register``: importable by the scripts
    beside it, as ``run_files`` is)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPT.parent / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    if register:
        sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def runs() -> ModuleType:
    return load("run_files", register=True)


def write(path: Path, hands: range) -> None:
    path.write_text("".join(json.dumps({"hand": h, "x": h / 10}) + "\n" for h in hands))


def test_a_run_gets_a_file_of_its_own_and_an_overlapping_range_is_refused(
    runs: ModuleType, tmp_path: Path
) -> None:
    first = runs.claim(tmp_path / "club", 0, 10)
    assert first == tmp_path / "club" / "0-9.jsonl"
    write(first, range(10))
    assert runs.claim(tmp_path / "club", 10, 5) == tmp_path / "club" / "10-14.jsonl"
    for start, count in ((9, 2), (0, 1), (5, 100)):
        with pytest.raises(SystemExit, match=r"overlap the run in .*0-9\.jsonl"):
            runs.claim(tmp_path / "club", start, count)
    with pytest.raises(SystemExit, match="at least one hand"):
        runs.claim(tmp_path / "club", 20, 0)
    assert [p.name for p in (tmp_path / "club").iterdir()] == ["0-9.jsonl"]  # a refusal writes nothing


def test_a_summary_reads_exactly_the_runs_named_and_each_hand_once(runs: ModuleType, tmp_path: Path) -> None:
    a, b, c = tmp_path / "0-4.jsonl", tmp_path / "5-9.jsonl", tmp_path / "3-6.jsonl"
    write(a, range(5))
    write(b, range(5, 10))
    write(c, range(3, 7))
    assert [r["hand"] for r in runs.read_runs([a], "hand")] == list(range(5))
    assert [r["hand"] for r in runs.read_runs([a, b], "hand")] == list(range(10))
    with pytest.raises(SystemExit, match="hand 3 is in both"):
        runs.read_runs([a, c], "hand")
    with pytest.raises(SystemExit, match="in both"):
        runs.read_runs([a, a], "hand")


@pytest.mark.parametrize(
    ("mean", "half", "n", "said"),
    [
        (0.01, 0.02, 500, "target met"),
        (0.04, 0.02, 500, "too few to tell (the interval crosses the target)"),  # could be 0.06
        (0.09, 0.03, 150, "off target"),  # off at any size once the whole interval is beyond the target
        (-0.09, 0.03, 150, "off target"),
        (0.01, 0.02, 150, "too few to tell (n = 150 < 200)"),  # a target is met on 200 at least
        (0.2, 0.01, 10, "too few to tell (n = 10)"),  # too few to know the spread at all
        (0.0, math.nan, 500, "too few to tell (no interval)"),
    ],
)
def test_a_verdict_reads_the_interval(runs: ModuleType, mean: float, half: float, n: int, said: str) -> None:
    assert runs.verdict(mean, half, n, 0.05, least=200) == said


def test_a_bound_wider_than_the_target_is_where_the_interval_must_lie(runs: ModuleType) -> None:
    # the calibration's target: the mean within 0.05, its interval within 0.10
    assert runs.verdict(0.04, 0.05, 300, 0.05, bound=0.10) == "target met"
    assert runs.verdict(0.04, 0.07, 300, 0.05, bound=0.10).startswith("too few to tell")
    assert runs.verdict(0.06, 0.05, 300, 0.05, bound=0.10).startswith("too few to tell")


@settings(deadline=None, max_examples=60)
@given(
    st.lists(
        st.lists(st.floats(-4, 4, allow_nan=False), min_size=1, max_size=5),
        min_size=2,
        max_size=30,
    )
)
def test_the_clustered_interval_is_the_textbook_one(runs: ModuleType, hands: list[list[float]]) -> None:
    values = [v for h in hands for v in h]
    clusters = [i for i, h in enumerate(hands) for _ in h]
    mean, half = runs.interval(values, clusters)
    n, g = len(values), len(hands)
    want_mean = sum(values) / n
    # the cluster-robust variance of a mean: g/(g-1) * sum over clusters of (sum of residuals)^2 / n^2
    var = g / (g - 1) * sum(sum(v - want_mean for v in h) ** 2 for h in hands) / n**2
    assert mean == pytest.approx(want_mean, abs=1e-9)
    assert half == pytest.approx(1.96 * math.sqrt(var), abs=1e-9)
    if all(len(h) == 1 for h in hands):  # one value a hand: exactly the plain interval (s / sqrt n)
        plain_mean, plain = runs.interval(values)
        assert (plain_mean, plain) == (pytest.approx(mean, abs=1e-9), pytest.approx(half, abs=1e-9))


@pytest.fixture(scope="module")
def calibration(runs: ModuleType) -> ModuleType:
    return load("classic_calibration")


@pytest.fixture(scope="module")
def cal_shifts(calibration: ModuleType) -> ModuleType:
    """The calibration's shifts and verdicts (``benchmarks/calibration_shifts.py``, which the
    calibration script imports: the same module)."""
    return sys.modules["calibration_shifts"]


def test_the_tables_shift_is_judged_on_hands_it_was_not_fitted_on(cal_shifts: ModuleType) -> None:
    """Even hands score 1 point above the prediction and odd hands 1 below: each hand's correction comes
    from the other parity, so a shift fitted on its own hands (which would make every error 0) is never
    what the corrected figures show."""
    records = [
        {"hand": h, "class": "follow", "ev": 0.0, "real": 1.0 if h % 2 == 0 else -1.0, "made": None}
        | {"p_make": 0.5, "p_maker": 1.0}
        for h in range(400)
    ]
    moved = cal_shifts.corrected(records)
    for r, (points, _) in zip(records, moved, strict=True):
        assert points == pytest.approx(-1.0 if r["hand"] % 2 == 0 else 1.0)
    fitted = cal_shifts.shifts(records)["follow"]
    assert fitted["points"] == pytest.approx(0.0) and fitted["decisions"] == 400 and fitted["hands"] == 400
    # a kind with too few decisions in the other fold is not moved at all
    few = records[:100]
    assert all(p == 0.0 for p, _ in cal_shifts.corrected(few))
    assert cal_shifts.kind_of("round-1 order") == "round-1" and cal_shifts.kind_of("lead") == "lead"


def _follows(bias: Callable[[int], float], hands: int = 2000) -> list[dict[str, object]]:
    """Two follows a hand at a Club table predicted 0 and scoring ``bias(hand)`` plus noise (sd 0.5,
    seeded): realized minus predicted is ``bias`` on average."""
    rng = random.Random(7)
    return [
        {"hand": h, "level": "club", "class": "follow", "ev": 0.0, "real": bias(h) + rng.gauss(0.0, 0.5)}
        | {"made": None, "p_make": 0.5, "p_maker": 1.0}
        for h in range(hands)
        for _ in range(2)
    ]


def _parity(h: int) -> float:
    return 0.1 if h % 2 == 0 else -0.1


def _line(lines: list[str], cls: str) -> str:
    return next(x for x in lines if x.startswith(f"  {cls} "))


@pytest.mark.parametrize(
    ("name", "bias"), [("parity", _parity), ("+0.4", lambda h: 0.4), ("-1.0", lambda h: -1.0)]
)
def test_a_biased_shift_is_off_target_and_an_unbiased_one_meets_it(
    runs: ModuleType, cal_shifts: ModuleType, name: str, bias: Callable[[int], float]
) -> None:
    """The after-the-shift verdict can fail: the cross-fitted predictions moved further by an artificial
    bias (+0.1 on even hands and -0.1 on odd ones, +0.4 or -1.0 everywhere) are judged off target, each
    fold on its own, while the same predictions unbiased meet the target. Pooled over both folds, the
    parity bias reads about 0 and would have met it: the figure the old summary printed."""
    records = _follows(lambda h: 0.0)
    errors = cal_shifts.shift_errors(records)
    fair = dict(zip(map(id, records), cal_shifts.corrected(records), strict=True))
    points, _ = cal_shifts.judged(records, fair, errors)
    assert [p[0] for p in points] == ["even", "odd"] and runs.every_part(
        [p[4] for p in points]
    ) == "target met"
    biased = {i: (p + bias(int(r["hand"])), m) for r in records for i, (p, m) in [(id(r), fair[id(r)])]}
    points, _ = cal_shifts.judged(records, biased, errors)
    assert runs.every_part([p[4] for p in points]) == "off target"
    assert all(p[4] == "off target" for p in points)
    pooled, half = runs.interval(
        [float(r["real"]) - biased[id(r)][0] for r in records], [r["hand"] for r in records]
    )
    if name == "parity":
        assert runs.verdict(pooled, half, len(records), 0.05, bound=0.10) == "target met"


def test_the_summary_judges_each_fold_on_its_own(cal_shifts: ModuleType, tmp_path: Path) -> None:
    """``--summary``: a table whose play scores 0.1 above the prediction on even hands and 0.1 below on
    odd ones reads off target after the cross-fitted shift (each fold's shift, fitted on the other
    fold, is 0.2 off), where pooled it read 0; an unbiased table and a uniform bias (which the shift is
    there to correct) meet the target. With ``--shipped`` the shipped shift is judged on these hands
    at once: a shift 0.4 or 1.0 away from the truth is off target, the true one meets it."""
    assert "off target" in _line(cal_shifts.after_lines(_follows(_parity)), "follow")
    assert "target met" in _line(cal_shifts.after_lines(_follows(lambda h: 0.0)), "follow")
    assert "target met" in _line(cal_shifts.after_lines(_follows(lambda h: 0.4)), "follow")
    records = _follows(lambda h: 0.0)
    for shift, said in ((0.4, "off target"), (-1.0, "off target"), (0.0, "target met")):
        data = tmp_path / f"shift{shift}.json"
        follow = {"points": shift, "p_make": 0.0, "decisions": 4000, "hands": 2000}
        data.write_text(json.dumps({"commands": [], "levels": {"club": {"follow": follow}}}))
        line = _line(cal_shifts.after_lines(records, data), "follow")
        assert " all " in line and said in line, (shift, line)


def test_a_figure_judged_in_parts_meets_its_target_only_when_every_part_does(runs: ModuleType) -> None:
    met, off = "target met", "off target"
    assert runs.every_part([met, met]) == met
    assert runs.every_part([met, off]) == off
    assert runs.every_part([met, "too few to tell (n = 10)"]).startswith("too few to tell")
    assert runs.every_part([]).startswith("too few to tell")
    assert runs.every_part(["too few to tell (n = 150 < 200)"]) == "too few to tell (n = 150 < 200)"


def _expert_run(path: Path, open_weight: float | None, level: str = "expert") -> Path:
    """A run file of ten hands at a table of ``level`` (an Expert one by default): a round-1 pass and a
    lead per hand, realized 0.5 above."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for h in range(10):
        for cls, ev in (("round-1 pass", -0.2), ("lead", 0.4)):
            rec = {"level": level, "worlds": 200, "every_card": True, "hand": h, "seat": "N", "class": cls}
            rec |= {"ev": ev, "p_make": 0.5, "p_maker": 1.0, "real": ev + 0.5, "made": 1.0}
            if open_weight is not None:
                rec["playout_open"] = open_weight
            lines.append(json.dumps(rec))
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_refit_of_one_level_keeps_the_others_and_refuses_runs_not_valued_as_the_hints(
    calibration: ModuleType, tmp_path: Path
) -> None:
    """``--fit`` with runs of one level rewrites that level's shifts and commands and keeps every other
    level's as the data file holds them; runs whose play-outs are not the hints' own (an Expert table's
    weigh open hands ``card_open``) are refused."""
    data = tmp_path / "calibration.json"
    club = {"hands": 2000, "lead": {"points": -0.03, "p_make": 0.0, "decisions": 7452, "hands": 1863}}
    data.write_text(
        json.dumps(
            {
                "commands": [
                    "python benchmarks/classic_calibration.py --level club --hands 1000 --start 0 --worlds 200 --every-card",
                    "python benchmarks/classic_calibration.py --level expert --hands 500 --start 0 --worlds 200 --every-card",
                    "python benchmarks/classic_calibration.py --fit artifacts/calibration-club-every-card/0-999.jsonl "
                    "artifacts/calibration-expert-every-card/0-499.jsonl",
                ],
                "levels": {"club": club, "expert": {"hands": 1}},
            }
        )
    )
    run = _expert_run(tmp_path / "calibration-expert-every-card" / "0-9.jsonl", 0.3)
    calibration.fit([str(run)], data)
    written = json.loads(data.read_text())
    # the kept level now names its run files (found by the default --out's naming in the old fit command)
    assert written["levels"]["club"] == club | {"runs": ["artifacts/calibration-club-every-card/0-999.jsonl"]}
    expert = written["levels"]["expert"]
    assert expert["runs"] == [str(run)]
    assert expert["hands"] == 10 and expert["lead"]["points"] == pytest.approx(0.5)
    assert expert["round-1"]["decisions"] == 10 and expert["round-1"]["points"] == pytest.approx(0.5)
    assert written["commands"] == [
        "python benchmarks/classic_calibration.py --level club --hands 1000 --start 0 --worlds 200 --every-card",
        "python benchmarks/classic_calibration.py --level expert --hands 10 --start 0 --worlds 200 --every-card",
        f"python benchmarks/classic_calibration.py --fit artifacts/calibration-club-every-card/0-999.jsonl {run}",
    ]
    rollout = _expert_run(tmp_path / "rollout" / "0-9.jsonl", None)
    with pytest.raises(SystemExit, match=r"open hands weighing 0\.3"):
        calibration.fit([str(rollout)], data)
    assert json.loads(data.read_text()) == written
    # a level's runs are kept by what the data file says of it, whatever their directory is called
    mine = _expert_run(tmp_path / "my-runs" / "0-9.jsonl", 0.3)
    calibration.fit([str(mine)], data)
    club_run = _expert_run(tmp_path / "calibration-club-every-card" / "0-9.jsonl", None, level="club")
    calibration.fit([str(club_run)], data)
    refitted = json.loads(data.read_text())
    assert refitted["levels"]["expert"]["runs"] == [str(mine)]
    assert refitted["levels"]["club"]["runs"] == [str(club_run)]
    assert refitted["commands"][-1] == f"python benchmarks/classic_calibration.py --fit {mine} {club_run}"


def test_a_calibration_run_refuses_open_hands_with_slips(calibration: ModuleType) -> None:
    """Play-outs with open hands take no slips: a Beginner table's run (its model slips) asked to weigh
    open hands is refused with what to add, not run with its slips quietly dropped."""
    with pytest.raises(SystemExit, match=r"want --playout-slip 0"):
        calibration.play("beginner", 0, 20, playout_open=0.3)
    with pytest.raises(SystemExit, match=r"open hands take no slips"):
        calibration.play("expert", 0, 20, playout_slip=0.2)
    assert calibration.play("beginner", 1, 20, playout_slip=0.0, playout_open=0.3, bids_only=True)


def test_a_club_tables_bids_split_wholly_into_the_sampled_deals(calibration: ModuleType) -> None:
    """At a Club table the players are the hints' model and play the cards as the rollout does: replayed
    on each hand's true deal, the model's bidding and card play give exactly what the table scored, so
    all of a bid's realized minus predicted is the sampled deals' (the other two parts are 0)."""
    records = [r for i in range(6) for r in calibration.play("club", i, 20, bids_only=True)]
    rows = calibration.split(records)
    bids = [r for r in records if r["class"].startswith(("round-1", "round-2"))]
    assert len(rows) == len(bids) >= 20 and len(bids) < len(records)  # the discards are not bids
    assert {r["class"] for r in rows} >= {"round-1 pass", "round-1 order", "round-2 pass"}
    for r in rows:
        assert r["true_deal"] == r["table_bidding"] == r["real"]
    # a run whose play-outs slip is not split (a slip draws at random in each deal)
    with pytest.raises(SystemExit, match="without slips"):
        calibration.split([records[0] | {"playout_slip": 0.3}])
    # a record whose action the replay does not take is an error, not a silent gap
    with pytest.raises(SystemExit, match="took"):
        calibration.split(
            [
                records[0]
                | {"class": "round-1 alone" if records[0]["class"] != "round-1 alone" else "round-1 pass"}
            ]
        )


@pytest.fixture(scope="module")
def grades() -> ModuleType:
    return load("classic_grades")


def test_one_refinement_gives_each_lower_caps_grade_as_a_run_capped_there(grades: ModuleType) -> None:
    """``classic_grades.py --caps``: the grade a run to 3,000 deals records at 1,200 and 1,800 deals is the
    one a run capped there ends with (the same values to the last bit), for a card and a bid, and the
    snapshots leave the long run where it would have been without them."""
    from euchre_tutor.games.classic.advisor.analysis import AnalysisRun, adaptive_cap
    from euchre_tutor.games.classic.bots import LEVELS
    from euchre_tutor.games.classic.engine.engine import Phase

    model = LEVELS["club"].model()

    def hinted(view):  # type: ignore[no-untyped-def]
        run = AnalysisRun(view, continuation=model, worlds=200, seed=1)
        return run, run.extend(adaptive_cap(view, 200))

    seen: set[bool] = set()
    for view, act in grades.decisions("club", 6, "beginner", 3000):
        run, hint = hinted(view)
        if hint.grade_holds(act) or (view.phase is Phase.PLAY) in seen:
            continue
        caps = [hint.worlds + 200, hint.worlds + 800]
        final, snaps, spent = grades.refine(run, act, 3000, caps)
        if len(snaps) < 2:
            continue
        assert spent >= 0.0
        for cap, (snap, ms) in snaps.items():
            other, _ = hinted(view)
            capped = other.extend(cap, focus=act)
            assert grades.grade_entry(snap, act) == grades.grade_entry(capped, act)
            assert [(o.action, o.ev, o.loss, o.loss_se) for o in snap.options] == [
                (o.action, o.ev, o.loss, o.loss_se) for o in capped.options
            ]
            assert ms >= 0.0 and snap.worlds == cap
        plain, _ = hinted(view)
        whole = plain.extend(3000, focus=act)
        assert [(o.action, o.loss) for o in whole.options] == [(o.action, o.loss) for o in final.options]
        seen.add(view.phase is Phase.PLAY)
        if len(seen) == 2:
            break
    assert seen == {True, False}


def test_the_figures_by_cap_count_labels_words_and_cpu(grades: ModuleType) -> None:
    """Per cap: the share of same labels among the decisions either grade puts below Best (with the
    Wilson interval), the mean CPU of every grade, and the pairs whose words agree (a grade on an edge
    claims both labels)."""

    def seed(label: str, edge: list[str] | None, cpu: float, at: dict[str, object]) -> dict[str, object]:
        return {"label": label, "edge": edge, "cpu": cpu, "caps": {"400": at}}

    def low(label: str, edge: list[str] | None, cpu: float) -> dict[str, object]:
        return {"label": label, "edge": edge, "cpu": cpu}

    rows = [
        # the same label at both caps
        {
            "seeds": [
                seed("Good", None, 30, low("Good", None, 10)),
                seed("Good", None, 50, low("Good", None, 10)),
            ]
        },
        # changed at 400 deals, one grade on the Good-Inaccuracy edge: the words agree; mended at the run's cap
        {
            "seeds": [
                seed("Inaccuracy", None, 90, low("Good", ["Good", "Inaccuracy"], 10)),
                seed("Inaccuracy", None, 70, low("Inaccuracy", None, 10)),
            ]
        },
        # Best by both at 400 deals (not counted there); Best and Mistake at the run's cap, no edge said
        {
            "seeds": [
                seed("Best", None, 10, low("Best", None, 10)),
                seed("Mistake", None, 10, low("Best", None, 10)),
            ]
        },
    ]
    lines = grades.cap_lines(rows)
    assert "400 deals: same label 1/2 = 50.0%" in lines[1] and "words agree in 2/2" in lines[1]
    assert "CPU per graded decision 10 ms" in lines[1]
    assert "the run's own cap: same label 2/3 = 66.7%" in lines[2] and "words agree in 2/3" in lines[2]
    assert "CPU per graded decision 43 ms" in lines[2]
    low_share, high_share = grades.wilson(2, 3)
    # rows without their hands (older runs): the plain Wilson interval, and the line says so
    assert f"(95% interval {100 * low_share:.1f}-{100 * high_share:.1f}%, rows without hands" in lines[2]
    assert 0.2 < low_share < 2 / 3 < high_share < 1.0
    assert grades.wilson(0, 0) == (0.0, 1.0)
    # rows with their hands, one of them Best by both at a cap: that cap's interval is clustered over
    # the hands of the rows it counts (the run's own figures were printed before this was mended)
    handed = grades.cap_lines([{**row, "hand": k} for k, row in enumerate(rows)])
    assert "400 deals: same label 1/2 = 50.0%" in handed[1] and "clustered by hand" in handed[1]
    assert grades.cap_lines([{"seeds": [low("Good", None, 1), low("Good", None, 1)]}]) == []
    # a run without --caps read with these: no cap every grade recorded, so no figures by cap
    assert grades.cap_lines([*rows, {"seeds": [low("Good", None, 1), low("Good", None, 1)]}]) == []


def test_a_round_2_only_run_records_a_full_runs_second_round_and_adds_to_it(
    calibration: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--round-2-only`` plays the same hands as a full run and keeps exactly its second-round bids'
    records (a hand whose trump is made in round 1 gives none: it is left unplayed); its records add to
    a full run's in a summary and a fit (the round-2 shift, nothing else), never stand alone in a fit,
    and must share the full runs' worlds."""
    reached = made_in_round_1 = 0
    for i in range(12):
        full = calibration.play("club", i, 20)
        second = calibration.play("club", i, 20, round_2_only=True)
        want = [r | {"round_2_only": True} for r in full if str(r["class"]).startswith("round-2")]
        assert second == want
        reached += bool(second)
        made_in_round_1 += not second and any(r["class"] in ("round-1 order", "round-1 alone") for r in full)
    assert reached and made_in_round_1
    # two runs of the file shape: ten full hands, and ten other hands' second-round records
    full_run = _expert_run(tmp_path / "calibration-expert-every-card" / "0-9.jsonl", 0.3)
    extra = tmp_path / "calibration-expert-round-2" / "10-19.jsonl"
    extra.parent.mkdir()
    lines = []
    for h in range(10, 20):
        rec = {"level": "expert", "worlds": 200, "every_card": False, "hand": h, "seat": "E"}
        rec |= {"class": "round-2 call", "ev": 0.3, "p_make": 0.7, "p_maker": 1.0, "real": 0.0, "made": 0.0}
        lines.append(json.dumps(rec | {"playout_open": 0.3, "round_2_only": True}))
    extra.write_text("\n".join(lines) + "\n")
    records = [json.loads(x) for p in (full_run, extra) for x in p.read_text().splitlines()]
    assert calibration.settings_of(records) == ("expert", 200, True, 0.0, False, 0.3)
    calibration.summary(records)
    said = capsys.readouterr().out
    assert "20 hands, 30 decisions with a choice (10 of the hands from --round-2-only runs" in said
    assert re.search(r"round-2 call +10 +\+0\.300 +\+0\.000 +-0\.300", said)
    data = tmp_path / "calibration.json"
    calibration.fit([str(full_run), str(extra)], data)
    expert = json.loads(data.read_text())["levels"]["expert"]
    assert expert["round-2"]["decisions"] == 10 and expert["round-2"]["points"] == pytest.approx(-0.3)
    assert expert["lead"]["decisions"] == 10 and expert["round-1"]["decisions"] == 10
    assert json.loads(data.read_text())["commands"][1] == (
        "python benchmarks/classic_calibration.py --level expert --hands 10 --start 10 --worlds 200 --round-2-only"
    )
    with pytest.raises(SystemExit, match="add to full runs"):
        calibration.fit([str(extra)], tmp_path / "other.json")
    other = [r | {"worlds": 100} if r.get("round_2_only") else r for r in records]
    with pytest.raises(SystemExit, match="--round-2-only runs go with runs of their level"):
        calibration.settings_of(other)


def test_the_shipped_shifts_are_judged_on_hands_they_were_not_fitted_on(
    calibration: ModuleType, cal_shifts: ModuleType, tmp_path: Path
) -> None:
    """``--summary --shipped``: each prediction moves by the data file's shift for its level and kind (a
    kind measured on too few decisions does not move, as in the tutor), and the hands the file's runs
    hold are known, so a summary of them is refused."""
    data = tmp_path / "calibration.json"
    few = calibration.LEAST_DECISIONS - 1
    data.write_text(
        json.dumps(
            {
                "commands": [
                    "python benchmarks/classic_calibration.py --level expert --hands 500 --start 0 --worlds 200 --every-card",
                    "python benchmarks/classic_calibration.py --level club --hands 100 --start 900 --worlds 200 --every-card",
                    "python benchmarks/classic_calibration.py --fit a.jsonl b.jsonl",
                ],
                "levels": {
                    "expert": {
                        "round-2": {"points": -0.1, "p_make": 0.02, "decisions": 900, "hands": 500},
                        "lead": {"points": 0.3, "p_make": 0.0, "decisions": few, "hands": 50},
                    }
                },
            }
        )
    )
    base = {"level": "expert", "hand": 600, "ev": 0.5, "p_make": 0.4, "p_maker": 0.8}
    moved = cal_shifts.shipped([base | {"class": "round-2 call"}, base | {"class": "lead"}], data)
    assert moved[0] == (pytest.approx(0.4), pytest.approx(0.52))
    assert moved[1] == (pytest.approx(0.5), pytest.approx(0.5))  # too few decisions: not moved
    assert calibration._fitted_hands(data, {"expert"}) == set(range(500))
    assert calibration._fitted_hands(data, {"club", "expert"}) == set(range(500)) | set(range(900, 1000))


def _correlated_hands(hands: int = 60, per_hand: int = 5) -> list[tuple[int, float]]:
    """Decisions of ``hands`` hands, ``per_hand`` each, whose values move together within a hand: every
    decision of a hand takes the hand's value (seeded draws, 0 in a hand of three), plus a little of its
    own."""
    rng = random.Random(3)
    out = []
    for h in range(hands):
        value = 0.0 if h % 3 == 0 else rng.expovariate(5.0)
        out += [(h, max(0.0, value + rng.gauss(0.0, 0.01))) for _ in range(per_hand)]
    return out


@pytest.fixture(scope="module")
def error_rates(runs: ModuleType) -> ModuleType:
    return load("classic_error_rates")


def test_the_error_rates_band_is_clustered_by_hand(runs: ModuleType, error_rates: ModuleType) -> None:
    """The band's interval counts a hand's decisions as one draw: with losses that move together within
    a hand it is wider than s / sqrt(n) over the decisions, and it is the clustered interval itself."""
    decisions = _correlated_hands()
    rows = [{"level": "club", "hand": h, "loss": loss, "label": "Good"} for h, loss in decisions]
    band = error_rates.summarise(rows, ["club"])["club"]
    losses = [loss for _, loss in decisions]
    _, naive = runs.interval(losses)
    _, clustered = runs.interval(losses, [h for h, _ in decisions])
    assert band["half_width_95"] == pytest.approx(clustered, abs=1e-4)
    assert band["half_width_95"] > 1.5 * naive
    assert (band["decisions"], band["hands"]) == (300, 60)


def test_the_grade_stability_interval_is_clustered_by_hand(grades: ModuleType) -> None:
    """The share of grades kept is a share of decisions that come in hands: when a hand's decisions keep
    or change their labels together, its interval is wider than the Wilson interval over decisions;
    with one decision a hand it is the Wilson interval."""
    kept = [h % 5 != 0 for h in range(60) for _ in range(5)]  # a hand in five changes every label
    hands = [h for h in range(60) for _ in range(5)]
    low, high = grades.share_interval(kept, hands)
    plain_low, plain_high = grades.wilson(sum(kept), len(kept))
    assert low < plain_low and high > plain_high and high - low > 1.5 * (plain_high - plain_low)
    assert grades.share_interval(kept, None) == (plain_low, plain_high)
    # one decision a hand: the Wilson interval (to the n / (n - 1) of a sample variance)
    assert grades.share_interval(kept, list(range(300))) == pytest.approx((plain_low, plain_high), rel=1e-3)
    # the lines the benchmark prints from its --out rows, which record each decision's hand
    rows = [
        {"hand": h, "seeds": [{"label": "Good"}, {"label": "Good" if k else "Mistake"}]}
        for h, k in zip(hands, kept, strict=True)
    ]
    said = grades.stability(rows)
    assert (
        f"same label 240/300 = 80.0% (95% interval {100 * low:.1f}-{100 * high:.1f}%, clustered by hand)"
        == said
    )


@pytest.fixture(scope="module")
def grade_sampling(grades: ModuleType) -> ModuleType:
    return load("classic_grade_sampling")


def test_the_sampling_efficiency_bootstrap_resamples_hands(grade_sampling: ModuleType) -> None:
    """The efficiency's interval resamples whole hands: with decisions alike within a hand it is wider
    than a bootstrap over decisions (every decision its own hand)."""
    decisions = _correlated_hands(hands=30, per_hand=6)
    base = [(0.0, 0.01 + v, 1.0) for _, v in decisions]
    other = [(0.0, 0.01 + 2 * v * (h % 2), 0.7) for h, v in decisions]
    hands = [h for h, _ in decisions]
    low, high = grade_sampling.bootstrap(base, other, hands, random.Random(0))
    dlow, dhigh = grade_sampling.bootstrap(base, other, list(range(len(hands))), random.Random(0))
    assert low <= grade_sampling.efficiency(base, other) <= high
    assert high - low > 1.5 * (dhigh - dlow)
