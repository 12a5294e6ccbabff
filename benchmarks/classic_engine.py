"""Classic engine benchmark: random hands per second, and a long differential run.

Usage: ``python benchmarks/classic_engine.py [--seconds 3] [--differential 100000]``

1. Speed, all in the same run and the same way (random deal, uniformly random
   legal actions to the end of the hand):
   - OpenSpiel's C++ ``euchre`` driven from Python (its chance nodes drawn
     from ``legal_actions()`` like every other action);
   - our full engine (immutable states, events, checked actions);
   - our lean search path (``euchre_tutor.games.classic.engine.fast``: bitmasks, no events).
   It prints hands/s, µs per action and the ratios to OpenSpiel.
2. Differential: for ``--differential`` hands per OpenSpiel preset it forces
   identical deals into OpenSpiel and the full engine, compares who acts and the
   legal action sets at every step, the tricks and the returns; and replays the
   lean path's recorded actions into OpenSpiel the same way. It prints the
   counts of agreeing hands and stops at the first disagreement.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import pyspiel

from euchre_tutor.cards import deck
from euchre_tutor.games.classic.engine import fast
from euchre_tutor.games.classic.engine.engine import Deal, Seat, new_hand
from euchre_tutor.games.classic.engine.openspiel import action_id, card_id, chance_actions
from euchre_tutor.games.classic.rules import preset

PARAMS = {"openspiel": {}, "openspiel-lone-defender": {"allow_lone_defender": True}}


def bench_pyspiel(seconds: float, params: dict[str, bool]) -> tuple[float, float]:
    game = pyspiel.load_game("euchre", params)
    rng = random.Random(1)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            s = game.new_initial_state()
            while not s.is_terminal():
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
            hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / hands


def bench_full(seconds: float, name: str) -> tuple[float, float]:
    rules = preset(name)
    rng = random.Random(1)
    cards = list(deck())
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            rng.shuffle(cards)
            s = new_hand(Deal.from_order(cards, Seat(rng.randrange(4))), rules)
            while not s.is_over:
                legal = s.legal_actions()
                s = s.apply(legal[rng.randrange(len(legal))])
                actions += 1
            hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / hands


def bench_fast(seconds: float, name: str) -> float:
    fr = fast.FastRules(preset(name))
    rng = random.Random(1)
    random_hand = fast.random_hand
    hands = 0
    for _ in range(20000):  # warm the legal-card cache
        random_hand(fr, rng)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            random_hand(fr, rng)
        hands += 1000
    return hands / (time.perf_counter() - start)


def differential_full(name: str, count: int, seed: int) -> int:
    game = pyspiel.load_game("euchre", PARAMS[name])
    rules = preset(name)
    rng = random.Random(seed)
    cards = list(deck())
    for n in range(count):
        rng.shuffle(cards)
        deal = Deal.from_order(cards, Seat(rng.randrange(4)))
        ours = new_hand(deal, rules)
        theirs = game.new_initial_state()
        for a in chance_actions(deal):
            theirs.apply_action(a)
        while not ours.is_over:
            legal = {action_id(a, ours): a for a in ours.legal_actions()}
            if theirs.current_player() != int(ours.to_act or 0) or sorted(legal) != theirs.legal_actions():
                _fail(name, n, "legal actions or player differ", theirs)
            choice = rng.choice(sorted(legal))
            ours = ours.apply(legal[choice])
            theirs.apply_action(choice)
        pts = ours.points()
        if not theirs.is_terminal() or any(
            theirs.returns()[s] != pts[s % 2] - pts[1 - s % 2] for s in range(4)
        ):
            _fail(name, n, "returns differ", theirs)
        for mine, t in zip(ours.tricks, theirs.tricks(), strict=False):
            if t.winner() != int(mine.winner) or list(t.cards()) != [card_id(c) for c in mine.cards]:
                _fail(name, n, "tricks differ", theirs)
    return count


def differential_fast(name: str, count: int, seed: int) -> int:
    game = pyspiel.load_game("euchre", PARAMS[name])
    fr = fast.FastRules(preset(name))
    rng = random.Random(seed)
    cards = list(deck())
    for n in range(count):
        rng.shuffle(cards)
        deal = Deal.from_order(cards, Seat(rng.randrange(4)))
        masks = [sum(1 << card_id(c) for c in deal.hands[s]) for s in Seat]
        record: list[tuple[int, int, tuple[int, ...]]] = []
        pts = fast.random_hand(fr, rng, (int(deal.dealer), masks, card_id(deal.up)), record)
        theirs = game.new_initial_state()
        for a in chance_actions(deal):
            theirs.apply_action(a)
        for seat, code, legal in record:
            if theirs.current_player() != seat or sorted(legal) != theirs.legal_actions():
                _fail(name, n, "lean path: legal actions or player differ", theirs)
            theirs.apply_action(code)
        if not theirs.is_terminal() or any(
            theirs.returns()[s] != pts[s % 2] - pts[1 - s % 2] for s in range(4)
        ):
            _fail(name, n, "lean path: returns differ", theirs)
    return count


def _fail(name: str, n: int, what: str, state: object) -> None:
    print(f"DISAGREEMENT ({name}, hand {n}): {what}\n{state}", file=sys.stderr)
    sys.exit(1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per speed measurement")
    parser.add_argument(
        "--differential", type=int, default=100_000, help="hands per OpenSpiel preset to compare (0: skip)"
    )
    args = parser.parse_args()

    print(f"Random hands per second ({args.seconds:g} s each, one core, same run)")
    for name, params in PARAMS.items():
        os_rate, os_actions = bench_pyspiel(args.seconds, params)
        full_rate, full_actions = bench_full(args.seconds, name)
        fast_rate = bench_fast(args.seconds, name)
        print(f"  {name}:")
        print(
            f"    pyspiel (C++ from Python): {os_rate:9,.0f} hands/s "
            f"({os_actions:.1f} actions/hand incl. 22 chance, {1e6 / (os_rate * os_actions):.2f} µs/action)"
        )
        print(
            f"    full engine:               {full_rate:9,.0f} hands/s "
            f"({full_actions:.1f} actions/hand, {1e6 / (full_rate * full_actions):.2f} µs/action)"
            f"   ratio to pyspiel {full_rate / os_rate:.3f}"
        )
        print(
            f"    lean path (fast.py):       {fast_rate:9,.0f} hands/s   ratio to pyspiel {fast_rate / os_rate:.2f}"
        )
        sys.stdout.flush()

    if args.differential > 0:
        print(f"Differential against OpenSpiel: {args.differential:,} hands per preset")
        total = 0
        for i, name in enumerate(PARAMS):
            t = time.perf_counter()
            n_full = differential_full(name, args.differential, seed=1000 + i)
            n_fast = differential_fast(name, args.differential, seed=2000 + i)
            total += n_full + n_fast
            print(
                f"  {name}: full engine {n_full:,} hands agree; lean path {n_fast:,} hands agree "
                f"({time.perf_counter() - t:.0f} s)"
            )
            sys.stdout.flush()
        print(f"  all agree: {total:,} hands compared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
