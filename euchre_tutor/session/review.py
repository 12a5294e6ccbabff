"""What the classic and Bid Euchre tutors share: a hand's key moments, its swings and its graded line for
the session statistics, and the grades a save carries, read from the tutor's decisions, grades and
analyses (each table keeps its own kinds of decision and analysis).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from euchre_tutor.advisor.luck import Swing, swings
from euchre_tutor.advisor.session import GradedDecision
from euchre_tutor.advisor.shared import key_moments

__all__ = ["graded_line", "hand_key_moments", "hand_swings", "recorded_decisions", "save_with_grades"]


class _Decision(Protocol):
    @property
    def forced(self) -> bool: ...
    @property
    def index(self) -> int: ...
    @property
    def action(self) -> object: ...
    @property
    def label(self) -> str: ...


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


def graded_line(
    decisions: Sequence[D], grade_of: Callable[[D], Any], hint_of: Callable[[D], Any]
) -> tuple[list[GradedDecision], float | None]:
    """One hand's graded decisions for the session statistics, and the best option's value at the first
    of them that has an analysis ("the best play" of the hand; None before any)."""
    graded: list[GradedDecision] = []
    best: float | None = None
    for d in decisions:
        g = None if d.forced else grade_of(d)
        if g is None:
            continue
        graded.append(GradedDecision(d.label, g.label, float(g.loss)))
        hint = hint_of(d)
        if best is None and hint is not None:
            best = hint.best.ev
    return graded, best


def recorded_decisions(
    decisions: Sequence[D],
    grade_of: Callable[[D], Any],
    hint_of: Callable[[D], Any],
    loss_of: Callable[[Any], Any],
) -> list[dict[str, Any]]:
    """Each graded decision with a real choice as a save's ``"grades"`` list it (read back by
    :func:`~euchre_tutor.session.learning.recorded_grades`): its place in the game, the action, the label,
    the expected points lost (``loss_of(grade)``), the best action, its value and the reasons' rule ids."""
    out = []
    for d in decisions:
        grade, hint = (None, None) if d.forced else (grade_of(d), hint_of(d))
        if grade is None or hint is None:
            continue
        out.append(
            {
                "index": d.index,
                "action": str(d.action),
                "label": grade.label,
                "loss": round(float(loss_of(grade)), 6),
                "best": str(hint.best.action),
                "best_ev": round(float(hint.best.ev), 6),
                "rules": list(dict.fromkeys(r.rule for r in hint.reasons)),
            }
        )
    return out


def save_with_grades(game: Mapping[str, Any], grades: Mapping[str, Any]) -> str:
    """A match's save file (``game``: its ``to_json()``) carrying the table's grades."""
    return json.dumps({**game, "grades": grades}, ensure_ascii=False, indent=1)
