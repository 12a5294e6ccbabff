"""Reading a position as one seat saw it: round trips from real hands, and every impossible position refused."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.errors import CardError, DealError, EuchreError, IllegalAction
from euchre_tutor.games.classic.advisor.position import read_position
from euchre_tutor.games.classic.engine.engine import HandState, Seat
from euchre_tutor.games.classic.views import seat_view
from tests.advisor.classic.test_worlds import RULES, random_position, sorted_hand


def position_of(state: HandState, me: Seat) -> dict[str, Any]:
    """The position as ``me`` would write it: other seats' hidden cards left out."""
    actions = []
    for seat, act in state.history:
        if seat != me and act.kind in ("discard", "give"):
            actions.append(f"{seat.name}: {act.kind}")
        elif seat != me and act.kind == "under":
            actions.append(f"{seat.name}: go under")
        else:
            actions.append(f"{seat.name}: {act}")
    view = seat_view(state, me)
    return {
        "rules": state.rules.to_json(),
        "dealer": state.dealer.name,
        "seat": me.name,
        "hand": [str(c) for c in view.hand],
        "up": str(state.up),
        "actions": actions,
    }


@settings(deadline=None, max_examples=150)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6))
def test_a_real_hand_written_as_strings_reads_back_as_its_view(name: str, seed: int) -> None:
    state, me = random_position(name, seed)
    view, world = read_position(position_of(state, me))
    assert sorted_hand(view) == sorted_hand(seat_view(state, me))
    assert sorted_hand(seat_view(world, me)) == sorted_hand(view)


# A hand to write positions from (standard rules, dealer E, up card KH):
#   S: JS AC QH 9D TD   W: 9S KS QD AD 9H   N: TS QS JC KC AH   E: AS JD TH 9C TC
# "E: pass", "S: pass", "W: pass", "N: order": North orders hearts; East picks up KH.
BASE: dict[str, Any] = {"dealer": "E", "seat": "S", "up": "KH"}
S_HAND = ["JS", "AC", "QH", "9D", "TD"]
ORDERED = ["S: pass", "W: pass", "N: order", "E: discard"]


def read(**changes: Any) -> tuple[Any, Any]:
    data = {**BASE, "hand": S_HAND, "actions": ORDERED, **changes}
    return read_position(data)


def test_a_simple_position_reads() -> None:
    view, world = read()
    assert view.seat == Seat.S and view.to_act == Seat.S and view.trump is not None
    assert [str(a) for _, a in view.bids] == ["pass", "pass", "order"]
    assert view.up_taken and view.discard is None
    assert set(world.hands[Seat.S]) == set(view.hand)
    assert view.scores == (0, 0)


def test_the_score_is_placed_in_team_order() -> None:
    view, _ = read(score={"us": 3, "them": 5})
    assert view.scores == (3, 5)  # S is in NS, the first team
    view, _ = read(
        seat="W", hand=["9S", "KS", "QD", "AD", "9H"], actions=["S: pass"], score={"us": 3, "them": 5}
    )
    assert view.scores == (5, 3)
    view, _ = read(score={"NS": 2, "EW": 7})
    assert view.scores == (2, 7)


def test_a_score_by_team_name_at_three_players() -> None:
    data = {
        "rules": "three-handed",
        "dealer": "P1",
        "seat": "P2",
        "hand": ["9S", "TS", "QS", "KS", "AS"],
        "up": "AH",
        "actions": [],
        "score": {"P1": 1, "P2": 4, "P3": 0},
    }
    view, _ = read_position(data)
    assert view.scores == (1, 4, 0)
    with pytest.raises(DealError, match="this table has 3"):
        read_position({**data, "score": {"us": 1, "them": 2}})


def test_alone_written_after_the_bid_makes_the_bid_alone() -> None:
    view, _ = read(actions=["S: pass", "W: pass", "N: order", "N: alone", "E: discard"])
    assert [str(a) for _, a in view.bids] == ["pass", "pass", "order alone"]
    assert view.alone and view.sitting_out == frozenset({Seat.S})


def test_the_dealers_own_discard_is_written_with_its_card() -> None:
    view, world = read_position(
        {
            "dealer": "E",
            "seat": "E",
            "hand": ["AS", "JD", "TH", "KH", "TC"],
            "up": "KH",
            "actions": ["S: pass", "W: pass", "N: order", "E: discard 9C"],
        }
    )
    assert str(view.discard) == "9C" and world.discard == view.discard
    with pytest.raises(DealError, match="knows its own cards"):
        read_position(
            {
                "dealer": "E",
                "seat": "E",
                "hand": ["AS", "JD", "TH", "KH", "TC"],
                "up": "KH",
                "actions": ["S: pass", "W: pass", "N: order", "E: discard"],
            }
        )


def test_plays_by_others_are_placed_in_their_hands() -> None:
    view, _ = read(
        actions=[*ORDERED, "S: play AC", "W: play 9C", "N: play KC", "E: play TC"],
        hand=["JS", "QH", "9D", "TD"],
    )
    assert len(view.tricks) == 1 and view.trick_leader == Seat.S
    assert view.voids[Seat.W] == frozenset()


# -- impossible positions --------------------------------------------------------------


def refused(error: type[EuchreError], match: str, **changes: Any) -> str:
    with pytest.raises(error, match=match) as info:
        read(**changes)
    message = str(info.value)
    assert len(message) <= 300, message
    return message


def test_input_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(DealError, match="JSON object"):
        read_position(["not", "an", "object"])
    refused(DealError, "unknown key.*'colour'.*the keys are", colour="red")
    with pytest.raises(DealError, match="missing 'hand'"):
        read_position({"dealer": "E", "seat": "S", "up": "KH"})
    refused(DealError, "list of card strings", hand="JS AC QH 9D TD")
    refused(DealError, "list of card strings", hand=["JS", 5])
    refused(DealError, "list of strings", actions="S: pass")
    refused(DealError, "seat name", seat=2)
    refused(CardError, "hand", hand=["JS", "AC", "QH", "9D", "XX"])


