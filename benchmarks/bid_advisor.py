"""Bid Euchre advisor benchmark: the hint's latency by phase, compiled core.

Usage: ``python benchmarks/bid_advisor.py [--hands 6] [--presets common,nt-high-low,...] [--worlds 200] [--max-worlds N]``

Plays ``--hands`` seeded hands of each preset with the rule-based player in every seat and analyses
every decision with more than one legal action from the seat to act's view (the rule-based player
as the continuation, ``--worlds`` sampled deals, adaptive up to ``--max-worlds``: default the same,
one batch). Prints the wall time's median, p90 and worst by phase (bidding, trump, kitty, call,
loner-discard, play) and by preset, and the worlds used. The issue's target: the hint <= 1 s median.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from euchre_tutor.games.bid.advisor import analyse, dd
from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.engine import Deal, new_hand
from euchre_tutor.games.bid.rules import PRESETS
from euchre_tutor.games.bid.views import seat_view

PLAYER = RuleBasedPlayer()


def line(what: str, ms: list[float]) -> None:
    ms = sorted(ms)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    print(
        f"  {what:<34} n={len(ms):<4} median {statistics.median(ms):8.0f} ms  p90 {p90:8.0f} ms  worst {ms[-1]:8.0f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=6)
    ap.add_argument("--presets", default="common,nt-high-low,auction,kitty-joker,double-deck")
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--max-worlds", type=int, default=None)
    args = ap.parse_args()
    print(f"double-dummy backend: {dd.BACKEND}; worlds {args.worlds}, max {args.max_worlds or args.worlds}")
    by_phase: dict[str, list[float]] = defaultdict(list)
    worlds: list[int] = []
    for name in args.presets.split(","):
        rules = PRESETS[name]
        by_preset: dict[str, list[float]] = defaultdict(list)
        for i in range(args.hands):
            state = new_hand(Deal.from_seed(f"bench {i}", "NESW"[i % 4], rules))
            while not state.is_over:
                assert state.to_act is not None
                view = seat_view(state, state.to_act)
                if len(view.legal) > 1:
                    t = time.perf_counter()
                    a = analyse(
                        view, continuation=PLAYER, worlds=args.worlds, max_worlds=args.max_worlds, seed=i
                    )
                    ms = 1000 * (time.perf_counter() - t)
                    by_preset[view.phase.value].append(ms)
                    by_phase[view.phase.value].append(ms)
                    worlds.append(a.worlds)
                state = state.apply(PLAYER.choose(view))
        print(f"{name}:")
        for phase, ms in by_preset.items():
            line(phase, ms)
    print("all presets:")
    for phase, ms in by_phase.items():
        line(phase, ms)
    line("every decision", [m for ms in by_phase.values() for m in ms])
    print(f"  worlds used: median {statistics.median(worlds):.0f}, most {max(worlds)}")


if __name__ == "__main__":
    main()
