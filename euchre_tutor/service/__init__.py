"""Shared tables for a class: the authoritative table service, its log and its WebSocket transport.

The protocol is written down in ``docs/table-protocol.md``. :class:`TableService` is the core (no
network), :class:`Store` its SQLite log, :mod:`euchre_tutor.service.app` the Tornado transport,
:mod:`euchre_tutor.protocol.client` (the protocol's package, below the service) a client that speaks the protocol and
:mod:`euchre_tutor.service.process` the service started as a child process.

The names below are loaded when first asked for, so that starting the service as a child
(``euchre-tutor serve``) does not load the engines and the advisor into the parent.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from euchre_tutor.service.core import Refusal, TableService
    from euchre_tutor.service.store import Store
    from euchre_tutor.service.table import Connection, Options

__all__ = ["Connection", "Options", "Refusal", "Store", "TableService"]

_HOME = {
    "Connection": "table",
    "Options": "table",
    "Refusal": "core",
    "TableService": "core",
    "Store": "store",
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
