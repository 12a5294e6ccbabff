"""Luck and skill: the parts of a hand add up to its points, hand by hand and summed; the sentences."""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.advisor.luck import (
    SWING_MIN,
    HandLuck,
    hand_luck,
    luck_sentence,
    lucky_swings,
    measured_baseline,
    swings,
    total,
)
from euchre_tutor.advisor.session import GradedDecision, SessionStats
from euchre_tutor.advisor.shared import GRADES
from euchre_tutor.games import bid, classic, solitaire


def parts(h: HandLuck) -> Fraction:
    return h.seat + h.deal + h.skill + h.rest


# ----------------------------------------------------------------- hand-built hands


@pytest.mark.parametrize(
    ("points", "expected", "baseline", "losses", "seat", "deal", "skill", "rest"),
    [
        # a march from a strong hand played perfectly: the deal and the rest did it all
        (2, 1.5, 0.25, [0, 0], 0.25, 1.25, 0, 0.5),
        # euchred after a mistake from an average hand: the decision cost 0.75, the rest the remainder
        (-2, 0.25, 0.25, [0, 0.75], 0.25, 0, -0.75, -1.5),
        # one point as expected: nothing but the seat's and the deal's value
        (1, 1, 0.5, [], 0.5, 0.5, 0, 0),
        # a bad hand that still scored after good play: luck in the rest
        (1, -0.5, 0, [0.125], 0, -0.5, -0.125, 1.625),
    ],
)
def test_hand_built_hands(
    points: int,
    expected: float,
    baseline: float,
    losses: list[float],
    seat: float,
    deal: float,
    skill: float,
    rest: float,
) -> None:
    h = hand_luck(3, points=points, expected=expected, baseline=baseline, losses=losses)
    assert (float(h.seat), float(h.deal), float(h.skill), float(h.rest)) == (seat, deal, skill, rest)
    assert parts(h) == points
    assert h.cards == points - h.skill  # the cards: everything the student did not decide


def test_unknown_expected_puts_the_deal_in_the_rest() -> None:
    h = hand_luck(1, points=2, expected=None, baseline=0.25, losses=[0.5])
    assert h.deal == 0
    assert h.rest == Fraction(2) - Fraction(1, 4) + Fraction(1, 2)
    assert parts(h) == 2


def test_a_negative_loss_is_refused() -> None:
    with pytest.raises(ValueError, match="never negative"):
        hand_luck(1, points=1, expected=0.5, baseline=0, losses=[-0.1])


def test_mistakes_are_counted_from_the_labels() -> None:
    h = hand_luck(
        4, points=-1, expected=0, baseline=0, losses=[0.3, 0.9, 0], labels=["Mistake", "Blunder", "Best"]
    )
    assert (h.decisions, h.mistakes) == (3, 2)


# ----------------------------------------------------------------- the property: the parts add up

losses_st = st.lists(st.floats(min_value=0, max_value=4, allow_nan=False), max_size=12)
inputs_st = st.tuples(
    st.integers(1, 50),
    st.integers(-4, 4),
    st.one_of(st.none(), st.floats(min_value=-4, max_value=4, allow_nan=False)),
    st.floats(min_value=-1, max_value=1, allow_nan=False),
    losses_st,
)


@settings(deadline=None, max_examples=300)
@given(st.lists(inputs_st, max_size=25))
def test_each_part_is_what_its_inputs_say_and_the_parts_add_up(
    inputs: list[tuple[int, int, float | None, float, list[float]]],
) -> None:
    hands = []
    for number, points, expected, baseline, losses in inputs:
        h = hand_luck(number, points=points, expected=expected, baseline=baseline, losses=losses)
        # each part from the inputs, as the module's contract states it (not from the other parts)
        assert h.seat == Fraction(baseline)
        assert h.deal == (0 if expected is None else Fraction(expected) - Fraction(baseline))
        assert h.skill == -sum(map(Fraction, losses), Fraction(0)) and h.skill <= 0
        assert h.rest == points - Fraction(baseline if expected is None else expected) + sum(
            map(Fraction, losses)
        )
        assert parts(h) == h.points == points  # exactly: the parts are Fractions
        hands.append(h)
    t = total(hands)
    assert t.points == sum(p for _, p, _, _, _ in inputs)
    assert t.skill == -sum((Fraction(x) for *_, ls in inputs for x in ls), Fraction(0))
    assert t.seat == sum((Fraction(b) for _, _, _, b, _ in inputs), Fraction(0))
    assert t.seat + t.deal + t.skill + t.rest == t.points
    assert t.cards + t.skill == t.points


