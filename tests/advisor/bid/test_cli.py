"""``euchre-tutor bid analyze`` with the advisor: options with intervals, the best, reasons, a grade."""

from __future__ import annotations

import json

import pytest

from euchre_tutor.cli import main
from euchre_tutor.games.bid.rules import RULE_SENTENCES

HANDS = {
    "N": "JH JD AH KH QH TH",
    "E": "9H 9S TS QS KS AS",
    "S": "9D TD QD KD AD 9C",
    "W": "TC JC QC KC AC JS",
}


def _input(**changes: object) -> str:
    data: dict[str, object] = {
        "dealer": "W",
        "hands": {s: h.split() for s, h in HANDS.items()},
        "actions": [],
    }
    data.update(changes)
    return json.dumps(data)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["bid", "analyze", "--worlds", "30", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_values_every_option_and_grades_the_given_action(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--input", _input(action="bid 6 C"))
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["seat"] == "N" and result["phase"] == "bidding" and result["mode"] == "points"
    options = result["options"]
    assert sorted(o["action"] for o in options) == sorted(result["legal"])
    assert options[0]["action"] == result["best"] and options[0]["loss"] == 0 and options[0]["tied"]
    for o in options:
        assert {
            "ev",
            "ev_interval",
            "loss",
            "interval",
            "tied",
            "tricks",
            "p_make",
            "reasons",
            "worlds",
        } <= set(o)
        assert 0 < o["worlds"] <= result["worlds"]
    assert result["worlds"] >= 30 and result["method"] == "play-out + double-dummy"
    assert result["reasons"] and all(r["rule"] in RULE_SENTENCES for r in result["reasons"])
    assert result["grade"]["action"] == "bid 6 C" and result["grade"]["label"] == "Blunder"
    assert result["view"]["hand"] == HANDS["N"].split()
    again = json.loads(_run(capsys, "--input", _input(action="bid 6 C"))[1])
    assert again == result  # the same input and seed, the same answer


def test_a_card_play_is_analysed_double_dummy(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, "--input", _input(actions=["bid 3 H", "pass", "pass", "pass"], action="play TH")
    )
    result = json.loads(out)
    assert code == 0 and result["method"] == "double-dummy" and result["grade"]["label"] == "Best"


def test_a_seat_not_to_act_gets_its_view_and_no_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--input", _input(seat="E"))
    result = json.loads(out)
    assert code == 0 and result["options"] == [] and result["best"] is None and result["legal"] == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"action": "play 9C"}, "is not legal for North now; legal: pass"),
        ({"action": 3}, '"action" must be a string'),
        ({"seat": "E", "action": "pass"}, "not East's turn"),
    ],
)
def test_a_bad_action_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], changes: dict[str, object], message: str
) -> None:
    code, out, err = _run(capsys, "--input", _input(**changes))
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_bad_world_counts_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--max-worlds", "9000", "--input", _input())
    assert code == 2 and out == "" and "--max-worlds" in err
