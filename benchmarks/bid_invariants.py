"""Bid Euchre reliability figures: random hands with every invariant checked after each action.

Usage: ``python benchmarks/bid_invariants.py [--hands 100000] [--spread-hands N] [--workers 2]``

``--hands`` random hands for each preset of :mod:`euchre_tutor.games.bid.rules` and
``--spread-hands`` (default: as many) for each configuration of ``tests/bid/configs.py`` (a spread of options: dealer
first, auction, bids of tricks only, the dealer's left leads, scoring only
the bid, no alone bids, the kitty, the double deck, the joker). The seats are
played by RandomPlayer and RuleBasedPlayer (from their seat views), mixed
by hand. After every action ``tests/bid/invariants.py`` checks that every
card is in exactly one place, the seat view offers exactly the legal
actions, the legal cards follow suit (its own left-bower rule) and a sample
of illegal actions is refused and changes nothing; at the end that the
tricks sum to the hand size, each trick's winner by its own card order, and
the points against ``tests/bid/independent_scoring.py``.

It prints, per configuration, the hands, the failures (must be 0; the first
few are shown with their reproduction), hands/s and what came up (alone
bids, no trump, passed-out hands).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from euchre_tutor.games.bid.bots import RandomPlayer, RuleBasedPlayer  # noqa: E402
from euchre_tutor.games.bid.rules import PRESETS, BidRules  # noqa: E402
from tests.bid.configs import SPREAD  # noqa: E402
from tests.bid.invariants import play_checked  # noqa: E402

CONFIGS: dict[str, BidRules] = {**PRESETS, **SPREAD}


def _players(i: int) -> list[object]:
    """Hand i's seats: all random, all rule-based, or mixed (random bids are mostly alone bids)."""
    kind = i % 3
    if kind == 0:
        return [RandomPlayer(f"{i}:{s}") for s in range(4)]
    if kind == 1:
        return [RuleBasedPlayer()] * 4
    return [RandomPlayer(f"{i}:0"), RuleBasedPlayer(), RandomPlayer(f"{i}:2"), RuleBasedPlayer()]


def _run(job: tuple[str, int, int]) -> tuple[str, int, list[str], Counter[str], int, float]:
    name, start, stop = job
    began = time.perf_counter()
    rules = CONFIGS[name]
    failures: list[str] = []
    seen: Counter[str] = Counter()
    actions = 0
    for i in range(start, stop):
        out = play_checked(rules, f"bench:{name}:{i}", _players(i))
        failures.extend(out.failures)
        seen.update(out.seen)
        actions += out.actions
    return name, stop - start, failures, seen, actions, time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per preset (default 100,000)")
    parser.add_argument(
        "--spread-hands",
        type=int,
        default=None,
        help="hands per configuration of the spread (default --hands)",
    )
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--only", nargs="*", choices=list(CONFIGS), help="only these configurations")
    args = parser.parse_args()
    names = args.only or list(CONFIGS)
    spread = args.hands if args.spread_hands is None else args.spread_hands
    size = {n: args.hands if n in PRESETS else spread for n in names}
    print(
        f"Bid Euchre invariants: {args.hands:,} hands per preset, {spread:,} per configuration of the spread, "
        f"{args.workers} workers",
        flush=True,
    )
    all_failures = 0
    total_hands = 0
    began = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for name in names:  # one configuration at a time, its line printed as soon as it is done
            chunk = max(1, min(1000, size[name] // max(1, args.workers)))
            jobs = [(name, s, min(s + chunk, size[name])) for s in range(0, size[name], chunk)]
            hands = actions = 0
            failures: list[str] = []
            seen: Counter[str] = Counter()
            busy = 0.0
            for _, n, f, sn, a, spent in pool.imap_unordered(_run, jobs):
                hands += n
                failures.extend(f)
                seen.update(sn)
                actions += a
                busy += spent
            all_failures += len(failures)
            total_hands += hands
            shown = ", ".join(f"{k} {v:,}" for k, v in sorted(seen.items()))
            print(
                f"  {name:20} {hands / max(busy, 1e-9):>5,.0f} hands/s/worker  hands {hands:>9,}  "
                f"actions {actions:>11,}  failures {len(failures)}  ({shown})",
                flush=True,
            )
            for text in failures[:3]:
                print(f"    FAIL {text[:600]}", flush=True)
    elapsed = time.perf_counter() - began
    print(
        f"  total: {total_hands:,} hands in {elapsed:.1f} s = {total_hands / elapsed:,.0f} hands/s; "
        f"failures {all_failures}"
    )
    return 1 if all_failures else 0


if __name__ == "__main__":
    sys.exit(main())