@settings(deadline=None, max_examples=100)
@given(
    st.lists(
        st.tuples(
            st.lists(st.tuples(st.sampled_from(GRADES), st.floats(0, 3, allow_nan=False)), max_size=6),
            st.integers(-4, 4),
            st.one_of(st.none(), st.floats(-3, 3, allow_nan=False)),
            st.floats(-1, 1, allow_nan=False),
        ),
        max_size=12,
    )
)
def test_session_stats_luck_adds_up(
    deals: list[tuple[list[tuple[str, float]], int, float | None, float]],
) -> None:
    stats = SessionStats()
    for i, (decisions, points, best, baseline) in enumerate(deals):
        graded = [GradedDecision("x", label, 0.0 if label == "Best" else loss) for label, loss in decisions]
        stats.update_deal("classic", i, graded, points=points, best=best, baseline=baseline)
    luck = stats.luck("classic")
    assert len(luck) == len(deals)  # every deal has a result, so every one is split
    t = stats.luck_total("classic")
    assert t.points == sum(p for _, p, _, _ in deals)
    # each part from what was fed in, not from the others (the rest is the remainder by definition)
    assert float(t.seat) == pytest.approx(sum(b for *_, b in deals))
    assert float(t.deal) == pytest.approx(sum(best - b for _, _, best, b in deals if best is not None))
    assert -t.skill == pytest.approx(sum(loss for d, *_ in deals for label, loss in d if label != "Best"))
    assert t.seat + t.deal + t.skill + t.rest == t.points


def test_unfinished_deals_have_no_luck() -> None:
    stats = SessionStats()
    stats.update_deal("classic", 1, [GradedDecision("pass", "Best", 0.0)], best=0.4)
    assert stats.luck() == []


# ----------------------------------------------------------------- sentences


def hands_for(*specs: tuple[int, float, list[tuple[str, float]]]) -> list[HandLuck]:
    return [
        hand_luck(
            n + 1,
            points=p,
            expected=e,
            baseline=0,
            losses=[loss for _, loss in graded],
            labels=[label for label, _ in graded],
        )
        for n, (p, e, graded) in enumerate(specs)
    ]


def test_the_issue_sentence() -> None:
    hands = hands_for(
        (1, 0.8, [("Best", 0.0)]),
        (-2, -0.5, [("Good", 0.1)]),
        (1, 0.3, []),
        (-2, 0.0, [("Mistake", 0.5)]),
        (-1, -1.2, []),
    )
    t = total(hands)
    assert float(t.points) == -3 and float(t.skill) == -0.6
    assert luck_sentence(t) == (
        "You lost 3 points this match: the cards cost you 2.4, your decisions 0.6 (one mistake, hand 4)."
    )


def test_sentences_for_luck_that_helped_and_for_no_decision() -> None:
    good = total(
        hands_for((2, 1.5, [("Best", 0.0)]), (2, 1.0, [("Blunder", 1.0)]), (1, 0.5, [("Mistake", 0.5)]))
    )
    assert luck_sentence(good, "session") == (
        "You won 5 points this session: the cards gave you 6.5, your decisions cost you 1.5 "
        "(two mistakes, hands 2, 3)."
    )
    none = total(hands_for((1, 0.2, [])))
    assert (
        luck_sentence(none, "hand")
        == "You won 1 point this hand: the cards gave you 1; you had no decision to grade."
    )
    even = total(hands_for((0, 0.0, [("Best", 0.0)])))
    assert luck_sentence(even, "hand") == (
        "You came out even this hand: the cards made no difference, your decisions cost you nothing."
    )


# ----------------------------------------------------------------- the shipped baselines


@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
def test_the_shipped_classic_baselines_have_every_seat_with_its_sample(level: str) -> None:
    found = resources.files(classic) / classic.LUCK_BASELINE.format(
        level=level
    )  # a file of the game's package
    data = json.loads(found.read_text())
    assert data["measured_by"] == f"benchmarks/classic_luck_baseline.py --level {level}"
    for rel in range(4):
        entry = data["seats"][str(rel)]
        assert entry["n"] >= 100 and entry["half_width_95"] > 0
        assert measured_baseline(found, rel) == Fraction(str(entry["mean"]))
        assert measured_baseline(found, rel + 4) == measured_baseline(found, rel)  # counted round the table
    # no measured baseline at another table (six players)
    assert measured_baseline(found, 1, measured=False) == 0


