"""What both advisors share: reasons and grades as data, number formatting, grade thresholds.

A :class:`Reason` is a rule id from the catalogue, a plain sentence and its
numbers; a :class:`Grade` is a decision's label and loss against the best
one. Widgets and lessons render them as they are; nothing here formats HTML.

>>> Reason("cards.left-bower", "J♦ is the left bower.").to_json()["rule"]
'cards.left-bower'
>>> grade_label(Fraction(3, 10), "points")
'Mistake'
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any, Final, Generic, Literal, Protocol, TypeVar

from euchre_tutor.errors import EuchreError
from euchre_tutor.rules.catalogue import rule
from euchre_tutor.rules.games import find_game, game_names
from euchre_tutor.tricks.seating import Seat
from euchre_tutor.views.shared import TrickView

__all__ = [
    "GRADES",
    "KEY_MOMENTS",
    "MIN_WORLDS",
    "THRESHOLDS",
    "TIE_FLOOR",
    "Z95",
    "Grade",
    "Method",
    "Mode",
    "Number",
    "Reason",
    "SampledAnalysis",
    "SampledLoss",
    "check_analysable",
    "fmt",
    "fraction_text",
    "grade_label",
    "grade_scale",
    "grade_settled",
    "key_moments",
    "loss_settled",
    "shipped_json",
]

Number = Fraction | int | str
#: what an analysis ranks by: expected points, or the chance to win the match
Mode = Literal["points", "game"]
#: how the options' values were made: card play solved with every hand open in each deal, or the
#: deals played out after the action (with an ending searched with every hand open, where it is)
Method = Literal["double-dummy", "play-out", "play-out + double-dummy", "play-out + double-dummy ending"]
T = TypeVar("T")
OptionT = TypeVar("OptionT", bound="_Option")


@cache
def sheet_rules(game: str) -> frozenset[str]:
    """The rule ids of the registered game ``game``'s own rules sheet (its ``rules`` module's
    ``RULE_SENTENCES``), which the catalogue does not hold; none for a game without one."""
    if game not in game_names():
        return frozenset()
    return frozenset(
        getattr(importlib.import_module(f"{find_game(game).package}.rules"), "RULE_SENTENCES", ())
    )


def shipped_json(package: str, name: str, what: str, rebuild: str) -> Any:
    """The JSON data file ``name`` shipped in ``package`` (a game's measured table), or an error saying
    that ``what`` is missing and the command that rebuilds it."""
    try:
        text = (resources.files(package) / name).read_text("utf-8")
    except FileNotFoundError:
        raise EuchreError(f"{what} is missing; rebuild it with {rebuild}") from None
    return json.loads(text)


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason: the rule it rests on (a catalogue id, or an id of its game's own rules sheet,
    ``<game>.*``: :func:`sheet_rules`), a sentence, and its numbers."""

    rule: str
    text: str
    numbers: Mapping[str, Number] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.rule not in sheet_rules(self.rule.partition(".")[0]):
            rule(self.rule)  # unknown ids are a programming error

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "text": self.text,
            "numbers": {
                k: fraction_text(v) if isinstance(v, Fraction) else v for k, v in self.numbers.items()
            },
        }


@dataclass(frozen=True, slots=True)
class Grade:
    """How much a decision lost against the best one, in either game.

    ``label``: Best / Good / Inaccuracy / Mistake / Blunder; ``loss``: in the
    mode's utility (expected points, or the chance to win the game);
    ``ev_loss``: in expected points; ``text``: the sentence that says so.
    Solitaire's losses are exact (Fractions), classic ones sampled (floats).
    """

    label: str
    loss: Fraction | float
    ev_loss: Fraction | float
    text: str


