"""A table service in one process, with a clock the test moves, and clients that keep what they get."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from euchre_tutor.protocol.schema import check_sent
from euchre_tutor.service import Connection, Store, TableService

TOKEN = "class-token"
TEACHER = "teacher-token"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Client:
    service: TableService
    conn: Connection = field(init=False)
    inbox: list[dict[str, Any]] = field(default_factory=list)
    closed: bool = False

    def __post_init__(self) -> None:
        self.conn = self.service.connect(self._got, self._close)

    def _got(self, message: dict[str, Any]) -> None:
        json.dumps(message)  # every message is JSON
        assert not check_sent(message), (check_sent(message), message)  # and as the schema says
        self.inbox.append(message)

    def _close(self) -> None:
        self.closed = True

    def send(self, message: dict[str, Any] | str) -> dict[str, Any] | None:
        """Send; the last message received in answer (None when nothing came)."""
        before = len(self.inbox)
        self.service.receive(self.conn, message if isinstance(message, str) else json.dumps(message))
        return self.inbox[-1] if len(self.inbox) > before else None

    def reply(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send with an id; the reply carrying it."""
        before = len(self.inbox)
        self.service.receive(self.conn, json.dumps({**message, "id": 7}))
        return next(m for m in self.inbox[before:] if m.get("re") == 7)

    def views(self) -> list[dict[str, Any]]:
        return [m for m in self.inbox if m["type"] == "view"]


def service(store: Store | None = None, clock: Clock | None = None, **kw: Any) -> TableService:
    return TableService(
        store, token=TOKEN, teacher_token=TEACHER, allow_seed=True, clock=clock or Clock(), **kw
    )


def hello(svc: TableService, name: str) -> Client:
    c = Client(svc)
    assert c.send({"type": "hello", "token": TOKEN, "name": name})["type"] == "welcome"  # type: ignore[index]
    return c


def teacher(svc: TableService, name: str = "teacher") -> Client:
    c = Client(svc)
    welcome = c.send({"type": "hello", "teacher": TEACHER, "name": name})
    assert welcome is not None and welcome["type"] == "welcome" and welcome["teacher"] is True, welcome
    return c
