"""Classic Euchre (3, 4 or 6 players): the engine, split by concept, and the game with undo and save.

The public names of the engine (:mod:`~euchre_tutor.games.classic.engine.engine` gathers
them from actions, deal, events, hand, play, scoring, house and match) and
:class:`~euchre_tutor.games.classic.engine.game.ClassicGame` (with
:func:`~euchre_tutor.games.classic.engine.game.load_saved_or_deal`, which tells a saved
game from a teacher's deal) are re-exported here.

>>> from euchre_tutor.games.classic.engine import Deal, new_hand
>>> new_hand(Deal.from_seed(7, "N")).to_act
<Seat.E: 1>
"""

from __future__ import annotations

from euchre_tutor.games.classic.engine import engine
from euchre_tutor.games.classic.engine.engine import *  # noqa: F403 - the engine's public names (its __all__)
from euchre_tutor.games.classic.engine.game import ClassicGame, load_saved_or_deal

__all__ = ["ClassicGame", "load_saved_or_deal"]
__all__ += engine.__all__
