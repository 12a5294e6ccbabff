"""The compiled cores and their pure-Python twins: which one serves, and how to tell.

Every exact search has a core in C, built by ``pip install`` (``make tutor``,
``make test``, Binder) when a C compiler is present, and a pure-Python twin that
gives the same answers to the last count (the tests compare them). :data:`CORES`
lists every compiled core and the searches it serves:

* the double-dummy search of every trick-taking game,
  :mod:`euchre_tutor.advisor.trickdd` (``_trickdd``), which serves classic Euchre
  (:mod:`euchre_tutor.games.classic.advisor.dd`) and Bid Euchre (:mod:`euchre_tutor.games.bid.advisor.dd`),
  with each card's exact tricks or only which band of tricks it reaches (the counts where a hand's
  points change: the twin floors its exact values to the same marks), and a card's tally of a
  batch of deals from those values (:func:`~euchre_tutor.advisor.tallies.tally_marks`: the same sums
  to the last bit);
* the Solitaire solver, :mod:`euchre_tutor.games.solitaire.advisor.solver` (``_solcore``);
* the classic advisor's sampler, :mod:`euchre_tutor.games.classic.advisor.placement` and
  :mod:`~euchre_tutor.games.classic.advisor.bidweights` (``_worldfill``): the candidate draw, the
  bids' weights, the re-chosen discard, the swaps of the hidden hands and a bid's deal. Not a search,
  but the same contract (the same candidates and weights from the same ``random.Random`` state,
  leaving it in the same state, so every seeded hint and grade is the same whichever serves);
* the rule-based players' bidding in the classic advisor's play-outs,
  :mod:`euchre_tutor.games.classic.bots.playout_bidding` (``_clubbid``): the same decisions and the
  same state at the first lead as the Python loop, under the house rules it plays (a Beginner's
  slips asked of Python at each decision with a choice), and each first lead handed to the compiled
  rollout in the same call (a batch's first leads packed as records of int64s, not a tuple each).

A module uses its core when it was built, unless the environment variable
``EUCHRE_TUTOR_PURE_PYTHON=1`` was set before the import; each also takes
``backend="python"`` or ``backend="compiled"`` per call or per solver.
``euchre-tutor --version`` says which path serves (:func:`describe`).
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Final

from euchre_tutor.errors import EuchreError

__all__ = ["CORES", "PURE_PYTHON_VARIABLE", "backends", "choose", "describe", "load_core"]

PURE_PYTHON_VARIABLE: Final = "EUCHRE_TUTOR_PURE_PYTHON"

CORES: Final[dict[str, tuple[str, ...]]] = {
    "euchre_tutor.games.solitaire.advisor._solcore": ("Solitaire solver",),
    "euchre_tutor.advisor._trickdd": ("classic double-dummy search", "Bid Euchre double-dummy search"),
    "euchre_tutor.games.classic.advisor._worldfill": ("classic candidate draw",),
    "euchre_tutor.games.classic.bots._clubbid": ("classic play-outs' bidding",),
}
"""Every compiled core (its module, as pyproject.toml builds it) -> the searches it serves, by name."""


def load_core(module: str) -> Any:
    """The compiled module, or None when it was not built or pure Python was asked for."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "").strip().lower() in ("1", "true", "yes"):
        return None
    try:
        return importlib.import_module(module)
    except ImportError:  # no compiler when installed: the pure-Python twin serves
        return None


def backends(core: Any) -> tuple[str, ...]:
    """The backends available, the default first."""
    return ("compiled", "python") if core is not None else ("python",)


def choose(backend: str | None, core: Any, what: str) -> str:
    """``backend`` checked (None: the default), with a teaching error when it cannot serve."""
    choice = backends(core)[0] if backend is None else backend
    if choice == "compiled" and core is None:
        raise EuchreError(
            f"the compiled {what} is not available (not built, or {PURE_PYTHON_VARIABLE}=1): use backend='python'"
        )
    if choice not in ("compiled", "python"):
        raise EuchreError(f"backend must be 'compiled' or 'python', not {backend!r}")
    return choice


def describe() -> str:
    """One line per search: which backend serves by default in this process.

    ``Solitaire solver: compiled (C core)`` (or ``pure Python``), then the same for every
    other search of :data:`CORES`:

    >>> [line.split(":")[0] for line in describe().splitlines()]
    ['Solitaire solver', 'classic double-dummy search', 'Bid Euchre double-dummy search', 'classic candidate draw', "classic play-outs' bidding"]
    """
    out = []
    for module, searches in CORES.items():
        served = load_core(module) is not None
        for name in searches:
            out.append(f"{name}: " + ("compiled (C core)" if served else "pure Python"))
    return "\n".join(out)