def test_the_shipped_bid_baseline_has_every_seat_and_only_the_default_rules_use_it() -> None:
    data = json.loads(bid.LUCK_BASELINE.read_text())
    assert data["measured_by"] == "benchmarks/bid_luck_baseline.py"
    for rel in range(4):
        entry = data["seats"][str(rel)]
        assert entry["n"] >= 100 and entry["half_width_95"] > 0
        assert measured_baseline(bid.LUCK_BASELINE, rel) == Fraction(str(entry["mean"]))
        assert measured_baseline(bid.LUCK_BASELINE, rel + 4) == measured_baseline(bid.LUCK_BASELINE, rel)
        assert measured_baseline(bid.LUCK_BASELINE, rel, measured=False) == 0  # other rules: none measured


def test_the_shipped_solitaire_baseline() -> None:
    data = json.loads(solitaire.LUCK_BASELINE.read_text())
    assert data["n"] >= 100 and data["half_width_95"] > 0
    assert measured_baseline(solitaire.LUCK_BASELINE) == Fraction(str(data["mean"]))
    assert -4 < measured_baseline(solitaire.LUCK_BASELINE) < 4


def test_a_game_with_no_measured_baseline_has_none_and_a_seated_file_needs_the_seat() -> None:
    assert measured_baseline(None, 2) == 0
    with pytest.raises(ValueError, match="seat counted from the dealer"):
        measured_baseline(resources.files(classic) / classic.LUCK_BASELINE.format(level="club"))


# ----------------------------------------------------------------- swings: the rest, decision by decision


def test_swings_of_a_hand_built_hand() -> None:
    # order up worth +1.0 (best), a card worth +1.5 after partner's lead (played best), euchred: -2
    found = swings([1.0, 1.5], [0, 0], points=-2)
    assert [s.amount for s in found] == [Fraction(1, 2), Fraction(-7, 2)]
    assert [(s.left, s.after, s.last) for s in found] == [
        (1, Fraction(3, 2), False),
        (Fraction(3, 2), -2, True),
    ]
    assert lucky_swings(found) == (0, 1)
    assert found[1].words == (
        "unlucky: what you could expect fell from +1.50 to −2.00 points (−3.5) by the end of the hand"
    )
    # a loss is taken off what the decision left: a mistake is not bad luck
    (after_mistake,) = swings([1.0], [0.75], points=0)
    assert after_mistake.left == Fraction(1, 4) and after_mistake.amount == Fraction(-1, 4)


def test_small_swings_are_not_marked_and_ties_go_to_the_earlier() -> None:
    assert lucky_swings(swings([0, 0.25], [0, 0], points=0.5)) == (None, None)  # 0.25 each: routine
    assert lucky_swings(swings([0, 1, 2], [0, 0, 0], points=1)) == (0, 2)  # +1, +1, -1: the first +1
    assert lucky_swings([]) == (None, None)
    assert swings([], [], points=2) == []  # no decision of the student's: nothing to divide the luck by
    assert lucky_swings(swings([0], [0], points=SWING_MIN)) == (0, None)  # exactly the least: marked


def test_swings_refuse_what_cannot_be() -> None:
    with pytest.raises(ValueError, match="one value per graded decision"):
        swings([1.0], [], points=1)
    with pytest.raises(ValueError, match="never negative"):
        swings([1.0], [-0.1], points=1)


@settings(deadline=None, max_examples=300)
@given(
    st.lists(
        st.tuples(st.floats(-4, 4, allow_nan=False), st.floats(0, 4, allow_nan=False)),
        min_size=1,
        max_size=12,
    ),
    st.integers(-4, 4),
    st.floats(-1, 1, allow_nan=False),
)
def test_swings_add_up_to_the_rest_exactly(
    decisions: list[tuple[float, float]], points: int, baseline: float
) -> None:
    values = [v for v, _ in decisions]
    losses = [x for _, x in decisions]
    h = hand_luck(1, points=points, expected=values[0], baseline=baseline, losses=losses)
    found = swings(values, losses, points=points)
    assert sum((s.amount for s in found), Fraction(0)) == h.rest
    assert h.seat + h.deal + h.skill + sum(s.amount for s in found) == points
    assert found[-1].after == points and all(not s.last for s in found[:-1]) and found[-1].last
    lucky, unlucky = lucky_swings(found)
    if lucky is not None:
        assert found[lucky].amount >= SWING_MIN and found[lucky].amount == max(s.amount for s in found)
    if unlucky is not None:
        assert found[unlucky].amount <= -SWING_MIN and found[unlucky].amount == min(s.amount for s in found)
