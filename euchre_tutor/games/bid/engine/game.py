"""A mutable Bid Euchre session: the match, its history, undo/redo, save/load.

:class:`BidGame` is the trick-taking core's :class:`~euchre_tutor.tricks.game.MatchGame` for Bid
Euchre: it keeps the immutable :class:`MatchState` s it has been through (undo and redo move a
cursor), and its save file stores the rules, the seed, the explicit deals and the actions; loading
replays the actions through the checked engine, so a corrupt or hand-edited file raises
:class:`~euchre_tutor.errors.SaveFileError` and nothing is half-loaded.

>>> game = BidGame(seed=3)
>>> game.apply("pass").to_act
<Seat.S: 2>
>>> game.undo(); game.state.to_act
<Seat.E: 1>
"""

from __future__ import annotations

from typing import Any, Final

from euchre_tutor.games.bid.engine.actions import Action
from euchre_tutor.games.bid.engine.deal import Deal
from euchre_tutor.games.bid.engine.match import MatchState, new_match
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.tricks.game import MatchGame
from euchre_tutor.tricks.seating import FOUR

__all__ = ["FORMAT", "VERSION", "BidGame"]

FORMAT: Final = "euchre-tutor/bid-game"
VERSION: Final = 1


class BidGame(MatchGame[MatchState, Action]):
    """A Bid Euchre match with history. ``state`` is the current immutable :class:`MatchState`."""

    FORMAT = FORMAT
    VERSION = VERSION
    KEYS = frozenset({"format", "version", "rules", "seed", "dealer", "deals", "actions", "position"})
    #: "grades": the table's grades of the student's decisions, which the class report reads (the game ignores them)
    OPTIONAL = frozenset({"grades"})
    WHAT = "Bid Euchre game"
    HOLDER = "a Bid Euchre save file"
    KIND = "Bid Euchre"
    NEW_MATCH = new_match
    ACTION = Action

    @property
    def rules(self) -> BidRules:
        return self.state.rules

    @classmethod
    def from_setup(cls, data: dict[str, Any], seed: int | str) -> BidGame:
        rules = BidRules.from_json(data["rules"])
        deals = [Deal.from_json(d, rules) for d in data["deals"]]
        return cls(rules, seed=seed, dealer=FOUR.parse(data["dealer"]), deals=deals)
