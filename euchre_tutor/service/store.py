"""The tables' log in SQLite: a table is its game, rules, seed, options and accepted actions.

One file, WAL journal, one transaction per change; :meth:`Store.add_action` returns only after its
transaction is committed, so the service tells no seat of an action a killed process might lose
(``synchronous=NORMAL``: durable against the service's process dying, not against a power cut). Seat
credentials are kept as their SHA-256 digests, never in clear.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Store", "StoredAction", "StoredSeat", "StoredTable"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, seed TEXT NOT NULL,
    options TEXT NOT NULL, invite TEXT, started INTEGER NOT NULL DEFAULT 0,
    closed INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL, seat TEXT NOT NULL, name TEXT NOT NULL, credential TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL, n INTEGER NOT NULL, seat TEXT NOT NULL, action TEXT NOT NULL,
    by TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, n)
);
"""


@dataclass(frozen=True, slots=True)
class StoredSeat:
    seat: str
    name: str
    credential: str  # the digest


@dataclass(frozen=True, slots=True)
class StoredAction:
    n: int
    seat: str
    action: str
    by: str  # "player", "computer", "time", "autoplay", "away"


@dataclass(frozen=True, slots=True)
class StoredTable:
    id: str
    game: str
    rules: Any
    seed: int | str
    options: dict[str, Any]
    invite: str | None
    started: bool
    seats: tuple[StoredSeat, ...]
    actions: tuple[StoredAction, ...]


class Store:
    """The log of every table, in the SQLite file ``path`` (``":memory:"`` for a throwaway one)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        # WAL with synchronous=NORMAL: a commit is in the WAL file (the operating system's) when
        # it returns, so a killed process (SIGKILL, a crash) loses nothing committed; only a power
        # cut or an operating-system crash may lose the last commits (no fsync at each one)
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        self._db.close()

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.execute(sql, args)
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def add_table(
        self,
        table_id: str,
        game: str,
        rules: Any,
        seed: int | str,
        options: dict[str, Any],
        invite: str | None,
    ) -> None:
        self._write(
            "INSERT INTO tables (id, game, rules, seed, options, invite, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table_id, game, json.dumps(rules), json.dumps(seed), json.dumps(options), invite, time.time()),
        )

    def set_started(self, table_id: str) -> None:
        self._write("UPDATE tables SET started = 1 WHERE id = ?", (table_id,))

    def close_table(self, table_id: str) -> None:
        self._write("UPDATE tables SET closed = 1 WHERE id = ?", (table_id,))

    def set_seat(self, table_id: str, seat: str, name: str, credential: str) -> None:
        self._write(
            "INSERT OR REPLACE INTO seats (table_id, seat, name, credential) VALUES (?, ?, ?, ?)",
            (table_id, seat, name, credential),
        )

    def free_seat(self, table_id: str, seat: str) -> None:
        self._write("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))

    def add_action(self, table_id: str, n: int, seat: str, action: str, by: str) -> None:
        """Append action ``n`` (0-based) of the table; committed when this returns."""
        self._write(
            "INSERT INTO actions (table_id, n, seat, action, by, at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, n, seat, action, by, time.time()),
        )

    def open_tables(self) -> list[StoredTable]:
        """Every table not closed, with its seats and its actions in order."""
        rows = self._db.execute(
            "SELECT id, game, rules, seed, options, invite, started FROM tables WHERE closed = 0 ORDER BY created"
        ).fetchall()
        return [self._table(*row) for row in rows]

    def closed_ids(self) -> list[str]:
        """The ids of the closed tables (a finished match's, or one the teacher closed), oldest first."""
        return [r[0] for r in self._db.execute("SELECT id FROM tables WHERE closed = 1 ORDER BY created")]

    def table(self, table_id: str) -> StoredTable | None:
        row = self._db.execute(
            "SELECT id, game, rules, seed, options, invite, started FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        return None if row is None else self._table(*row)

    def _table(
        self, tid: str, game: str, rules: str, seed: str, options: str, invite: str | None, started: int
    ) -> StoredTable:
        seats = tuple(
            StoredSeat(*r)
            for r in self._db.execute("SELECT seat, name, credential FROM seats WHERE table_id = ?", (tid,))
        )
        actions = tuple(
            StoredAction(*r)
            for r in self._db.execute(
                "SELECT n, seat, action, by FROM actions WHERE table_id = ? ORDER BY n", (tid,)
            )
        )
        return StoredTable(
            tid,
            game,
            json.loads(rules),
            json.loads(seed),
            json.loads(options),
            invite,
            bool(started),
            seats,
            actions,
        )
