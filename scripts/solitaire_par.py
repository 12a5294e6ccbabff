"""Par for Euchre Solitaire, and the game-win table the score-aware advisor ships.

    python scripts/solitaire_par.py --deals 2000 --jobs 2            # solve, then report
    python scripts/solitaire_par.py --deals 2000 --write-table        # also rebuild the table

Step 1 solves ``--deals`` deals (``SolitaireDeal.from_seed(0..N-1)``) exactly:
every trump option's outcome distribution under EV-optimal play. Results are
cached one JSON line per deal in ``--cache`` (resumable). Step 2 reports:

* optimal play (the best of the 8 options, then optimal play): mean points
  per deal, outcome distribution, P(3+ tricks), P(winning a game to 10);
* a plain player ("trump by card points, lead high, trump when void"),
  played out on the same deals with the engine, for comparison;
* the game-win table W(player score, deck score): at each score the player
  takes, per deal, the option that maximises the chance to win the game,
  each option's outcome distribution being that of EV-optimal play (a
  documented simplification: within a deal, play stays points-optimal).
  Errors: bootstrap over deals (``--boot`` resamples), one standard error.

``--write-table`` writes ``euchre_tutor/games/solitaire/data/game_win.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from euchre_tutor.cards import Card, Suit, effective_suit, trick_power, trump_strength
from euchre_tutor.games.solitaire.advisor.positions import trump_choices, trump_option_values
from euchre_tutor.games.solitaire.advisor.solver import Solver
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Play, SolitaireDeal, new_deal
from euchre_tutor.games.solitaire.rules import SolitaireRules
from euchre_tutor.tricks.history import write_saved_file

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "euchre_tutor" / "games" / "solitaire" / "data" / "game_win.json"


def option_label(choice: OrderUp | NameTrump) -> str:
    base = "up" if isinstance(choice, OrderUp) else choice.suit.value
    return base + ("+alone" if choice.alone else "")


def solve_seed(seed: int) -> dict[str, object]:
    deal = SolitaireDeal.from_seed(seed)
    values = trump_option_values(deal.hand, deal.turn, deal.stock, solver=Solver())
    options = {}
    for choice, o in values.items():
        d = o.distribution
        options[option_label(choice)] = {
            "ev": float(o.ev),
            "p_euchred": float(sum(d[:3])),
            "p34": float(d[3] + d[4]),
            "p5": float(d[5]),
            "alone": choice.alone,
        }
    return {"seed": seed, "options": options, "plain": plain_player(deal)}


# ----------------------------------------------------------------- the plain player


def _card_points(card: Card, trump: Suit) -> int:
    """Trump by card points: right bower 13, left 12, A 11, K 10, Q 9, 10 7, 9 6; plain aces 4, kings 2."""
    if effective_suit(card, trump) is trump:
        return trump_strength(card, trump) - 3
    return {14: 4, 13: 2}.get(int(card.rank), 0)


def plain_player(deal: SolitaireDeal) -> int:
    """Tricks a plain player takes: best trump by card points, never alone, lead high, trump when void."""
    state = new_deal(deal, SolitaireRules())
    turn = deal.turn
    best: OrderUp | NameTrump | None = None
    best_points = -1
    for choice in trump_choices(turn):
        if choice.alone:
            continue
        trump = turn.suit if isinstance(choice, OrderUp) else choice.suit
        assert trump is not None
        pts = sum(_card_points(c, trump) for c in deal.hand)
        if pts > best_points:
            best, best_points = choice, pts
    assert best is not None
    state = state.apply(best)
    trump = state.trump
    assert trump is not None
    while not state.is_over:
        legal = state.legal_plays()
        if state.deck_lead is None:
            card = max(legal, key=lambda c: trick_power(c, trump, effective_suit(c, trump)))
        else:
            led = effective_suit(state.deck_lead, trump)
            winners = [
                c for c in legal if trick_power(c, trump, led) > trick_power(state.deck_lead, trump, led)
            ]
            if winners:  # the cheapest winner (a trump when void)
                card = min(winners, key=lambda c: trick_power(c, trump, led))
            else:
                card = min(legal, key=lambda c: (trick_power(c, trump, led), int(c.rank)))
        state = state.apply(Play(card))
    return state.tricks_won


# ----------------------------------------------------------------- aggregation

_NEXT = {  # outcome → (player points, deck points) for plain and alone
    False: (("p_euchred", 0, 2), ("p34", 1, 0), ("p5", 2, 0)),
    True: (("p_euchred", 0, 4), ("p34", 0, 4), ("p5", 4, 0)),
}


def game_table(records: list[dict[str, object]], target: int) -> list[list[float]]:
    """W[a][b]: chance the player wins the game from a:b, choosing each deal's option by W."""
    win = [[0.0] * target for _ in range(target)]

    def w(a: int, b: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return win[a][b]

    for total in range(2 * target - 2, -1, -1):
        for a in range(target):
            b = total - a
            if not 0 <= b < target:
                continue
            acc = 0.0
            for rec in records:
                options = rec["options"]
                assert isinstance(options, dict)
                acc += max(
                    sum(o[key] * w(a + pa, b + pb) for key, pa, pb in _NEXT[o["alone"]])
                    for o in options.values()
                )
            win[a][b] = acc / len(records)
    return win


def report(records: list[dict[str, object]], target: int, boot: int) -> dict[str, object]:
    n = len(records)
    best_ev: list[float] = []
    p3 = p5 = peu = palone = 0.0
    by_points = {-4: 0.0, -2: 0.0, 1: 0.0, 2: 0.0, 4: 0.0}
    for rec in records:
        options = rec["options"]
        assert isinstance(options, dict)
        o = max(options.values(), key=lambda v: (v["ev"], v["p5"], v["p34"] + v["p5"]))
        best_ev.append(o["ev"])
        if o["alone"]:
            by_points[4] += o["p5"] / n
            by_points[-4] += (1 - o["p5"]) / n
        else:
            by_points[2] += o["p5"] / n
            by_points[1] += o["p34"] / n
            by_points[-2] += o["p_euchred"] / n
        if o["alone"]:
            palone += 1
        p3 += o["p34"] + o["p5"]
        p5 += o["p5"]
        peu += o["p_euchred"]
    plain = [int(rec["plain"]) for rec in records]  # type: ignore[call-overload]
    table = game_table(records, target)
    rng = random.Random(1)
    boots = [game_table([rng.choice(records) for _ in range(n)], target) for _ in range(boot)]
    err = [
        [statistics.pstdev(b[a][d] for b in boots) if boots else 0.0 for d in range(target)]
        for a in range(target)
    ]
    sd = statistics.pstdev(best_ev)
    return {
        "deals": n,
        "mean_points": statistics.fmean(best_ev),
        "mean_points_se": sd / n**0.5,
        "points_distribution": by_points,
        "p3": p3 / n,
        "p5": p5 / n,
        "p_euchred": peu / n,
        "share_alone": palone / n,
        "plain_p3": sum(t >= 3 for t in plain) / n,
        "plain_p5": sum(t == 5 for t in plain) / n,
        "p_win_game": table[0][0],
        "p_win_game_se": err[0][0],
        "table": table,
        "table_se": err,
        "table_max_se": max(max(row) for row in err),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cache", type=Path, default=ROOT / "artifacts" / "solitaire_par.jsonl")
    parser.add_argument("--target", type=int, default=10)
    parser.add_argument("--boot", type=int, default=50, help="bootstrap resamples for the table's errors")
    parser.add_argument("--write-table", action="store_true")
    args = parser.parse_args(argv)
    args.cache.parent.mkdir(parents=True, exist_ok=True)
    done: dict[int, dict[str, object]] = {}
    if args.cache.exists():
        for line in args.cache.read_text().splitlines():
            rec = json.loads(line)
            done[rec["seed"]] = rec
    todo = [s for s in range(args.deals) if s not in done]
    with args.cache.open("a") as out:
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                for rec in pool.map(solve_seed, todo, chunksize=4):
                    out.write(json.dumps(rec) + "\n")
                    out.flush()
                    done[int(rec["seed"])] = rec  # type: ignore[call-overload]
        else:
            for seed in todo:
                rec = solve_seed(seed)
                out.write(json.dumps(rec) + "\n")
                out.flush()
                done[seed] = rec
    records = [done[s] for s in range(args.deals)]
    rep = report(records, args.target, args.boot)
    print(f"deals solved exactly:      {rep['deals']}")
    print(f"optimal play, points/deal: {rep['mean_points']:+.3f} ± {rep['mean_points_se']:.3f}")
    print(f"  P(3+ tricks)  {rep['p3']:.3f}   P(march) {rep['p5']:.3f}   P(euchred) {rep['p_euchred']:.3f}")
    print(f"  alone chosen in {rep['share_alone']:.1%} of deals")
    dist = rep["points_distribution"]
    assert isinstance(dist, dict)
    print("  points per deal: " + "  ".join(f"{k:+d}: {v:.3f}" for k, v in sorted(dist.items())))
    print(f"  P(win a game to {args.target}) from 0:0: {rep['p_win_game']:.3f} ± {rep['p_win_game_se']:.3f}")
    print(
        f"plain player (card points, lead high, trump when void): P(3+) {rep['plain_p3']:.3f}, "
        f"P(march) {rep['plain_p5']:.3f}"
    )
    print(f"game-win table: largest bootstrap standard error {rep['table_max_se']:.3f}")
    if args.write_table:
        data = {
            "description": (
                "Estimated chance that the player wins a Euchre Solitaire game, by score "
                "(player, deck), choosing each deal's trump option to maximise it with EV-optimal "
                "play inside the deal. An estimate from exactly solved sample deals; "
                "se is one bootstrap standard error."
            ),
            "estimate": True,
            "target": args.target,
            "deals": rep["deals"],
            "rebuild": "python scripts/solitaire_par.py --deals N --jobs 2 --write-table",
            "win": [[round(x, 5) for x in row] for row in rep["table"]],  # type: ignore[attr-defined]
            "se": [[round(x, 5) for x in row] for row in rep["table_se"]],  # type: ignore[attr-defined]
        }
        TABLE.parent.mkdir(parents=True, exist_ok=True)
        write_saved_file(TABLE, json.dumps(data, indent=1) + "\n", "table")  # atomically, as saves are
        print(f"wrote {TABLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
