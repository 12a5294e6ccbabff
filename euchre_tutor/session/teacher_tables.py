"""The teacher's side of the class's shared tables: every table, any table face up, close, download.

:class:`TeacherDesk` is one teacher's connection to the table service (a
:class:`~euchre_tutor.session.shared_table.ServiceLink` that says hello with the teacher's token,
:class:`TeacherLink`), with no widgets. It keeps the service's ``overview`` (every table, private ones
included: its game, seats, who is connected, score, hand), asked again every few seconds by
:meth:`TeacherDesk.start_polling`; the table the teacher watches, face up (every seat's view, which the
service sends to the teacher's connection after each change); closes a table; and builds the class's
finished matches as one zip of save files, laid out as ``euchre-tutor tables download`` writes them
(``SEAT/NAME-TABLE.json`` and ``matches.json``).

The service's address comes from ``EUCHRE_TABLES_URL`` and the teacher's token from
``EUCHRE_TABLES_TEACHER_TOKEN``: ``euchre-tutor serve`` gives both to the teacher's pages only (the
students' kernels never get the teacher's token). :func:`teacher_address` reads them and
:func:`missing_teacher_words` says what is missing.

Listeners (topics ``"tables"``, ``"watch"``, ``"message"``) may be called on the link's thread or the
polling thread.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
import threading
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from euchre_tutor.errors import EuchreError
from euchre_tutor.protocol.client import ServiceError
from euchre_tutor.protocol.schema import Kind, kind_of, message
from euchre_tutor.rules.games import find_game
from euchre_tutor.session.observing import sentence
from euchre_tutor.session.on_hub import tables_on_hub
from euchre_tutor.session.shared_table import TABLES_URL_ENV, LinkController, ServiceLink

__all__ = [
    "TEACHER_TOKEN_ENV",
    "FaceUpSeat",
    "TeacherDesk",
    "TeacherLink",
    "face_up_seats",
    "matches_zip",
    "missing_teacher_words",
    "teacher_address",
]

#: the environment variable that gives the teacher's pages the teacher's token (never the students')
TEACHER_TOKEN_ENV: Final = "EUCHRE_TABLES_TEACHER_TOKEN"
#: seconds between two overviews while the page polls
POLL_SECONDS: Final = 3.0
_UNSAFE: Final = re.compile(r"[^A-Za-z0-9_.-]+")


def teacher_address(environ: Mapping[str, str]) -> tuple[str, str] | None:
    """The service's ``ws://`` address and the teacher's token (None when either is missing); on a hub
    the teacher's own hub token (the service asks the hub whether they teach)."""
    url, token = environ.get(TABLES_URL_ENV, "").strip(), environ.get(TEACHER_TOKEN_ENV, "").strip()
    if url and not token:
        return tables_on_hub(environ)
    return (url, token) if url and token else None


def missing_teacher_words(environ: Mapping[str, str]) -> str:
    """What the teacher's page says when it cannot reach the tables as the teacher."""
    if not environ.get(TABLES_URL_ENV, "").strip():
        return (
            "No table service is set up for this page, so there are no shared tables to show. Shared tables "
            "run on a class server: start it with 'euchre-tutor serve', and open this page from the "
            f"teacher's address it prints (that server tells the page where the tables are, {TABLES_URL_ENV}, "
            f"and the teacher's token, {TEACHER_TOKEN_ENV})."
        )
    return (
        "This page is the teacher's: it needs the teacher's token, and this server did not give one "
        f"({TEACHER_TOKEN_ENV} is not set). Open it from the teacher's address 'euchre-tutor serve' "
        "prints (the server behind the teacher's password), not from the students' pages."
    )


class TeacherLink(ServiceLink):
    """A :class:`ServiceLink` that says hello with the teacher's token (``token`` is the teacher's)."""

    HELLO_FIELD = "teacher"

    def refused_words(self, message: str) -> str:
        return sentence(f"the table service refused the teacher's token: {message}")

    def gone_words(self, error: str) -> str:
        return (
            f"The table service at {self.url} does not answer ({error}): check that the class server "
            "('euchre-tutor serve') is still running, then reload this page."
        )


