"""An independent scorer for Bid Euchre, transcribed from the rules sheet (docs/rules-bid.md).

Property tests and the invariant benchmark compare the engine's score with
this one, so it must never import the engine (``euchre_tutor.games.bid.engine``): it reads
only the rules configuration, a plain dataclass of options.

``expected_points(rules, bid, bidders_tricks, bidders_team) -> (NS, EW)``
    ``bid`` is a number of tricks or one of ``"alone"``, ``"call-1"``,
    ``"call-2"``; ``bidders_team`` is 0 for NS, 1 for EW.
"""

from __future__ import annotations

from euchre_tutor.games.bid.rules import BidRules

__all__ = ["SHEET", "expected_points", "tricks_in_hand"]

SHEET = {
    "made": "A side that takes at least its bid scores the tricks it took (or, by option, its bid).",
    "defenders": "The other side scores one point for each trick it took.",
    "set": "A side that takes fewer tricks than its bid is set and loses its bid.",
    "alone": "An alone bid ... the loner must take every trick, scoring the alone value or losing it.",
}

_ALONE_VALUE_FIELD = {"alone": "alone_points", "call-1": "call_1_points", "call-2": "call_2_points"}


def tricks_in_hand(rules: BidRules) -> int:
    """Cards dealt to each player: the pack less the kitty, shared by four."""
    cards = 24 * (2 if rules.double_deck else 1) + (1 if rules.joker else 0)
    if rules.kitty:
        cards -= 1 if rules.joker else 4
    return cards // 4


def expected_points(
    rules: BidRules, bid: int | str, bidders_tricks: int, bidders_team: int
) -> tuple[int, int]:
    total = tricks_in_hand(rules)
    other_side = total - bidders_tricks  # "The other side scores one point for each trick it took."
    # An alone bid contracts for every trick and is worth its value; a number, its tricks.
    needed, worth = (total, getattr(rules, _ALONE_VALUE_FIELD[bid])) if isinstance(bid, str) else (bid, bid)
    if bidders_tricks < needed:  # "set ... loses its bid" (or, by option, scores nothing)
        bidders = -worth if rules.set_loses_bid else 0
    elif isinstance(bid, str) or rules.made_scores == "bid":
        bidders = worth
    else:  # "scores the tricks it took"
        bidders = bidders_tricks
    return (bidders, other_side) if bidders_team == 0 else (other_side, bidders)
