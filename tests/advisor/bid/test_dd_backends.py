"""The compiled core and the pure-Python search give identical answers, card for card."""

from __future__ import annotations

import importlib.util
import os
import random

import pytest

from euchre_tutor.errors import EuchreError
from euchre_tutor.games.bid.advisor import dd

from .positions import RULE_SETS, ending, start_of_play

FAST = dd.BACKENDS[0]  # the compiled core wherever it is built (CI: always, checked below)

SINGLE = [name for name, rules in RULE_SETS.items() if not rules.double_deck]
DOUBLE = [name for name, rules in RULE_SETS.items() if rules.double_deck]


def test_ci_loads_the_compiled_core() -> None:
    """Under CI=true the extension must have been built and loaded: no silent fallback to Python."""
    pure = os.environ.get("EUCHRE_TUTOR_PURE_PYTHON", "") in ("1", "true", "yes")
    built = importlib.util.find_spec("euchre_tutor.advisor._trickdd") is not None
    if os.environ.get("CI", "").strip().lower() == "true":
        assert not pure and built
    assert ("compiled" if built and not pure else "python") == dd.BACKEND


@pytest.mark.parametrize("name", SINGLE)
def test_backends_agree_from_the_first_lead(name: str) -> None:
    rng = random.Random(name)
    states = [start_of_play(RULE_SETS[name], rng) for _ in range(25)]
    assert dd.solve_many(states, backend=FAST) == dd.solve_many(states, backend="python")
    assert dd.card_values_many(states, backend=FAST) == dd.card_values_many(states, backend="python")


@pytest.mark.parametrize("name", SINGLE + DOUBLE)
def test_backends_agree_mid_hand(name: str) -> None:
    rng = random.Random(f"mid {name}")
    states = [ending(RULE_SETS[name], rng, rng.randint(1, 5)) for _ in range(40)]
    assert dd.solve_many(states, backend=FAST) == dd.solve_many(states, backend="python")
    assert dd.card_values_many(states, backend=FAST) == dd.card_values_many(states, backend="python")


def test_an_unknown_backend_is_refused() -> None:
    state = start_of_play(RULE_SETS["common"], random.Random(1))
    with pytest.raises(EuchreError, match="backend must be"):
        dd.solve(state, backend="fortran")
