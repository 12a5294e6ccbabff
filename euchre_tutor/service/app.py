"""The table service over WebSocket: a Tornado application around :class:`TableService`.

One route, ``/tables`` (a WebSocket); each text frame is one protocol message. Tornado closes a
connection whose frame exceeds :data:`FRAME_LIMIT` (far above the protocol's own cap, which gets an
``error``), and pings idle connections so that a half-open one is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

from tornado import ioloop, web, websocket

from euchre_tutor.service.core import Connection, TableService
from euchre_tutor.service.wire import dumps

__all__ = ["FRAME_LIMIT", "SOCKET_SETTINGS", "TableSocket", "make_app", "serve", "think_in_thread"]

#: the largest frame Tornado reads before it closes the connection
FRAME_LIMIT: Final = 64 * 1024
#: how often the service checks the time limits and the grace periods, in milliseconds
TICK_MS: Final = 250
#: the settings of an application serving :class:`TableSocket`: the frame limit, and pings that drop a
#: half-open connection
SOCKET_SETTINGS: Final[dict[str, Any]] = {
    "websocket_max_message_size": FRAME_LIMIT,
    "websocket_ping_interval": 20,
    "websocket_ping_timeout": 20,
}


class TableSocket(websocket.WebSocketHandler):
    """One client: its messages go to the service, the service's to it."""

    service: TableService
    conn: Connection | None = None

    def initialize(self, service: TableService) -> None:
        self.service = service

    def check_origin(self, origin: str) -> bool:
        return True  # the token, not the page's origin, admits a client

    def open(self, *args: str, **kwargs: str) -> None:
        # every message is a small frame sent at once: without this, Nagle's algorithm holds a frame
        # back until the peer's delayed acknowledgement of the one before (tens of ms per move)
        self.set_nodelay(True)
        self.conn = self.service.connect(self._send, self.close)

    def _send(self, message: dict[str, Any]) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        with contextlib.suppress(websocket.WebSocketClosedError):
            self.write_message(dumps(message))

    def on_message(self, message: str | bytes) -> Awaitable[None] | None:
        if self.conn is not None:
            self.service.receive(self.conn, message)
        return None  # a subclass may wait for something first (the hub's transport)

    def on_close(self) -> None:
        if self.conn is not None:
            self.service.disconnect(self.conn)


def make_app(service: TableService) -> web.Application:
    return web.Application([(r"/tables", TableSocket, {"service": service})], **SOCKET_SETTINGS)


def think_in_thread(workers: int = 1) -> Callable[[Callable[[], Any], Callable[[Any], None]], None]:
    """A ``think`` for :class:`TableService`: computer players choose on a worker thread, so a slow
    level (an Expert's search) does not hold up the other tables' messages; the choice comes back on
    the event loop that asked for it."""
    pool = ThreadPoolExecutor(workers, thread_name_prefix="computer-player")

    def think(choose: Callable[[], Any], done: Callable[[Any], None]) -> None:
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(pool, choose)

        def back(f: asyncio.Future[Any]) -> None:
            error = f.exception()
            if error is not None:
                print(f"a computer player failed ({type(error).__name__}: {error})", file=sys.stderr)
            done(None if error is not None else f.result())

        future.add_done_callback(back)

    return think


def serve(
    service: TableService,
    port: int,
    address: str = "127.0.0.1",
    *,
    computer_thread: bool = True,
    app: web.Application | None = None,
) -> ioloop.PeriodicCallback:
    """Listen on ``address:port`` (this computer only by default) and start the service's clock;
    listening when this returns.

    A service made without its own ``think`` gets :func:`think_in_thread` (unless not
    ``computer_thread``: then computer players choose on the loop). ``app``: the application to
    listen with (:func:`make_app`'s by default; a hub's from :mod:`euchre_tutor.service.hub`)."""
    if service.think is None and computer_thread:
        service.think = think_in_thread()
    (app or make_app(service)).listen(port, address=address)
    ticker = ioloop.PeriodicCallback(service.tick, TICK_MS)
    ticker.start()
    return ticker


async def run(service: TableService, port: int, address: str = "127.0.0.1") -> None:
    serve(service, port, address)
    await asyncio.Event().wait()
