"""The average fresh Solitaire deal: the baseline of a Solitaire deal's luck.

Usage: ``python benchmarks/solitaire_luck_baseline.py [--deals 400] [--first 0] [--write-data]``

The exact mean over every possible deal would solve C(24, 6) x 18 deals (hand, turned card): far too
many, so the mean is measured. Each of ``--deals`` seeded fresh deals is solved exactly
(:func:`analyse_trump`, the hint's analysis of the first decision) and its value, the best trump
choice's expected points, is counted. It prints the mean, its 95% interval and the sample size, and
``--write-data`` writes them to ``euchre_tutor/games/solitaire/data/luck_baseline.json``, which
:func:`euchre_tutor.advisor.luck.measured_baseline` reads.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from euchre_tutor.games.solitaire.advisor.advice import analyse_trump
from euchre_tutor.games.solitaire.advisor.solver import Solver
from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal

DATA = Path(__file__).resolve().parent.parent / "euchre_tutor/games/solitaire/data/luck_baseline.json"
DEAL_SEED = 80_000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--write-data", action="store_true")
    args = ap.parse_args()
    values: list[float] = []
    start = time.process_time()
    for seed in range(DEAL_SEED + args.first, DEAL_SEED + args.first + args.deals):
        deal = SolitaireDeal.from_seed(seed)
        analysis = analyse_trump(deal.hand, deal.turn, frozenset(deal.stock), solver=Solver())
        values.append(float(analysis.best.ev))
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    print(
        f"fresh deal, best trump choice: mean {mean:+.4f} ± {half:.4f} expected points (95%), n = {n} "
        f"({time.process_time() - start:.0f} s of CPU)"
    )
    if args.write_data:
        DATA.write_text(
            json.dumps(
                {
                    "what": "the mean exact expected points of a fresh Solitaire deal's best trump choice "
                    "(points mode, default rules)",
                    "measured_by": "benchmarks/solitaire_luck_baseline.py",
                    "mean": round(mean, 4),
                    "half_width_95": round(half, 4),
                    "n": n,
                },
                indent=1,
            )
            + "\n"
        )
        print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
