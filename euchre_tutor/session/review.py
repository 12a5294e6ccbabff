"""The review and learning loop every table shares (Solitaire, classic and Bid Euchre): a hand's key
moments, its swings, a retry's legality, the new Mistakes for the drills, its graded line for the session
statistics, and the grades a save carries, read from the table's decisions, grades and analyses (each
table keeps its own kinds of decision and analysis).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from euchre_tutor.advisor.luck import MISTAKE_LABELS, Swing, swings
from euchre_tutor.advisor.session import GradedDecision, Units
from euchre_tutor.advisor.shared import key_moments
from euchre_tutor.errors import EuchreError

__all__ = [
    "graded_line",
    "hand_key_moments",
    "hand_swings",
    "legal_answer",
    "new_mistakes",
    "recorded_decisions",
    "save_with_grades",
]


class _Decision(Protocol):
    @property
    def forced(self) -> bool: ...


class _Recorded(_Decision, Protocol):
    @property
    def index(self) -> int: ...
    @property
    def action(self) -> object: ...
    @property
    def label(self) -> str: ...


D = TypeVar("D", bound=_Decision)
R = TypeVar("R", bound=_Recorded)


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
    *,
    value: Callable[[Any], Any] = lambda hint: float(hint.best.ev),
    loss: Callable[[Any], Any] = lambda grade: float(grade.loss),
) -> list[tuple[D, Swing]]:
    """The luck that followed each graded decision of a finished hand (``points``: its result for the
    student, None while it goes on), valued by each decision's analysis (``value``: its best option's
    ``ev``) and grade (``loss``); empty while any decision is still being graded."""
    if points is None:
        return []
    graded: list[tuple[D, Any, Any]] = []
    for d in decisions:
        if d.forced:
            continue
        grade, hint = grade_of(d), hint_of(d)
        if grade is None or hint is None:
            return []
        graded.append((d, value(hint), loss(grade)))
    found = swings([v for _, v, _ in graded], [x for _, _, x in graded], points=points)
    return [(d, s) for (d, _, _), s in zip(graded, found, strict=True)]


def legal_answer(action: object, legal: Sequence[object], label: Callable[[Any], str]) -> None:
    """Refuse a retry's answer that was not legal at that moment, naming the legal choices."""
    if action not in legal:
        choices = ", ".join(label(a) for a in legal)
        raise EuchreError(f"{label(action)} was not legal at that moment: the legal choices were {choices}")


def new_mistakes(
    decisions: Sequence[D],
    grade_of: Callable[[D], Any],
    hint_of: Callable[[D], Any],
    drilled: set[Any],
    ident: Callable[[D], Hashable],
) -> Iterator[tuple[D, Any, Any]]:
    """The decisions graded Mistake or Blunder not yet in the drills (``drilled``: the ``ident`` of
    those already there, each added once the caller has taken it), with their grade and analysis."""
    for d in decisions:
        if d.forced or ident(d) in drilled:
            continue
        grade, hint = grade_of(d), hint_of(d)
        if grade is None or hint is None or grade.label not in MISTAKE_LABELS:
            continue
        yield d, grade, hint
        drilled.add(ident(d))


def graded_line(
    decisions: Sequence[D],
    grade_of: Callable[[D], Any],
    hint_of: Callable[[D], Any],
    *,
    label: Callable[[D], str],
    units: Callable[[Any], Units] = lambda hint: "points",
    value: Callable[[Any], Any] = lambda hint: hint.best.ev,
) -> tuple[list[GradedDecision], Any]:
    """One hand's graded decisions for the session statistics (``label``: a decision in words,
    ``units``: what an analysis's values count), and the best option's value (``value``) at the first
    of them that has an analysis ("the best play" of the hand; None before any)."""
    graded: list[GradedDecision] = []
    best: Any = None
    for d in decisions:
        g = None if d.forced else grade_of(d)
        if g is None:
            continue
        graded.append(GradedDecision(label(d), g.label, float(g.loss), units(hint_of(d))))
        hint = hint_of(d)
        if best is None and hint is not None:
            best = value(hint)
    return graded, best


def recorded_decisions(
    decisions: Sequence[R],
    grade_of: Callable[[R], Any],
    hint_of: Callable[[R], Any],
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
