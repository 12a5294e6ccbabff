"""What the classic advisor's analysis is, as data: the value of every option of one decision.

:class:`ClassicOption` is one legal action's sampled values from the analysed seat's side,
:class:`ClassicAnalysis` the decision's options best first with the method and the reasons, and
:class:`TableShift` the measured correction that moves a table's options' points
(:mod:`~euchre_tutor.games.classic.advisor.table_calibration`). The analysis
(:mod:`~euchre_tutor.games.classic.advisor.analysis`) makes them; the reasons, the table's calibration
and the ideas read them.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_tutor.advisor.sampling import GRADE_MIN_WORLDS, Method, Mode, focus_settled
from euchre_tutor.advisor.shared import SampledAnalysis, SampledLoss
from euchre_tutor.games.classic.engine.engine import Action

__all__ = ["ClassicAnalysis", "ClassicOption", "Method", "Mode", "TableShift"]


@dataclass(frozen=True, slots=True)
class TableShift:
    """The measured correction of one kind of decision at tables of one level: ``points`` added to each
    option's expected points, ``p_make`` to the makers' chance of making given that someone makes trump;
    measured over ``decisions`` decisions in ``hands`` hands."""

    level: str
    kind: str
    points: float
    p_make: float
    decisions: int
    hands: int

    @property
    def words(self) -> str:
        """What the shift is, for the figures depth of a hint."""
        what = {
            "round-1": "a bid in the first round",
            "round-2": "a bid in the second round",
            "discard": "the dealer's discard",
            "lead": "a lead",
            "follow": "a card played to a trick",
        }[self.kind]
        name = self.level.capitalize()
        article = "an" if name[0] in "AEIOU" else "a"
        # card play is valued with every hand open; a bid by playing each deal out (at this table's level)
        values = "the open-hands values" if self.kind in ("lead", "follow") else "the played-out values"
        if round(abs(self.points), 2) == 0:  # "less 0.00" would say nothing
            moved = f"after {what} it scores {values} to within half a hundredth of a point"
        else:
            moved = f"{values} {'less' if self.points < 0 else 'plus'} {abs(self.points):.2f} after {what}"
        return (
            f"the points are what {article} {name} table scores: {moved}, measured over "
            f"{self.decisions:,} such decisions in {self.hands:,} hands played at such tables"
        )


@dataclass(frozen=True, slots=True)
class ClassicOption(SampledLoss):
    """One legal action's sampled values, from the analysed seat's side.

    ``loss`` is what the option gives up against the best option in the analysis's mode (expected
    points, or the chance to win the match), measured on the same worlds (paired), and ``loss_se``
    its standard error: ``loss ± 1.96 * loss_se`` is its 95% interval. ``follow_ups`` counts, over
    the worlds, what the analysed seat itself did next in the bidding after this action (``"-"``:
    it was not asked again), which is the plan a reason sentence puts in words.
    """

    action: Action
    ev: float  # mean points: our team's minus the mean of the other teams'
    se: float  # standard error of ev over the worlds
    p_make: float  # P(the makers score)
    p_euchred: float  # P(the makers are euchred)
    p_march: float  # P(the makers take every trick)
    makers: str  # whose side the makers are: "us", "them", "either" (it depends on the world) or "none"
    p_win_game: float | None = None  # with a match score: P(our side wins the match)
    p_passed_out: float = 0.0  # P(nobody makes trump: the hand is thrown in)
    loss: float = 0.0  # against the best option, in the mode's utility, paired on the same worlds
    loss_se: float = 0.0  # standard error of loss (0 when every world gives the same difference)
    ev_gap: float = 0.0  # expected points against the best option (paired), whatever the mode
    ev_gap_se: float = 0.0
    follow_ups: tuple[tuple[str, int], ...] = ()  # the seat's own next bid after this action, counted

    @property
    def label(self) -> str:
        return str(self.action)

    def utility(self, mode: Mode) -> float:
        if mode == "game" and self.p_win_game is not None:
            return self.p_win_game
        return self.ev

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "action": str(self.action),
            "ev": round(self.ev, 4),
            "se": round(self.se, 4),
            "p_make": round(self.p_make, 4),
            "p_euchred": round(self.p_euchred, 4),
            "p_march": round(self.p_march, 4),
            "makers": self.makers,
            "loss": round(self.loss, 4),
            "loss_se": round(self.loss_se, 4),
            "tied": self.tied,
        }
        if self.p_passed_out:
            out["p_passed_out"] = round(self.p_passed_out, 4)
        if self.p_win_game is not None:
            out["p_win_game"] = round(self.p_win_game, 4)
        return out


@dataclass(frozen=True, slots=True)
class ClassicAnalysis(SampledAnalysis[ClassicOption]):
    """The analysis of one decision: options best first, the method, the reasons."""

    #: the table's calibration that moved the options' points (None: the advisor's own values)
    table_shift: TableShift | None = None
    #: the weight of play with every hand open in each play-out deal's value (0: the rollout alone)
    playout_open: float = 0.0
    parse = staticmethod(Action.parse)

    def grade_holds(self, action: Action) -> bool:
        """Whether ``action``'s grade is settled: at least :data:`GRADE_MIN_WORLDS` deals, and its
        loss interval clear of every grade boundary (when it is the best: every other option's clear
        of the tie) (:func:`~euchre_tutor.advisor.sampling.focus_settled`). An unsettled grade is worth
        refining (:func:`~euchre_tutor.games.classic.advisor.analysis.analyse` with
        ``focus=action`` and a larger ``max_worlds``)."""
        return self.worlds >= GRADE_MIN_WORLDS and focus_settled(self.options, self.mode, action)

    def json_reasons(self) -> dict[str, object]:
        return {
            **({"playout_open": self.playout_open} if self.method == "play-out" else {}),
            "reasons": [{"rule": r.rule, "text": r.text} for r in self.reasons],
            **(
                {}
                if self.table_shift is None
                else {
                    "table": {
                        "level": self.table_shift.level,
                        "kind": self.table_shift.kind,
                        "points": self.table_shift.points,
                        "p_make": self.table_shift.p_make,
                    }
                }
            ),
        }
