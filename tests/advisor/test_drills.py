"""The drill deck: the Leitner schedule, the file's round trip, and refused files."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.advisor.drills import (
    DECK_FORMAT,
    INTERVALS,
    LABELS,
    Deck,
    DeckError,
    Drill,
    drill_id,
)
from euchre_tutor.games.bid.advisor.position import read_position as read_bid_position
from euchre_tutor.games.bid.advisor.position import write_position as write_bid_position
from euchre_tutor.games.bid.engine import Deal, new_hand
from euchre_tutor.games.classic.advisor.position import write_position
from euchre_tutor.games.classic.engine.game import ClassicGame


def classic_position(seed: int) -> dict[str, Any]:
    state = ClassicGame(seed=seed).state
    assert state.to_act is not None
    return write_position(state.hand, state.to_act)


def bid_position(seed: int, actions: int = 0) -> dict[str, Any]:
    """The seat to act's position after ``actions`` actions of a seeded Bid Euchre hand (the second
    legal one each time there are two or more: the lowest bid, then the cards in the engine's order)."""
    hand = new_hand(Deal.from_seed(seed))
    for _ in range(actions):
        legal = hand.legal_actions()
        hand = hand.apply(legal[min(1, len(legal) - 1)])
    assert hand.to_act is not None
    return write_bid_position(hand, hand.to_act)


POSITIONS: list[tuple[str, dict[str, Any]]] = [
    ("classic", classic_position(3)),
    ("classic", classic_position(4)),
    ("solitaire", {"seed": 7}),
    ("solitaire", {"seed": 8, "trump": "up"}),
    ("solitaire", {"seed": 9, "trump": "C", "alone": True}),
    ("bid", bid_position(3)),
    ("bid", bid_position(4, 6)),
]


def mistake(deck: Deck, index: int = 2) -> Drill:
    game, position = POSITIONS[index]
    return deck.add_graded(
        game,
        position,
        answer="pass",
        label="Mistake",
        best="order",
        level="club",
        where="hand 1, the bidding",
    )


# --------------------------------------------------------------------------- the schedule


def test_a_new_mistake_comes_back_next_session() -> None:
    deck = Deck()
    drill = mistake(deck)
    assert drill.box == 1 and drill.due == deck.session + 1
    assert deck.due_drills() == ()
    deck.next_session()
    assert [d.id for d in deck.due_drills()] == [drill.id]


def test_right_answers_climb_the_boxes_after_1_3_7_sessions() -> None:
    deck = Deck(learn_after=4)  # a deck asking four right answers in a row reaches the third box
    drill = mistake(deck)
    waits = []
    for _ in range(3):
        deck.session = drill.due
        assert drill.id in {d.id for d in deck.due_drills()}
        before = deck.session
        drill = deck.answer(drill.id, right=True)
        waits.append(drill.due - before)
        deck.session = drill.due - 1
        assert deck.due_drills() == ()  # not served before it is due
    assert waits == [INTERVALS[1], INTERVALS[2], INTERVALS[3]] == [3, 7, 15]
    assert INTERVALS[:3] == (1, 3, 7)
    assert drill.box == 4 and drill.streak == 3 and not drill.learned


def test_a_wrong_answer_sends_a_drill_back_to_the_first_box() -> None:
    deck = Deck()
    drill = mistake(deck)
    deck.session = drill.due
    drill = deck.answer(drill.id, right=True)
    assert (drill.box, drill.streak) == (2, 1)
    deck.session = drill.due
    drill = deck.answer(drill.id, right=False)
    assert (drill.box, drill.streak, drill.due, drill.learned) == (1, 0, deck.session + 1, False)


def test_right_twice_in_a_row_is_learned_kept_and_not_served() -> None:
    deck = Deck()
    drill = mistake(deck)
    deck.next_session()
    deck.answer(drill.id, right=True)
    deck.session += 3
    drill = deck.answer(drill.id, right=True)
    assert drill.learned and deck.learned == 1 and len(deck) == 1
    deck.session += 100
    assert deck.due_drills() == ()
    with pytest.raises(Exception, match="learned already"):
        deck.answer(drill.id, right=True)


def test_right_then_wrong_then_right_is_not_learned() -> None:
    deck = Deck()
    drill = mistake(deck)
    for right in (True, False, True):
        deck.session = drill.due
        drill = deck.answer(drill.id, right=right)
    assert not drill.learned and drill.streak == 1


