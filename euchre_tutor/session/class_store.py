"""A class's saved games and drill decks on the class server, kept under each student's name.

``euchre-tutor serve`` gives every kernel the class's SQLite file in ``EUCHRE_CLASS_DB`` (the file the
table service keeps its tables in: these are tables of their own beside them). A student who gives a
name keeps their finished games and their drill deck there, so the Practice page and the teacher's
report read them with no download or upload. There are no accounts on a class server: a name is what
the student types (the same name, in any case or spacing, is the same student), as in the lobby.

Each change is one transaction (WAL journal, so several kernels and the service share the file); a
game is stored once however often it is put, and a match put again as it goes on (``match``: a shared
table's, a one-person table's) replaces its earlier save. Saved games are checked as the report reads
them (JSON within the save limits, a ``format`` the tutor writes) before anything is written.

Drills reach a student's deck from two sides at once: a table adds them as its tutor grades
(:meth:`ClassStore.add_drills`: due at once, so the Practice page serves them straight away) while the
Practice page answers them (:meth:`ClassStore.merge_deck`): each change reads and writes the deck in
one transaction, so neither loses the other's.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import time
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from euchre_tutor.advisor.drills import Deck, Drill
from euchre_tutor.errors import EuchreError, SaveFileError
from euchre_tutor.tricks.history import parse_saved_json

__all__ = ["CLASS_DB_ENV", "ClassStore", "StoredGame", "student_name"]

#: the environment variable ``serve`` sets in every kernel: the class's SQLite file
CLASS_DB_ENV: Final = "EUCHRE_CLASS_DB"
NAME_MAX: Final = 40
#: a student's stored games at most (a term of daily matches); beyond it the oldest make way
GAMES_MAX: Final = 500
BUSY_SECONDS: Final = 10.0  # how long a write waits for another kernel's (or the service's) to finish

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS class_games (
    student TEXT NOT NULL, digest TEXT NOT NULL, name TEXT NOT NULL, game TEXT NOT NULL,
    save TEXT NOT NULL, at REAL NOT NULL, drilled INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (student, digest)
);
CREATE TABLE IF NOT EXISTS class_decks (
    student TEXT PRIMARY KEY, name TEXT NOT NULL, deck TEXT NOT NULL, at REAL NOT NULL
);
"""
#: a column added since the first schema: the match a save belongs to ("" for a game put once)
_MATCH_COLUMN: Final = "ALTER TABLE class_games ADD COLUMN match TEXT NOT NULL DEFAULT ''"


def student_name(text: object) -> str:
    """The name as it is shown: spaces trimmed and single, 1 to :data:`NAME_MAX` letters, digits, ``' - . _``."""
    if not isinstance(text, str):
        raise EuchreError(f"a name is text, like Ada or Sam K., not {type(text).__name__}")
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise EuchreError("type your name first (the one you use in class), then press the button again")
    if len(name) > NAME_MAX:
        raise EuchreError(f"that name has {len(name)} characters: use at most {NAME_MAX}, like Ada or Sam K.")
    if not re.fullmatch(r"[\w .'\-]+", name):
        raise EuchreError("a name is letters, digits, spaces and ' - . _ only, like Ada or Sam K.")
    return name


