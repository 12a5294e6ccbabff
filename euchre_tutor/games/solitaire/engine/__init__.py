"""Euchre Solitaire: the engine (one deal), the game to the target, save/load.

:func:`~euchre_tutor.games.solitaire.engine.game.load_saved_or_deal` reads what a Load box
holds: a saved game or a teacher's deal.
"""

from __future__ import annotations

from euchre_tutor.games.solitaire.engine.engine import (
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
from euchre_tutor.games.solitaire.engine.game import GameState, SolitaireGame, StartDeal, load_saved_or_deal

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
    "load_saved_or_deal",
    "new_deal",
]
