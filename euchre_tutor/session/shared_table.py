"""The student's side of a shared table: one client of the table service, with no widgets.

:class:`ServiceLink` is one connection (a :class:`~euchre_tutor.protocol.client.TableClient`) run on
its own asyncio loop in a background thread. A kernel under Voila or JupyterLab runs its own event
loop in the main thread, and a click handler runs on that loop: a client on the kernel's loop could
not wait for the service's reply inside the handler (the reply would wait for the handler to
return). On its own thread the link works the same in a kernel, under nbval and in plain Python
(tests): a call waits for its reply with a timeout, and the service's own messages (views, chat,
notes) arrive on the link's thread, where the controller keeps them and tells its listeners.

:class:`SharedTableController` is the lobby's and the table's logic: list, create, sit, watch, start,
act, chat, stand, leave. It keeps the latest view of its seat (the game's own seat view, read back
through the game's ``seat_view_of``), refuses a bad click itself with the service's words (whose
turn it is, which actions are legal) and shows every refusal of the service as a teaching message.
A seat's credential is kept in :class:`SeatKeys`: on one's own computer a small file in the user's
Jupyter data directory (keyed by the service, the table and the name), so a new kernel sits back down;
on a class server, where every kernel shares that directory, the pages keep it in their own address.

:class:`~euchre_tutor.session.remote_seat.RemoteSeat` reads the controller's seat as the one-person
tables' tutor reads a table, so the student's seat has that same tutor (hints, grades, the review).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import math
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.protocol.client import ServiceError, TableClient
from euchre_tutor.protocol.schema import RE, Kind, kind_of, message
from euchre_tutor.rules.games import Game, find_game
from euchre_tutor.session.observing import Observable, sentence

__all__ = [
    "TABLES_TOKEN_ENV",
    "TABLES_URL_ENV",
    "LinkController",
    "SeatKeys",
    "ServiceLink",
    "SharedTableController",
    "missing_service_words",
    "service_address",
    "view_position",
]

#: the environment variables that give a kernel the table service's address and the class's token
TABLES_URL_ENV: Final = "EUCHRE_TABLES_URL"
TABLES_TOKEN_ENV: Final = "EUCHRE_TABLES_TOKEN"
#: how long a call waits for the service's reply, in seconds
CALL_TIMEOUT: Final = 15.0


def service_address(environ: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """The service's ``ws://`` address and token from the environment (None when either is missing)."""
    env = os.environ if environ is None else environ
    url, token = env.get(TABLES_URL_ENV, "").strip(), env.get(TABLES_TOKEN_ENV, "").strip()
    return (url, token) if url and token else None


def missing_service_words() -> str:
    """What a page says when no table service is configured."""
    return (
        "No table service is set up for this page, so there are no shared tables to join. Shared tables "
        "run on a class server: the teacher starts it with 'euchre-tutor serve', which tells every page "
        f"where the tables are ({TABLES_URL_ENV} and {TABLES_TOKEN_ENV}). On your own, play the one-person "
        "tables (make classic, make bid): they need no service."
    )


def _default_keys_path() -> Path:
    try:
        from jupyter_core.paths import jupyter_data_dir

        base = Path(jupyter_data_dir())
    except ImportError:  # pragma: no cover - jupyter_core comes with every kernel
        base = Path.home() / ".local" / "share" / "jupyter"
    return base / "euchre_tutor" / "seats.json"


