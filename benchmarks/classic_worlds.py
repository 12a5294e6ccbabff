"""Speed of sample_worlds: n=200 worlds at the start of play (and after some tricks), standard rules.

Prints the best of several runs per position in CPU time (the machine is
shared: wall time there is mostly waiting) and the effective sample size, and which candidate draw
served (the compiled ``_worldfill`` or its pure-Python twin: both give the same worlds). Run:
``.venv/bin/python benchmarks/classic_worlds.py``.
"""

from __future__ import annotations

import random
import sys
import time

from euchre_tutor.games.classic.advisor.placement import BACKEND
from euchre_tutor.games.classic.advisor.worlds import WorldSampler
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Phase, new_hand
from euchre_tutor.games.classic.views import SeatView, seat_view


def _position(seed: int, tricks: int) -> SeatView | None:
    bot = RuleBasedPlayer()
    state: HandState = new_hand(Deal.from_seed(seed, "N"))
    while not state.is_over and not (state.phase is Phase.PLAY and len(state.tricks) >= tricks):
        assert state.to_act is not None
        state = state.apply(bot.choose(seat_view(state, state.to_act)))
    if state.to_act is None:
        return None  # passed out
    return seat_view(state, state.to_act)


def main(n: int = 200, seeds: int = 12, repeats: int = 3) -> None:
    print(f"candidate draw: {BACKEND}")
    for tricks in (0, 2):
        times: list[float] = []
        ess: list[float] = []
        for seed in range(seeds):
            view = _position(seed, tricks)
            if view is None or view.phase is not Phase.PLAY:
                continue
            best = float("inf")
            for _ in range(repeats):
                start = time.process_time()
                report = WorldSampler(view).report(n, random.Random(seed))
                best = min(best, time.process_time() - start)
            times.append(best * 1000)
            ess.append(report.ess)
        times.sort()
        print(
            f"n={n}, {tricks} tricks played, {len(times)} positions: median {times[len(times) // 2]:.1f} ms, "
            f"max {times[-1]:.1f} ms; effective sample size median {sorted(ess)[len(ess) // 2]:.0f} "
            f"of {report.candidates} candidates"
        )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