def test_the_same_mistake_again_is_one_drill_back_in_the_first_box() -> None:
    deck = Deck()
    first = mistake(deck)
    deck.next_session()
    deck.answer(first.id, right=True)
    deck.session += 3
    assert deck.answer(first.id, right=True).learned
    again = mistake(deck)
    assert len(deck) == 1 and again.id == first.id
    assert (again.box, again.streak, again.learned, again.due) == (1, 0, False, deck.session + 1)
    assert again.answer == first.answer and again.source == first.source


def test_drill_id_is_stable_and_ignores_key_order() -> None:
    a = drill_id("solitaire", {"seed": 9, "trump": "C"})
    assert a == drill_id("solitaire", {"trump": "C", "seed": 9})
    assert a != drill_id("classic", {"seed": 9, "trump": "C"})


# --------------------------------------------------------------------------- the file


def test_the_file_names_its_format_and_round_trips_exactly() -> None:
    deck = Deck()
    for i in range(len(POSITIONS)):
        mistake(deck, i)
    text = deck.dumps()
    data = json.loads(text)
    assert data["format"] == DECK_FORMAT and data["version"] == 1
    again = Deck.loads(text)
    assert again == deck and again.dumps() == text


drill_states = st.tuples(
    st.integers(0, len(POSITIONS) - 1),
    st.sampled_from([None, *LABELS]),
    st.text(max_size=30),
    st.integers(1, len(INTERVALS)),
    st.integers(0, 10**6),
    st.integers(0, 2),
)


@settings(deadline=None, max_examples=60)
@given(st.lists(drill_states, max_size=5, unique_by=lambda t: t[0]), st.integers(1, 10**6))
def test_no_drill_is_lost_or_changed_through_save_and_load(
    states: list[tuple[int, str | None, str, int, int, int]], session: int
) -> None:
    drills = []
    for index, label, source, box, due, streak in states:
        game, position = POSITIONS[index]
        drills.append(
            Drill(
                drill_id(game, position),
                game,  # type: ignore[arg-type]
                position,
                None if label is None else "pass",
                label,
                None if label is None else "order",
                "expert" if game == "classic" else None,
                source,
                "a note",
                box,
                due,
                streak,
                streak >= 2,
            )
        )
    deck = Deck(drills, session=session)
    again = Deck.loads(deck.dumps())
    assert again == deck
    assert [d.to_json() for d in again.drills] == [d.to_json() for d in drills]


@settings(deadline=None, max_examples=60)
@given(
    st.lists(st.tuples(st.integers(0, len(POSITIONS) - 1), st.booleans(), st.integers(0, 20)), max_size=40)
)
def test_the_schedule_keeps_its_invariants(steps: list[tuple[int, bool, int]]) -> None:
    """Whatever the answers: boxes stay in range, a drill is learned exactly after two right in a row,
    a wrong answer is due next session, nothing is lost, and the file round-trips at every step."""
    deck = Deck()
    added: set[int] = set()
    for index, right, wait in steps:
        if wait % 5 == 0:
            mistake(deck, index)
            added.add(index)
        deck.session += wait
        for drill in deck.due_drills():
            assert drill.due <= deck.session and not drill.learned
            after = deck.answer(drill.id, right=right)
            assert 1 <= after.box <= len(INTERVALS)
            if not right:
                assert (after.box, after.streak, after.due) == (1, 0, deck.session + 1)
            else:
                assert after.streak == drill.streak + 1
                assert after.learned == (after.streak >= 2)
                assert after.learned or after.due == deck.session + INTERVALS[after.box - 1]
        assert len(deck) == len(added)
        assert Deck.loads(deck.dumps(), check_positions=False) == deck


# --------------------------------------------------------------------------- refused files


def good_file() -> dict[str, Any]:
    deck = Deck()
    mistake(deck, 0)
    mistake(deck, 2)
    return deck.to_json()


def edit(change: Any) -> str:
    data = good_file()
    change(data)
    return json.dumps(data)


def edit_bid(change: Any) -> str:
    """A deck of one Bid Euchre drill (its id left out: a teacher's edit), changed."""
    deck = Deck()
    mistake(deck, 6)
    data = deck.to_json()
    del data["drills"][0]["id"]
    change(data["drills"][0])
    return json.dumps(data)


def _seat(position: dict[str, Any]) -> str:
    return "N" if position["seat"] != "N" else "E"


