"""The customs of the table on the classic table: Draw for seats, the cut, the 4 and 6 score, the Match menu."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from euchre_tutor.games.classic.engine.draw import cutter, draw_for_deal
from euchre_tutor.games.classic.engine.score_cards import score_words
from euchre_tutor.games.classic.widgets.score_cards import four_six_html, four_six_row
from euchre_tutor.tricks.seating import Seat
from euchre_tutor.widgets import ClassicApp


@pytest.fixture
def app() -> Iterator[ClassicApp]:
    a = ClassicApp(seed=7)
    yield a
    a.close()


@pytest.mark.parametrize("seed", ["3", "11", "40"])
def test_draw_for_seats_opens_the_match_with_the_draw(app: ClassicApp, seed: str) -> None:
    app.seed.value = seed
    app.draw_seats.value = True
    app.new_match.click()
    drawn = draw_for_deal(int(seed), home=Seat.S)
    state = app.controller.state
    assert state.first_dealer is drawn.first_dealer and state.scores == (0, 0)
    assert app.controller.table_draw == drawn
    assert drawn.sentences()[0] in app.controller.message
    dealer = drawn.first_dealer
    assert f"{dealer.word} deals ({cutter(dealer).word} cut)" in app.bidding.value


def test_without_the_draw_north_deals_first(app: ClassicApp) -> None:
    app.draw_seats.value = True
    app.new_match.click()
    app.draw_seats.value = False
    app.seed.value = "3"
    app.new_match.click()
    assert app.controller.state.first_dealer is Seat.N and app.controller.table_draw is None
    assert "drew" not in app.controller.message


def test_a_teachers_deal_forgets_the_draw(app: ClassicApp) -> None:
    app.draw_seats.value = True
    app.new_match.click()
    app.deal_text.value = (
        '{"rules": "standard", "dealer": "N", "hands": {"N": ["9S","TS","QS","KS","QD"], '
        '"E": ["9C","TC","QC","KC","AC"], "S": ["JH","JD","AH","KH","QH"], "W": ["9H","TH","9D","TD","KD"]}, '
        '"up": "AD"}'
    )
    app.load.click()
    assert app.controller.table_draw is None and app.controller.state.first_dealer is Seat.N


def test_the_score_on_a_4_and_a_6(app: ClassicApp) -> None:
    assert "ec46" not in app.score.value
    app.score_cards.value = True
    assert app.score.value.count('class="ec46"') == 2
    assert f'aria-label="{score_words(0)}"' in app.score.value
    app.score_cards.value = False
    assert "ec46" not in app.score.value


@pytest.mark.parametrize("score", [0, 3, 5, 7, 10])
def test_the_drawing_shows_the_pips_of_both_cards_face_up(score: int) -> None:
    html = four_six_html(score, "S")
    faces = re.findall(r'class="ec46-face"[^>]*>((?:<span class="ec46-pip"[^>]*>♠</span>)*)</span>', html)
    assert sum(f.count("ec46-pip") for f in faces) == 4 * ("4 face up" in score_words(score)) + 6 * (
        "6 face up" in score_words(score)
    )
    assert score_words(score) in html


def test_a_row_keeps_scores_past_10_in_numbers() -> None:
    row = four_six_row({"us": 4, "them": 12})
    assert row.count('class="ec46"') == 1 and "<b>12</b>" in row


@pytest.mark.parametrize(
    ("choice", "target", "hands"), [("hands:4", 10, 4), ("target:5", 5, None), ("target:11", 11, None)]
)
def test_the_match_menu_sets_the_length(app: ClassicApp, choice: str, target: int, hands: int | None) -> None:
    app.match_length.value = choice
    app.new_match.click()
    rules = app.controller.rules
    assert (rules.target, rules.hands) == (target, hands)
    board = app.score.value
    assert (f"hand 1 of<br><b>{hands}</b>" in board) if hands else (f"first to<br><b>{target}</b>" in board)


def test_the_match_menu_keeps_the_chosen_preset(app: ClassicApp) -> None:
    app.rules_choice.value = "three-handed"
    app.match_length.value = "hands:8"
    app.new_match.click()
    assert (app.controller.rules.players, app.controller.rules.hands) == (3, 8)
