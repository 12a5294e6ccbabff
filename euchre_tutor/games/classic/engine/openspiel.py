"""Numbering shared with OpenSpiel's ``euchre`` game (no pyspiel import here).

OpenSpiel numbers a card ``rank * 4 + suit`` (suits C D H S = 0..3, ranks
9 T J Q K A = 0..5) and its actions 24 = pass, 25..28 = clubs..spades as
trump, 29 = alone, 30 = with partner; a discard or a play is the card's
number. Its chance actions are the dealer seat, then 20 cards (card k goes to
seat (dealer + k) % 4, the first to the dealer), then the up card. The tests
and the benchmark use these to force identical deals and compare actions.

>>> card_id(Card.parse("JS")), card_from_id(11)
(11, Card.parse('JS'))
"""

from __future__ import annotations

from typing import Final

from euchre_tutor.cards import Card, Rank, Suit
from euchre_tutor.games.classic.engine.actions import Action, Phase
from euchre_tutor.games.classic.engine.deal import Deal
from euchre_tutor.games.classic.engine.hand import HandState

__all__ = [
    "ALONE_ID",
    "PARTNER_ID",
    "PASS_ID",
    "TRUMP_IDS",
    "action_from_id",
    "action_id",
    "card_from_id",
    "card_id",
    "chance_actions",
]

PASS_ID: Final = 24
TRUMP_IDS: Final = 25  # + suit index
ALONE_ID: Final = 29
PARTNER_ID: Final = 30
_RANKS: Final = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
_SUITS: Final = tuple(Suit)


def card_id(card: Card) -> int:
    if card.suit is None or card.rank not in _RANKS:
        raise ValueError(f"{card} has no OpenSpiel number (OpenSpiel's euchre uses the 24-card deck)")
    return _RANKS.index(card.rank) * 4 + card.suit.index


def card_from_id(number: int) -> Card:
    return Card(_RANKS[number // 4], _SUITS[number % 4])


def action_id(action: Action, state: HandState) -> int:
    """OpenSpiel's number for ``action`` in ``state`` (``order`` is the up card's suit)."""
    if action.kind == "pass":
        return PASS_ID
    if action.kind == "order":
        assert state.up.suit is not None
        return TRUMP_IDS + state.up.suit.index
    if action.kind == "call":
        assert action.suit is not None
        return TRUMP_IDS + action.suit.index
    if action.kind == "alone":
        return ALONE_ID
    if action.kind == "partner":
        return PARTNER_ID
    assert action.card is not None
    return card_id(action.card)


def action_from_id(number: int, state: HandState) -> Action:
    """Our action for OpenSpiel's number in ``state`` (round 1's suit is ``order``)."""
    if number == PASS_ID:
        return Action("pass")
    if TRUMP_IDS <= number < TRUMP_IDS + 4:
        if state.phase is Phase.ROUND_1:
            return Action("order")
        return Action("call", suit=_SUITS[number - TRUMP_IDS])
    if number == ALONE_ID:
        return Action("alone")
    if number == PARTNER_ID:
        return Action("partner")
    kind = "discard" if state.phase is Phase.DISCARD else "play"
    return Action(kind, card=card_from_id(number))


def chance_actions(deal: Deal) -> list[int]:
    """The 22 chance actions that make OpenSpiel deal exactly ``deal``."""
    out = [int(deal.dealer)]
    for k in range(20):
        seat = (deal.dealer + k) % 4
        out.append(card_id(deal.hands[seat][k // 4]))
    out.append(card_id(deal.up))
    return out
