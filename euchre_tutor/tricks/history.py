"""Undo/redo over immutable states, and reading saved files: shared by every game's session.

A session keeps every state it has been through and the actions between
them; undo and redo move a cursor, and a new action drops the redo tail.

>>> h = History[int, str](0, start_name="the count")
>>> _ = h.push("add 2", 2); _ = h.push("add 3", 5); h.undo(); h.state
2
"""

from __future__ import annotations

import contextlib
import gc
import os
import stat
import tempfile
from collections.abc import Callable, Iterator, Set
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

from euchre_tutor.errors import EuchreError, IllegalAction, JsonInputError, SaveFileError
from euchre_tutor.jsonio import MAX_INPUT_BYTES, capped_text, decode_text, load_json_text, short

__all__ = [
    "MAX_SAVE_ACTIONS",
    "MAX_SAVE_BYTES",
    "History",
    "check_saved_actions",
    "gc_paused",
    "parse_saved_json",
    "read_saved_file",
    "write_saved_file",
]

MAX_SAVE_BYTES: Final = MAX_INPUT_BYTES  # a long saved game is a few hundred kB
MAX_SAVE_ACTIONS: Final = 50_000  # a 1,000-hand six-player match (the longest the rules allow) is ~40,000

S = TypeVar("S")
A = TypeVar("A")


class History(Generic[S, A]):
    """States ``s0 .. sn``, the actions between them, and the current position."""

    def __init__(self, start: S, *, start_name: str = "the game") -> None:
        self._states: list[S] = [start]
        self._actions: list[A] = []
        self._position = 0
        self._start_name = start_name

    @property
    def state(self) -> S:
        return self._states[self._position]

    @property
    def start(self) -> S:
        """The first state, before any action."""
        return self._states[0]

    @property
    def actions(self) -> tuple[A, ...]:
        """The actions that led to the current state (the redo tail excluded)."""
        return tuple(self._actions[: self._position])

    @property
    def position(self) -> int:
        return self._position

    @property
    def recorded(self) -> int:
        """How many actions are kept, the redo tail included."""
        return len(self._actions)

    @property
    def can_undo(self) -> bool:
        return self._position > 0

    @property
    def can_redo(self) -> bool:
        return self._position < len(self._actions)

    def push(self, action: A, new: S) -> S:
        """Record ``action`` leading to ``new`` (already checked); drops the redo tail."""
        del self._states[self._position + 1 :]
        del self._actions[self._position :]
        self._states.append(new)
        self._actions.append(action)
        self._position += 1
        return new

    def undo(self) -> None:
        if not self.can_undo:
            raise IllegalAction(f"nothing to undo: this is the start of {self._start_name}")
        self._position -= 1

    def redo(self) -> None:
        if not self.can_redo:
            raise IllegalAction("nothing to redo")
        self._position += 1

    def go_to(self, position: int) -> None:
        """Jump to any decision in the history: 0 is the start."""
        if (
            isinstance(position, bool)
            or not isinstance(position, int)
            or not 0 <= position <= len(self._actions)
        ):
            raise IllegalAction(f"no decision {position!r}: choose between 0 and {len(self._actions)}")
        self._position = position


def parse_saved_json(text: bytes | str, what: str) -> object:
    """JSON of a saved file (through the limits of :mod:`euchre_tutor.jsonio`), or a SaveFileError."""
    try:
        return load_json_text(capped_text(text, f"the saved {what}", MAX_SAVE_BYTES), f"the saved {what}")
    except JsonInputError as error:
        raise SaveFileError(str(error)) from None


def check_saved_actions(count: int, what: str) -> None:
    """Refuse a save of more than :data:`MAX_SAVE_ACTIONS` decisions before replaying any of them."""
    if count > MAX_SAVE_ACTIONS:
        raise SaveFileError(
            f"the saved {what} has {count:,} decisions; a save holds at most {MAX_SAVE_ACTIONS:,} "
            "(a whole long match is a few thousand): not a file the tutor saved"
        )


