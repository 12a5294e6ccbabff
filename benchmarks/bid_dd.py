"""Bid Euchre double-dummy benchmark: the search from the first lead, compiled core and pure Python.

Usage: ``python benchmarks/bid_dd.py [--hands 300] [--python-hands 40] [--double-hands 3] [--double-endings 100]``

Deals ``--hands`` seeded six-card hands of each single-deck preset (common, nt-high-low, kitty-joker),
bids them with the rule-based player (a thrown-in deal is dealt again) and times ``dd.solve`` from
the first lead: median, p90 and worst, compiled core and (``--python-hands``) pure Python. The
issue's target: a six-card hand <= 2 ms median compiled.

The double deck (twelve tricks) is timed from its first lead on ``--double-hands`` hands (seconds
each, at times a minute: the advisor does not search it from there), and on ``--double-endings``
endings of 6, 7 and 8 tricks reached by the rule-based players (what the advisor searches: the last
``analysis.DD_TRICKS`` tricks).
"""

from __future__ import annotations

import argparse
import statistics
import time

from euchre_tutor.games.bid.advisor import dd
from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.engine import Deal, HandState, Phase, new_hand
from euchre_tutor.games.bid.rules import PRESETS
from euchre_tutor.games.bid.views import seat_view

PLAYER = RuleBasedPlayer()


def first_leads(preset: str, n: int, start: int = 0) -> list[HandState]:
    out: list[HandState] = []
    seed = start
    while len(out) < n:
        state = new_hand(Deal.from_seed(seed, "NESW"[seed % 4], PRESETS[preset]))
        seed += 1
        while state.phase not in (Phase.PLAY, Phase.OVER):
            assert state.to_act is not None
            state = state.apply(PLAYER.choose(seat_view(state, state.to_act)))
        if state.phase is Phase.PLAY:
            out.append(state)
    return out


def ending(state: HandState, tricks: int) -> HandState:
    while state.rules.hand_size - len(state.tricks) > tricks or state.trick_plays:
        assert state.to_act is not None
        state = state.apply(PLAYER.choose(seat_view(state, state.to_act)))
    return state


def timed(states: list[HandState], backend: str) -> list[float]:
    out = []
    for s in states:
        t = time.perf_counter()
        dd.solve(s, backend=backend)
        out.append(1000 * (time.perf_counter() - t))
    return out


def line(what: str, ms: list[float]) -> None:
    ms = sorted(ms)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    print(
        f"  {what:<44} n={len(ms):<5} median {statistics.median(ms):9.3f} ms  p90 {p90:9.3f} ms  worst {ms[-1]:10.3f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--python-hands", type=int, default=40)
    ap.add_argument("--double-hands", type=int, default=3)
    ap.add_argument("--double-endings", type=int, default=100)
    args = ap.parse_args()
    print(f"backends: {', '.join(dd.BACKENDS)}")
    print("six-card hands from the first lead:")
    every: dict[str, list[float]] = {b: [] for b in dd.BACKENDS}
    for preset in ("common", "nt-high-low", "kitty-joker"):
        states = first_leads(preset, args.hands)
        for backend in dd.BACKENDS:
            chosen = states if backend == "compiled" else states[: args.python_hands]
            if not chosen:
                continue
            ms = timed(chosen, backend)
            every[backend] += ms
            line(f"{preset} ({backend})", ms)
    for backend, ms in every.items():
        if ms:
            line(f"all six-card hands ({backend})", ms)
    fast = dd.BACKENDS[0]
    print(f"double deck ({fast}):")
    starts = first_leads("double-deck", max(args.double_hands, args.double_endings), start=10_000)
    for tricks in (6, 7, 8):
        line(
            f"endings of {tricks} tricks",
            timed([ending(s, tricks) for s in starts[: args.double_endings]], fast),
        )
    if args.double_hands:
        line("twelve tricks from the first lead", timed(starts[: args.double_hands], fast))


if __name__ == "__main__":
    main()
