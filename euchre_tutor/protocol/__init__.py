"""The table protocol, beside the session layer and below the service: its schema and a client.

:mod:`euchre_tutor.protocol.schema` states every message, its fields and the refusal codes (the
service checks each message it receives by it; clients build theirs with its names);
:mod:`euchre_tutor.protocol.client` is an asyncio client of the service. The table service
(:mod:`euchre_tutor.service`) sits above the session layer and imports this package; the session's
shared-table pages import it too, never the service.
"""

from __future__ import annotations
