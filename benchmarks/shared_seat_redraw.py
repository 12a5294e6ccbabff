"""What a shared table's view costs the student's kernel: from the view's arrival to the page redrawn.

Starts the table service in this process (a fresh database), seats four players at one table of
``--game`` and gives the first of them the shared table's page (the game's table app with its tutor,
hints off: the tutor's bookkeeping is measured, not its analysis); the four then play ``--actions``
actions, each the last legal one. For every view the page's seat is told of, the time its kernel
spends on it (the seat following the view, the tutor and the app's redraw: the listeners of the
table's ``"state"``, on the connection's thread) in wall time and in that thread's CPU, by the match's
quarter (a redraw that grows with the match shows in the later quarters). Writes its run to a file of
its own in ``artifacts/`` and prints its figures.

    python benchmarks/shared_seat_redraw.py [--game classic] [--actions 400]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from euchre_tutor.session.remote_seat import RemoteSeat  # noqa: E402
from euchre_tutor.session.shared_table import SeatKeys, SharedTableController  # noqa: E402
from euchre_tutor.widgets.shared_table import shared_table_app  # noqa: E402
from tests.session.shared_helpers import TOKEN, running_service, wait_until  # noqa: E402


def _ms(values: list[float]) -> dict[str, float]:
    xs = sorted(values)
    return {
        "n": len(xs),
        "median_ms": round(statistics.median(xs) * 1000, 2),
        "p95_ms": round(xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))] * 1000, 2),
    }


def run(game: str, actions: int) -> dict[str, Any]:
    """Play ``actions`` actions at one table of ``game`` and time the page's seat's views."""
    timed: list[tuple[float, float]] = []  # (wall, thread CPU) per view of the page's seat
    seen = RemoteSeat._on_table

    def on_table(self: RemoteSeat, topic: str) -> None:
        if topic != "state" or self.table.name != "ann":
            seen(self, topic)
            return
        wall, cpu = time.perf_counter(), time.thread_time()
        seen(self, topic)
        timed.append((time.perf_counter() - wall, time.thread_time() - cpu))

    RemoteSeat._on_table = on_table  # type: ignore[method-assign]
    played = 0
    try:
        with running_service(Path(tempfile.mkdtemp(prefix="euchre-redraw-")) / "tables.sqlite") as svc:
            keys = SeatKeys.in_memory()
            players = {
                n: SharedTableController.connect(svc.url, TOKEN, n, keys)
                for n in ("ann", "bob", "cat", "dan")
            }
            created = players["ann"].create(game, options={}, seed=11)
            if created is None:
                raise SystemExit(players["ann"].message)
            for c, seat in zip(players.values(), "NESW", strict=True):
                assert c.sit(str(created["id"]), seat), c.message
            app: Any = shared_table_app(players["ann"], store=None, source=None)
            app.shared.start_button.click()
            wait_until(lambda: players["ann"].started, what="the table started")
            while played < actions and not players["ann"].over:
                wait_until(
                    lambda: players["ann"].over or any(c.my_turn for c in players.values()),
                    what="someone's turn",
                )
                if players["ann"].over:
                    break
                mover = next(c for c in players.values() if c.my_turn)
                if mover is players["ann"] and app.controller.waiting:
                    app.controller.next_hand()  # the page reads the finished hand, then goes on
                version = mover.version
                if not mover.act(mover.legal[-1]):
                    raise SystemExit(mover.message)
                played += 1
                wait_until(lambda v=version: all(c.version > v for c in players.values()), what="every seat")
            time.sleep(0.3)  # the last view drawn
            app.close()
            for c in players.values():
                c.close()
    finally:
        RemoteSeat._on_table = seen  # type: ignore[method-assign]
    quarter = max(1, len(timed) // 4)
    return {
        "game": game,
        "actions": played,
        "views": len(timed),
        "wall": _ms([w for w, _ in timed]),
        "cpu": _ms([c for _, c in timed]),
        "by_quarter_cpu_median_ms": [
            round(statistics.median(c for _, c in timed[i : i + quarter]) * 1000, 2)
            for i in range(0, quarter * 4, quarter)
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=["classic", "bid"], default="classic")
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--out", default=None, help="where the run goes (default: a new file in artifacts/)")
    args = parser.parse_args()
    figures = run(args.game, args.actions)
    for key, value in figures.items():
        print(f"{key}: {value}")
    out = (
        Path(args.out)
        if args.out
        else ROOT / "artifacts" / f"shared-seat-redraw-{args.game}-{int(time.time())}.json"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
