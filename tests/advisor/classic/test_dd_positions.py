"""Random play-phase positions for the double-dummy tests (not a test module itself: no tests here)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import PASS, Deal, HandState, Phase, new_hand, rules_seating
from euchre_tutor.games.classic.rules import ClassicRules, preset
from euchre_tutor.games.classic.views import seat_view

# Rule sets the solver and the rollout must play: presets, every deck, the joker, no trump,
# trump-lead restrictions, loners and lone defenders, 3 and 6 players.
RULE_SETS: dict[str, ClassicRules] = {
    "standard": preset("standard"),
    "openspiel": preset("openspiel"),
    "lone-defender": preset("openspiel-lone-defender"),
    "three": preset("three-handed"),
    "six-3v3": preset("six-handed"),
    "six-2v2v2": preset("six-handed-2v2v2"),
    "deck-28": ClassicRules(deck=28),
    "deck-32-joker": ClassicRules(deck=32, joker=True),
    "joker": ClassicRules(joker=True),
    "no-trump": ClassicRules(no_trump="high-low"),
    "lead-not-first": ClassicRules(trump_lead="not-first-trick"),
    "lead-broken": ClassicRules(trump_lead="after-broken"),
    "loner-mix": ClassicRules(
        call_for_best=True, alone_lead="loner-left", defend_alone="against-loner", trump_lead="after-broken"
    ),
    "defend-any": ClassicRules(defend_alone="any-bid", dealer_may_discard_up_card=False),
    "three-no-trump": ClassicRules(players=3, no_trump="high-low", trump_lead="not-first-trick"),
    "six-2v2v2-broken": ClassicRules(
        players=6, deck=32, six_handed_teams="2v2v2", joker=True, trump_lead="after-broken"
    ),
    "six-3v3-no-trump": ClassicRules(players=6, deck=32, no_trump="high-low", alone_lead="loner-left"),
    "three-deck-20": ClassicRules(players=3, deck=20, joker=True, trump_lead="after-broken"),
    "six-2v2v2-best": ClassicRules(players=6, deck=32, six_handed_teams="2v2v2", call_for_best=True),
    "no-alone": ClassicRules(no_alone=True, deck=28, trump_lead="not-first-trick"),
}

_BIDDER = RuleBasedPlayer()


def start_of_play(rules: ClassicRules, rng: random.Random, random_bids: float = 0.5) -> HandState:
    """A hand dealt at random and bid to the first lead (random or rule-based bids; retried when passed out)."""
    seating = rules_seating(rules)
    while True:
        dealer = seating.seats[rng.randrange(seating.players)]
        deal = Deal.from_seed(
            rng.getrandbits(48), dealer, size=rules.deck, joker=rules.joker, seating=seating
        )
        state = new_hand(deal, rules)
        while state.phase is not Phase.PLAY and not state.is_over:
            legal = state.legal_actions()
            no_trump = [a for a in legal if a.notrump is not None]
            # Random bids seldom reach no trump (round 2) and name it: help them.
            if (
                rules.no_trump != "off"
                and state.phase is Phase.ROUND_1
                and PASS in legal
                and rng.random() < 0.8
            ):
                action = PASS
            elif no_trump and rng.random() < 0.5:
                action = no_trump[rng.randrange(len(no_trump))]
            elif rng.random() < random_bids:
                action = legal[rng.randrange(len(legal))]
            else:
                assert state.to_act is not None
                action = _BIDDER.choose(seat_view(state, state.to_act))
            state = state.apply(action)
        if state.phase is Phase.PLAY:
            return state


def play_randomly(state: HandState, cards: int, rng: random.Random) -> HandState:
    """Play ``cards`` random legal cards (fewer if the hand ends first)."""
    for _ in range(cards):
        legal = state.legal_plays()
        if not legal or state.phase is not Phase.PLAY:
            break
        nxt = state.apply(f"play {legal[rng.randrange(len(legal))]}")
        if nxt.phase is not Phase.PLAY:
            break
        state = nxt
    return state


def random_position(
    rules: ClassicRules, rng: random.Random, *, min_played: int = 0, max_played: int = 30
) -> HandState:
    """A play-phase state after a random number of random cards."""
    state = start_of_play(rules, rng)
    return play_randomly(state, rng.randint(min_played, max_played), rng)


def ending(rules: ClassicRules, rng: random.Random, tricks_left: int) -> HandState:
    """A position with ``tricks_left`` tricks (or fewer) to play, sometimes mid-trick."""
    state = start_of_play(rules, rng)
    active = len(state.active_seats)
    played = (5 - tricks_left) * active + rng.randrange(active)
    return play_randomly(state, played, rng)


def with_rules(state: HandState, **changes: Any) -> HandState:
    return replace(state, rules=replace(state.rules, **changes))