REFUSED = [
    ("{not json", "deck file"),
    ("[1, 2]", "JSON object"),
    (json.dumps({"format": "euchre-tutor/classic-game", "version": 1}), '"format"'),
    (edit(lambda d: d.update(version=2)), "newer tutor"),
    (edit(lambda d: d.update(session=-1)), '"session" must be a whole number'),
    (edit(lambda d: d.update(colour="red")), "unknown field"),
    (edit(lambda d: d.update(drills={"a": 1})), '"drills" must be a list'),
    (edit(lambda d: d["drills"].append(7)), "drill 3 must be an object"),
    (edit(lambda d: d["drills"][0].update(game="chess")), 'drill 1: "game"'),
    (edit(lambda d: d["drills"][1].update(box=9)), 'drill 2: "box" must be a whole number from 1 to 4'),
    (edit(lambda d: d["drills"][1].update(due="soon")), 'drill 2: "due"'),
    (edit(lambda d: d["drills"][1].update(learned=True)), '"learned" is true but "streak" is 0'),
    (edit(lambda d: d["drills"][0].update(label="Awful")), '"label" must be one of'),
    (edit(lambda d: d["drills"][1].update(level="club")), "no table"),
    (edit(lambda d: d["drills"][1].update(position={"seed": 7, "plays": "AH"})), "before any plays"),
    (edit(lambda d: d["drills"][0]["position"].update(hand=["AC"])), 'drill 1: its "position"'),
    (edit(lambda d: d["drills"][1].update(id="0123")), "does not match its position"),
    (edit(lambda d: d["drills"][0].update(game="solitaire", level=None)), "its \"game\" is 'solitaire'"),
    (edit(lambda d: d["drills"].append(dict(d["drills"][0]))), "same position as an earlier one"),
    (edit_bid(lambda d: d.update(level="club")), 'a Bid Euchre drill has no table "level"'),
    (edit_bid(lambda d: d["position"].update(seat=_seat(d["position"]))), "there is no decision to drill"),
    (edit_bid(lambda d: d["position"]["actions"].append("bid 9 H")), 'drill 1: its "position" is not one'),
    (edit_bid(lambda d: d["position"]["hands"].update(N=d["position"]["hands"]["S"])), "the bid advisor"),
    (edit_bid(lambda d: d["position"].update(colour="red")), "colour"),
]


@pytest.mark.parametrize(("text", "message"), REFUSED, ids=[m for _, m in REFUSED])
def test_a_malformed_file_is_refused_with_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(DeckError, match=message.replace("(", r"\(")):
        Deck.loads(text)


def test_a_refused_file_changes_nothing() -> None:
    deck = Deck.loads(json.dumps(good_file()))
    before = deck.dumps()
    with pytest.raises(DeckError):
        deck = Deck.loads(REFUSED[-1][0])
    assert deck.dumps() == before


def test_a_teacher_may_leave_out_the_schedule_and_the_id() -> None:
    deck = Deck.loads(
        json.dumps(
            {"format": DECK_FORMAT, "version": 1, "drills": [{"game": "solitaire", "position": {"seed": 7}}]}
        )
    )
    (drill,) = deck.drills
    assert drill.id == drill_id("solitaire", {"seed": 7}) and drill.box == 1 and deck.due == 1


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


@settings(deadline=None, max_examples=150)
@given(
    st.integers(0, 1),
    st.sampled_from(sorted(Drill.__dataclass_fields__)),
    json_values,
)
def test_any_value_in_any_field_is_read_as_given_or_refused_by_name(
    which: int, field: str, value: object
) -> None:
    """A hand edit never half-loads: the deck holds the value as written, or the error names the drill
    and the field."""
    data = good_file()
    data["drills"][which][field] = value
    try:
        deck = Deck.loads(json.dumps(data))
    except DeckError as error:
        assert f"drill {which + 1}" in str(error)
        assert f'"{field}"' in str(error) or field == "position" or "same position" in str(error)
        return
    assert deck.drills[which].to_json()[field] == value


def test_a_bid_drill_is_kept_as_bid_analyze_reads_it_and_round_trips() -> None:
    deck = Deck()
    drill = mistake(deck, 6)  # a table's level given for a Bid Euchre drill is not kept: it has none
    assert drill.game == "bid" and drill.level is None and drill.id == drill_id("bid", POSITIONS[6][1])
    view = read_bid_position(drill.position)
    assert view.my_turn and view.seat.name == drill.position["seat"]
    again = Deck.loads(deck.dumps())
    assert again == deck and again[drill.id].position == POSITIONS[6][1]
