"""``python -m euchre_tutor.service --port P --db PATH --token T [--teacher-token S]``: the table service on its own."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable
from typing import Any

from euchre_tutor.service.app import serve
from euchre_tutor.service.core import TableService
from euchre_tutor.service.store import Store
from euchre_tutor.session.games import GameSpec


def _class_keeper(db: str) -> Callable[[GameSpec, Any, dict[str, str]], object]:
    """The ``finished`` hook that keeps a match in the class's store in ``db`` (the tables' own file)."""
    from euchre_tutor.session.class_matches import keep_finished_match
    from euchre_tutor.session.class_store import ClassStore

    store = ClassStore(db)
    return lambda spec, game, players: keep_finished_match(store, spec, game, players)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m euchre_tutor.service", description=__doc__)
    parser.add_argument("--port", type=int, required=True, help="the port to listen on")
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
    args = parser.parse_args(argv)
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

    async def listen() -> None:
        serve(service, args.port, args.address, computer_thread=not args.computer_inline)
        print(
            f"table service on ws://{args.address}:{args.port}/tables, {len(service.tables)} tables resumed",
            flush=True,
        )
        await asyncio.Event().wait()

    asyncio.run(listen())
    return 0


if __name__ == "__main__":
    sys.exit(main())
