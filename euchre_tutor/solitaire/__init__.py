"""Euchre Solitaire: the engine (one deal), the game to the target, save/load."""

from __future__ import annotations

from euchre_tutor.solitaire.engine import (
    Action,
    DealState,
    NameTrump,
    OrderUp,
    Phase,
    Play,
    SolitaireDeal,
    Trick,
    new_deal,
)
from euchre_tutor.solitaire.game import GameState, SolitaireGame, StartDeal

__all__ = [
    "Action",
    "DealState",
    "GameState",
    "NameTrump",
    "OrderUp",
    "Phase",
    "Play",
    "SolitaireDeal",
    "SolitaireGame",
    "StartDeal",
    "Trick",
    "new_deal",
]