class SeatKeys:
    """Seat credentials kept in a small JSON file (readable by its owner only), keyed by the service's
    address, the table and the player's name: a reloaded page finds its seat again."""

    def __init__(self, path: Path | str | None = None, *, memory: bool = False) -> None:
        self.path = Path(path) if path is not None else _default_keys_path()
        self._lock = threading.Lock()
        self._memory: dict[str, Any] | None = {} if memory else None

    @classmethod
    def in_memory(cls) -> SeatKeys:
        """Keys kept by this kernel only: on a class server every kernel shares one data directory, so
        a page keeps its seat's key in its own address instead (a name alone must not sit anyone down)."""
        return cls(memory=True)

    @staticmethod
    def _key(url: str, table: str, name: str) -> str:
        return f"{url}|{table}|{name}"

    def _read(self) -> dict[str, Any]:
        if self._memory is not None:
            return dict(self._memory)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, url: str, table: str, name: str) -> tuple[str, str] | None:
        """The seat and its credential kept for ``name`` at ``table`` (None: none kept)."""
        entry = self._read().get(self._key(url, table, name))
        if (
            isinstance(entry, dict)
            and isinstance(entry.get("seat"), str)
            and isinstance(entry.get("credential"), str)
        ):
            return entry["seat"], entry["credential"]
        return None

    def put(self, url: str, table: str, name: str, seat: str, credential: str) -> None:
        with self._lock:
            data = self._read()
            data[self._key(url, table, name)] = {"seat": seat, "credential": credential}
            self._write(data)

    def forget(self, url: str, table: str, name: str) -> None:
        with self._lock:
            data = self._read()
            if data.pop(self._key(url, table, name), None) is not None:
                self._write(data)

    def _write(self, data: dict[str, Any]) -> None:
        if self._memory is not None:
            self._memory = dict(data)
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.replace(tmp, self.path)


class ServiceLink:
    """One connection to the table service, on an asyncio loop in a daemon thread (see the module doc).

    ``on_message(message)`` is called on the link's thread for every message that is not a reply;
    ``on_closed()`` when the service closes the connection.
    """

    def __init__(self, url: str, token: str, name: str) -> None:
        self.url, self.token, self.name = url, token, name
        self.on_message: Callable[[dict[str, Any]], None] = lambda _m: None
        self.on_closed: Callable[[], None] = lambda: None
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="euchre-tables", daemon=True)
        self._thread.start()
        self.client: TableClient | None = None
        self.welcome: dict[str, Any] = {}
        self._watcher: asyncio.Future[None] | None = None

    #: the hello's field that carries :attr:`token` (``"teacher"`` for the teacher's link)
    HELLO_FIELD = "token"

    def refused_words(self, message: str) -> str:
        """What the page says when the service refuses the hello (its ``message``)."""
        return sentence(message)

    def gone_words(self, error: str) -> str:
        """What the page says when nothing answers at :attr:`url` (``error``: the error's name)."""
        return (
            f"The table service at {self.url} does not answer ({error}): ask the teacher whether the class "
            "server is running."
        )

    def connect(self, timeout: float = CALL_TIMEOUT) -> dict[str, Any]:
        """Connect and say hello; the ``welcome``. A teaching :class:`EuchreError` when it cannot (the
        link is closed then)."""

        async def connect() -> tuple[TableClient, dict[str, Any]]:
            client = await TableClient.open(self.url, timeout)
            client.on_message = lambda message: self.on_message(message)
            hello = message(Kind.HELLO, name=self.name, **{self.HELLO_FIELD: self.token})
            welcome = await client.request(hello)
            self._watcher = asyncio.ensure_future(self._watch(client))
            return client, welcome

        try:
            self.client, self.welcome = asyncio.run_coroutine_threadsafe(connect(), self.loop).result(timeout)
        except ServiceError as exc:
            words = self.refused_words(str(exc.reply.get("message")))
        except (TimeoutError, OSError, concurrent.futures.TimeoutError) as exc:
            words = self.gone_words(type(exc).__name__)
        else:
            return self.welcome
        self.close()
        raise EuchreError(words)

    async def _watch(self, client: TableClient) -> None:
        await client.closed.wait()
        if client is self.client:
            self.on_closed()

    @property
    def connected(self) -> bool:
        return self.client is not None and not self.client.closed.is_set()

    def call(self, msg: dict[str, Any], timeout: float = CALL_TIMEOUT) -> dict[str, Any]:
        """Send ``msg`` and wait for its reply; :class:`ServiceError` for a refusal, a teaching
        :class:`EuchreError` when the service is gone."""
        client = self.client
        if client is None or client.closed.is_set():
            raise EuchreError(
                "The connection to the table service is lost: reload the page to sit back down."
            )
        future = asyncio.run_coroutine_threadsafe(client.request(msg, timeout), self.loop)
        try:
            return future.result(timeout + 1)
        except (TimeoutError, ConnectionError, concurrent.futures.TimeoutError):
            raise EuchreError("The table service did not answer: try again in a moment.") from None

    def close(self) -> None:
        """Close the connection and stop the link's loop, with no task of it left pending."""
        client, watcher = self.client, self._watcher
        self.client, self._watcher = None, None
        if self.loop.is_running():

            async def close() -> None:
                if watcher is not None:
                    watcher.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await watcher
                if client is not None:
                    await client.close()
                    await asyncio.sleep(0.05)  # let the close frame go out

            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(close(), self.loop).result(2)
        self.loop.call_soon_threadsafe(self.loop.stop)


