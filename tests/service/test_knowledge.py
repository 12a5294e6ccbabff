"""No receiver at a shared table is told a card it may not know: every message of random-legal hands,
under every rule set that hides cards, read against the knowledge model (``knowledge.py``).

Every seat is a student's (the test chooses each action among the engine's legal ones), a face-down
watcher watches and the teacher watches face up. After each action every message each receiver got
is read as facts and checked; the teacher's views must also show every hand whole. The number of
random deals per rule set is ``EUCHRE_TUTOR_KNOWLEDGE_EXAMPLES`` (a few hands each).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_tutor.service import TableService
from tests.service.helpers import Client, hello, service, teacher
from tests.service.knowledge import FACE_DOWN, FACE_UP, HandTruth, leaks, message_facts, whole_hands

EXAMPLES = int(os.environ.get("EUCHRE_TUTOR_KNOWLEDGE_EXAMPLES", "10"))
HANDS = 3

#: every rule set that hides a card somewhere: (game, rules)
RULE_SETS: dict[str, tuple[str, dict[str, Any]]] = {
    "classic, the up card may be buried": ("classic", {}),
    "classic, the up card is kept": ("classic", {"dealer_may_discard_up_card": False}),
    "classic, stick the dealer": ("classic", {"stick_the_dealer": True}),
    "classic, the joker makes spades": ("classic", {"joker": True}),
    "classic, the dealer bids blind": ("classic", {"joker": True, "joker_up": "dealer-blind"}),
    "classic, three players": ("classic", {"players": 3}),
    "classic, six players 3v3": ("classic", {"players": 6, "deck": 32}),
    "classic, six players 2v2v2": ("classic", {"players": 6, "deck": 32, "six_handed_teams": "2v2v2"}),
    "classic, call for best": ("classic", {"call_for_best": True}),
    "classic, farmer's hand": ("classic", {"farmers_hand": True, "misdeal": "either"}),
    "classic, lone defenders": ("classic", {"defend_alone": "any-bid", "alone_timing": "after-discard"}),
    "classic, 32 cards": ("classic", {"deck": 32}),
    "bid, common": ("bid", {}),
    "bid, call 1 and call 2": ("bid", {"alone_bids": "call-2", "no_trump": "high-low"}),
    "bid, kitty and joker": ("bid", {"kitty": True, "joker": True, "no_trump": "off", "minimum_bid": 3}),
    "bid, double deck": (
        "bid",
        {"double_deck": True, "target": 52, "minimum_bid": 3, "alone_bids": "call-2"},
    ),
}


class Receiver:
    """One client and who it is to the knowledge model; ``read`` is how many of its messages are checked."""

    def __init__(self, client: Client, who: str) -> None:
        self.client, self.who, self.read = client, who, 0

    def new_messages(self) -> list[dict[str, Any]]:
        out = self.client.inbox[self.read :]
        self.read = len(self.client.inbox)
        return out


def _table(game: str, rules: dict[str, Any], seed: int) -> tuple[TableService, str, list[Receiver]]:
    svc = service()
    owner = hello(svc, "p0")
    reply = owner.reply(
        {"type": "create", "game": game, "seed": seed, "rules": rules, "options": {"chat": "text"}}
    )
    assert reply["type"] == "created", reply
    tid = reply["table"]["id"]
    seats = [s["seat"] for s in reply["table"]["seats"]]
    players = [owner] + [hello(svc, f"p{i}") for i in range(1, len(seats))]
    receivers = []
    for client, seat in zip(players, seats, strict=True):
        assert client.reply({"type": "sit", "table": tid, "seat": seat})["type"] == "seated"
        receivers.append(Receiver(client, seat))
    watcher = hello(svc, "watcher")
    assert watcher.reply({"type": "watch", "table": tid})["type"] == "watching"
    boss = teacher(svc)
    assert boss.reply({"type": "watch", "table": tid})["type"] == "watching"
    receivers += [Receiver(watcher, FACE_DOWN), Receiver(boss, FACE_UP)]
    return svc, tid, receivers


def _check(receivers: list[Receiver], truths: list[HandTruth]) -> int:
    checked = 0
    for r in receivers:
        for message in r.new_messages():
            found = leaks(list(message_facts(message, r.who)), r.who, truths)
            assert not found, (r.who, message.get("type"), found, message)
            if r.who == FACE_UP and message.get("type") == "view":
                assert not whole_hands(message, truths[0]), whole_hands(message, truths[0])
            checked += 1
    return checked


def play_hands(game: str, rules: dict[str, Any], seed: int, hands: int = HANDS) -> int:
    """Play ``hands`` hands of random legal actions at a shared table; the messages checked."""
    svc, tid, receivers = _table(game, rules, seed)
    rng = random.Random(seed)
    table = svc.tables[tid]
    by_seat = {r.who: r for r in receivers}
    receivers[0].client.reply({"type": "start", "table": tid})
    checked = _check(receivers, [HandTruth.of(table.game.state.hand)])
    while not table.over and table.game.state.hand_number <= hands:
        before = HandTruth.of(table.game.state.hand)
        seat = table.to_act
        assert seat is not None
        action = str(rng.choice(list(table.game.state.legal_actions())))
        mover = by_seat[seat].client
        svc.clock.now += 0.5  # type: ignore[attr-defined]  # a person's pace, under the rate limit
        version = table.version
        mover.send({"type": "act", "table": tid, "action": action, "version": version})
        assert table.version == version + 1, mover.inbox[-1]
        if rng.random() < 0.05:  # a chat line now and then: its echo names no card
            mover.send({"type": "chat", "table": tid, "text": "nice one"})
        checked += _check(receivers, [HandTruth.of(table.game.state.hand), before])
    return checked


@pytest.mark.parametrize("rule_set", RULE_SETS, ids=list(RULE_SETS))
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_no_receiver_is_told_a_card_it_may_not_know(rule_set: str, seed: int) -> None:
    game, rules = RULE_SETS[rule_set]
    assert play_hands(game, rules, seed) > 0


def _truth() -> HandTruth:
    """A classic hand where N dealt, took the up card 9D and buried TC; S holds a twin of W's QC."""
    return HandTruth(
        hands={"N": Counter(["9D", "AS"]), "E": Counter(["KH"]), "S": Counter(["QC"]), "W": Counter(["QC"])},
        up="9D",
        played=Counter({("E", "JH"): 1}),
        private={("discard", "N"): Counter(["TC"]), ("give", "S"): Counter(["AH"])},
        received={"W": Counter(["AH"])},
    )


