"""Every registered game passes the same checks (a new game is registered once and checked here).

Legal actions and apply, what a seat's view hides (another seat's hand, the kitty, a hidden discard,
the order of the stock), save → load, the analysis of every legal action at a few positions, and a
full match by the game's computer players.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.rules.games import GAMES, Game, find_format, find_game, game_info
from euchre_tutor.session.games import GameHooks

NAMES = [g.name for g in GAMES]


def _shown(value: Any) -> set[Card]:
    """The cards a view places: in its fields, sequences and nested records (an unordered set of
    unseen cards says which cards are hidden, not where: it is not searched)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, frozenset | set):
        return set()
    if isinstance(value, tuple | list):
        return set().union(*map(_shown, value)) if value else set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value).__module__.startswith("euchre_tutor.rules"):
            return set()
        return set().union(*(_shown(getattr(value, f.name)) for f in dataclasses.fields(value)))
    return set()


def _steps(spec: Game, seed: int, count: int) -> Any:
    """A match after ``count`` decisions by its computer players."""
    game = spec.new_game(seed)
    choose = spec.players(seed)
    for _ in range(count):
        seat = spec.to_act(game)
        if seat is None:
            break
        game.apply(choose(spec.seat_view(game, seat)))
    return game


@pytest.mark.parametrize("name", NAMES)
def test_registered_hooks_resolve(name: str) -> None:
    game = find_game(name)
    assert game is game_info(name) and isinstance(game.hooks, GameHooks) and game.hooks.game is game
    assert find_format(game.save_format) is game and callable(game.new_game)
    assert game.package == f"euchre_tutor.games.{name}" and game.notebook.endswith(".ipynb")
    assert callable(game.part("advisor.drill", "check_position")) and callable(game.part("cli", "register"))


def test_an_unknown_game_is_refused_with_the_registered_names() -> None:
    with pytest.raises(
        EuchreError, match="unknown game 'whist': a drill is of 'solitaire', 'classic' or 'bid'"
    ):
        game_info("whist", "a drill")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("count", [0, 3, 9])
def test_legal_apply_views_save_and_positions(name: str, count: int) -> None:
    spec = find_game(name)
    game = _steps(spec, 5, count)
    seat = spec.to_act(game)
    assert seat is not None
    legal = spec.legal(game)
    assert legal
    view = spec.seat_view(game, seat)
    assert tuple(view.legal) == tuple(legal)
    hidden = spec.hidden(game, seat)
    assert hidden and not (_shown(view) & hidden)
    # save → load: the same state and the same decision
    loaded = spec.load_game(game.to_json())
    assert loaded.to_json() == game.to_json() and spec.legal(loaded) == legal
    # a position written and read back is the same seat's view
    assert spec.read_position(spec.position_of(game)).legal == view.legal
    # apply: every legal action is accepted and changes the state
    for action in legal:
        trial = spec.load_game(game.to_json())
        trial.apply(action)
        assert trial.to_json() != game.to_json()


@pytest.mark.parametrize("name", NAMES)
def test_analysis_values_every_legal_action(name: str) -> None:
    spec = find_game(name)
    for count in (0, 6):
        game = _steps(spec, 11, count)
        seat = spec.to_act(game)
        view = spec.seat_view(game, seat)
        values = spec.analyse(view, 8, 0)
        assert set(values) == set(view.legal)


@pytest.mark.parametrize("name", NAMES)
def test_a_full_match_by_the_computer_players(name: str) -> None:
    spec = find_game(name)
    game = _steps(spec, 3, 5000)
    assert spec.to_act(game) is None and game.state.is_over
