"""The trump decision on several cores: each trump suit's options in a process of its own.

The options of different trump suits share no solver states (the trump suit is
part of every state), so they split cleanly: a pool of worker processes takes
one trump suit at a time (its plain option, then its alone option, which
reuses the plain one's states), each worker with its own :class:`Solver`. The
values are the same Fractions as a solve in one process; only the wall time
changes (about 1.6x faster on two idle cores).

Workers are forked, so they start at once and need nothing pickled but the
position; that is safe on Linux only, so elsewhere (and with ``jobs=1``, or in
a daemonic process such as the dashboard's analysis worker, which keeps one
warm solver for the whole deal instead) the pool solves in the calling process.

>>> from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal
>>> deal = SolitaireDeal.from_seed(7)
>>> with TrumpPool(jobs=2) as pool:
...     values = pool.solve(deal.hand, deal.turn, deal.stock, choices_and_objectives(deal.turn))
>>> len(values)
8
"""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from types import TracebackType
from typing import Any

from euchre_tutor.cards import Card, Suit
from euchre_tutor.games.solitaire.advisor.positions import TrumpChoice, trump_choices, trump_knowledge
from euchre_tutor.games.solitaire.advisor.solver import Objective, Outcome, Solver
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp

__all__ = ["TrumpPool", "available_jobs", "choices_and_objectives"]

#: the choices of one trump suit (plain, then alone) and their objectives
Group = tuple[tuple[TrumpChoice, Objective], ...]

_worker_solver: Solver | None = None


def available_jobs() -> int:
    """Cores this process may use (1 where forking worker processes is not safe or not allowed)."""
    if sys.platform != "linux" or mp.current_process().daemon:  # a daemonic process may not have children
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - every Linux has it
        return max(1, os.cpu_count() or 1)


def choices_and_objectives(
    turn: Card, allow_name_turned: bool = False
) -> tuple[tuple[TrumpChoice, Objective], ...]:
    """Every trump option with the points objective (plain or alone)."""
    return tuple((c, Objective.points(c.alone)) for c in trump_choices(turn, allow_name_turned))


def _groups(turn: Card, items: Iterable[tuple[TrumpChoice, Objective]]) -> list[Group]:
    """The options grouped by trump suit, plain before alone; named suits (the costly ones) first."""
    by_key: dict[tuple[bool, Suit], list[tuple[TrumpChoice, Objective]]] = {}
    for choice, objective in items:
        ordered = isinstance(choice, OrderUp)
        suit = choice.suit if isinstance(choice, NameTrump) else turn.suit
        assert suit is not None
        by_key.setdefault((ordered, suit), []).append((choice, objective))
    keys = sorted(by_key, key=lambda key: (key[0], key[1].index))
    groups = [tuple(sorted(by_key[key], key=lambda item: item[0].alone)) for key in keys]
    return groups


def _solve_group(
    hand: tuple[Card, ...], turn: Card, unseen: frozenset[Card], group: Group, solver: Solver
) -> list[tuple[TrumpChoice, Outcome]]:
    return [
        (choice, solver.position_value(trump_knowledge(hand, turn, unseen, choice), objective))
        for choice, objective in group
    ]


def _worker_solve(
    args: tuple[tuple[Card, ...], Card, frozenset[Card], Group],
) -> list[tuple[TrumpChoice, Outcome]]:
    global _worker_solver
    if _worker_solver is None:
        _worker_solver = Solver()
    return _solve_group(*args, _worker_solver)


class TrumpPool:
    """Solves a trump decision's options on ``jobs`` processes (default: every usable core).

    Use it as a context manager, or call :meth:`close`. One pool can solve many
    decisions (a batch): its workers keep their solvers, whose memory stays
    bounded by :attr:`Solver.max_states`.
    """

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = max(1, min(jobs or available_jobs(), available_jobs()))
        self._pool: Any = None
        self._solver: Solver | None = None

    def __enter__(self) -> TrumpPool:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def solve(
        self,
        hand: Sequence[Card],
        turn: Card,
        unseen: Iterable[Card],
        items: Iterable[tuple[TrumpChoice, Objective]],
        progress: Callable[[int, int], None] | None = None,
        solver: Solver | None = None,
    ) -> dict[TrumpChoice, Outcome]:
        """The value of each ``(choice, objective)``; ``progress(done, total)`` after each option.

        ``solver`` is used when the options are solved in this process (one job).
        """
        hand_t, unseen_f = tuple(hand), frozenset(unseen)
        items = tuple(items)
        groups = _groups(turn, items)
        total = len(items)
        out: dict[TrumpChoice, Outcome] = {}
        if self.jobs == 1 or len(groups) == 1:
            solver = solver or self._solver or Solver()
            self._solver = solver
            for group in groups:
                for choice, outcome in _solve_group(hand_t, turn, unseen_f, group, solver):
                    out[choice] = outcome
                    if progress is not None:
                        progress(len(out), total)
            return out
        if self._pool is None:
            self._pool = mp.get_context("fork").Pool(min(self.jobs, len(groups)))
        tasks = [(hand_t, turn, unseen_f, g) for g in groups]
        for results in self._pool.imap_unordered(_worker_solve, tasks):
            for choice, outcome in results:
                out[choice] = outcome
            if progress is not None:
                progress(len(out), total)
        return out
