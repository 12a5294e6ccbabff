"""Luck and skill: what the cards gave a student and what the student's decisions cost, hand by hand.

A hand's result (the points the student's side scored minus the other side's) splits into four
parts, every one in the same units and with the same sign: **positive helped the student, negative
cost them**.

* ``seat``: the average value of the student's seat at its first decision (a baseline measured over
  many deals, :func:`measured_baseline`, from the file the game's package names: by seat counted from the
  dealer, or one figure for a game of one seat). Over a match the seats rotate, so this part evens out.
* ``deal``: the deal's luck, the advisor's value of the student's position at their first decision
  (the best option's expected points, ``expected``) minus the seat's baseline.
* ``skill``: minus the sum of the student's decision losses (expected points given up against the
  advisor's best choice): never positive, 0 for a hand played as well as the advisor plays.
* ``rest``: everything else, ``points - expected - skill``: the unseen cards falling well or badly,
  the partner's and the opponents' choices.

So ``seat + deal + skill + rest == points`` exactly: the parts are kept as Fractions (a float's
value converts exactly), so no rounding creeps into the sum. "The cards" in the sentences are
``seat + deal + rest``: everything the student did not decide.

>>> h = hand_luck(1, points=-2, expected=0.5, baseline=0.25, losses=[0.0, 0.75], labels=["Best", "Mistake"])
>>> float(h.seat), float(h.deal), float(h.skill), float(h.rest)
(0.25, 0.25, -0.75, -1.75)
>>> h.seat + h.deal + h.skill + h.rest == h.points
True
>>> luck_sentence(total([h]), "hand")
'You lost 2 points this hand: the cards cost you 1.25, your decisions 0.75 (one mistake, hand 1).'

The rest splits further, decision by decision, into **swings** (:func:`swings`): after each graded
decision, what the student could expect next (the best option's value at their next decision, or
the hand's points after the last) minus what the decision left them (its value: the best option's less
its loss). The swings sum to ``rest`` exactly; the largest of each sign (:func:`lucky_swings`) are the
hand's lucky and unlucky moments, which the reviews mark beside its key moments:

>>> found = swings([0.5, 1.25], [0.0, 0.75], points=-2)
>>> [float(s.amount) for s in found]
[0.75, -2.5]
>>> sum(s.amount for s in found) == h.rest
True
>>> found[1].words
'unlucky: what you could expect fell from +0.50 to −2.00 points (−2.5) by the end of the hand'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib.resources.abc import Traversable
from typing import Final

__all__ = [
    "MISTAKE_LABELS",
    "SWING_MIN",
    "HandLuck",
    "LuckTotal",
    "Swing",
    "hand_luck",
    "luck_sentence",
    "lucky_swings",
    "measured_baseline",
    "swings",
    "total",
]

Number = int | float | Fraction

#: the grades that count as mistakes in the sentence ("one mistake, hand 4")
MISTAKE_LABELS: Final = ("Mistake", "Blunder")
#: a swing smaller than this (in points) is not marked: a routine card falling, not a moment
SWING_MIN: Final = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class HandLuck:
    """One finished hand split into its parts (see the module doc for the signs)."""

    number: int
    points: Fraction
    seat: Fraction
    deal: Fraction
    skill: Fraction
    rest: Fraction
    decisions: int  # decisions graded
    mistakes: int  # of them Mistakes or Blunders

    @property
    def cards(self) -> Fraction:
        """What the student did not decide: the seat, the deal and the rest."""
        return self.seat + self.deal + self.rest


@dataclass(frozen=True, slots=True)
class LuckTotal:
    """The parts summed over hands (a match, a session), and the hands with mistakes."""

    hands: int
    points: Fraction
    seat: Fraction
    deal: Fraction
    skill: Fraction
    rest: Fraction
    decisions: int
    mistake_hands: tuple[tuple[int, int], ...]  # (hand number, mistakes in it), in order

    @property
    def cards(self) -> Fraction:
        return self.seat + self.deal + self.rest

    @property
    def mistakes(self) -> int:
        return sum(n for _, n in self.mistake_hands)


def _exact(x: Number) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(x)


def hand_luck(
    number: int,
    *,
    points: Number,
    expected: Number | None,
    baseline: Number,
    losses: Sequence[Number],
    labels: Sequence[str] = (),
) -> HandLuck:
    """Split one finished hand's ``points`` into seat, deal, skill and rest.

    ``expected``: the advisor's value of the student's position at their first decision (None when
    unknown: the deal's luck then counts as 0 and the rest takes it); ``baseline``: the seat's
    average value there; ``losses``: every graded decision's loss in expected points (each >= 0);
    ``labels``: their grades, to count the mistakes.
    """
    if any(x < 0 for x in losses):
        raise ValueError(f"a decision's loss is never negative (the best choice loses 0): {list(losses)}")
    p = _exact(points)
    base = _exact(baseline)
    exp = base if expected is None else _exact(expected)
    skill = -sum((_exact(x) for x in losses), Fraction(0))
    return HandLuck(
        number=number,
        points=p,
        seat=base,
        deal=exp - base,
        skill=skill,
        rest=p - exp - skill,
        decisions=len(losses),
        mistakes=sum(1 for label in labels if label in MISTAKE_LABELS),
    )


def total(hands: Iterable[HandLuck]) -> LuckTotal:
    """The parts of many hands summed (the identity still holds exactly)."""
    hs = list(hands)
    zero = Fraction(0)
    return LuckTotal(
        hands=len(hs),
        points=sum((h.points for h in hs), zero),
        seat=sum((h.seat for h in hs), zero),
        deal=sum((h.deal for h in hs), zero),
        skill=sum((h.skill for h in hs), zero),
        rest=sum((h.rest for h in hs), zero),
        decisions=sum(h.decisions for h in hs),
        mistake_hands=tuple((h.number, h.mistakes) for h in hs if h.mistakes),
    )


@dataclass(frozen=True, slots=True)
class Swing:
    """The luck that followed one graded decision: from what the decision ``left`` (its value: the best
    option's less its loss) to what came ``after`` (the next graded decision's best value, or the
    hand's points when ``last``)."""

    left: Fraction
    after: Fraction
    last: bool

    @property
    def amount(self) -> Fraction:
        """Positive: the cards and the others' choices helped; negative: they cost."""
        return self.after - self.left

    @property
    def words(self) -> str:
        """``"lucky: what you could expect rose from +0.50 to +1.25 points (+0.75) by your next decision"``"""
        x = self.amount
        kind, verb, sign = ("lucky", "rose", "+") if x > 0 else ("unlucky", "fell", "−")
        end = "by the end of the hand" if self.last else "by your next decision"
        return (
            f"{kind}: what you could expect {verb} from {_signed(self.left)} to {_signed(self.after)} points "
            f"({sign}{_amount(x)}) {end}"
        )


def _signed(x: Fraction) -> str:
    return f"{float(x):+.2f}".replace("-", "−")


def swings(values: Sequence[Number], losses: Sequence[Number], *, points: Number) -> list[Swing]:
    """The luck that followed each graded decision of a finished hand, in points (positive helped).

    ``values``: the advisor's value of the best option at each graded decision, in order; ``losses``:
    each decision's graded loss (so the decision left ``value - loss``); ``points``: the hand's result.
    The swing after decision ``k`` is the value at decision ``k + 1`` (``points`` after the last) minus
    what decision ``k`` left: the cards that came and the others' choices in between. Their sum is
    :attr:`HandLuck.rest` of the same hand, exactly. No graded decision: no swing (the rest is then all
    one stretch of luck, which no decision of the student's divides).
    """
    if len(values) != len(losses):
        raise ValueError(f"one value per graded decision: {len(values)} values, {len(losses)} losses")
    if any(x < 0 for x in losses):
        raise ValueError(f"a decision's loss is never negative (the best choice loses 0): {list(losses)}")
    if not values:
        return []
    left = [_exact(v) - _exact(x) for v, x in zip(values, losses, strict=True)]
    after = [_exact(v) for v in values[1:]] + [_exact(points)]
    n = len(left)
    return [Swing(b, a, i == n - 1) for i, (b, a) in enumerate(zip(left, after, strict=True))]


def lucky_swings(found: Sequence[Swing], least: Fraction = SWING_MIN) -> tuple[int | None, int | None]:
    """The indexes of the largest lucky and the largest unlucky swing at least ``least`` in size
    (None for either when there is none), the earlier among equals.

    >>> lucky_swings(swings([0, 0.25, 1.75], [0, 0, 0], points=-0.25))
    (1, 2)
    """
    sizes = [s.amount for s in found]
    lucky = max(range(len(sizes)), key=lambda i: (sizes[i], -i), default=None)
    unlucky = min(range(len(sizes)), key=lambda i: (sizes[i], i), default=None)
    return (
        lucky if lucky is not None and sizes[lucky] >= least else None,
        unlucky if unlucky is not None and sizes[unlucky] <= -least else None,
    )


_COUNT_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(n: int, word: str) -> str:
    said = _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)
    return f"{said} {word}{'' if n == 1 else 's'}"


def _amount(x: Fraction) -> str:
    """``2.4``, ``3``, ``0.75``: two decimals at most, no trailing zeros."""
    text = f"{abs(float(x)):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("0", "") else text


def _effect(x: Fraction, whose: str) -> str:
    if round(float(x), 2) == 0:
        return f"{whose} made no difference"
    return f"{whose} {'cost you' if x < 0 else 'gave you'} {_amount(x)}"


def luck_sentence(t: LuckTotal, span: str = "match") -> str:
    """``"You lost 3 points this match: the cards cost you 2.4, your decisions 0.6 (one mistake, hand 4)."``

    ``span`` names what was summed ("hand", "match", "session"). Decisions are said to cost (a
    loss is never a gain); the mistakes name their hands.
    """
    pts = t.points
    if pts == 0:
        head = f"You came out even this {span}"
    else:
        n = _amount(pts)
        head = f"You {'won' if pts > 0 else 'lost'} {n} point{'' if n == '1' else 's'} this {span}"
    cards = _effect(t.cards, "the cards")
    if t.decisions == 0:
        return f"{head}: {cards}; you had no decision to grade."
    if round(float(t.skill), 2) == 0:
        decisions = "your decisions cost you nothing"
    else:
        decisions = (
            f"your decisions {_amount(t.skill)}" if "cost" in cards else _effect(t.skill, "your decisions")
        )
    if t.mistake_hands:
        where = ", ".join(str(number) for number, _ in t.mistake_hands)
        decisions += (
            f" ({_count(t.mistakes, 'mistake')}, hand{'s' if len(t.mistake_hands) > 1 else ''} {where})"
        )
    return f"{head}: {cards}, {decisions}."


# --------------------------------------------------------------------------- baselines


@cache
def _baseline_file(data: Traversable) -> Mapping[str, object]:
    found = json.loads(data.read_text("utf-8"))
    assert isinstance(found, dict)
    return found


def measured_baseline(
    data: Traversable | None,
    seat_from_dealer: int | None = None,
    *,
    measured: bool = True,
) -> Fraction:
    """The average value of a seat's first decision as the game's measured file ``data`` holds it (a
    file of the game's package, which names it; its ``measured_by`` benchmark writes it): a file
    of ``"seats"`` by the seat counted from the dealer (1: left of the dealer ... 0: the dealer, counted
    round the table), a file of one ``"mean"`` (a game of one seat) that figure. A game with no file
    (``data=None``), or a table unlike the one measured (``measured=False``: other rules, another number of
    players), has no baseline: 0, so the whole first value counts as the deal's."""
    if data is None or not measured:
        return Fraction(0)
    found = _baseline_file(data)  # type: ignore[arg-type]  # a package's file is a hashable path
    seats = found.get("seats")
    if seats is None:
        return Fraction(str(found["mean"]))
    assert isinstance(seats, dict)
    if seat_from_dealer is None:
        raise ValueError(f"{data} measures each seat: say the seat counted from the dealer")
    entry = seats[str(seat_from_dealer % len(seats))]
    return Fraction(str(entry["mean"]))
