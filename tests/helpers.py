"""Small builders shared by the tests."""

from __future__ import annotations

from euchre_tutor.cards import deck, parse_cards
from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal


def make_deal(hand: str, turn: str, stock_top: str = "", stock_bottom: str = "") -> SolitaireDeal:
    """A deal with this hand and turn card, the stock starting with ``stock_top`` (top first)
    and ending with ``stock_bottom``; the other cards fill the middle in canonical order."""
    fixed = parse_cards(f"{hand} {turn} {stock_top} {stock_bottom}")
    middle = [c for c in deck() if c not in fixed]
    return SolitaireDeal.from_cards(
        [*parse_cards(hand), *parse_cards(turn), *parse_cards(stock_top), *middle, *parse_cards(stock_bottom)]
    )
