"""A student's kernel killed at a shared table: does the student get the same seat back?

Starts the table service as its own process (a fresh database, ``--grace`` seconds before the
computer plays for a missing player). For each of ``--kernels`` rounds a table is created (the
computer plays its other seats) and a *kernel* (a process of its own, as a student's Voila kernel
is) connects as the student with the page's seat keys file
(:class:`~euchre_tutor.session.shared_table.SeatKeys`), sits at a seat, starts the table and plays
its turns with :class:`~euchre_tutor.session.shared_table.SharedTableController`. At a random
moment the kernel is killed with SIGKILL; after ``--away`` seconds a new kernel with the same keys
file and name asks to sit back down (:meth:`SharedTableController.resume`, what the reloaded page
does) and plays on.

A seat is **regained** when the new kernel sits at the very seat the killed one held, with no seat
chosen. It also counts the actions the computer took for the missing student meanwhile (the log's
``away`` actions), and the time from the new kernel's start to its seat. Each run is written to a
file of its own, ``artifacts/table_service_kernels-<time>.json``.

    python benchmarks/table_service_kernels.py --kernels 10
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from euchre_tutor.protocol.client import TableClient, run_to_end  # noqa: E402
from euchre_tutor.service.process import spawn_service  # noqa: E402
from euchre_tutor.service.store import Store  # noqa: E402

TOKEN = "kernels-token"

#: a student's kernel: sit (``seat``) or sit back down (``-``), start the table, play the last legal
#: action on each turn; says ``seated SEAT SECONDS`` once seated
KERNEL = """
import sys, time
from euchre_tutor.session.shared_table import SeatKeys, SharedTableController
url, token, name, keys, table, seat = sys.argv[1:7]
began = time.perf_counter()
me = SharedTableController.connect(url, token, name, SeatKeys(keys))
ok = me.resume(table) if seat == "-" else me.sit(table, seat)
if not ok:
    print("refused", flush=True)
    sys.exit(1)
print("seated", me.seat, round(time.perf_counter() - began, 3), flush=True)
if seat != "-":
    me.start()
while not me.over:
    if me.my_turn and me.legal:
        me.act(me.legal[-1])
    time.sleep(0.05)
"""


def _kernel(url: str, name: str, keys: Path, table: str, seat: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", KERNEL, url, TOKEN, name, str(keys), table, seat],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _seated(proc: subprocess.Popen[str]) -> tuple[str, float] | None:
    assert proc.stdout is not None
    words = proc.stdout.readline().split()
    return (words[1], float(words[2])) if len(words) == 3 and words[0] == "seated" else None


async def _create(url: str, seed: int) -> str:
    owner = await TableClient.connect(url, TOKEN, "teacher's helper")
    try:
        reply = await owner.request(
            {"type": "create", "game": "classic", "seed": seed, "rules": {"target": 10}}
        )
        return str(reply["table"]["id"])
    finally:
        await owner.close()


def _round(url: str, db: Path, keys: Path, index: int, rng: random.Random, away: float) -> dict[str, Any]:
    table = run_to_end(_create(url, index))
    seat = rng.choice("NESW")
    name = f"student {index}"
    first = _kernel(url, name, keys, table, seat)
    sat = _seated(first)
    if sat is None:
        first.kill()
        return {"table": table, "regained": False, "why": "the first kernel could not sit"}
    time.sleep(rng.uniform(0.5, 3.0))  # play a while, then the kernel dies
    first.kill()
    first.wait()
    before = len(Store(db).table(table).actions)  # type: ignore[union-attr]
    time.sleep(away)
    second = _kernel(url, name, keys, table, "-")
    back = _seated(second)
    time.sleep(0.5)
    second.kill()
    second.wait()
    log = Store(db).table(table)
    assert log is not None
    away_actions = sum(1 for a in log.actions[before:] if getattr(a, "by", None) == "away")
    return {
        "table": table,
        "seat": seat,
        "regained": back is not None and back[0] == seat,
        "seat_back": None if back is None else back[0],
        "seconds_to_seat": None if back is None else back[1],
        "away_actions": away_actions,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--kernels", type=int, default=10, help="kernels killed (one table each)")
    parser.add_argument("--grace", type=float, default=2.0, help="the service's grace period, seconds")
    parser.add_argument("--away", type=float, default=4.0, help="seconds before the new kernel comes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None, help="default: artifacts/table_service_kernels-<time>.json")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        db, keys = Path(tmp) / "tables.db", Path(tmp) / "seats.json"
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        extra = ["--allow-seed", "--grace", str(args.grace)]
        with spawn_service(db, token=TOKEN, extra=extra, env=env) as running:
            rounds = [_round(running.url, db, keys, i, rng, args.away) for i in range(args.kernels)]
    timed = [r["seconds_to_seat"] for r in rounds if r.get("seconds_to_seat") is not None]
    result = {
        "kernels_killed": len(rounds),
        "seats_regained": sum(r["regained"] for r in rounds),
        "median_seconds_to_seat": round(statistics.median(timed), 3) if timed else None,
        "worst_seconds_to_seat": max(timed) if timed else None,
        "computer_actions_while_away": sum(r.get("away_actions", 0) for r in rounds),
        "grace_s": args.grace,
        "away_s": args.away,
        "rounds": rounds,
    }
    out = Path(
        args.out or ROOT / "artifacts" / f"table_service_kernels-{time.strftime('%Y%m%d-%H%M%S')}.json"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    for key, value in result.items():
        if key != "rounds":
            print(f"{key}: {value}")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
