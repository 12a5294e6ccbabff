"""A card's tally from a batch of banded deals (:func:`tallies.tally_marks`): every backend records the
deals to the last bit as :meth:`Tally.record` records them one by one, and the compiled entry refuses
what it cannot read."""

from __future__ import annotations

import importlib
from array import array
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.advisor import tallies, trickdd
from euchre_tutor.advisor.sampling import KeyedOutcomes, Outcome, Paired, Tally, record_ways
from euchre_tutor.tricks.seating import Seat

US, THEM = Seat.N.team, Seat.E.team

ends_strategy = st.lists(
    st.tuples(
        st.floats(-4, 4, allow_nan=False),
        st.floats(0, 1, allow_nan=False),
        st.booleans(),
        st.booleans(),
    ),
    min_size=1,
    max_size=6,
)
shares_strategy = st.sampled_from((1.0, 0.5, 1 / 3, 0.1, 0.7, 1e-9, 0.123456789))


@st.composite
def batches(draw: Any) -> tuple[list[tuple[int, ...]], list[list[tuple[object, float]]], int, list[Any]]:
    ends = draw(ends_strategy)
    width = draw(st.integers(1, 5))
    orbits = draw(st.lists(st.lists(shares_strategy, min_size=1, max_size=6), min_size=1, max_size=12))
    rows = [
        tuple(draw(st.integers(0, len(ends) - 1)) for _ in range(width)) for orbit in orbits for _ in orbit
    ]
    column = draw(st.integers(0, width - 1))
    return rows, [[((k,), s) for k, s in enumerate(o)] for o in orbits], column, ends


def recorded_one_by_one(
    tally: Tally[str],
    rows: list[tuple[int, ...]],
    orbits: list[list[tuple[object, float]]],
    column: int,
    ends: list[Any],
    scored: bool,
) -> None:
    """The reference: each deal's figures summed over its swaps, then :meth:`Tally.record`."""
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
        tally.record(US, value, win if scored else None, made, euchred, march, US)


@settings(deadline=None, max_examples=300)
@given(batch=batches(), scored=st.booleans(), before=st.integers(0, 3))
def test_every_backend_records_a_batch_as_record_does(batch: Any, scored: bool, before: int) -> None:
    rows, orbits, column, ends = batch
    reference = Tally("a")
    for i in range(before):  # a tally that already holds deals goes on from its running figures
        reference.record(US, 0.25 * i - 0.3, 0.5 if scored else None, 1.0, 0.0, float(i % 2), US)
    recorded_one_by_one(reference, rows, orbits, column, ends, scored)
    for backend in trickdd.BACKENDS:
        tally = Tally("a")
        for i in range(before):
            tally.record(US, 0.25 * i - 0.3, 0.5 if scored else None, 1.0, 0.0, float(i % 2), US)
        running, values, wins = tallies.tally_marks(
            rows, orbits, column, ends, scored, tally.running, compiled=backend == "compiled"
        )
        tally.absorb(running, values, wins, 1)
        assert tally == reference, backend
        assert list(tally.values) == list(reference.values)  # the same bits: equal floats, in order


def test_a_tally_of_the_other_side_s_making_says_so() -> None:
    tally = Tally("a")
    running, values, wins = tallies.tally_marks(
        [(0,), (1,)],
        [[((), 0.5), ((), 0.5)]],
        0,
        [(1.0, 0.0, False, False), (-2.0, 0.0, True, False)],
        False,
        tally.running,
        compiled=False,
    )
    tally.absorb(running, values, wins, 2)
    assert tally.sides == {False} and list(tally.values) == [-0.5] and tally.euchred == 0.5
    assert array("d", wins).tolist() == [] and tally.spread.n == 1


def test_the_twin_refuses_rows_that_do_not_match_the_swaps() -> None:
    with pytest.raises(ValueError, match="one row per swap"):
        tallies.tally_marks(
            [(0,)],
            [[((), 0.5), ((), 0.5)]],
            0,
            [(1.0, 0.0, False, False)],
            False,
            Tally("a").running,
            compiled=False,
        )


@pytest.mark.skipif("compiled" not in trickdd.BACKENDS, reason="the compiled core's own checks")
def test_the_compiled_tally_refuses_what_it_cannot_read() -> None:
    core = importlib.import_module("euchre_tutor.advisor._trickdd")
    ends, start = [(1.0, 0.0, False, False), (0.0, 0.0, True, False)], Tally("a").running
    pair = [[((), 0.5), ((), 0.5)]]
    with pytest.raises(ValueError, match="one row per swap"):
        core.tally_marks([(0,)], pair, 0, ends, False, start)
    with pytest.raises(ValueError, match="one row per swap"):
        core.tally_marks([(0,), (1,), (1,)], pair, 0, ends, False, start)
    with pytest.raises(ValueError, match="each with the column"):
        core.tally_marks([(0,), (1,)], pair, 1, ends, False, start)
    with pytest.raises(ValueError, match="no end"):
        core.tally_marks([(0,), (2,)], pair, 0, ends, False, start)
    with pytest.raises(ValueError, match="no end"):
        core.tally_marks([(0,), (-1,)], pair, 0, ends, False, start)
    with pytest.raises(ValueError, match="side, chance"):
        core.tally_marks([(0,), (1,)], pair, 0, [(1.0, 0.0)], False, start)
    with pytest.raises(ValueError, match="hands, share"):
        core.tally_marks([(0,), (1,)], [[0.5, 0.5]], 0, ends, False, start)
    with pytest.raises(TypeError):
        core.tally_marks([(0,), (1,)], pair, 0, ends, False, (0.0, 0))
    running, values, wins = core.tally_marks([(0,), (1,)], pair, 0, ends, True, start)
    assert running == (0.5, 1, 0.5, 0.0, 0.5, 0.5, 0.0, 0.0, 0)
    assert array("d", values).tolist() == [0.5] and array("d", wins).tolist() == [0.0]


