"""Measure one classic hand's result distribution and print the match-win table it implies.

Usage: ``python scripts/classic_gamewin.py [--hands 2000] [--players expert|rule-based] [--jobs 2]
[--worlds 200] [--write]``

Plays ``--hands`` seeded four-player hands of the standard game with the same player in every seat
(each hand dealt by seed, the dealer rotating), counts each result from the dealer's team (it
scores 1, 2 or 4; the other team scores 1, 2 or 4; thrown in), prints the frequencies with their
standard errors and the win chances the dynamic programme in
:mod:`euchre_tutor.games.classic.advisor.gamewin` derives from them (a few scores, the dealer's side
at 0:0, and the figures the literature quotes, to sanity-check). ``--write`` stores the
distribution as ``euchre_tutor/games/classic/data/hand_outcomes.json``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from collections import Counter
from pathlib import Path

from euchre_tutor.games.classic.advisor.gamewin import win_table
from euchre_tutor.games.classic.bots import ExpertPlayer, Player, RuleBasedPlayer, play_out
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Seat, new_hand
from euchre_tutor.games.classic.rules import preset
from euchre_tutor.tricks.history import write_saved_file

DATA = Path(__file__).resolve().parents[1] / "euchre_tutor/games/classic/data/hand_outcomes.json"


def _player(name: str, worlds: int, seed: int) -> Player:
    if name == "expert":
        return ExpertPlayer(worlds=worlds, seed=seed)
    return RuleBasedPlayer()


def _hands(args: tuple[str, int, int, int]) -> Counter[str]:
    name, worlds, start, stop = args
    rules = preset("standard")
    out: Counter[str] = Counter()
    for i in range(start, stop):
        dealer = Seat(i % 4)
        state = new_hand(Deal.from_seed(i, dealer), rules)
        players = [_player(name, worlds, i * 4 + k) for k in range(4)]
        done = play_out(state, players)
        assert isinstance(done, HandState)
        pts = done.points()
        ours, theirs = pts[dealer.team.index], pts[1 - dealer.team.index]
        out[f"{ours}:{theirs}"] += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--players", choices=("expert", "rule-based"), default="expert")
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    start = time.perf_counter()
    step = max(1, args.hands // (args.jobs * 8))
    chunks = [(args.players, args.worlds, a, min(a + step, args.hands)) for a in range(0, args.hands, step)]
    counts: Counter[str] = Counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for part in pool.imap_unordered(_hands, chunks):
            counts.update(part)
            print(f"  {sum(counts.values())} hands, {time.perf_counter() - start:.0f} s", flush=True)
    n = sum(counts.values())
    probs = {k: v / n for k, v in sorted(counts.items())}
    print(f"{n} hands, {args.players} player in every seat, {time.perf_counter() - start:.0f} s")
    for k, p in probs.items():
        print(f"  dealer's team:other {k:>5}  {p:.4f} ± {1.96 * (p * (1 - p) / n) ** 0.5:.4f}")
    table = win_table({tuple(int(x) for x in k.split(":")): p for k, p in probs.items()}, 10)  # type: ignore[misc]
    print("P(win the match to 10), dealing next / not:")
    for us, them in ((0, 0), (5, 5), (9, 9), (2, 8), (9, 6), (9, 8)):
        print(f"  {us}:{them}  {table[us][them][1]:.3f} / {table[us][them][0]:.3f}")
    if args.write:
        what = "expert player (sampled worlds)" if args.players == "expert" else "rule-based player"
        write_saved_file(  # atomically: a failed run never leaves the package a half-written table
            DATA,
            json.dumps(
                {
                    "description": f"hand results of the standard four-player game, the {what} in every seat",
                    "hands": n,
                    "players": args.players,
                    "worlds": args.worlds if args.players == "expert" else None,
                    "probabilities": probs,
                },
                indent=1,
            )
            + "\n",
            "table",
        )
        print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
