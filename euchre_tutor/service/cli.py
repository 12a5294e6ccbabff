"""``euchre-tutor tables ...``: the shared tables from the command line, a client of the table service.

``create GAME`` makes a table, ``list`` lists the open ones (with the teacher's token: every table,
its players, score, hand and who is connected), ``fill TABLE`` sits protocol players in its empty
seats and plays the match out, ``follow TABLE`` prints the table as text (every hand face up only
with the teacher's token), and for the teacher ``close TABLE`` and ``download DIR`` (the class's
finished matches as save files, ``DIR/SEAT/NAME-TABLE.json``, the files ``euchre-tutor report``
reads).

Every subcommand reads the service's address from ``--url`` or ``$EUCHRE_TABLES_URL``, the class's
token from ``--token`` or ``$EUCHRE_TABLES_TOKEN`` and the teacher's from ``--teacher-token`` or
``$EUCHRE_TABLES_TEACHER_TOKEN``. A refusal, a wrong token or no service listening exits with status
2 and one line that says what to do.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, Final

from euchre_tutor.jsonio import fail
from euchre_tutor.protocol.client import ServiceError, TableClient, run_to_end
from euchre_tutor.protocol.schema import CHATS, TIME_LIMITS, WATCHERS, Code, Kind, kind_of, message
from euchre_tutor.tricks.history import write_saved_file

__all__ = ["register"]

URL_VAR: Final = "EUCHRE_TABLES_URL"
TOKEN_VAR: Final = "EUCHRE_TABLES_TOKEN"
TEACHER_VAR: Final = "EUCHRE_TABLES_TEACHER_TOKEN"
START_HINT: Final = "python -m euchre_tutor.service --port 8765 --db tables.sqlite --token SECRET"


class _Stop(Exception):
    """A teaching error line for the command's user."""