ends_of_deals = st.lists(
    st.one_of(
        st.none(),
        st.builds(
            lambda kind, value, win, made, tricks: (kind, value, win, made, 1.0 - made, made * 0.5, tricks),
            st.integers(0, 2),
            st.floats(-4, 4, allow_nan=False),
            st.floats(0, 1, allow_nan=False),
            st.sampled_from((0.0, 1.0, 0.25)),
            st.sampled_from((0.0, 1.0, 3.0, 2.5)),
        ),
    ),
    min_size=1,
    max_size=8,
)


@settings(deadline=None, max_examples=300)
@given(table=ends_of_deals, data=st.data(), scored=st.booleans())
def test_every_backend_records_keyed_deals_as_record_does(table: list[Any], data: Any, scored: bool) -> None:
    """:func:`tallies.tally_keys`: each deal's end read from the table, recorded as :meth:`Tally.record`
    records it (the makers: None thrown in, the side, the others)."""
    present = [k for k, e in enumerate(table) if e is not None]
    if not present:
        table[0] = (1, 0.5, 0.5, 1.0, 0.0, 0.0, 3.0)
        present = [0]
    keys = data.draw(st.lists(st.sampled_from(present), min_size=1, max_size=40))
    if not scored:
        table = [None if e is None else (*e[:2], None, *e[3:]) for e in table]
    reference = Tally("a")
    reference.record(US, 0.3, 0.5 if scored else None, 1.0, 0.0, 0.0, US, 2.0)
    for key in keys:
        kind, value, win, made, euchred, march, tricks = table[key]
        makers = None if kind == 0 else US if kind == 1 else THEM
        reference.record(makers, value, win, made, euchred, march, US, tricks)
    for backend in trickdd.BACKENDS:
        tally = Tally("a")
        tally.record(US, 0.3, 0.5 if scored else None, 1.0, 0.0, 0.0, US, 2.0)
        start = tally.running
        running, values, wins, sides = tallies.tally_keys(
            keys, table, scored, start, compiled=backend == "compiled"
        )
        assert (running[:4], running[4:]) == (
            (reference.total, reference.spread.n, reference.spread.mean, reference.spread.m2),
            (reference.made, reference.euchred, reference.march, reference.tricks, reference.passed),
        ), backend
        assert array("d", values).tolist() == list(reference.values)[1:]
        assert array("d", wins).tolist() == list(reference.wins)[1:]
        assert {bit for bit in (1, 2) if sides & bit} == {table[k][0] for k in keys} - {0}


def test_the_keyed_outcomes_read_and_record_as_their_list() -> None:
    """A batch's deals as keys into a table of outcomes read, compare and record as the list."""
    made = Outcome(US, 4, (1, 0), True, False, False, 5)
    euchred = Outcome(THEM, 2, (2, 0), False, True, False, 5)
    thrown = Outcome(None, 0, (0, 0), False, False, False, 5)
    table = [made, None, euchred, thrown]
    keys = [0, 2, 2, 3, 0, 0]
    keyed = KeyedOutcomes(keys, table)
    listed = [table[k] for k in keys]
    assert keyed == listed and len(keyed) == 6 and keyed[1:3] == listed[1:3] and keyed[-1] is made
    for win in (None, lambda points: (points[0] + 1) / (sum(points) + 2)):
        fast, slow = Tally("a"), Tally("a")
        record_ways(fast, [(1.0, keyed)], US, win)
        record_ways(slow, [(1.0, listed)], US, win)
        assert fast == slow and list(fast.values) == list(slow.values) and fast.passed == 1


