"""The lean bitmask path agrees with the full engine, action by action."""

from __future__ import annotations

import random

import pytest

from euchre_tutor.games.classic.engine import fast
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Phase, Seat, new_hand
from euchre_tutor.games.classic.engine.openspiel import card_id
from euchre_tutor.games.classic.rules import PRESETS, preset
from tests.classic.helpers import action_code, action_from_code

HANDS_PER_PRESET = 400


def _fast_deal(deal: Deal) -> tuple[int, list[int], int]:
    masks = [sum(1 << card_id(c) for c in deal.hands[s]) for s in Seat]
    return int(deal.dealer), masks, card_id(deal.up)


def _replay(state: HandState, record: list[tuple[int, int, tuple[int, ...]]]) -> HandState:
    for seat, code, legal in record:
        assert state.to_act is not None and int(state.to_act) == seat
        ours = sorted(action_code(a, state) for a in state.legal_actions())
        assert ours == sorted(legal)
        state = state.apply(action_from_code(code, state))
    return state


@pytest.mark.parametrize("name", sorted(n for n, r in PRESETS.items() if r.players == 4))
def test_random_hands_agree_with_the_engine(name: str) -> None:
    rules = preset(name)
    fr = fast.FastRules(rules)
    for i in range(HANDS_PER_PRESET):
        deal = Deal.from_seed(f"fast:{i}", Seat(i % 4))
        record: list[tuple[int, int, tuple[int, ...]]] = []
        points = fast.random_hand(fr, random.Random(i), _fast_deal(deal), record)
        end = _replay(new_hand(deal, rules), record)
        assert end.is_over and end.points() == points
        # The same draws without recording give the same result.
        assert fast.random_hand(fr, random.Random(i), _fast_deal(deal)) == points


def test_seeded_random_deals_are_reproducible() -> None:
    fr = fast.FastRules(preset("openspiel"))
    a = [fast.random_hand(fr, random.Random(9)) for _ in range(3)]
    b = [fast.random_hand(fr, random.Random(9)) for _ in range(3)]
    assert a == b


def test_playout_from_an_engine_state() -> None:
    rng = random.Random(4)
    for i in range(100):
        state = new_hand(Deal.from_seed(f"po:{i}"), preset("standard"))
        # Bid and play a trick or two at random with the full engine.
        while not state.is_over and not (
            state.phase is Phase.PLAY and not state.trick_plays and len(state.tricks) >= i % 3
        ):
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        if state.is_over:
            continue
        hands, trump, leader, sitters, left = fast.from_state(state)
        record: list[tuple[int, int, tuple[int, ...]]] = []
        won = fast.playout(hands, trump, leader, sitters, random.Random(i), record, left)
        end = _replay(state, record)
        assert end.is_over
        assert [sum(1 for t in end.tricks[5 - left :] if t.winner % 2 == team) for team in (0, 1)] == won
        assert all(hands[s] == 0 for s in range(4) if not (sitters >> s) & 1)


def test_from_state_needs_the_start_of_a_trick() -> None:
    with pytest.raises(ValueError, match="start of a trick"):
        fast.from_state(new_hand(Deal.from_seed(1)))


@pytest.mark.parametrize(
    "options",
    [
        {"deck": 28},
        {"joker": True},
        {"no_trump": "high"},
        {"call_for_best": True},
        {"defend_alone": "against-loner"},
        {"players": 3, "deck": 20},
        {"no_alone": True},
        {"stick_the_dealer": True, "dealer_bids_first": True},
        {"misdeal": "aces-no-face"},
        {"trump_lead": "after-broken"},
    ],
)
def test_the_lean_path_refuses_house_rules_it_does_not_play(options: dict[str, object]) -> None:
    from euchre_tutor.errors import RulesError
    from euchre_tutor.games.classic.rules import ClassicRules

    with pytest.raises(RulesError, match="use the full engine"):
        fast.FastRules(ClassicRules(**options))  # type: ignore[arg-type]
