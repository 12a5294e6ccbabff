"""Card-play problems as books print them: the bid first, the passes before it and the up card left out.

"You called diamonds in round 2; you are on lead": the position begins with the call, its passes
implied and echoed, the turned-down up card averaged over every card it could have been, weighted
by how likely the passes were with each.
"""

from __future__ import annotations

import collections
import dataclasses
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import Card, Suit, is_trump, parse_card
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.bidmodel import BiddingModel
from euchre_tutor.games.classic.advisor.cli import analyse_noting, format_readings, result_json
from euchre_tutor.games.classic.advisor.evidence import bid_contexts
from euchre_tutor.games.classic.advisor.position import read_position, read_position_noting
from euchre_tutor.games.classic.advisor.strength import StrengthTable
from euchre_tutor.games.classic.advisor.worlds import WorldSampler
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Phase, Seat
from euchre_tutor.games.classic.views import SeatView, seat_view
from tests.advisor.classic.test_book_positions import CALLED, ORDERED
from tests.advisor.classic.test_position import position_of
from tests.advisor.classic.test_worlds import RULES, random_position

# "East deals. You, South, called diamonds in round 2. What do you lead?"
LEAD = {
    "dealer": "E",
    "seat": "S",
    "hand": ["JD", "JH", "AD", "KC", "9S"],
    "up": None,
    "actions": ["S: call D"],
}
# "North called clubs in round 2; South leads the K♠. You are West: what do you play second?"
SECOND = {
    "dealer": "E",
    "seat": "W",
    "hand": ["AS", "9S", "QC", "TH", "KD"],
    "up": None,
    "actions": ["N: call C", "S: play KS"],
}
# "West called hearts in round 2; South leads the 9♣, West covers with the A♣. You are North, third."
THIRD = {
    "dealer": "E",
    "seat": "N",
    "hand": ["KC", "TC", "JH", "QD", "9S"],
    "up": None,
    "actions": ["W: call H", "S: play 9C", "W: play AC"],
}
# "You deal; the K♥ is turned and your partner orders you up. What do you discard?"
DISCARD = {
    "dealer": "E",
    "seat": "E",
    "hand": ["AS", "JD", "TH", "9C", "TC"],
    "up": "KH",
    "actions": ["W: order"],
}


def read(data: dict[str, Any]) -> tuple[SeatView, list[str], list[str]]:
    (view, _), readings = read_position_noting(data)
    return view, [r.kind for r in readings], [r.text for r in readings]


def test_a_lead_problem_after_a_round_2_call() -> None:
    view, kinds, texts = read(LEAD)
    assert kinds == ["passes-implied", "up-unknown"]
    assert view.phase is Phase.PLAY and view.to_act == Seat.S and view.trump is Suit.DIAMONDS
    assert view.maker == Seat.S and not view.up_taken
    assert [(s.name, str(a)) for s, a in view.bids] == [
        ("S", "pass"),
        ("W", "pass"),
        ("N", "pass"),
        ("E", "pass"),
        ("S", "call D"),
    ]
    assert texts[0].startswith("round 1 was passed by all four; South called diamonds first in round 2")
    assert "it was not a diamond" in texts[1] and str(view.up) in texts[1]
    assert view.up.suit is not Suit.DIAMONDS and not is_trump(view.up, Suit.DIAMONDS)


def test_second_hand_and_third_hand_problems_imply_the_passes_before_the_call() -> None:
    view, kinds, texts = read(SECOND)
    assert kinds == ["passes-implied", "up-unknown"]
    assert view.to_act == Seat.W and view.trick_plays == ((Seat.S, parse_card("KS")),)
    assert texts[0].startswith(
        "round 1 was passed by all four; in round 2 South and West passed before North"
    )
    view, kinds, texts = read(THIRD)
    assert kinds == ["passes-implied", "up-unknown"]
    assert view.to_act == Seat.N and [c for _, c in view.trick_plays] == [parse_card("9C"), parse_card("AC")]
    assert "in round 2 South passed before West called hearts" in texts[0]
    assert "it was not a heart" in texts[1]


