"""``classic analyze``: book-style positions echoed, the score-aware default, and ``--what-if``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.cli import main
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.whatif import unseen_cards, what_if
from tests.advisor.classic.test_cli import FIRST_BID, LEAD, run

# South to lead after North ordered East's KH up; East's hidden discard left out, as books do.
BOOK_LEAD = {
    "dealer": "E",
    "seat": "S",
    "hand": ["JS", "AC", "QH", "9D", "TD"],
    "up": "KH",
    "actions": ["S: pass", "W: pass", "N: order"],
}


def analysed(capsys: pytest.CaptureFixture[str], position: dict[str, Any], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "--input", json.dumps(position), "--json", "--worlds", "30", *argv)
    assert code == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def test_a_book_position_is_analysed_and_its_readings_echoed(capsys: pytest.CaptureFixture[str]) -> None:
    result = analysed(capsys, BOOK_LEAD)
    assert result["seat"] == "S" and result["phase"] == "play"
    assert [r["kind"] for r in result["readings"]] == ["hidden-discard"]
    written = analysed(capsys, {**BOOK_LEAD, "actions": [*BOOK_LEAD["actions"], "E: discard"]})
    assert "readings" not in written
    assert {k: v for k, v in result.items() if k != "readings"} == written
    code, out, _ = run(capsys, "--input", json.dumps(BOOK_LEAD), "--worlds", "30")
    assert code == 0 and out.startswith("Read: the dealer's discard (East) was not given")


def test_an_unknown_up_card_is_echoed_and_averaged_over(capsys: pytest.CaptureFixture[str]) -> None:
    result = analysed(capsys, {**LEAD, "up": None})
    (reading,) = result["readings"]
    assert reading["kind"] == "up-unknown" and "it was not a heart" in reading["text"]
    up = reading["text"].split("; ")[-1].split(" stands for it")[0]
    explicit = analysed(capsys, {**LEAD, "up": up})
    assert result["legal"] == explicit["legal"] and result["seat"] == explicit["seat"]
    # the deals average over every card the up card could have been, not only the one shown
    assert result["options"] != explicit["options"]


def test_an_ambiguous_dealer_hand_is_one_line_saying_what_to_add(capsys: pytest.CaptureFixture[str]) -> None:
    dealer = {**BOOK_LEAD, "seat": "E", "hand": ["AS", "JD", "TH", "9C", "TC"]}
    code, out, err = run(
        capsys, "--input", json.dumps({**dealer, "actions": [*dealer["actions"], "S: play JS"]})
    )
    assert code == 2 and not out and err.count("\n") == 1
    assert "add 'E: discard XX'" in err


def test_a_score_ranks_by_the_chance_to_win_the_game_unless_points_are_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    scored = {**FIRST_BID, "score": {"us": 8, "them": 9}}
    result = analysed(capsys, scored)
    assert result["mode"] == "game" and [r["kind"] for r in result["readings"]] == ["mode"]
    wins = [o["p_win_game"] for o in result["options"]]
    assert wins == sorted(wins, reverse=True)
    points = analysed(capsys, scored, "--mode", "points")
    assert points["mode"] == "points" and "readings" not in points
    evs = [o["ev"] for o in points["options"]]
    assert evs == sorted(evs, reverse=True)
    assert analysed(capsys, FIRST_BID)["mode"] == "points"


def test_the_table_ranks_by_points_whatever_the_score() -> None:
    from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource, ClassicHintRequest

    scored = {**FIRST_BID, "score": {"us": 8, "them": 9}}
    hint = ClassicAdvisorSource().analyse(ClassicHintRequest(("k",), scored, worlds=20), lambda _d, _t: None)
    assert hint.mode == "points"


def test_what_if_prints_both_analyses_and_whether_the_best_action_changes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = analysed(capsys, BOOK_LEAD, "--what-if", "swap AC AH; score 8:9")
    original, changed = result["original"], result["what_if"]
    assert original == analysed(capsys, BOOK_LEAD)
    assert changed["change"] == "swap AC AH; score 8:9"
    assert changed["position"]["hand"] == ["JS", "AH", "QH", "9D", "TD"]
    assert changed["position"]["score"] == {"us": 8, "them": 9}
    again = analysed(capsys, changed["position"])
    assert changed["analysis"] == again and changed["analysis"]["mode"] == "game"
    assert changed["best_changed"] == (again["best"] != original["best"])
    code, out, _ = run(capsys, "--input", json.dumps(BOOK_LEAD), "--worlds", "30", "--what-if", "swap AC AH")
    assert code == 0 and "\nWhat if: swap AC AH\n" in out
    assert out.rstrip().splitlines()[-1].startswith("The best action")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("swap KS AH", "not in South's hand"),
        ("swap AC KH", "the up card"),
        ("swap AC QH", "in South's hand already"),
        ("swap AC ZZ", "ZZ"),
        ("seat W", "before anyone bids"),
        ("score 8", "2 teams"),
        ("score ²:3", "whole numbers"),  # a superscript digit passes str.isdigit() but not int()
        ("score " + "9" * 200 + ":1", "whole numbers"),
        ("trade AC", "'swap KH AS'"),
        ("", "needs a change"),
    ],
)
def test_a_what_if_that_cannot_be_made_is_refused_in_one_line(
    change: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--input", json.dumps(BOOK_LEAD), "--worlds", "10", "--what-if", change)
    assert code == 2 and not out and err.count("\n") == 1 and words in err


def test_a_what_if_the_actions_rule_out_is_refused_after_the_change(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # East led clubs and South did not follow: South holds no club, so swapping one in is impossible
    void = {
        "dealer": "N",
        "seat": "S",
        "hand": ["JS", "QS", "QH", "TD"],
        "up": "KH",
        "actions": [
            *("E: order", "E: play 9C", "S: play 9D", "W: play AC", "N: play KC"),
            *("W: play 9S", "N: play TS", "E: play KS"),
        ],
    }
    assert analysed(capsys, void)["seat"] == "S"
    code, out, err = run(capsys, "--input", json.dumps(void), "--worlds", "10", "--what-if", "swap TD AD")
    assert code == 0
    code, out, err = run(capsys, "--input", json.dumps(void), "--worlds", "10", "--what-if", "swap TD TC")
    assert code == 2 and not out and "the what-if 'swap TD TC'" in err and "must follow" in err


def test_batch_lines_carry_their_what_if(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = tmp_path / "positions.jsonl"
    batch.write_text(json.dumps(BOOK_LEAD) + "\n" + json.dumps(LEAD) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "--batch", str(batch), "--worlds", "10", "--what-if", "swap 9D AD")
    assert code == 0 and not err
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["what_if"]["position"]["hand"] == ["JS", "AC", "QH", "AD", "TD"]
    assert "error" in second and "9D" in second["error"]


def test_seat_moves_the_hand_to_another_chair_of_the_same_round() -> None:
    round_2 = {**FIRST_BID, "actions": ["E: pass", "S: pass", "W: pass", "N: pass", "E: pass"]}
    moved = what_if(round_2, "seat W")
    assert moved["seat"] == "W" and moved["actions"] == [
        "E: pass",
        "S: pass",
        "W: pass",
        "N: pass",
        "E: pass",
        "S: pass",
    ]
    assert what_if(FIRST_BID, "seat N")["actions"] == ["E: pass", "S: pass", "W: pass"]
    assert main(["classic", "analyze", "--input", json.dumps(moved), "--worlds", "5", "--json"]) == 0


def test_up_changes_the_up_card_and_the_dealers_pick_up_with_it() -> None:
    dealer_at_discard = {**BOOK_LEAD, "seat": "E", "hand": ["AS", "JD", "TH", "9C", "TC", "KH"]}
    changed = what_if(dealer_at_discard, "up QH")
    assert changed["up"] == "QH" and changed["hand"] == ["AS", "JD", "TH", "9C", "TC", "QH"]
    with pytest.raises(EuchreError, match="South's hand"):
        what_if(BOOK_LEAD, "up AC")


def test_unseen_cards_are_the_swaps_a_seat_may_make() -> None:
    cards = {str(c) for c in unseen_cards(BOOK_LEAD)}
    assert len(cards) == 24 - 5 - 1 and not cards & {*BOOK_LEAD["hand"], "KH"}
    for card in sorted(cards):
        assert what_if(BOOK_LEAD, f"swap AC {card}")["hand"][1] == card
