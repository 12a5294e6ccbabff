"""The compiled cores and their pure-Python twins: which one serves, and how to tell.

Both exact searches have a core in C, built by ``pip install`` (``make tutor``,
``make test``, Binder) when a C compiler is present, and a pure-Python twin that
gives the same answers to the last count (the tests compare them):

* the Solitaire solver, :mod:`euchre_tutor.advisor.solitaire.solver` (``_solcore``);
* the classic double-dummy search, :mod:`euchre_tutor.advisor.classic.dd` (``_ddcore``).

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

__all__ = ["PURE_PYTHON_VARIABLE", "backends", "choose", "describe", "load_core"]

PURE_PYTHON_VARIABLE: Final = "EUCHRE_TUTOR_PURE_PYTHON"


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

    ``Solitaire solver: compiled (C core)`` (or ``pure Python``), then the same for the
    classic double-dummy search:

    >>> [line.split(":")[0] for line in describe().splitlines()]
    ['Solitaire solver', 'classic double-dummy search']
    """
    from euchre_tutor.advisor.classic import dd
    from euchre_tutor.advisor.solitaire import solver

    def one(name: str, backend: str) -> str:
        return f"{name}: " + ("compiled (C core)" if backend == "compiled" else "pure Python")

    return f"{one('Solitaire solver', solver.BACKEND)}\n{one('classic double-dummy search', dd.BACKEND)}"
