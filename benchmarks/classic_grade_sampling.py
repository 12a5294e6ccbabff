"""Where a graded deal's CPU goes, and what another way of sampling the deals would buy.

Usage: ``python benchmarks/classic_grade_sampling.py [--hands 60] [--first 3000] [--decisions 90]
[--seeds 8] [--batches 6] [--candidates 3,1] [--profile 40] [--out FILE]``

The class server's grades (issue 37, item 5) change label with the sampling seed more often than the
target allows, and what would mend that is more deals for the same CPU: cheaper deals, or deals
worth more. This measures both on the Beginner student's card-play decisions at a Club table (the
deals ``--first`` on, as ``benchmarks/classic_grades.py`` plays them; card play is where most of the
label changes were).

**Where the CPU goes** (``--profile N``): the first N decisions (bids and card play) analysed and
refined as the class server grades them (up to its cap, ``CLASS_GRADE_WORLDS``), under cProfile; the
CPU is split into the deals' sampling (placing the hidden cards, the bids' weights, the states), the
bids' play-outs (the other seats' bidding in Python, the compiled rollout), the double-dummy search
and the rest. A part that is small cannot buy much by being compiled.

**Deals worth more** (``--candidates``): each sampled deal is resampled from ``k`` weighed candidate
deals (the advisor uses 3). On the same ``--decisions`` card-play decisions, each analysed with
``--seeds`` seeds on ``--batches`` batches of 200 deals, it prints for each ``k`` the CPU and the sum
over decisions of the loss's variance between seeds, and the efficiency against the first ``k``
(variance times CPU: above 1, ``k`` gives the same precision for less CPU), with a 95% interval from
resampling whole hands (:func:`bootstrap`: a hand's decisions share its cards). ``--out`` writes a JSON line per decision and ``k``.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from classic_grades import hand_decisions

from euchre_tutor.games.classic.advisor import worlds as worlds_module
from euchre_tutor.games.classic.advisor.analysis import AnalysisRun, adaptive_cap
from euchre_tutor.games.classic.bots import LEVELS
from euchre_tutor.games.classic.engine.engine import Phase
from euchre_tutor.serve import CLASS_GRADE_WORLDS

#: the parts of a graded deal's CPU, each the cumulative time of the functions named (module, function;
#: none of them calls another's)
PARTS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "the double-dummy search of card play (compiled, with its Python set-up)",
        (("classic/advisor/dd.py", "card_values_held"), ("classic/advisor/dd.py", "card_values_swapped")),
    ),
    (
        "the bids' play-outs: the compiled rollout (with its Python set-up)",
        (("classic/advisor/dd.py", "rollout_many"), ("classic/advisor/dd.py", "rollout_starts")),
    ),
    (
        "the bids' play-outs: the other seats' bids (compiled where the rules allow, with its Python set-up)",
        (
            ("classic/advisor/playouts.py", "finish_bidding"),
            ("classic/bots/playout_bidding.py", "lead_starts"),
        ),
    ),
    (
        "sampling the deals: placing the hidden cards, weighing by the bids, the states",
        (("classic/advisor/worlds.py", "masks"), ("classic/advisor/worlds.py", "report")),
    ),
)


def profile(items: list[tuple[object, object]], model: object) -> None:
    """Analyse and refine ``items`` as the class server grades them, and print the CPU split."""
    prof = cProfile.Profile()
    deals = 0
    start = time.process_time()
    prof.enable()
    for view, act in items:
        run = AnalysisRun(view, continuation=model, worlds=200, seed=1)  # type: ignore[arg-type]
        a = run.extend(adaptive_cap(view, 200))  # type: ignore[arg-type]
        if not a.grade_holds(act):  # type: ignore[arg-type]
            a = run.extend(CLASS_GRADE_WORLDS, focus=act)  # type: ignore[arg-type]
        deals += a.worlds
    prof.disable()
    total = time.process_time() - start
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    cumulative: dict[tuple[str, str], float] = {}
    for (path, _, name), (_, _, _, ct, _) in stats.items():
        for _, names in PARTS:
            for suffix, function in names:
                if name == function and path.endswith(suffix):
                    cumulative[suffix, function] = cumulative.get((suffix, function), 0.0) + ct
    package = Path(__file__).resolve().parent.parent / "euchre_tutor" / "games"
    missing = [
        (suffix, function)
        for _, names in PARTS
        for suffix, function in names
        if f"def {function}(" not in (package / suffix).read_text()
    ]
    if missing:  # a part named after a function that has moved would read 0 s
        raise SystemExit(f"no such function in the package: {missing} (has it moved?)")
    print(f"{len(items)} decisions graded as the class server grades them: {deals} deals, {total:.1f} s CPU")
    print(f"  {1000 * total / deals:.3f} ms a deal on average (with the profiler's overhead)")
    taken = 0.0
    for label, names in PARTS:
        part = sum(cumulative.get(n, 0.0) for n in names)
        print(f"  {label}: {part:.1f} s ({100 * part / total:.0f}%)")
        taken += part
    print(f"  the rest (the tallies, the engine's states, the stopping rule): {total - taken:.1f} s")


def measure(
    items: list[tuple[object, object]], model: object, k: int, seeds: int, batches: int
) -> list[tuple[float, float, float]]:
    """Per decision: the mean loss over seeds, its variance between seeds, and the CPU, with ``k``
    candidates per deal."""
    original = worlds_module.WorldSampler.masks

    def masks(self, n, rng, states, *, candidates_per_world=k):  # type: ignore[no-untyped-def]
        return original(self, n, rng, states, candidates_per_world=k)

    worlds_module.WorldSampler.masks = masks  # type: ignore[method-assign]
    try:
        out = []
        for view, act in items:
            losses = []
            cpu = 0.0
            for s in range(seeds):
                t = time.process_time()
                run = AnalysisRun(view, continuation=model, worlds=200, seed=f"sampling {s}")  # type: ignore[arg-type]
                for _ in range(batches):
                    run._add()
                run._look(None)
                cpu += time.process_time() - t
                losses.append(next(o.loss for o in run.ranked if o.action == act))
            out.append((statistics.mean(losses), statistics.variance(losses), cpu))
        return out
    finally:
        worlds_module.WorldSampler.masks = original  # type: ignore[method-assign]


def efficiency(base: list[tuple[float, float, float]], other: list[tuple[float, float, float]]) -> float:
    """Variance times CPU of ``base`` over that of ``other`` (summed over the same decisions)."""
    vb = sum(v for _, v, _ in base) * sum(c for _, _, c in base)
    vo = sum(v for _, v, _ in other) * sum(c for _, _, c in other)
    return vb / vo if vo else float("inf")


def bootstrap(
    base: list[tuple[float, float, float]],
    other: list[tuple[float, float, float]],
    hands: list[int],
    rng: random.Random,
    draws: int = 1000,
) -> tuple[float, float]:
    """The 95% interval of :func:`efficiency` (``base`` against ``other``, the same decisions) by a
    cluster bootstrap: whole hands resampled with all their decisions (``hands``: each decision's hand),
    as the decisions of one hand share its cards and are not independent draws. Every hand its own
    decision's (``hands`` all different) is the bootstrap over decisions."""
    groups: dict[int, list[int]] = {}
    for i, h in enumerate(hands):
        groups.setdefault(h, []).append(i)
    keys = list(groups)
    boot = []
    for _ in range(draws):
        pick = [i for _ in keys for i in groups[keys[rng.randrange(len(keys))]]]
        boot.append(efficiency([base[i] for i in pick], [other[i] for i in pick]))
    boot.sort()
    return boot[round(0.025 * draws)], boot[round(0.975 * draws) - 1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--first", type=int, default=3000)
    ap.add_argument("--decisions", type=int, default=90, help="card-play decisions measured")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--batches", type=int, default=6, help="batches of 200 deals per analysis")
    ap.add_argument("--candidates", default="3,1", help="candidates per deal to compare, the first the base")
    ap.add_argument("--profile", type=int, default=40, help="decisions profiled (0: none)")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    model = LEVELS["club"].model()
    every = list(hand_decisions("club", args.hands, "beginner", args.first))
    if args.profile:
        profile([(v, a) for _, v, a in every[: args.profile]], model)
    chosen = [(h, v, a) for h, v, a in every if v.phase is Phase.PLAY][: args.decisions]
    plays = [(v, a) for _, v, a in chosen]
    hands = [h for h, _, _ in chosen]
    if not plays:
        return  # only the profile asked for (--decisions 0)
    ks = [int(x) for x in args.candidates.split(",")]
    print(
        f"{len(plays)} card-play decisions, {args.seeds} seeds each, {args.batches} batches of 200 deals "
        f"(deals {args.first}-{args.first + args.hands - 1}, the Beginner student at a Club table)"
    )
    results = {k: measure(plays, model, k, args.seeds, args.batches) for k in ks}  # type: ignore[arg-type]
    base = results[ks[0]]
    rng = random.Random(0)
    for k in ks:
        rows = results[k]
        line = (
            f"  {k} candidate{'s' if k > 1 else ''} a deal: CPU {sum(c for *_, c in rows):.1f} s, "
            f"sum of the loss's variance {sum(v for _, v, _ in rows):.5f}"
        )
        if k != ks[0]:
            low, high = bootstrap(base, rows, hands, rng)
            line += (
                f"; efficiency against {ks[0]}: {efficiency(base, rows):.2f} (95% interval {low:.2f}-{high:.2f}, "
                f"resampling the {len(set(hands))} hands; above 1: less CPU for the same precision)"
            )
            diffs = [a[0] - b[0] for a, b in zip(rows, base, strict=True)]
            line += f"; mean loss {statistics.mean(diffs):+.4f} against {ks[0]}"
        print(line)
    if args.out:
        with open(args.out, "w") as f:
            for k in ks:
                for i, (mean, var, cpu) in enumerate(results[k]):
                    f.write(
                        json.dumps(
                            {"candidates": k, "decision": i, "hand": hands[i], "loss": mean, "var": var}
                            | {"cpu": cpu}
                        )
                        + "\n"
                    )


if __name__ == "__main__":
    main()
