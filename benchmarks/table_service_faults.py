"""Faults on the table service: SIGKILL it at random moments while tables play, restart it, count.

Starts the service as its own process on a fresh database, seats ``--tables`` x 4 protocol clients
(the load benchmark's players: each plays its seat's last legal action on its turn), and while they
play kills the service with SIGKILL ``--kills`` times at random moments, restarting it each time on
the same database and port. The clients sit back down with their seat credentials and play on.

After each kill, before the restart, the log is read as the restarted service will read it; after
the restart the teacher's ``overview`` is asked. A table is **resumed** when it is back at the
version its log holds; it is **lost** otherwise. An **accepted action lost** is one whose
``accepted`` reply a client received but which the log does not hold. Targets: every table resumed,
no accepted action lost.

Each run is written to a file of its own, ``artifacts/table_service_faults-<time>.json``.

    python benchmarks/table_service_faults.py --tables 10 --target 10 --kills 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from euchre_tutor.protocol.client import ServiceError, TableClient  # noqa: E402
from euchre_tutor.service.process import ServiceProcess, spawn_service  # noqa: E402
from euchre_tutor.service.store import Store  # noqa: E402

TOKEN = "faults-token"
TEACHER = "faults-teacher"


def _start(db: Path, port: int | None = None) -> ServiceProcess:
    """The service on ``db`` (on ``port``, a free one if None); its ``resumed``: the tables it says it
    resumed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    extra = ["--allow-seed"]
    return spawn_service(
        db, token=TOKEN, teacher_token=TEACHER, port=port, extra=extra, env=env, stdout=subprocess.PIPE
    )


class Table:
    """One table's four seats: connections that come back after a restart with their credentials."""

    def __init__(self, url: str, tid: str, credentials: dict[str, str]) -> None:
        self.url, self.tid, self.credentials = url, tid, credentials
        self.clients: dict[str, TableClient] | None = None
        self.accepted = 0  # the highest version a client was told was accepted
        self.over = False
        self.reconnects = 0

    async def _sit_all(self) -> dict[str, TableClient]:
        clients = {}
        for seat, credential in self.credentials.items():
            c = await TableClient.connect(self.url, TOKEN, f"{self.tid}-{seat}")
            await c.request({"type": "sit", "table": self.tid, "seat": seat, "credential": credential}, 5)
            clients[seat] = c
        return clients

    async def _drop(self) -> None:
        for c in (self.clients or {}).values():
            await c.close()
        self.clients = None

    async def play(self, stop: asyncio.Event, pace: float) -> None:
        while not self.over and not stop.is_set():
            try:
                if self.clients is None:
                    self.clients = await self._sit_all()
                    self.reconnects += 1
                anyone = next(iter(self.clients.values()))
                frame = await anyone.request({"type": "view", "table": self.tid}, 5)
                if frame["over"]:
                    self.over = True
                    break
                mover = self.clients[frame["turn"]]
                mine = await mover.request({"type": "view", "table": self.tid}, 5)
                legal = mine["view"]["legal"]
                if not legal:
                    await asyncio.sleep(pace)
                    continue
                act = {"type": "act", "table": self.tid, "action": legal[-1], "version": mine["version"]}
                reply = await mover.request(act, 5)
                self.accepted = max(self.accepted, reply["version"])
                await asyncio.sleep(pace)
            except ServiceError as error:
                if error.code == "no_table":  # its match ended: a finished table is not resumed
                    self.over = True
                    break
                if error.code not in ("stale", "not_your_turn", "flood"):
                    raise
                await asyncio.sleep(pace)
            except Exception:  # the service died under us: come back once it listens again
                await self._drop()
                await asyncio.sleep(0.2)
        await self._drop()


async def _setup(url: str, tables: int, target: int) -> list[Table]:
    out = []
    for i in range(tables):
        owner = await TableClient.connect(url, TOKEN, f"owner{i}")
        created = await owner.request(
            {"type": "create", "game": "classic", "seed": 100 + i, "rules": {"target": target}}
        )
        tid = created["table"]["id"]
        credentials = {}
        for s in created["table"]["seats"]:
            c = await TableClient.connect(url, TOKEN, f"{tid}-{s['seat']}")
            credentials[s["seat"]] = (await c.request({"type": "sit", "table": tid, "seat": s["seat"]}))[
                "credential"
            ]
            if s["seat"] == created["table"]["seats"][0]["seat"]:
                await c.request({"type": "start", "table": tid})
            await c.close()
        await owner.close()
        out.append(Table(url, tid, credentials))
    return out


