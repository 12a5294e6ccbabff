"""Bid Euchre positions for the advisor's tests: seeded deals played to the first lead or to an ending.

Bids come from a random player (so alone and call bids, no trump high and low and every level
turn up), the rest of the bidding phases and the card play before the ending from random legal
choices: positions no strategy would reach are positions the search must still get right.
"""

from __future__ import annotations

import random
from typing import Final

from euchre_tutor.games.bid.engine import Deal, HandState, Phase, new_hand
from euchre_tutor.games.bid.rules import PRESETS, BidRules

RULE_SETS: Final[dict[str, BidRules]] = {
    **PRESETS,
    "alone-low": BidRules(no_trump="high-low", alone_bids="alone", lead="dealer-left"),
    "double-nt": BidRules(double_deck=True, no_trump="high-low", alone_bids="alone"),
    "double-joker": BidRules(double_deck=True, kitty=True, joker=True, no_trump="off", minimum_bid=3),
    "kitty-four": BidRules(kitty=True, alone_bids="call-1"),
}


def start_of_play(rules: BidRules, rng: random.Random) -> HandState:
    """A hand at its first lead: a random deal and random legal choices up to it (thrown-in
    hands are dealt again)."""
    while True:
        state = new_hand(Deal.from_seed(rng.randrange(2**32), rng.choice("NESW"), rules))
        while state.phase not in (Phase.PLAY, Phase.OVER):
            legal = state.legal_actions()
            if state.phase is Phase.BIDDING and rng.random() < 0.6:
                state = state.apply(legal[0])  # pass often, so every seat's bids are seen
            else:
                state = state.apply(rng.choice(legal))
        if state.phase is Phase.PLAY:
            return state


def ending(rules: BidRules, rng: random.Random, tricks_left: int) -> HandState:
    """A position with ``tricks_left`` tricks to play (the current one included), possibly mid-trick."""
    state = start_of_play(rules, rng)
    size = rules.hand_size
    target = max(0, size - tricks_left)
    while len(state.tricks) < target:
        state = state.apply(f"play {rng.choice(state.legal_plays())}")
    for _ in range(rng.randrange(4)):
        if state.phase is not Phase.PLAY or len(state.trick_plays) + 1 >= len(state.active_seats):
            break
        state = state.apply(f"play {rng.choice(state.legal_plays())}")
    return state
