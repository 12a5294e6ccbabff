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
from array import array
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


def test_a_packed_rollout_is_the_rollout_of_its_positions() -> None:
    """``rollout_packed`` (a compiled caller's batch as records of int64s) gives ``rollout_many``'s
    value for each position, whichever of its tables' blobs it names; the bidding core writes records
    of the same size; a malformed record is refused."""
    core = importlib.import_module("euchre_tutor.advisor._trickdd")
    clubbid = importlib.import_module("euchre_tutor.games.classic.bots._clubbid")
    assert clubbid.RECORD_INTS == core.RECORD_INTS
    rng = random.Random(3)
    states = [start_of_play(RULE_SETS[name], rng) for name in sorted(RULE_SETS) for _ in range(4)]
    blobs, records, items = [], [], []
    for k, state in enumerate(states):
        pos = classic_dd._position(state)
        if pos.tables.blob not in blobs:
            blobs.append(pos.tables.blob)
        args, unseen = pos.args(), classic_dd._unseen(state)
        limit, key = (k % 3) * (1 << 60), 1000 + k
        padded = [*unseen, *[0] * (6 - len(unseen))]
        record = [blobs.index(pos.tables.blob), limit, key, *padded, len(args), *args]
        records.append(record + [0] * (core.RECORD_INTS - len(record)))
        items.append((pos.tables.blob, args, tuple(unseen), limit, key))
    packed = array("q", [x - (1 << 64) if x >= 1 << 63 else x for r in records for x in r]).tobytes()
    assert core.rollout_packed(tuple(blobs), packed) == core.rollout_many(items)
    one = records[0]
    with pytest.raises(ValueError, match="whole records"):
        core.rollout_packed(tuple(blobs), packed[:-8])
    for bad in ([len(blobs), *one[1:]], [*one[:9], 3, *one[10:]]):
        with pytest.raises(ValueError, match="out of range"):
            core.rollout_packed(
                tuple(blobs), array("q", [x - (1 << 64) if x >= 1 << 63 else x for x in bad]).tobytes()
            )
    wrong = [*one[:10], one[9] + 2, *one[11:]]  # two more ints than the position holds
    with pytest.raises(ValueError, match="wrong shape"):
        core.rollout_packed(
            tuple(blobs), array("q", [x - (1 << 64) if x >= 1 << 63 else x for x in wrong]).tobytes()
        )
    with pytest.raises(TypeError):
        core.rollout_packed(list(blobs), packed)
