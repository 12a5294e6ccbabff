"""``euchre-tutor bid replay``, ``bid analyze`` and ``bid rules``: JSON in, JSON out, one-line errors."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cli import main
from tests.bid.helpers import HANDS

HANDS_JSON = {s: h.split() for s, h in HANDS.items()}
ALONE = ["bid alone H", "pass", "pass", "pass"]
FEW = ("--worlds", "4", "--max-worlds", "4")  # analyze's advisor: a few sampled deals are enough here


def _input(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {"rules": "common", "dealer": "N", "hands": HANDS_JSON, "actions": ALONE}
    data.update(changes)
    return data


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_in_progress_says_who_acts_and_what_is_legal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "bid", "replay", "--input", json.dumps(_input()))
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["bid"] == "bid alone H" and result["bidder"] == "E" and result["sits_out"] == "W"
    assert result["to_act"] == "E" and result["legal"][:2] == ["play JH", "play JD"] and result["needs"] == 6


def test_replay_to_the_end_scores_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    tricks = ("JH 9H 9C", "JD TD TC", "AH QD QC", "KH KD KC", "QH AD AC", "TH 9S 9D")  # East, South, North
    plays = [f"play {c}" for trick in tricks for c in trick.split()]
    code, out, _ = _run(capsys, "bid", "replay", "--input", json.dumps(_input(actions=ALONE + plays)))
    result = json.loads(out)
    assert code == 0 and result["finished"] and result["made"] and result["points"] == {"NS": 0, "EW": 12}
    assert len(result["tricks"]) == 6 and all(t["winner"] == "E" for t in result["tricks"])


def test_a_passed_out_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "bid", "replay", "--input", json.dumps(_input(actions=["pass"] * 4)))
    assert (
        code == 0
        and json.loads(out)["passed_out"] is True
        and json.loads(out)["points"] == {"NS": 0, "EW": 0}
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            _input(actions=["bid 3 H", "bid 2 S"]),
            "action 2 ('bid 2 S'): a bid must be higher than the last bid",
        ),
        (_input(rules="standard"), "no Bid Euchre rules preset 'standard'"),
        (_input(up="KS"), "unknown key(s) 'up'"),
        ({"dealer": "N"}, "missing 'hands'"),
        (_input(actions="pass"), "actions must be a list"),
        ([1, 2], "the input must be a JSON object"),
    ],
)
def test_bad_input_exits_2_with_one_teaching_line(
    capsys: pytest.CaptureFixture[str], data: Any, message: str
) -> None:
    code, out, err = _run(capsys, "bid", "replay", "--input", json.dumps(data))
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_replay_batch_answers_every_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text(json.dumps(_input()) + "\n\nnot json\n" + json.dumps(_input(actions=["pass"] * 4)) + "\n")
    code, out, _ = _run(capsys, "bid", "replay", "--batch", str(path))
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(lines) == 4
    assert (
        lines[0]["to_act"] == "E" and "error" in lines[1] and "error" in lines[2] and lines[3]["passed_out"]
    )


def test_analyze_reports_the_seat_view_and_the_legal_actions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "bid", "analyze", *FEW, "--input", json.dumps(_input(actions=["bid 3 H"])))
    result = json.loads(out)
    assert code == 0 and result["seat"] == "S" and result["phase"] == "bidding"
    assert result["legal"][0] == "pass" and "bid 4 S" in result["legal"]
    view = result["view"]
    assert view["hand"] == HANDS_JSON["S"] and view["bids"] == ["E: bid 3 H"] and len(view["unseen"]) == 18
    code, out, _ = _run(
        capsys, "bid", "analyze", "--input", json.dumps({**_input(actions=["bid 3 H"]), "seat": "N"})
    )
    result = json.loads(out)
    assert result["seat"] == "N" and result["legal"] == [] and result["to_act"] == "S"
    assert "JH" not in result["view"]["hand"] and "JH" in result["view"]["unseen"]


def test_analyze_of_a_finished_hand_needs_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "bid", "analyze", "--input", json.dumps(_input(actions=["pass"] * 4)))
    assert code == 2 and 'name a "seat"' in err


def test_analyze_reads_stdin_and_batches(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(_input())))
    code, out, _ = _run(capsys, "bid", "analyze", "--input", "-")
    assert code == 0 and json.loads(out)["seat"] == "E"
    monkeypatch.setattr(
        "sys.stdin", io.StringIO(json.dumps(_input()) + "\n" + json.dumps({**_input(), "seat": "Q"}) + "\n")
    )
    code, out, _ = _run(capsys, "bid", "analyze", "--batch", "-")
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and lines[0]["seat"] == "E" and "error" in lines[1]


def test_rules_lists_the_presets_and_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "bid", "rules")
    assert (
        code == 0
        and "common:" in out
        and "double-deck:" in out
        and "alone_bids (none, alone, call-1, call-2" in out
    )
    code, out, _ = _run(capsys, "bid", "rules", "--json")
    assert json.loads(out)["common"]["target"] == 32


JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 60)
    | st.text(max_size=8)
    | st.sampled_from(["N", "JH", "common", "bid 3 H"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
ACTION_WORDS = st.lists(
    st.sampled_from(
        ["pass", "bid", "3", "H", "high", "low", "alone", "call", "1", "play", "JH", "give", "trump", "x"]
    ),
    max_size=4,
).map(" ".join)


@settings(max_examples=80, deadline=None)
@given(
    rules=st.sampled_from(
        ["common", "nt-high-low", "auction", "kitty-joker", {"preset": "common", "lead": "x"}]
    )
    | JSONISH,
    hands=st.sampled_from([HANDS_JSON, {**HANDS_JSON, "N": ["9C"]}]) | JSONISH,
    actions=st.lists(ACTION_WORDS, max_size=8) | JSONISH,
    command=st.sampled_from(["replay", "analyze"]),
)
def test_any_input_is_answered_or_refused_in_one_line(
    rules: Any, hands: Any, actions: Any, command: str
) -> None:
    data = {"rules": rules, "dealer": "N", "hands": hands, "actions": actions}
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["bid", command, *(FEW if command == "analyze" else ()), "--input", json.dumps(data)])
    assert code in (0, 2)
    assert "internal error" not in err.getvalue()
    if code == 2:
        assert out.getvalue() == "" and err.getvalue().count("\n") == 1
    else:
        assert json.loads(out.getvalue())
