"""``euchre-tutor solitaire analyze``: JSON shapes, batch mode, errors."""

from __future__ import annotations

import argparse
import io
import json
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction

import pytest

from euchre_tutor.cards import deck, parse_cards
from euchre_tutor.games.solitaire.advisor import cli as advisor_cli
from euchre_tutor.games.solitaire.engine import cli as solitaire_cli

CARDS = parse_cards("9H 9C KC JC 9S JD")
DEAL = " ".join(str(c) for c in (*CARDS, *(c for c in deck(24) if c not in CARDS)))


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="euchre-tutor")
    games = parser.add_subparsers(dest="game", required=True)
    advisor_cli.register(solitaire_cli.register(games))
    args = parser.parse_args(argv)
    out, err = io.StringIO(), io.StringIO()
    old = None
    if stdin:
        import sys

        old = sys.stdin
        sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = args.run(args)
    finally:
        if old is not None:
            import sys

            sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def test_trump_decision_json() -> None:
    code, out, err = run(["solitaire", "analyze", "--deal", DEAL, "--json"])
    assert code == 0 and not err
    data = json.loads(out)
    assert len(data["options"]) == 8
    first = data["options"][0]
    assert (first["trump"], first["alone"], first["ev"]) == ("up", False, "-2")
    clubs = next(o for o in data["options"] if o["trump"] == "C" and not o["alone"])
    assert clubs["ev"] == "22637/70686"
    assert round(float(Fraction(clubs["p3"])), 3) == 0.773  # hint-examples.md, example 1
    assert data["best"]["trump"] == "C" and data["best"]["alone"] is False
    assert all({"rule", "text", "numbers"} <= set(r) for r in data["reasons"])
    spades = next(o for o in data["options"] if o["trump"] == "S" and not o["alone"])
    assert spades["ev"] == "-24883/21420"


def test_mid_deal_json() -> None:
    code, out, _ = run(["solitaire", "analyze", "--deal", DEAL, "--trump", "C", "--json"])
    assert code == 0
    data = json.loads(out)
    assert data["legal"] == ["9H", "9C", "KC", "JC", "9S"]
    assert data["best"] == "9H"
    values = {v["card"]: v["ev"] for v in data["values"]}
    assert values["JC"] == "7471/282744" and values["9C"] == "-140911/70686"


def test_text_table() -> None:
    code, out, _ = run(["solitaire", "analyze", "--deal", DEAL, "--trump", "C"])
    assert code == 0
    assert out.splitlines()[1].startswith("*9♥")
    assert "22637/70686" in out


def test_batch_goes_on_after_bad_lines() -> None:
    lines = "\n".join(
        [
            json.dumps({"deal": DEAL, "trump": "C", "plays": "9H"}),
            "not json",
            json.dumps({"seed": 5, "trump": "up", "plays": "XX"}),
            json.dumps({"seed": 5, "trump": "up", "alone": True}),
        ]
    )
    code, out, _ = run(["solitaire", "analyze", "--batch", "-"], stdin=lines + "\n")
    assert code == 0
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == 4
    assert "values" in results[0] and "error" in results[1] and "error" in results[2]
    assert "best" in results[3]


@pytest.mark.parametrize(
    "argv",
    [
        ["--deal", "9H 9C"],
        ["--deal", DEAL, "--trump", "X"],
        ["--deal", DEAL, "--trump", "C", "--plays", "AS"],
        ["--deal", DEAL, "--score", "7-9", "--mode", "game"],
        ["--deal", DEAL, "--jobs", "0"],
    ],
)
def test_errors_exit_2_with_one_line(argv: list[str]) -> None:
    code, out, err = run(["solitaire", "analyze", *argv])
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_one_process_or_several_print_the_same() -> None:
    one = run(["solitaire", "analyze", "--deal", DEAL, "--json", "--jobs", "1"])
    two = run(["solitaire", "analyze", "--deal", DEAL, "--json", "--jobs", "2"])
    assert one == two and one[0] == 0


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--deal", DEAL, "--score", "7:9"], "--score goes with --mode game: expected points do not depend"),
        (["--batch", "-", "--score", "7:9"], '--score goes with --mode game (a line with "mode": "game"'),
        (["--deal", DEAL, "--trump", "C", "--jobs", "2"], "with --trump the position is a card decision"),
        (
            ["--batch", "-", "--trump", "C"],
            "--batch reads its positions by itself, so --trump would be ignored",
        ),
        (["--batch", "-", "--plays", "9H", "--alone"], "so --alone, --plays would be ignored"),
        (["--batch", "-", "--json"], "--json goes with --deal or --seed: --batch always prints JSON lines"),
        (["--deal", DEAL, "--mode", "game", "--score", "9" * 200 + ":0"], "points have at most 100 digits"),
        (["--deal", DEAL, "--mode", "game", "--score=-1:3"], "points cannot be negative"),
        (["--deal", DEAL, "--trump", "C", "--score", "x" * 5000, "--mode", "game"], "characters)"),
    ],
)
def test_flags_that_would_be_ignored_or_are_hostile_are_refused(argv: list[str], words: str) -> None:
    code, out, err = run(["solitaire", "analyze", *argv], stdin='{"seed": 1, "trump": "C"}\n')
    assert code == 2 and out == "" and err.count("\n") == 1 and len(err) <= 301
    assert words in err, err


def test_jobs_score_and_mode_where_they_count() -> None:
    code, out, _ = run(["solitaire", "analyze", "--deal", DEAL, "--mode", "game", "--score", "7:9", "--json"])
    assert code == 0 and json.loads(out)["mode"] == "game"
    line = json.dumps({"deal": DEAL, "trump": "C", "plays": "9H"})
    code, out, _ = run(["solitaire", "analyze", "--batch", "-", "--mode", "game", "--score", "7:9"], line)
    assert code == 0 and json.loads(out)["mode"] == "game"


def test_batch_lines_refuse_a_score_that_would_be_ignored_and_unknown_keys() -> None:
    base = {"deal": DEAL, "trump": "C", "plays": "9H"}
    lines = [
        {**base, "score": "7:9"},
        {**base, "mode": "game", "score": 7},
        {**base, "mode": "game", "score": "7:9", "jobs": 2},
        {**base, "mode": "game", "score": "7:9"},
    ]
    code, out, _ = run(["solitaire", "analyze", "--batch", "-"], "\n".join(map(json.dumps, lines)) + "\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(answers) == 4
    assert answers[0] == {"error": '"score" goes with "mode": "game" (or --mode game)'}
    assert answers[1] == {"error": '"score" is a string like "7:9", not 7'}
    assert answers[2]["error"].startswith("unknown key(s) 'jobs'; a line's keys are alone, deal, mode,")
    assert answers[3]["mode"] == "game"
