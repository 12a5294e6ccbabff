"""A table service on a free port in a background thread, for the shared-table client's tests."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from euchre_tutor.service import Store, TableService
from euchre_tutor.service.app import serve

TOKEN = "class-token"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RunningService:
    service: TableService
    url: str
    loop: asyncio.AbstractEventLoop

    def on_loop(self, fn: Callable[[], object]) -> object:
        """Run ``fn`` on the service's loop (where it holds its tables) and return its result."""

        async def call() -> object:
            return fn()

        return asyncio.run_coroutine_threadsafe(call(), self.loop).result(10)


@contextmanager
def running_service(db: Path, grace: float = 30.0) -> Iterator[RunningService]:
    service = TableService(Store(db), token=TOKEN, allow_seed=True, grace=grace)
    port = free_port()
    loop = asyncio.new_event_loop()
    ready = threading.Event()

    async def start() -> None:
        serve(service, port)
        ready.set()

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(start(), loop)
    assert ready.wait(10)
    try:
        yield RunningService(service, f"ws://127.0.0.1:{port}/tables", loop)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


def wait_until(check: Callable[[], object], timeout: float = 20.0, what: str = "the condition") -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")
