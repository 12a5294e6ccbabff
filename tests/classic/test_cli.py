"""``euchre-tutor classic replay`` and ``classic rules``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from euchre_tutor.cli import main
from tests.classic.helpers import HANDS, UP

MARCH = ["order", "discard 9S"] + [
    f"play {c}"
    for c in [
        "JD",
        "9D",
        "9C",
        "AH",
        "KH",
        "TD",
        "TC",
        "TS",
        "QH",
        "QD",
        "QC",
        "QS",
        "TH",
        "KD",
        "KC",
        "KS",
        "9H",
        "AD",
        "AC",
        "AS",
    ]
]


def _input(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {"rules": "standard", "dealer": "N", "hands": HANDS, "up": UP, "actions": MARCH}
    data.update(changes)
    return data


def _single(capsys: pytest.CaptureFixture[str], data: object) -> tuple[int, str, str]:
    code = main(["classic", "replay", "--input", json.dumps(data)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_finished_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _single(capsys, _input())
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["finished"] is True and result["trump"] == "H" and result["maker"] == "E"
    assert result["alone"] is False and result["lone_defender"] is None
    assert result["points"] == {"NS": 0, "EW": 2}
    assert result["tricks"][0] == {"leader": "E", "cards": ["JD", "9D", "9C", "AH"], "winner": "E"}
    assert len(result["tricks"]) == 5


def test_passed_out(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _single(capsys, _input(actions=["pass"] * 8))
    assert code == 0
    assert json.loads(out) == {
        "finished": True,
        "passed_out": True,
        "trump": None,
        "maker": None,
        "tricks": [],
        "points": {"NS": 0, "EW": 0},
    }


def test_an_unfinished_hand_says_who_acts_and_what_is_legal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _single(capsys, _input(actions=MARCH[:5]))
    result = json.loads(out)
    assert code == 0 and result["finished"] is False
    assert result["to_act"] == "N" and result["legal"] == ["play AH"]
    assert result["tricks"] == []


def test_alone_trick_has_three_cards(capsys: pytest.CaptureFixture[str]) -> None:
    actions = ["order alone", "discard 9S", "play JD", "play 9D", "play AH"]
    _code, out, _ = _single(capsys, _input(actions=actions))
    result = json.loads(out)
    assert result["alone"] is True and result["tricks"][0]["cards"] == ["JD", "9D", "AH"]


def test_openspiel_rules_and_lone_defender(capsys: pytest.CaptureFixture[str]) -> None:
    actions = ["order", "discard 9S", "partner", "partner", "alone"]
    _code, out, _ = _single(capsys, _input(rules="openspiel-lone-defender", actions=actions))
    result = json.loads(out)
    assert result["lone_defender"] == "N" and result["to_act"] == "E"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (_input(actions=[*MARCH[:5], "play TS"]), "action 6 ('play TS'): 10♠ does not follow trump (♥)"),
        (_input(actions=["play 9S"]), "action 1 ('play 9S')"),
        (_input(actions=["shout"]), "'shout' is not an action"),
        (_input(hands={**HANDS, "N": ["9S"]}), "North must hold 5 cards"),
        (_input(hands={**HANDS, "N": ["9S", "TS", "QS", "KS", "9H"]}), "9H is dealt twice"),
        (_input(hands={**HANDS, "N": ["9S", "TS", "QS", "KS", "XX"]}), "'XX' is not a card"),
        (_input(rules="house"), "no classic rules preset"),
        (_input(up=5), "expected a card name"),
        (_input(dealer="Q"), "not a seat"),
        (_input(actions="pass"), "actions must be a list"),
        ({"dealer": "N"}, "missing 'hands', 'up'"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], data: object, words: str
) -> None:
    code, out, err = _single(capsys, data)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and words in err
    assert "Traceback" not in err


def test_not_json_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classic", "replay", "--input", "{oops"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "not valid JSON" in err


def test_batch_goes_on_after_bad_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        json.dumps(_input()),
        "not json",
        "",
        json.dumps(_input(actions=["pass", "fly"])),
        json.dumps(_input(actions=[])),
    ]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["classic", "replay", "--batch", str(path)]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(out) == 5
    assert out[0]["points"] == {"NS": 0, "EW": 2}
    assert "error" in out[1] and "error" in out[2] and "'fly' is not an action" in out[3]["error"]
    assert out[4]["to_act"] == "E"


def test_batch_from_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(_input()) + "\n[]\n"))
    assert main(["classic", "replay", "--batch", "-"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "error" in json.loads(out[1])


def test_rules_listing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classic", "rules"]) == 0
    out = capsys.readouterr().out
    for word in ("standard", "openspiel-lone-defender", "stick_the_dealer", "alone_timing", "defend_alone"):
        assert word in out
    assert main(["classic", "rules", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["openspiel"]["stick_the_dealer"] is True


def test_rules_listing_names_every_option_with_values(capsys: pytest.CaptureFixture[str]) -> None:
    from euchre_tutor.games.classic.rules import OPTION_VALUES, ClassicRules

    assert main(["classic", "rules"]) == 0
    out = capsys.readouterr().out
    for name, _value, _meaning in ClassicRules().describe():
        assert f"  {name} ({OPTION_VALUES[name]}; default " in out


@pytest.mark.parametrize(
    ("rules", "actions", "check"),
    [
        ({"preset": "standard", "no_trump": "high-low"}, ["pass"] * 4 + ["call low"], {"no_trump": "low"}),
        ({"preset": "openspiel", "defend_alone": "never"}, ["order"], {"to_act": "N"}),
        ({"canadian_loner": True}, ["pass"], {"legal": ["pass", "order alone"]}),
        ({"take_4_for_1": True, "take_4_three_tricks": "nothing"}, [], {"to_act": "E"}),
    ],
)
def test_replay_accepts_a_rules_object(
    capsys: pytest.CaptureFixture[str], rules: dict[str, object], actions: list[str], check: dict[str, object]
) -> None:
    code, out, err = _single(capsys, _input(rules=rules, actions=actions))
    assert code == 0 and err == ""
    result = json.loads(out)
    for key, value in check.items():
        assert result[key] == value


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"preset": "standard", "joker_up": "dealer-blind"}, "joker_up applies only with joker=true"),
        ({"six_handed_teams": "2v2v2"}, "six_handed_teams applies only with players=6"),
        ({"alone_march_points": 1}, "between 2 and 8"),
        ({"misdeal": "sometimes"}, "misdeal must be one of"),
    ],
)
def test_replay_refuses_bad_rules_objects(
    capsys: pytest.CaptureFixture[str], rules: dict[str, object], words: str
) -> None:
    import re

    code, out, err = _single(capsys, _input(rules=rules))
    assert code == 2 and out == "" and re.search(words, err) and err.count("\n") == 1


def test_replay_with_a_joker_and_a_28_card_deck(capsys: pytest.CaptureFixture[str]) -> None:
    hands = {
        "N": ["8S", "TS", "QS", "KS", "AS"],
        "E": ["9H", "TH", "QH", "KH", "JK"],
        "S": ["9D", "TD", "QD", "KD", "AD"],
        "W": ["9C", "TC", "QC", "KC", "AC"],
    }
    data = _input(
        rules={"deck": 28, "joker": True}, hands=hands, up="AH", actions=["order", "discard 8S", "play JK"]
    )
    code, out, err = _single(capsys, data)
    result = json.loads(out)
    assert code == 0 and err == "" and result["to_act"] == "S"
    # The joker led is a heart (trump); South holds no heart, so any card.
    assert result["legal"] == ["play 9D", "play TD", "play QD", "play KD", "play AD"]


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        (b"[" * 100_000, "the input is nested 100000 levels deep; at most 50"),
        (
            json.dumps(_input(rules={"target": 10**40})).replace("1" + "0" * 40, "9" * 5000).encode(),
            "5000 digits",
        ),
        (b'{"dealer": NaN}', "NaN is not a number JSON allows"),
        (b"\xff\xd8\xff\xe0 a photo", "the input is not UTF-8 text (byte 0xff at position 0)"),
    ],
)
def test_hostile_stdin_is_one_error_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stdin: bytes, words: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main(["classic", "replay", "--input", "-"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err


def test_a_million_card_hand_gives_a_short_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    huge = _input(hands={**HANDS, "N": ["9S"] * 1_000_000})
    code, out, err = _single(capsys, huge)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert len(err) <= 301 and err.startswith("error: North must hold 5 cards") and "characters)" in err


def test_a_binary_batch_file_gets_an_error_line_per_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "photo.jpg"
    path.write_bytes(
        b"\xff\xd8\xff\xe0\x00\x10JFIF\n" + json.dumps(_input()).encode() + b"\n" + b"{" * 70_000
    )
    assert main(["classic", "replay", "--batch", str(path)]) == 0
    out, err = capsys.readouterr()
    answers = [json.loads(line) for line in out.splitlines()]
    assert err == "" and len(answers) == 3
    assert answers[0] == {
        "error": "the line is not UTF-8 text (byte 0xff at position 0): give a text file of JSON"
    }
    assert answers[1]["finished"] is True
    assert answers[2] == {"error": "the line is nested 70000 levels deep; at most 50 levels are allowed"}