def fraction_text(x: Fraction) -> str:
    """``"-7/19"``, ``"1"``: reduced, the sign on the numerator."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def fmt(x: Fraction, signed: bool = True) -> str:
    return f"{float(x):+.3f}" if signed else f"{float(x):.3f}"


#: The grade names, best first.
GRADES = ("Best", "Good", "Inaccuracy", "Mistake", "Blunder")

#: A loss below each limit earns that label; at or above the last, Blunder. Points mode: expected
#: points lost; game mode: the chance to win the game lost. The same scale for every game.
THRESHOLDS: dict[str, tuple[tuple[Fraction, str], ...]] = {
    "points": ((Fraction(1, 20), "Good"), (Fraction(1, 5), "Inaccuracy"), (Fraction(1, 2), "Mistake")),
    "game": ((Fraction(1, 100), "Good"), (Fraction(3, 100), "Inaccuracy"), (Fraction(8, 100), "Mistake")),
}


def grade_label(loss: Fraction, mode: str) -> str:
    """The label of a positive loss (a loss of 0 is Best or Good, decided by the caller)."""
    for limit, name in THRESHOLDS[mode]:
        if loss < limit:
            return name
    return "Blunder"


def grade_scale() -> str:
    """The points-mode grading thresholds in words (the same scale for every game).

    >>> grade_scale().split("; ")[1]
    'Good: under 0.05'
    """
    parts = ["Best: no loss"]
    low = 0.0
    for limit, name in THRESHOLDS["points"]:
        parts.append(
            f"{name}: under {float(limit):g}" if low == 0 else f"{name}: {low:g} to {float(limit):g}"
        )
        low = float(limit)
    parts.append(f"Blunder: {low:g} or more")
    return "; ".join(parts) + " expected points lost against the best action"


#: the multiplier of a standard error for a 95% interval
Z95: Final = 1.96


class SampledLoss:
    """What a sampled option's numbers give (a mixin of both sampled advisors' option dataclasses):
    the 95% half-widths of its value and of its paired loss against the best, and the tie."""

    __slots__ = ()
    se: float  # standard error of the option's mean value
    loss: float  # what it gives up against the best option, paired on the same worlds
    loss_se: float  # standard error of ``loss``

    @property
    def interval(self) -> float:
        """Half the width of the 95% interval of ``loss``."""
        return Z95 * self.loss_se

    @property
    def ev_interval(self) -> float:
        """Half the width of the 95% interval of the value (the option on its own, not paired)."""
        return Z95 * self.se

    @property
    def tied(self) -> bool:
        """The sample cannot tell this option from the best: its loss's interval reaches 0."""
        return self.loss - self.interval <= 0.0


class _Option(Protocol):
    @property
    def action(self) -> object: ...
    @property
    def label(self) -> str: ...
    def to_json(self) -> dict[str, object]: ...


@dataclass(frozen=True, slots=True)
class SampledAnalysis(Generic[OptionT]):
    """What a sampled analysis is (the base of both sampled advisors' analysis dataclasses): one
    decision's options best first, valued on ``worlds`` deals by ``method`` in ``mode``, with the
    reasons; ``parse`` (the game's) reads one of its actions. Its best option, the option of an action,
    and the analysis as JSON data."""

    seat: Seat
    phase: Enum
    mode: Mode
    legal: tuple[Any, ...]
    options: tuple[OptionT, ...]  # best first
    worlds: int
    method: Method
    reasons: tuple[Reason, ...]
    seed: int | str

    @staticmethod
    def parse(text: object) -> object:
        """One of the game's actions from its text (or the action itself)."""
        raise NotImplementedError

    @property
    def best(self) -> OptionT:
        return self.options[0]

    def option(self, action: object) -> OptionT:
        """The option of ``action`` (an error naming them all when it is none of them)."""
        act = self.parse(action)
        for o in self.options:
            if o.action == act:
                return o
        raise EuchreError(f"{act} is not one of the options: {', '.join(o.label for o in self.options)}")

    def to_json(self) -> dict[str, object]:
        return {
            "seat": str(self.seat),
            "phase": self.phase.value,
            "legal": [str(a) for a in self.legal],
            "options": [o.to_json() for o in self.options],
            "best": self.best.label,
            "worlds": self.worlds,
            "method": self.method,
            "mode": self.mode,
            **self.json_reasons(),
        }

    def json_reasons(self) -> dict[str, object]:
        """The end of :meth:`to_json`: the reasons (and what else the game's analysis adds)."""
        return {"reasons": [r.to_json() for r in self.reasons]}