def test_a_discard_after_an_order_implies_the_passes_before_it() -> None:
    view, kinds, texts = read(DISCARD)
    assert kinds == ["passes-implied", "dealer-six"]
    assert texts[0].startswith("South passed in round 1 before West ordered the up card up")
    assert view.phase is Phase.DISCARD and view.to_act == Seat.E and len(view.hand) == 6
    written = {**DISCARD, "hand": [*DISCARD["hand"], "KH"], "actions": ["S: pass", "W: order"]}
    assert view == read_position(written).view


@pytest.mark.parametrize(
    ("implied", "written"),
    [
        ({**CALLED, "actions": ["N: call S"]}, CALLED),
        ({**ORDERED, "actions": ["N: order", "E: discard"]}, ORDERED),
        ({**CALLED, "up": "KH", "actions": ["N: call S", "S: play AC"]}, {**CALLED, "up": "KH"}),
    ],
)
def test_implied_passes_read_as_the_written_ones(implied: dict[str, Any], written: dict[str, Any]) -> None:
    if implied["actions"][-1] == "S: play AC":
        written = {**written, "actions": [*written["actions"], "S: play AC"]}
        implied = {**implied, "hand": [c for c in implied["hand"] if c != "AC"]}
        written = {**written, "hand": implied["hand"]}
    assert read_position(implied).view == read_position(written).view


def test_the_echo_is_printed_and_in_the_json() -> None:
    analysis, readings = analyse_noting(LEAD, RuleBasedPlayer(), worlds=20, max_worlds=20, seed=3)
    text = format_readings(readings)
    assert text.startswith("Read: round 1 was passed by all four; South called diamonds first in round 2")
    assert "\nRead: the up card was not given" in text and "it was not a diamond" in text
    out = result_json(analysis, readings)
    assert [r["kind"] for r in out["readings"]] == ["passes-implied", "up-unknown"]
    assert set(out["readings"][0]) == {"kind", "text"}


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"actions": ["W: play 9S"]}, "begin with the bid, e.g. 'S: call D'"),
        ({"actions": ["W: play 9S"], "up": "KH"}, "nothing says who made trump"),
        ({"actions": ["N: order"]}, "add what was turned up"),
        ({"actions": []}, 'add what was turned up \\("up": "KH"\\), or who named trump'),
    ],
)
def test_an_ambiguous_book_position_is_refused_naming_what_to_add(
    changes: dict[str, Any], words: str
) -> None:
    data = {**LEAD, **changes}
    before = repr(data)
    with pytest.raises(EuchreError, match=words) as info:
        read_position_noting(data)
    assert len(str(info.value)) <= 300 and repr(data) == before


def up_suits(data: dict[str, Any], n: int, model: BiddingModel | None = None) -> collections.Counter[Suit]:
    (view, _), readings = read_position_noting(data)
    ups = next(r.cards for r in readings if r.kind == "up-unknown")
    worlds = WorldSampler(view, model, ups=ups).report(n, random.Random(5)).worlds
    assert all(w.up in ups for w in worlds)
    return collections.Counter(w.up.suit for w in worlds if w.up.suit is not None)


def test_with_no_inference_from_the_bids_every_card_it_could_be_is_as_likely() -> None:
    counts = up_suits(LEAD, 1500, BiddingModel(uniform=True))
    # 15 cards it could be, none a diamond: five clubs (K♣ is South's), five hearts (J♥ is), five spades
    assert set(counts) == {Suit.CLUBS, Suit.HEARTS, Suit.SPADES}
    for suit in (Suit.CLUBS, Suit.HEARTS, Suit.SPADES):
        assert abs(counts[suit] / 1500 - 1 / 3) < 0.05


