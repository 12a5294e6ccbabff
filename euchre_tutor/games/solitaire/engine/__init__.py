"""Euchre Solitaire: the engine (one deal), the game to the target, save/load.

:func:`~euchre_tutor.games.solitaire.engine.game.load_saved_or_deal` reads what a Load box
holds: a saved game or a teacher's deal. The public names of the engine and the game (each
module's ``__all__``) are re-exported here.
"""

from __future__ import annotations

from euchre_tutor.games.solitaire.engine import engine, game
from euchre_tutor.games.solitaire.engine.engine import *  # noqa: F403 - the parts' public names (their __all__)
from euchre_tutor.games.solitaire.engine.game import *  # noqa: F403

__all__ = list(engine.__all__)
__all__ += game.__all__
