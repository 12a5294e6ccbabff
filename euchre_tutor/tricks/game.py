"""A partnership match with history: the skeleton every dealt trick-taking game here shares.

:class:`MatchGame` keeps the immutable match states it has been through (undo and redo move a
cursor, :class:`~euchre_tutor.tricks.history.History`), applies an action of whoever is to act, and
saves and loads its file: the rules, the seed, the first dealer, the explicit deals and the action
list. Loading replays the actions through the checked engine, so a corrupt or hand-edited file
raises :class:`~euchre_tutor.errors.SaveFileError` and nothing is half-loaded.

A game subclasses it with its engine (:attr:`MatchGame.NEW_MATCH`, ``ACTION``), its file's names
(:attr:`MatchGame.FORMAT`, ``VERSION``, ``KEYS``, ``OPTIONAL``, ``WHAT``, ``HOLDER``, ``KIND``) and a
hook, :meth:`MatchGame.from_setup` (its rules and deals read from the file). :meth:`MatchGame.saved_or_deal` reads what a Load box holds: a save or a teacher's deal.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

from euchre_tutor.errors import EuchreError, IllegalAction, JsonInputError, SaveFileError
from euchre_tutor.jsonio import MAX_DIGITS, capped_text, load_json_text, short
from euchre_tutor.tricks.history import (
    History,
    parse_saved_json,
    read_save_header,
    read_saved_actions,
    read_saved_file,
    replay_saved_actions,
    write_saved_file,
)
from euchre_tutor.tricks.seating import Seat

__all__ = ["MatchGame"]


class _Rules(Protocol):
    def to_json(self) -> object: ...


class _Deal(Protocol):
    def to_json(self) -> object: ...


class _Match(Protocol):
    """What the skeleton reads of a game's immutable match state."""

    @property
    def rules(self) -> Any: ...
    @property
    def seed(self) -> int | str: ...
    @property
    def first_dealer(self) -> Seat: ...
    @property
    def deals(self) -> Sequence[_Deal]: ...
    @property
    def events(self) -> Sequence[Any]: ...
    def apply(self, action: Any, /) -> Any: ...


M = TypeVar("M", bound=_Match)
A = TypeVar("A")
G = TypeVar("G", bound="MatchGame[Any, Any]")
H = TypeVar("H")


