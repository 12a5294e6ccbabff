"""What the classic and Bid Euchre tables' reviews share: a hand's key moments and its swings, read from
the tutor's decisions, grades and analyses (each table keeps its own kinds of decision and analysis).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from euchre_tutor.advisor.luck import Swing, swings
from euchre_tutor.advisor.shared import key_moments

__all__ = ["hand_key_moments", "hand_swings"]


class _Decision(Protocol):
    @property
    def forced(self) -> bool: ...


D = TypeVar("D", bound=_Decision)


def hand_key_moments(decisions: Sequence[D], grade_of: Callable[[D], Any]) -> list[D]:
    """The decisions that cost most (:func:`~euchre_tutor.advisor.shared.key_moments`): forced ones and
    those still being graded are not key moments."""
    graded = [(d, None if d.forced else grade_of(d)) for d in decisions]
    return key_moments((d, g) for d, g in graded if g is not None)


def hand_swings(
    decisions: Sequence[D],
    grade_of: Callable[[D], Any],
    hint_of: Callable[[D], Any],
    points: int | None,
) -> list[tuple[D, Swing]]:
    """The luck that followed each graded decision of a finished hand (``points``: its result for the
    student, None while it goes on), valued by each decision's analysis (its best option's ``ev``) and
    grade (its ``loss``); empty while any decision is still being graded."""
    if points is None:
        return []
    graded: list[tuple[D, float, float]] = []
    for d in decisions:
        if d.forced:
            continue
        grade, hint = grade_of(d), hint_of(d)
        if grade is None or hint is None:
            return []
        graded.append((d, float(hint.best.ev), float(grade.loss)))
    found = swings([v for _, v, _ in graded], [x for _, _, x in graded], points=points)
    return [(d, s) for (d, _, _), s in zip(graded, found, strict=True)]
