"""The student's side of a shared table: one client of the table service, with no widgets.

:class:`ServiceLink` is one connection (a :class:`~euchre_tutor.service.client.TableClient`) run on
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

:class:`SharedTutor` sits beside it: the advisor's hint on the student's own seat view when the table
allows suggestions, and after each hand, in every case, the grade of each of the student's decisions.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import math
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from euchre_tutor.advisor.drills import Deck
from euchre_tutor.advisor.luck import MISTAKE_LABELS, Swing, swings
from euchre_tutor.advisor.session import GradedDecision, SessionStats
from euchre_tutor.advisor.shared import key_moments
from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.service.client import ServiceError, TableClient
from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.games import Advice, GameSpec, game_spec
from euchre_tutor.session.observing import Observable, sentence
from euchre_tutor.session.tutor import Retry

__all__ = [
    "TABLES_TOKEN_ENV",
    "TABLES_URL_ENV",
    "Decision",
    "SeatKeys",
    "ServiceLink",
    "SharedTableController",
    "SharedTutor",
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
        """Connect and say hello; the ``welcome``. A teaching :class:`EuchreError` when it cannot."""

        async def connect() -> tuple[TableClient, dict[str, Any]]:
            client = await TableClient.open(self.url, timeout)
            client.on_message = lambda message: self.on_message(message)
            hello = {"type": "hello", self.HELLO_FIELD: self.token, "name": self.name}
            welcome = await client.request(hello)
            self._watcher = asyncio.ensure_future(self._watch(client))
            return client, welcome

        try:
            self.client, self.welcome = asyncio.run_coroutine_threadsafe(connect(), self.loop).result(timeout)
        except ServiceError as exc:
            raise EuchreError(self.refused_words(str(exc.reply.get("message")))) from None
        except (TimeoutError, OSError, concurrent.futures.TimeoutError) as exc:
            raise EuchreError(self.gone_words(type(exc).__name__)) from None
        return self.welcome

    async def _watch(self, client: TableClient) -> None:
        await client.closed.wait()
        if client is self.client:
            self.on_closed()

    @property
    def connected(self) -> bool:
        return self.client is not None and not self.client.closed.is_set()

    def call(self, message: dict[str, Any], timeout: float = CALL_TIMEOUT) -> dict[str, Any]:
        """Send ``message`` and wait for its reply; :class:`ServiceError` for a refusal, a teaching
        :class:`EuchreError` when the service is gone."""
        client = self.client
        if client is None or client.closed.is_set():
            raise EuchreError(
                "The connection to the table service is lost: reload the page to sit back down."
            )
        future = asyncio.run_coroutine_threadsafe(client.request(message, timeout), self.loop)
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


class SharedTableController(Observable):
    """A student (or a watcher) at the service's tables: the lobby and one table (see the module doc).

    Topics: ``"tables"`` (the lobby's list changed), ``"state"`` (a new view or seats), ``"chat"``,
    ``"message"`` (a teaching message). Listeners may be called on the link's thread.
    """

    def __init__(self, link: ServiceLink, keys: SeatKeys | None = None) -> None:
        super().__init__()
        self.link = link
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
        self._lock = threading.RLock()
        link.on_message = self._on_message
        link.on_closed = self._on_lost

    @classmethod
    def connect(cls, url: str, token: str, name: str, keys: SeatKeys | None = None) -> SharedTableController:
        """A controller on a new connection (a teaching :class:`EuchreError` when it cannot connect)."""
        link = ServiceLink(url, token, name)
        try:
            link.connect()
        except EuchreError:
            link.close()
            raise
        me = cls(link, keys)
        me.name = str(link.welcome.get("name", name))
        return me

    # -- what the pages read -----------------------------------------------------------

    @property
    def table_id(self) -> str | None:
        return None if self.table is None else str(self.table["id"])

    @property
    def spec(self) -> GameSpec | None:
        return None if self.table is None else game_spec(self.table["game"])

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

    def _call(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The service's reply, or None after saying why it refused (nothing changed)."""
        try:
            return self.link.call(message)
        except ServiceError as exc:
            self._say(sentence(str(exc.reply.get("message", exc))), error=True)
        except EuchreError as exc:
            self._say(str(exc), error=True)
        return None

    def refresh_tables(self) -> list[dict[str, Any]]:
        reply = self._call({"type": "list"})
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
        message: dict[str, Any] = {"type": "create", "game": game, "options": dict(options or {})}
        if rules is not None:
            message["rules"] = rules
        if seed is not None:
            message["seed"] = seed
        reply = self._call(message)
        if reply is None:
            return None
        self.invite = reply.get("invite")
        summary = dict(reply["table"])
        self._say(
            f"Table {summary['id']} is ready: choose your seat."
            + (f" It is private: give your classmates its invite code, {self.invite}." if self.invite else "")
        )
        return summary

    def sit(self, table: str, seat: str | None = None, invite: str | None = None) -> bool:
        """Sit at ``seat`` of ``table`` (None: the seat kept for this name, from its credential)."""
        kept = self.keys.get(self.link.url, table, self.name)
        message: dict[str, Any] = {"type": "sit", "table": table}
        if kept is not None and seat in (None, kept[0]):
            message.update(seat=kept[0], credential=kept[1])
        elif seat is None:
            self._say("Choose a seat: this name has no seat kept at that table.", error=True)
            return False
        else:
            message["seat"] = seat
        if invite:
            message["invite"] = invite.strip().upper()
        reply = self._call(message)
        if reply is None:
            return False
        with self._lock:
            self.table, self.seat = dict(reply["table"]), str(reply["seat"])
            self.frame, self.view, self.chat = {}, None, []
        if reply.get("credential"):
            self.keys.put(self.link.url, table, self.name, self.seat, str(reply["credential"]))
        self._say(
            f"You sit at {self.seat}." if kept is None else f"Welcome back: you sit at {self.seat} again."
        )
        self.request_view()
        return True

    def resume(self, table: str) -> bool:
        """Sit back down at ``table`` with the kept credential (False: none kept, or refused)."""
        if self.keys.get(self.link.url, table, self.name) is None:
            return False
        return self.sit(table)

    def watch(self, table: str, invite: str | None = None) -> bool:
        message: dict[str, Any] = {"type": "watch", "table": table}
        if invite:
            message["invite"] = invite.strip().upper()
        reply = self._call(message)
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
        reply = self._call({"type": "start", "table": self.table_id})
        if reply is None:
            return False
        self._on_message({k: v for k, v in reply.items() if k != "re"})  # random seats: where we sit now
        return True

    def stand(self) -> bool:
        table = self.table_id
        if table is None or self.seat is None:
            self._say("You have no seat to give up.", error=True)
            return False
        if self._call({"type": "stand", "table": table}) is None:
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
        reply = self._call({"type": "view", "table": self.table_id})
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
        reply = self._call({"type": "act", "table": self.table_id, "action": str(action), "version": version})
        if reply is None:
            return False
        self._say("")
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
        message: dict[str, Any] = {"type": "chat", "table": self.table_id}
        if phrase is not None:
            message["phrase"] = phrase
        else:
            message["text"] = text or ""
        return self._call(message) is not None

    # -- what the service tells ---------------------------------------------------------

    def _on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if message.get("table") not in (None, self.table_id) and kind != "tables":
            return
        if kind == "view":
            self._take_view(message)
        elif kind == "chat":
            with self._lock:
                self.chat.append(message)
                del self.chat[:-50]
            self._emit("chat")
        elif kind == "note":
            self._say(str(message.get("text", "")))
        elif kind == "started":
            with self._lock:
                if message.get("seat") and self.seat is not None and self.table_id is not None:
                    self.seat = str(message["seat"])  # random seats: the credential moved with its player
                    kept = self.keys.get(self.link.url, self.table_id, self.name)
                    if kept is not None:
                        self.keys.put(self.link.url, self.table_id, self.name, self.seat, kept[1])
            self._say("The table has started.")
        elif kind == "left":
            with self._lock:
                self.table, self.seat, self.frame, self.view = None, None, {}, None
            self._say(str(message.get("message", "You left the table.")), error=True)
            self._emit("state")
        elif kind == "closed":
            with self._lock:
                self.table, self.seat, self.frame, self.view = None, None, {}, None
            self._say("The teacher closed this table.", error=True)
            self._emit("state")

    def _take_view(self, message: dict[str, Any]) -> None:
        spec = self.spec
        if spec is None or self.table is None:
            return
        view = None
        views: dict[str, Any] = {}
        try:
            if (
                self.seat is not None
                and isinstance(message.get("view"), dict)
                and spec.seat_view_of is not None
            ):
                view = spec.seat_view_of(message["view"], self.table["rules"])
            elif (
                self.seat is None and isinstance(message.get("views"), dict) and spec.seat_view_of is not None
            ):
                views = {
                    str(seat): spec.seat_view_of(v, self.table["rules"])
                    for seat, v in message["views"].items()
                }
        except EuchreError as exc:
            self._say(f"This page cannot read the table's view: {exc}", error=True)
            return
        with self._lock:
            if self.frame and _age(message) < _age(self.frame):
                return  # an older view arrived late (a reply waited while a newer view came)
            self.frame = {k: v for k, v in message.items() if k != "re"}
            self._frame_at = time.monotonic()
            self.view, self.views = view, views
            self.table = {**self.table, "started": message.get("started", False)}
        self._emit("state")

    def _on_lost(self) -> None:
        self.closed = True
        self._say(
            "The connection to the table service is lost: reload the page to sit back down.", error=True
        )

    def close(self) -> None:
        self.link.close()


def view_position(game: str, view: Any, seed: int = 0) -> dict[str, Any] | None:
    """A seat view as the game's ``analyze`` input (a drill's position), or None when it cannot be written.

    The seat's knowledge is all a drill needs (the advisor samples the hidden cards again), so the
    hidden hands of the written deal are one deal consistent with the view (the game's
    ``position_of_view``): the position read back gives the same seat view, all of it but the match's
    scores, which a position does not hold, and the order of the hand (checked here: a position that
    does not is not written)."""
    import random

    spec = game_spec(game)
    if spec.position_of_view is None:
        return None
    try:
        position = dict(spec.position_of_view(view, random.Random(seed)))
        back = spec.read_position(position)
    except (EuchreError, IndexError, ValueError):
        return None
    if _unordered(replace(back, scores=view.scores)) != _unordered(view):
        return None
    return position


def _unordered(view: Any) -> Any:
    """``view`` with its hand and legal actions in one order (a hand's order is not something a seat
    knows: with a double deck, which of two equal cards went is not told)."""
    return replace(view, hand=tuple(sorted(view.hand, key=str)), legal=tuple(sorted(view.legal, key=str)))


@dataclass
class Decision:
    """A decision of the student: the hand it was in, what the seat saw, what was chosen, its grade."""

    hand: int
    version: int
    view: Any
    action: Any
    advice: Advice | None = None
    grade: Any = None

    @property
    def index(self) -> int:
        """Its place in the table's history (the table's version when it was taken)."""
        return self.version

    @property
    def forced(self) -> bool:
        """The only legal choice: nothing to grade."""
        return len(self.view.legal) < 2

    @property
    def where(self) -> str:
        """Where in the hand: ``"the bidding"`` or ``"trick 2"``."""
        if getattr(self.view, "trump", None) is None and not self.view.tricks and not self.view.trick_plays:
            return "the bidding"
        return f"trick {len(self.view.tricks) + 1}"


@dataclass
class _HandTrack:
    number: int = 0
    dealer: Any = None
    scores: Any = None
    decisions: list[Decision] = field(default_factory=list)


class SharedTutor(Observable):
    """The tutor beside a shared seat, as the one-person tables have it: hints (when the table allows
    suggestions and the student asks), and after each hand in every case the grade of every decision
    the student took in it, the review (:meth:`review`, :meth:`key_moments`, :meth:`points`), a retry
    of a past decision (:meth:`retry`: graded against the very analysis its first answer was), the
    drills (every Mistake and Blunder in :attr:`drills`, and in the class's store under the student's
    name when ``store`` is given) and the session statistics (:attr:`stats`).

    The advisor runs on one worker thread (the link's thread only carries messages). Topics:
    ``"analysis"`` (a hint, grades or a retry arrived).
    """

    GAME_NAME_FALLBACK: Final = "classic"

    def __init__(
        self,
        controller: SharedTableController,
        *,
        worlds: int = 200,
        seed: int = 0,
        stats: SessionStats | None = None,
        store: ClassStore | None = None,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.worlds, self.seed = worlds, seed
        self.show_hint = False
        self.hints: dict[int, Advice] = {}  # by the table's version
        self.errors: dict[int, str] = {}
        self.decisions: list[Decision] = []
        self.stats = stats if stats is not None else SessionStats()
        self.drills = Deck()
        self.store = store
        self.store_error = ""  # why the class's store did not keep the drills (empty: it did)
        self.retries: list[Retry] = []
        self._track = _HandTrack()
        self.finished: list[int] = []  # hands over, their decisions graded or being graded
        self.graded: list[int] = []  # hands over whose decisions are all graded
        self._points: dict[int, int] = {}
        self._drilled: set[int] = set()
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="euchre-tutor")
        self._lock = threading.RLock()
        self._asked: set[int] = set()
        controller.subscribe(self._on_controller)
        controller.acted.append(self._record)

    @property
    def allowed(self) -> bool:
        """Whether the table allows suggestions during play."""
        return bool(self.controller.options.get("suggestions", False))

    @property
    def hand_number(self) -> int:
        return self._track.number

    @property
    def game_name(self) -> str:
        spec = self.controller.spec
        return spec.name if spec is not None else self.GAME_NAME_FALLBACK

    def current_hint(self) -> Advice | None:
        if not (self.allowed and self.controller.my_turn):
            return None
        return self.hints.get(self.controller.version)

    def set_show_hint(self, on: bool) -> None:
        self.show_hint = on
        self._maybe_ask()
        self._emit("analysis")

    def hint_refusal(self) -> str | None:
        """Why no hint is shown now (None: one is shown or on its way)."""
        if not self.allowed:
            return "This table allows no suggestions during play: your grades come after each hand."
        if not self.controller.my_turn:
            return "The hint comes on your turn."
        return None

    def _on_controller(self, topic: str) -> None:
        if topic != "state":
            return
        view = self.controller.view
        if view is None:
            return
        self._follow_hand(view)
        self._maybe_ask()

    def _follow_hand(self, view: Any) -> None:
        """Count hands: a new dealer (or new scores) is a new hand, and the one before is over."""
        track = self._track
        mark = (view.dealer, tuple(view.scores))
        if track.dealer is None:
            track.dealer, track.scores, track.number = mark[0], mark[1], 1
            return
        if mark != (track.dealer, track.scores) and not view.tricks and not view.trick_plays:
            done, before = track.number, track.scores
            track.dealer, track.scores, track.number = mark[0], mark[1], done + 1
            self._points[done] = self._side_points(view, before, mark[1])
            self._hand_over(done)
        elif self.controller.over and track.number not in self.finished:
            self._points[track.number] = self._side_points(view, track.scores, tuple(view.scores))
            self._hand_over(track.number)

    @staticmethod
    def _side_points(view: Any, before: Any, after: Any) -> int:
        """A hand's points for the student: their side's minus the best other side's."""
        gained = [int(a) - int(b) for a, b in zip(after, before, strict=True)]
        mine = int(view.seat.team.index)
        return gained[mine] - max(g for i, g in enumerate(gained) if i != mine)

    def _maybe_ask(self) -> None:
        c = self.controller
        if not (self.show_hint and self.allowed and c.my_turn):
            return
        version = c.version
        with self._lock:
            if version in self._asked or len(c.legal) < 2:
                return
            self._asked.add(version)
        view = c.view
        self._pool.submit(self._advise_turn, version, view)

    def _advise(self, view: Any) -> Advice:
        spec = self.controller.spec
        assert spec is not None and spec.advise is not None
        return spec.advise(view, self.worlds, self.seed)

    def _advise_turn(self, version: int, view: Any) -> None:
        try:
            self.hints[version] = self._advise(view)
        except Exception as exc:
            self.errors[version] = f"The advisor could not analyse this turn: {exc}"
        self._emit("analysis")

    def _record(self, version: int, view: Any, action: Any) -> None:
        self.decisions.append(Decision(self._track.number, version, view, action, self.hints.get(version)))

    def _hand_over(self, number: int) -> None:
        self.finished.append(number)
        for d in [d for d in self.decisions if d.hand == number]:
            self._pool.submit(self._grade, d)
        self._pool.submit(self._after_hand, number)

    def _grade(self, d: Decision) -> None:
        if d.forced:
            return
        if d.advice is None:
            try:
                d.advice = self._advise(d.view)
            except Exception:
                return
        d.grade = d.advice.grade(d.action)

    def _after_hand(self, number: int) -> None:
        """A hand's grades are in: the statistics, the drills, then the pages are told."""
        decisions = self.review(number)
        graded = [
            GradedDecision(str(d.action), d.grade.label, float(d.grade.loss))
            for d in decisions
            if d.grade is not None
        ]
        first = next((d.advice for d in decisions if d.advice is not None), None)
        best = None if first is None else first.values.get(first.best)
        spec = game_spec(self.game_name)
        baseline = (
            spec.luck_baseline(decisions[0].view) if decisions and spec.luck_baseline is not None else None
        )
        self.stats.update_deal(
            self.game_name,
            (id(self), number),
            graded,
            points=self._points.get(number),
            best=None if best is None else float(best),
            baseline=baseline,
        )
        self._record_drills(decisions)
        self.graded.append(number)
        self._emit("analysis")

    def _record_drills(self, decisions: list[Decision]) -> None:
        """Every decision graded Mistake or Blunder becomes a drill (once), in :attr:`drills` and, with
        a class store, in the student's deck there."""
        added = []
        for d in decisions:
            if d.grade is None or d.advice is None or d.grade.label not in MISTAKE_LABELS:
                continue
            if d.version in self._drilled:
                continue
            position = view_position(self.game_name, d.view, self.seed + d.version)
            if position is None:
                continue
            added.append(
                self.drills.add_graded(
                    self.game_name,
                    position,
                    answer=str(d.action),
                    label=d.grade.label,
                    best=str(d.advice.best),
                    level=self.controller.options.get("level"),
                    where=f"hand {d.hand}, {d.where}",
                )
            )
            self._drilled.add(d.version)
        if added and self.store is not None:
            try:
                kept = self.store.deck(self.controller.name) or Deck()
                for drill in added:
                    kept.add(drill)
                self.store.put_deck(self.controller.name, kept)
                self.store_error = ""
            except (EuchreError, OSError, sqlite3.Error) as exc:
                self.store_error = f"The class server could not keep your drills: {exc}"

    def review(self, number: int) -> list[Decision]:
        """The student's decisions of hand ``number`` (graded once the hand is over and analysed)."""
        return [d for d in self.decisions if d.hand == number]

    def points(self, number: int) -> int | None:
        """A finished hand's points for the student: their side's minus the best other side's."""
        return self._points.get(number)

    def swings(self, number: int) -> list[tuple[Decision, Swing]]:
        """The luck that followed each graded decision of a finished hand
        (:func:`~euchre_tutor.advisor.luck.swings`: they sum to the hand's ``rest``, as at the one-person
        tables); empty while the hand goes on or is being graded."""
        points = self._points.get(number)
        if points is None or number not in self.graded:
            return []
        graded = [d for d in self.review(number) if not d.forced]
        if any(d.grade is None or d.advice is None for d in graded):
            return []
        values = [float(d.advice.values[d.advice.best]) for d in graded]  # type: ignore[union-attr]
        losses = [float(d.grade.loss) for d in graded]
        return list(zip(graded, swings(values, losses, points=points), strict=True))

    def key_moments(self, number: int) -> list[Decision]:
        """The decisions of a graded hand that cost most (Inaccuracy or worse, the costliest first)."""
        return key_moments((d, d.grade) for d in self.review(number) if not d.forced and d.grade is not None)

    def retry(self, decision: Decision, action: Any) -> Retry:
        """Answer a past decision again, with the hint hidden: graded against the very analysis its
        first answer was, kept in :attr:`retries`; the table is not touched. Refuses (a teaching
        :class:`EuchreError`) a forced decision, an answer that was not legal there, or a decision not
        graded yet."""
        if decision.forced:
            raise EuchreError(
                f"{decision.action} was your only legal choice then: there is nothing to answer again"
            )
        if isinstance(action, str):
            action = next((a for a in decision.view.legal if str(a) == action.strip()), action.strip())
        if action not in decision.view.legal:
            choices = ", ".join(map(str, decision.view.legal))
            raise EuchreError(
                sentence(f"{action} was not legal at that moment: the legal choices were {choices}")
            )
        if decision.advice is None or decision.grade is None:
            raise EuchreError("That decision is still being graded: retry it once its grade is shown.")
        grade = decision.advice.grade(action)
        if grade is None:  # pragma: no cover - every legal action has a value
            raise EuchreError("That decision is still being graded: retry it once its grade is shown.")
        done = Retry(decision, action, grade)
        self.retries.append(done)
        self._emit("analysis")
        return done

    def wait(self, timeout: float = 60.0) -> None:
        """Wait until every analysis asked for so far is done (tests)."""
        self._pool.submit(lambda: None).result(timeout)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
