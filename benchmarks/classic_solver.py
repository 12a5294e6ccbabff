"""Classic double-dummy solver benchmark: time per solve and per card_values call, and 200-world batches.

Usage: ``python benchmarks/classic_solver.py [--deals 100] [--python-deals 20] [--rules standard ...]``

Random deals are bid to the first lead by rule-based players (passed-out deals
are redealt), then played to the end by rule-based players; the state at the
first lead and at the start of every later trick is timed:

- ``solve`` (the makers' tricks with every card open) and ``card_values`` (one
  value per legal card of the seat to lead), one state per call, for the
  compiled core and the pure-Python backend (fewer deals: it is slower);
- batches of 200 states at the first lead (the advisor's worlds per decision):
  ``solve_many``, ``card_values_many`` and ``rollout_many``, conversion from
  HandState included.

It prints median / p90 / worst in milliseconds of CPU time (on a shared
machine, wall-clock figures mostly measure the other processes). Targets (issue 11): the compiled
solve from the first lead at four players <= 0.5 ms median; card values for 200
worlds well under 250 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Phase, new_hand, rules_seating
from euchre_tutor.games.classic.rules import ClassicRules, preset
from euchre_tutor.games.classic.views import seat_view

RULES: dict[str, ClassicRules] = {
    "standard": preset("standard"),
    "three-handed": preset("three-handed"),
    "six-handed": preset("six-handed"),
    "six-handed-2v2v2": preset("six-handed-2v2v2"),
    "joker-32": ClassicRules(deck=32, joker=True),
    "no-trump": ClassicRules(no_trump="high-low"),
}
PLAYER = RuleBasedPlayer()
BATCH = 200


def first_lead(rules: ClassicRules, rng: random.Random) -> HandState:
    seating = rules_seating(rules)
    while True:
        dealer = seating.seats[rng.randrange(seating.players)]
        deal = Deal.from_seed(
            rng.getrandbits(48), dealer, size=rules.deck, joker=rules.joker, seating=seating
        )
        state = new_hand(deal, rules)
        while state.phase is not Phase.PLAY and not state.is_over:
            assert state.to_act is not None
            state = state.apply(PLAYER.choose(seat_view(state, state.to_act)))
        if state.phase is Phase.PLAY:
            return state


def trick_starts(state: HandState) -> list[HandState]:
    """The state at the first lead and at the start of every later trick (rule-based play between)."""
    out = [state]
    while True:
        assert state.to_act is not None
        state = state.apply(PLAYER.choose(seat_view(state, state.to_act)))
        if state.phase is not Phase.PLAY:
            return out
        if not state.trick_plays:
            out.append(state)


def timed(fn: Callable[[], object]) -> float:
    """CPU milliseconds of one call (CPU time, not wall-clock: the machine may be shared)."""
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000.0


def figures(times: Sequence[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ordered):8.3f}  p90 {p90:8.3f}  worst {ordered[-1]:8.3f} ms  (n={len(ordered)})"


def per_call(name: str, deals: list[list[HandState]], backend: str) -> None:
    by_trick: dict[int, list[HandState]] = {}
    for starts in deals:
        for i, s in enumerate(starts):
            by_trick.setdefault(i + 1, []).append(s)
    for trick, states in sorted(by_trick.items()):
        solve = [timed(partial(dd.solve, s, backend=backend)) for s in states]
        values = [timed(partial(dd.card_values, s, backend=backend)) for s in states]
        print(f"  {name:17} {backend:8} trick {trick}  solve        {figures(solve)}")
        print(f"  {name:17} {backend:8} trick {trick}  card_values  {figures(values)}")


def batches(name: str, firsts: list[HandState], backend: str, rounds: int) -> None:
    pool = (firsts * (BATCH // max(1, len(firsts)) + 1))[: BATCH * rounds]
    groups = [pool[i * BATCH : (i + 1) * BATCH] for i in range(rounds)]
    groups = [g for g in groups if len(g) == BATCH] or [pool[:BATCH]]
    calls: tuple[tuple[str, Callable[..., object]], ...] = (
        ("solve_many", dd.solve_many),
        ("card_values_many", dd.card_values_many),
        ("rollout_many", dd.rollout_many),
    )
    for label, fn in calls:
        times = [timed(partial(fn, g, backend=backend)) for g in groups]
        print(f"  {name:17} {backend:8} {BATCH} worlds {label:17} {figures(times)}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals for the compiled core (default 200)")
    parser.add_argument(
        "--python-deals", type=int, default=30, help="deals for the Python backend (default 30)"
    )
    parser.add_argument("--rules", nargs="*", default=list(RULES), choices=list(RULES))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"backends available: {', '.join(dd.BACKENDS)} (default {dd.BACKEND})")
    for name in args.rules:
        rng = random.Random(f"{args.seed}:{name}")
        deals = [trick_starts(first_lead(RULES[name], rng)) for _ in range(args.deals)]
        firsts = [d[0] for d in deals]
        for backend in dd.BACKENDS:
            count = args.deals if backend == "compiled" else min(args.deals, args.python_deals)
            if name.startswith("six") and backend == "python":
                count = min(count, 10)
            if count < 1:
                continue
            per_call(name, deals[:count], backend)
            if backend == "compiled" or not name.startswith("six"):
                batches(
                    name,
                    firsts if backend == "compiled" else firsts[:count],
                    backend,
                    5 if backend == "compiled" else 1,
                )


if __name__ == "__main__":
    main()
