"""Deals per second of the Euchre Solitaire engine, played with random legal choices.

Usage: python benchmarks/solitaire_engine.py [--deals N] [--seed S]
Prints the figure; tests never assert on it.
"""

from __future__ import annotations

import argparse
import random
import time

from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal, new_deal


def play_random(deals: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(deals):
        state = new_deal(SolitaireDeal.from_seed(seed + i))
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    play_random(500, args.seed)  # warm up
    elapsed = play_random(args.deals, args.seed)
    print(f"solitaire engine: {args.deals} deals with random legal play in {elapsed:.2f} s")
    print(
        f"solitaire engine: {args.deals / elapsed:,.0f} deals/s ({elapsed / args.deals * 1e6:.0f} µs per deal)"
    )


if __name__ == "__main__":
    main()
