"""The hint of the student's next decision starts before the turn when that decision is known: the
next hand's first decision, while the student reads the hand just played.

The controller's ``ahead`` must pose exactly the turn the table reaches when Next hand is pressed (the
same view, the same place in the game, the same analysis key), without changing the table or its
computer players; the tutor submits that hint in the background, and the turn finds it there."""

from __future__ import annotations

from typing import Any

import pytest

from euchre_tutor.games.bid.bots import RandomPlayer as BidRandom
from euchre_tutor.games.bid.session.controller import BidController
from euchre_tutor.games.bid.session.tutor import BidTutor
from euchre_tutor.games.classic.bots import LEVELS
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.classic.session.tutor import ClassicTutor
from euchre_tutor.session.analysis import Analyst, Background


class Recording:
    """A hint source that answers at once and keeps every request it was given."""

    def __init__(self) -> None:
        self.requests: list[Any] = []

    def analyse(self, request: Any, progress: Any) -> Any:
        self.requests.append(request)
        raise RuntimeError("no analysis in this test")  # filed as the turn's error: no hint object needed


def play_to_hand_end(controller: Any, chooser: Any) -> None:
    """The student's turns played by ``chooser`` until the hand is over (the table waits)."""
    for _ in range(200):
        if controller.waiting or controller.state.is_over:
            return
        assert controller.my_turn
        assert controller.act(chooser(controller))
    raise AssertionError("the hand did not end")


def first_legal(controller: Any) -> Any:
    return controller.legal[-1]  # the last legal action: a bid or a card, whatever it is


@pytest.mark.parametrize("level", ["beginner", "club"])
@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_classic_ahead_is_the_turn_next_hand_reaches(level: str, seed: int) -> None:
    c = ClassicController(seed, bot=LEVELS[level].player())
    for _ in range(3):
        assert c.ahead() is None  # during a hand the next decision depends on the student's own
        play_to_hand_end(c, first_legal)
        if c.state.is_over:
            return
        before = (c.game.position, c.state, c.view)
        ahead = c.ahead()
        assert (c.game.position, c.state, c.view) == before  # looking ahead changes nothing
        assert c.next_hand()
        if ahead is None:  # the next hand ended (a loner, a throw-in) before the student's turn
            assert not c.my_turn
            continue
        assert c.my_turn
        assert ahead.view == c.view and ahead.game.position == c.game.position
        assert ahead.legal == c.legal


@pytest.mark.parametrize("seed", [4, 5])
def test_bid_ahead_keeps_a_random_players_stream_untouched(seed: int) -> None:
    """A computer player with a running stream of choices is copied, so looking ahead twice or not at
    all leads to the same game."""
    tables = [BidController(seed, bot=BidRandom(seed)) for _ in range(2)]
    for _ in range(2):
        for i, c in enumerate(tables):
            play_to_hand_end(c, first_legal)
            if i == 0:
                first, second = c.ahead(), c.ahead()
                assert first is not None and second is not None and first.view == second.view
            c.next_hand()
        assert tables[0].game.position == tables[1].game.position
        assert tables[0].view == tables[1].view


def test_the_tutor_submits_the_next_hands_first_hint_in_the_background() -> None:
    source = Recording()
    c = ClassicController(3)
    t = ClassicTutor(c, source=source, runner="inline", show_hint=True)
    t.look_ahead = True
    play_to_hand_end(c, first_legal)
    assert c.ahead() is not None
    last = source.requests[-1]  # asked as the hand ended: the next hand's first decision
    asked = len(source.requests)
    c.next_hand()
    assert c.my_turn and t.current_key == last.key  # the turn is the one looked at
    assert len(source.requests) == asked  # and its analysis is not asked for again
    assert t.current_error is not None  # the background run's answer is the turn's


def test_no_look_ahead_without_a_hint_shown_or_graded() -> None:
    source = Recording()
    c = BidController(6)
    t = BidTutor(c, source=source, runner="inline")
    t.look_ahead = True
    play_to_hand_end(c, first_legal)
    assert c.ahead() is not None or c.state.is_over
    assert not source.requests  # nothing is analysed while the student asks for nothing
    t.set_show_hint(True)
    c.next_hand()
    assert source.requests  # the turn's own hint is asked for


def test_a_background_request_reaches_its_source_as_the_request_inside() -> None:
    source = Recording()
    messages: list[Any] = []
    analyst = Analyst(source, messages.append, runner="inline")
    c = ClassicController(3)
    t = ClassicTutor(c, source=None)
    request = t._hint_request(("a key",), t._new_turn())
    analyst.submit(Background(request))
    assert source.requests == [request]
    assert messages and messages[-1][0] == "error" and messages[-1][1] == ("a key",)


def test_with_a_worker_process_the_next_hands_first_hint_is_there_at_the_turn() -> None:
    """The real Bid Euchre advisor in its worker: the first decision of each next hand finds its hint
    ready the moment Next hand is pressed (it was analysed while the student read the hand)."""
    c = BidController(6)
    t = BidTutor(c, show_hint=True, worlds=40)
    try:
        assert t.look_ahead
        for _ in range(2):
            while not (c.waiting or c.state.is_over):
                assert t.wait_for_analysis()
                c.act(c.legal[-1])
            assert t.wait_for_analysis()
            c.next_hand()
            assert t.analyst is not None
            t.analyst.drain()
            assert c.my_turn and t.current_hint is not None
    finally:
        t.close()
