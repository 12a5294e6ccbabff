"""Benchmark of the exact Solitaire advisor, per backend; prints the figures.

    python benchmarks/solitaire_advisor.py [--deals 100] [--hints 100] [--memory-deals 10]
                                          [--backend both|compiled|python]

Per backend (the compiled C core ``_solcore`` and the pure-Python twin):

* trump decision: all 8 options of a fresh deal, cold (a new Solver, nothing
  cached), over ``--deals`` seeded deals, in one process on one core: median,
  p90 and worst wall time, and CPU time. Targets: 0.3 s median, 1 s worst.
  For the default backend also on every usable core (a new TrumpPool per
  deal, fork time included), for comparison.
* mid-deal hint: ``analyse_view`` on positions after 1-4 tricks (random legal
  plays after the best trump choice), cold (a new Solver) and warm (the solver
  kept from the trump decision, as the dashboard's worker does). Target: 5 ms median.
* memory: the peak of the cold 8-option analysis over ``--memory-deals`` deals:
  Python objects by tracemalloc, the compiled core's tables by their own count
  (``Core.nbytes``), and the process's peak RSS. Target: under 100 MB.

Both backends must give the same values: the benchmark checks every option of
every deal it times in both and says so.
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

from euchre_tutor.games.solitaire.advisor.advice import Analysis, analyse_trump, analyse_view
from euchre_tutor.games.solitaire.advisor.parallel import TrumpPool, available_jobs
from euchre_tutor.games.solitaire.advisor.solver import BACKEND, BACKENDS, Solver
from euchre_tutor.games.solitaire.engine.engine import Phase, Play, SolitaireDeal, new_deal
from euchre_tutor.games.solitaire.views import player_view


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def run(backend: str, args: argparse.Namespace) -> dict[int, Analysis]:
    """Time one backend; returns each deal's analysis (to compare the backends)."""
    times: list[float] = []
    cpu: list[float] = []
    worst = (0.0, 0)
    cold: list[float] = []
    warm: list[float] = []
    analyses: dict[int, Analysis] = {}
    rng = random.Random(7)
    for seed in range(args.first_seed, args.first_seed + args.deals):
        deal = SolitaireDeal.from_seed(seed)
        solver = Solver(backend=backend)
        t0, c0 = time.perf_counter(), time.process_time()
        analysis = analyse_trump(deal.hand, deal.turn, frozenset(deal.stock), solver=solver)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        worst = max(worst, (times[-1], seed))
        analyses[seed] = analysis
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
        analyse_view(view, solver=Solver(backend=backend))
        cold.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        analyse_view(view, solver=solver)
        warm.append(time.perf_counter() - t0)
    rss_timing = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    print(f"[{backend}] trump decision, 8 options, cold, {args.deals} deals, one process:")
    print(
        f"  wall time: median {statistics.median(times):.3f} s   p90 {_p(times, 0.9):.3f} s"
        f"   worst {max(times):.3f} s (seed {worst[1]})   mean {statistics.fmean(times):.3f} s"
    )
    print(
        f"  CPU time: median {statistics.median(cpu):.3f} s   p90 {_p(cpu, 0.9):.3f} s   worst {max(cpu):.3f} s"
        f"   (load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )
    jobs = available_jobs()
    if backend == BACKEND and jobs > 1:
        parallel: list[float] = []
        for seed in range(args.first_seed, args.first_seed + args.deals):
            deal = SolitaireDeal.from_seed(seed)
            t0 = time.perf_counter()
            with TrumpPool(jobs) as pool:
                analyse_trump(deal.hand, deal.turn, frozenset(deal.stock), solver=Solver(), pool=pool)
            parallel.append(time.perf_counter() - t0)
        print(
            f"  on {jobs} cores (TrumpPool, fork included): median {statistics.median(parallel):.3f} s"
            f"   p90 {_p(parallel, 0.9):.3f} s   worst {max(parallel):.3f} s"
        )
    print(f"[{backend}] mid-deal hint (after 1-4 tricks), {len(cold)} positions:")
    print(f"  cold: median {1000 * statistics.median(cold):.2f} ms   worst {1000 * max(cold):.1f} ms")
    print(f"  warm: median {1000 * statistics.median(warm):.2f} ms   worst {1000 * max(warm):.1f} ms")
    print(f"[{backend}] process peak RSS after the timings: {rss_timing:.0f} MB")

    peaks: list[float] = []
    tables: list[float] = []
    states: list[int] = []
    for seed in range(args.first_seed, args.first_seed + args.memory_deals):
        deal = SolitaireDeal.from_seed(seed)
        solver = Solver(backend=backend)
        tracemalloc.start()
        analyse_trump(deal.hand, deal.turn, frozenset(deal.stock), solver=solver)
        peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
        tracemalloc.stop()
        tables.append(solver.compiled_bytes / 2**20)
        states.append(solver.states)
        del solver
    print(
        f"[{backend}] memory, {args.memory_deals} deals: Python objects (tracemalloc) peak median "
        f"{statistics.median(peaks):.1f} MB, worst {max(peaks):.1f} MB; compiled tables worst "
        f"{max(tables):.1f} MB; memo entries worst {max(states)}"
    )
    return analyses


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--hints", type=int, default=100)
    parser.add_argument("--memory-deals", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--backend", choices=("both", "compiled", "python"), default="both")
    args = parser.parse_args(argv)
    print(f"default backend in this process: {BACKEND} (available: {', '.join(BACKENDS)})")
    wanted = BACKENDS if args.backend == "both" else (args.backend,)
    results = {backend: run(backend, args) for backend in wanted}
    if len(results) == 2:
        fast, slow = results.values()
        same = all(fast[seed] == slow[seed] for seed in fast)
        print(f"both backends: {'the same' if same else 'DIFFERENT'} analyses on all {len(fast)} deals")
        if not same:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
