"""The classic game-win table: the chance to win a match from each score.

What is shipped (``euchre_tutor/games/classic/data/hand_outcomes.json``, rebuilt by
``scripts/classic_gamewin.py``) is the *distribution of one hand's result*
seen from the dealer's team: how often it scores 1, 2 or 4, the other team
scores 1, 2 or 4, or the hand is thrown in, measured by simulating hands
with the expert player in every seat. The chance to win from a score then
follows exactly, by dynamic programming over the scores with the deal
passing to the left after every hand (:func:`win_table`), for any target.

It is an estimate (sampled hands, the expert's own play), labelled with its
hand count and the largest standard error of the outcome frequencies. It is
made for four players; other four-player rule sets use the same hand
distribution as an approximation, which the description says.

>>> table = load_classic_table()
>>> 0.45 < table.chance(0, 0, True) < 0.6 and table.chance(9, 0, False) > 0.9
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from math import sqrt

from euchre_tutor.advisor.shared import shipped_json
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.rules import ClassicRules

__all__ = ["ClassicGameWin", "HandOutcomes", "is_tabled", "load_classic_table", "load_outcomes", "win_table"]

#: A hand's result from the dealer's team: (dealer's team points, other team's points).
Result = tuple[int, int]


@dataclass(frozen=True, slots=True)
class HandOutcomes:
    """P(result) of one hand, from the dealer's team, and how it was measured."""

    probabilities: Mapping[Result, float]
    hands: int
    description: str

    @property
    def max_se(self) -> float:
        return max(sqrt(p * (1 - p) / self.hands) for p in self.probabilities.values())


@dataclass(frozen=True, slots=True)
class ClassicGameWin:
    """P(a team wins the match) by (its score, the other's score, whether it deals the next hand)."""

    target: int
    win: tuple[tuple[tuple[float, float], ...], ...]  # win[us][them][1 if we deal next else 0]
    outcomes: HandOutcomes

    def chance(self, us: int, them: int, we_deal_next: bool) -> float:
        if us >= self.target:
            return 1.0
        if them >= self.target:
            return 0.0
        return self.win[max(us, 0)][max(them, 0)][1 if we_deal_next else 0]

    @property
    def description(self) -> str:
        return (
            f"game to {self.target}: {self.outcomes.description} ({self.outcomes.hands} simulated hands, "
            f"largest standard error of a hand-result frequency {self.outcomes.max_se:.3f})"
        )


def win_table(outcomes: Mapping[Result, float], target: int) -> tuple[tuple[tuple[float, float], ...], ...]:
    """Exact P(win) for every score below ``target`` given one hand's result distribution.

    W(u, t, d) = sum over results r of P(r) * W(u', t', not d), where the dealer's team is ours
    when d; a thrown-in hand (0, 0) only passes the deal, which the two-state solve handles.
    """
    if target < 1:
        raise EuchreError(f"the target must be at least 1, not {target}")
    total = sum(outcomes.values())
    probs = {r: p / total for r, p in outcomes.items() if p > 0}
    p0 = probs.pop((0, 0), 0.0)
    memo: dict[tuple[int, int, bool], float] = {}

    def w(u: int, t: int, deal: bool) -> float:
        if u >= target:
            return 1.0
        if t >= target:
            return 0.0
        key = (u, t, deal)
        if key not in memo:
            a = _scored(u, t, deal)
            b = _scored(u, t, not deal)
            # x = a + p0 * y, y = b + p0 * x
            memo[key] = (a + p0 * b) / (1 - p0 * p0) if p0 < 1 else 0.5
        return memo[key]

    def _scored(u: int, t: int, deal: bool) -> float:
        out = 0.0
        for (dealer_pts, other_pts), p in probs.items():
            ours, theirs = (dealer_pts, other_pts) if deal else (other_pts, dealer_pts)
            out += p * w(u + ours, t + theirs, not deal)
        return out

    return tuple(tuple((w(u, t, False), w(u, t, True)) for t in range(target)) for u in range(target))


@cache
def load_outcomes() -> HandOutcomes:
    data = shipped_json(
        "euchre_tutor.games.classic",
        "data/hand_outcomes.json",
        "the classic hand-outcome table",
        "scripts/classic_gamewin.py --write",
    )
    probs: dict[Result, float] = {}
    for key, p in data["probabilities"].items():
        dealer_pts, other_pts = (int(x) for x in key.split(":"))
        probs[(dealer_pts, other_pts)] = float(p)
    return HandOutcomes(probs, int(data["hands"]), str(data["description"]))


@cache
def _table(target: int) -> ClassicGameWin:
    outcomes = load_outcomes()
    return ClassicGameWin(target, win_table(outcomes.probabilities, target), outcomes)


def is_tabled(rules: ClassicRules) -> bool:
    """Whether :func:`load_classic_table` has the chance to win a match of ``rules``: a race to a target
    at four players (the hand results were measured there)."""
    return rules.players == 4 and rules.hands is None


def load_classic_table(rules: ClassicRules | None = None) -> ClassicGameWin:
    """The table for ``rules``' target (four players only: the hand results were measured there)."""
    rules = rules or ClassicRules()
    if rules.players != 4:
        raise EuchreError(
            f"the chance to win the match is estimated for four players, not {rules.players}: "
            "use the 'most points' mode at this table"
        )
    if rules.hands is not None:
        raise EuchreError(
            "this match is a fixed number of hands, not a race to a target: the chance to win is not "
            "tabled for it; use the 'most points' mode"
        )
    return _table(rules.target)
