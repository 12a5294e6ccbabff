"""Property tests of Bid Euchre: random hands under random rules keep every invariant.

:func:`tests.bid.invariants.play_checked` checks, after every action, that
every card is in exactly one place, that the seat view offers the legal
actions, that the legal cards follow suit and that illegal actions are
refused unchanged; at the end, the tricks (sum to the hand size, each won
by the sheet's card order) and the points against the independent scorer.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.errors import RulesError
from euchre_tutor.games.bid.bots import RandomPlayer, RuleBasedPlayer
from euchre_tutor.games.bid.engine import new_match
from euchre_tutor.games.bid.rules import (
    ALONE_BIDS,
    BID_TYPES,
    BIDDING_ORDERS,
    BIDDING_STYLES,
    LEADS,
    MADE_SCORES,
    NO_TRUMP_OPTIONS,
    PRESETS,
    BidRules,
)
from tests.bid.configs import SPREAD
from tests.bid.independent_scoring import expected_points
from tests.bid.invariants import play_checked


@st.composite
def rules(draw: Any) -> BidRules:
    """Any playable configuration: drawn options, the refused combinations drawn again."""
    options = {
        "bidding_order": draw(st.sampled_from(BIDDING_ORDERS)),
        "bidding": draw(st.sampled_from(BIDDING_STYLES)),
        "bid_type": draw(st.sampled_from(BID_TYPES)),
        "lead": draw(st.sampled_from(LEADS)),
        "made_scores": draw(st.sampled_from(MADE_SCORES)),
        "set_loses_bid": draw(st.booleans()),
        "alone_bids": draw(st.sampled_from(ALONE_BIDS)),
        "double_deck": draw(st.booleans()),
        "kitty": draw(st.booleans()),
    }
    joker = draw(st.booleans()) and options["kitty"]
    options["joker"] = joker
    options["no_trump"] = "off" if joker else draw(st.sampled_from(NO_TRUMP_OPTIONS))
    top = BidRules(**options).hand_size
    options["minimum_bid"] = draw(st.integers(1, top))
    try:
        return BidRules(**options)
    except RulesError as exc:  # pragma: no cover - the draws above avoid every refused combination
        raise AssertionError(f"a drawn configuration was refused: {exc}") from None


PLAYERS = st.sampled_from(["random", "rule-based", "mixed"])


def _players(kind: str, seed: int) -> list[object]:
    if kind == "random":
        return [RandomPlayer(f"{seed}:{i}") for i in range(4)]
    if kind == "rule-based":
        return [RuleBasedPlayer()] * 4
    return [RandomPlayer(seed), RuleBasedPlayer(), RandomPlayer(seed + 1), RuleBasedPlayer()]


@settings(max_examples=150, deadline=None)
@given(r=rules(), seed=st.integers(0, 10**6), kind=PLAYERS)
def test_every_invariant_holds_under_any_rules(r: BidRules, seed: int, kind: str) -> None:
    out = play_checked(r, seed, _players(kind, seed), probe=0.3)
    assert not out.failures, out.failures[0]
    assert out.actions > 0


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted({**PRESETS, **SPREAD})), seed=st.integers(0, 10**6), kind=PLAYERS)
def test_every_invariant_holds_for_the_presets_and_the_spread(name: str, seed: int, kind: str) -> None:
    r = {**PRESETS, **SPREAD}[name]
    out = play_checked(r, seed, _players(kind, seed), probe=0.3)
    assert not out.failures, out.failures[0]


@settings(max_examples=15, deadline=None)
@given(r=rules(), seed=st.integers(0, 10**6), hands=st.integers(1, 6))
def test_a_match_adds_up_its_hands_and_the_independent_scorer_agrees(
    r: BidRules, seed: int, hands: int
) -> None:
    from euchre_tutor.games.bid.engine import Seat
    from euchre_tutor.games.bid.views import seat_view

    m = new_match(r.with_options(hands=hands), seed=seed)
    players: dict[Seat, Any] = dict(zip(tuple(Seat), _players("mixed", seed), strict=True))
    scored = 0
    while not m.is_over:
        seat = m.to_act
        assert seat is not None
        m = m.apply(players[seat].choose(seat_view(m, seat)))
        if len(m.results) > scored:  # a hand just ended: score it independently
            hand = m.hand if m.is_over else m.last_hand
            assert hand is not None
            result = m.results[-1]
            if hand.bidder is None or hand.high is None:  # passed out: nobody scores
                assert result.points == (0, 0)
            else:
                team = hand.bidder.team.index
                took = sum(1 for t in hand.tricks if t.winner.team.index == team)
                bid: int | str = hand.high.alone if hand.high.alone is not None else int(hand.high.level or 0)
                assert result.points == expected_points(r, bid, took, team)
            scored = len(m.results)
    assert len(m.results) == hands
    assert m.scores == (sum(x.points[0] for x in m.results), sum(x.points[1] for x in m.results))
    if m.scores[0] != m.scores[1]:
        assert m.winner is not None and m.scores[m.winner.index] == max(m.scores)
    else:
        assert m.winner is None


@given(r=rules(), bid=st.integers(1, 12), took=st.integers(0, 12), team=st.integers(0, 1))
def test_the_independent_scorer_and_the_engine_agree_on_every_score(
    r: BidRules, bid: int, took: int, team: int
) -> None:
    from euchre_tutor.games.bid.engine import hand_points

    bid = min(bid, r.hand_size)
    took = min(took, r.hand_size)
    mine, others = hand_points(r, bid, None, took)
    assert expected_points(r, bid, took, team) == ((mine, others) if team == 0 else (others, mine))
    for kind in r.alone_kinds:
        mine, others = hand_points(r, None, kind, took)
        assert expected_points(r, kind, took, team) == ((mine, others) if team == 0 else (others, mine))
