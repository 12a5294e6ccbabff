"""House rules before the bidding: misdeal hands and the farmer's hand (going under).

Both are offered on a player's first round-1 turn (:func:`bid_extras`); the
engine's round-1 phase applies them.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Final

from euchre_tutor.cards import Card, Rank
from euchre_tutor.classic.actions import MISDEAL, Action, card_key
from euchre_tutor.tricks.seating import Seat

if TYPE_CHECKING:
    from euchre_tutor.classic.state import HandState

__all__ = ["MISDEAL_WANTS", "bid_extras", "farmer_ranks", "misdeal_kind"]


_FACES: Final = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING, Rank.JOKER})
# misdeal option -> the aces an "ace" hand may hold (None: that kind is not played) and
# whether a hand with no ace counts ("no ace, no face").
_MISDEAL_KINDS: Final[dict[str, tuple[range | None, bool]]] = {
    "off": (None, False),
    "ace-no-face": (range(1, 2), False),  # the sheet: exactly one ace, four non-face cards
    "aces-no-face": (range(1, 6), False),  # the lenient reading: one or more aces
    "no-ace-no-face": (None, True),
    "either": (range(1, 2), True),
    "no-face": (range(1, 6), True),
}
#: misdeal option -> the hand it wants, in words ("... is not {want} hand")
MISDEAL_WANTS: Final = {
    "off": "a misdeal",
    "ace-no-face": "an 'ace, no face' (exactly one ace)",
    "aces-no-face": "an 'ace, no face' (one or more aces)",
    "no-ace-no-face": "a 'no ace, no face'",
    "either": "an 'ace, no face' (exactly one ace) or a 'no ace, no face'",
    "no-face": "a no-face",
}


def misdeal_kind(hand: Sequence[Card], rule: str) -> str | None:
    """'ace, no face' or 'no ace, no face' when ``hand`` may be thrown in under ``rule`` (else None).

    >>> from euchre_tutor.cards import parse_cards
    >>> misdeal_kind(parse_cards("AS 9H TH 9C TC"), "ace-no-face")
    'ace, no face'
    >>> misdeal_kind(parse_cards("AS AH TH 9C TC"), "ace-no-face") is None  # two aces
    True
    >>> misdeal_kind(parse_cards("AS AH TH 9C TC"), "aces-no-face")
    'ace, no face'
    """
    aces_ok, no_ace_ok = _MISDEAL_KINDS[rule]
    if any(c.rank in _FACES for c in hand):
        return None
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    if aces and aces_ok is not None and aces in aces_ok:
        return "ace, no face"
    if not aces and no_ace_ok:
        return "no ace, no face"
    return None


_FARMER_RANKS: Final = {
    20: (Rank.TEN,),
    24: (Rank.NINE, Rank.TEN),
    28: (Rank.EIGHT, Rank.NINE),
    32: (Rank.SEVEN, Rank.EIGHT),
}


def farmer_ranks(deck_size: int) -> tuple[Rank, ...]:
    """The low ranks a farmer's hand swaps: the deck's two lowest (the sheet: 9s and 10s; 8-A deck:
    8s and 9s; 7-A deck: 7s and 8s). The 10-A deck has no 9s, so "9s or 10s" leaves its 10s."""
    return _FARMER_RANKS[deck_size]


def _low_cards(hand: Sequence[Card], deck_size: int) -> list[Card]:
    """The cards of ``hand`` a farmer's hand may swap (see :func:`farmer_ranks`)."""
    ranks = farmer_ranks(deck_size)
    return sorted((c for c in hand if c.rank in ranks), key=card_key)


def bid_extras(s: HandState, seat: Seat) -> list[Action]:
    """The house-rule actions open to ``seat`` on its round-1 turn before the bid: a misdeal (a hand
    the misdeal rule lets it throw in, unless it went under) and going under (every three of its low
    cards, once per hand); empty when neither rule is played."""
    out: list[Action] = []
    hand = s.hands[seat]
    if s.rules.misdeal != "off" and s.under_seat != seat and misdeal_kind(hand, s.rules.misdeal):
        out.append(MISDEAL)
    if s.rules.farmers_hand and s.under_seat is None:
        lows = _low_cards(hand, s.rules.deck)
        if len(lows) >= 3:
            out.extend(Action("under", cards=tuple(combo)) for combo in combinations(lows, 3))
    return out