@dataclass(frozen=True)
class FaceUpSeat:
    """One seat of a watched table, face up: who sits there and the seat's own view (the game's)."""

    seat: str
    player: str | None  # the name they said hello with (None: an open seat, the computer plays)
    connected: bool
    computer: bool
    view: Any


def face_up_seats(frame: Mapping[str, Any], summary: Mapping[str, Any]) -> list[FaceUpSeat]:
    """Every seat of a face-up watcher's ``view`` message (its ``views``), read back into the game's
    seat views with the table ``summary``'s game and rules; [] when the message has no face-up views."""
    views = frame.get("views")
    if not isinstance(views, dict):
        return []
    game = find_game(summary["game"])
    if game.seat_view_of is None:
        return []
    seats = {s["seat"]: s for s in frame.get("seats", summary.get("seats", []))}
    out = []
    for seat, data in views.items():
        about = seats.get(seat, {})
        player = about.get("player")
        out.append(
            FaceUpSeat(
                seat,
                None if player is None else html.unescape(str(player)),
                bool(about.get("connected")),
                bool(about.get("computer")),
                game.seat_view_of(data, summary["rules"]),
            )
        )
    return out


def matches_zip(matches: list[tuple[dict[str, Any], dict[str, Any]]]) -> tuple[bytes, int]:
    """The finished matches (each its ``matches`` entry and its save) as one zip, laid out as
    ``euchre-tutor tables download`` writes them: ``SEAT/NAME-TABLE.json`` for each seated player and
    ``matches.json``, the index. Returns the zip's bytes and how many save files it holds."""
    buffer = io.BytesIO()
    index: list[dict[str, Any]] = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for match, save in matches:
            text = json.dumps(save, ensure_ascii=False, indent=1) + "\n"
            for s in match["seats"]:
                if not s["player"]:
                    continue
                name = _UNSAFE.sub("_", html.unescape(s["player"])).strip("_.") or "player"
                path = f"{s['seat']}/{name}-{match['table']}.json"
                archive.writestr(path, text)
                index.append({**match, "seat": s["seat"], "player": s["player"], "file": path})
        if index:
            archive.writestr("matches.json", json.dumps(index, ensure_ascii=False, indent=1) + "\n")
    return buffer.getvalue(), len(index)


