"""Benchmark of the exact Solitaire advisor; prints the figures.

    python benchmarks/solitaire_advisor.py [--deals 100] [--hints 100] [--memory-deals 10]

* trump decision: all 8 options of a fresh deal, cold (a new Solver, nothing
  cached), over ``--deals`` seeded deals: median and worst wall time, in one
  process, and on every usable core (a new TrumpPool per deal: one trump suit
  per process, as the CLI and the dashboard do it; fork time included).
  Targets: median at most 1 s (required), 0.3 s median / 1 s worst (goal).
* mid-deal hint: ``analyse_view`` on positions after 1-4 tricks (random legal
  plays after the best trump choice), cold and warm (the solver kept from the
  trump decision, as the dashboard's worker does). Target: median at most 30 ms.
* memory: tracemalloc peak of the cold 8-option analysis (``--memory-deals``
  deals) and the process's peak RSS. Target: under 100 MB.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import time
import tracemalloc

from euchre_tutor.advisor.solitaire.advice import analyse_trump, analyse_view
from euchre_tutor.advisor.solitaire.parallel import TrumpPool, available_jobs
from euchre_tutor.advisor.solitaire.solver import Solver
from euchre_tutor.solitaire.engine import Phase, Play, SolitaireDeal, new_deal
from euchre_tutor.views.solitaire import player_view


def trump_time(seed: int) -> tuple[float, Solver]:
    """Cold 8-option analysis of one seeded deal."""
    deal = SolitaireDeal.from_seed(seed)
    solver = Solver()
    t0 = time.perf_counter()
    analyse_trump(deal.hand, deal.turn, frozenset(deal.stock), solver=solver)
    return time.perf_counter() - t0, solver


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--hints", type=int, default=100)
    parser.add_argument("--memory-deals", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=10_000)
    args = parser.parse_args(argv)

    times: list[float] = []
    cpu: list[float] = []
    worst = (0.0, 0)
    cold: list[float] = []
    warm: list[float] = []
    rng = random.Random(7)
    for seed in range(args.first_seed, args.first_seed + args.deals):
        deal = SolitaireDeal.from_seed(seed)
        solver = Solver()
        t0, c0 = time.perf_counter(), time.process_time()
        analysis = analyse_trump(deal.hand, deal.turn, frozenset(deal.stock), solver=solver)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        worst = max(worst, (times[-1], seed))
        if len(cold) >= args.hints:
            continue
        # A mid-deal position: the best trump choice, then random legal plays for 1-4 tricks.
        state = new_deal(deal).apply(analysis.best.action)
        stop = rng.randint(1, 4)
        while not state.is_over and state.trick_number < stop:
            state = state.apply(Play(rng.choice(state.legal_plays())))
        if state.phase is not Phase.PLAY:
            continue
        view = player_view(state)
        t0 = time.perf_counter()
        analyse_view(view, solver=Solver())
        cold.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        analyse_view(view, solver=solver)
        warm.append(time.perf_counter() - t0)
    rss_timing = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    parallel: list[float] = []
    jobs = available_jobs()
    if jobs > 1:
        for seed in range(args.first_seed, args.first_seed + args.deals):
            deal = SolitaireDeal.from_seed(seed)
            t0 = time.perf_counter()
            with TrumpPool(jobs) as pool:
                analyse_trump(deal.hand, deal.turn, frozenset(deal.stock), solver=Solver(), pool=pool)
            parallel.append(time.perf_counter() - t0)
        parallel.sort()
    times.sort()
    print(f"trump decision, 8 options, cold, {args.deals} deals, in one process:")
    print(
        f"  wall time: median {statistics.median(times):.3f} s   p90 {times[int(0.9 * (len(times) - 1))]:.3f} s"
        f"   worst {times[-1]:.3f} s (seed {worst[1]})   mean {statistics.fmean(times):.3f} s"
    )
    cpu.sort()
    print(
        f"  CPU time: median {statistics.median(cpu):.3f} s   p90 {cpu[int(0.9 * (len(cpu) - 1))]:.3f} s"
        f"   worst {cpu[-1]:.3f} s   (load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )
    if parallel:
        print(
            f"  on {jobs} cores (TrumpPool, fork included): median {statistics.median(parallel):.3f} s"
            f"   p90 {parallel[int(0.9 * (len(parallel) - 1))]:.3f} s   worst {parallel[-1]:.3f} s"
        )
    print(f"mid-deal hint (after 1-4 tricks), {len(cold)} positions:")
    print(f"  cold: median {1000 * statistics.median(cold):.1f} ms   worst {1000 * max(cold):.1f} ms")
    print(f"  warm: median {1000 * statistics.median(warm):.1f} ms   worst {1000 * max(warm):.1f} ms")
    print(f"process peak RSS after the timings: {rss_timing:.0f} MB")

    peaks = []
    states = []
    for seed in range(args.first_seed, args.first_seed + args.memory_deals):
        tracemalloc.start()
        _, solver = trump_time(seed)
        peaks.append(tracemalloc.get_traced_memory()[1])
        states.append(solver.states)
        tracemalloc.stop()
        del solver
    print(
        f"memory, {args.memory_deals} deals: tracemalloc peak median {statistics.median(peaks) / 2**20:.1f} MB, "
        f"worst {max(peaks) / 2**20:.1f} MB; memo entries worst {max(states)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
