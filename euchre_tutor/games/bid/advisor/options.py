"""What the Bid Euchre advisor's analysis is, as data: the value of every option of one decision.

:class:`BidOption` is one legal action's sampled values from the analysed seat's side, with its
reasons; :class:`BidAnalysis` the decision's options best first with the method and the reasons.
The analysis (:mod:`~euchre_tutor.games.bid.advisor.analysis`) makes them; the reasons and the ideas read
them.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_tutor.advisor.shared import Reason, SampledAnalysis, SampledLoss
from euchre_tutor.games.bid.engine import Action

__all__ = ["BidAnalysis", "BidOption"]


@dataclass(frozen=True, slots=True)
class BidOption(SampledLoss):
    """One legal action's sampled values, from the analysed seat's side.

    ``ev``: the mean of the seat's side's points minus the other side's for the hand; ``loss``: what
    it gives up against the best option on the same worlds (paired), ``loss_se`` its standard error
    (``interval`` and ``ev_interval`` are the 95% half-widths). ``tricks``: the mean tricks the
    seat's side takes; ``p_make``: P(the bidders make their bid), ``bidders``: whose side they are
    (``"us"``, ``"them"``, ``"either"``, ``"none"``), ``p_passed_out``: P(the hand is thrown in).
    """

    action: Action
    ev: float
    se: float
    loss: float = 0.0
    loss_se: float = 0.0
    tricks: float = 0.0
    p_make: float = 0.0
    bidders: str = "none"
    p_passed_out: float = 0.0
    reasons: tuple[Reason, ...] = ()
    worlds: int = 0  # the sampled deals it was valued on (fewer than the analysis's: a settled blunder)

    @property
    def label(self) -> str:
        return str(self.action)

    def to_json(self) -> dict[str, object]:
        return {
            "action": str(self.action),
            "ev": round(self.ev, 4),
            "ev_interval": round(self.ev_interval, 4),
            "loss": round(self.loss, 4),
            "interval": round(self.interval, 4),
            "tied": self.tied,
            "tricks": round(self.tricks, 4),
            "p_make": round(self.p_make, 4),
            "bidders": self.bidders,
            "p_passed_out": round(self.p_passed_out, 4),
            "worlds": self.worlds,
            "reasons": [r.to_json() for r in self.reasons],
        }


@dataclass(frozen=True, slots=True)
class BidAnalysis(SampledAnalysis[BidOption]):
    """The analysis of one decision: options best first, the method, the reasons."""

    parse = staticmethod(Action.parse)
