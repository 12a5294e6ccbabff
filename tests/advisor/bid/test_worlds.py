"""Sampled worlds are consistent with the seat's view: the seat would see exactly what it sees."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import effective_suit, parse_cards
from euchre_tutor.games.bid.advisor.worlds import bid_weight, sample_worlds
from euchre_tutor.games.bid.engine import Deal, HandState, Phase, new_hand, pack
from euchre_tutor.games.bid.views import seat_view

from .positions import RULE_SETS


def random_decision(name: str, rng: random.Random) -> HandState:
    """A state some seat must act in: any phase (bidding, trump, kitty, call, loner discard, play)."""
    rules = RULE_SETS[name]
    while True:
        state = new_hand(Deal.from_seed(rng.randrange(2**32), rng.choice("NESW"), rules))
        stop = rng.randrange(40)
        for _ in range(stop):
            if state.is_over:
                break
            legal = state.legal_actions()
            state = state.apply(
                legal[0] if state.phase is Phase.BIDDING and rng.random() < 0.5 else rng.choice(legal)
            )
        if not state.is_over:
            return state


@settings(deadline=None, max_examples=120)
@given(name=st.sampled_from(sorted(RULE_SETS)), seed=st.integers(0, 2**32))
def test_every_world_shows_the_seat_exactly_its_view(name: str, seed: int) -> None:
    rng = random.Random(seed)
    state = random_decision(name, rng)
    assert state.to_act is not None
    view = seat_view(state, state.to_act)
    for world in sample_worlds(view, 6, rng):
        assert seat_view(world, view.seat) == view
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert world.legal_actions() == state.legal_actions()
        # the hidden counters (bids and passes so far, cards still to discard or pass) are the true ones
        act = state.legal_actions()[-1]
        after, true_after = world.apply(act), state.apply(act)
        assert (after.phase, after.to_act, after.to_discard, after.to_give, after.turns, after.passes) == (
            true_after.phase,
            true_after.to_act,
            true_after.to_discard,
            true_after.to_give,
            true_after.turns,
            true_after.passes,
        )
        # the whole pack is there: hands, tricks, and the cards set aside (the kitty or the discards)
        aside = world.deal.kitty if world.phase in (Phase.BIDDING, Phase.TRUMP) else world.discards
        everywhere = Counter(c for h in world.hands for c in h)
        everywhere.update(view.played_cards())
        everywhere.update(aside)
        assert everywhere == Counter(pack(world.rules))


def test_a_shown_void_is_respected() -> None:
    rng = random.Random(3)
    for _ in range(200):
        state = random_decision("common", rng)
        if state.phase is Phase.PLAY and state.to_act is not None:
            view = seat_view(state, state.to_act)
            if any(view.voids):
                break
    else:
        raise AssertionError("no position with a shown void")
    for world in sample_worlds(view, 30, rng):
        for s in range(4):
            for c in world.hands[s]:
                assert effective_suit(c, view.trump) not in view.voids[s]


def test_a_bid_makes_weak_hands_rarer() -> None:
    """A seat that bid five hearts is kept less often holding no heart than holding five."""
    state = new_hand(Deal.from_seed(1, "N"))
    state = state.apply("bid 5 H")
    view = seat_view(state, state.to_act)
    weak = parse_cards("9S TS QS 9C TC QC")
    strong = parse_cards("JH JD AH KH QH 9C")
    bidder = state.bidder
    assert bidder is not None
    assert bid_weight(view, bidder, weak) < 0.1 < bid_weight(view, bidder, strong) == 1.0
