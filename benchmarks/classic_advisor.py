"""Classic advisor benchmark: latency per decision and memory, compiled core and pure Python.

Usage: ``python benchmarks/classic_advisor.py [--deals 40] [--worlds 200] [--max-worlds N] [--rules PRESET]
[--python-deals 4] [--python-rules standard,three-handed,six-handed] [--python-most N]
[--table club|beginner|expert] [--playout-open W]``

Plays ``--deals`` seeded hands of the standard game with the rule-based player in every seat and
analyses every decision that has more than one legal action, from the seat to act's view, with
``--worlds`` sampled worlds (the advisor's default is 200). For each it records the wall time and
the process's CPU time (the CPU time is what one core costs when the machine is busy with other
work; the wall time is what a student waits on an idle core). It prints the median, p90 and worst
by phase and overall, then the same for the pure-Python backend on ``--python-deals`` hands of each
of ``--python-rules`` (and ``--rules``) (identical values, tested; slower), the sampling share, and
the memory: the process's peak resident set (``ru_maxrss``) and the tracemalloc peak of one analysis.
Each backend runs under its own adaptive cap (:func:`adaptive_cap` with that backend: the pure-Python
search stops sooner), as a machine without the compiled core would.

The issue's targets: >= 200 worlds, <= 250 ms median and <= 1 s worst on one core (compiled),
memory <= 150 MB for the advisor process.

``--table`` values the bids as a hint at a table of that level does (its model of the players: at an
Expert table the Experts' bidding, and play-outs that weigh open hands ``card_open``; ``--playout-open W``
overrides that weight, to see what it costs)::

    python benchmarks/classic_advisor.py --table expert --python-deals 0
    python benchmarks/classic_advisor.py --table expert --playout-open 0 --python-deals 0
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import time
import tracemalloc

from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.advisor.analysis import adaptive_cap, analyse
from euchre_tutor.games.classic.advisor.worlds import sample_worlds
from euchre_tutor.games.classic.bots import LEVELS, Player, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Deal, new_hand, rules_seating
from euchre_tutor.games.classic.rules import preset
from euchre_tutor.games.classic.views import SeatView, seat_view

RULE_BASED = RuleBasedPlayer()
USED: list[int] = []  # the worlds each analysis used (adaptive sampling)


def decisions(deals: int, start: int = 0, rules: str = "standard") -> list[SeatView]:
    out = []
    ruleset = preset(rules)
    for i in range(start, start + deals):
        seating = rules_seating(ruleset)
        dealer = seating.seats[i % seating.players]
        deal = Deal.from_seed(i, dealer, size=ruleset.deck, joker=ruleset.joker, seating=seating)
        state = new_hand(deal, ruleset)
        while not state.is_over:
            assert state.to_act is not None
            view = seat_view(state, state.to_act)
            if len(view.legal) > 1:
                out.append(view)
            state = state.apply(RULE_BASED.choose(view))
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(
    views: list[SeatView],
    worlds: int,
    backend: str,
    max_worlds: int | None = None,
    continuation: Player = RULE_BASED,
    table: str | None = None,
    playout_open: float | None = None,
) -> dict[str, list[tuple[float, float]]]:
    by_phase: dict[str, list[tuple[float, float]]] = {}
    for k, view in enumerate(views):
        wall, cpu = time.perf_counter(), time.process_time()
        a = analyse(
            view,
            continuation=continuation,
            worlds=worlds,
            table=table,
            playout_open=playout_open,
            # the cap of the backend measured: the pure-Python search has its own (lower) one
            max_worlds=adaptive_cap(view, worlds, backend) if max_worlds is None else max_worlds,
            seed=k,
            backend=backend,
        )
        USED.append(a.worlds)
        by_phase.setdefault(view.phase.value, []).append(
            (time.perf_counter() - wall, time.process_time() - cpu)
        )
    return by_phase


def report(title: str, by_phase: dict[str, list[tuple[float, float]]]) -> None:
    print(title)
    print(
        f"  {'phase':<10}{'n':>5}   {'wall median':>12}{'p90':>9}{'worst':>9}   {'CPU median':>11}{'p90':>9}{'worst':>9}"
    )
    rows = [*by_phase.items(), ("all", [x for v in by_phase.values() for x in v])]
    for phase, xs in rows:
        wall = [w for w, _ in xs]
        cpu = [c for _, c in xs]
        print(
            f"  {phase:<10}{len(xs):>5}   {statistics.median(wall) * 1000:>10.0f}ms{pct(wall, 0.9) * 1000:>7.0f}ms"
            f"{max(wall) * 1000:>7.0f}ms   {statistics.median(cpu) * 1000:>9.0f}ms{pct(cpu, 0.9) * 1000:>7.0f}ms"
            f"{max(cpu) * 1000:>7.0f}ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument(
        "--max-worlds",
        type=int,
        default=None,
        help="the adaptive cap (default: the table's and classic analyze's, by phase; --worlds: one fixed sample)",
    )
    parser.add_argument("--python-deals", type=int, default=4, help="pure-Python hands per preset")
    parser.add_argument(
        "--python-rules",
        default="standard,three-handed,six-handed",
        help="the presets the pure-Python backend is timed under (--rules added)",
    )
    parser.add_argument(
        "--python-most",
        type=int,
        default=None,
        help="at most this many pure-Python decisions per preset (spread)",
    )
    parser.add_argument(
        "--rules", default="standard", help="a preset: standard, six-handed, three-handed, ..."
    )
    parser.add_argument("--table", choices=list(LEVELS), default=None, help="value as a hint at this table")
    parser.add_argument(
        "--playout-open",
        type=float,
        default=None,
        help="the play-outs' weight of open hands (default: the table's)",
    )
    args = parser.parse_args()
    model = RULE_BASED if args.table is None else LEVELS[args.table].model()
    print(f"backends available: {', '.join(dd.BACKENDS)}; load average {os.getloadavg()[0]:.1f}")
    views = decisions(args.deals, rules=args.rules)
    print(
        f"{len(views)} decisions with a choice in {args.deals} hands ({args.rules}), {args.worlds} worlds first, "
        f"adaptive up to {args.max_worlds or 'the default cap'}"
    )
    if "compiled" in dd.BACKENDS:
        report(
            f"compiled core{f', as at a {args.table} table' if args.table else ''}:",
            measure(views, args.worlds, "compiled", args.max_worlds, model, args.table, args.playout_open),
        )
        print(
            f"  worlds used: median {statistics.median(USED):.0f}, p90 {pct([float(u) for u in USED], 0.9):.0f}, "
            f"worst {max(USED)}"
        )
    sampling = []
    for k, view in enumerate(views):
        cpu = time.process_time()
        sample_worlds(view, args.worlds, random.Random(k))
        sampling.append(time.process_time() - cpu)
    print(
        f"  sampling the worlds alone: CPU median {statistics.median(sampling) * 1000:.0f} ms, worst {max(sampling) * 1000:.0f} ms"
    )
    if args.python_deals:
        presets = dict.fromkeys([args.rules, *args.python_rules.split(",")])
        for rules in presets:
            few = decisions(args.python_deals, start=10_000, rules=rules)
            if args.python_most is not None and len(few) > args.python_most:  # evenly spread over the hands
                few = [few[k * len(few) // args.python_most] for k in range(args.python_most)]
            report(
                f"pure Python, {rules} ({len(few)} decisions in {args.python_deals} hands):",
                measure(few, args.worlds, "python", args.max_worlds, model, args.table, args.playout_open),
            )
    tracemalloc.start()
    analyse(views[0], continuation=RULE_BASED, worlds=args.worlds, seed=0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"memory: peak resident set of this process {rss:.0f} MB; tracemalloc peak of one analysis {peak / 2**20:.1f} MB"
    )


if __name__ == "__main__":
    main()
