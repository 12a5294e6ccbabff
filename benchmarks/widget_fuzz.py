"""Widget fuzzing: random event sequences on both apps, headless, every event checked.

Usage: ``python benchmarks/widget_fuzz.py [--sequences 10000] [--min-events 5] [--max-events 40] [--workers 2]``

Even sequences drive the Solitaire dashboard (``SolitaireApp``, hints from the
test stub, inline, or off), odd ones the classic table (``ClassicApp``, a
random four-player preset). Each sequence is a fresh app and a seeded random
mix of events: clicks on any card slot or button in any state, undo/redo,
Load with valid and corrupt deals and saved games, Save (then loading the file
back), a new game or match from a random seed text, rules changes, the option
toggles, and plain play-on clicks so that deals and hands reach their end.
The checks after every event are those of ``tests/widgets/test_event_fuzz.py``
(no exception swallowed by a handler, card conservation, the shown hand and
the enabled cards against the state, refused commands change nothing, a save
loads back to the same state, undo then redo returns the same state).

Prints the sequences, events, failures (must be 0, each with the sequence
seed that reproduces it), the events per kind, how far the games got, and the time.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections import Counter
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.widgets.test_event_fuzz import run_sequence  # noqa: E402

_LENGTHS = (5, 40)


def chunk(args: tuple[int, int, int, int]) -> dict[str, Any]:
    start, count, low, high = args
    import random

    events: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    failures: list[str] = []
    per_app: Counter[str] = Counter()
    for seed in range(start, start + count):
        result = run_sequence(seed, random.Random(f"length:{seed}").randint(low, high))
        events.update(result.events)
        reached.update(result.reached)
        failures.extend(result.failures)
        per_app[result.app] += 1
        per_app[f"{result.app} events"] += sum(result.events.values())
    return {"events": events, "reached": reached, "failures": failures, "per_app": per_app}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sequences", type=int, default=10_000)
    parser.add_argument("--min-events", type=int, default=_LENGTHS[0])
    parser.add_argument("--max-events", type=int, default=_LENGTHS[1])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0, help="sequence seeds run from here")
    parser.add_argument(
        "--max-seconds", type=float, default=float("inf"), help="stop handing out sequences after this long"
    )
    args = parser.parse_args()
    size = 50
    tasks = [
        (s, min(size, args.first_seed + args.sequences - s), args.min_events, args.max_events)
        for s in range(args.first_seed, args.first_seed + args.sequences, size)
    ]
    events: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    per_app: Counter[str] = Counter()
    failures: list[str] = []
    print(
        f"Widget fuzzing: {args.sequences:,} sequences of {args.min_events}-{args.max_events} events, "
        f"{args.workers} workers (load average {os.getloadavg()[0]:.1f} at start)",
        flush=True,
    )
    t0 = time.perf_counter()
    done = 0
    next_report = 0.1
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for r in pool.imap_unordered(chunk, tasks):
            events.update(r["events"])
            reached.update(r["reached"])
            per_app.update(r["per_app"])
            failures.extend(r["failures"])
            done = per_app["solitaire"] + per_app["classic"]
            if time.perf_counter() - t0 > args.max_seconds and done < args.sequences:
                print(f"  stopped at the --max-seconds bound after {done:,} sequences", flush=True)
                pool.terminate()
                break
            if done / args.sequences >= next_report:
                elapsed = time.perf_counter() - t0
                print(
                    f"  {done:,} sequences, {sum(events.values()):,} events, {len(failures)} failures, "
                    f"{elapsed:.0f} s (load average {os.getloadavg()[0]:.1f})",
                    flush=True,
                )
                next_report += 0.1
    elapsed = time.perf_counter() - t0
    total = sum(events.values())
    print()
    print(
        f"sequences: {done:,} (Solitaire {per_app['solitaire']:,}, classic {per_app['classic']:,}); "
        f"events: {total:,} (Solitaire {per_app['solitaire events']:,}, classic {per_app['classic events']:,})"
    )
    print(f"failures: {len(failures)}")
    for f in failures[:20]:
        print(f"  FAILURE {f}")
    print(
        f"time: {elapsed:.1f} s ({total / elapsed:,.0f} events/s, {1000 * elapsed * args.workers / total:.2f} ms "
        f"per event per worker, {args.workers} workers)"
    )
    print("events by kind: " + ", ".join(f"{k} {v:,}" for k, v in events.most_common()))
    print("reached: " + ", ".join(f"{k} {v:,}" for k, v in reached.most_common()))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