class MatchGame(History[M, A]):
    """A match with history. ``state`` is the current immutable match state.

    ``Game(rules, seed=..., dealer=..., deals=...)`` starts a match (:attr:`NEW_MATCH`): ``rules``
    the game's rules object (None: its default rules), ``dealer`` the first dealer (None: drawn from
    the seed), ``deals`` explicit deals for the first hands.
    """

    #: the game's first match state, made with ``NEW_MATCH(rules, seed=..., dealer=..., deals=...)``
    NEW_MATCH: ClassVar[Callable[..., Any]]
    #: the game's action class: ``ACTION.parse(action)`` reads an action or its text
    ACTION: ClassVar[Any]

    #: the save file's format name and version
    FORMAT: ClassVar[str]
    VERSION: ClassVar[int]
    #: the keys a save holds, and those it may hold
    KEYS: ClassVar[frozenset[str]]
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()
    #: the words for the file in messages ("classic game"), for what holds it ("a classic save
    #: file") and for the game ("classic Euchre")
    WHAT: ClassVar[str]
    HOLDER: ClassVar[str]
    KIND: ClassVar[str]
    #: how a wrong format name is quoted in the message
    QUOTE: ClassVar[Callable[[object], str] | None] = None

    def __init__(
        self,
        rules: Any = None,
        *,
        seed: int | str = 0,
        dealer: Seat | str | None = None,
        deals: Sequence[Any] = (),
    ) -> None:
        start = type(self).NEW_MATCH(rules, seed=seed, dealer=dealer, deals=deals)
        super().__init__(start, start_name="the match")

    # -- the game's hooks ------------------------------------------------------------

    @classmethod
    def parse_action(cls, action: Any) -> A:
        """The action recorded for ``action`` (an action or its text)."""
        parsed: A = cls.ACTION.parse(action)
        return parsed

    @classmethod
    def check_seed(cls, seed: object) -> int | str:
        """The save's seed (a number, or a text no longer than a number may be), or a
        :class:`SaveFileError` that says what is wrong with it."""
        if (
            isinstance(seed, bool)
            or not isinstance(seed, int | str)
            or (isinstance(seed, str) and len(seed) > 2 * MAX_DIGITS)
        ):
            raise SaveFileError(f"the seed must be a number or a short text, not {short(seed)}")
        return seed

    @classmethod
    def from_setup(cls: type[G], data: dict[str, Any], seed: int | str) -> G:
        """A new game from the save's rules, dealer and deals (``data``, its header checked); any
        :class:`EuchreError` it raises becomes the file's error."""
        raise NotImplementedError

    # -- reading ---------------------------------------------------------------------

    @property
    def rules(self) -> Any:
        return self.state.rules

    def log(self) -> list[Any]:
        """Every event from the start to the current state, in order (the trick log)."""
        out: list[Any] = []
        for st in self._states[: self._position + 1]:
            out.extend(st.events)
        return out

    # -- changing --------------------------------------------------------------------

    def apply(self, action: Any) -> M:
        """Apply an action of whoever is to act; an illegal one raises and changes nothing."""
        state: M = self.state.apply(action)
        return self.push(self.parse_action(action), state)

    # -- saving ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Every decision, the redo tail included, and the position in them."""
        first = self._states[0]
        return {
            "format": self.FORMAT,
            "version": self.VERSION,
            "rules": first.rules.to_json(),
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
        write_saved_file(path, self.dumps() + "\n", self.WHAT)

    @classmethod
    def from_json(cls: type[G], data: object) -> G:
        """Rebuild a game by replaying its actions; any problem is a SaveFileError."""
        extra = {} if cls.QUOTE is None else {"quote": cls.QUOTE}
        header = read_save_header(
            data,
            format=cls.FORMAT,
            version=cls.VERSION,
            keys=set(cls.KEYS),
            optional=cls.OPTIONAL,
            holder=cls.HOLDER,
            kind=cls.KIND,
            **extra,
        )
        seed = cls.check_seed(header["seed"])
        actions, position = read_saved_actions(header, cls.WHAT)
        if not isinstance(header["deals"], list):
            raise SaveFileError("deals must be a list of deals")
        try:
            game = cls.from_setup(header, seed)
        except SaveFileError:
            raise
        except EuchreError as exc:
            raise SaveFileError(f"the save file's setup is invalid: {exc}") from None
        replay_saved_actions(game.apply, actions)
        game.go_to(position)
        return game

    @classmethod
    def loads(cls: type[G], text: str) -> G:
        return cls.from_json(parse_saved_json(text, cls.WHAT))

    @classmethod
    def load(cls: type[G], path: str | Path) -> G:
        return cls.loads(read_saved_file(path, cls.WHAT))

    @classmethod
    def saved_or_deal(
        cls: type[G],
        data: bytes | str | Mapping[str, Any],
        replay: Callable[[object], H],
        *,
        example: str,
        looks_like: str,
    ) -> G | H:
        """What a Load box holds: a saved game (a JSON object with a ``format`` key, which must be
        this game's), or a teacher's deal, returned as ``replay(deal)`` (the hand after its actions).

        Text that is not JSON, or names another format, raises :class:`IllegalAction`: an empty box
        shows ``example``, a JSON error ends with ``looks_like``.
        """
        if isinstance(data, Mapping):
            obj: object = dict(data)
        elif not isinstance(data, bytes | str):
            raise IllegalAction(f"a teacher's deal is a JSON object (text), not {short(data)}")
        elif not data.strip():
            raise IllegalAction(f"paste a deal first: {example}")
        else:
            try:
                obj = load_json_text(capped_text(data, "the teacher's deal"), "the teacher's deal")
            except JsonInputError as error:
                raise IllegalAction(f"{error}; {looks_like}") from None
        if isinstance(obj, dict) and "format" in obj:
            if obj.get("format") != cls.FORMAT:
                raise IllegalAction(
                    f"a deal with a 'format' key is a saved game ({cls.FORMAT!r}), not {short(obj.get('format'))}"
                )
            return cls.from_json(obj)
        return replay(obj)
