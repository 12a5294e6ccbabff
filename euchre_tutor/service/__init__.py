"""Shared tables for a class: the authoritative table service, its log and its WebSocket transport.

The protocol is written down in ``docs/table-protocol.md``. :class:`TableService` is the core (no
network), :class:`Store` its SQLite log, :mod:`euchre_tutor.service.app` the Tornado transport and
:mod:`euchre_tutor.service.client` a client that speaks the protocol.
"""

from __future__ import annotations

from euchre_tutor.service.core import Connection, Options, Refusal, TableService
from euchre_tutor.service.store import Store

__all__ = ["Connection", "Options", "Refusal", "Store", "TableService"]
