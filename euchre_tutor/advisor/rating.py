"""A rating: the error rate (expected points lost per decision with a real choice) on a fixed scale.

The scale is named from measured populations: the Beginner, Club and Expert computer players
graded by the same advisor over thousands of their own decisions
(``benchmarks/classic_error_rates.py`` writes ``data/classic_error_bands.json``). A student's
band is the population whose error rate is nearest (the edges are the midpoints between two
populations' rates), and the sentence places the rate between its neighbours:

>>> bands = (Band("Beginner", 0.12, 0.01, 2000), Band("Club", 0.06, 0.01, 2000), Band("Expert", 0.02, 0.005, 2000))
>>> band_of(0.046, bands).name
'Club'
>>> rating_sentence(0.046, bands)
'Your error rate 0.046: between Club (0.06) and Expert (0.02); band Club.'
>>> rating_sentence(None, bands)
'No error rate yet: no graded decision with a real choice.'

Solitaire's grades are exact, so its error rate is exact too; it has no computer players of
different strengths, so no measured populations name its scale (:func:`solitaire_bands` is empty and
the sentence gives the rate alone).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Final

__all__ = [
    "CLASSIC_BANDS",
    "Band",
    "band_of",
    "classic_bands",
    "error_rate",
    "rating_sentence",
    "solitaire_bands",
]

CLASSIC_BANDS: Final = "data/classic_error_bands.json"


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
def classic_bands() -> tuple[Band, ...]:
    """The classic scale's populations, weakest first, as measured (see the module doc)."""
    text = resources.files("euchre_tutor").joinpath(CLASSIC_BANDS).read_text("utf-8")
    levels = json.loads(text)["levels"]
    bands = [
        Band(str(v["name"]), float(v["error_rate"]), float(v["half_width_95"]), int(v["decisions"]))
        for v in levels.values()
    ]
    return tuple(_ordered(bands))


def solitaire_bands() -> tuple[Band, ...]:
    """None measured: Solitaire has no computer players of different strengths to measure."""
    return ()
