"""The shared double-dummy search: its compiled core and its pure-Python twin give the answers
recorded from the two searches it replaced (classic and Bid Euchre), on hundreds of seeded positions.

The positions are regenerated from their seeds (``tests/advisor/dd_recorded.py``); each recorded
answer carries the position it was computed for, so a change in the position generators shows as
a different position, not as a wrong answer.
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest

from euchre_tutor.advisor import trickdd
from euchre_tutor.games.bid.advisor import dd as bid_dd
from euchre_tutor.games.classic.advisor import dd as classic_dd

from . import dd_recorded
from .classic.test_dd_positions import RULE_SETS, start_of_play

RECORDED: dict[str, list[dict[str, Any]]] = json.loads(dd_recorded.ANSWERS.read_text())


def _compare(states: list[Any], answers: list[dict[str, Any]], recorded: list[dict[str, Any]]) -> None:
    assert len(states) == len(recorded) >= 250
    for state, got, want in zip(states, answers, recorded, strict=True):
        assert dd_recorded.fingerprint(state) == want["position"]
        assert {**got, "position": want["position"]} == want, want["position"]


@pytest.mark.parametrize("backend", trickdd.BACKENDS)
def test_classic_answers_are_the_recorded_ones(backend: str) -> None:
    states = dd_recorded.classic_states()
    _compare(states, dd_recorded.classic_answers(states, backend), RECORDED["classic"])


@pytest.mark.parametrize("backend", trickdd.BACKENDS)
def test_bid_answers_are_the_recorded_ones(backend: str) -> None:
    states = dd_recorded.bid_states()
    _compare(states, dd_recorded.bid_answers(states, backend), RECORDED["bid"])


def test_both_games_are_served_by_the_one_search() -> None:
    assert classic_dd.BACKENDS == bid_dd.BACKENDS == trickdd.BACKENDS


def test_the_compiled_core_refuses_a_malformed_position() -> None:
    """The C core checks what it is handed (make builds it everywhere the tests run)."""
    state = start_of_play(RULE_SETS["standard"], random.Random(5))
    pos = classic_dd._position(state)
    core = importlib.import_module("euchre_tutor.advisor._trickdd")
    with pytest.raises(ValueError, match="blob"):
        core.solve_many([(b"short", pos.args())])
    with pytest.raises(ValueError, match="wrong shape"):
        core.solve_many([(pos.tables.blob, pos.args()[:-1])])
    bad_seat = (pos.args()[0], pos.args()[1], 9, *pos.args()[3:])
    with pytest.raises(ValueError, match="out of range"):
        core.solve_many([(pos.tables.blob, bad_seat)])
    assert core.solve_many([(pos.tables.blob, pos.args())]) == [classic_dd.solve(state) - pos.done]


def test_the_compiled_bands_refuse_malformed_cuts_slots_and_hands() -> None:
    """The bands' entry checks its slots, cuts, marks and hands, and answers each asked card's mark."""
    state = start_of_play(RULE_SETS["standard"], random.Random(5))
    pos = classic_dd._position(state)
    core = importlib.import_module("euchre_tutor.advisor._trickdd")
    blob, args, hands, every = pos.tables.blob, pos.args(), [tuple(pos.hands)], (1 << pos.players) - 1
    legal = tuple(c.index for c in state.legal_plays())
    with pytest.raises(ValueError, match="cuts ascend"):
        core.card_bands_many(blob, args, hands, every, legal, (3, 1), (0, 1, 2))
    with pytest.raises(ValueError, match="one mark more"):
        core.card_bands_many(blob, args, hands, every, legal, (1, 3), (0, 1))
    other = next(s for s in range(24) if s not in legal)
    with pytest.raises(ValueError, match="not a legal card"):
        core.card_bands_many(blob, args, hands, every, (*legal, other), (3,), (0, 3))
    with pytest.raises(ValueError, match="tuple of at most"):
        core.card_bands_many(blob, args, hands, every, list(legal), (3,), (0, 3))
    with pytest.raises(ValueError, match="one mask per seat"):
        core.card_bands_many(blob, args, [hands[0][:-1]], every, legal, (3,), (0, 3))
    with pytest.raises(ValueError, match="wrong shape"):
        core.card_bands_many(blob, args[:-1], hands, every, legal, (3,), (0, 3))
    exact = core.card_values_many([(blob, args)])[0]
    got = core.card_bands_many(blob, args, hands * 2, every, legal, (3,), (7, 8))
    assert got == [tuple(8 if exact[c] >= 3 else 7 for c in legal)] * 2
