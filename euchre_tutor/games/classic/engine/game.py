"""A mutable classic-Euchre session: the match, its history, undo/redo, save/load.

:class:`ClassicGame` keeps the list of immutable :class:`MatchState` s it has
been through, so undo and redo are just moving a cursor. A save file stores
the rules, the seed, the explicit deals and the action list; loading replays
the actions through the checked engine, so a corrupt or hand-edited file
raises :class:`~euchre_tutor.errors.SaveFileError` and nothing is half-loaded.

>>> game = ClassicGame(seed=3)
>>> game.apply("pass").to_act
<Seat.S: 2>
>>> game.undo(); game.state.to_act
<Seat.E: 1>
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from euchre_tutor.errors import SaveFileError
from euchre_tutor.games.classic.engine.actions import Action
from euchre_tutor.games.classic.engine.deal import Deal, rules_seating
from euchre_tutor.games.classic.engine.hand import HandState
from euchre_tutor.games.classic.engine.match import MatchState, new_match
from euchre_tutor.games.classic.engine.replay import replay_state
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.tricks.game import MatchGame

__all__ = ["FORMAT", "VERSION", "ClassicGame", "load_saved_or_deal"]

FORMAT: Final = "euchre-tutor/classic-game"
VERSION: Final = 1


class ClassicGame(MatchGame[MatchState, Action]):
    """A match with history. ``state`` is the current immutable :class:`MatchState`."""

    FORMAT = FORMAT
    VERSION = VERSION
    KEYS = frozenset({"format", "version", "rules", "seed", "dealer", "deals", "actions"})
    #: older saves have no redo tail, so no position; "grades": the table's grades of the student's
    #: decisions, written beside the game by a tutor's Save for the class report (the engine ignores them)
    OPTIONAL = frozenset({"position", "grades"})
    WHAT = "classic game"
    HOLDER = "a classic save file"
    KIND = "classic Euchre"
    QUOTE = repr
    NEW_MATCH = new_match
    ACTION = Action

    @property
    def rules(self) -> ClassicRules:
        return self.state.rules

    @classmethod
    def from_setup(cls, data: dict[str, Any], seed: int | str) -> ClassicGame:
        rules = ClassicRules.from_json(data["rules"])
        table = rules_seating(rules)
        deals = [Deal.from_json(d, size=rules.deck, joker=rules.joker, seating=table) for d in data["deals"]]
        dealer = table.parse(data["dealer"])
        if deals and deals[0].dealer != dealer:
            raise SaveFileError(
                f"the save says {dealer.word} deals first, but its first deal is dealt by "
                f"{deals[0].dealer.word}: the fields contradict each other"
            )
        return cls(rules, seed=seed, dealer=dealer, deals=deals)


_DEAL_EXAMPLE: Final = '{"rules": "standard", "dealer": "N", "hands": {"N": [5 cards], "E": [...], "S": [...], "W": [...]}, "up": "KS"}'


def load_saved_or_deal(data: bytes | str | Mapping[str, Any]) -> ClassicGame | HandState:
    """What a Load box or file holds: a saved game, or a teacher's deal (the ``classic replay`` input).

    A JSON object with a ``format`` key is a saved game (:meth:`ClassicGame.from_json`);
    any other object is a teacher's deal: ``rules``, ``dealer``, ``hands``,
    ``up``, optional ``kitty`` and ``actions`` (the moves already made), returned
    as the :class:`HandState` after those actions. Anything else raises a
    teaching error (IllegalAction for text that is not JSON or names another
    save format, else the SaveFileError or DealError of the reader it looked like).

    >>> import json
    >>> hands = {"N": "9C TC JC QC KC", "E": "9D TD JD QD KD", "S": "9H TH JH QH KH", "W": "9S TS JS QS AC"}
    >>> deal = {"dealer": "N", "up": "KS", "actions": ["pass"], "hands": {s: h.split() for s, h in hands.items()}}
    >>> load_saved_or_deal(json.dumps(deal)).to_act
    <Seat.S: 2>
    >>> load_saved_or_deal(ClassicGame(seed=3).dumps()).state.to_act
    <Seat.E: 1>
    """
    return ClassicGame.saved_or_deal(
        data,
        replay_state,
        example=_DEAL_EXAMPLE,
        looks_like='it looks like {"dealer": "N", "hands": {"N": ["9S", ...], ...}, "up": "KS"}',
    )