class TeacherDesk(LinkController):
    """The teacher at the class's tables (see the module doc)."""

    def __init__(self, link: ServiceLink) -> None:
        super().__init__(link)
        self.tables: list[dict[str, Any]] = []
        #: the table watched face up, its latest view message and its latest note
        self.watched: str | None = None
        self.frame: dict[str, Any] | None = None
        self.note = ""
        self._lock = threading.RLock()
        self._polling: threading.Event | None = None
        link.on_message = self._on_message
        link.on_closed = self._on_closed

    @classmethod
    def connect(cls, url: str, teacher_token: str, name: str = "teacher") -> TeacherDesk:
        """Connect as the teacher; a teaching :class:`EuchreError` when it cannot (no service, wrong token)."""
        link = TeacherLink(url, teacher_token, name)
        link.connect()
        if not link.welcome.get("teacher"):
            link.close()
            raise EuchreError("The table service did not take this connection as the teacher's.")
        return cls(link)

    # -- the service's messages ---------------------------------------------------------

    def _on_message(self, msg: dict[str, Any]) -> None:
        """A message about the watched table, handled by its type's handler (others are ignored)."""
        kind = kind_of(msg)
        handler = _TOLD.get(kind) if kind is not None else None
        with self._lock:
            if handler is None or msg.get("table") is None or msg.get("table") != self.watched:
                return
            handler(self, msg)
        self._emit("watch")

    def _take_view(self, msg: dict[str, Any]) -> None:
        self.frame = msg

    def _take_note(self, msg: dict[str, Any]) -> None:
        self.note = str(msg.get("text", ""))

    def _take_closed(self, msg: dict[str, Any]) -> None:
        self.watched, self.frame, self.note = None, None, ""
        self._say(f"Table {msg['table']} was closed.")

    def _on_closed(self) -> None:
        self._say(
            "The connection to the table service is lost (the class server stopped?): reload this page "
            "once it runs again.",
            error=True,
        )

    # -- every table ------------------------------------------------------------------------

    def refresh(self) -> bool:
        """Ask the service for every table; whether the list changed (listeners hear ``"tables"``)."""
        reply = self._call(message(Kind.OVERVIEW))
        if reply is None:
            return False
        tables = list(reply.get("tables", []))
        with self._lock:
            changed = tables != self.tables
            self.tables = tables
        if changed:
            self._emit("tables")
        return changed

    def summary(self, table_id: str) -> dict[str, Any] | None:
        return next((t for t in self.tables if t.get("id") == table_id), None)

    def start_polling(self, every: float = POLL_SECONDS) -> None:
        """Refresh every ``every`` seconds on a thread of its own, until :meth:`close`."""
        if self._polling is not None:
            return
        stop = self._polling = threading.Event()

        def poll() -> None:
            while not stop.wait(every):
                if self.link.connected:
                    self.refresh()

        threading.Thread(target=poll, name="euchre-teacher-poll", daemon=True).start()

    # -- one table ---------------------------------------------------------------------------

    def watch(self, table_id: str) -> bool:
        """Watch ``table_id`` face up (and stop watching the one before); whether the service agreed."""
        with self._lock:
            before = self.watched
            self.watched, self.frame, self.note = table_id, None, ""
        if before is not None and before != table_id:
            with contextlib.suppress(ServiceError, EuchreError):  # closed meanwhile: nothing to leave
                self.link.call(message(Kind.LEAVE, table=before))
        if before == table_id:
            reply: dict[str, Any] | None = self._call(message(Kind.VIEW, table=table_id))
            if reply is not None:
                with self._lock:
                    self.frame = reply
        else:
            reply = self._call(message(Kind.WATCH, table=table_id))
        if reply is None:
            with self._lock:
                self.watched = None
            self._emit("watch")
            return False
        self._emit("watch")
        return True

    def stop_watching(self) -> None:
        with self._lock:
            before, self.watched, self.frame, self.note = self.watched, None, None, ""
        if before is not None:
            with contextlib.suppress(ServiceError, EuchreError):
                self.link.call(message(Kind.LEAVE, table=before))
        self._emit("watch")

    def seats_face_up(self) -> list[FaceUpSeat]:
        """The watched table's seats, face up ([] when none is watched or its view has not come)."""
        with self._lock:
            frame, watched = self.frame, self.watched
        summary = None if watched is None else self.summary(watched)
        if frame is None or summary is None:
            return []
        return face_up_seats(frame, summary)

    def close_table(self, table_id: str) -> bool:
        """Close ``table_id`` (every seat and watcher is told); whether it was closed."""
        if self._call(message(Kind.CLOSE, table=table_id)) is None:
            return False
        with self._lock:
            if self.watched == table_id:
                self.watched, self.frame, self.note = None, None, ""
        self._say(f"Table {table_id} is closed: its players were told, and its log is kept.")
        self._emit("watch")
        self.refresh()
        return True

    # -- the class's finished matches ----------------------------------------------------------

    def finished_matches(self) -> list[tuple[dict[str, Any], dict[str, Any]]] | None:
        """Every finished match with its save (None after a teaching message when the service refused)."""
        listed = self._call(message(Kind.MATCHES))
        if listed is None:
            return None
        out = []
        for match in listed.get("matches", []):
            saved = self._call(message(Kind.SAVE, table=match["table"]))
            if saved is None:
                return None
            out.append((match, saved["save"]))
        return out

    def close(self) -> None:
        if self._polling is not None:
            self._polling.set()
        self.link.close()


#: what the desk does with each message the service sends on its own about the watched table, by type
_TOLD: Final[dict[Kind, Callable[[TeacherDesk, dict[str, Any]], None]]] = {
    Kind.VIEW: TeacherDesk._take_view,
    Kind.NOTE: TeacherDesk._take_note,
    Kind.CLOSED: TeacherDesk._take_closed,
}
