"""``python -m euchre_tutor.service --port P --db PATH --token T [--teacher-token S]``: the table service on its own.

``python -m euchre_tutor.service --hub --db PATH [--teacher-group G] [--teacher-role R]``: the same as a
JupyterHub service, started by the hub (its port from the hub's address for it), students known by their hub
login and the teacher by a hub group or role, no class's tokens (:mod:`euchre_tutor.service.hub`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
from collections.abc import Callable
from typing import Any

from euchre_tutor.rules.games import Game
from euchre_tutor.service.app import serve
from euchre_tutor.service.core import TableService
from euchre_tutor.service.store import Store


def _class_keeper(db: str) -> Callable[[Game, Any, dict[str, str]], object]:
    """The ``finished`` hook that keeps a match in the class's store in ``db`` (the tables' own file)."""
    from euchre_tutor.session.class_matches import keep_finished_match
    from euchre_tutor.session.class_store import ClassStore

    store = ClassStore(db)
    return lambda spec, game, players: keep_finished_match(store, spec, game, players)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m euchre_tutor.service", description=__doc__)
    parser.add_argument(
        "--port", type=int, help="the port to listen on (under --hub: the hub's address for it)"
    )
    parser.add_argument("--db", required=True, help="the SQLite file of the tables' log (made if missing)")
    parser.add_argument(
        "--token",
        default=os.environ.get("EUCHRE_TUTOR_TABLE_TOKEN"),
        help="the secret every client's hello must carry (or $EUCHRE_TUTOR_TABLE_TOKEN)",
    )
    parser.add_argument(
        "--teacher-token",
        default=os.environ.get("EUCHRE_TUTOR_TEACHER_TOKEN"),
        help="the teacher's own secret: every table, face up, closing, downloads (or $EUCHRE_TUTOR_TEACHER_TOKEN)",
    )
    parser.add_argument(
        "--address", default="127.0.0.1", help="the address to bind (default: this computer only)"
    )
    parser.add_argument(
        "--grace", type=float, default=30.0, help="seconds before the computer plays for a missing player"
    )
    parser.add_argument(
        "--allow-seed", action="store_true", help="let create name the deal's seed (tests, benchmarks)"
    )
    parser.add_argument(
        "--keep-games",
        action="store_true",
        help="keep each finished match in the class's store (the --db file) under each student's name",
    )
    parser.add_argument(
        "--computer-inline",
        action="store_true",
        help="computer players choose on the event loop itself (to measure what the worker thread saves)",
    )
    parser.add_argument(
        "--hub",
        action="store_true",
        help="run as a JupyterHub service: hub logins and the hub's OAuth in place of the tokens (needs jupyterhub)",
    )
    parser.add_argument(
        "--teacher-group",
        action="append",
        help="under --hub: a hub group whose members teach (repeatable; default: teachers)",
    )
    parser.add_argument(
        "--teacher-role", action="append", help="under --hub: a hub role whose holders teach (repeatable)"
    )
    args = parser.parse_args(argv)
    if args.hub:
        return _on_hub(parser, args)
    if args.port is None:
        parser.error("a port is required: --port P")
    if not args.token:
        parser.error("a token is required: --token T (or $EUCHRE_TUTOR_TABLE_TOKEN)")
    if args.teacher_token is not None and args.teacher_token == args.token:
        parser.error("the teacher's token must differ from the class's token: students know that one")
    service = TableService(
        Store(args.db),
        token=args.token,
        teacher_token=args.teacher_token or None,
        grace=args.grace,
        allow_seed=args.allow_seed,
        finished=_class_keeper(args.db) if args.keep_games else None,
    )
    return _listen(args, service, args.port, "/tables")


def _on_hub(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The service started by a hub (see the module doc)."""
    from euchre_tutor.service import hub

    if args.token or args.teacher_token:
        parser.error("--hub: the hub's logins replace the class's tokens: give no --token or --teacher-token")
    port = args.port if args.port is not None else hub.service_port()
    if port is None:
        parser.error("--hub: no port: the hub gives its address for the service ($JUPYTERHUB_SERVICE_URL)")
    service = TableService(
        Store(args.db),
        logins=True,
        grace=args.grace,
        allow_seed=args.allow_seed,
        finished=_class_keeper(args.db) if args.keep_games else None,
    )
    app = hub.make_hub_app(service, hub.teachers_of(args.teacher_group, args.teacher_role))
    return _listen(args, service, port, f"{os.environ.get('JUPYTERHUB_SERVICE_PREFIX', '/')}tables", app)


def _listen(args: argparse.Namespace, service: TableService, port: int, path: str, app: Any = None) -> int:
    async def listen() -> None:
        serve(service, port, args.address, computer_thread=not args.computer_inline, app=app)
        print(
            f"table service on ws://{args.address}:{port}{path}, {len(service.tables)} tables resumed",
            flush=True,
        )
        await asyncio.Event().wait()

    with contextlib.suppress(KeyboardInterrupt):  # a hub stops its services with SIGINT
        asyncio.run(listen())
    return 0


if __name__ == "__main__":
    sys.exit(main())
