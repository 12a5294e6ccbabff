"""Card play valued with the hidden hands swapped between seats (Rao-Blackwellised worlds).

Each sampled deal is also solved with the other seats' hands given to every seat holding as many
cards, each swap weighed by how likely its hands were to make the bids. Checked here: the swaps
are deals the view allows, their shares are the sampler's own weights (through its candidate
path, not the shortcut the swaps use), and over every placement of a small position the swap
average has exactly the plain weighted mean (the identity that makes it unbiased).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import Card, effective_suit
from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.advisor.analysis import analyse
from euchre_tutor.games.classic.advisor.placement import Candidate as _Candidate
from euchre_tutor.games.classic.advisor.plan import WorldPlan as _Plan
from euchre_tutor.games.classic.advisor.worlds import BiddingModel, WorldSampler
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Phase, Seat, new_hand
from euchre_tutor.games.classic.views import SeatView, seat_view

from .test_paired import position
from .test_worlds import RULES, random_position

CLUB = RuleBasedPlayer()


def candidate_of(plan: _Plan, world: HandState) -> _Candidate:
    """The sampler's candidate for a world: its hidden hands, the dealer's discard, the kitty."""
    slots: list[list[Card]] = [[] for _ in plan.caps]
    for seat, slot in plan.hand_slot.items():
        slots[slot] = list(world.hands[seat])
    placed = {c for cards in slots for c in cards}
    if plan.discard_slot >= 0:
        assert world.discard is not None
        slots[plan.discard_slot] = [world.discard]
        placed.add(world.discard)
    unknown = set(plan.view.unseen_cards()) | ({plan.up} if plan.up not in plan.view.hand else set())
    slots[plan.kitty_slot] = sorted(
        (c for c in unknown if c not in placed and c not in plan.view.played_cards() and c != plan.up),
        key=lambda c: c.index,
    )
    return plan.candidate(slots)


def swapped(plan: _Plan, cand: _Candidate, hands: tuple[tuple[Card, ...], ...]) -> _Candidate:
    slots = [[plan.card_of[b] for b in cards] for cards in cand.slots]
    for seat, slot in plan.hand_slot.items():
        slots[slot] = list(hands[int(seat)])
    return plan.candidate(slots)


@settings(deadline=None, max_examples=60)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6))
def test_every_swap_is_a_deal_the_view_allows_weighed_as_the_sampler_weighs(name: str, seed: int) -> None:
    truth, me = random_position(name, seed)
    view = seat_view(truth, me)
    assume(view.phase is Phase.PLAY)
    report = WorldSampler(view).report(6, random.Random(seed), orbits=True)
    plan = _Plan(view)
    if report.orbits is None:
        assert not plan.orbit_ready()
        return
    assert plan.orbit_ready() and len(report.orbits) == len(report.worlds)
    model = BiddingModel()
    for world, orbit in zip(report.worlds, report.orbits, strict=True):
        assert math.isclose(sum(share for _, share in orbit), 1.0)
        assert all(share > 0 for _, share in orbit)
        # The deal as sampled is always one of them.
        as_sets = {tuple(frozenset(c) for c in h) for h, _ in orbit}
        assert tuple(frozenset(world.hands[s]) for s in me.seating.seats) in as_sets
        base = candidate_of(plan, world)
        weights = []
        for hands, _ in orbit:
            # The same cards, each seat as many as it holds, its own hand untouched, no void broken.
            assert sorted(c.index for h in hands for c in h) == sorted(
                c.index for s in me.seating.seats for c in world.hands[s]
            )
            assert [len(h) for h in hands] == [len(world.hands[s]) for s in me.seating.seats]
            assert set(hands[int(me)]) == set(view.hand)
            for seat in me.seating.seats:
                assert all(
                    view.trump is None or effective_suit(c, view.trump) not in view.voids[seat]
                    for c in hands[int(seat)]
                )
            other = swapped(plan, base, hands)
            assert plan.complete(other, random.Random(0))
            weights.append(plan.weight(other, model))
        top = max(weights)
        total = sum(math.exp(w - top) for w in weights)
        for (_, share), w in zip(orbit, weights, strict=True):
            assert share == pytest.approx(math.exp(w - top) / total, rel=1e-9)


def small_position(seed: int) -> SeatView:
    """A card choice after three tricks of rule-based play (few cards left unseen), the up card taken."""
    return position(seed, 3, up_taken=True)


def placements(plan: _Plan) -> Iterator[_Candidate]:
    """Every placement of the unseen cards into the plan's slots that the view allows."""
    cards = [c for c, _ in plan.constrained] + list(plan.free)
    allowed = {c: a for c, a in plan.constrained}
    everywhere = tuple(range(len(plan.caps)))
    slots: list[list[Card]] = [[] for _ in plan.caps]

    def place(k: int) -> Iterator[_Candidate]:
        if k == len(cards):
            yield plan.candidate(slots)
            return
        card = cards[k]
        for i in allowed.get(card, everywhere):
            if len(slots[i]) < plan.caps[i]:
                slots[i].append(card)
                yield from place(k + 1)
                slots[i].pop()

    yield from place(0)


