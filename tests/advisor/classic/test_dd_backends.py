"""The compiled core and the pure-Python backend of dd.py: the same answers, and CI runs the compiled one."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys

from euchre_tutor.games.classic.advisor import dd

from .test_dd_positions import RULE_SETS, play_randomly, start_of_play

POSITIONS_PER_RULE_SET = 24


def test_ci_loads_the_compiled_core() -> None:
    """Under CI=true the extension must have been built and loaded: no silent fallback to Python."""
    pure = os.environ.get("EUCHRE_TUTOR_PURE_PYTHON", "") in ("1", "true", "yes")
    built = importlib.util.find_spec("euchre_tutor.advisor._trickdd") is not None
    if os.environ.get("CI", "").strip().lower() == "true":
        assert not pure and built
        assert dd.BACKEND == "compiled"
    expected = "compiled" if built and not pure else "python"
    assert expected == dd.BACKEND
    assert dd.BACKENDS[0] == dd.BACKEND and "python" in dd.BACKENDS


def test_the_environment_variable_forces_the_python_backend() -> None:
    env = {**os.environ, "EUCHRE_TUTOR_PURE_PYTHON": "1"}
    code = "from euchre_tutor.games.classic.advisor import dd; print(dd.BACKEND, dd.BACKENDS)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["python", "('python',)"]


def test_backends_agree_on_random_positions() -> None:
    """Hundreds of positions (start of play, later tricks, mid-trick) under every rule set."""
    rng = random.Random("backends")
    states = []
    for _, rules in sorted(RULE_SETS.items()):
        for i in range(POSITIONS_PER_RULE_SET):
            state = start_of_play(rules, rng)
            # the pure-Python search is slow on a full six-seat hand: start those a trick in
            least = len(state.active_seats) if rules.players == 6 else 0
            cards = 0 if i % 4 == 0 and least == 0 else rng.randrange(least, 25)
            states.append(play_randomly(state, cards, rng))
    assert len(states) >= 300
    results = {
        backend: (
            dd.solve_many(states, backend=backend),
            dd.card_values_many(states, backend=backend),
            dd.rollout_many(states, backend=backend),
        )
        for backend in dd.BACKENDS
    }
    first = results[dd.BACKENDS[0]]
    for backend, got in results.items():
        assert got[0] == first[0], backend
        assert got[1] == first[1], backend
        assert got[2] == first[2], backend