def _key(name: str) -> str:
    return student_name(name).casefold()


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One finished game of a student's: the save file's text, as ``euchre-tutor report`` reads it."""

    digest: str
    student: str  # the name as the student typed it
    game: str  # the save's "format": which game
    save: str
    at: float  # when it was stored (seconds since the epoch)
    drilled: bool  # its Mistakes and Blunders are in the student's deck already


class ClassStore:
    """The class's games and decks in the SQLite file ``path`` (created with its tables if missing)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        with self._db() as db:
            db.executescript(_SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(class_games)")}
            if "match" not in columns:
                with suppress(sqlite3.OperationalError):  # another kernel added it first
                    db.execute(_MATCH_COLUMN)

    @classmethod
    def from_env(cls) -> ClassStore | None:
        """The class server's store (``$EUCHRE_CLASS_DB``), or None away from a class server."""
        where = os.environ.get(CLASS_DB_ENV)
        return cls(where) if where else None

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        try:
            connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        except sqlite3.Error as error:
            raise EuchreError(f"the class's store {self.path} cannot be opened ({error})") from None
        with closing(connection) as db:
            try:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                yield db
            except sqlite3.Error as error:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise EuchreError(f"the class's store {self.path} could not be used ({error})") from None

    # --- games ----------------------------------------------------------------------------------

    def put_game(self, name: str, save: str, *, match: str = "", drilled: bool = False) -> StoredGame:
        """Keep a game's save under ``name`` (once: the same save again changes nothing).

        ``match``: the match the save belongs to (a table's id, say): a save put again under the same
        ``match`` replaces the earlier one, so a match kept after each hand is one game. ``drilled``:
        its Mistakes and Blunders reached the student's deck already (the table's tutor adds them as it
        grades), so the Practice page does not grade it for drills again.
        """
        shown, key = student_name(name), _key(name)
        data = parse_saved_json(save, "game")
        game = data.get("format") if isinstance(data, dict) else None
        if not isinstance(game, str) or not game:
            raise SaveFileError("that is not a game the tutor saved (it has no format): nothing was kept")
        digest = hashlib.sha256(save.encode("utf-8")).hexdigest()
        now = time.time()
        with self._db() as db:
            db.execute("BEGIN IMMEDIATE")
            if match:
                db.execute(
                    "DELETE FROM class_games WHERE student = ? AND match = ? AND digest != ?",
                    (key, match, digest),
                )
            db.execute(
                "INSERT OR IGNORE INTO class_games (student, digest, name, game, save, at, drilled, match) "
                "VALUES (?,?,?,?,?,?,?,?)",
                (key, digest, shown, game, save, now, int(drilled), match),
            )
            db.execute(
                "DELETE FROM class_games WHERE student = ? AND digest NOT IN "
                "(SELECT digest FROM class_games WHERE student = ? ORDER BY at DESC, digest LIMIT ?)",
                (key, key, GAMES_MAX),
            )
            db.execute("COMMIT")
        return next(g for g in self.games(shown) if g.digest == digest)

    def games(self, name: str) -> list[StoredGame]:
        """The student's stored games, oldest first."""
        with self._db() as db:
            rows = db.execute(
                "SELECT digest, name, game, save, at, drilled FROM class_games WHERE student = ? "
                "ORDER BY at, digest",
                (_key(name),),
            ).fetchall()
        return [StoredGame(d, n, g, s, a, bool(dr)) for d, n, g, s, a, dr in rows]

    def mark_drilled(self, name: str, digests: list[str]) -> None:
        with self._db() as db:
            db.executemany(
                "UPDATE class_games SET drilled = 1 WHERE student = ? AND digest = ?",
                [(_key(name), d) for d in digests],
            )

    def students(self) -> list[str]:
        """Every student with a stored game or deck (their name as first typed), in alphabetical order."""
        with self._db() as db:
            rows = db.execute(
                "SELECT student, name, at FROM class_games UNION ALL "
                "SELECT student, name, at FROM class_decks ORDER BY at"
            ).fetchall()
        names: dict[str, str] = {}
        for key, shown, _at in rows:
            names.setdefault(key, shown)
        return sorted(names.values(), key=str.casefold)

    def write_saves(self, folder: str | Path) -> list[Path]:
        """Every stored game as a save file in ``folder`` (created), for ``euchre-tutor report``.

        Files are named after the student (the report's name for them) and numbered.
        """
        where = Path(folder)
        where.mkdir(parents=True, exist_ok=True)
        written = []
        for student in self.students():
            stem = re.sub(r"[^\w.-]+", "-", student).strip("-.") or "student"
            for number, game in enumerate(self.games(student), 1):
                path = where / f"{stem}-{number:03d}.json"
                path.write_text(game.save, encoding="utf-8")
                written.append(path)
        return written

    # --- decks ----------------------------------------------------------------------------------

    def deck(self, name: str) -> Deck | None:
        """The student's kept deck, or None when they have none."""
        with self._db() as db:
            return self._read_deck(db, name)

    def add_drills(self, name: str, drills: Iterable[Drill]) -> int:
        """Add a table's new Mistakes and Blunders to the student's deck, due at once (the Practice page
        serves them this session); how many were not in the deck. A drill the deck holds already and
        has not learned stays as it is; one it had learned comes back, due at once."""
        with self._db() as db:
            db.execute("BEGIN IMMEDIATE")
            deck = self._read_deck(db, name) or Deck()
            held = {d.id: d for d in deck.drills}
            fresh = []
            for drill in drills:
                old = held.get(drill.id)
                if old is not None and not old.learned:
                    continue
                held[drill.id] = replace(
                    drill if old is None else old, box=1, due=deck.session, streak=0, learned=False
                )
                fresh.append(old is None)
            if fresh:
                self._write_deck(
                    db, name, Deck(held.values(), session=deck.session, learn_after=deck.learn_after)
                )
            db.execute("COMMIT")
        return sum(fresh)

    def merge_deck(self, name: str, deck: Deck) -> Deck:
        """Keep the page's ``deck`` as the student's, with the drills kept meanwhile that it does not
        hold yet (a table's, added since the page read the deck) joining it as they were kept; returns
        the deck kept (``deck`` itself, changed in place)."""
        with self._db() as db:
            db.execute("BEGIN IMMEDIATE")
            kept = self._read_deck(db, name)
            ids = {d.id for d in deck.drills}
            for drill in () if kept is None else kept.drills:
                if drill.id not in ids:
                    deck.add(drill)  # new to the deck: as kept, its box and due session too
            self._write_deck(db, name, deck)
            db.execute("COMMIT")
        return deck

    @staticmethod
    def _read_deck(db: sqlite3.Connection, name: str) -> Deck | None:
        row = db.execute("SELECT deck FROM class_decks WHERE student = ?", (_key(name),)).fetchone()
        return None if row is None else Deck.loads(row[0])

    @staticmethod
    def _write_deck(db: sqlite3.Connection, name: str, deck: Deck) -> None:
        db.execute(
            "INSERT INTO class_decks (student, name, deck, at) VALUES (?,?,?,?) ON CONFLICT(student) "
            "DO UPDATE SET name = excluded.name, deck = excluded.deck, at = excluded.at",
            (_key(name), student_name(name), deck.dumps(), time.time()),
        )
