"""``euchre-tutor classic analyze``: the JSON contract, the table, batch mode and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from euchre_tutor.cli import main

LEAD = {
    "dealer": "E",
    "seat": "S",
    "hand": ["JH", "JD", "AH", "KS", "9C"],
    "up": "9D",
    "actions": ["S: pass", "W: pass", "N: pass", "E: pass", "S: call H"],
}
FIRST_BID = {
    "rules": "standard",
    "dealer": "N",
    "seat": "E",
    "hand": ["QD", "9S", "KH", "JH", "JD"],
    "up": "AD",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["classic", "analyze", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_output_follows_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "--input", json.dumps(LEAD), "--json", "--worlds", "60", "--max-worlds", "60"
    )
    assert code == 0 and not err
    result = json.loads(out)
    assert result["seat"] == "S" and result["worlds"] == 60 and result["method"] == "double-dummy"
    assert result["legal"] == ["play 9C", "play JD", "play AH", "play JH", "play KS"] or sorted(
        result["legal"]
    ) == sorted(["play 9C", "play JD", "play AH", "play JH", "play KS"])
    options = result["options"]
    assert {o["action"] for o in options} == set(result["legal"])
    assert result["best"] == options[0]["action"] == "play JH"
    for o in options:
        assert set(o) >= {"action", "ev", "p_make", "p_euchred", "p_march"}
        assert "p_win_game" not in o
    evs = [o["ev"] for o in options]
    assert evs == sorted(evs, reverse=True)
    assert all(set(r) == {"rule", "text"} for r in result["reasons"])


def test_a_score_makes_it_score_aware_and_game_mode_ranks_by_the_win_chance(
    capsys: pytest.CaptureFixture[str],
) -> None:
    scored = {**FIRST_BID, "score": {"us": 8, "them": 9}}
    code, out, _ = run(capsys, "--input", json.dumps(scored), "--json", "--worlds", "60", "--mode", "game")
    assert code == 0
    result = json.loads(out)
    wins = [o["p_win_game"] for o in result["options"]]
    assert all(0 <= p <= 1 for p in wins) and wins == sorted(wins, reverse=True)
    assert result["mode"] == "game"


def test_the_table_lists_every_option_and_the_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--input", json.dumps(FIRST_BID), "--worlds", "40", "--max-worlds", "40")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("East to act (round-1); 40 sampled deals, play-out")
    assert any(line.startswith("order alone") for line in lines)
    assert any("<- best" in line for line in lines)
    assert "[classic.advice-sampled]" in out and "[classic.dealer-pickup]" in out


def test_the_same_seed_gives_the_same_answer(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--input", json.dumps(FIRST_BID), "--json", "--worlds", "30", "--seed", "4")
    assert run(capsys, *args)[1] == run(capsys, *args)[1]


def test_batch_answers_every_line_and_goes_on_after_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    impossible = {**LEAD, "actions": [*LEAD["actions"], "S: play JH"], "hand": ["JH", "JD", "AH", "KS"]}
    batch = tmp_path / "positions.jsonl"
    batch.write_text(
        "\n".join([json.dumps(LEAD), "{not json", json.dumps(impossible), json.dumps(FIRST_BID)]) + "\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "--batch", str(batch), "--worlds", "20")
    assert code == 0 and not err
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 4
    assert lines[0]["best"] == "play JH"
    assert "error" in lines[1] and "JSON" in lines[1]["error"]
    assert "error" in lines[2] and "JH" in lines[2]["error"]
    assert lines[3]["seat"] == "E"


@pytest.mark.parametrize(
    ("position", "words"),
    [
        ({**LEAD, "hand": ["JH", "JH", "AH", "KS", "9C"]}, "JH"),
        ({**LEAD, "seat": "Q"}, "seat"),
        ({**LEAD, "actions": ["S: pass", "S: pass"]}, "turn"),
        ({**LEAD, "up": "JH"}, "JH"),
        ({k: v for k, v in LEAD.items() if k != "dealer"}, "dealer"),
        ({**LEAD, "colour": "red"}, "colour"),
    ],
)
def test_an_impossible_position_is_one_error_line_and_exit_2(
    position: dict[str, object], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--input", json.dumps(position))
    assert code == 2 and not out
    assert err.count("\n") == 1 and err.startswith("error: ") and len(err) <= 301
    assert words.lower() in err.lower()


def test_flags_that_do_not_fit_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--input", json.dumps(LEAD), "--worlds", "0")[0] == 2
    code, _, err = run(capsys, "--input", json.dumps(FIRST_BID), "--mode", "game")
    assert code == 2 and "score" in err
    code, _, err = run(capsys, "--batch", "-", "--json")
    assert code == 2 and "--json" in err


def test_the_installed_command_reads_stdin() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "euchre_tutor.cli",
            "classic",
            "analyze",
            "--input",
            "-",
            "--json",
            "--worlds",
            "20",
        ],
        input=json.dumps(LEAD),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["best"] == "play JH"


def test_grade_labels_the_action_taken_and_refines_it_past_the_hints_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        capsys, "--input", json.dumps(LEAD), "--json", "--worlds", "40", "--grade", "play KS"
    )
    assert code == 0
    graded = json.loads(out)
    _, plain, _ = run(capsys, "--input", json.dumps(LEAD), "--json", "--worlds", "40")
    # a grade refined past the hint's deals says so once on stderr (it may take seconds); else nothing
    refined = graded["worlds"] > json.loads(plain)["worlds"]
    assert err.count("more deals are being played") == (1 if refined else 0)
    assert refined or not err
    grade = graded["grade"]
    assert grade["action"] == "play KS" and grade["label"] in ("Inaccuracy", "Mistake")
    mine = next(o for o in graded["options"] if o["action"] == "play KS")
    assert grade["loss"] == mine["loss"] and not mine["tied"]
    # the hint's own analysis (no --grade) stops at its cap; the grade's may go on beyond it
    assert graded["worlds"] >= json.loads(plain)["worlds"]
    code, text, _ = run(capsys, "--input", json.dumps(LEAD), "--worlds", "40", "--grade", "play KS")
    assert code == 0 and f"Grade of play KS: {grade['label']}." in text


def test_grade_refuses_a_mistyped_or_illegal_action_and_says_what_to_write(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "--input", json.dumps(LEAD), "--grade", "play QQ")
    assert code == 2 and not out and "write an action as classic replay does" in err
    code, out, err = run(capsys, "--input", json.dumps(LEAD), "--grade", "play TC")
    assert code == 2 and not out and "not a legal action for South" in err and "play JH" in err