LEAKY: dict[str, tuple[str, dict[str, Any]]] = {
    "the dealer's buried card in last": ("E", {"last": {"seat": "N", "action": "discard TC", "hand": 1}}),
    "the up card in the dealer's hand to a watcher": (FACE_DOWN, {"view": {"hand": ["9D"]}}),
    "the dealer's discard to a watcher": (FACE_DOWN, {"view": {"discard": "TC", "dealer": "N"}}),
    "a passed card to a seat outside the call": ("E", {"view": {"gifts": ["AH"], "sitting_out": "S"}}),
    "a twin's discard to its holder": ("S", {"last": {"seat": "N", "action": "discard QC", "hand": 1}}),
    "another seat's copy of a twin": (FACE_DOWN, {"view": {"hand": ["QC"]}}),
    "a card the seat holds twice": ("S", {"view": {"hand": ["QC", "QC"]}}),
    "a card never played": ("E", {"view": {"trick_plays": [["W", "KH"]]}}),
    "a hidden card in a note": ("E", {"type": "note", "text": "N kept TC"}),
    "a play in last of a card the seat did not hold": (
        FACE_DOWN,
        {"last": {"seat": "E", "action": "play AS", "hand": 1}},
    ),
}


@pytest.mark.parametrize("case", LEAKY, ids=list(LEAKY))
def test_the_model_finds_each_kind_of_leak(case: str) -> None:
    receiver, message = LEAKY[case]
    assert leaks(list(message_facts(message, receiver)), receiver, [_truth()])


FINE: dict[str, tuple[str, dict[str, Any]]] = {
    "the dealer's own discard": ("N", {"view": {"hand": ["9D", "AS"], "discard": "TC", "dealer": "N"}}),
    "the discard without its card": ("E", {"last": {"seat": "N", "action": "discard", "hand": 1}}),
    "a card played face up, in last and in the tricks": (
        FACE_DOWN,
        {"last": {"seat": "E", "action": "play JH"}, "view": {"up": "9D", "trick_plays": [["E", "JH"]]}},
    ),
    "the card that ended a hand, in last": (
        FACE_DOWN,
        {"last": {"seat": "N", "action": "play AS", "hand": 1}},
    ),
    "the passed card to the loner and the partner": ("W", {"view": {"gifts": ["AH"], "sitting_out": "S"}}),
    "everything to the teacher": (FACE_UP, {"views": {"N": {"hand": ["9D", "AS"], "discard": "TC"}}}),
}


@pytest.mark.parametrize("case", FINE, ids=list(FINE))
def test_the_model_allows_what_a_receiver_may_know(case: str) -> None:
    receiver, message = FINE[case]
    assert leaks(list(message_facts(message, receiver)), receiver, [_truth()]) == []
