"""The Solitaire solver's compiled core and its pure-Python twin: the same values to the last count.

Every figure and the whole distribution of each option must match, on random positions
of every kind (the player to lead or to follow, the deck to lead, the turn card known on
top or at the bottom, alone or not, points or any integer utility) and on whole trump
decisions in both modes; and CI must run the compiled core, not fall back silently.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings

from euchre_tutor.cards import Suit, deck, parse_cards
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.solitaire.advisor.advice import analyse_trump
from euchre_tutor.games.solitaire.advisor.positions import trump_choices, trump_knowledge
from euchre_tutor.games.solitaire.advisor.solver import (
    BACKEND,
    BACKENDS,
    Knowledge,
    Objective,
    Outcome,
    Solver,
)
from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal
from tests.advisor.solitaire.test_solver import positions

DECK = deck(24)
needs_both = pytest.mark.skipif(BACKENDS != ("compiled", "python"), reason="needs both backends")


def test_ci_loads_the_compiled_core() -> None:
    """Under CI=true the extension must have been built and loaded: no silent fallback to Python."""
    pure = os.environ.get("EUCHRE_TUTOR_PURE_PYTHON", "") in ("1", "true", "yes")
    built = importlib.util.find_spec("euchre_tutor.games.solitaire.advisor._solcore") is not None
    if os.environ.get("CI", "").strip().lower() == "true":
        assert not pure and built
        assert BACKEND == "compiled"
    assert ("compiled" if built and not pure else "python") == BACKEND
    assert BACKENDS[0] == BACKEND and "python" in BACKENDS
    assert Solver().backend == BACKEND


def test_the_environment_variable_forces_the_python_backend() -> None:
    env = {**os.environ, "EUCHRE_TUTOR_PURE_PYTHON": "1"}
    code = "from euchre_tutor.games.solitaire.advisor import solver; print(solver.BACKEND, solver.Solver().backend)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["python", "python"]


def test_an_unknown_backend_is_refused_with_the_choices() -> None:
    with pytest.raises(EuchreError, match="backend must be 'compiled' or 'python', not 'fast'"):
        Solver(backend="fast")


def _full(o: Outcome) -> tuple[object, ...]:
    return (o.ev, o.p3, o.p5, o.utility, o.distribution)


@needs_both
@settings(deadline=None, max_examples=200)
@given(positions(max_hand=5, max_unseen=12, max_utility=1_000_000))
def test_backends_agree_on_random_positions(case: tuple[Knowledge, Objective]) -> None:
    k, objective = case
    fast, slow = Solver(backend="compiled"), Solver(backend="python")
    if k.deck_to_lead:
        assert _full(fast.position_value(k, objective)) == _full(slow.position_value(k, objective))
        return
    got, want = fast.play_values(k, objective), slow.play_values(k, objective)
    assert list(got) == list(want)
    for card in want:
        assert _full(got[card]) == _full(want[card]), card


@needs_both
@pytest.mark.parametrize("seed", [10_003, 42])
def test_backends_agree_on_whole_trump_decisions(seed: int) -> None:
    """Every option of a fresh deal (18 unseen cards), with every count of its distribution."""
    deal = SolitaireDeal.from_seed(seed)
    unseen = frozenset(deal.stock)
    fast, slow = Solver(backend="compiled"), Solver(backend="python")
    for choice in trump_choices(deal.turn):
        k = trump_knowledge(deal.hand, deal.turn, unseen, choice)
        objective = Objective.points(choice.alone)
        assert _full(fast.position_value(k, objective)) == _full(slow.position_value(k, objective)), choice


@needs_both
@pytest.mark.parametrize("score", [(0, 0), (8, 9)])
def test_backends_agree_in_game_mode(score: tuple[int, int]) -> None:
    deal = SolitaireDeal.from_seed(2024)
    args = (deal.hand, deal.turn, frozenset(deal.stock))
    fast = analyse_trump(*args, mode="game", score=score, solver=Solver(backend="compiled"))
    slow = analyse_trump(*args, mode="game", score=score, solver=Solver(backend="python"))
    assert fast == slow


def test_one_solver_serves_many_positions_and_stays_bounded() -> None:
    """The memo is reused between calls and cleared past max_states, in either backend."""
    for backend in BACKENDS:
        solver = Solver(max_states=1_000, backend=backend)
        deal = SolitaireDeal.from_seed(5)
        k = trump_knowledge(deal.hand, deal.turn, frozenset(deal.stock), trump_choices(deal.turn)[1])
        first = solver.position_value(k, Objective.points())
        assert solver.states > 1_000
        assert (solver.compiled_bytes > 0) == (backend == "compiled")  # the memo is where it says
        again = solver.position_value(k, Objective.points())  # starts by clearing the memo
        assert _full(again) == _full(first)
        solver.clear()
        assert solver.states == 0


def test_more_unseen_cards_than_a_stock_holds_are_refused() -> None:
    """A hand-built position with 19+ unseen cards cannot arise (and 21! would overflow the counts)."""
    hand = parse_cards("JH")
    with pytest.raises(EuchreError, match="23 unseen cards is impossible: the stock holds at most 18"):
        Knowledge(Suit.HEARTS, hand, frozenset(DECK) - set(hand))
