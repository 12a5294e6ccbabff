"""The table framework's controller, on both partnership games: a computer player may think off the
click path at either table, and an answer arriving after its position is gone changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from euchre_tutor.games.bid.bots import RuleBasedPlayer as BidRuleBased
from euchre_tutor.games.bid.session.controller import BidController
from euchre_tutor.games.classic.bots import RuleBasedPlayer as ClassicRuleBased
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.session.table import TableController


class Notebook:
    """A thinker that only writes the questions down; the test answers them."""

    def __init__(self) -> None:
        self.questions: list[tuple[Any, int]] = []

    def __call__(self, view: Any, ticket: int) -> None:
        self.questions.append((view, ticket))


def _classic() -> tuple[TableController[Any, Any, Any, Any, Any, Any], Any]:
    return ClassicController(5), ClassicRuleBased()


def _bid() -> tuple[TableController[Any, Any, Any, Any, Any, Any], Any]:
    return BidController(1), BidRuleBased()


def _asked(c: TableController[Any, Any, Any, Any, Any, Any]) -> None:
    """Play the student's turns (the first legal action) until a computer player is asked."""
    for _ in range(40):
        if c.thinking is not None:
            return
        if c.waiting:
            assert c.next_hand()
        else:
            assert c.my_turn and c.act(c.legal[0])
    assert c.thinking is not None, "no computer player was asked in 40 of the student's turns"


@pytest.mark.parametrize("table", [_classic, _bid], ids=["classic", "bid"])
def test_an_answer_for_a_position_undone_meanwhile_changes_nothing(table: Any) -> None:
    c, player = table()
    notebook = Notebook()
    c.thinker = notebook
    _asked(c)
    old_view, old_ticket = notebook.questions[-1]
    assert not c.my_turn and c.legal == ()
    assert c.undo() and c.thinking is None and c.my_turn
    state, position = c.state, c.game.position
    assert not c.bot_answered(old_ticket, player.choose(old_view))  # its position is gone
    assert c.state is state and c.game.position == position and c.my_turn


@pytest.mark.parametrize("table", [_classic, _bid], ids=["classic", "bid"])
def test_the_computer_players_think_in_the_background_at_every_table(table: Any) -> None:
    c, player = table()
    notebook = Notebook()
    c.thinker = notebook
    _asked(c)
    seat = c.thinking
    view, ticket = notebook.questions[-1]
    assert view.seat == seat and c.message.endswith(f"{seat.word} is thinking…")
    assert not c.act(c.state.legal_actions()[0]) and c.message_is_error  # refused while it thinks
    at = c.game.position
    assert c.bot_answered(ticket, "no such action")  # unreadable: the rule-based choice instead
    assert c.game.actions[at] == player.choose(view)