def test_an_unknown_seat_is_refused() -> None:
    refused(DealError, "not a seat", seat="Q")
    refused(DealError, "not a seat", actions=["X: pass"])


def test_an_action_without_its_seat_is_refused() -> None:
    refused(IllegalAction, "needs the seat", actions=["pass"])


def test_a_card_twice_is_refused() -> None:
    refused(DealError, "twice", hand=["JS", "JS", "QH", "9D", "TD"])
    refused(
        DealError,
        "every card is in the deck once",
        actions=[*ORDERED, "S: play AC", "W: play 9C", "N: play KC", "E: play AC"],
        hand=["JS", "QH", "9D", "TD"],
    )


def test_a_card_held_and_played_is_refused() -> None:
    refused(
        DealError,
        "AC is in South's hand and in action 5",
        actions=[*ORDERED, "S: play AC"],
        hand=["JS", "AC", "QH", "9D"],
    )


def test_a_card_the_seat_can_see_elsewhere_cannot_be_played_by_another() -> None:
    refused(
        DealError,
        "JS is in South's hand and in action 6",
        actions=[*ORDERED, "S: play AC", "W: play JS"],
        hand=["JS", "QH", "9D", "TD"],
    )
    refused(
        IllegalAction,
        "up card, which East .* picked up",
        actions=[*ORDERED, "S: play AC", "W: play KH"],
        hand=["JS", "QH", "9D", "TD"],
    )


def test_an_action_out_of_turn_is_refused() -> None:
    refused(IllegalAction, "it is South's turn .* not West's", actions=["W: pass"])
    refused(
        IllegalAction,
        "it is West's turn .* not North's",
        actions=[*ORDERED, "S: play AC", "N: play KC"],
        hand=["JS", "QH", "9D", "TD"],
    )


def test_a_seat_playing_a_suit_it_showed_void_in_is_refused() -> None:
    actions = [*ORDERED, "S: play AC", "W: play 9S", "N: play KC", "E: play TC"]
    # West did not follow clubs; South won the trick and leads clubs again... West cannot follow now.
    message = refused(
        IllegalAction,
        "West showed earlier that it holds no clubs",
        actions=[*actions, "S: play JS", "W: play QC"],
        hand=["QH", "9D", "TD"],
    )
    assert "QC" in message


def test_the_viewers_hand_contradicting_its_own_failure_to_follow_is_refused() -> None:
    # South did not follow clubs at the first trick but still holds a club.
    refused(
        IllegalAction,
        "does not follow",
        actions=["E: pass", "S: pass", "W: order", "N: discard", "E: play 9C", "S: play 9D"],
        hand=["JS", "AC", "QH", "TD"],
        dealer="N",
    )


def test_the_wrong_hand_size_is_refused() -> None:
    refused(DealError, "do not add up to a dealt hand", hand=["JS", "AC", "QH", "9D"])
    refused(DealError, "do not add up", hand=["JS", "AC", "QH", "9D", "TD", "9C"])


def test_the_up_card_in_a_non_dealers_hand_is_refused() -> None:
    refused(DealError, "up card KH is in South's hand", hand=["JS", "AC", "QH", "9D", "KH"])


def test_a_legal_looking_bid_no_hand_allows_is_refused() -> None:
    # Under "a natural trump", West may not order spades holding none: South holds every spade it could.
    rules = {"round_1_requirement": "natural-trump"}
    refused(
        IllegalAction,
        "no hand West could hold allows this",
        rules=rules,
        up="9S",
        hand=["JS", "QS", "KS", "AS", "TS"],
        actions=["S: pass", "W: order"],
    )


def test_an_action_after_the_hand_is_over_is_refused() -> None:
    passes = ["S: pass", "W: pass", "N: pass", "E: pass"] * 2
    refused(IllegalAction, "already over", actions=[*passes, "S: pass"])


def test_read_positions_round_trip_in_every_field_but_hand_order() -> None:
    state, me = random_position("standard", 11)
    view, _ = read_position(position_of(state, me))
    assert dataclasses.replace(view, hand=()) == dataclasses.replace(seat_view(state, me), hand=())


def test_before_a_blind_call_no_hand_is_seen() -> None:
    data = {
        "rules": {"joker": True, "joker_up": "dealer-blind"},
        "dealer": "W",
        "seat": "N",
        "hand": [],
        "up": "JK",
        "actions": [],
    }
    for seat in ("N", "W"):
        view, world = read_position({**data, "seat": seat})
        assert view.hand == () and view.to_act == Seat.W
        assert [str(a) for a in view.legal][:1] == (["call C"] if seat == "W" else [])
        assert len(world.hands[Seat.N]) == 5


@pytest.mark.parametrize(
    "changes",
    [
        {"seat": "Q" * 5000},
        {"seat": ["S"] * 2000},
        {"hand": ["X" * 5000]},
        {"actions": ["S: " + "pass " * 2000]},
        {"actions": ["S" * 5000 + ": pass"]},
        {"score": {"us": 1, "k" * 5000: 2}},
        {"k" * 5000: 1},
    ],
    ids=[
        "long seat",
        "seat list",
        "long card",
        "long action",
        "long seat name",
        "long score key",
        "long key",
    ],
)
def test_every_message_is_short_whatever_the_input(changes: dict[str, Any]) -> None:
    with pytest.raises(EuchreError) as info:
        read(**changes)
    assert len(str(info.value)) <= 300, str(info.value)