def register(sub: Any) -> None:
    """Add ``tables`` and its subcommands to the ``euchre-tutor`` command line."""
    parser = sub.add_parser(
        "tables",
        help="shared tables of a class: create, list, fill, follow, close, download",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    commands = parser.add_subparsers(dest="tables_command", metavar="COMMAND", required=True)

    def command(name: str, text: str, run: Callable[[argparse.Namespace], Coroutine[Any, Any, int]]) -> Any:
        sp = commands.add_parser(name, help=text, description=text)
        sp.add_argument("--url", default=None, help=f"the service, ws://HOST:PORT/tables (or ${URL_VAR})")
        sp.add_argument("--token", default=None, help=f"the class's token (or ${TOKEN_VAR})")
        sp.add_argument("--teacher-token", default=None, help=f"the teacher's token (or ${TEACHER_VAR})")
        sp.add_argument("--name", default=None, help="the name the tables show for you")
        sp.set_defaults(run=lambda args: _run(args, run))
        return sp

    sp = command("create", "create a table and print its id (and invite code)", _create)
    sp.add_argument("game", help="a game with seats: classic or bid")
    sp.add_argument("--rules", default=None, help="a rules preset, or options as JSON: '{\"target\": 5}'")
    sp.add_argument("--level", default=None, help="the computer players' level for empty seats")
    sp.add_argument("--private", action="store_true", help="unlisted: sitting needs the invite code")
    sp.add_argument("--random-seats", action="store_true", help="shuffle the players among the seats")
    sp.add_argument("--watchers", choices=WATCHERS, default=None)
    sp.add_argument("--chat", choices=CHATS, default=None)
    sp.add_argument("--time-limit", type=int, choices=TIME_LIMITS, default=None)
    sp.add_argument("--no-suggestions", action="store_true", help="no hints during play")
    sp.add_argument("--autoplay", action="store_true", help="play forced cards at once")
    sp.add_argument("--hide-points", action="store_true", help="pages hide the tricks taken")
    sp.add_argument("--seed", type=int, default=None, help="the deal's seed (a service with --allow-seed)")

    command("list", "the open tables (with the teacher's token: every table, who plays, who is here)", _list)

    sp = command("fill", "sit protocol players in the empty seats, start, and play the match out", _fill)
    sp.add_argument("table", help="the table's id")
    sp.add_argument("--invite", default=None, help="a private table's invite code")
    sp.add_argument("--delay", type=float, default=0.0, help="seconds each player waits before acting")
    sp.add_argument("--seed", type=int, default=0, help="the seed of the players' random choices")

    sp = command(
        "follow", "print a table as text until its match ends (face up with the teacher's token)", _follow
    )
    sp.add_argument("table", help="the table's id")
    sp.add_argument("--invite", default=None, help="a private table's invite code")

    sp = command("close", "close a table: every seat is told (teacher)", _close)
    sp.add_argument("table", help="the table's id")

    sp = command("download", "write the class's finished matches as save files (teacher)", _download)
    sp.add_argument("dir", help="the folder to write them into (made if missing)")


# -- connecting --------------------------------------------------------------------


def _run(args: argparse.Namespace, run: Callable[[argparse.Namespace], Coroutine[Any, Any, int]]) -> int:
    try:
        return run_to_end(run(args))
    except _Stop as stop:
        return fail(str(stop))
    except ServiceError as error:
        return fail(f"the service refused: {error.reply.get('message')}")


def _url(args: argparse.Namespace) -> str:
    url = args.url or os.environ.get(URL_VAR)
    if not url:
        raise _Stop(f"which service? give --url ws://HOST:PORT/tables or set ${URL_VAR}")
    if not url.startswith(("ws://", "wss://")):
        raise _Stop(f"{url[:60]!r} is no table service address: it looks like ws://127.0.0.1:8765/tables")
    return str(url)


async def _connect(
    args: argparse.Namespace, *, teacher: bool = False, name: str | None = None
) -> TableClient:
    """A connection that said hello: as the teacher when the teacher's token is given (needed when
    ``teacher``), else with the class's token."""
    url = _url(args)
    secret = args.teacher_token or os.environ.get(TEACHER_VAR)
    token = args.token or os.environ.get(TOKEN_VAR)
    if teacher and not secret:
        raise _Stop(f"only the teacher may do this: give --teacher-token or set ${TEACHER_VAR}")
    if not secret and not token:
        raise _Stop(f"the class's token is needed: give --token or set ${TOKEN_VAR}")
    try:
        client = await TableClient.open(url)
    except (TimeoutError, OSError) as error:
        raise _Stop(
            f"no table service is listening at {url} ({type(error).__name__}): start one with "
            f"`{START_HINT}`, then give its address"
        ) from None
    said = {"teacher": secret} if secret else {"token": token}
    hello = message(Kind.HELLO, name=name or args.name or ("teacher" if secret else "cli"), **said)
    try:
        client.welcome = await client.request(hello, timeout=15)
    except ServiceError as error:
        await client.close()
        if error.code == Code.BAD_TOKEN:
            which = f"--teacher-token (or ${TEACHER_VAR})" if secret else f"--token (or ${TOKEN_VAR})"
            raise _Stop(
                f"the service refused the token: {error.reply.get('message')}; check {which}"
            ) from None
        raise
    return client


# -- the subcommands ---------------------------------------------------------------


async def _create(args: argparse.Namespace) -> int:
    msg = message(Kind.CREATE, game=args.game)
    if args.rules is not None:
        text = args.rules.strip()
        try:
            msg["rules"] = json.loads(text) if text.startswith("{") else text
        except ValueError:
            raise _Stop(
                f"--rules is a preset's name or a JSON object such as '{{\"target\": 5}}', not {text[:40]!r}"
            ) from None
    options: dict[str, Any] = {}
    for flag, key in (
        ("level", "level"),
        ("watchers", "watchers"),
        ("chat", "chat"),
        ("time_limit", "time_limit"),
    ):
        if getattr(args, flag) is not None:
            options[key] = getattr(args, flag)
    for flag in ("private", "random_seats", "autoplay", "hide_points"):
        if getattr(args, flag):
            options[flag] = True
    if args.no_suggestions:
        options["suggestions"] = False
    if options:
        msg["options"] = options
    if args.seed is not None:
        msg["seed"] = args.seed
    client = await _connect(args)
    try:
        created = await client.request(msg)
    finally:
        await client.close()
    table = created["table"]
    print(table["id"])
    seats = ", ".join(s["seat"] for s in table["seats"])
    print(f"{table['title']}, seats {seats}, rules {json.dumps(table['rules'])}", file=sys.stderr)
    if "invite" in created:
        print(f"invite code: {created['invite']}")
    return 0


def _table_line(t: dict[str, Any]) -> str:
    seats = "  ".join(
        f"{s['seat']}:{html.unescape(s['player']) if s['player'] else '(computer)'}"
        + ("" if s["connected"] or not s["player"] else " [away]")
        for s in t["seats"]
    )
    state = "over" if t["over"] else f"hand {t['hand']}" if t["started"] else "waiting"
    private = " private" if t["options"].get("private") else ""
    score = "-".join(map(str, t["score"]))
    return f"{t['id']}  {t['game']:<8} {state:<8} score {score:<6}{private}  {seats}"


async def _list(args: argparse.Namespace) -> int:
    client = await _connect(args)
    try:
        ask = Kind.OVERVIEW if client.welcome.get("teacher") else Kind.LIST
        tables = (await client.request(message(ask)))["tables"]
    finally:
        await client.close()
    if not tables:
        print("no open tables: create one with `euchre-tutor tables create classic`")
    for t in tables:
        print(_table_line(t))
    return 0


async def _fill(args: argparse.Namespace) -> int:
    """Protocol players sit in every free seat and play random legal actions until the match ends."""
    rng = random.Random(args.seed)
    done = asyncio.Event()
    outcome: dict[str, Any] = {}
    players: list[TableClient] = []
    summary: dict[str, Any] | None = None
    try:
        while summary is None or any(not s["player"] for s in summary["seats"]):
            bot = await _connect(args, name=f"bot {len(players) + 1}")
            sit = message(Kind.SIT, table=args.table, invite=args.invite or None)
            try:
                summary = (await bot.request(sit))["table"]
            except ServiceError as error:
                await bot.close()
                if error.code == Code.FULL and players:
                    break
                if error.code == Code.FULL:
                    raise _Stop(f"table {args.table} has no free seat to fill: every seat is taken") from None
                raise
            players.append(bot)
            bot.on_message = _player(bot, rng, args.delay, done, outcome)
        assert summary is not None
        if not summary["started"]:
            await players[0].request(message(Kind.START, table=args.table))
        for bot in players:
            bot.send(message(Kind.VIEW, table=args.table))
        await done.wait()
    finally:
        for bot in players:
            await bot.close()
    if "closed" in outcome:
        print(f"table {args.table} was closed")
        return 0
    if "error" in outcome:
        raise _Stop(str(outcome["error"]))
    score = "-".join(map(str, outcome["score"]))
    print(f"{len(players)} players filled table {args.table}; match over, score {score}")
    return 0


def _player(
    bot: TableClient, rng: random.Random, delay: float, done: asyncio.Event, outcome: dict[str, Any]
) -> Callable[[dict[str, Any]], None]:
    acted = {"version": -1}
    #: refusals a player of random moves meets in a fair game: it acts again on the next view
    ordinary = (Code.STALE, Code.NOT_YOUR_TURN, Code.FLOOD)

    def closed(m: dict[str, Any]) -> None:
        outcome["closed"] = True
        done.set()

    def error(m: dict[str, Any]) -> None:
        if m.get("code") not in ordinary:
            outcome["error"] = f"the service refused a move: {m.get('message')}"
            done.set()

    def view(m: dict[str, Any]) -> None:
        if m["over"]:
            outcome["score"] = m["score"]
            done.set()
            return
        legal = m["view"]["legal"] if m.get("view") else []
        if m["started"] and m["turn"] == m["seat"] and legal and m["version"] > acted["version"]:
            acted["version"] = m["version"]
            act = message(Kind.ACT, table=m["table"], action=rng.choice(legal), version=m["version"])
            if delay > 0:
                asyncio.get_running_loop().call_later(delay, bot.send, act)
            else:
                bot.send(act)

    return _dispatch({Kind.CLOSED: closed, Kind.ERROR: error, Kind.VIEW: view})


def _dispatch(handlers: dict[Kind, Callable[[dict[str, Any]], None]]) -> Callable[[dict[str, Any]], None]:
    """One function for a client's ``on_message``: each message to its type's handler (others ignored)."""

    def got(m: dict[str, Any]) -> None:
        kind = kind_of(m)
        handler = handlers.get(kind) if kind is not None else None
        if handler is not None:
            handler(m)

    return got


async def _follow(args: argparse.Namespace) -> int:
    client = await _connect(args, name=args.name or "watcher")
    done = asyncio.Event()
    printer = _Printer()

    over: list[dict[str, Any]] = []  # the view that ended the match, once it came

    def finish() -> None:
        if not done.is_set():
            print(f"match over, score {'-'.join(map(str, over[0]['score']))}", flush=True)
            done.set()

    def view(m: dict[str, Any]) -> None:
        printer.view(m)
        if m["over"] and not over:
            # the service tells how the last hand ended in a note right after its views: the
            # match's end is said after that note (or after a moment, should none come)
            over.append(m)
            asyncio.get_running_loop().call_later(2.0, finish)

    def chat(m: dict[str, Any]) -> None:
        print(f"  [{html.unescape(str(m['from']))}] {html.unescape(str(m['text']))}", flush=True)

    def note(m: dict[str, Any]) -> None:
        print(f"  ({m['text']})", flush=True)
        if over:
            finish()

    def closed(m: dict[str, Any]) -> None:
        print("the teacher closed this table", flush=True)
        done.set()

    got = _dispatch({Kind.VIEW: view, Kind.CHAT: chat, Kind.NOTE: note, Kind.CLOSED: closed})

    try:
        watching = await client.request(message(Kind.WATCH, table=args.table, invite=args.invite or None))
        t = watching["table"]
        print(
            f"table {t['id']}: {t['title']}, {len(t['seats'])} seats, rules {json.dumps(t['rules'])}",
            flush=True,
        )
        client.on_message = got
        while not client.inbox.empty():
            got(client.inbox.get_nowait())
        reading = asyncio.ensure_future(done.wait())
        closing = asyncio.ensure_future(client.closed.wait())
        await asyncio.wait([reading, closing], return_when=asyncio.FIRST_COMPLETED)
        for f in (reading, closing):
            f.cancel()
        if not done.is_set():
            raise _Stop("the service closed the connection (stopped, or restarting): follow the table again")
    finally:
        await client.close()
    return 0


class _Printer:
    """A table's views as lines of text: each action, trump, tricks, the score, every hand face up."""

    def __init__(self) -> None:
        self.key = (False, -1)
        self.hand: int | None = None
        self.score: list[int] | None = None
        self.tricks = 0
        self.trump: str | None = None

    def view(self, m: dict[str, Any]) -> None:
        key = (m["started"], m["version"])
        if key <= self.key:
            return
        self.key = key
        names = {s["seat"]: html.unescape(s["player"]) if s["player"] else "computer" for s in m["seats"]}
        views: dict[str, Any] = m.get("views") or {}
        view: dict[str, Any] = m.get("view") or next(iter(views.values()), {})
        last = m.get("last") if m["version"] > 0 else None
        new_hand = m["started"] and not m["over"] and m["hand"] != self.hand
        action = ""
        if last is not None:
            by = "" if last["by"] == "player" else f" ({last['by']})"
            action = f"  {last['seat']} {names.get(last['seat'], '')}{by}: {last['action']}"
        opens_hand = new_hand and last is not None and last["hand"] == m["hand"]
        if action and not opens_hand:
            print(action, flush=True)
        if not new_hand:
            self._tricks(view)
        if self.score is not None and m["score"] != self.score:
            print(f"score {'-'.join(map(str, m['score']))}", flush=True)
        self.score = m["score"]
        if new_hand:
            self.hand, self.tricks, self.trump = m["hand"], 0, None
            up = f", up card {view['up']}" if view.get("up") else ""
            print(f"hand {m['hand']}: dealer {view.get('dealer')}{up}", flush=True)
            for seat, v in views.items():
                print(f"  {seat} holds {' '.join(v.get('hand', []))}", flush=True)
            if opens_hand:
                print(action, flush=True)
        if view.get("trump") and view.get("trump") != self.trump:
            self.trump = view["trump"]
            maker = f", maker {view['maker']}" if view.get("maker") else ""
            print(f"trump {self.trump}{maker}", flush=True)
        self._tricks(view)

    def _tricks(self, view: dict[str, Any]) -> None:
        tricks = view.get("tricks") or []
        for k in range(self.tricks, len(tricks)):
            print(f"trick {k + 1} to {tricks[k].get('winner')}", flush=True)
        self.tricks = len(tricks)


async def _close(args: argparse.Namespace) -> int:
    client = await _connect(args, teacher=True)
    try:
        await client.request(message(Kind.CLOSE, table=args.table))
    finally:
        await client.close()
    print(f"table {args.table} closed; every seat was told")
    return 0


_UNSAFE: Final = re.compile(r"[^A-Za-z0-9_.-]+")


async def _download(args: argparse.Namespace) -> int:
    client = await _connect(args, teacher=True)
    out = Path(args.dir)
    written: dict[str, int] = {}
    index: list[dict[str, Any]] = []
    try:
        matches = (await client.request(message(Kind.MATCHES)))["matches"]
        for match in matches:
            saved = await client.request(message(Kind.SAVE, table=match["table"]))
            text = json.dumps(saved["save"], ensure_ascii=False, indent=1) + "\n"
            for s in match["seats"]:
                if not s["player"]:
                    continue
                name = _UNSAFE.sub("_", html.unescape(s["player"])).strip("_.") or "player"
                path = out / s["seat"] / f"{name}-{match['table']}.json"
                path.parent.mkdir(parents=True, exist_ok=True)
                write_saved_file(path, text, "saved game")
                written[s["seat"]] = written.get(s["seat"], 0) + 1
                index.append(
                    {**match, "seat": s["seat"], "player": s["player"], "file": str(path.relative_to(out))}
                )
    finally:
        await client.close()
    if not index:
        print("no finished match with a player yet: nothing written")
        return 0
    out.mkdir(parents=True, exist_ok=True)
    (out / "matches.json").write_text(json.dumps(index, ensure_ascii=False, indent=1) + "\n")
    print(f"{sum(written.values())} save files of {len(matches)} finished matches written to {out}")
    for seat in sorted(written):
        print(f"  euchre-tutor report --seat {seat} {out / seat}/*.json --out report-{seat}.html")
    return 0
