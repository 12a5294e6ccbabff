"""A spread of Bid Euchre rule configurations beyond the presets (tests and the invariant benchmark)."""

from __future__ import annotations

from euchre_tutor.games.bid.rules import BidRules

SPREAD: dict[str, BidRules] = {
    "dealer-first": BidRules(bidding_order="dealer-first"),
    "auction-suits": BidRules(bidding="auction", no_trump="high-low"),
    "level-single": BidRules(bid_type="level", alone_bids="call-2"),
    "dealer-left-leads": BidRules(lead="dealer-left", alone_bids="call-2", no_trump="high-low"),
    "score-bid-only": BidRules(made_scores="bid", set_loses_bid=False, minimum_bid=3),
    "no-alone": BidRules(alone_bids="none", no_trump="off"),
    "kitty-calls": BidRules(kitty=True, alone_bids="call-2", no_trump="high-low"),
    "double-kitty": BidRules(double_deck=True, kitty=True, bidding="auction", bid_type="level"),
    "double-joker": BidRules(double_deck=True, kitty=True, joker=True, no_trump="off", alone_bids="call-2"),
    "joker-level-auction": BidRules(
        kitty=True, joker=True, no_trump="off", bidding="auction", bid_type="level"
    ),
}
