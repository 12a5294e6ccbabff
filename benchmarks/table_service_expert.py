"""Does an Expert table hold up the others? Latency at four-person tables while Expert seats think.

Starts the service twice: with computer players choosing on the event loop (``--computer-inline``)
and on its worker thread (the default). Each time, ``--expert`` tables each have one protocol
client and three Expert computer players (whose search takes a noticeable time per decision), and
``--tables`` tables of four protocol clients play whole matches as in the load benchmark, which
measures from an act sent to every seat's view of it. Prints median and p99 for both ways and
writes ``artifacts/table_service_expert.json``.

    python benchmarks/table_service_expert.py --tables 2 --expert 1 --target 3
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
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from table_service_load import TOKEN, _table  # noqa: E402

from euchre_tutor.protocol.client import TableClient  # noqa: E402
from euchre_tutor.service.process import spawn_service  # noqa: E402


async def _expert_table(url: str, index: int, stop: asyncio.Event, decisions: list[int]) -> None:
    """One student at a table of three Expert computer players, acting at once on each turn."""
    me = await TableClient.connect(url, TOKEN, f"x{index}")
    created = await me.request(
        {"type": "create", "game": "classic", "seed": 900 + index, "options": {"level": "expert"}}
    )
    tid = created["table"]["id"]
    await me.request({"type": "sit", "table": tid, "seat": "S"})
    views: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    me.on_message = lambda m: views.put_nowait(m) if m.get("type") == "view" else None
    await me.request({"type": "start", "table": tid})
    acted = -1
    while not stop.is_set():
        try:
            m = await asyncio.wait_for(views.get(), 0.5)
        except TimeoutError:
            continue
        decisions[0] = m["version"]
        if m["over"]:
            break
        if m["turn"] == "S" and m["view"]["legal"] and m["version"] > acted:
            acted = m["version"]
            me.send({"type": "act", "table": tid, "action": m["view"]["legal"][-1], "version": m["version"]})
    await me.close()


async def _once(args: argparse.Namespace, inline: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        flags = ["--computer-inline"] if inline else []
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        extra = ["--allow-seed", *flags]
        running = spawn_service(Path(tmp) / "t.db", token=TOKEN, extra=extra, env=env, stdout=subprocess.PIPE)
        try:
            url = running.url
            stop = asyncio.Event()
            counts = [[0] for _ in range(args.expert)]
            experts = [
                asyncio.ensure_future(_expert_table(url, i, stop, counts[i])) for i in range(args.expert)
            ]
            await asyncio.sleep(1.0)  # the Expert players are thinking
            latencies: list[float] = []
            accepted: dict[str, int] = {}
            await asyncio.gather(
                *(_table(url, i, args.target, latencies, accepted) for i in range(args.tables))
            )
            stop.set()
            await asyncio.gather(*experts, return_exceptions=True)
        finally:
            running.kill()
    latencies.sort()
    return {
        "computer_players": "on the event loop" if inline else "on a worker thread",
        "actions": len(latencies),
        "median_ms": round(1000 * statistics.median(latencies), 1),
        "p99_ms": round(1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))], 1),
        "max_ms": round(1000 * latencies[-1], 1),
        "expert_table_versions": [c[0] for c in counts],
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=2, help="four-person tables measured")
    parser.add_argument("--expert", type=int, default=1, help="tables with three Expert players")
    parser.add_argument("--target", type=int, default=3, help="the measured matches' target score")
    args = parser.parse_args()
    results = [asyncio.run(_once(args, inline)) for inline in (True, False)]
    out = ROOT / "artifacts" / "table_service_expert.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n")
    for r in results:
        print(", ".join(f"{k}: {v}" for k, v in r.items()))
    print(f"written to {out}")


if __name__ == "__main__":
    main()
