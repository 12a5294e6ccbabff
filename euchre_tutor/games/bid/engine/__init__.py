"""Bid Euchre: the engine (immutable hand and match states) and the game with undo and save.

The rules are :class:`~euchre_tutor.games.bid.rules.BidRules`; the seats, teams
and trick events are classic Euchre's (:mod:`euchre_tutor.tricks.seating`,
:mod:`euchre_tutor.games.classic.engine.events`), the card order and follow-suit rule
:mod:`euchre_tutor.cards`'. See ``docs/bid-engine.md`` for a summary.

>>> from euchre_tutor.games.bid.engine import Deal, new_hand
>>> state = new_hand(Deal.from_seed(7, "N"))
>>> state.apply("bid 3 H").to_act
<Seat.S: 2>
"""

from __future__ import annotations

from euchre_tutor.games.bid.engine.actions import NO_TRUMPS, PASS, Action, Phase
from euchre_tutor.games.bid.engine.deal import Deal, check_deal, pack
from euchre_tutor.games.bid.engine.events import (
    BidMade,
    CardPlayed,
    CardsGiven,
    Discarded,
    Event,
    HandScored,
    HandStarted,
    KittyTaken,
    MatchWon,
    Passed,
    PassedOut,
    Trick,
    TrickWon,
    TrumpNamed,
)
from euchre_tutor.games.bid.engine.game import BidGame
from euchre_tutor.games.bid.engine.hand import HandState, explain_trick, new_hand, trick_winner
from euchre_tutor.games.bid.engine.match import HandResult, MatchState, match_winner, new_match
from euchre_tutor.games.bid.engine.scoring import bid_needs, hand_points
from euchre_tutor.tricks.seating import Seat, Team

__all__ = [
    "NO_TRUMPS",
    "PASS",
    "Action",
    "BidGame",
    "BidMade",
    "CardPlayed",
    "CardsGiven",
    "Deal",
    "Discarded",
    "Event",
    "HandResult",
    "HandScored",
    "HandStarted",
    "HandState",
    "KittyTaken",
    "MatchState",
    "MatchWon",
    "Passed",
    "PassedOut",
    "Phase",
    "Seat",
    "Team",
    "Trick",
    "TrickWon",
    "TrumpNamed",
    "bid_needs",
    "check_deal",
    "explain_trick",
    "hand_points",
    "match_winner",
    "new_hand",
    "new_match",
    "pack",
    "trick_winner",
]
