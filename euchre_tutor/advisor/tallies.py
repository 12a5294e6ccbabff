"""A tally's loops over a batch of deals, compiled and twinned: the sums the sampling advisor keeps per
option (:class:`~euchre_tutor.advisor.sampling.Tally`) gone on over a whole batch in one call.

* :func:`tally_marks`: one card's deals valued in bands by the double-dummy search
  (:func:`~euchre_tutor.advisor.trickdd.card_bands_compiled`'s rows), each averaged over its swaps of
  the hidden hands;
* :func:`tally_keys`: deals each given by a key into a table of the few ways a batch ends (a bid's
  play-outs);
* :func:`paired_extend`: two options' running paired difference.

The compiled loops live in the search's core (``_trickdd``, listed in :mod:`~euchre_tutor.advisor.cores`);
each twin here does the same floating-point operations in the same order, so every seeded hint and grade
is the same to the last bit whichever serves (the cores are built without fused multiply-adds; tests
compare both with :meth:`~euchre_tutor.advisor.sampling.Tally.record` deal by deal).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Any, Final

from euchre_tutor.advisor.cores import load_core

__all__ = ["COMPILED", "End", "KeyEnd", "Running", "paired_extend", "tally_keys", "tally_marks"]

_core: Any = load_core("euchre_tutor.advisor._trickdd")

COMPILED: Final[bool] = _core is not None
"""Whether the compiled loops serve (the search's core was built, and pure Python was not asked for)."""


End = tuple[float, float, bool, bool]
"""What a count of tricks at the end of the hand means to a side: its value, its chance of winning the
match (0.0 without a match score), and whether the makers were euchred and whether they marched."""

Running = tuple[float, int, float, float, float, float, float, float, int]
"""A tally's running figures: the sum of its deals' values, their count, mean and sum of squared
deviations (Welford's), the sums of the shares made, euchred and marched, of the side's tricks, and
the count of the deals thrown in."""

KeyEnd = tuple[int, float, float | None, float, float, float, float]
"""One end of a deal as a tally records it: its kind (0 thrown in, 1 the side made trump, 2 the
others did), value, chance of winning the match (None without a match score), made, euchred and
march shares, and the side's tricks."""


def tally_marks(
    rows: Sequence[tuple[int, ...]],
    orbits: Sequence[Sequence[tuple[object, float]]],
    column: int,
    ends: Sequence[End],
    with_win: bool,
    running: Running,
    *,
    compiled: bool,
) -> tuple[Running, bytes, bytes]:
    """One card's figures over a batch of deals valued in bands (:func:`card_bands_compiled`'s rows):
    deal ``i`` is ``orbits[i]``, its swaps' (hands, share) pairs, whose rows come next in ``rows``; a
    swap's end is ``ends[row[column]]``. Per deal, its value, chance and made, euchred and march shares
    are the sums of its swaps' shares times their ends', in order; ``running`` goes on over the deals
    as :meth:`~euchre_tutor.advisor.sampling.Tally.record` adds them. Returns the new running figures
    and the deals' values and chances (with ``with_win``; else empty) as native doubles (the tricks and
    the deals thrown in are left as they were: the makers' tricks are not the side's). The compiled
    core and this loop do the same floating-point operations in the same order."""
    if compiled:
        out: tuple[Running, bytes, bytes] = _core.tally_marks(rows, orbits, column, ends, with_win, running)
        return out
    if len(rows) != sum(len(orbit) for orbit in orbits):
        raise ValueError("tally_marks: one row per swap of every orbit")

    def deals() -> Iterable[KeyEnd]:
        k = 0
        for orbit in orbits:
            value = win = made = euchred = march = 0.0
            for _, share in orbit:
                side, chance, gone, swept = ends[rows[k][column]]
                k += 1
                value += share * side
                win += share * chance
                if gone:
                    euchred += share
                else:
                    made += share
                if swept:
                    march += share
            yield (1, value, win, made, euchred, march, 0.0)

    figures, values, wins, _ = _go_on(running, deals(), with_win)
    return figures, values, wins


def tally_keys(
    keys: Sequence[int],
    table: Sequence[KeyEnd | None],
    with_win: bool,
    running: Running,
    *,
    compiled: bool,
) -> tuple[Running, bytes, bytes, int]:
    """A tally's figures over a batch of deals each given by its ``key`` into ``table`` (the few ends a
    batch has; None where no deal ends): ``running`` goes on over the deals in order as
    :meth:`~euchre_tutor.advisor.sampling.Tally.record` adds them. Returns the new running figures, the
    deals' values and chances (with ``with_win``; else empty) as native doubles, and which sides made
    trump (1 the side, 2 the others: a mask). The compiled core and this loop do the same
    floating-point operations in the same order."""
    if compiled:
        out: tuple[Running, bytes, bytes, int] = _core.tally_keys(keys, table, with_win, running)
        return out

    def deals() -> Iterable[KeyEnd]:
        for key in keys:
            end = table[key] if 0 <= key < len(table) else None
            if end is None:
                raise ValueError("tally_keys: a key with no entry in the table")
            yield end

    return _go_on(running, deals(), with_win)


def _go_on(running: Running, deals: Iterable[KeyEnd], with_win: bool) -> tuple[Running, bytes, bytes, int]:
    """The twins' loop: ``running`` gone on over the ``deals``' ends in order, as
    :meth:`~euchre_tutor.advisor.sampling.Tally.record` adds them (see :func:`tally_keys`)."""
    total, n, mean, m2, made, euchred, march, tricks, passed = running
    values, wins = array("d"), array("d")
    sides = 0
    for kind, value, win, e_made, e_euchred, e_march, e_tricks in deals:
        if kind == 0:
            passed += 1
        else:
            sides |= kind
            tricks += e_tricks
        values.append(value)
        total += value
        n += 1  # Welford, as sampling.Spread.add
        delta = value - mean
        mean += delta / n
        m2 += delta * (value - mean)
        made += e_made
        euchred += e_euchred
        march += e_march
        if with_win:
            assert win is not None
            wins.append(win)
    return (total, n, mean, m2, made, euchred, march, tricks, passed), values.tobytes(), wins.tobytes(), sides


def paired_extend(
    best: Sequence[float], other: Sequence[float], running: tuple[float, int, float, float], *, compiled: bool
) -> tuple[tuple[float, int, float, float], int]:
    """Two options' running difference (its sum, and the count, mean and squared deviations' sum of the
    differences: Welford's) gone on over the deals ``best`` and ``other`` both have from the count on,
    and how many deals both have. The compiled core reads arrays of doubles (``array("d")``); it and
    this loop do the same floating-point operations in the same order."""
    if compiled:
        out: tuple[tuple[float, int, float, float], int] = _core.paired_extend(best, other, running)
        return out
    total, n, mean, m2 = running
    stop = min(len(best), len(other))
    for i in range(n, stop):
        d = best[i] - other[i]
        total += d
        n += 1  # Welford, as sampling.Spread.add
        delta = d - mean
        mean += delta / n
        m2 += delta * (d - mean)
    return (total, n, mean, m2), stop
