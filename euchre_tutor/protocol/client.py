"""A client of the table service: asyncio, over Tornado's WebSocket client.

Used from a coroutine, given the service's address and a token::

    async def one_table(url, token):
        async with await TableClient.connect(url, token, "Ann") as me:
            table = (await me.request(message(Kind.CREATE, game="classic")))["table"]["id"]
            await me.request(message(Kind.SIT, table=table, seat="S"))

:meth:`TableClient.request` sends a message with an ``id`` and returns the reply that carries it
(an ``error`` reply raises :class:`ServiceError`); every other message the service sends (views,
chat, notes) waits in :attr:`TableClient.inbox`, or goes to ``on_message`` (a listener that raises is
reported on stderr, and the connection reads on).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import threading
import traceback
from collections.abc import Callable, Coroutine
from types import TracebackType
from typing import Any, TypeVar

from tornado import websocket

from euchre_tutor.protocol.schema import ID, RE, Kind, kind_of, message

__all__ = ["ServiceError", "TableClient", "run_to_end"]

T = TypeVar("T")


def run_to_end(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end from synchronous code and return its result (or raise its error).

    Where no event loop runs in this thread that is :func:`asyncio.run`; where one does (a notebook's
    kernel, a browser driver's), ``asyncio.run`` refuses, so the coroutine runs in a thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append(("value", asyncio.run(coroutine)))
        except BaseException as error:  # handed back to the caller below
            outcome.append(("error", error))

    worker = threading.Thread(target=run, name="euchre-tables-client", daemon=True)
    worker.start()
    worker.join()
    kind, value = outcome[0]
    if kind == "error":
        raise value
    return value  # type: ignore[no-any-return]


class ServiceError(Exception):
    """An ``error`` message from the service, its ``code`` and ``message``."""

    def __init__(self, reply: dict[str, Any]) -> None:
        super().__init__(f"{reply.get('code')}: {reply.get('message')}")
        self.code = str(reply.get("code"))
        self.reply = reply


class TableClient:
    """One connection to the service (see the module doc)."""

    def __init__(self, ws: websocket.WebSocketClientConnection) -> None:
        self.ws = ws
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.on_message: Callable[[dict[str, Any]], None] | None = None
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.ensure_future(self._read())
        self.closed = asyncio.Event()
        #: the service's welcome (its ``teacher`` says whether this is the teacher's connection)
        self.welcome: dict[str, Any] = {}

    @classmethod
    async def open(cls, url: str, timeout: float = 10.0) -> TableClient:
        """Connect to ``url`` (``ws://host:port/tables``) without a word said yet (an ``OSError``
        when nothing listens there)."""
        ws = await asyncio.wait_for(
            websocket.websocket_connect(url, max_message_size=16 * 1024 * 1024), timeout
        )
        if ws.protocol is not None:
            ws.protocol.set_nodelay(True)  # an act goes out at once, not after the last frame's ack
        return cls(ws)

    @classmethod
    async def connect(
        cls, url: str, token: str | None, name: str, *, teacher: str | None = None
    ) -> TableClient:
        """Connect to ``url`` and say hello with ``token`` (or the ``teacher``'s token) and ``name``."""
        client = await cls.open(url)
        secret = {"teacher": teacher} if teacher is not None else {"token": token}
        client.welcome = await client.request(message(Kind.HELLO, name=name, **secret))
        return client

    async def _read(self) -> None:
        while True:
            text = await self.ws.read_message()
            if text is None:
                break
            got = json.loads(text)
            ref = got.get(RE)
            future = self._waiting.pop(ref, None) if isinstance(ref, int) else None
            if future is not None and not future.done():
                future.set_result(got)
            elif self.on_message is not None:
                self._tell(got)
            else:
                self.inbox.put_nowait(got)
        self.closed.set()
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("the service closed the connection"))

    def _tell(self, got: dict[str, Any]) -> None:
        """Hand ``got`` to :attr:`on_message`. A listener that fails is reported on stderr and the
        connection reads on: were the failure to end this reader, no reply would come again, and every
        later request would wait out its timeout while the connection looks open."""
        assert self.on_message is not None
        try:
            self.on_message(got)
        except Exception:  # a bug of the listener's, not of the connection
            print(
                f"a table service message's listener failed on a {got.get('type')!r} message:",
                file=sys.stderr,
            )
            traceback.print_exc()

    def send(self, msg: dict[str, Any]) -> None:
        """Send without waiting for a reply."""
        self.ws.write_message(json.dumps(msg))

    async def request(self, msg: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
        """Send ``msg`` with a fresh ``id``; its reply, or :class:`ServiceError` for an error."""
        ref = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.ws.write_message(json.dumps({**msg, ID: ref}))  # no reply is read before we wait
        self._waiting[ref] = future
        reply = await asyncio.wait_for(future, timeout)
        if kind_of(reply) is Kind.ERROR:
            raise ServiceError(reply)
        return reply

    async def next(self, kind: str | None = None, timeout: float = 30.0) -> dict[str, Any]:
        """The next message from the inbox (of type ``kind``, skipping others)."""
        while True:
            got = await asyncio.wait_for(self.inbox.get(), timeout)
            if kind is None or kind_of(got) == kind:
                return got

    async def close(self) -> None:
        self.ws.close()
        self._reader.cancel()

    async def __aenter__(self) -> TableClient:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close()
