"""Bid Euchre scoring: what each side scores for one played hand.

>>> from euchre_tutor.games.bid.rules import BidRules
>>> hand_points(BidRules(), 3, None, 4)  # bid 3, took 4: bidders 4, the others their 2
(4, 2)
>>> hand_points(BidRules(), 5, None, 4)  # set: lose the bid
(-5, 2)
>>> hand_points(BidRules(), None, "alone", 6)
(12, 0)
"""

from __future__ import annotations

from euchre_tutor.games.bid.rules import BidRules

__all__ = ["bid_needs", "hand_points"]


def bid_needs(rules: BidRules, level: int | None, alone: str | None) -> int:
    """Tricks the bidders must take: the level, or every trick for an alone bid."""
    return rules.hand_size if alone is not None else int(level or 0)


def hand_points(
    rules: BidRules, level: int | None, alone: str | None, bidders_tricks: int
) -> tuple[int, int]:
    """(bidders' points, the other side's points) for a hand the bidders took ``bidders_tricks`` of.

    The other side always scores its tricks. Made: the tricks (or, with
    ``made_scores="bid"``, the bid; an alone bid its value). Set: minus the
    bid (or the alone value), or nothing with ``set_loses_bid=false``.
    """
    others = rules.hand_size - bidders_tricks
    worth = rules.alone_value(alone) if alone is not None else int(level or 0)
    if bidders_tricks >= bid_needs(rules, level, alone):
        if alone is not None or not rules.scores_tricks:
            return worth, others
        return bidders_tricks, others
    return (-worth if rules.set_loses_bid else 0), others
