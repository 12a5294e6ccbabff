"""A seat view sent as the table service's JSON reads back equal, in every seated game and layout."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.errors import EuchreError, JsonInputError
from euchre_tutor.rules.games import find_game
from euchre_tutor.service.wire import to_wire

TABLES: list[tuple[str, Any]] = [
    ("classic", {"players": 4}),
    ("classic", {"preset": "standard", "players": 3}),
    ("classic", "six-handed"),
    ("classic", "six-handed-2v2v2"),
    ("classic", {"players": 4, "call_for_best": True, "defend_alone": "any-bid", "no_trump": "high"}),
    ("bid", None),
    ("bid", {"kitty": True}),
    ("bid", {"double_deck": True}),
]


def _walk(name: str, rules: Any, seed: int, steps: int = 400) -> tuple[int, int]:
    """Play a match with the computer players; every seat's view after every action round-trips."""
    spec = find_game(name)
    assert spec.new_match is not None and spec.seat_view_of is not None
    if rules is None:
        rules = spec.new_game(0).rules.to_json()
    game = spec.new_match(rules, seed)
    choose = spec.players(seed)
    checked = n = 0
    while spec.to_act(game) is not None and n < steps:
        for seat in game.state.first_dealer.seating.seats:
            view = spec.seat_view(game, seat)
            wire = to_wire(view)
            wire.pop("rules")
            assert spec.seat_view_of(wire, game.rules.to_json()) == view
            checked += 1
        game.apply(choose(spec.seat_view(game, game.state.to_act)))
        n += 1
    return n, checked


@pytest.mark.parametrize(("name", "rules"), TABLES, ids=[f"{n}-{r}" for n, r in TABLES])
def test_every_seat_view_reads_back_equal(name: str, rules: Any) -> None:
    actions, checked = _walk(name, rules, seed=3)
    assert actions > 30 and checked >= actions * 3


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), table=st.sampled_from(TABLES))
def test_round_trip_over_random_deals(seed: int, table: tuple[str, Any]) -> None:
    _walk(*table, seed=seed, steps=60)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"hand": "JH"}, "view.hand: a list is expected"),
        ({"seat": "Q"}, "view.seat"),
        ({"up": "ZZ"}, "view.up"),
        ({"legal": ["dance"]}, "view.legal[0]"),
        ({"scores": [0, "x"]}, "view.scores"),
    ],
)
def test_a_view_of_the_wrong_shape_is_refused_with_its_field(change: dict[str, Any], words: str) -> None:
    spec = find_game("classic")
    assert spec.new_match is not None and spec.seat_view_of is not None
    game = spec.new_match(spec.new_game(0).rules.to_json(), 1)
    wire = to_wire(spec.seat_view(game, game.state.to_act))
    wire.pop("rules")
    with pytest.raises(EuchreError, match=words.replace("[", r"\[").replace("]", r"\]")):
        spec.seat_view_of({**wire, **change}, game.rules.to_json())
    with pytest.raises(JsonInputError, match="missing"):
        spec.seat_view_of({k: v for k, v in wire.items() if k != "hand"}, game.rules.to_json())