@pytest.mark.parametrize("seed", [0, 40])
def test_over_every_placement_the_swap_average_has_the_plain_weighted_mean(seed: int) -> None:
    view = small_position(seed)
    plan = _Plan(view)
    assert plan.orbit_ready()
    model = BiddingModel()
    rng = random.Random(0)
    worlds: list[HandState] = []
    orbits = []
    weights: list[float] = []
    seen: set[tuple[tuple[int, ...], ...]] = set()
    for cand in placements(plan):
        # The kitty's order does not matter: one placement per set of cards in each slot.
        key = tuple(tuple(sorted(s)) for s in cand.slots)
        if key in seen:
            continue
        seen.add(key)
        if not plan.complete(cand, rng):
            continue
        logw = plan.weight(cand, model)
        if logw == -math.inf:
            continue
        worlds.append(plan.world(cand))
        orbits.append(plan.orbit(cand, model))
        weights.append(logw)
    assert 10 < len(worlds) < 50_000
    assert sum(len(o) > 1 for o in orbits) > len(orbits) // 2  # most deals have swaps to average
    top = max(weights)
    w = [math.exp(x - top) for x in weights]
    plain = dd.card_values_many(worlds)
    averaged = dd.card_values_swapped(worlds, [[h for h, _ in o] for o in orbits])
    for action in view.legal:
        card = action.card
        assert card is not None
        exact = sum(wi * v[card] for wi, v in zip(w, plain, strict=True)) / sum(w)
        by_swaps = sum(
            wi * sum(share * v[card] for (_, share), v in zip(o, vs, strict=True))
            for wi, o, vs in zip(w, orbits, averaged, strict=True)
        ) / sum(w)
        assert by_swaps == pytest.approx(exact, abs=1e-9)


def test_swapping_hands_narrows_a_cards_loss_and_keeps_its_value() -> None:
    """The same decision valued both ways: the values agree within their intervals, and the swap's
    losses are at least as tight on average (measured: about half the variance at the first lead)."""
    tighter = looser = 0.0
    for seed in (1, 2, 3, 4, 5, 6):
        state = new_hand(Deal.from_seed(seed, Seat(seed % 4)))
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = seat_view(state, seat)
            if view.phase is Phase.PLAY and len(view.legal) > 2:
                a = analyse(view, continuation=CLUB, worlds=400, seed=seed)
                b = analyse(view, continuation=CLUB, worlds=400, seed=seed, swap_hands=False)
                for o in a.options:
                    other = b.option(o.action)
                    assert abs(o.ev - other.ev) <= 4 * math.hypot(o.se, other.se) + 1e-9
                    tighter += o.loss_se**2
                    looser += other.loss_se**2
                break
            state = state.apply(CLUB.choose(view))
    assert tighter < looser


@pytest.mark.parametrize("seed", [3, 17])
def test_both_search_backends_value_the_swapped_deals_alike(seed: int) -> None:
    view = small_position(seed)
    report = WorldSampler(view).report(8, random.Random(seed), orbits=True)
    assert report.orbits is not None
    hands = [[h for h, _ in o] for o in report.orbits]
    results = [dd.card_values_swapped(report.worlds, hands, backend=b) for b in dd.BACKENDS]
    assert all(r == results[0] for r in results)
    # The deal as sampled gets the plain search's values.
    plain = dd.card_values_many(report.worlds)
    for world, orbit, values, own in zip(report.worlds, report.orbits, results[0], plain, strict=True):
        sets = [tuple(frozenset(h) for h in held) for held, _ in orbit]
        assert values[sets.index(tuple(frozenset(world.hands[s]) for s in view.seat.seating.seats))] == own
