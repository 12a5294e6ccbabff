"""Load on the table service: protocol clients at shared tables playing whole matches at once.

Starts the service as its own process (a fresh database), seats ``--tables`` x 4 clients (no
computer players), and each client plays its seat's last legal action on its turn. Measures, for
every accepted action, the time from the act sent to the moment every seat of the table has the
view of that version; the actions lost (an accepted action missing from the log); and the
service's memory per table (resident set size after the run, less before any table, per table).
Writes its run to ``artifacts/table_service_load.json`` and prints its figures.

    python benchmarks/table_service_load.py --tables 10 --target 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from euchre_tutor.service.client import TableClient  # noqa: E402
from euchre_tutor.service.process import spawn_service  # noqa: E402
from euchre_tutor.service.store import Store  # noqa: E402

TOKEN = "load-token"


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _table(url: str, index: int, target: int, latencies: list[float], accepted: dict[str, int]) -> str:
    owner = await TableClient.connect(url, TOKEN, f"t{index}p0")
    created = await owner.request(
        {"type": "create", "game": "classic", "seed": index, "rules": {"target": target}}
    )
    tid = created["table"]["id"]
    seats = [s["seat"] for s in created["table"]["seats"]]
    clients = [owner] + [await TableClient.connect(url, TOKEN, f"t{index}p{i}") for i in range(1, len(seats))]
    latest: dict[str, dict[str, Any]] = {}
    seen: dict[str, asyncio.Event] = {s: asyncio.Event() for s in seats}
    for seat, c in zip(seats, clients, strict=True):

        def got(m: dict[str, Any], seat: str = seat) -> None:
            if m.get("type") == "view":
                latest[seat] = m
                seen[seat].set()

        await c.request({"type": "sit", "table": tid, "seat": seat})
        c.on_message = got
    await owner.request({"type": "start", "table": tid})
    by_seat = dict(zip(seats, clients, strict=True))
    while True:
        await asyncio.sleep(0)
        views = [latest.get(s) for s in seats]
        if any(v is None for v in views):
            await asyncio.sleep(0.01)
            continue
        top = max(v["version"] for v in views if v)
        current = [v for v in views if v and v["version"] == top]
        if current[0]["over"]:
            break
        turn = current[0]["turn"]
        mine = latest[turn]
        if mine["version"] != top or not mine["view"]["legal"]:
            await asyncio.sleep(0.005)
            continue
        for e in seen.values():
            e.clear()
        sent = time.perf_counter()
        reply = await by_seat[turn].request(
            {"type": "act", "table": tid, "action": mine["view"]["legal"][-1], "version": top}
        )
        version = reply["version"]
        accepted[tid] = version
        while any(latest[s]["version"] < version for s in seats):
            await asyncio.wait([asyncio.ensure_future(seen[s].wait()) for s in seats], timeout=5)
            for e in seen.values():
                e.clear()
        latencies.append(time.perf_counter() - sent)
        await asyncio.sleep(0.02)  # a (very fast) person's pace, under the rate limit
    for c in clients:
        await c.close()
    return tid


async def _run(args: argparse.Namespace, db: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    running = spawn_service(db, token=TOKEN, extra=["--allow-seed"], env=env, stdout=subprocess.PIPE)
    proc = running.proc
    try:
        base = _rss_kib(proc.pid)
        url = running.url
        latencies: list[float] = []
        accepted: dict[str, int] = {}
        started = time.perf_counter()
        tids = await asyncio.gather(
            *(_table(url, i, args.target, latencies, accepted) for i in range(args.tables))
        )
        wall = time.perf_counter() - started
        rss = _rss_kib(proc.pid)
    finally:
        running.stop()
    store = Store(db)
    logged = {t: len(store.table(t).actions) for t in tids}  # type: ignore[union-attr]
    lost = sum(max(0, accepted.get(t, 0) - logged[t]) for t in tids)
    latencies.sort()
    return {
        "tables": args.tables,
        "clients": args.tables * 4,
        "target": args.target,
        "actions": len(latencies),
        "median_ms": round(1000 * statistics.median(latencies), 1),
        "p99_ms": round(1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))], 1),
        "max_ms": round(1000 * latencies[-1], 1),
        "actions_lost": lost,
        "memory_per_table_kib": round((rss - base) / args.tables),
        "service_rss_kib": rss,
        "wall_s": round(wall, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--target", type=int, default=10, help="each match's target score")
    parser.add_argument("--out", default=str(ROOT / "artifacts" / "table_service_load.json"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        result = asyncio.run(_run(args, Path(tmp) / "tables.db"))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    for key, value in result.items():
        print(f"{key}: {value}")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