async def _overview(url: str) -> dict[str, int]:
    teacher = await TableClient.connect(url, None, "teacher", teacher=TEACHER)
    try:
        return {t["id"]: t["version"] for t in (await teacher.request({"type": "overview"}))["tables"]}
    finally:
        await teacher.close()


async def _run(args: argparse.Namespace, db: Path) -> dict[str, Any]:
    rng = random.Random(args.seed)
    running = _start(db)
    url = running.url
    tables = await _setup(url, args.tables, args.target)
    stop = asyncio.Event()
    players = [asyncio.ensure_future(t.play(stop, args.pace)) for t in tables]
    kills: list[dict[str, Any]] = []
    resumed = lost = actions_lost = 0
    started = time.perf_counter()
    try:
        for k in range(args.kills):
            await asyncio.sleep(rng.uniform(args.min_gap, args.max_gap))
            running.kill()
            # what the clients were told before the kill (no await since: no reply read after it)
            told = {t.tid: t.accepted for t in tables}
            logged = {s.id: len(s.actions) for s in Store(db).open_tables()}
            finished = {t.tid for t in tables if t.tid not in logged}
            down = time.perf_counter()
            running = _start(db, running.port)
            back = await _overview(url)
            up = time.perf_counter() - down
            ok = [tid for tid, n in logged.items() if back.get(tid) == n]
            bad = [tid for tid in logged if tid not in ok]
            gone = sum(
                max(0, told[t.tid] - logged.get(t.tid, told[t.tid])) for t in tables if t.tid not in finished
            )
            resumed += len(ok)
            lost += len(bad)
            actions_lost += gone
            kills.append(
                {
                    "kill": k + 1,
                    "open_tables": len(logged),
                    "said_resumed": running.resumed,
                    "resumed": len(ok),
                    "lost": bad,
                    "accepted_actions_lost": gone,
                    "restart_s": round(up, 2),
                }
            )
            print(
                f"kill {k + 1:2}: {len(ok)}/{len(logged)} tables resumed, {gone} accepted actions lost, "
                f"back in {up:.2f} s",
                flush=True,
            )
        await asyncio.wait_for(asyncio.gather(*players), args.finish)
    except TimeoutError:
        pass
    finally:
        stop.set()
        await asyncio.gather(*players, return_exceptions=True)
        running.kill()
    store = Store(db)
    final_lost = sum(max(0, t.accepted - len(store.table(t.tid).actions)) for t in tables)  # type: ignore[union-attr]
    return {
        "tables": args.tables,
        "clients": 4 * args.tables,
        "target": args.target,
        "kills": args.kills,
        "tables_resumed": resumed,
        "tables_lost": lost,
        "accepted_actions_lost": actions_lost + final_lost,
        "actions_logged": sum(len(store.table(t.tid).actions) for t in tables),  # type: ignore[union-attr]
        "matches_finished": sum(t.over for t in tables),
        "median_restart_s": sorted(k["restart_s"] for k in kills)[len(kills) // 2] if kills else None,
        "wall_s": round(time.perf_counter() - started, 1),
        "each_kill": kills,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=10, help="tables of four clients (the load's size)")
    parser.add_argument("--target", type=int, default=10, help="each match's target score (the load's)")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--min-gap", type=float, default=0.3, help="fewest seconds between kills")
    parser.add_argument("--max-gap", type=float, default=1.5, help="most seconds between kills")
    parser.add_argument("--pace", type=float, default=0.03, help="seconds a client waits after acting")
    parser.add_argument(
        "--finish", type=float, default=60.0, help="seconds to let matches end after the kills"
    )
    parser.add_argument("--seed", type=int, default=1, help="the kills' moments")
    parser.add_argument("--out", default=None, help="default: artifacts/table_service_faults-<time>.json")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        result = asyncio.run(_run(args, Path(tmp) / "tables.db"))
    out = Path(args.out or ROOT / "artifacts" / f"table_service_faults-{time.strftime('%Y%m%d-%H%M%S')}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    for key, value in result.items():
        if key != "each_kill":
            print(f"{key}: {value}")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
