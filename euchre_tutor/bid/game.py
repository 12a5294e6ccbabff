"""A mutable Bid Euchre session: the match, its history, undo/redo, save/load.

:class:`BidGame` keeps the immutable :class:`MatchState` s it has been
through (undo and redo move a cursor, as :class:`~euchre_tutor.tricks.history.History`
does for the other games). A save file stores the rules, the seed, the
explicit deals and the actions; loading replays the actions through the
checked engine, so a corrupt or hand-edited file raises
:class:`~euchre_tutor.errors.SaveFileError` and nothing is half-loaded.

>>> game = BidGame(seed=3)
>>> game.apply("pass").to_act
<Seat.S: 2>
>>> game.undo(); game.state.to_act
<Seat.E: 1>
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from euchre_tutor.bid.actions import Action
from euchre_tutor.bid.deal import Deal
from euchre_tutor.bid.events import Event
from euchre_tutor.bid.match import MatchState, new_match
from euchre_tutor.errors import EuchreError, SaveFileError
from euchre_tutor.jsonio import MAX_DIGITS, short
from euchre_tutor.rules.bid import BidRules
from euchre_tutor.tricks.history import (
    History,
    parse_saved_json,
    read_save_header,
    read_saved_actions,
    read_saved_file,
    replay_saved_actions,
    write_saved_file,
)
from euchre_tutor.tricks.seating import FOUR, Seat

__all__ = ["FORMAT", "VERSION", "BidGame"]

FORMAT: Final = "euchre-tutor/bid-game"
VERSION: Final = 1
_KEYS: Final = {"format", "version", "rules", "seed", "dealer", "deals", "actions", "position"}
#: "grades": the table's grades of the student's decisions, which the class report reads (the game ignores them)
_OPTIONAL: Final = frozenset({"grades"})


class BidGame(History[MatchState, Action]):
    """A Bid Euchre match with history. ``state`` is the current immutable :class:`MatchState`."""

    def __init__(
        self,
        rules: BidRules | None = None,
        *,
        seed: int | str = 0,
        dealer: Seat | str | None = None,
        deals: Sequence[Deal] = (),
    ) -> None:
        super().__init__(new_match(rules, seed=seed, dealer=dealer, deals=deals), start_name="the match")

    @property
    def rules(self) -> BidRules:
        return self.state.rules

    def log(self) -> list[Event]:
        """Every event from the start to the current state, in order (the trick log)."""
        out: list[Event] = []
        for st in self._states[: self._position + 1]:
            out.extend(st.events)
        return out

    def apply(self, action: Action | str) -> MatchState:
        """Apply an action of whoever is to act; an illegal one raises and changes nothing."""
        return self.push(Action.parse(action), self.state.apply(action))

    # -- saving ------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        first = self._states[0]
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_json(),
            "seed": first.seed,
            "dealer": first.first_dealer.name,
            "deals": [d.to_json() for d in first.deals],
            "actions": [str(a) for a in self._actions],
            "position": self._position,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        """Save atomically: a save that fails half-way leaves the previous one whole."""
        write_saved_file(path, self.dumps() + "\n", "Bid Euchre game")

    @classmethod
    def from_json(cls, data: object) -> BidGame:
        """Rebuild a game by replaying its actions; any problem is a SaveFileError."""
        data = read_save_header(
            data,
            format=FORMAT,
            version=VERSION,
            keys=_KEYS,
            optional=_OPTIONAL,
            holder="a Bid Euchre save file",
            kind="Bid Euchre",
        )
        seed = data["seed"]
        if (
            isinstance(seed, bool)
            or not isinstance(seed, int | str)
            or (isinstance(seed, str) and len(seed) > 2 * MAX_DIGITS)
        ):
            raise SaveFileError(f"the seed must be a number or a short text, not {short(seed)}")
        actions, position = read_saved_actions(data, "Bid Euchre game")
        if not isinstance(data["deals"], list):
            raise SaveFileError("deals must be a list of deals")
        try:
            rules = BidRules.from_json(data["rules"])
            deals = [Deal.from_json(d, rules) for d in data["deals"]]
            game = cls(rules, seed=seed, dealer=FOUR.parse(data["dealer"]), deals=deals)
        except EuchreError as exc:
            raise SaveFileError(f"the save file's setup is invalid: {exc}") from None
        replay_saved_actions(game.apply, actions)
        game.go_to(position)
        return game

    @classmethod
    def loads(cls, text: str) -> BidGame:
        return cls.from_json(parse_saved_json(text, "Bid Euchre game"))

    @classmethod
    def load(cls, path: str | Path) -> BidGame:
        return cls.loads(read_saved_file(path, "Bid Euchre game"))
