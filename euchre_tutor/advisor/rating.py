"""A rating: the error rate (expected points lost per decision with a real choice) on a fixed scale.

The scale is named from measured populations: a game's computer players of each level graded by the
same advisor over thousands of their own decisions (classic's Beginner, Club and Expert:
``benchmarks/classic_error_rates.py`` writes ``games/classic/data/error_bands.json``), read by
:func:`measured_bands` from the file the game's package names. A student's
band is the population whose error rate is nearest (the edges are the midpoints between two
populations' rates), and the sentence places the rate between its neighbours:

>>> bands = (Band("Beginner", 0.12, 0.01, 2000), Band("Club", 0.06, 0.01, 2000), Band("Expert", 0.02, 0.005, 2000))
>>> band_of(0.046, bands).name
'Club'
>>> rating_sentence(0.046, bands)
'Your error rate 0.046: between Club (0.06) and Expert (0.02); band Club.'
>>> rating_sentence(None, bands)
'No error rate yet: no graded decision with a real choice.'

A game with no computer players of different strengths (Solitaire, whose grades are exact) has no
measured populations to name its scale: its bands are empty and the sentence gives the rate alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources

__all__ = [
    "Band",
    "band_of",
    "error_rate",
    "measured_bands",
    "rating_sentence",
]


@dataclass(frozen=True, slots=True)
class Band:
    """A measured population: its name, its error rate, the rate's 95% half-width, and the sample."""

    name: str
    error_rate: float
    half_width: float
    decisions: int


def error_rate(losses: Iterable[float | Fraction]) -> float | None:
    """The mean loss (expected points) over the decisions given: pass only those with a real choice.

    None when there is none (no rate rather than a perfect one).
    """
    xs = [float(x) for x in losses]
    if any(x < 0 for x in xs):
        raise ValueError("a decision's loss is never negative (the best choice loses 0)")
    return sum(xs) / len(xs) if xs else None


def _ordered(bands: Sequence[Band]) -> list[Band]:
    return sorted(bands, key=lambda b: -b.error_rate)  # the weakest (highest rate) first


def band_of(rate: float, bands: Sequence[Band]) -> Band | None:
    """The population whose error rate is nearest to ``rate`` (None without bands)."""
    if not bands:
        return None
    return min(_ordered(bands), key=lambda b: (abs(b.error_rate - rate), b.error_rate))


def _rate(x: float) -> str:
    return f"{x:.3f}".rstrip("0").rstrip(".") if x else "0"


def rating_sentence(rate: float | None, bands: Sequence[Band]) -> str:
    """Where ``rate`` sits on the scale: between which populations, and its band."""
    if rate is None:
        return "No error rate yet: no graded decision with a real choice."
    head = f"Your error rate {_rate(rate)}"
    if not bands:
        return f"{head} (expected points lost per decision)."
    order = _ordered(bands)
    band = band_of(rate, order)
    assert band is not None
    if rate >= order[0].error_rate:
        where = f"at or above {order[0].name} ({_rate(order[0].error_rate)})"
    elif rate <= order[-1].error_rate:
        where = f"at or below {order[-1].name} ({_rate(order[-1].error_rate)})"
    else:
        upper = next(b for b in reversed(order) if b.error_rate > rate)
        lower = next(b for b in order if b.error_rate <= rate)
        where = (
            f"between {upper.name} ({_rate(upper.error_rate)}) and {lower.name} ({_rate(lower.error_rate)})"
        )
    return f"{head}: {where}; band {band.name}."


@cache
def measured_bands(data: str | None, package: str = "euchre_tutor") -> tuple[Band, ...]:
    """A game's measured populations, weakest first, from its file ``data`` (a path below ``package``,
    named by the game's package: each level's name, error rate, half-width and decisions); none for a
    game with no file (``data=None``)."""
    if data is None:
        return ()
    text = resources.files(package).joinpath(data).read_text("utf-8")
    levels = json.loads(text)["levels"]
    bands = [
        Band(str(v["name"]), float(v["error_rate"]), float(v["half_width_95"]), int(v["decisions"]))
        for v in levels.values()
    ]
    return tuple(_ordered(bands))