@pytest.mark.skipif("compiled" not in trickdd.BACKENDS, reason="the compiled core's own checks")
def test_the_compiled_keyed_tally_refuses_what_it_cannot_read() -> None:
    core = importlib.import_module("euchre_tutor.advisor._trickdd")
    end = (1, 0.5, None, 1.0, 0.0, 0.0, 3.0)
    start = (0.0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)
    with pytest.raises(ValueError, match="no entry"):
        core.tally_keys([1], [end, None], False, start)
    with pytest.raises(ValueError, match="no entry"):
        core.tally_keys([2], [end, None], False, start)
    with pytest.raises(ValueError, match="no entry"):
        core.tally_keys([-1], [end], False, start)
    with pytest.raises(ValueError, match="kind, value"):
        core.tally_keys([0], [(1, 0.5)], False, start)
    with pytest.raises(ValueError, match="0 \\(thrown in\\)"):
        core.tally_keys([0], [(3, *end[1:])], False, start)
    with pytest.raises(ValueError, match="chance is given"):
        core.tally_keys([0], [end], True, start)
    with pytest.raises(TypeError):
        core.tally_keys([0], [end], False, start[:-1])
    running, values, wins, sides = core.tally_keys([0, 0], [end], False, start)
    assert running == (1.0, 2, 0.5, 0.0, 2.0, 0.0, 0.0, 6.0, 0) and sides == 1 and wins == b""
    assert array("d", values).tolist() == [0.5, 0.5]


@settings(deadline=None, max_examples=200)
@given(
    best=st.lists(st.floats(-4, 4, allow_nan=False), max_size=40),
    other=st.lists(st.floats(-4, 4, allow_nan=False), max_size=40),
    cut=st.integers(0, 45),
)
def test_every_backend_goes_on_with_a_paired_difference_as_spread_add_does(
    best: list[float], other: list[float], cut: int
) -> None:
    """:func:`tallies.paired_extend` from any count on: the differences added one by one as
    :meth:`Spread.add` adds them, and how many deals both options have."""
    start = min(cut, len(best), len(other))
    reference = Paired()
    for b, o in zip(best[:start], other[:start], strict=False):
        reference.total += b - o
        reference.spread.add(b - o)
    running = (reference.total, reference.spread.n, reference.spread.mean, reference.spread.m2)
    for b, o in zip(best[start:], other[start:], strict=False):
        reference.total += b - o
        reference.spread.add(b - o)
    want = (reference.total, reference.spread.n, reference.spread.mean, reference.spread.m2)
    for backend in trickdd.BACKENDS:
        got = tallies.paired_extend(
            array("d", best), array("d", other), running, compiled=backend == "compiled"
        )
        assert got == (want, min(len(best), len(other))), backend


@pytest.mark.skipif("compiled" not in trickdd.BACKENDS, reason="the compiled core's own checks")
def test_the_compiled_paired_difference_reads_only_arrays_of_doubles() -> None:
    core = importlib.import_module("euchre_tutor.advisor._trickdd")
    start = (0.0, 0, 0.0, 0.0)
    with pytest.raises(ValueError, match="arrays of doubles"):
        core.paired_extend(array("f", [1.0]), array("d", [0.0]), start)
    with pytest.raises(ValueError, match="counted from 0"):
        core.paired_extend(array("d", [1.0]), array("d", [0.0]), (0.0, -1, 0.0, 0.0))
    with pytest.raises(TypeError):
        core.paired_extend([1.0], array("d", [0.0]), start)
    assert core.paired_extend(array("d", [1.0, 3.0]), array("d", [0.0]), start) == ((1.0, 1, 1.0, 0.0), 1)


@settings(deadline=None, max_examples=100)
@given(
    first=st.lists(st.integers(0, 3), min_size=1, max_size=30),
    data=st.data(),
    weight=st.sampled_from((0.3, 0.5, 0.75)),
    scored=st.booleans(),
)
def test_deals_played_two_ways_record_alike_keyed_or_listed(
    first: list[int], data: Any, weight: float, scored: bool
) -> None:
    """Two ways of playing a batch out, each as keys into its ends: recorded as the same outcomes
    listed deal by deal are (the makers are the same in both ways of a deal)."""
    makers = [US, THEM, None, US]
    table: list[Outcome | None] = [
        Outcome(US, 4, (1, 0), True, False, False, 5),
        Outcome(THEM, 3, (0, 1), True, False, False, 5),
        Outcome(None, 0, (0, 0), False, False, False, 5),
        Outcome(US, 2, (0, 2), False, True, False, 5),
        None,
    ]
    other: list[Outcome | None] = [
        Outcome(US, 5, (2, 0), True, False, True, 5),
        Outcome(THEM, 1, (2, 0), False, True, False, 5),
        Outcome(None, 0, (0, 0), False, False, False, 5),
        Outcome(US, 3, (1, 0), True, False, False, 5),
        None,
    ]
    second = [
        data.draw(st.sampled_from([k for k in range(4) if other[k].makers is makers[a]])) for a in first
    ]  # type: ignore[union-attr]

    def win(points: tuple[int, ...]) -> float:
        return (points[0] + 1) / (sum(points) + 2)

    chance = win if scored else None
    fast, slow = Tally("a"), Tally("a")
    record_ways(
        fast, [(1 - weight, KeyedOutcomes(first, table)), (weight, KeyedOutcomes(second, other))], US, chance
    )
    record_ways(
        slow,
        [(1 - weight, [table[k] for k in first]), (weight, [other[k] for k in second])],  # type: ignore[misc]
        US,
        chance,
    )
    assert fast == slow and list(fast.values) == list(slow.values) and list(fast.wins) == list(slow.wins)
