"""House rules before the bidding: misdeal hands and the farmer's hand (going under).

Both are offered on a player's first round-1 turn (:func:`bid_extras`); the
engine's round-1 phase applies them. What each rule means (which hands may
be thrown in, which cards go under) is the rules' to say
(:meth:`~euchre_tutor.games.classic.rules.ClassicRules.misdeal_hand`,
:attr:`~euchre_tutor.games.classic.rules.ClassicRules.under_ranks`); this module
only turns it into actions. :func:`misdeal_kind` and :func:`farmer_ranks` are
re-exported for the engine's public names.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from euchre_tutor.games.classic.engine.actions import MISDEAL, Action, card_key
from euchre_tutor.games.classic.rules import farmer_ranks, misdeal_kind
from euchre_tutor.tricks.seating import Seat

if TYPE_CHECKING:
    from euchre_tutor.games.classic.engine.state import HandState

__all__ = ["bid_extras", "farmer_ranks", "misdeal_kind"]


def bid_extras(s: HandState, seat: Seat) -> list[Action]:
    """The house-rule actions open to ``seat`` on its round-1 turn before the bid: a misdeal (a hand
    the misdeal rule lets it throw in, unless it went under) and going under (every three of its low
    cards, once per hand); empty when neither rule is played."""
    out: list[Action] = []
    rules = s.rules
    hand = s.hands[seat]
    if s.under_seat != seat and rules.misdeal_hand(hand):
        out.append(MISDEAL)
    ranks = rules.under_ranks
    if ranks and s.under_seat is None:
        lows = sorted((c for c in hand if c.rank in ranks), key=card_key)
        if len(lows) >= 3:
            out.extend(Action("under", cards=tuple(combo)) for combo in combinations(lows, 3))
    return out