def read_save_header(
    data: object,
    *,
    format: str,
    version: int,
    keys: Set[str],
    optional: Set[str] = frozenset(),
    holder: str,
    kind: str,
    quote: Callable[[object], str] = short,
) -> dict[str, Any]:
    """The checked top of a classic or Bid Euchre save: a JSON object of this format, version and keys.

    ``holder`` names the file in the not-an-object message ("a classic save file"),
    ``kind`` in the wrong-format one ("classic Euchre"), so each game's messages stay its own.
    """
    if not isinstance(data, dict):
        raise SaveFileError(f"{holder} holds a JSON object")
    if data.get("format") != format:
        raise SaveFileError(f"not a {kind} save file (format {quote(data.get('format'))}, want {format!r})")
    found = data.get("version")
    if type(found) is not int or found != version:  # true == 1 in Python; not here
        raise SaveFileError(
            f"save file version {short(found)} is not supported (this tutor reads version {version})"
        )
    unknown = sorted(set(data) - keys - optional)
    missing = sorted(keys - set(data))
    if unknown or missing:
        parts = [
            f"unknown key(s) {', '.join(unknown)}" if unknown else "",
            f"missing key(s) {', '.join(missing)}" if missing else "",
        ]
        raise SaveFileError("the save file has " + "; ".join(p for p in parts if p))
    return data


def read_saved_actions(data: dict[str, Any], what: str) -> tuple[list[str], int]:
    """A save's action strings and its position in them (all of them when the save has no position)."""
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveFileError("actions must be a list of action strings such as 'pass' or 'play 9S'")
    check_saved_actions(len(actions), what)
    position = data.get("position", len(actions))
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= len(actions):
        raise SaveFileError(f"the saved position {short(position)} is not between 0 and {len(actions)}")
    return actions, position


def replay_saved_actions(apply: Callable[[str], object], actions: list[str]) -> None:
    """Replay a save's actions in order; the first that fails is a SaveFileError naming it."""
    with gc_paused():
        for i, text in enumerate(actions, 1):
            try:
                apply(text)
            except EuchreError as exc:
                raise SaveFileError(f"action {i} ({short(text)}) cannot be replayed: {exc}") from None


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Replaying a long save allocates states that all stay alive: the cyclic collector, run every
    few hundred allocations over a heap that keeps growing, made a linear replay quadratic. Paused."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def write_saved_file(path: str | Path, text: str, what: str) -> None:
    """Write ``text`` to ``path`` atomically: the old file stays whole until the new one is.

    The text goes to a temporary file in the same folder, is flushed and
    fsync'ed, then replaces ``path`` in one step; a write that fails half-way
    (disk full) leaves the previous save as it was and no temporary file, and a
    reader never sees half a save. A failure is a SaveFileError naming the file.
    """
    target = Path(path)
    data = text.encode("utf-8")
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mode = 0o644
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as error:
        raise SaveFileError(
            f"cannot save the {what} to {short(str(path))}: {error.strerror or error}"
        ) from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise SaveFileError(
                f"cannot save the {what} to {short(str(path))}: {error.strerror or error}; "
                "the previous save is untouched"
            ) from None
        raise


def read_saved_file(path: str | Path, what: str) -> str:
    """The text of a saved file; unreadable or binary files are a SaveFileError that names the file."""
    try:
        with Path(path).open("rb") as file:
            data = file.read(MAX_SAVE_BYTES + 1)
    except OSError as error:
        raise SaveFileError(
            f"cannot read the saved {what} {short(str(path))}: {error.strerror or error}"
        ) from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveFileError(
            f"the saved {what} {short(str(path))} is over {MAX_SAVE_BYTES // 2**20} MB: not a file the tutor saved"
        )
    try:
        return decode_text(data, f"the saved {what} {short(str(path))}")
    except JsonInputError as error:
        raise SaveFileError(str(error)) from None
