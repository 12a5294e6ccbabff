"""euchre_tutor: an interactive tutor for Euchre Solitaire and classic Euchre.

The public API is re-exported here; the layers are cards → rules → engines →
views → advisor → bots → session → widgets (only the widgets import ipywidgets).
"""

from __future__ import annotations

from euchre_tutor.cards import Card, Rank, Suit, deck, effective_suit, parse_card, parse_cards
from euchre_tutor.errors import (
    CardError,
    DealError,
    EuchreError,
    IllegalAction,
    IllegalPlay,
    RulesError,
    SaveFileError,
)

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardError",
    "DealError",
    "EuchreError",
    "IllegalAction",
    "IllegalPlay",
    "Rank",
    "RulesError",
    "SaveFileError",
    "Suit",
    "__version__",
    "deck",
    "effective_suit",
    "parse_card",
    "parse_cards",
]