def test_the_up_cards_are_weighted_by_how_likely_the_passes_were() -> None:
    """An independent recomputation: each up card's weight is the chance of every pass with it, over
    deals drawn at random (the analysed seat's hand fixed); the sampler's suits must match it."""
    # South deals and passed with both red bowers and the A♥; West then called spades in round 2.
    data = {
        "dealer": "S",
        "seat": "S",
        "hand": ["JH", "JD", "AH", "9C", "9S"],
        "up": None,
        "actions": ["W: call S"],
    }
    (view, _), readings = read_position_noting(data)
    ups = next(r.cards for r in readings if r.kind == "up-unknown")
    model = BiddingModel()
    strength = StrengthTable()
    rng = random.Random(11)
    weight: dict[Suit, float] = collections.defaultdict(float)
    for up in ups:
        seen = dataclasses.replace(view, up=up)
        unseen = [c for c in seen.unseen_cards()]
        total = 0.0
        for _ in range(300):
            rng.shuffle(unseen)
            hands = {
                Seat.W: unseen[0:5],
                Seat.N: unseen[5:10],
                Seat.E: unseen[10:15],
                Seat.S: list(view.hand),
            }
            like = 1.0
            for seat, act, ctx in bid_contexts(seen):
                like *= model._likelihood(hands[seat], ctx, act, strength)
            total += like
        assert up.suit is not None
        weight[up.suit] += total / 300
    expected = {s: w / sum(weight.values()) for s, w in weight.items()}
    counts = up_suits(data, 2000)
    assert expected[Suit.HEARTS] < 0.15  # he would have picked up a heart: hearts are 4 of the 14 cards
    for suit, share in expected.items():
        assert abs(counts[suit] / 2000 - share) < 0.06, (suit, counts, expected)


@settings(deadline=None, max_examples=50)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6))
def test_averaged_worlds_fit_the_position_with_their_up_card_written_in(name: str, seed: int) -> None:
    # the first hand from this seed on with a round-2 call: under every rule set one comes within a few
    # hundred hands (the blind dealer's rules take longest), so an example never passes without one
    for tried in range(seed, seed + 2000):
        state, me = random_position(name, tried)
        calls = [(s, a) for s, a in state.history if a.kind == "call"]
        if calls and not state.up_taken and not state.up.is_joker and state.phase is not Phase.OVER:
            break
    else:
        pytest.fail(f"{name}: no round-2 call in 2,000 hands from seed {seed}: the case is never reached")
    data = position_of(state, me)
    actions = data["actions"]
    first_bid = next(i for i, a in enumerate(actions) if a.split(": ")[1].startswith(("call", "order")))
    leading_passes = all(a.endswith(": pass") for a in actions[:first_bid])
    book = {**data, "up": None, "actions": actions[first_bid:] if leading_passes else actions}
    (view, _), readings = read_position_noting(book, to_turn=False)
    expected = ["passes-implied", "up-unknown"] if leading_passes and first_bid else ["up-unknown"]
    assert [r.kind for r in readings] == expected
    ups = next(r.cards for r in readings if r.kind == "up-unknown")
    seen = {*view.hand, *(c for t in view.tricks for _, c in t.plays), *(c for _, c in view.trick_plays)}
    called = calls[0][1].suit
    for world in WorldSampler(view, ups=ups).report(12, random.Random(seed)).worlds:
        up: Card = world.up
        assert up in ups and up not in seen and not up.is_joker
        if called is not None and not state.rules.stuck_dealer_may_name_up_suit:
            assert up.suit is not called
        # the world is the view with its up card: written in, the position reads to the same view
        mine = seat_view(world, me)
        assert sorted(mine.hand, key=lambda c: c.index) == sorted(view.hand, key=lambda c: c.index)
        assert dataclasses.replace(mine, up=view.up, hand=()) == dataclasses.replace(view, hand=())
        explicit = read_position({**data, "up": str(up)}).view
        assert dataclasses.replace(explicit, hand=()) == dataclasses.replace(mine, hand=())


def test_a_seat_that_would_have_ordered_a_suit_up_rarely_saw_it_turned() -> None:
    counts = up_suits(
        {
            "dealer": "S",
            "seat": "S",
            "hand": ["JH", "JD", "AH", "9C", "9S"],
            "up": None,
            "actions": ["W: call S"],
        },
        600,
    )
    assert counts[Suit.HEARTS] / 600 < 0.12 < counts[Suit.CLUBS] / 600
    assert math.isclose(sum(counts.values()), 600)
