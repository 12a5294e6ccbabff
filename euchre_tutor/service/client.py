"""The protocol's client, where older code looks for it: see :mod:`euchre_tutor.protocol.client`."""

from __future__ import annotations

from euchre_tutor.protocol.client import ServiceError, TableClient, run_to_end

__all__ = ["ServiceError", "TableClient", "run_to_end"]
