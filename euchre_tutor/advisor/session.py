"""Session statistics: every graded decision and every finished deal of a student's session.

A game's controller feeds it, a chart draws it; nothing here knows widgets,
so Solitaire and classic Euchre (and a lesson, or a script) share one model.
A feeder calls :meth:`SessionStats.update_deal` with the whole current line
of one deal whenever something changed (a decision made or undone, a grade
that arrived, the deal finished): the call is idempotent, so undo, redo and
late grades need no bookkeeping on the feeder's side.

>>> stats = SessionStats()
>>> stats.update_deal("classic", 1, [GradedDecision("order up ♥", "Best", 0.0),
...                                  GradedDecision("J♥", "Mistake", 0.3)], points=2, best=1.4)
True
>>> s = stats.summary()
>>> (s.decisions, s.average_loss, s.points, s.best)
(2, 0.15, 2, 1.4)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from euchre_tutor.advisor.luck import HandLuck, LuckTotal, hand_luck, total
from euchre_tutor.advisor.shared import GRADES

__all__ = ["DealRecord", "GradedDecision", "SessionStats", "StatsSummary", "Units"]

#: what a loss is measured in: expected points (the "most points" mode) or the chance to win the game
Units = Literal["points", "win chance"]


@dataclass(frozen=True, slots=True)
class GradedDecision:
    """One graded decision: what was chosen, its grade label, and the loss against the best choice."""

    choice: str
    label: str
    loss: float
    units: Units = "points"

    def __post_init__(self) -> None:
        if self.label not in GRADES:
            raise ValueError(f"unknown grade {self.label!r}: a grade is one of {', '.join(GRADES)}")
        if self.loss < 0:
            raise ValueError(f"a loss is never negative (the best choice loses 0), got {self.loss}")
        object.__setattr__(self, "loss", float(self.loss))


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal of the session: the graded decisions of its line, and its result once finished.

    ``points``: what the student's side scored minus what the other side
    scored (None while the deal is not finished); ``best``: the expected
    points (same sign) of the best choice at the student's first decision,
    i.e. what the best play would have expected from there (None if unknown);
    ``baseline``: the average value of the student's seat there, which the
    deal's luck is measured against (:mod:`euchre_tutor.advisor.luck`).
    """

    game: str
    key: Hashable
    number: int
    decisions: tuple[GradedDecision, ...] = ()
    points: int | None = None
    best: float | None = None
    #: the seat's average value at its first decision (luck's baseline), kept exactly as given (the
    #: measured baselines are Fractions, so the luck's parts match the class report's to the last digit)
    baseline: float | Fraction | None = None

    @property
    def finished(self) -> bool:
        return self.points is not None


@dataclass(frozen=True, slots=True)
class StatsSummary:
    """The figures of the session (or of one game): counts per grade, average loss, points against best."""

    decisions: int
    labels: dict[str, int]
    average_loss: float | None  # expected points lost per points-graded decision
    average_win_chance_loss: float | None  # per decision graded on the chance to win the game
    deals: int  # finished deals
    points: int  # their points, net
    best: float | None  # what the best play expected in the same deals (None if any is unknown)


class SessionStats:
    """The graded decisions and finished deals of a session, in the order they were first seen.

    Feed it with :meth:`update_deal`; read it with :meth:`deals`,
    :meth:`decisions` and :meth:`summary` (each optionally for one ``game``:
    ``"solitaire"``, ``"classic"``, or any name); :meth:`subscribe` to be told
    when a figure changed (a feeder repeating the same line tells nobody).
    """

    def __init__(self) -> None:
        self._deals: dict[tuple[str, Hashable], DealRecord] = {}
        self._listeners: list[Callable[[], None]] = []

    # ----------------------------------------------------------------- feeding

    def update_deal(
        self,
        game: str,
        deal: Hashable,
        decisions: Sequence[GradedDecision],
        *,
        points: int | None = None,
        best: float | Fraction | None = None,
        baseline: float | Fraction | None = None,
    ) -> bool:
        """Set one deal's graded decisions (its current line, in order) and its result if finished.

        ``deal`` names the deal within ``game`` (any hashable: a hand number,
        a (game, deal) pair). A deal with no graded decision and no result is
        not recorded. Returns whether anything changed.
        """
        if not game:
            raise ValueError("name the game the deal belongs to, e.g. 'solitaire' or 'classic'")
        ident = (game, deal)
        old = self._deals.get(ident)
        if old is None and not decisions and points is None:
            return False
        number = old.number if old is not None else 1 + sum(1 for g, _ in self._deals if g == game)
        new = DealRecord(
            game,
            deal,
            number,
            tuple(decisions),
            None if points is None else int(points),
            None if best is None else float(best),
            None if baseline is None else (baseline if isinstance(baseline, Fraction) else float(baseline)),
        )
        if new == old:
            return False
        self._deals[ident] = new
        self._emit()
        return True

    def clear(self) -> None:
        """Forget the session (a new student at the same table)."""
        if self._deals:
            self._deals.clear()
            self._emit()

    def subscribe(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _emit(self) -> None:
        for listener in list(self._listeners):
            listener()

    # ----------------------------------------------------------------- reading

    def deals(self, game: str | None = None) -> list[DealRecord]:
        return [d for d in self._deals.values() if game is None or d.game == game]

    def decisions(self, game: str | None = None) -> list[GradedDecision]:
        return [g for d in self.deals(game) for g in d.decisions]

    def luck(self, game: str | None = None) -> list[HandLuck]:
        """Every finished deal split into seat, deal, skill and rest (:func:`hand_luck`).

        A deal fed without a ``baseline`` counts its seat's average as 0; only losses in expected
        points count as skill (a loss in the chance to win the game is another unit).
        """
        return [h for d in self.deals(game) if (h := self.luck_of(d)) is not None]

    @staticmethod
    def luck_of(deal: DealRecord, number: int | None = None) -> HandLuck | None:
        """One deal's luck and skill (None while it is not finished); ``number`` names it in the
        sentences (default: its number in the session)."""
        if deal.points is None:
            return None
        points_graded = [g for g in deal.decisions if g.units == "points"]
        return hand_luck(
            deal.number if number is None else number,
            points=deal.points,
            expected=deal.best,
            baseline=deal.baseline or 0.0,
            losses=[g.loss for g in points_graded],
            labels=[g.label for g in points_graded],
        )

    def luck_total(self, game: str | None = None) -> LuckTotal:
        """The luck and skill of the session (or of one game), summed over its finished deals."""
        return total(self.luck(game))

    def summary(self, game: str | None = None) -> StatsSummary:
        decisions = self.decisions(game)
        labels = {name: 0 for name in GRADES}
        for g in decisions:
            labels[g.label] += 1
        points_losses = [g.loss for g in decisions if g.units == "points"]
        chance_losses = [g.loss for g in decisions if g.units == "win chance"]
        finished = [d for d in self.deals(game) if d.finished]
        bests = [d.best for d in finished]
        return StatsSummary(
            decisions=len(decisions),
            labels=labels,
            average_loss=_mean(points_losses),
            average_win_chance_loss=_mean(chance_losses),
            deals=len(finished),
            points=sum(d.points or 0 for d in finished),
            best=None if any(b is None for b in bests) else sum(b for b in bests if b is not None),
        )


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None