#: the fewest deals a sampled analysis takes: one deal has no spread, so no standard error to report
MIN_WORLDS: Final = 2


def check_analysable(view: TrickView, worlds: int) -> None:
    """Refuse to analyse a seat's view when it is not its turn, or on fewer than :data:`MIN_WORLDS` deals."""
    if not view.my_turn:
        who = "nobody" if view.to_act is None else view.to_act.word
        raise EuchreError(
            f"it is not {view.seat.word}'s turn: {who} is to act, so there is nothing to analyse"
        )
    if worlds < MIN_WORLDS:
        raise EuchreError(
            f"worlds must be at least {MIN_WORLDS}, not {worlds}: one sampled deal cannot say how far "
            "its value may be off"
        )


#: the grade boundaries of each mode (the loss where a label changes), from the scale above
BOUNDARIES: Final = {m: tuple(float(limit) for limit, _ in THRESHOLDS[m]) for m in ("points", "game")}
#: a loss interval narrower than this (half-width) needs no more worlds, boundary or not
PRECISION: Final = {"points": 0.02, "game": 0.004}
#: a sampled loss under this is graded Best, as a tie: finer than the deals can tell reliably. A loss of
#: a few thousandths shows in a handful of deals out of thousands (two cards that differ only in rare
#: layouts), so one sample finds it and the next does not; graded by whether its interval reached 0,
#: such a decision changed between Best and Good with the seed (benchmarks/classic_grades.py). One
#: point in a hundred hands (in game mode, a fifth of a percentage point of the chance to win)
TIE_FLOOR: Final = {"points": 0.01, "game": 0.002}


#: the most key moments a review marks: its costliest decisions, Inaccuracy or worse
KEY_MOMENTS: Final = 3


class Graded(Protocol):
    """What :func:`key_moments` reads of a grade (a :class:`Grade`, or a table's grade of its own kind)."""

    @property
    def label(self) -> str: ...
    @property
    def loss(self) -> Fraction | float: ...


def key_moments(graded: Iterable[tuple[T, Graded]], most: int = KEY_MOMENTS) -> list[T]:
    """The decisions (each given with its grade, in order) graded Inaccuracy or worse, the costliest first
    and, among equal losses, the earlier first: at most ``most``.

    >>> key_moments([("a", Grade("Good", 0.01, 0.01, "")), ("b", Grade("Mistake", 0.3, 0.3, ""))])
    ['b']
    """
    worse = [(g.loss, i, d) for i, (d, g) in enumerate(graded) if g.label not in ("Best", "Good")]
    worse.sort(key=lambda t: (-t[0], t[1]))
    return [d for _, _, d in worse[:most]]


def grade_settled(loss: float, half: float, mode: str) -> bool:
    """Whether the label of a sampled loss known to within ``± half`` is settled: Best whichever way
    (the whole interval under the tie floor), or clear of the tie (0), the floor and every band's edge."""
    floor = TIE_FLOOR[mode]
    if loss + half < floor:
        return True
    return not any(loss - half < edge < loss + half for edge in (0.0, floor, *BOUNDARIES[mode]))


class _Loss(Protocol):
    @property
    def loss(self) -> float: ...
    @property
    def loss_se(self) -> float: ...


def loss_settled(options: Sequence[_Loss], mode: str, z: float, precision: float | None = None) -> bool:
    """No option after the best has a loss interval (``loss ± z * loss_se``) that straddles a grade
    boundary (0, the tie, included), unless it is already narrower than ``precision`` (default
    :data:`PRECISION`): the stopping rule of both sampled advisors' adaptive worlds."""
    limits = (0.0, *BOUNDARIES[mode])
    fine = PRECISION[mode] if precision is None else precision
    for o in options[1:]:
        half = z * o.loss_se
        if half <= fine:
            continue
        if any(o.loss - half < b < o.loss + half for b in limits):
            return False
    return True
