"""``euchre-tutor solitaire replay``: text, JSON, batch and errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from euchre_tutor.cli import main
from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal

DEAL = "9H 9C KC JC 9S JD AS KS QS TS 9D TD QD KD AD TC QC AC TH JH QH KH AH JS"


def run(
    argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None
) -> tuple[int, str, str]:
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        code = main(argv)
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, out, err


def test_json_finished_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        ["solitaire", "replay", "--deal", DEAL, "--trump", "C", "--plays", "JC 9H KC 9C 9S", "--json"], capsys
    )
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["deal"] == DEAL and result["trump"] == "C" and result["alone"] is False
    first = result["tricks"][0]
    assert first == {
        "leader": "player",
        "player": "JC",
        "deck": "TC",
        "burned": ["AS", "KS", "QS", "TS", "9D", "TD", "QD", "KD", "AD"],
        "winner": "player",
        "awarded": False,
    }
    assert result["tricks"][1]["deck"] == "QC" and result["tricks"][1]["winner"] == "deck"
    assert result["tricks"][2]["leader"] == "deck"
    assert result["finished"] is True and len(result["tricks"]) == 5
    won = sum(t["winner"] == "player" for t in result["tricks"])
    assert result["tricks_won"] == won
    expected = {"player": 1 if won in (3, 4) else 2 if won == 5 else 0, "deck": 2 if won < 3 else 0}
    assert result["score"] == expected


def test_unfinished_deal_reports_the_decks_lead_and_legal_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["solitaire", "replay", "--deal", DEAL, "--trump", "C", "--plays", "JC 9H", "--json"], capsys
    )
    result = json.loads(out)
    assert code == 0 and result["finished"] is False
    assert result["deck_lead"] == "AC" and result["legal"] == ["9C", "KC"]
    assert result["tricks_won"] == 1 and result["score"] == {"player": 0, "deck": 0}


def test_stock_running_out_is_reported_as_the_issue_says(capsys: pytest.CaptureFixture[str]) -> None:
    deal = "JS JC AS KS QS 9D TS 9S " + " ".join(
        str(c)
        for c in SolitaireDeal.from_seed(0).cards
        if str(c) not in ["JS", "JC", "AS", "KS", "QS", "9D", "TS", "9S"]
    )
    _code, out, _ = run(
        ["solitaire", "replay", "--deal", deal, "--trump", "S", "--plays", "JS JC AS", "--json"], capsys
    )
    result = json.loads(out)
    third = result["tricks"][2]
    assert third["deck"] is None and third["winner"] == "player" and third["awarded"] is False
    assert third["burned"][-1] == "9D" and len(third["burned"]) == 17
    for t in result["tricks"][3:]:
        assert t == {
            "leader": None,
            "player": None,
            "deck": None,
            "burned": [],
            "winner": "player",
            "awarded": True,
        }
    assert result["score"] == {"player": 2, "deck": 0}


def test_seed_output_includes_the_deal(capsys: pytest.CaptureFixture[str]) -> None:
    _code, out, _ = run(["solitaire", "replay", "--seed", "5", "--trump", "up", "--json"], capsys)
    assert json.loads(out)["deal"] == str(SolitaireDeal.from_seed(5))


def test_text_output_is_a_readable_trick_log(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["solitaire", "replay", "--deal", DEAL, "--trump", "C", "--plays", "JC 9H KC 9C 9S"], capsys
    )
    assert code == 0
    assert "Trick 1:" in out and "burns 9 cards" in out and "named clubs" in out
    assert "Player leads J♣" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--deal", "9H 9C", "--trump", "C"], "2 cards given"),
        (["--deal", DEAL.replace("JS", "XS"), "--trump", "C"], "'XS' is not a card"),
        (["--deal", DEAL, "--trump", "D"], "cannot name diamonds, the turned suit"),
        (["--deal", DEAL, "--trump", "Q"], "not a suit"),
        (["--deal", DEAL, "--trump", "C", "--plays", "JC 9H 9S"], r"play 3 \(9S\).*legal: 9♣ K♣"),
        (["--deal", DEAL, "--trump", "C", "--plays", "AS"], "not in your hand"),
        (["--deal", DEAL, "--trump", "C", "--plays", "9H QC"], r"deck led\); legal: 9♣ K♣ J♣$"),
        (["--deal", DEAL, "--trump", "C", "--plays", "9H 9H"], r"you played it to trick 1\); legal"),
        (["--deal", DEAL, "--trump", "C", "--plays", "9H JD"], "turn card, at the bottom of the stock"),
        (["--deal", DEAL, "--trump", "C", "--plays", "9H AS"], "the deck burned it"),
        (["--deal", DEAL, "--trump", "C", "--plays", "9H AH"], "still unseen"),
        (
            ["--seed", "x", "--trump", "C"],
            "argument --seed: a seed is a whole number such as 7 or 2024, not 'x'",
        ),
        (["--seed", "1", "--deal", DEAL], "not allowed with argument --seed"),
        (["--deal", DEAL], "needs the trump choice"),
        (["--trump", "C"], "give the deal"),
    ],
)
def test_bad_input_exits_2_with_one_teaching_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["solitaire", "replay", *argv], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    import re

    assert re.search(message, err), err


def test_plays_beyond_the_end_are_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(
        ["solitaire", "replay", "--deal", DEAL, "--trump", "C", "--plays", "JC 9H KC 9C 9S 9S"], capsys
    )
    assert code == 2 and "after the end of the deal" in err


def test_name_turned_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["solitaire", "replay", "--deal", DEAL, "--trump", "D", "--name-turned", "--json"], capsys
    )
    result = json.loads(out)
    assert code == 0 and result["trump"] == "D" and result["ordered_up"] is False


def test_batch_one_line_out_per_line_in(capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        json.dumps({"deal": DEAL, "trump": "C", "alone": False, "plays": "JC 9H"}),
        "not json",
        json.dumps({"seed": 3, "trump": "up", "alone": True}),
        json.dumps({"deal": DEAL, "trump": "C", "plays": "AS"}),
        json.dumps({"deal": DEAL, "trump": "D", "name_turned": True}),
        json.dumps({"deal": DEAL, "trump": 5}),
        json.dumps(["a list"]),
        json.dumps({"deal": DEAL, "seed": 1, "trump": "C"}),
        json.dumps({"deal": DEAL, "trump": "C", "alone": None}),
        json.dumps({"deal": DEAL, "trump": "C", "name_turned": "yes"}),
        "",
    ]
    code, out, _ = run(["solitaire", "replay", "--batch", "-"], capsys, stdin="\n".join(lines) + "\n")
    results = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(results) == len(lines)
    assert results[0]["deck_lead"] == "AC"
    assert "error" in results[1]
    assert results[2]["alone"] is True and results[2]["deal"] == str(SolitaireDeal.from_seed(3))
    assert "not in your hand" in results[3]["error"]
    assert results[4]["trump"] == "D"
    assert all("error" in r for r in results[5:])


def test_console_script_and_module_entry_points() -> None:
    for cmd in (["euchre-tutor"], [sys.executable, "-m", "euchre_tutor"]):
        exe = cmd if cmd[0] != "euchre-tutor" else [sys.executable.rsplit("/", 1)[0] + "/euchre-tutor"]
        done = subprocess.run(
            [*exe, "solitaire", "replay", "--seed", "1", "--trump", "XX"], capture_output=True, text=True
        )
        assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
        assert done.stderr.startswith("error: ")


def test_replay_a_saved_game(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    from euchre_tutor.games.solitaire.engine.engine import OrderUp
    from euchre_tutor.games.solitaire.engine.game import SolitaireGame

    game = SolitaireGame(seed=11)
    for _ in range(2):
        game.new_deal()
        game.choose(OrderUp())
        while not game.state.deal.is_over:  # type: ignore[union-attr]
            game.play(game.state.deal.legal_plays()[0])  # type: ignore[union-attr]
    game.new_deal()
    path = tmp_path / "student.json"
    game.save(path)
    code, out, _ = run(["solitaire", "replay", "--game", str(path), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and len(data["deals"]) == 3
    assert data["score"] == {"player": game.state.score[0], "deck": game.state.score[1]}
    assert [d["finished"] for d in data["deals"]] == [True, True, False]
    assert data["deals"][0]["deal"] == str(SolitaireDeal.from_seed(11))
    code, out, _ = run(["solitaire", "replay", "--game", str(path)], capsys)
    assert code == 0 and "=== Deal 3 ===" in out and "Score: player" in out
    path.write_text('{"format": "nope"}')
    code, out, err = run(["solitaire", "replay", "--game", str(path)], capsys)
    assert code == 2 and out == "" and "not a saved Solitaire game" in err


def _saved_game(tmp_path) -> str:  # type: ignore[no-untyped-def]
    from euchre_tutor.games.solitaire.engine.game import SolitaireGame

    path = tmp_path / "game.json"
    SolitaireGame(seed=3).save(path)
    return str(path)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--alone"], "--game reads its positions by itself, so --alone would be ignored: leave it out"),
        (["--name-turned", "--plays", "JC"], "so --name-turned, --plays would be ignored: leave them out"),
        (["--seed", "4"], "so --seed would be ignored"),
    ],
)
def test_game_refuses_the_flags_it_would_ignore(
    tmp_path, capsys: pytest.CaptureFixture[str], flags: list[str], words: str
) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(["solitaire", "replay", "--game", _saved_game(tmp_path), *flags], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err
    assert run(["solitaire", "replay", "--game", _saved_game(tmp_path), "--json"], capsys)[0] == 0


@pytest.mark.parametrize("flags", [["--trump", "C"], ["--alone"], ["--plays", "JC"], ["--name-turned"]])
def test_batch_refuses_position_flags(capsys: pytest.CaptureFixture[str], flags: list[str]) -> None:
    code, out, err = run(["solitaire", "replay", "--batch", "-", *flags], capsys, stdin='{"seed": 1}\n')
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"--batch reads its positions by itself, so {flags[0]} would be ignored" in err
    assert 'each line gives its own "deal" or "seed", "trump"' in err


def test_batch_lines_refuse_unknown_keys_and_hostile_json(capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        json.dumps({"deal": DEAL, "trump": "C", "alone": False, "mode": "game"}),
        '{"seed": ' + "7" * 5000 + ', "trump": "C"}',
        "[" * 100_000,
        '{"seed": 7, "trump": "C", "alone": NaN}',
        json.dumps({"seed": 7, "trump": "C"}),
    ]
    code, out, err = run(["solitaire", "replay", "--batch", "-"], capsys, stdin="\n".join(lines) + "\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and err == "" and len(answers) == 5
    assert answers[0] == {
        "error": "unknown key(s) 'mode'; a line's keys are alone, deal, name_turned, plays, seed, trump"
    }
    assert "a number of 5000 digits (777777777777…)" in answers[1]["error"]
    assert "nested 100000 levels deep" in answers[2]["error"]
    assert "NaN is not a number" in answers[3]["error"]
    assert answers[4]["trump"] == "C" and answers[4]["deal"] == str(SolitaireDeal.from_seed(7))


def test_a_binary_batch_file_and_a_huge_deal_give_short_errors(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "deals.bin"
    path.write_bytes(b"\x00\x01\xfe\xff\n" + b'{"seed": 2, "trump": "up"}')
    code, out, err = run(["solitaire", "replay", "--batch", str(path)], capsys)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and err == "" and len(answers) == 2
    assert answers[0]["error"].startswith("the line is not UTF-8 text (byte 0xfe at position 2)")
    assert answers[1]["ordered_up"] is True
    code, out, err = run(["solitaire", "replay", "--deal", "9S " * 1_000_000, "--trump", "C"], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and len(err) <= 301
    assert "1000000 cards given" in err and "characters)" in err


def test_a_saved_game_that_is_hostile_is_one_error_line(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "game.json"
    for data, words in [
        (b"[" * 100_000, "the saved game is nested 100000 levels deep"),
        (b'{"format": "euchre-tutor/solitaire-game", "seed": ' + b"1" * 5000 + b"}", "5000 digits"),
        (b"\x89PNG\r\n\x1a\n", "is not UTF-8 text (byte 0x89 at position 0)"),
    ]:
        path.write_bytes(data)
        code, out, err = run(["solitaire", "replay", "--game", str(path)], capsys)
        assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err


def test_a_huge_seed_flag_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["solitaire", "replay", "--seed", "9" * 5000, "--trump", "C"], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "argument --seed: a seed has at most 100 digits, not 5000" in err


def test_batch_refuses_json_since_it_always_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["solitaire", "replay", "--batch", "-", "--json"], capsys, stdin='{"seed": 1}\n')
    assert (code, out) == (2, "")
    assert err == "error: --json goes with --deal or --seed: --batch always prints JSON lines\n"
