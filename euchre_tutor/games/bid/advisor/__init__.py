"""Bid Euchre's advisor: sampled worlds, a double-dummy search, expected points, grades and reasons.

``from euchre_tutor.games.bid.advisor import analyse, bid_grade, BidAnalysis, BidOption``

- :mod:`.dd`: the double-dummy search (a C core with a Python twin);
- :mod:`.worlds`: deals consistent with what a seat has seen;
- :mod:`.analysis`: every legal action's expected points over sampled worlds;
- :mod:`.reasons`: the grades and the reasons in words.
"""

from __future__ import annotations

from euchre_tutor.games.bid.advisor.analysis import BidAnalysis, BidOption, Continuation, analyse
from euchre_tutor.games.bid.advisor.reasons import bid_grade

__all__ = ["BidAnalysis", "BidOption", "Continuation", "analyse", "bid_grade"]
