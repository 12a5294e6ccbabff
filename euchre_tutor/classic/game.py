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

from collections.abc import Mapping, Sequence
from typing import Any, Final

from euchre_tutor.classic.actions import Action
from euchre_tutor.classic.deal import Deal, rules_seating
from euchre_tutor.classic.events import Event
from euchre_tutor.classic.hand import HandState
from euchre_tutor.classic.match import MatchState, new_match
from euchre_tutor.classic.replay import replay_state
from euchre_tutor.errors import IllegalAction, JsonInputError, SaveFileError
from euchre_tutor.jsonio import MAX_DIGITS, capped_text, load_json_text, short
from euchre_tutor.rules.classic import ClassicRules
from euchre_tutor.tricks.game import MatchGame
from euchre_tutor.tricks.seating import Seat

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

    def __init__(
        self,
        rules: ClassicRules | None = None,
        *,
        seed: int | str = 0,
        dealer: Seat | str | None = None,
        deals: Sequence[Deal] = (),
    ) -> None:
        super().__init__(new_match(rules, seed=seed, dealer=dealer, deals=deals), start_name="the match")

    @property
    def rules(self) -> ClassicRules:
        return self.state.rules

    def log(self) -> list[Event]:
        """Every event from the start to the current state, in order (the trick log)."""
        return super().log()

    @classmethod
    def parse_action(cls, action: Any) -> Action:
        return Action.parse(action)

    @classmethod
    def check_seed(cls, seed: object) -> int | str:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise SaveFileError(f"the seed must be a number or a string, not {seed!r}")
        if isinstance(seed, str) and len(seed) > 2 * MAX_DIGITS:
            raise SaveFileError(f"the seed is a short text or number, not {short(seed)}")
        return seed

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
    obj = _deal_json(data)
    if isinstance(obj, dict) and "format" in obj:
        if obj.get("format") != FORMAT:
            raise IllegalAction(
                f"a deal with a 'format' key is a saved game ({FORMAT!r}), not {short(obj.get('format'))}"
            )
        return ClassicGame.from_json(obj)
    return replay_state(obj)


def _deal_json(data: bytes | str | Mapping[str, Any]) -> object:
    """The pasted text as JSON, read through the limits of :mod:`euchre_tutor.jsonio`."""
    if isinstance(data, Mapping):
        return dict(data)
    if not isinstance(data, bytes | str):
        raise IllegalAction(f"a teacher's deal is a JSON object (text), not {short(data)}")
    if not data.strip():
        raise IllegalAction(f"paste a deal first: {_DEAL_EXAMPLE}")
    try:
        return load_json_text(capped_text(data, "the teacher's deal"), "the teacher's deal")
    except JsonInputError as error:
        raise IllegalAction(
            f'{error}; it looks like {{"dealer": "N", "hands": {{"N": ["9S", ...], ...}}, "up": "KS"}}'
        ) from None
