"""A shared table as the service holds it: its option sheet, its seats and their holders, the
connections of the players and watchers. Plain data; :mod:`euchre_tutor.service.core` changes it."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Final

from euchre_tutor.protocol.schema import Refusal, check_option
from euchre_tutor.rules.games import Game

__all__ = ["BURST", "Connection", "Options", "SeatHolder", "Table"]

#: the rate limit's burst: this many messages at once, then the service's rate
BURST: Final = 20


@dataclass(frozen=True, slots=True)
class Options:
    """A table's option sheet (the rules aside); see ``docs/table-protocol.md``."""

    private: bool = False
    random_seats: bool = False
    watchers: str = "face-down"
    chat: str = "preset"
    time_limit: int = 0
    suggestions: bool = True
    autoplay: bool = False
    hide_points: bool = False
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None, spec: Game) -> Options:
        """The options of a ``create`` message (an object, by the schema); a ``bad_option``
        :class:`Refusal` naming the first wrong one (:data:`~euchre_tutor.protocol.schema.OPTIONS`)."""
        data = {} if data is None else {name: check_option(name, value) for name, value in data.items()}
        levels = spec.levels
        level = data.get("level", spec.default_level)
        if levels is None:
            if "level" in data and data["level"] is not None:
                raise Refusal("bad_option", f"{spec.title}'s computer players come in one level only")
            level = None
        elif level not in levels:
            raise Refusal("bad_option", f"level is one of {', '.join(levels)}, not {json.dumps(level)[:40]}")
        return cls(**{**data, "level": level})


@dataclass(eq=False)
class Connection:
    """One client's connection: ``send`` delivers a message, ``close`` ends the connection."""

    send: Callable[[dict[str, Any]], None]
    close: Callable[[], None] = lambda: None
    name: str | None = None
    tokens: float = BURST
    refilled: float = 0.0
    floods: int = 0
    bad_attempts: int = 0
    closed: bool = False
    #: said hello with the teacher's token: may list, watch face up, close and download every table
    teacher: bool = False
    #: table id -> the seat's name, or None when watching
    tables: dict[str, str | None] = field(default_factory=dict)
    #: who the transport says this connection is (a hub's login, :mod:`euchre_tutor.service.hub`), for a
    #: service whose ``logins`` replace the class's tokens; None: nobody vouched for it
    login: str | None = None
    #: the transport says this login is one of the class's teachers (a hub's group or role)
    teaches: bool = False


@dataclass(eq=False)
class SeatHolder:
    """Who holds a seat: the player's name, the digest of their credential, their connection, and
    since when they are away (the grace period)."""

    name: str | None = None
    credential: str | None = None  # SHA-256 digest
    conn: Connection | None = None
    away_since: float | None = None


@dataclass(eq=False)
class Table:
    """One shared table as the service holds it: the game's match and everything about the table."""

    id: str
    spec: Game
    game: Any
    rules: Any
    seed: int | str
    options: Options
    invite: str | None
    seats: dict[str, SeatHolder]
    players: dict[str, Callable[[Any], Any]]
    started: bool = False
    version: int = 0
    deadline: float | None = None
    watchers: list[Connection] = field(default_factory=list)
    #: the last accepted action: {"seat", "action", "by", "hand"} (a seat's or a watcher's copy hides the
    #: cards it does not see)
    last: dict[str, Any] | None = None
    #: the finished hand's last trick and score in words, told to every seat and watcher after the
    #: views of the action that finished it (the next hand is dealt in the same step)
    hand_over: str | None = None
    #: a computer player of this table is choosing off the loop
    thinking: bool = False

    @property
    def over(self) -> bool:
        return self.spec.to_act(self.game) is None

    @property
    def to_act(self) -> str | None:
        seat = self.spec.to_act(self.game)
        return None if seat is None else str(seat.name)
