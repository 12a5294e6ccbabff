"""The teacher's tables page in words: sides named in the score, presence said, who made trump."""

from __future__ import annotations

from euchre_tutor.rules.games import find_game
from euchre_tutor.session.teacher_tables import FaceUpSeat
from euchre_tutor.widgets.teacher_tables import TEACHER_CSS, face_up_html, score_words_html, seats_line_html

SEATS = [
    {"seat": "N", "player": "Ann", "connected": True},
    {"seat": "E", "player": "Bob", "connected": False},
    {"seat": "S", "player": "Cat &amp; co", "connected": True},
    {"seat": "W", "player": None, "connected": False, "computer": True},
]


def test_the_score_names_each_side_by_its_seats_and_players() -> None:
    assert score_words_html([3, 5], SEATS) == "N–S (Ann, Cat &amp; co) <b>3</b> · E–W (Bob) <b>5</b>"
    three = [{"seat": f"P{i}", "player": n} for i, n in enumerate(["A", "B", None], 1)]
    assert score_words_html([1, 2, 0], three) == "P1 (A) <b>1</b> · P2 (B) <b>2</b> · P3 <b>0</b>"
    assert score_words_html([], SEATS) == "not started"


def test_presence_is_said_in_words_beside_the_dot() -> None:
    line = seats_line_html(SEATS)
    assert line.count('<span class="presence">connected</span>') == 2
    assert line.count('<span class="presence">not connected</span>') == 1  # the computer's seat says none
    assert ".st.on .presence { color:#1b5e20; }" in TEACHER_CSS
    assert ".jupyter-button { width:auto;" in TEACHER_CSS  # "Download the finished matches" in full


def test_watch_says_who_made_trump_and_whether_alone() -> None:
    spec = find_game("classic")
    game = spec.new_game(5)
    while getattr(spec.seat_view(game, "N"), "trump", None) is None:
        legal = spec.legal(game)
        order = [a for a in legal if "alone" in str(a) and "order" in str(a)]
        game.apply(order[0] if order else legal[0])
    views = [spec.seat_view(game, s) for s in "NESW"]
    seats = [
        FaceUpSeat(s["seat"], s["player"], bool(s["connected"]), False, v)
        for s, v in zip(SEATS, views, strict=True)
    ]
    maker = views[0].maker.name
    assert maker in "NESW" and maker != "W", "the seed's maker sits at a student's seat"
    player = next(s.player for s in seats if s.seat == maker)
    shown = face_up_html(seats)
    assert f"made by {maker} · {player or 'the computer'}" in shown
    assert (", alone" in shown) is bool(views[0].alone)
