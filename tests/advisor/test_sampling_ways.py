"""Recording deals played out one way (the bids' play-outs' usual case) gives the figures that the
general weighted sum over ways gives, to the last bit."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.advisor.sampling import Outcome, Tally, record_ways, side_value
from euchre_tutor.tricks.seating import Seat

TEAMS = (Seat.N.team, Seat.E.team)

outcomes = st.builds(
    Outcome,
    makers=st.sampled_from((*TEAMS, None)),
    tricks=st.integers(0, 5),
    points=st.tuples(st.integers(0, 4), st.integers(0, 4)),
    made=st.booleans(),
    euchred=st.booleans(),
    march=st.booleans(),
    hand_tricks=st.just(5),
)


@settings(deadline=None, max_examples=200)
@given(
    outs=st.lists(outcomes, min_size=1, max_size=30),
    weight=st.sampled_from((1.0, 0.75, 0.4)),
    mine=st.sampled_from(TEAMS),
    scored=st.booleans(),
)
def test_one_way_is_the_weighted_sum_of_its_terms(
    outs: list[Outcome], weight: float, mine: object, scored: bool
) -> None:
    def chance(points: tuple[int, ...]) -> float:
        return (points[0] + 1) / (points[0] + points[1] + 3)

    win = chance if scored else None
    one, summed = Tally("a"), Tally("a")
    record_ways(one, [(weight, outs)], mine, win)  # type: ignore[arg-type]
    # a second way of weight 0 adds 0.0 to every sum: the general path, with the same figures
    record_ways(summed, [(weight, outs), (0.0, outs)], mine, win)  # type: ignore[arg-type]
    assert one == summed
    assert list(one.values) == [
        weight * (o.points[TEAMS.index(mine)] - o.points[1 - TEAMS.index(mine)])
        for o in outs  # type: ignore[arg-type]
    ]


@settings(deadline=None, max_examples=200)
@given(
    pairs=st.lists(st.tuples(outcomes, outcomes), min_size=1, max_size=30),
    weight=st.sampled_from((0.7, 0.3, 0.5)),
    mine=st.sampled_from(TEAMS),
    scored=st.booleans(),
)
def test_several_ways_record_each_deal_as_record_does(
    pairs: list[tuple[Outcome, Outcome]], weight: float, mine: object, scored: bool
) -> None:
    """Two ways blended (the rollout's and the open hands'): each deal recorded as :meth:`Tally.record`
    records the weighted sums of its ways' figures, whatever repeats among the deals."""

    def chance(points: tuple[int, ...]) -> float:
        return (points[0] + 1) / (points[0] + points[1] + 3)

    win = chance if scored else None
    first = [a for a, _ in pairs]
    second = [replace(b, makers=a.makers) for a, b in pairs]  # the bidding, so the makers, are one
    got, want = Tally("a"), Tally("a")
    record_ways(got, [(weight, first), (1 - weight, second)], mine, win)  # type: ignore[arg-type]
    for a, b in zip(first, second, strict=True):
        ways = ((weight, a), (1 - weight, b))
        want.record(
            a.makers,
            sum(w * side_value(o.points, mine) for w, o in ways),  # type: ignore[arg-type]
            sum(w * chance(o.points) for w, o in ways) if scored else None,
            sum(w * o.made for w, o in ways),
            sum(w * o.euchred for w, o in ways),
            sum(w * o.march for w, o in ways),
            mine,  # type: ignore[arg-type]
            sum(w * o.side_tricks(mine) for w, o in ways),  # type: ignore[arg-type]
        )
    assert got == want