def _age(frame: Mapping[str, Any]) -> tuple[int, bool, bool]:
    """A view's place in time: the actions taken, then whether play has started and is over."""
    return int(frame.get("version", 0)), bool(frame.get("started")), bool(frame.get("over"))


def _card_of(action: Any) -> Card | None:
    """The card an action plays or gives (None: a bid, a call, ...)."""
    card = getattr(action, "card", None)
    return card if isinstance(card, Card) and not getattr(action, "cards", None) else None


class LinkController(Observable):
    """A controller on one :class:`ServiceLink` (a student's, or the teacher's desk): a call the service
    refuses, or cannot answer, is said as the teaching message."""

    def __init__(self, link: ServiceLink) -> None:
        super().__init__()
        self.link = link

    def _call(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        """The service's reply, or None after saying why it refused (nothing changed)."""
        try:
            return self.link.call(msg)
        except ServiceError as exc:
            self._say(sentence(str(exc.reply.get("message", exc))), error=True)
        except EuchreError as exc:
            self._say(str(exc), error=True)
        return None


class SharedTableController(LinkController):
    """A student (or a watcher) at the service's tables: the lobby and one table (see the module doc).

    Topics: ``"tables"`` (the lobby's list changed), ``"state"`` (a new view or seats), ``"chat"``,
    ``"message"`` (a teaching message). Listeners may be called on the link's thread.
    """

    def __init__(self, link: ServiceLink, keys: SeatKeys | None = None) -> None:
        super().__init__(link)
        self.keys = keys if keys is not None else SeatKeys()
        self.name = link.name
        self.tables: list[dict[str, Any]] = []
        self.table: dict[str, Any] | None = None  # the summary of the table we sit at or watch
        self.seat: str | None = None
        self.invite: str | None = None
        self.frame: dict[str, Any] = {}  # the latest view message
        self.view: Any = None  # the game's seat view (None: watching, or no view yet)
        #: a face-up watcher's views: every seat's, by seat (empty: seated, or watching face down)
        self.views: dict[str, Any] = {}
        self._frame_at = time.monotonic()  # when the latest view arrived (the countdown counts from it)
        self.chat: list[dict[str, Any]] = []
        self.closed = False
        #: called with (version, view, action) after the service accepts an action of this seat
        self.acted: list[Callable[[int, Any, Any], None]] = []
        #: called with the text of each note the service sends (a hand's end in words, ...)
        self.noted: list[Callable[[str], None]] = []
        self._lock = threading.RLock()
        link.on_message = self._on_message
        link.on_closed = self._on_lost

    @classmethod
    def connect(cls, url: str, token: str, name: str, keys: SeatKeys | None = None) -> SharedTableController:
        """A controller on a new connection (a teaching :class:`EuchreError` when it cannot connect)."""
        link = ServiceLink(url, token, name)
        link.connect()
        me = cls(link, keys)
        me.name = str(link.welcome.get("name", name))
        return me

    # -- what the pages read -----------------------------------------------------------

    @property
    def table_id(self) -> str | None:
        return None if self.table is None else str(self.table["id"])

    @property
    def spec(self) -> Game | None:
        """The table's game."""
        return None if self.table is None else find_game(self.table["game"])

    @property
    def options(self) -> dict[str, Any]:
        return {} if self.table is None else dict(self.table.get("options", {}))

    @property
    def seats(self) -> list[dict[str, Any]]:
        return list(self.frame.get("seats") or (self.table or {}).get("seats", []))

    @property
    def version(self) -> int:
        return int(self.frame.get("version", 0))

    @property
    def turn(self) -> str | None:
        return self.frame.get("turn")

    @property
    def started(self) -> bool:
        return bool(self.frame.get("started", (self.table or {}).get("started", False)))

    @property
    def over(self) -> bool:
        return bool(self.frame.get("over", False))

    @property
    def my_turn(self) -> bool:
        return (
            self.view is not None
            and self.started
            and self.seat is not None
            and self.turn == self.seat
            and bool(self.view.legal)
        )

    @property
    def legal(self) -> tuple[Any, ...]:
        return tuple(self.view.legal) if self.my_turn else ()

    @property
    def time_left(self) -> float | None:
        """The seconds the player to act had when the latest view was sent (None: no time limit)."""
        left = self.frame.get("time_left")
        return None if left is None else float(left)

    def seconds_left(self, now: float | None = None) -> int | None:
        """The countdown now: :attr:`time_left` less the time since its view arrived, in whole seconds
        rounded up (None: no time limit, or nobody to act)."""
        left = self.time_left
        if left is None or not self.started or self.over or self.turn is None:
            return None
        gone = (time.monotonic() if now is None else now) - self._frame_at
        return max(0, math.ceil(left - gone))

    # -- the lobby ---------------------------------------------------------------------

    def refresh_tables(self) -> list[dict[str, Any]]:
        reply = self._call(message(Kind.LIST))
        if reply is not None:
            self.tables = list(reply.get("tables", []))
            self._emit("tables")
        return self.tables

    def create(
        self,
        game: str,
        rules: object = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> dict[str, Any] | None:
        """Create a table; its summary (``invite`` set for a private one), or None when refused."""
        reply = self._call(
            message(Kind.CREATE, game=game, options=dict(options or {}), rules=rules, seed=seed)
        )
        if reply is None:
            return None
        self.invite = reply.get("invite")
        summary = dict(reply["table"])
        self._say(
            f"Table {summary['id']} is ready: choose your seat."
            + (f" It is private: give your classmates its invite code, {self.invite}." if self.invite else "")
        )
        return summary

    def sit(
        self, table: str, seat: str | None = None, invite: str | None = None, *, first: bool = False
    ) -> bool:
        """Sit at ``seat`` of ``table`` (None: the seat kept for this name, from its credential);
        ``first``: the student's first visit to the seat (the lobby has just taken it for them), greeted
        as one even though a credential is kept."""
        kept = self.keys.get(self.link.url, table, self.name)
        sit = message(Kind.SIT, table=table)
        if kept is not None and seat in (None, kept[0]):
            sit.update(seat=kept[0], credential=kept[1])
        elif seat is None:
            self._say("Choose a seat: this name has no seat kept at that table.", error=True)
            return False
        else:
            sit["seat"] = seat
        if invite:
            sit["invite"] = invite.strip().upper()
        reply = self._call(sit)
        if reply is None:
            return False
        with self._lock:
            self.table, self.seat = dict(reply["table"]), str(reply["seat"])
            self.frame, self.view, self.chat = {}, None, []
        if reply.get("credential"):
            self.keys.put(self.link.url, table, self.name, self.seat, str(reply["credential"]))
        self._say(
            f"You sit at {self.seat}."
            if kept is None or first
            else f"Welcome back: you sit at {self.seat} again."
        )
        self.request_view()
        return True

    def resume(self, table: str, *, first: bool = False) -> bool:
        """Sit back down at ``table`` with the kept credential (False: none kept, or refused);
        ``first`` as for :meth:`sit`."""
        if self.keys.get(self.link.url, table, self.name) is None:
            return False
        return self.sit(table, first=first)

    def watch(self, table: str, invite: str | None = None) -> bool:
        reply = self._call(
            message(Kind.WATCH, table=table, invite=invite.strip().upper() if invite else None)
        )
        if reply is None:
            return False
        with self._lock:
            self.table, self.seat, self.frame, self.view, self.chat = dict(reply["table"]), None, {}, None, []
            self.views = {}
        self._say("You are watching this table.")
        self.request_view()
        return True

    def start(self) -> bool:
        if self.table_id is None:
            self._say("Sit at a table first.", error=True)
            return False
        reply = self._call(message(Kind.START, table=self.table_id))
        if reply is None:
            return False
        self._on_message({k: v for k, v in reply.items() if k != RE})  # random seats: where we sit now
        return True

    def stand(self) -> bool:
        table = self.table_id
        if table is None or self.seat is None:
            self._say("You have no seat to give up.", error=True)
            return False
        if self._call(message(Kind.STAND, table=table)) is None:
            return False
        self.keys.forget(self.link.url, table, self.name)
        with self._lock:
            self.table, self.seat, self.frame, self.view = None, None, {}, None
        self._say("You gave up your seat: the computer plays it now.")
        self._emit("state")
        return True

    def request_view(self) -> None:
        if self.table_id is None:
            return
        reply = self._call(message(Kind.VIEW, table=self.table_id))
        if reply is not None:
            self._take_view(reply)

    # -- playing -----------------------------------------------------------------------

    def refusal(self, action: Any) -> str | None:
        """Why ``action`` would be refused now, in the service's words (None: it would be taken)."""
        if self.table is None or self.seat is None:
            return "You have no seat at this table."
        if not self.started:
            return "The table has not started: press Start when everyone is seated."
        if self.over:
            return "The match is over."
        if self.turn != self.seat or self.view is None:
            return f"It is {self.turn}'s turn, not yours ({self.seat})."
        legal = tuple(self.view.legal)
        if action not in legal:
            return sentence(f"{action} is not legal now; legal: {', '.join(map(str, legal))}")
        return None

    def act(self, action: Any) -> bool:
        """Send ``action`` (an action or its text) for this seat; a refusal is said and changes nothing."""
        if isinstance(action, str):
            action = next((a for a in self.legal if str(a) == action.strip()), action.strip())
        why = self.refusal(action)
        if why is not None:
            self._say(why, error=True)
            return False
        version, view = self.version, self.view
        reply = self._call(message(Kind.ACT, table=self.table_id, action=str(action), version=version))
        if reply is None:
            return False
        if self.message_is_error:
            self._say("")  # the refusal before is answered (news of the table stays)
        for listener in list(self.acted):
            listener(version, view, action)
        return True

    def card_action(self, card: Card | str) -> Any:
        """The legal action that plays (or gives, or discards) ``card`` now (None: none does)."""
        card = Card.parse(card) if isinstance(card, str) else card
        return next((a for a in self.legal if _card_of(a) == card), None)

    def click_card(self, card: Card | str) -> bool:
        """A click on a card of the hand: its legal action, or the reason there is none."""
        card = Card.parse(card) if isinstance(card, str) else card
        action = self.card_action(card)
        if action is None:
            why = self.refusal(None)
            if why is None or self.my_turn:
                kinds = sorted({str(a) for a in self.legal})
                why = sentence(f"{card.symbol} cannot be played now; legal: {', '.join(kinds)}")
            self._say(why, error=True)
            return False
        return self.act(action)

    def send_chat(self, text: str | None = None, phrase: int | None = None) -> bool:
        if self.table_id is None:
            self._say("Sit or watch first.", error=True)
            return False
        said = {"phrase": phrase} if phrase is not None else {"text": text or ""}
        reply = self._call(message(Kind.CHAT, table=self.table_id, **said))
        if reply is None:
            return False
        self._take_chat({k: v for k, v in reply.items() if k != RE})  # the reply is the line as all see it
        return True

    # -- what the service tells ---------------------------------------------------------

    def _on_message(self, msg: dict[str, Any]) -> None:
        """A message the service sent on its own: handled by its type's handler (others are ignored)."""
        kind = kind_of(msg)
        if msg.get("table") not in (None, self.table_id) and kind is not Kind.TABLES:
            return
        handler = _TOLD.get(kind) if kind is not None else None
        if handler is not None:
            handler(self, msg)

    def _take_chat(self, msg: dict[str, Any]) -> None:
        with self._lock:
            self.chat.append(msg)
            del self.chat[:-50]
        self._emit("chat")

    def _take_note(self, msg: dict[str, Any]) -> None:
        text = str(msg.get("text", ""))
        for listener in list(self.noted):
            listener(text)
        self._say(text)

    def _take_started(self, msg: dict[str, Any]) -> None:
        with self._lock:
            if msg.get("seat") and self.seat is not None and self.table_id is not None:
                self.seat = str(msg["seat"])  # random seats: the credential moved with its player
                kept = self.keys.get(self.link.url, self.table_id, self.name)
                if kept is not None:
                    self.keys.put(self.link.url, self.table_id, self.name, self.seat, kept[1])
        self._say("The table has started.")

    def _take_left(self, msg: dict[str, Any]) -> None:
        with self._lock:
            self.table, self.seat, self.frame, self.view = None, None, {}, None
        self._say(str(msg.get("message", "You left the table.")), error=True)
        self._emit("state")

    def _take_closed(self, msg: dict[str, Any]) -> None:
        with self._lock:
            self.table, self.seat, self.frame, self.view = None, None, {}, None
        self._say("The teacher closed this table.", error=True)
        self._emit("state")

    def _take_view(self, msg: dict[str, Any]) -> None:
        spec = self.spec
        if spec is None or self.table is None:
            return
        view = None
        views: dict[str, Any] = {}
        try:
            if self.seat is not None and isinstance(msg.get("view"), dict) and spec.seat_view_of is not None:
                view = spec.seat_view_of(msg["view"], self.table["rules"])
            elif self.seat is None and isinstance(msg.get("views"), dict) and spec.seat_view_of is not None:
                views = {
                    str(seat): spec.seat_view_of(v, self.table["rules"]) for seat, v in msg["views"].items()
                }
            elif self.seat is None and isinstance(msg.get("view"), dict) and spec.seat_view_of is not None:
                # a face-down watcher's view: nobody's, no hand; drawn from the dealer's chair
                public = msg["view"]
                view = spec.seat_view_of({**public, "seat": public.get("dealer")}, self.table["rules"])
        except EuchreError as exc:
            self._say(f"This page cannot read the table's view: {exc}", error=True)
            return
        with self._lock:
            if self.frame and _age(msg) < _age(self.frame):
                return  # an older view arrived late (a reply waited while a newer view came)
            self.frame = {k: v for k, v in msg.items() if k != RE}
            self._frame_at = time.monotonic()
            self.view, self.views = view, views
            self.table = {**self.table, "started": msg.get("started", False)}
        self._emit("state")

    def _on_lost(self) -> None:
        self.closed = True
        self._say(
            "The connection to the table service is lost: reload the page to sit back down.", error=True
        )

    def close(self) -> None:
        self.link.close()


#: what the controller does with each message the service sends on its own, by type
_TOLD: Final[dict[Kind, Callable[[SharedTableController, dict[str, Any]], None]]] = {
    Kind.VIEW: SharedTableController._take_view,
    Kind.CHAT: SharedTableController._take_chat,
    Kind.NOTE: SharedTableController._take_note,
    Kind.STARTED: SharedTableController._take_started,
    Kind.LEFT: SharedTableController._take_left,
    Kind.CLOSED: SharedTableController._take_closed,
}


def view_position(game: str, view: Any, seed: int = 0) -> dict[str, Any] | None:
    """A seat view as the game's ``analyze`` input (a drill's position), or None when it cannot be written.

    The seat's knowledge is all a drill needs (the advisor samples the hidden cards again), so the
    hidden hands of the written deal are one deal consistent with the view (the game's
    ``position_of_view``): the position read back gives the same seat view, all of it but the match's
    scores, which a position does not hold, and the order of the hand (checked here: a position that
    does not is not written)."""
    import random

    found = find_game(game)
    if found.position_of_view is None:
        return None
    try:
        position = dict(found.position_of_view(view, random.Random(seed)))
        back = found.read_position(position)
    except (EuchreError, IndexError, ValueError):
        return None
    if _unordered(replace(back, scores=view.scores)) != _unordered(view):
        return None
    return position


def _unordered(view: Any) -> Any:
    """``view`` with its hand and legal actions in one order (a hand's order is not something a seat
    knows: with a double deck, which of two equal cards went is not told), and without the seats' card
    counts (a position does not write another seat's hidden discards one by one: a kitty's exchange
    half done reads back whole)."""
    found = replace(view, hand=tuple(sorted(view.hand, key=str)), legal=tuple(sorted(view.legal, key=str)))
    return replace(found, counts=()) if hasattr(found, "counts") else found
